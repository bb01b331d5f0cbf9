/**
 * Issue 11, findings 2 (per-address budget), 3, 5, 6 and 7, probed as an attacker would: over HTTP against the
 * served app (startServer over the real dispatcher and a real database, PGlite and PostgreSQL 15), with raw
 * requests where the Host header or the pace of the body matter, and on a real data folder on disk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlClient } from '../../src/shared/ports/sql';
import { startServer, PORTAL_COOKIE, SESSION_COOKIE, type RunningServer, type ServerOptions } from '../../src/main/serve';
import { desktopHttpPlan } from '../../src/main/http-options';
import { openEmbeddedBackend } from '../../src/main/motores/embebido/open-embedded';
import { SERVIDOR_WEB_SETTINGS_KEY, type ServidorWebSettings } from '../../src/shared/domain/servidor-web';
import { es } from '../../src/shared/i18n/es';
import { portal as tPortal } from '../../src/shared/areas/portal/texts';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Clock, embeddedApi } from '../support/operators';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request exactly as given (Host included), the body sent at once. */
function raw(server: RunningServer, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, method: options.method ?? 'POST', path: options.path, headers: options.headers ?? {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const json = (headers: Record<string, string> = {}) => ({ 'Content-Type': 'application/json', ...headers });
const errorOf = (r: Raw) => (JSON.parse(r.body) as { error?: { code: string; message: string } }).error;

/**
 * Sends a large body (valid JSON: `value` padded with spaces to `total` bytes) in 64 KB pieces, each after the
 * previous one has left, and stops as soon as an answer arrives: `sent` tells how much the server had been
 * sent when it answered. A server that reads the whole body first can only answer once `sent` is the total.
 */
function sendPaced(
  server: RunningServer,
  path: string,
  total: number,
  headers: Record<string, string>,
  value: unknown = {},
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders; sent: number }> {
  const payload = Buffer.alloc(total, 0x20);
  payload.write(JSON.stringify(value));
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request({ host: '127.0.0.1', port: server.port, method: 'POST', path, headers }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        resolve({ status: res.statusCode!, body, headers: res.headers, sent });
        req.destroy(); // the rest is never sent
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      if (answered || sent >= total) {
        if (!answered) req.end();
        return;
      }
      const chunk = payload.subarray(sent, Math.min(sent + 64 * 1024, total));
      sent += chunk.length;
      req.write(chunk, () => setImmediate(pump));
    };
    pump();
  });
}

