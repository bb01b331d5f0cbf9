/** zod pieces several areas' contracts share (ids, optional dates and texts, a named record, a page of rows, a rule that answers its message). */
import { z } from 'zod';

export const id = z.string().uuid();

/** An optional calendar date 'YYYY-MM-DD' (null or absent: no date). */
export const fecha = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .nullable()
  .optional();

export const textoOpcional = z.string().trim().max(2000).nullable().optional();

/** What a company's and a project's answer open with: the uuid, the name and the description, if any. */
export const registroConNombre = z.object({ id: z.string(), nombre: z.string(), descripcion: z.string().nullable() });

/** One page of a list: its rows and how many rows match in all. */
export const paginaDe = <F extends z.ZodType>(fila: F) => z.object({ total: z.number(), filas: z.array(fila) });

/** A text checked by a rule shared with the form: the rule answers the Spanish message, or null when valid. */
export const conRegla = (regla: (v: string) => string | null) =>
  z.string().superRefine((v, ctx) => {
    const problema = regla(v);
    if (problema) ctx.addIssue({ code: 'custom', message: problema });
  });
