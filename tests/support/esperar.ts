/**
 * Waiting for a condition instead of sleeping: `hasta(cond, que)` looks again after a short pause (a tight loop
 * of reads would compete for the database with the work it waits for) until `cond` holds, and a wait that
 * never ends fails naming what it waited for, well before the test's own timeout. The one home of this loop
 * for the integration tests (batches, jobs, the move, the keychain's files).
 */
export const ESPERA_MAXIMA_MS = 30_000;

const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function hasta(cond: () => boolean | Promise<boolean>, que: string, { maximoMs = ESPERA_MAXIMA_MS, cadaMs = 2 } = {}): Promise<void> {
  const limite = performance.now() + maximoMs;
  while (!(await cond())) {
    if (performance.now() > limite) throw new Error(`no ocurrió en ${maximoMs / 1000} s: ${que}`);
    await pausa(cadaMs);
  }
}