describe.each(MIGRATED_BACKENDS)('servidor HTTP: nombres, cuerpos, cupos y cookies en %s', (_name, fresh) => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  let dir: string;
  let renderer: string;
  const servers: RunningServer[] = [];
  let server: RunningServer;
  const clock = new Clock();
  const EMPRESA = '77777777-7777-4777-8777-777777777777';

  const serve = async (extra: Partial<ServerOptions> = {}) => {
    const started = await startServer({ dispatch: api.dispatch, rendererDir: renderer, now: clock.now, ...extra });
    servers.push(started);
    return started;
  };

  beforeAll(async () => {
    db = await fresh();
    api = await embeddedApi(db, clock);
    await db.query(
      `insert into public.empresas (id, nombre, usuario_cliente, contrasena_cliente, activo) values ($1, 'Óptica Lumen', 'usuario_optica_lumen', 'Lm7qR2xv', true)`,
      [EMPRESA],
    );
    dir = mkdtempSync(join(tmpdir(), 'consola-http-seguridad-'));
    renderer = join(dir, 'renderer');
    mkdirSync(renderer);
    writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Consola</title><div id="root"></div>');
    // The per-address sign-in budget has its own test; here it must not get in the way.
    server = await serve({ allowedHosts: ['portal.agencia.co'], limits: { signInAttempts: 10_000 } });
  });
  afterAll(async () => {
    for (const s of servers) await s.cerrar();
    await db?.cerrar();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('solo atiende los nombres para los que arrancó (DNS rebinding)', () => {
    it('otro nombre con un Origin a juego no crea el primer administrador en una instalación nueva', async () => {
      const evil = `evil.example:${server.port}`;
      const r = await raw(server, {
        path: '/api/auth/crearPrimerAdmin',
        headers: json({ Host: evil, Origin: `http://${evil}` }),
        body: JSON.stringify(ADMIN),
      });
      expect(r.status).toBe(421);
      expect(errorOf(r)).toEqual({ code: 'forbidden', message: es.errores.hostNoPermitido });
      const { rows } = await db.query('select 1 from auth.users');
      expect(rows).toHaveLength(0);
    });

    it('otro nombre sin Origin tampoco: ni la api ni los archivos de la aplicación', async () => {
      for (const host of [`evil.example:${server.port}`, 'evil.example', `localhost:${server.port + 1}`, `127.0.0.1.evil.example:${server.port}`]) {
        const api = await raw(server, { path: '/api/auth/estado', headers: json({ Host: host }), body: '{}' });
        expect(api.status, host).toBe(421);
        expect(errorOf(api)?.message).toBe(es.errores.hostNoPermitido);
        const page = await raw(server, { method: 'GET', path: '/', headers: { Host: host } });
        expect(page.status, host).toBe(421);
        expect(page.body).toBe(es.errores.hostNoPermitido);
        expect(page.body).not.toContain('<div id="root">');
      }
    });

    it('127.0.0.1, localhost y [::1] con su puerto, y un nombre configurado, sí se atienden', async () => {
      const names = [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `LOCALHOST:${server.port}`, `[::1]:${server.port}`, 'portal.agencia.co', `portal.agencia.co:${server.port}`];
      for (const host of names) {
        const estado = await raw(server, { path: '/api/auth/estado', headers: json({ Host: host, Origin: `http://${host}` }), body: '{}' });
        expect(estado.status, host).toBe(200);
        expect(JSON.parse(estado.body)).toMatchObject({ ok: true, data: { needsSetup: true } });
        const page = await raw(server, { method: 'GET', path: '/dashboard', headers: { Host: host } });
        expect(page.status, host).toBe(200);
        expect(page.body).toContain('<div id="root">');
      }
      // A configured name is no wildcard.
      expect((await raw(server, { method: 'GET', path: '/', headers: { Host: 'otro.agencia.co' } })).status).toBe(421);
    });
  });

  describe('la sesión se comprueba antes de leer el cuerpo; los cuerpos públicos son pequeños', () => {
    let cookie: string;
    beforeAll(async () => {
      const created = await fetch(`${server.url}/api/auth/crearPrimerAdmin`, { method: 'POST', headers: json(), body: JSON.stringify(ADMIN) });
      expect(created.status).toBe(200);
      cookie = created.headers.get('set-cookie')!.split(';')[0]!;
    });

    it('5 MB sin sesión a una operación privada: 401 antes de que el cliente termine de enviarlos', async () => {
      const total = 5 * 1024 * 1024;
      // A well-formed request in every other way: read in full, it would be answered 401 all the same.
      const anonymous = await sendPaced(server, '/api/shell/notificaciones', total, json({ 'Content-Length': String(total) }));
      expect(anonymous.status).toBe(401);
      expect(JSON.parse(anonymous.body)).toMatchObject({ ok: false, error: { code: 'unauthenticated', message: es.login.noAutenticado } });
      expect(anonymous.sent).toBeLessThan(total);

      // A token that is no live session is refused the same way, and the browser is told to drop it.
      const stale = await sendPaced(server, '/api/shell/notificaciones', total, json({ 'Content-Length': String(total), Cookie: `${SESSION_COOKIE}=${'x'.repeat(43)}` }));
      expect(stale.status).toBe(401);
      expect(JSON.parse(stale.body)).toMatchObject({ ok: false, error: { message: es.login.sesionExpirada } });
      expect(stale.headers['set-cookie']?.[0]).toContain('Max-Age=0');
      expect(stale.sent).toBeLessThan(total);

      // The signed-in operator's requests are read and answered as always.
      const signed = await raw(server, { path: '/api/shell/buscar', headers: json({ Cookie: cookie }), body: JSON.stringify({ q: 'nadie' }) });
      expect(signed.status).toBe(200);
    });

    it('1 MB a un inicio de sesión: 413 en español, con o sin Content-Length, sin leerlo entero', async () => {
      const total = 1024 * 1024;
      const login = { email: ADMIN.email, password: 'Equivocada1' };
      const declared = await sendPaced(server, '/api/auth/iniciarSesion', total, json({ 'Content-Length': String(total) }), login);
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.body)).toMatchObject({ ok: false, error: { code: 'validation', message: es.errores.cuerpoDemasiadoGrande } });
      expect(declared.sent).toBeLessThan(total);

      const chunked = await sendPaced(server, '/api/portal/iniciarSesion', total, json(), { empresaId: EMPRESA, usuario: 'usuario_optica_lumen', contrasena: 'x' });
      expect(chunked.status).toBe(413);
      expect(JSON.parse(chunked.body)).toMatchObject({ ok: false, error: { message: es.errores.cuerpoDemasiadoGrande } });
      expect(chunked.sent).toBeLessThan(total);
    });

    it('campos demasiado largos: 400 con un mensaje claro en español, nada llega a la base de datos', async () => {
      const post = (path: string, body: unknown) => raw(server, { path, headers: json(), body: JSON.stringify(body) });
      const longEmail = `${'a'.repeat(290)}@agencia.co`;
      const cases: Array<[string, unknown, string]> = [
        ['/api/auth/iniciarSesion', { email: longEmail, password: 'Segura2026x' }, es.login.emailDemasiadoLargo],
        ['/api/auth/iniciarSesion', { email: ADMIN.email, password: 'A1'.repeat(101) }, es.login.contrasenaDemasiadoLarga],
        ['/api/auth/crearPrimerAdmin', { ...ADMIN, email: longEmail }, es.login.emailDemasiadoLargo],
        ['/api/auth/crearPrimerAdmin', { ...ADMIN, nombre: 'N'.repeat(121) }, es.primerAdmin.nombreDemasiadoLargo],
        ['/api/auth/crearPrimerAdmin', { ...ADMIN, password: `Aa1${'x'.repeat(200)}` }, es.login.contrasenaDemasiadoLarga],
        ['/api/portal/iniciarSesion', { empresaId: EMPRESA, usuario: 'u'.repeat(201), contrasena: 'x' }, tPortal.usuarioDemasiadoLargo],
        ['/api/portal/iniciarSesion', { empresaId: EMPRESA, usuario: 'usuario_optica_lumen', contrasena: 'x'.repeat(201) }, tPortal.contrasenaDemasiadoLarga],
      ];
      for (const [path, body, message] of cases) {
        const r = await post(path, body);
        expect(r.status, message).toBe(400);
        expect(errorOf(r)).toMatchObject({ code: 'validation', message });
      }
      const { rows } = await db.query('select 1 from auth.login_attempts');
      expect(rows).toHaveLength(0);
    });
  });

  it('lecturas de cuerpos a la vez: pasado el cupo responde 503 en español y se recupera al liberarse', async () => {
    const capped = await serve({ limits: { concurrentPublicBodies: 2 } });
    /** A request whose headers have arrived and whose body the server is waiting for (100-continue). */
    const holding = () =>
      new Promise<{ finish: () => Promise<number> }>((resolve, reject) => {
        const req = request({
          host: '127.0.0.1',
          port: capped.port,
          method: 'POST',
          path: '/api/auth/estado',
          headers: json({ 'Content-Length': '2', Expect: '100-continue' }),
        });
        const status = new Promise<number>((done) => req.on('response', (res) => (res.resume(), done(res.statusCode!))));
        req.on('error', reject);
        // Node answers 100 Continue right before it hands the request to the server's handler.
        req.on('continue', () => resolve({ finish: () => (req.end('{}'), status) }));
        req.flushHeaders();
      });
    const first = await holding();
    const second = await holding();
    const third = await raw(capped, { path: '/api/auth/estado', headers: json(), body: '{}' });
    expect(third.status).toBe(503);
    expect(errorOf(third)).toEqual({ code: 'unavailable', message: es.errores.servidorOcupado });

    expect(await first.finish()).toBe(200);
    expect(await second.finish()).toBe(200);
    expect((await raw(capped, { path: '/api/auth/estado', headers: json(), body: '{}' })).status).toBe(200);
  });

  it('inicios de sesión por dirección: pasado el cupo, 429 en español para toda operación de acceso; otras siguen', async () => {
    const limited = await serve({ limits: { signInAttempts: 3, signInWindowMs: 60_000 } });
    const post = (path: string, body: unknown) => raw(limited, { path, headers: json(), body: JSON.stringify(body) });
    for (let i = 1; i <= 3; i++) {
      const r = await post('/api/auth/iniciarSesion', { email: `nadie${i}@agencia.co`, password: 'Equivocada1' });
      expect(errorOf(r)?.code).toBe('unauthenticated');
    }
    const over = await post('/api/auth/iniciarSesion', { email: 'nadie4@agencia.co', password: 'Equivocada1' });
    expect(over.status).toBe(429);
    expect(errorOf(over)).toEqual({ code: 'locked', message: es.errores.demasiadosIntentosDireccion });
    expect(over.headers['retry-after']).toBe('60');
    const portal = await post('/api/portal/iniciarSesion', { empresaId: EMPRESA, usuario: 'usuario_optica_lumen', contrasena: 'Lm7qR2xv' });
    expect(errorOf(portal)).toEqual({ code: 'locked', message: es.errores.demasiadosIntentosDireccion });
    const primer = await post('/api/auth/crearPrimerAdmin', ADMIN);
    expect(primer.status).toBe(429);
    // Anything else from that address is still served.
    expect((await post('/api/auth/estado', {})).status).toBe(200);

    clock.advance(60_001);
    const again = await post('/api/auth/iniciarSesion', { email: 'nadie5@agencia.co', password: 'Equivocada1' });
    expect(errorOf(again)).toEqual({ code: 'unauthenticated', message: es.login.credencialesInvalidas });
  });

  it('las operaciones reciben la dirección del cliente (el bloqueo del portal cuenta por dirección)', async () => {
    const seen: Array<string | undefined> = [];
    const watched = await serve({
      dispatch: (area, name, input, ctx) => {
        if (area === 'portal') seen.push(ctx.clientAddress);
        return api.dispatch(area, name, input, ctx);
      },
    });
    const r = await raw(watched, {
      path: '/api/portal/iniciarSesion',
      headers: json(),
      body: JSON.stringify({ empresaId: EMPRESA, usuario: 'usuario_optica_lumen', contrasena: 'Equivocada1' }),
    });
    expect(errorOf(r)?.code).toBe('unauthenticated');
    expect(seen).toEqual(['127.0.0.1']);
  });

  it('la cookie del portal dura lo que su sesión (24 h); la del operador, 12 h', async () => {
    const portal = await fetch(`${server.url}/api/portal/iniciarSesion`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ empresaId: EMPRESA, usuario: 'usuario_optica_lumen', contrasena: 'Lm7qR2xv' }),
    });
    expect(portal.status).toBe(200);
    const set = portal.headers.get('set-cookie')!;
    expect(set).toMatch(new RegExp(`^${PORTAL_COOKIE}=[A-Za-z0-9_-]+;`));
    expect(set).toContain('Path=/api/portal');
    const maxAge = Number(/Max-Age=(\d+)/.exec(set)![1]);
    // From the session's own expiry: 24 h less the moments between the SQL answer and the header.
    expect(maxAge).toBeGreaterThan(24 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(24 * 3600);
    const expiraEn = Date.parse(((await portal.json()) as { data: { expiraEn: string } }).data.expiraEn);
    expect(Math.abs(expiraEn - (clock.now().getTime() + maxAge * 1000))).toBeLessThan(60_000);

    const operator = await fetch(`${server.url}/api/auth/iniciarSesion`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(operator.status).toBe(200);
    expect(operator.headers.get('set-cookie')).toContain(`Max-Age=${12 * 3600}`);
  });

  it('Configuración guarda la versión web del escritorio (solo un administrador) y el escritorio la obedece', async () => {
    const login = await fetch(`${server.url}/api/auth/iniciarSesion`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const call = async (name: string, body: unknown) =>
      (await raw(server, { path: `/api/conexion/${name}`, headers: json({ Cookie: cookie }), body: JSON.stringify(body) })).body;

    expect(JSON.parse(await call('servidorWeb', {}))).toEqual({ ok: true, data: { activo: false, nombres: [] } });
    expect(desktopHttpPlan(api.settings.get<ServidorWebSettings>(SERVIDOR_WEB_SETTINGS_KEY), [], {})).toBeNull();

    expect(JSON.parse(await call('guardarServidorWeb', { activo: true }))).toEqual({ ok: true, data: { activo: true, nombres: [] } });
    expect(desktopHttpPlan(api.settings.get<ServidorWebSettings>(SERVIDOR_WEB_SETTINGS_KEY), [], {})).toEqual({ port: 5180, allowedHosts: [], trustedProxies: [] });

    expect(JSON.parse(await call('guardarServidorWeb', { activo: false }))).toMatchObject({ ok: true, data: { activo: false } });
    expect(desktopHttpPlan(api.settings.get<ServidorWebSettings>(SERVIDOR_WEB_SETTINGS_KEY), [], {})).toBeNull();
  });
});

