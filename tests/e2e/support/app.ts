/**
 * Each e2e file gets its own app: the built Node side (out/main/serve-cli.js) on a fresh data folder and a
 * free port, so files never share a database. `npx electron-vite build` must have run (npm test does it).
 * Specs do not call this: the `app` fixture (fixtures.ts) starts one per file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

export interface RunningApp {
  url: string;
  /** The inbound results endpoint's address, when the app was started with `--entrada-port`. */
  entrada?: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** How long the served app may take to print its address (it migrates and seeds the demo data first). */
export const ARRANQUE_MS = 120_000;

/** `argumentos`: more of serve-cli's flags (e.g. `['--entrada-port', '0']` for the inbound endpoint). */
export async function startApp(argumentos: readonly string[] = []): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'consola-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--v8-pool-size=1', 'out/main/serve-cli.js', '--data-dir', dataDir, '--port', '0', ...argumentos], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Started as the README starts it (--v8-pool-size=1: docs/ARCHITECTURE.md, Memory and scale).
    // No daily backup a minute into a test: it would take the one data activity a spec may be exercising.
    // Every answer checked against its contract schema, as under vitest (src/main/modo-respuestas.ts).
    // Its own keychain service: two files' apps run at once and must not share a secret (playwright.config.ts).
    env: { ...process.env, CONSOLA_SIN_COPIAS_AUTOMATICAS: '1', CONSOLA_COMPROBAR_RESPUESTAS: '1', CONSOLA_SERVICIO_LLAVERO: `consola-e2e-${basename(dataDir)}` },
  });
  let output = '';
  const conEntrada = argumentos.includes('--entrada-port');
  const [url, entrada] = await new Promise<[string, string | undefined]>((resolve, reject) => {
    // A deadline, not a pause: the app is ready the moment it prints its address.
    const deadline = AbortSignal.timeout(ARRANQUE_MS);
    deadline.addEventListener('abort', () => reject(new Error(`la app no arrancó a tiempo:\n${output}`)), { once: true });
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      // The endpoint's address is printed on the next line of the same message.
      const deEntrada = /Entrada de resultados: (http:\/\/[^\s/]+)\/entrada\//.exec(output);
      if (match && (!conEntrada || deEntrada)) resolve([match[1]!, deEntrada?.[1]]);
    });
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`la app terminó (código ${code}):\n${output}`)));
  });
  return {
    url,
    ...(entrada ? { entrada } : {}),
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
