import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '../auth/rules';
import { configuracion as t } from "./texts";

/**
 * Local preferences (part 3 §3 and §2.5): dark mode, accent colour and whether the header notifications
 * are shown. They live in the browser's localStorage, never on the server, and are not secrets.
 */
export const ACCENT_COLORS = ['red', 'green', 'blue', 'purple', 'orange', 'pink', 'indigo', 'teal', 'yellow', 'slate'] as const;
export type AccentColor = (typeof ACCENT_COLORS)[number];

export interface Preferencias {
  darkMode: boolean;
  accentColor: AccentColor;
  /** Header notifications on (default) or off. */
  notificaciones: boolean;
}

export const DEFAULT_PREFERENCIAS: Preferencias = { darkMode: false, accentColor: 'green', notificaciones: true };

export const PREFERENCIAS_STORAGE_KEY = 'consola.preferencias';

export function isAccentColor(value: unknown): value is AccentColor {
  return typeof value === 'string' && (ACCENT_COLORS as readonly string[]).includes(value);
}

/** Reads the stored JSON; anything missing or malformed falls back to the default, field by field. */
export function parsePreferencias(raw: string | null | undefined): Preferencias {
  if (!raw) return { ...DEFAULT_PREFERENCIAS };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ...DEFAULT_PREFERENCIAS };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ...DEFAULT_PREFERENCIAS };
  const v = value as Record<string, unknown>;
  return {
    darkMode: typeof v.darkMode === 'boolean' ? v.darkMode : DEFAULT_PREFERENCIAS.darkMode,
    accentColor: isAccentColor(v.accentColor) ? v.accentColor : DEFAULT_PREFERENCIAS.accentColor,
    notificaciones: typeof v.notificaciones === 'boolean' ? v.notificaciones : DEFAULT_PREFERENCIAS.notificaciones,
  };
}

export function serializePreferencias(p: Preferencias): string {
  return JSON.stringify({ darkMode: p.darkMode, accentColor: p.accentColor, notificaciones: p.notificaciones });
}

/** The three fields of the change-password dialog, as the contract receives them. */
export const cambioContrasena = z.object({ actual: z.string().max(200), nueva: z.string().max(200), confirmacion: z.string().max(200) });
export type CambioContrasena = z.infer<typeof cambioContrasena>;

/**
 * The change-password form rules (part 3 §2.8, §5), in the order the dialog and the api check them.
 * Returns the first message, or null when the change may be sent.
 */
export function problemaCambioContrasena({ actual, nueva, confirmacion }: CambioContrasena): string | null {
  if (!actual || !nueva || !confirmacion) return t.camposRequeridos;
  if (nueva !== confirmacion) return t.nuevasNoCoinciden;
  if (nueva.length < PASSWORD_MIN_LENGTH) return t.minimoNueva;
  return passwordProblem(nueva);
}

/** The live match indicator: null while the confirmation is empty. */
export function indicadorCoincidencia(nueva: string, confirmacion: string): { coinciden: boolean; texto: string } | null {
  if (!confirmacion) return null;
  const coinciden = nueva === confirmacion;
  return { coinciden, texto: coinciden ? t.coinciden : t.noCoinciden };
}

/** Submit is enabled only when every field is filled, the new password is valid and both match. */
export function puedeEnviarCambio(form: CambioContrasena): boolean {
  return problemaCambioContrasena(form) === null;
}
