/**
 * What only the app knows (sign-ins, restores, moves, secret rotations, Conexión changes, exports) reaches the
 * audit trail through ONE SQL function, public.auditar(accion, objeto, detalle), called as the operator who did
 * it (the database takes his name from the claims and cleans the detail of anything secret). The action has
 * already happened when this runs: a failure to record it is logged, never undone or shown as the action's.
 */
import type { DataPort } from '../../ports';

export async function auditar(
  data: DataPort | null | undefined,
  accion: string,
  objeto: string | null = null,
  detalle: Record<string, unknown> = {},
  log: (message: string, error?: unknown) => void = () => {},
): Promise<void> {
  if (!data) return;
  try {
    await data.run({ kind: 'rpc', fn: 'auditar', args: { p_accion: accion, p_objeto: objeto, p_detalle: detalle } });
  } catch (error) {
    log(`No se pudo registrar la actividad ${accion}`, error);
  }
}