describe('el escritorio sirve HTTP solo si el operador lo enciende', () => {
  it('apagado por defecto; encendido por el ajuste, --http o CONSOLA_HTTP=1; CONSOLA_SIN_HTTP=1 lo apaga siempre', () => {
    expect(desktopHttpPlan(undefined, [], {})).toBeNull();
    expect(desktopHttpPlan({ activo: false }, [], {})).toBeNull();
    expect(desktopHttpPlan({}, ['--port', '6000'], { CONSOLA_HTTP_PORT: '6001' })).toBeNull();

    expect(desktopHttpPlan({ activo: true }, [], {})).toEqual({ port: 5180, allowedHosts: [], trustedProxies: [] });
    expect(desktopHttpPlan(undefined, ['--http'], {})).toEqual({ port: 5180, allowedHosts: [], trustedProxies: [] });
    expect(desktopHttpPlan(undefined, [], { CONSOLA_HTTP: '1' })).toEqual({ port: 5180, allowedHosts: [], trustedProxies: [] });
    expect(desktopHttpPlan({ activo: true }, [], { CONSOLA_SIN_HTTP: '1' })).toBeNull();
    expect(desktopHttpPlan(undefined, ['--http'], { CONSOLA_SIN_HTTP: '1' })).toBeNull();
  });

  it('puerto y nombres: del ajuste, de la línea de órdenes y del entorno', () => {
    expect(desktopHttpPlan({ activo: true }, ['--port', '6000'], { CONSOLA_HTTP_PORT: '6001' })?.port).toBe(6000);
    expect(desktopHttpPlan({ activo: true }, [], { CONSOLA_HTTP_PORT: '6001' })?.port).toBe(6001);
    expect(desktopHttpPlan({ activo: true }, ['--port=70000'], {})?.port).toBe(5180);
    expect(
      desktopHttpPlan({ activo: true, nombres: ['Portal.Agencia.co'] }, ['--host-name', 'equipo.lan', '--host-name=otro.lan,equipo.lan'], {
        CONSOLA_HOST_NAMES: 'portal.agencia.co, red.lan',
      })?.allowedHosts,
    ).toEqual(['portal.agencia.co', 'equipo.lan', 'otro.lan', 'red.lan']);
  });
});

