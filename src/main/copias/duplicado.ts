/**
 * A backup that does not hold the app (issue 25). PGlite is ONE connection: a dump that reads every table inside
 * one transaction on it makes every other statement wait for the whole dump (minutes at scale). PGlite offers no
 * second session, no exported snapshot, and its own dumpDataDir/pg_dump also run on that one connection.
 *
 * What it does offer: between two statements its data folder on disk is a crash-consistent image (PGlite writes
 * through to the files synchronously; WAL holds every commit). So the folder is duplicated in passes, and the app
 * is held only for the last one:
 *   1. CHECKPOINT (one ordinary statement), so the duplicate replays little WAL when it opens;
 *   2. every file copied while the app goes on (a fuzzy copy);
 *   3. the files changed meanwhile copied again, still while the app goes on;
 *   4. inside a transaction that holds the connection (nothing else runs): the few files changed since, and the
 *      ones that disappeared, so the duplicate is exactly the folder at that instant.
 * A second PGlite worker then opens the duplicate (recovering as after a crash) and the dump reads it in its own
 * repeatable-read transaction, as long as it takes, while the app's connection is free.
 *
 * A file counts as unchanged when its size, inode, mtime and ctime are those seen before it was copied, and that
 * stamp was older than MARGEN_NS at the time: a write in the same clock tick as the look could leave the stamp
 * unchanged, so a file stamped just before the look is copied again.
 */
import { constants } from 'node:fs';
import { copyFile, lstat, mkdir, readdir, rm, unlink } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';
import { openPgliteWorker, type BaseEmbebida } from '../motores/embebido/pglite-worker-client';

/** How close to the look a stamp is taken as possibly stale (file-system clocks tick every few ms at most). */
const MARGEN_NS = 200_000_000n;

interface Visto {
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
  /** Wall clock when it was looked at. */
  vistoNs: bigint;
}

export interface OpcionesDuplicado {
  señal?: AbortSignal;
  /** Bytes copied so far by the pass under way, and that pass's total. */
  progreso?: (hechos: number, total: number) => void;
  /** Longest time the app was held (the last pass), reported for the bench. */
  retenido?: (ms: number) => void;
}

const ahoraNs = () => BigInt(Date.now()) * 1_000_000n;

const cancelada = (señal?: AbortSignal) => {
  if (señal?.aborted) throw new AppError('cancelled', es.datos.cancelada);
};

/**
 * Folders and regular files under `carpeta`, as relative paths. Empty folders count (PostgreSQL needs pg_tblspc,
 * pg_notify… even empty), and so does postmaster.pid: PGlite's is a fixed stand-in (pid -42) it expects to find.
 */
async function contenidoDe(carpeta: string): Promise<{ carpetas: string[]; archivos: string[] }> {
  const entradas = await readdir(carpeta, { recursive: true, withFileTypes: true });
  const rel = (e: (typeof entradas)[number]) => relative(carpeta, join(e.parentPath ?? (e as unknown as { path: string }).path, e.name));
  return { carpetas: entradas.filter((e) => e.isDirectory()).map(rel), archivos: entradas.filter((e) => e.isFile()).map(rel) };
}

/** One pass: copies what changed since `vistos` says (everything the first time); answers the bytes copied. */
async function pasada(origen: string, destino: string, vistos: Map<string, Visto>, opciones: OpcionesDuplicado): Promise<number> {
  const { carpetas, archivos: presentes } = await contenidoDe(origen);
  for (const rel of carpetas) await mkdir(join(destino, rel), { recursive: true, mode: 0o700 });
  const copiar: { rel: string; visto: Visto }[] = [];
  let total = 0;
  for (const rel of presentes) {
    const vistoNs = ahoraNs();
    let info;
    try {
      info = await lstat(join(origen, rel), { bigint: true });
    } catch {
      continue; // gone since the listing: the next pass removes it from the duplicate
    }
    const visto: Visto = { ino: info.ino, size: info.size, mtimeNs: info.mtimeNs, ctimeNs: info.ctimeNs, vistoNs };
    const previo = vistos.get(rel);
    const sellado = previo ? (previo.mtimeNs > previo.ctimeNs ? previo.mtimeNs : previo.ctimeNs) : 0n;
    const igual =
      previo !== undefined &&
      previo.ino === visto.ino &&
      previo.size === visto.size &&
      previo.mtimeNs === visto.mtimeNs &&
      previo.ctimeNs === visto.ctimeNs &&
      previo.vistoNs - sellado > MARGEN_NS;
    if (igual) continue;
    copiar.push({ rel, visto });
    total += Number(visto.size);
  }
  const siguen = new Set(presentes);
  for (const rel of [...vistos.keys()]) {
    if (siguen.has(rel)) continue;
    await unlink(join(destino, rel)).catch(() => undefined);
    vistos.delete(rel);
  }
  let hechos = 0;
  for (const { rel, visto } of copiar) {
    cancelada(opciones.señal);
    const hacia = join(destino, rel);
    await mkdir(dirname(hacia), { recursive: true, mode: 0o700 });
    try {
      // COPYFILE_FICLONE: a reflink where the file system has them (Btrfs, XFS, APFS), a plain copy elsewhere.
      await copyFile(join(origen, rel), hacia, constants.COPYFILE_FICLONE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      vistos.delete(rel);
      continue;
    }
    vistos.set(rel, visto);
    hechos += Number(visto.size);
    opciones.progreso?.(hechos, total);
  }
  return hechos;
}

/**
 * Duplicates the folder `origen` of the open database `db` into `destino` (replaced) without holding `db` longer
 * than the last pass, opens the duplicate in its own worker and hands it to `usar`; closes and removes it after.
 */
export async function conDuplicado<T>(
  db: BaseEmbebida,
  origen: string,
  destino: string,
  usar: (duplicado: BaseEmbebida) => Promise<T>,
  opciones: OpcionesDuplicado = {},
): Promise<T> {
  await rm(destino, { recursive: true, force: true });
  await mkdir(destino, { recursive: true, mode: 0o700 });
  let duplicado: BaseEmbebida | null = null;
  try {
    await db.exec('checkpoint');
    const vistos = new Map<string, Visto>();
    await pasada(origen, destino, vistos, opciones);
    cancelada(opciones.señal);
    await pasada(origen, destino, vistos, opciones);
    cancelada(opciones.señal);
    // The only moment the app waits: nothing runs on its connection while the last changes are copied.
    await db.transaccion(async () => {
      const desde = performance.now();
      await pasada(origen, destino, vistos, {});
      opciones.retenido?.(performance.now() - desde);
    });
    cancelada(opciones.señal);
    duplicado = await openPgliteWorker({ dataDir: destino });
    return await usar(duplicado);
  } finally {
    await duplicado?.cerrar().catch(() => undefined);
    await rm(destino, { recursive: true, force: true }).catch(() => undefined);
  }
}
