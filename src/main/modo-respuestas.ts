/**
 * Whether the api checks every answer against its contract schema (src/shared/operaciones/respuestas.ts). On under
 * vitest and in development; off in a production build (electron-vite replaces import.meta.env.PROD at build
 * time), unless CONSOLA_COMPROBAR_RESPUESTAS=1 asks for it: the e2e suite sets it, so the served build that
 * Playwright drives checks its answers too.
 */
export function comprobarRespuestas(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.CONSOLA_COMPROBAR_RESPUESTAS === '1') return true;
  if (env.CONSOLA_COMPROBAR_RESPUESTAS === '0') return false;
  return !import.meta.env.PROD;
}
