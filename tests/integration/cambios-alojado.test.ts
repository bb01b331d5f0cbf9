/**
 * Live screens on hosted Supabase (issue 22 §3), end to end on the Node side: the hosted backend as serve-cli
 * runs it on Node 20 (no global WebSocket: supabase-js gets the `ws` package), signed in against a local
 * project's auth, and the HTTP host's GET /api/cambios stream the renderer reads. With NO Realtime server
 * reachable the stream says 'sin-conexion' (the page then refreshes on a timer and says so); with a Realtime
 * stand-in over a real WebSocket (tests/support/realtime-local.ts) the channel joins with the operator's token,
 * the stream says 'en-vivo', a change of a published table is a notice of its area, and a server that goes
 * away and comes back is 'sin-conexion' and then 'en-vivo' again (realtime-js rejoins on its own).
 * The session goes to the real keychain: run under dbus with gnome-keyring, as the test script does.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crearBackendAlojado } from '../../src/main/motores/alojado/open-hosted';
import { TABLAS_REALTIME } from '../../src/main/cambios/realtime';
import { crearBoveda } from '../../src/main/secretos/vault';
import { crearApi } from '../../src/shared/api';
import { crearDespachador, type Implementations } from '../../src/main/dispatch';
import { CAMBIOS_PATH, startServer, type RunningServer } from '../../src/main/serve';
import { adjuntarRealtimeLocal, type RealtimeLocal } from '../support/realtime-local';
import { clearService } from '../support/keychain';

const SERVICE = `consola-test-cambios-alojado-${process.pid}-${Date.now()}`;
const ANON = 'clave-anonima-de-prueba';
const USER = { id: '6f1c2a57-3c1e-4a8e-9b43-0a1d2e3f4a5b', email: 'ana@agencia.co', created_at: '2026-01-02T03:04:05Z' };
const ACCESS = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2ZjFjMmE1NyJ9.firma-de-prueba';

/** A project's auth and profile, as GoTrue and PostgREST answer them (the data API is not what is tested here). */
async function proyecto(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.url?.startsWith('/auth/v1/token?grant_type=password')) {
        const { email, password } = JSON.parse(body) as { email: string; password: string };
        if (email !== USER.email || password !== 'Correcta2026') return json(400, { code: 'invalid_credentials', msg: 'Invalid login credentials' });
        return json(200, {
          access_token: ACCESS,
          token_type: 'bearer',
          expires_in: 3600,
          expires_at: Math.floor(Date.now() / 1000) + 3600,
          refresh_token: 'refresco-de-prueba',
          user: { ...USER, aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {} },
        });
      }
      if (req.url?.startsWith('/rest/v1/perfiles')) {
        const row = { nombre: 'Ana Ruiz', es_admin: true, activo: true };
        return json(200, (req.headers.accept ?? '').includes('vnd.pgrst.object') ? row : [row]);
      }
      // Signing in asks Supabase Auth for the operator's second factors (auth.mfa.listFactors reads /user): none.
      if (req.url?.startsWith('/auth/v1/user')) {
        return json(200, { ...USER, aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {}, factors: [] });
      }
      if (req.url?.startsWith('/auth/v1/logout')) return void res.writeHead(204).end();
      json(404, { message: 'not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A live stream read as it comes: `hasta` waits for text matching, with everything read so far kept. */
function flujo(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let texto = '';
  return {
    get texto() {
      return texto;
    },
    /** The `event: estado` values in order. */
    estados: () => [...texto.matchAll(/event: estado\ndata: ([a-z-]+)\n/g)].map((m) => m[1]),
    cambios: () => [...texto.matchAll(/event: cambio\ndata: ([a-z]+)\n/g)].map((m) => m[1]),
    async hasta(listo: () => boolean): Promise<void> {
      while (!listo()) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`el flujo terminó: ${texto}`);
        texto += decoder.decode(value, { stream: true });
      }
    },
    cerrar: () => reader.cancel(),
  };
}

let dir: string;
const cerrar: Array<() => Promise<unknown>> = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'consola-cambios-alojado-'));
  mkdirSync(join(dir, 'renderer'));
  writeFileSync(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Consola</title>');
});
afterEach(async () => {
  for (const fn of cerrar.splice(0).reverse()) await fn().catch(() => undefined);
});
afterAll(async () => {
  await clearService(SERVICE);
  rmSync(dir, { recursive: true, force: true });
});

/** The hosted backend behind the HTTP host, an operator signed in through it, and its live stream open. */
async function conectado(url: string) {
  expect(typeof (globalThis as { WebSocket?: unknown }).WebSocket).toBe('undefined'); // Node 20, as serve-cli
  const backend = crearBackendAlojado({ url, anonKey: ANON }, crearBoveda(SERVICE));
  const api = crearApi(backend);
  const servidor: RunningServer = await startServer({
    dispatch: crearDespachador(api as unknown as Implementations),
    cambios: backend.cambios!,
    rendererDir: join(dir, 'renderer'),
  });
  const entrada = await fetch(`${servidor.url}/api/auth/iniciarSesion`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: USER.email, password: 'Correcta2026' }),
  });
  expect(entrada.status).toBe(200);
  const cookie = entrada.headers.get('set-cookie')!.split(';')[0]!;
  const res = await fetch(servidor.url + CAMBIOS_PATH, { headers: { Cookie: cookie } });
  expect(res.status).toBe(200);
  const stream = flujo(res);
  cerrar.push(async () => {
    await stream.cerrar();
    await fetch(`${servidor.url}/api/auth/cerrarSesion`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: '{}' });
    await servidor.cerrar();
    await api.cerrar();
  });
  return stream;
}

describe('cambios en vivo en el backend alojado', () => {
  it('sin servidor Realtime alcanzable, el flujo de la página dice sin conexión (y nunca en vivo)', async () => {
    const { server, url } = await proyecto();
    cerrar.push(() => new Promise((r) => server.close(r)));
    const stream = await conectado(url);
    await stream.hasta(() => stream.estados().includes('sin-conexion'));
    expect(stream.estados()).not.toContain('en-vivo');
  });

  it('con Realtime: se une con el token del operador, en vivo, avisa los cambios; si se cae, sin conexión, y al volver, en vivo otra vez', async () => {
    const { server, url } = await proyecto();
    const realtime: RealtimeLocal = adjuntarRealtimeLocal(server, ANON);
    cerrar.push(() => new Promise((r) => server.close(r)));
    cerrar.push(() => realtime.close());
    const stream = await conectado(url);
    await stream.hasta(() => stream.estados().includes('en-vivo'));
    expect(realtime.uniones).toEqual([{ topic: 'realtime:consola-cambios', tablas: Object.keys(TABLAS_REALTIME), accessToken: ACCESS }]);

    realtime.emitir('mensajes_resumen_sesiones');
    await stream.hasta(() => stream.cambios().includes('mensajes'));
    realtime.emitir('clientes');
    await stream.hasta(() => stream.cambios().includes('llamadas'));

    realtime.cortar();
    await stream.hasta(() => stream.estados().at(-1) === 'sin-conexion');
    realtime.reanudar();
    await stream.hasta(() => stream.estados().at(-1) === 'en-vivo');
    expect(realtime.uniones.length).toBeGreaterThanOrEqual(2);
    expect(realtime.uniones.every((u) => u.accessToken === ACCESS)).toBe(true);
  });
});