/** Every folder and file under `root` (root included) whose mode gives anything to group or others. */
function openModes(root: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.mode & 0o077) found.push(`${(stat.mode & 0o777).toString(8)} ${path}`);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
  };
  walk(root);
  return found;
}

function everything(root: string): Map<string, { dir: boolean; mode: number }> {
  const all = new Map<string, { dir: boolean; mode: number }>();
  const walk = (path: string) => {
    const stat = lstatSync(path);
    all.set(path, { dir: stat.isDirectory(), mode: stat.mode & 0o777 });
    if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
  };
  walk(root);
  return all;
}

// PostgreSQL keeps its own data folder; the modes asked about are those of the embedded database on disk
// (POSIX modes: the suite runs on Linux; on Windows the product skips chmod, there are no such modes).
describe('la carpeta de datos es solo del usuario (PGlite en disco)', () => {
  let root: string;
  let dataDir: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'consola-modos-'));
    dataDir = join(root, 'datos');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('una carpeta nueva: lo que PGlite crea al abrir y lo que crea después no es legible por el grupo ni por otros', async () => {
    const embedded = await openEmbeddedBackend({ dataDir, seedDemoData: false });
    try {
      expect(everything(dataDir).size).toBeGreaterThan(500);
      expect(openModes(dataDir)).toEqual([]);
      const before = new Set(everything(dataDir).keys());
      await embedded.db.query('create table public.prueba_modos (id int primary key, texto text)');
      await embedded.db.query(`insert into public.prueba_modos select g, repeat('x', 200) from generate_series(1, 20000) g`);
      await embedded.db.query('checkpoint');
      const created = [...everything(dataDir).keys()].filter((path) => !before.has(path));
      expect(created.length).toBeGreaterThan(0);
      expect(openModes(dataDir)).toEqual([]);
    } finally {
      await embedded.cerrar();
    }
  });

  it('una carpeta de una versión anterior (archivos 0666, carpetas 0777) queda en 0700/0600 al abrir', async () => {
    mkdirSync(join(dataDir, 'archivos', 'marketing'), { recursive: true });
    writeFileSync(join(dataDir, 'archivos', 'marketing', 'logo.png'), 'png');
    writeFileSync(join(dataDir, 'settings.json'), '{}');
    for (const [path, entry] of everything(dataDir)) chmodSync(path, entry.dir ? 0o777 : 0o666);
    expect(openModes(dataDir).length).toBeGreaterThan(500);

    const embedded = await openEmbeddedBackend({ dataDir, seedDemoData: false });
    try {
      for (const [path, entry] of everything(dataDir)) {
        if (entry.dir) expect(entry.mode.toString(8), path).toBe('700');
        else expect(entry.mode & 0o077, path).toBe(0);
      }
      expect(everything(dataDir).get(join(dataDir, 'settings.json'))?.mode.toString(8)).toBe('600');
      expect(everything(dataDir).get(join(dataDir, 'archivos', 'marketing', 'logo.png'))?.mode.toString(8)).toBe('600');
    } finally {
      await embedded.cerrar();
    }
  });
});
