/**
 * The backups' folder and files are trusted only when they are the user's alone (issue 24 §6): in a folder others
 * can write, another local user could plant a link where the copy is about to be written (a dump sent to a file
 * of their choosing) or swap a listed copy for one of theirs. So a folder must be owned by this user and writable
 * by nobody else; files are created exclusively without following links; and a copy is listed or restored only
 * when it is a regular file (not a link) owned by this user. Windows has no such modes: there the checks pass.
 */
import { constants } from 'node:fs';
import { lstat, open, stat, type FileHandle } from 'node:fs/promises';
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';

const uid = (): number | null => (typeof process.getuid === 'function' ? process.getuid() : null);

/** Refuses (Spanish AppError 'validation') a folder that is not this user's or that group or others can write. */
export async function comprobarCarpetaPropia(ruta: string): Promise<void> {
  const yo = uid();
  if (yo === null) return;
  let info;
  try {
    info = await stat(ruta);
  } catch {
    throw new AppError('validation', es.datos.copias.carpetaNoEscribible(ruta));
  }
  if (!info.isDirectory() || info.uid !== yo || (info.mode & 0o022) !== 0) throw new AppError('validation', es.datos.copias.carpetaInsegura(ruta));
}

/** A regular file (a link is not followed) owned by this user. */
export async function esArchivoPropio(ruta: string): Promise<boolean> {
  try {
    const info = await lstat(ruta);
    const yo = uid();
    return info.isFile() && (yo === null || info.uid === yo);
  } catch {
    return false;
  }
}

/** O_NOFOLLOW where the platform has it (not Windows, where links need privileges to make). */
const NO_SEGUIR = constants.O_NOFOLLOW ?? 0;

/** Creates `ruta` for writing, owner-only; fails if anything (a file, a link, even a dangling one) is already there. */
export function crearExclusivo(ruta: string): Promise<FileHandle> {
  return open(ruta, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_SEGUIR, 0o600);
}

/** Whether anything — a dangling link included — has this name. */
export async function existeAlgo(ruta: string): Promise<boolean> {
  try {
    await lstat(ruta);
    return true;
  } catch {
    return false;
  }
}
