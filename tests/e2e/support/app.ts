/**
 * Each e2e file gets its own app: the built Node side (out/main/serve-cli.js) on a fresh data folder and a
 * free port, so files never share a database. `npm run build` must have run (npm test does it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

export interface RunningApp {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function startApp(): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'consola-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['out/main/serve-cli.js', '--data-dir', dataDir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`la app no arrancó a tiempo:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`la app terminó (código ${code}):\n${output}`)));
  });
  return {
    url,
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

/** Creates the first administrator through the API (the UI path has its own test) and signs the page in. */
export async function signInAsNewAdmin(page: Page, app: RunningApp, admin = { nombre: 'Operador Pruebas', email: 'operador@agencia.co', password: 'Segura2026x' }) {
  const res = await page.request.post(`${app.url}/api/auth/crearPrimerAdmin`, { data: admin });
  if (!res.ok()) {
    const login = await page.request.post(`${app.url}/api/auth/iniciarSesion`, { data: { email: admin.email, password: admin.password } });
    if (!login.ok()) throw new Error(`no se pudo iniciar sesión: ${await login.text()}`);
  }
  return admin;
}
