/**
 * Live screens over HTTP (issue 15 §2): GET /api/cambios is a server-sent-events stream for a signed-in
 * operator's page, over a real socket and the real embedded database (PGlite in its worker, the host's
 * notices). Without a session 401; the API's Host and Origin checks apply; the stream takes no body slot; it
 * says at once that notices can come (`event: estado`, en-vivo: the host relays the open backend's state); a
 * row written is an `event: cambio` of its area; signing out ends the stream at its next heartbeat, and
 * closing the server ends every stream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import { openHost, type Host } from '../../src/main/host';
import { CAMBIOS_PATH, SESSION_COOKIE, startServer, type RunningServer } from '../../src/main/serve';
import { es } from '../../src/shared/i18n/es';

let dir: string;
let renderer: string;
let host: Host;
let server: RunningServer;
let cookie: string;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(server.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'consola-cambios-http-'));
  renderer = join(dir, 'renderer');
  mkdirSync(renderer, { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Consola</title>');
  host = await openHost({ dataDir: join(dir, 'data'), seedDemoData: false, log: () => {} });
  server = await startServer({
    dispatch: host.dispatch,
    rendererDir: renderer,
    cambios: host.cambios,
    latidoCambiosMs: 200,
    limits: { concurrentBodies: 1, concurrentPublicBodies: 1, concurrentEventStreams: 3 },
  });
  const created = await post('/api/auth/crearPrimerAdmin', { nombre: 'Ana Ruiz', email: 'ana@agencia.co', password: 'Segura2026x' });
  expect(created.status).toBe(200);
  cookie = created.headers.get('set-cookie')!.split(';')[0]!;
});
afterAll(async () => {
  await server?.cerrar();
  await host?.cerrar();
  rmSync(dir, { recursive: true, force: true });
});

/** Reads a stream until its text so far satisfies `listo`, or it ends; answers the text and whether it ended. */
async function leer(res: Response, listo: (texto: string) => boolean): Promise<{ texto: string; terminado: boolean }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let texto = '';
  try {
    for (;;) {
      if (listo(texto)) return { texto, terminado: false };
      const { value, done } = await reader.read();
      if (done) return { texto, terminado: true };
      texto += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
}

const abrir = (headers: Record<string, string> = {}) => fetch(server.url + CAMBIOS_PATH, { headers: { Cookie: cookie, ...headers } });

const escribirCampana = (nombre: string) =>
  host.datosSistema()!.run({ kind: 'insert', table: 'campanas', rows: [{ nombre }] });

describe('GET /api/cambios (eventos enviados por el servidor)', () => {
  it('sin sesión 401 en español; otros métodos, orígenes y nombres de host, rechazados', async () => {
    const anonimo = await fetch(server.url + CAMBIOS_PATH);
    expect(anonimo.status).toBe(401);
    expect(await anonimo.json()).toMatchObject({ ok: false, error: { code: 'unauthenticated', message: es.login.noAutenticado } });

    const falsa = await fetch(server.url + CAMBIOS_PATH, { headers: { Cookie: `${SESSION_COOKIE}=${'x'.repeat(43)}` } });
    expect(falsa.status).toBe(401);
    expect(falsa.headers.get('set-cookie')).toContain('Max-Age=0');

    const metodo = await fetch(server.url + CAMBIOS_PATH, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: '{}' });
    expect(metodo.status).toBe(405);
    expect(metodo.headers.get('allow')).toBe('GET');

    const ajeno = await abrir({ Origin: 'https://evil.example' });
    expect(ajeno.status).toBe(403);
    expect(await ajeno.json()).toMatchObject({ ok: false, error: { message: es.errores.origenNoPermitido } });

    // fetch does not let a page set Host; a raw request does (DNS rebinding names another host).
    const rebinding = await new Promise<number>((resolve, reject) => {
      const req = request(server.url + CAMBIOS_PATH, { headers: { Host: 'evil.example', Cookie: cookie } }, (res) => {
        resolve(res.statusCode ?? 0);
        res.destroy();
      });
      req.on('error', reject);
      req.end();
    });
    expect(rebinding).toBe(421);
  });

  it('con sesión: un flujo sin caché que anuncia el área de cada fila escrita, sin ocupar cupos de cuerpos', async () => {
    const flujos = [await abrir(), await abrir()];
    for (const res of flujos) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const { texto } = await leer(res, (t) => /event: estado\ndata: [a-z-]+\n\n/.test(t));
      expect(texto).toContain('retry: 3000');
      // The embedded database LISTENs as long as it is open: notices can come, the page needs no fallback.
      expect(texto.match(/event: estado\ndata: ([a-z-]+)\n\n/)?.[1]).toBe('en-vivo');
    }
    // Two open streams with one body slot of each kind: the API still answers.
    const buscar = await post('/api/shell/buscar', { q: 'nadie' }, { Cookie: cookie });
    expect(await buscar.json()).toEqual({ ok: true, data: [] });
    const estado = await post('/api/auth/estado', {});
    expect(estado.status).toBe(200);

    await escribirCampana('En vivo');
    for (const res of flujos) {
      const { texto } = await leer(res, (t) => t.includes('event: cambio\ndata: llamadas\n\n'));
      expect(texto).not.toContain('En vivo'); // only the area travels, nothing of the row
    }
    await Promise.all(flujos.map((res) => res.body!.cancel()));
  });

  it('un máximo de flujos abiertos (503); cerrar uno libera su lugar', async () => {
    const abiertos = [await abrir(), await abrir(), await abrir()];
    for (const res of abiertos) await leer(res, (t) => t.includes(': conectado'));
    const demas = await abrir();
    expect(demas.status).toBe(503);
    expect(await demas.json()).toMatchObject({ ok: false, error: { message: es.errores.servidorOcupado } });
    await abiertos[0]!.body!.cancel();
    let otro = await abrir();
    // The server learns of the closed socket a moment later; the client tries again as EventSource would.
    while (otro.status === 503) {
      await otro.body?.cancel();
      await new Promise((r) => setTimeout(r, 50));
      otro = await abrir();
    }
    expect(otro.status).toBe(200);
    await Promise.all([abiertos[1]!, abiertos[2]!, otro].map((res) => res.body!.cancel()));
  });

  it('cerrar sesión termina el flujo en su siguiente latido', async () => {
    const login = await post('/api/auth/iniciarSesion', { email: 'ana@agencia.co', password: 'Segura2026x' });
    const otraSesion = login.headers.get('set-cookie')!.split(';')[0]!;
    const res = await abrir({ Cookie: otraSesion });
    await leer(res, (t) => t.includes(': latido'));
    await post('/api/auth/cerrarSesion', {}, { Cookie: otraSesion });
    const { terminado } = await leer(res, () => false);
    expect(terminado).toBe(true);
  });

  it('cerrar el servidor termina los flujos abiertos', async () => {
    const propio = await startServer({ dispatch: host.dispatch, rendererDir: renderer, cambios: host.cambios });
    const res = await fetch(propio.url + CAMBIOS_PATH, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    await leer(res, (t) => t.includes(': conectado'));
    await propio.cerrar();
    const { terminado } = await leer(res, () => false);
    expect(terminado).toBe(true);
  });

  it('sin fuente de cambios, la ruta no existe', async () => {
    const sinVivo = await startServer({ dispatch: host.dispatch, rendererDir: renderer });
    try {
      const res = await fetch(sinVivo.url + CAMBIOS_PATH, { headers: { Cookie: cookie } });
      expect(res.status).toBe(404);
    } finally {
      await sinVivo.cerrar();
    }
  });
});
