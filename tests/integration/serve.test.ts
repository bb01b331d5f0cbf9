import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openHost } from '../../src/main/host';
import type { Host } from '../../src/main/host';
import { startServer, type RunningServer, SESSION_COOKIE } from '../../src/main/serve';
import { es } from '../../src/shared/i18n/es';

/** The HTTP host over a real embedded database: static files, deep links, the API and its cookie. */
let dir: string;
let host: Host;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'consola-serve-'));
  const renderer = join(dir, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Consola</title><div id="root"></div>');
  writeFileSync(join(renderer, 'assets', 'app-1234abcd.js'), 'console.log("app")');
  writeFileSync(join(dir, 'secreto.txt'), 'no debe salir');
  host = await openHost({ dataDir: join(dir, 'data'), seedDemoData: false, log: () => {} });
  server = await startServer({ dispatch: host.dispatch, rendererDir: renderer });
});
afterAll(async () => {
  await server?.cerrar();
  await host?.cerrar();
  rmSync(dir, { recursive: true, force: true });
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(server.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('servidor web local', () => {
  it('sirve el renderer con CSP, rutas profundas a index.html y recursos con caché inmutable', async () => {
    const home = await fetch(server.url + '/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(home.headers.get('x-frame-options')).toBe('DENY');
    const deep = await fetch(server.url + '/dashboard/proyectos/metricas');
    expect(await deep.text()).toContain('<div id="root">');
    const asset = await fetch(server.url + '/assets/app-1234abcd.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect((await fetch(server.url + '/assets/no-existe.js')).status).toBe(404);
  });

  it('no sale de la carpeta del renderer', async () => {
    for (const path of ['/../secreto.txt', '/%2e%2e/secreto.txt', '/assets/..%2f..%2fsecreto.txt', '/..%5csecreto.txt']) {
      const res = await fetch(server.url + path);
      expect(await res.text()).not.toContain('no debe salir');
    }
  });

  it('la sesión viaja en una cookie HttpOnly y SameSite=Strict; el token nunca va en el cuerpo', async () => {
    const estado = await post('/api/auth/estado', {});
    expect(await estado.json()).toEqual({ ok: true, data: { needsSetup: true, operator: null, backend: 'embedded' } });

    const created = await post('/api/auth/crearPrimerAdmin', { nombre: 'Ana Ruiz', email: 'ana@agencia.co', password: 'Segura2026x' });
    expect(created.status).toBe(200);
    const cookie = created.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]+;`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const body = await created.json();
    const token = cookie.split(';')[0]!.split('=')[1]!;
    expect(JSON.stringify(body)).not.toContain(token);

    const pair = cookie.split(';')[0]!;
    const search = await post('/api/shell/buscar', { q: 'nadie' }, { Cookie: pair });
    expect(await search.json()).toEqual({ ok: true, data: [] });

    const anonymous = await post('/api/shell/buscar', { q: 'x' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ ok: false, error: { code: 'unauthenticated', message: es.login.noAutenticado } });

    const out = await post('/api/auth/cerrarSesion', {}, { Cookie: pair });
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    const after = await post('/api/shell/notificaciones', {}, { Cookie: pair });
    expect(after.status).toBe(401);
  });

  it('rechaza otros orígenes, cuerpos que no son JSON y operaciones desconocidas, en español', async () => {
    const foreign = await post('/api/auth/estado', {}, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ ok: false, error: { message: es.errores.origenNoPermitido } });
    const form = await fetch(server.url + '/api/auth/iniciarSesion', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    expect(form.status).toBe(415);
    const broken = await fetch(server.url + '/api/auth/iniciarSesion', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{nope' });
    expect(await broken.json()).toMatchObject({ ok: false, error: { code: 'validation', message: es.errores.entradaInvalida } });
    const unknown = await post('/api/auth/borrarTodo', {});
    expect(unknown.status).toBe(404);
    const get = await fetch(server.url + '/api/auth/estado');
    expect(get.status).toBe(405);
  });
});
