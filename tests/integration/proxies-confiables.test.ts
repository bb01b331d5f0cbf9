/**
 * Issue 24, item 3, through a real local reverse proxy (node:http, appending X-Forwarded-For as nginx's
 * $proxy_add_x_forwarded_for does) on both databases: with the proxy's address trusted, every per-address
 * budget keys on the visitor behind it — five wrong portal passwords lock that visitor only, and one
 * visitor using up the operator sign-in budget leaves the next one his own. A client that talks to the server
 * directly cannot choose its address by writing the header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlClient } from '../../src/shared/ports/sql';
import { startServer, type RunningServer } from '../../src/main/serve';
import { es } from '../../src/shared/i18n/es';
import { portal as tp } from '../../src/shared/areas/portal/texts';
import { MIGRATED_BACKENDS } from '../support/databases';
import { embeddedApi } from '../support/operators';

const EMPRESA = '77777777-7777-4777-8777-777777777777';
const USUARIO = 'usuario_taller_rio';
const CLAVE = 'Tr5kW9pm';

interface Respuesta {
  status: number;
  body: { ok: boolean; error?: { code: string; message: string } };
}

/** A POST with JSON from a chosen local address (127.0.0.0/8 is all loopback on Linux). */
function postDesde(url: string, desde: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Respuesta> {
  const texto = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url + path,
      { method: 'POST', localAddress: desde, headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(texto)), ...headers } },
      (res) => {
        const partes: Buffer[] = [];
        res.on('data', (c: Buffer) => partes.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(partes).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.end(texto);
  });
}

/** The reverse proxy: forwards to `destino`, appending the client's address to X-Forwarded-For. */
async function proxyInverso(destino: () => string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const anterior = req.headers['x-forwarded-for'];
    const headers: IncomingHttpHeaders = {
      ...req.headers,
      host: new URL(destino()).host,
      'x-forwarded-for': [anterior, req.socket.remoteAddress].filter(Boolean).join(', '),
    };
    const salida = request(destino() + (req.url ?? '/'), { method: req.method, headers, localAddress: '127.0.0.1' }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    salida.on('error', () => res.destroy());
    req.pipe(salida);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe.each(MIGRATED_BACKENDS)('proxies de confianza en %s', (_name, fresh) => {
  let db: SqlClient;
  let server: RunningServer;
  let proxy: { url: string; server: Server };

  beforeAll(async () => {
    db = await fresh();
    await db.query(
      `insert into public.empresas (id, nombre, usuario_cliente, contrasena_cliente, activo) values ($1, 'Taller Río', $2, $3, true)`,
      [EMPRESA, USUARIO, CLAVE],
    );
    const env = await embeddedApi(db);
    const renderer = mkdtempSync(join(tmpdir(), 'consola-proxies-'));
    mkdirSync(renderer, { recursive: true });
    writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Consola</title>');
    server = await startServer({ dispatch: env.dispatch, rendererDir: renderer, trustedProxies: ['127.0.0.1'], limits: { signInAttempts: 10 } });
    proxy = await proxyInverso(() => server.url);
  });
  afterAll(async () => {
    await new Promise<void>((r) => proxy?.server.close(() => r()));
    await server?.cerrar();
    await db?.cerrar();
  });

  const portal = (desde: string, contrasena: string, headers: Record<string, string> = {}) =>
    postDesde(proxy.url, desde, '/api/portal/iniciarSesion', { empresaId: EMPRESA, usuario: USUARIO, contrasena }, headers);

  it('cinco contraseñas erradas del portal a través del proxy bloquean solo a ese visitante', async () => {
    for (let i = 0; i < 4; i++) expect(await portal('127.0.60.2', 'mala')).toMatchObject({ status: 401, body: { error: { message: tp.credencialesInvalidas } } });
    expect(await portal('127.0.60.2', 'mala')).toMatchObject({ status: 429, body: { error: { code: 'locked', message: tp.bloqueada(5) } } });
    // What the visitor writes in X-Forwarded-For is left of the proxy's entry: not believed.
    expect(await portal('127.0.60.2', CLAVE, { 'X-Forwarded-For': '127.0.60.99' })).toMatchObject({ status: 429 });
    // The real user behind the same proxy is not locked out.
    expect(await portal('127.0.60.3', CLAVE)).toMatchObject({ status: 200, body: { ok: true } });
    const { rows } = await db.query<{ direccion: string }>('select direccion from public.portal_intentos');
    expect(rows).toEqual([{ direccion: '127.0.60.2' }]);
  });

  it('el presupuesto de inicios de sesión es de cada visitante detrás del proxy; directo al servidor, la cabecera no cuenta', async () => {
    const entrar = (url: string, desde: string, i: number, headers: Record<string, string> = {}) =>
      postDesde(url, desde, '/api/auth/iniciarSesion', { email: `nadie${i}@agencia.co`, password: 'Incorrecta2026' }, headers);
    for (let i = 0; i < 10; i++) expect((await entrar(proxy.url, '127.0.61.2', i)).status).toBe(401);
    expect(await entrar(proxy.url, '127.0.61.2', 10)).toMatchObject({ status: 429, body: { error: { message: es.errores.demasiadosIntentosDireccion } } });
    // The next visitor through the same proxy still has his own.
    expect((await entrar(proxy.url, '127.0.61.3', 11)).status).toBe(401);

    // Straight to the server from an address that is not a trusted proxy: a new header each time changes nothing.
    for (let i = 0; i < 10; i++) expect((await entrar(server.url, '127.0.62.2', 20 + i, { 'X-Forwarded-For': `127.0.63.${i + 2}` })).status).toBe(401);
    expect((await entrar(server.url, '127.0.62.2', 30, { 'X-Forwarded-For': '127.0.63.200' })).status).toBe(429);
  });
});
