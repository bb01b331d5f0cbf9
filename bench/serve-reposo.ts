/**
 * The built `serve-cli` measured from outside, as a user starts it (issue 25): the time until it serves a new
 * data folder (copy of the demo template, demo data made this install's, HTTP host up), and its memory idle
 * (/proc/<pid>/status: VmRSS = RssAnon + RssFile) a few seconds after, on that first start and on a reopen.
 * Needs `npx electron-vite build` (out/main/serve-cli.js); without it the rows say so.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as esperar } from 'node:timers/promises';

export const OBJETIVO_REPOSO_MB = 250;
export const OBJETIVO_PRIMER_ARRANQUE_MS = 3000;
/** How long after it serves the process is left alone before its memory is read. */
const REPOSO_MS = 8000;

export interface MedidaServe {
  hastaServirMs: number;
  rssMb: number;
  anonMb: number;
  archivoMb: number;
}

function estado(pid: number): { rssMb: number; anonMb: number; archivoMb: number } {
  const texto = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (clave: string) => Number(new RegExp(`^${clave}:\\s+(\\d+)`, 'm').exec(texto)?.[1] ?? NaN) / 1024;
  return { rssMb: kb('VmRSS'), anonMb: kb('RssAnon'), archivoMb: kb('RssFile') };
}

/** libfaketime's launcher (Debian's `faketime`, which the tests install): a process that lives days ahead. */
const FAKETIME = '/usr/bin/faketime';
export const hayFaketime = () => existsSync(FAKETIME);

/**
 * Starts serve-cli over `dataDir`, waits until it serves and then REPOSO_MS, reads its memory, stops it. With
 * `diasDespues` it runs that many days after now under faketime (the demo template then has that much to move, as
 * on a first start a month after the build) and only the time to serve is measured (faketime's own process is the
 * parent, so the memory read would not be serve-cli's).
 */
export async function medirServe(dataDir: string, diasDespues = 0): Promise<MedidaServe | null> {
  const cli = join(process.cwd(), 'out', 'main', 'serve-cli.js');
  if (!existsSync(cli) || (diasDespues > 0 && !hayFaketime())) return null;
  const inicio = performance.now();
  // As the README and `npm start` start it (--v8-pool-size=1: docs/ARCHITECTURE.md, Memory and scale).
  const comando = [process.execPath, '--v8-pool-size=1', cli, '--data-dir', dataDir, '--port', '0'];
  if (diasDespues > 0) comando.unshift(FAKETIME, '-f', `+${diasDespues}d`);
  const hijo = spawn(comando[0]!, comando.slice(1), {
    env: { ...process.env, CONSOLA_SIN_COPIAS_AUTOMATICAS: '1' },
    stdio: ['ignore', 'pipe', 'ignore'],
    // Its own process group: faketime does not pass SIGTERM on to the serve-cli it started, the group gets it.
    detached: true,
  });
  try {
    const hastaServirMs = await new Promise<number>((resolve, reject) => {
      let salida = '';
      hijo.stdout!.on('data', (trozo: Buffer) => {
        salida += trozo.toString();
        if (salida.includes('Consola de Automatización: http')) resolve(performance.now() - inicio);
      });
      hijo.once('exit', (codigo) => reject(new Error(`serve-cli terminó (código ${codigo}) antes de servir`)));
    });
    if (diasDespues > 0) return { hastaServirMs, rssMb: NaN, anonMb: NaN, archivoMb: NaN };
    await esperar(REPOSO_MS);
    return { hastaServirMs, ...estado(hijo.pid!) };
  } finally {
    if (hijo.exitCode === null && hijo.signalCode === null) {
      const fin = new Promise((resolve) => hijo.once('exit', resolve));
      process.kill(-hijo.pid!, 'SIGTERM');
      await fin;
    }
  }
}
