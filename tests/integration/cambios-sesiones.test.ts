/**
 * Issue 24, item 5: live-update streams (GET /api/cambios) and the sessions they belong to, over a real socket
 * and the real host. One session holds at most its share of the streams, so an operator's tabs cannot leave an
 * administrator without one; and a session's streams end the moment the session ends — the operator is
 * deactivated, or signs out — told by the host's auth (Host.sesiones), not found by a heartbeat: the heartbeat
 * here is an hour, so nothing but the notice can end them while the test waits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openHost, type Host } from '../../src/main/host';
import { CAMBIOS_PATH, startServer, type RunningServer } from '../../src/main/serve';
import { es } from '../../src/shared/i18n/es';

let dir: string;
let host: Host;
let server: RunningServer;
let admin: string;

const post = (path: string, body: unknown, cookie?: string) =>
  fetch(server.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) }, body: JSON.stringify(body) });
const cookieDe = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!;
const abrir = (cookie: string) => fetch(server.url + CAMBIOS_PATH, { headers: { Cookie: cookie } });

/** Reads a stream until its text satisfies `listo`, or it ends; answers the text and whether it ended. */
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
const conectado = async (res: Response) => {
  expect(res.status).toBe(200);
  await leer(res, (t) => t.includes(': conectado'));
  return res;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'consola-cambios-sesiones-'));
  const renderer = join(dir, 'renderer');
  mkdirSync(renderer, { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Consola</title>');
  host = await openHost({ dataDir: join(dir, 'data'), seedDemoData: false, log: () => {}, copiasAutomaticas: false });
  server = await startServer({
    dispatch: host.dispatch,
    rendererDir: renderer,
    cambios: host.cambios,
    sesiones: host.sesiones,
    latidoCambiosMs: 3_600_000,
    limits: { concurrentEventStreams: 4, eventStreamsPerSession: 2 },
  });
  const creado = await post('/api/auth/crearPrimerAdmin', { nombre: 'Ana Ruiz', email: 'ana@agencia.co', password: 'Segura2026x' });
  expect(creado.status).toBe(200);
  admin = cookieDe(creado);
});
afterAll(async () => {
  await server?.cerrar();
  await host?.cerrar();
  rmSync(dir, { recursive: true, force: true });
});

describe('flujos en vivo y sesiones', () => {
  it('una sesión no agota los flujos: el administrador abre el suyo; al desactivar al operador sus flujos terminan en el acto', async () => {
    const alta = await post('/api/operadores/agregar', { email: 'luis@agencia.co', nombre: 'Luis', rol: 'operador' }, admin);
    const { contrasena } = ((await alta.json()) as { data: { contrasena: string } }).data;
    const entrada = await post('/api/auth/iniciarSesion', { email: 'luis@agencia.co', password: contrasena });
    expect(entrada.status).toBe(200);
    const luis = cookieDe(entrada);
    const luisId = ((await entrada.clone().json()) as { data: { id: string } }).data.id;

    // His session's share: two streams; a third is refused, and the administrator still gets one.
    const deLuis = [await conectado(await abrir(luis)), await conectado(await abrir(luis))];
    const tercero = await abrir(luis);
    expect(tercero.status).toBe(503);
    expect(await tercero.json()).toMatchObject({ ok: false, error: { code: 'unavailable', message: es.errores.servidorOcupado } });
    const delAdmin = await conectado(await abrir(admin));

    // Deactivated: his open streams end now (the heartbeat is an hour away).
    const baja = await post('/api/operadores/desactivar', { id: luisId }, admin);
    expect(baja.status).toBe(200);
    for (const res of deLuis) expect((await leer(res, () => false)).terminado).toBe(true);
    // The administrator's stream is not touched: it still carries notices.
    await host.datosSistema()!.run({ kind: 'insert', table: 'campanas', rows: [{ nombre: 'Sigue en vivo' }] });
    expect(await leer(delAdmin, (t) => t.includes('event: cambio\ndata: llamadas'))).toMatchObject({ terminado: false });
    await delAdmin.body!.cancel();
  });

  it('al cerrar sesión, los flujos de esa sesión terminan en el acto; los de otra sesión siguen', async () => {
    const otra = await post('/api/auth/iniciarSesion', { email: 'ana@agencia.co', password: 'Segura2026x' });
    const segunda = cookieDe(otra);
    const flujo = await conectado(await abrir(segunda));
    const primera = await conectado(await abrir(admin));

    expect((await post('/api/auth/cerrarSesion', {}, segunda)).status).toBe(200);
    expect((await leer(flujo, () => false)).terminado).toBe(true);
    await host.datosSistema()!.run({ kind: 'insert', table: 'campanas', rows: [{ nombre: 'Otra sesión' }] });
    expect(await leer(primera, (t) => t.includes('event: cambio\ndata: llamadas'))).toMatchObject({ terminado: false });
    await primera.body!.cancel();
  });
});
