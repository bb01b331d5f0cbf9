// The area's operations: op(answerSchema)(inputSchema). See ../../contract/define.ts.
/**
 * Configuración → Actividad (issue 27): the audit trail, administrators only (auditoria_buscar starts with
 * exigir_admin). Rows are written in SQL by triggers and public.auditar; nothing here writes one except the
 * export's own row.
 */
import { z } from 'zod';
import { op } from '../../operaciones/define';
import { paginaDe } from '../../operaciones/campos';
import { auditoria as t } from './texts';

export const filaAuditoriaSchema = z.object({
  id: z.string(),
  fecha: z.string(),
  actorId: z.string().nullable(),
  persona: z.string().nullable(),
  email: z.string().nullable(),
  accion: z.string(),
  objeto: z.string().nullable(),
  detalle: z.record(z.string(), z.unknown()),
  direccion: z.string().nullable(),
});
export type FilaAuditoria = z.infer<typeof filaAuditoriaSchema>;

const fecha = z.string().datetime({ offset: true, message: t.fechasInvalidas }).optional();

export const filtrosAuditoria = z
  .object({
    persona: z.string().trim().max(200).optional(),
    accion: z.string().trim().max(100).regex(/^[a-z0-9_.]*$/, t.errorCargar).optional(),
    desde: fecha,
    hasta: fecha,
  })
  .refine((f) => !f.desde || !f.hasta || f.desde < f.hasta, { message: t.fechasInvalidas });
export type FiltrosAuditoria = z.input<typeof filtrosAuditoria>;

export const auditoria = {
  buscar: op(paginaDe(filaAuditoriaSchema))(
    z.object({ filtros: filtrosAuditoria, pagina: z.number().int().min(0).max(100_000).default(0), porPagina: z.number().int().min(1).max(200).default(50) }),
  ),
  /** The filtered rows as CSV text (up to 10,000, newest first); recorded as an export itself. */
  exportarCsv: op(z.object({ csv: z.string(), filas: z.number() }))(z.object({ filtros: filtrosAuditoria })),
} as const;
