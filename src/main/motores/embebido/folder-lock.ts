/**
 * One process owns an embedded data folder. The lock is a file created exclusively ('wx') holding the
 * owner's pid; a lock left by a process that no longer exists (a crash, a forced kill) is taken over.
 * (Electron adds its single-instance lock on top; this one also covers the served web build and tests.)
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../../shared/errors';
import { es } from '../../../shared/i18n/es';

export interface FolderLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Folders this process holds, so a lock file with our own pid is told apart from a reused pid. */
const heldHere = new Set<string>();

export function acquireFolderLock(dataDir: string): FolderLock {
  const file = join(dataDir, '.consola.lock');
  if (heldHere.has(file)) throw new AppError('conflict', es.errores.baseDeDatosEnUso(dataDir));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(file);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldHere.delete(file);
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (owner !== process.pid && isAlive(owner)) {
        throw new AppError('conflict', es.errores.baseDeDatosEnUso(dataDir));
      }
      rmSync(file, { force: true }); // stale: its owner is gone
    }
  }
  throw new AppError('conflict', es.errores.baseDeDatosEnUso(dataDir));
}
