// The area's operations: op(answerSchema)(inputSchema). See ../../contract/define.ts.
/**
 * Configuración → Seguridad (issue 27): the signed-in operator's second factor and open sessions, and the
 * agency's rule that administrators use it. The rules live in SQL (exigir_admin, sesiones_*) and in the
 * backend's auth (embedded: TOTP in SQL and the keychain; hosted: Supabase Auth MFA).
 */
import { z } from 'zod';
import { nada, op } from '../../operaciones/define';
import { seguridad as t } from './texts';

/** A code from the app (6 digits, spaces allowed) or a recovery code (xxxxx-xxxxx). */
export const codigoSchema = z
  .string()
  .trim()
  .min(1, t.codigoVacio)
  .max(20, t.codigoFormato)
  .refine((v) => /^\d{3}\s?\d{3}$/.test(v) || /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(v), t.codigoFormato);

export const estadoSeguridadSchema = z.object({
  dosPasos: z.boolean(),
  /** Recovery codes left (embedded); null where the provider does not say. */
  codigosRestantes: z.number().nullable(),
  /** The agency's rule: administrators must use the second factor. */
  exigirAdmin: z.boolean(),
  /** This session verified a second factor. */
  aal2: z.boolean(),
  disponible: z.boolean(),
  /**
   * What saves an operator who lost his phone: 'codigos' = his recovery codes (embedded); 'administrador' = an
   * administrator resets his factor (hosted: Supabase Auth gives no recovery codes).
   */
  recuperacion: z.enum(['codigos', 'administrador']),
});
export type EstadoSeguridad = z.infer<typeof estadoSeguridadSchema>;

export const inscripcionSchema = z.object({
  /** The otpauth:// URI; the screen draws it as a QR code itself (the qrcode library, no outside service). */
  uri: z.string(),
  /** The base32 secret, for typing it in by hand. Shown once, to the operator enrolling, never stored in clear. */
  secreto: z.string(),
  factorId: z.string().optional(),
});
export type Inscripcion = z.infer<typeof inscripcionSchema>;

export const sesionSchema = z.object({
  id: z.string(),
  operadorId: z.string(),
  operadorNombre: z.string().nullable(),
  creada: z.string().nullable(),
  ultimoUso: z.string().nullable(),
  dispositivo: z.string(),
  direccion: z.string().nullable(),
  aal2: z.boolean(),
  actual: z.boolean(),
});
export type Sesion = z.infer<typeof sesionSchema>;

const uuid = z.string().uuid(t.sesionYaCerrada);

export const seguridad = {
  estado: op(estadoSeguridadSchema)(z.object({})),
  iniciarDosPasos: op(inscripcionSchema)(z.object({})),
  confirmarDosPasos: op(z.object({ codigosRecuperacion: z.array(z.string()) }))(z.object({ codigo: codigoSchema, factorId: z.string().max(100).optional() })),
  desactivarDosPasos: op(nada)(z.object({ codigo: codigoSchema })),
  /** Administrators only (exigir_admin); turning it on needs the caller's own second factor. */
  exigirAdmin: op(nada)(z.object({ exigir: z.boolean() })),
  /** Own sessions; an administrator may name an operator (`operadorId`). */
  sesiones: op(z.array(sesionSchema))(z.object({ operadorId: z.string().uuid().optional() })),
  cerrarSesion: op(nada)(z.object({ id: uuid })),
  cerrarOtras: op(z.object({ cerradas: z.number() }))(z.object({})),
  /**
   * Administrators only (seguridad_restablecer_dos_pasos decides, in SQL): removes another operator's second
   * factor (he lost his phone), audited. He then signs in with his password alone and enrols again.
   */
  restablecerDosPasos: op(nada)(z.object({ operadorId: z.string().uuid(t.operadorNoExiste) })),
} as const;
