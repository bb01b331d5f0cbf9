/**
 * The schema version a hosted project must have for this console (issue 22): what 'Probar conexión', 'Guardar y
 * reconectar' and 'Mover a Supabase' ask the project through `public.consola_version_esquema()`, the one function
 * the anon key may run for the check (every table is closed to anon). It answers the newest migration applied
 * (its 14-digit timestamp); a project below this one needs `supabase db push`.
 */
export const FUNCION_VERSION_ESQUEMA = 'consola_version_esquema';

/**
 * The newest migration the console cannot work without. Raise it (to that migration's timestamp) when a change
 * needs a migration on the project; most migrations need not.
 */
export const VERSION_ESQUEMA_REQUERIDA = '20261129000100';

/** True when a version answered by the project is a migration timestamp at or after the required one. */
export function esquemaAlDia(version: unknown): boolean {
  return typeof version === 'string' && /^\d{14}$/.test(version) && version >= VERSION_ESQUEMA_REQUERIDA;
}
