/**
 * What every area's operations share: the one error wrapper (a failure becomes the screen's message) and the
 * normalisation of optional text input (values read from rows: ./filas.ts). Sessions are not here: operations get theirs resolved
 * (SignedIn, ./session.ts).
 */
import { AppError } from '../errors';

/**
 * Runs `work` and turns an unexpected failure into the screen's §8 message. Errors a person must read as
 * they are (validation from the database's own checks, not found, conflicts, auth) pass through.
 */
export async function conMensaje<T>(mensaje: string, work: () => Promise<T>, log?: (m: string, e?: unknown) => void): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (AppError.is(error) && error.code !== 'internal' && error.code !== 'unavailable') throw error;
    log?.(mensaje, error);
    throw new AppError(AppError.is(error) ? error.code : 'internal', mensaje);
  }
}

/**
 * An area's check that what a repository answered is there: null or false (nothing matched the id) becomes
 * 'not_found' with the area's message (or the one given); anything else is answered as it is.
 */
export const exigirExiste =
  (noEncontrado: string) =>
  <T>(valor: T | null | false, mensaje: string = noEncontrado): T => {
    if (!valor) throw new AppError('not_found', mensaje);
    return valor;
  };

/** Runs `work`; the database's conflict on a unique key becomes the form's own message. */
export async function sinDuplicado<T>(mensaje: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw AppError.is(e) && e.code === 'conflict' ? new AppError('conflict', mensaje) : e;
  }
}

/** Empty strings become null for optional text columns. */
export const textoONull = (v: string | null | undefined): string | null => {
  if (v === null || v === undefined) return null;
  const s = v.trim();
  return s === '' ? null : s;
};

export function hexAleatorio(bytes: number): string {
  const b = globalThis.crypto.getRandomValues(new Uint8Array(bytes));
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}
