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
