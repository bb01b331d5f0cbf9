/**
 * StoragePort for the embedded backend: each bucket is a folder under <data folder>/archivos. Paths come
 * from src/shared/domain/archivos.ts and are checked again here (no traversal, no absolute path), writes
 * never overwrite (exclusive create) and land atomically (temporary file, then link into place).
 */
import { mkdir, open, readFile, rm, link, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve, sep } from 'node:path';
import type { StoragePort } from '../../shared/ports/storage';
import { rutaSegura } from '../../shared/areas/marketing/archivos';
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';

const BUCKET = /^[a-z0-9][a-z0-9-]{0,62}$/;

export function crearAlmacenEnCarpeta(root: string): StoragePort {
  const base = resolve(root);

  function fileOf(bucket: string, path: string): string {
    if (!BUCKET.test(bucket) || !rutaSegura(path)) throw new AppError('validation', es.errores.entradaInvalida);
    const full = resolve(base, bucket, ...path.split('/'));
    if (!full.startsWith(base + sep)) throw new AppError('validation', es.errores.entradaInvalida);
    return full;
  }

  return {
    async upload(bucket, path, bytes) {
      const target = fileOf(bucket, path);
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      const tmp = join(dirname(target), `.${randomBytes(8).toString('hex')}.tmp`);
      const fd = await open(tmp, 'wx', 0o600);
      try {
        await fd.writeFile(bytes);
        await fd.sync();
      } finally {
        await fd.close();
      }
      try {
        // link() fails with EEXIST instead of replacing: an existing file is never overwritten.
        await link(tmp, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new AppError('conflict', es.errores.registroDuplicado);
        throw error;
      } finally {
        await unlink(tmp).catch(() => undefined);
      }
    },

    async download(bucket, path) {
      try {
        return new Uint8Array(await readFile(fileOf(bucket, path)));
      } catch (error) {
        if (AppError.is(error)) throw error;
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('not_found', es.marketing.archivoNoEncontrado);
        throw error;
      }
    },

    async remove(bucket, paths) {
      for (const path of paths) await rm(fileOf(bucket, path), { force: true });
    },
  };
}
