/**
 * PGlite's Node file system with owner-only modes, for the database's worker thread (kept apart from
 * private-folder.ts so the main process does not load PGlite). Its Emscripten layer chmods every file it
 * creates to the mode PostgreSQL asked for less Emscripten's own umask (022), past the process umask: 0644
 * for pg_internal.init, 0666 for the files of a new cluster. Masking those calls keeps every file and folder
 * it creates private to the user, whatever the process umask is.
 */
import { chmodSync } from 'node:fs';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { OWNER_ONLY, applies } from './private-folder';

type EmscriptenFS = {
  chmod(path: unknown, mode: number, dontFollow?: boolean): void;
  mkdir(path: string, mode?: number): unknown;
};
type InitResult = Awaited<ReturnType<NodeFS['init']>>;

/** NodeFS whose Emscripten chmod and mkdir never grant group or other bits. */
export class PrivateNodeFS extends NodeFS {
  constructor(dataDir: string) {
    super(dataDir); // makes the folder when missing, with the process umask
    if (applies) chmodSync(this.rootDir, 0o700);
  }

  override async init(pg: Parameters<NodeFS['init']>[0], options: Parameters<NodeFS['init']>[1]): Promise<InitResult> {
    const result = await super.init(pg, options);
    if (!applies) return result;
    const preRun = [
      ...(result.emscriptenOpts.preRun ?? []),
      (mod: { FS: EmscriptenFS }) => {
        const fs = mod.FS;
        const chmod = fs.chmod.bind(fs);
        const mkdir = fs.mkdir.bind(fs);
        fs.chmod = (path, mode, dontFollow) => chmod(path, mode & ~OWNER_ONLY, dontFollow);
        fs.mkdir = (path, mode = 0o777) => mkdir(path, mode & ~OWNER_ONLY);
      },
    ];
    return { ...result, emscriptenOpts: { ...result.emscriptenOpts, preRun } };
  }
}
