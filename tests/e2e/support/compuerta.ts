/**
 * An explicit gate instead of a pause: a stand-in server holds its answers until the spec has seen what a
 * person would see meanwhile (a batch in progress), then opens it.
 */
export interface Compuerta {
  /** Resolves once the gate is open (at once, if it already is). */
  readonly abierta: Promise<void>;
  abrir(): void;
}

export function compuerta(): Compuerta {
  let abrir!: () => void;
  const abierta = new Promise<void>((r) => (abrir = r));
  return { abierta, abrir };
}
