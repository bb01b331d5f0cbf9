// The area's operations: op(answerSchema)(inputSchema). See ../../contract/define.ts.
/**
 * Configuración → Operadores (issue 14, part 2): administrators only. Each operation asks the database first
 * (the operadores_* SQL functions check that the caller is an active administrator, SQLSTATE 42501 →
 * es.errores.sinPermiso), so the rule holds for any client, not just this screen.
 */
import { z } from 'zod';
import { nada, op } from '../../operaciones/define';
import { id } from '../../operaciones/campos';
import { EMAIL_MAX, NOMBRE_MAX } from '../auth/contract';
import { ROLES } from '../../ports/operador';
import { operadores as t } from './texts';

const rol = z.enum(ROLES);
const email = z.string().trim().max(EMAIL_MAX, t.emailInvalido).email(t.emailInvalido);

/** One row of the list: an operator, or an e-mail authorised and not used yet (`pendiente`, no id). */
export const filaOperadorSchema = z.object({
  id: z.string().nullable(),
  nombre: z.string(),
  email: z.string(),
  rol,
  activo: z.boolean(),
  /** ISO timestamp of the last sign-in, null when never. */
  ultimoAcceso: z.string().nullable(),
  createdAt: z.string(),
  pendiente: z.boolean(),
});
export type FilaOperador = z.infer<typeof filaOperadorSchema>;

/**
 * What adding answers. `contrasena`: the one-time password (embedded database), shown once and never stored
 * in clear; null when the person keeps his own (an existing auth user) or is invited. `pendiente`: hosted
 * Supabase, the e-mail is authorised and the person still has to be invited from Supabase's dashboard.
 */
export const resultadoAgregarSchema = z.object({
  email: z.string(),
  pendiente: z.boolean(),
  contrasena: z.string().nullable(),
});
export type ResultadoAgregar = z.infer<typeof resultadoAgregarSchema>;

export const contrasenaNuevaSchema = z.object({ contrasena: z.string() });
export type ContrasenaNueva = z.infer<typeof contrasenaNuevaSchema>;

const nuevoOperador = z.object({
  email,
  nombre: z.string().trim().min(1, t.nombreObligatorio).max(NOMBRE_MAX, t.nombreDemasiadoLargo),
  rol,
});
/** What the add form sends (also its values). */
export type NuevoOperador = z.input<typeof nuevoOperador>;

export const operadores = {
  listar: op(z.array(filaOperadorSchema))(z.object({})),
  agregar: op(resultadoAgregarSchema)(nuevoOperador),
  cambiarRol: op(nada)(z.object({ id, rol })),
  /** Ends the operator's sessions at once (embedded); on hosted Supabase his next request is refused. */
  desactivar: op(nada)(z.object({ id })),
  reactivar: op(nada)(z.object({ id })),
  /** A new one-time password (embedded database); the old one and the operator's sessions end. */
  restablecerContrasena: op(contrasenaNuevaSchema)(z.object({ id })),
  /** Withdraws an authorised e-mail nobody has used yet. */
  cancelarInvitacion: op(nada)(z.object({ email })),
} as const;
