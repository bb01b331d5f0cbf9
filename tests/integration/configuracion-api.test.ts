/**
 * Settings below the screen: the password change verified on both databases and on the hosted backend
 * (a local GoTrue stand-in), the connections saved with their secrets only in the real keychain, the
 * 'Probar conexión' messages, and the host switching backend behind the same dispatch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlClient } from '../../src/shared/ports/sql';
import { BACKENDS } from '../support/databases';
import { ADMIN, Caller, embeddedApi, migrated } from '../support/operators';
import { createHostedBackend } from '../../src/main/backends/hosted/open-hosted';
import { createVault } from '../../src/main/secrets/vault';
import { createApi } from '../../src/shared/api';
import { createDispatcher, type Implementations } from '../../src/main/dispatch';
import { probarProyecto } from '../../src/shared/areas/conexion/operations';
import { openHost } from '../../src/main/host';
import { es } from '../../src/shared/i18n/es';
import { clearService, storedPassword } from '../support/keychain';

const c = es.configuracion;
const NUEVA = 'Renovada2026y';
const HOST_SERVICE = `consola-test-host-${process.pid}-${Date.now()}`;

describe.each(BACKENDS)('cambio de contraseña, base embebida (%s)', (_name, fresh) => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  const caller = new Caller();
  const other = new Caller();

  beforeAll(async () => {
    db = await migrated(await fresh());
    api = await embeddedApi(db);
    await api.dispatch('auth', 'crearPrimerAdmin', ADMIN, caller);
    await api.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, other);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('verifica la actual, aplica las reglas y cambia; la sesión sigue y las demás terminan', async () => {
    const change = (input: object, who = caller) => api.dispatch('configuracion', 'cambiarContrasena', input, who);
    expect(await change({ actual: '', nueva: NUEVA, confirmacion: NUEVA })).toMatchObject({ ok: false, error: { message: c.camposRequeridos } });
    expect(await change({ actual: ADMIN.password, nueva: NUEVA, confirmacion: 'Otra2026zz' })).toMatchObject({ ok: false, error: { message: c.nuevasNoCoinciden } });
    expect(await change({ actual: ADMIN.password, nueva: 'Corta1', confirmacion: 'Corta1' })).toMatchObject({ ok: false, error: { message: c.minimoNueva } });
    expect(await change({ actual: ADMIN.password, nueva: 'sinmayuscula1', confirmacion: 'sinmayuscula1' })).toMatchObject({ ok: false, error: { message: es.password.mayuscula } });
    expect(await change({ actual: ADMIN.password, nueva: NUEVA, confirmacion: NUEVA }, new Caller())).toMatchObject({ ok: false, error: { message: c.noAutenticado } });
    expect(await change({ actual: 'NoEsLaActual1', nueva: NUEVA, confirmacion: NUEVA })).toMatchObject({ ok: false, error: { code: 'validation', message: c.actualIncorrecta } });

    expect(await change({ actual: ADMIN.password, nueva: NUEVA, confirmacion: NUEVA })).toEqual({ ok: true, data: null });
    expect(await api.dispatch('configuracion', 'perfil', {}, caller)).toMatchObject({ ok: true, data: { esAdmin: true } });
    expect(await api.dispatch('configuracion', 'perfil', {}, other)).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    expect(await api.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, new Caller())).toMatchObject({ ok: false, error: { message: es.login.credencialesInvalidas } });
    expect(await api.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: NUEVA }, new Caller())).toMatchObject({ ok: true });
  });

  it('las contraseñas actuales erróneas cuentan para el bloqueo', async () => {
    let last: unknown;
    for (let i = 0; i < 5; i++) last = await api.dispatch('configuracion', 'cambiarContrasena', { actual: `Mala${i}2026xx`, nueva: 'Otra2026zz', confirmacion: 'Otra2026zz' }, caller);
    expect(last).toMatchObject({ ok: false, error: { code: 'locked' } });
  });
});

// ---------------------------------------------------------------------------------------------------
// A local stand-in for a Supabase project: GoTrue (password grant, settings, user update) and PostgREST.
const USER = { id: '6f1c2a57-3c1e-4a8e-9b43-0a1d2e3f4a5b', email: 'ana@agencia.co', created_at: '2026-01-02T03:04:05Z' };
const ANON = 'clave-anonima-de-prueba-123';
let password = 'Correcta2026';
let server: Server;
let url: string;
const seen: Array<{ method: string; url: string; body: string }> = [];
let restMode: 'ok' | 'sin-tablas' = 'ok';
const stored = new Map<string, { bytes: Buffer; headers: IncomingMessage['headers'] }>();

function handle(req: IncomingMessage, res: ServerResponse, body: string) {
  seen.push({ method: req.method!, url: req.url!, body });
  const json = (status: number, value: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
  if (req.headers.apikey !== ANON) return json(401, { message: 'Invalid API key' });
  if (req.url === '/auth/v1/settings') return json(200, { external: { email: true } });
  if (req.url?.startsWith('/auth/v1/token?grant_type=password')) {
    const input = JSON.parse(body);
    if (input.email === USER.email && input.password === password) {
      return json(200, {
        access_token: `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2ZjFj${seen.length}In0.firma`,
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        refresh_token: `refresco-${seen.length}`,
        user: { ...USER, aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {} },
      });
    }
    return json(400, { code: 'invalid_credentials', error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  }
  if (req.url === '/auth/v1/user' && req.method === 'PUT') {
    const input = JSON.parse(body);
    password = input.password;
    return json(200, { ...USER, aud: 'authenticated', role: 'authenticated' });
  }
  if (req.url?.startsWith('/auth/v1/logout')) return void res.writeHead(204).end();
  if (req.url?.startsWith('/rest/v1/perfiles')) {
    const row = { nombre: 'Ana Ruiz', es_admin: true };
    return json(200, (req.headers.accept ?? '').includes('vnd.pgrst.object') ? row : [row]);
  }
  if (req.url?.startsWith('/storage/v1/object/')) {
    const key = decodeURIComponent(req.url.slice('/storage/v1/object/'.length));
    if (req.method === 'POST') {
      if (stored.has(key)) return json(400, { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' });
      stored.set(key, { bytes: Buffer.from(body, 'latin1'), headers: req.headers });
      return json(200, { Key: key, Id: 'x' });
    }
    if (req.method === 'GET') {
      const file = stored.get(key);
      if (!file) return json(400, { statusCode: '404', error: 'not_found', message: 'Object not found' });
      return void res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(file.bytes);
    }
    if (req.method === 'DELETE') {
      for (const prefix of JSON.parse(body).prefixes as string[]) stored.delete(`${key}/${prefix}`);
      return json(200, []);
    }
  }
  if (req.url?.startsWith('/rest/v1/agente_marketing')) {
    return restMode === 'ok' ? json(200, []) : json(404, { code: 'PGRST205', message: 'Could not find the table' });
  }
  json(404, { message: 'not found' });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('latin1');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await clearService(HOST_SERVICE);
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('cambio de contraseña, Supabase alojado', () => {
  it('verifica la actual con el proveedor antes de updateUser', async () => {
    const service = `consola-test-cfg-${process.pid}-${Date.now()}`;
    const backend = createHostedBackend({ url, anonKey: ANON }, createVault(service));
    const dispatch = createDispatcher(createApi(backend) as unknown as Implementations);
    const caller = new Caller();
    expect(await dispatch('auth', 'iniciarSesion', { email: USER.email, password }, caller)).toMatchObject({ ok: true });

    const updatesBefore = seen.filter((r) => r.url === '/auth/v1/user').length;
    expect(await dispatch('configuracion', 'cambiarContrasena', { actual: 'Mala2026xx', nueva: NUEVA, confirmacion: NUEVA }, caller)).toMatchObject({
      ok: false,
      error: { message: c.actualIncorrecta },
    });
    expect(seen.filter((r) => r.url === '/auth/v1/user').length).toBe(updatesBefore);

    expect(await dispatch('configuracion', 'cambiarContrasena', { actual: 'Correcta2026', nueva: NUEVA, confirmacion: NUEVA }, caller)).toEqual({ ok: true, data: null });
    const update = seen.filter((r) => r.url === '/auth/v1/user').at(-1)!;
    expect(JSON.parse(update.body)).toMatchObject({ password: NUEVA });
    expect(await dispatch('auth', 'iniciarSesion', { email: USER.email, password: NUEVA }, new Caller())).toMatchObject({ ok: true });
    await dispatch('auth', 'cerrarSesion', {}, caller);
    await clearService(service);
    password = 'Correcta2026';
  });
});

describe('almacenamiento alojado (Supabase Storage)', () => {
  it('sube sin sobrescribir con cache 3600 y el token del operador, descarga y borra', async () => {
    const service = `consola-test-st-${process.pid}-${Date.now()}`;
    const backend = createHostedBackend({ url, anonKey: ANON }, createVault(service));
    const session = await backend.auth.verifyPassword(USER.email, password);
    expect(session).not.toBeNull();
    const storage = backend.storageFor!(session!);
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0xe9, 0x00, 0xff]);
    const path = `${USER.id}/1764000000000_Brief.pdf`;
    await storage.upload('agente-marketing-files', path, bytes, { contentType: 'application/pdf', cacheControlSeconds: 3600 });
    const file = stored.get(`agente-marketing-files/${path}`)!;
    expect(new Uint8Array(file.bytes)).toEqual(bytes);
    expect(file.headers['x-upsert']).toBe('false');
    expect(file.headers['cache-control']).toBe('max-age=3600');
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers.authorization).toMatch(/^Bearer eyJ/);
    await expect(storage.upload('agente-marketing-files', path, bytes, { contentType: 'application/pdf', cacheControlSeconds: 3600 })).rejects.toMatchObject({ code: 'conflict' });
    expect(await storage.download('agente-marketing-files', path)).toEqual(bytes);
    await storage.remove('agente-marketing-files', [path]);
    expect(stored.has(`agente-marketing-files/${path}`)).toBe(false);
    await expect(storage.download('agente-marketing-files', path)).rejects.toMatchObject({ code: 'not_found' });
    await backend.auth.signOut(session!.token);
    await clearService(service);
  });
});

describe('Probar conexión', () => {
  it('dice qué falló: red, clave, tablas; y ok', async () => {
    await expect(probarProyecto(url, ANON)).resolves.toBe(c.pruebaOk);
    await expect(probarProyecto(url, 'otra-clave')).rejects.toMatchObject({ message: c.pruebaClaveRechazada });
    restMode = 'sin-tablas';
    await expect(probarProyecto(url, ANON)).rejects.toMatchObject({ message: c.pruebaSinTablas });
    restMode = 'ok';
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((r) => closed.close(r));
    await expect(probarProyecto(dead, ANON)).rejects.toMatchObject({ message: c.pruebaSinRed(dead) });
    const html = createServer((_q, s) => s.writeHead(200, { 'Content-Type': 'text/html' }).end('<html></html>'));
    await new Promise<void>((r) => html.listen(0, '127.0.0.1', () => r()));
    const htmlUrl = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;
    await expect(probarProyecto(htmlUrl, ANON)).rejects.toMatchObject({ message: c.pruebaNoEsSupabase(200) });
    await new Promise((r) => html.close(r));
  });
});

describe('conexiones: ningún secreto fuera del llavero, y cambio de backend en el host', () => {
  it('guarda webhooks y Supabase; ajustes y respuestas sin secretos; cambiar de backend cierra sesión y reconecta', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'consola-host-'));
    const logs: string[] = [];
    const host = await openHost({ dataDir, seedDemoData: false, secretsService: HOST_SERVICE, log: (msg) => logs.push(msg) });
    try {
      expect(host.backendKind).toBe('embedded');
      const caller = new Caller();
      expect(await host.dispatch('auth', 'crearPrimerAdmin', ADMIN, caller)).toMatchObject({ ok: true });

      const secrets = ['Clave-Basic-Secreta-1', 'token-bearer-secreto-2', 'valor-cabecera-secreto-3', ANON];
      const webhooks = [
        { name: 'analisisArchivo', url: 'https://n8n.agencia.co/webhook/archivo', auth: 'basic', usuario: 'n8n', contrasena: secrets[0] },
        { name: 'flujoBots', url: 'https://n8n.agencia.co/webhook/bots', auth: 'bearer', token: secrets[1] },
        { name: 'llamadaSaliente', url: 'https://n8n.agencia.co/webhook/llamar', auth: 'cabeceras', cabeceras: { 'X-Api-Key': secrets[2] } },
      ];
      const answers: unknown[] = [];
      for (const w of webhooks) answers.push(await host.dispatch('conexion', 'guardarWebhook', w, caller));
      answers.push(await host.dispatch('conexion', 'probarSupabase', { supabaseUrl: url, anonKey: ANON }, caller));
      answers.push(await host.dispatch('conexion', 'webhooks', {}, caller));
      expect(answers.every((a) => (a as { ok: boolean }).ok)).toBe(true);
      expect((answers[3] as { data: { mensaje: string } }).data.mensaje).toBe(c.pruebaOk);

      // Switch to the hosted project: the caller is signed out and the host reopens on it.
      const switched = await host.dispatch('conexion', 'guardarBackend', { backend: 'hosted', supabaseUrl: `${url}/`, anonKey: ANON }, caller);
      answers.push(switched);
      expect(switched).toMatchObject({ ok: true, data: { backend: 'hosted', supabaseUrl: url, claveGuardada: true } });
      expect(caller.token).toBeNull();
      expect(host.backendKind).toBe('hosted');
      expect(await host.dispatch('auth', 'estado', {}, caller)).toMatchObject({ ok: true, data: { backend: 'hosted', operator: null, needsSetup: false } });

      const hosted = new Caller();
      expect(await host.dispatch('auth', 'iniciarSesion', { email: USER.email, password }, hosted)).toMatchObject({ ok: true });
      const info = await host.dispatch('conexion', 'backend', {}, hosted);
      answers.push(info);
      expect(info).toMatchObject({ ok: true, data: { backend: 'hosted', activo: 'hosted', claveGuardada: true } });
      answers.push(await host.dispatch('conexion', 'webhooks', {}, hosted));

      // Nothing secret in the settings file, nor in anything the renderer received.
      const file = readFileSync(join(dataDir, 'settings.json'), 'utf8');
      const visible = JSON.stringify(answers);
      for (const secret of secrets) {
        expect(file).not.toContain(secret);
        expect(visible).not.toContain(secret);
      }
      expect(JSON.parse(file)).toMatchObject({ conexion: { backend: 'hosted', supabaseUrl: url } });
      expect(await storedPassword(HOST_SERVICE, 'supabase-anon-key')).toBe(ANON);

      // And back to the embedded database, where the administrator still exists.
      expect(await host.dispatch('conexion', 'guardarBackend', { backend: 'embedded' }, hosted)).toMatchObject({ ok: true });
      expect(hosted.token).toBeNull();
      expect(host.backendKind).toBe('embedded');
      expect(await host.dispatch('auth', 'estado', {}, hosted)).toMatchObject({ ok: true, data: { backend: 'embedded', needsSetup: false } });
      expect(await host.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, hosted)).toMatchObject({ ok: true });
    } finally {
      await host.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
