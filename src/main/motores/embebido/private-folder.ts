/**
 * The data folder (the embedded database, files, settings) belongs to the user alone: folders 0700, files
 * without any group or other permission. PGlite's files come out 0666 (its Emscripten file system sets
 * modes itself, past the process umask), and folders made by older versions may be open too, so the whole
 * folder is tightened on every start, before the database opens; PrivateNodeFS (private-node-fs.ts, in the
 * database's worker) then keeps the files PGlite creates afterwards private. Windows has no such modes (chmod only toggles read-only): nothing to do there.
 */
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The group and other bits: none of them on anything in the data folder. */
export const OWNER_ONLY = 0o077;
export const applies = process.platform !== 'win32';

/**
 * Folders become 0700; files lose every group and other bit (0666 → 0600), keeping the owner's own. Symbolic
 * links are neither followed nor changed: only what is inside the folder is touched.
 */
export function makeFolderPrivate(dir: string): void {
  if (!applies) return;
  const tighten = (path: string) => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // removed meanwhile: nothing to protect
      throw error;
    }
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
      for (const entry of readdirSync(path)) tighten(join(path, entry));
    } else if (stat.mode & OWNER_ONLY) {
      chmodSync(path, stat.mode & 0o700);
    }
  };
  tighten(dir);
}

/**
 * Files and folders this process creates from now on get no group or other permission. Only the main thread
 * of a process may change it (Node refuses in worker threads); the umask is the process's, so it also holds
 * for files the PGlite worker opens through Node. Called by the entry points (the process is ours), never by a
 * library: a test runner's umask is not ours to change.
 */
export function restrictNewFiles(): void {
  if (!applies) return;
  try {
    process.umask(OWNER_ONLY);
  } catch {
    // A worker thread: the process's main thread decides.
  }
}
