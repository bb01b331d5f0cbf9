/** What every part of the seed works with: the open transaction, the one PRNG, and the instant it is relative to. */
import type { SqlQueryable } from '../../../../shared/ports/sql';
import type { Rng } from './rng';

export interface Escala {
  clientes: number;
  llamadas: number;
  mensajes: number;
}

export interface Siembra {
  /** The seed's one transaction (as the database owner: policies do not apply). */
  tx: SqlQueryable;
  /**
   * The one PRNG. Its draws are shared by every part in the order seedDemoData calls them: drawing one more
   * or one fewer anywhere changes every value seeded after it.
   */
  rng: Rng;
  /** The instant the demo data is relative to, and the start of its day in Bogotá. */
  nowMs: number;
  today: number;
  escala: Escala;
}

const BATCH = 20_000;

/** Runs `run` over [from, to) slices of at most `size` rows: one multi-row INSERT per slice. */
export async function insertBatches(total: number, run: (from: number, to: number) => Promise<void>, size = BATCH): Promise<void> {
  for (let from = 0; from < total; from += size) await run(from, Math.min(total, from + size));
}
