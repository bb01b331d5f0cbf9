/**
 * Settings below the screen: the password change verified on both databases and on the hosted backend
 * (a local Supabase project: the real PostgREST, an Auth stand-in), the connections saved with their secrets only in the real keychain, the
 * 'Probar conexión' messages, and the host switching backend behind the same dispatch.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlClient } from '../../src/shared/ports/sql';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, embeddedApi } from '../support/operators';
import { crearBackendAlojado } from '../../src/main/motores/alojado/open-hosted';
import { crearBoveda } from '../../src/main/secretos/vault';
import { crearApi } from '../../src/shared/api';
import { crearDespachador, type Implementations } from '../../src/main/dispatch';
import { probarProyecto } from '../../src/shared/areas/conexion/operations';
import { openHost } from '../../src/main/host';
import { es } from '../../src/shared/i18n/es';
import { clearService, storedPassword } from '../support/keychain';
import { startSupabaseLocal, type SupabaseLocal } from '../support/supabase-local';

const c = es.configuracion;
const NUEVA = 'Renovada2026y';
const HOST_SERVICE = `consola-test-host-${process.pid}-${Date.now()}`;

describe.each(MIGRATED_BACKENDS)('cambio de contraseña, base embebida (%s)', (_name, fresh) => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  const caller = new Caller();
  const other = new Caller();

  beforeAll(async () => {
    db = await fresh();
    api = await embeddedApi(db);
    await api.dispatch('auth', 'crearPrimerAdmin', ADMIN, caller);
    await api.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, other);
  });
  afterAll(async () => {
    await db?.cerrar();
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
// A local Supabase project: the real PostgREST 12 on PostgreSQL 15 behind a gateway with Auth and Storage
// stand-ins (tests/support/supabase-local.ts).
const PASSWORD = 'Correcta2026';
let supabase: SupabaseLocal;
let url: string;
let ANON: string;
const USER = { id: '', email: 'ana@agencia.co' };
const updates = () => supabase.requests.filter((r) => r.path === '/auth/v1/user' && r.method === 'PUT');

beforeAll(async () => {
  supabase = await startSupabaseLocal({ clusterUrl: inject('pgUrl') });
  url = supabase.url;
  ANON = supabase.anonKey;
  USER.id = await supabase.crearOperador(USER.email, PASSWORD, { admin: true, nombre: 'Ana Ruiz' });
});
afterAll(async () => {
  await clearService(HOST_SERVICE);
  await supabase?.close();
});

describe('cambio de contraseña, Supabase alojado', () => {
  it('verifica la actual con el proveedor antes de updateUser', async () => {
    const service = `consola-test-cfg-${process.pid}-${Date.now()}`;
    const backend = crearBackendAlojado({ url, anonKey: ANON }, crearBoveda(service));
    const dispatch = crearDespachador(crearApi(backend) as unknown as Implementations);
    const caller = new Caller();
    expect(await dispatch('auth', 'iniciarSesion', { email: USER.email, password: PASSWORD }, caller)).toMatchObject({ ok: true });

    const updatesBefore = updates().length;
    expect(await dispatch('configuracion', 'cambiarContrasena', { actual: 'Mala2026xx', nueva: NUEVA, confirmacion: NUEVA }, caller)).toMatchObject({
      ok: false,
      error: { message: c.actualIncorrecta },
    });
    expect(updates().length).toBe(updatesBefore);

    expect(await dispatch('configuracion', 'cambiarContrasena', { actual: PASSWORD, nueva: NUEVA, confirmacion: NUEVA }, caller)).toEqual({ ok: true, data: null });
    expect(updates().length).toBe(updatesBefore + 1);
    expect(await dispatch('auth', 'iniciarSesion', { email: USER.email, password: PASSWORD }, new Caller())).toMatchObject({ ok: false, error: { message: es.login.credencialesInvalidas } });
    expect(await dispatch('auth', 'iniciarSesion', { email: USER.email, password: NUEVA }, new Caller())).toMatchObject({ ok: true });
    await dispatch('auth', 'cerrarSesion', {}, caller);
    // Back to the first password for the tests after this one.
    await supabase.sql("update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf', 4)) where id = $1", [USER.id, PASSWORD]);
    await clearService(service);
  });
});

describe('almacenamiento alojado (Supabase Storage)', () => {
  it('sube sin sobrescribir con cache 3600 y el token del operador, descarga y borra', async () => {
    const service = `consola-test-st-${process.pid}-${Date.now()}`;
    const backend = crearBackendAlojado({ url, anonKey: ANON }, crearBoveda(service));
    const session = await backend.auth.verifyPassword(USER.email, PASSWORD);
    expect(session).not.toBeNull();
    const storage = backend.storageFor!(session!);
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0xe9, 0x00, 0xff]);
    const path = `${USER.id}/1764000000000_Brief.pdf`;
    await storage.upload('agente-marketing-files', path, bytes, { contentType: 'application/pdf', cacheControlSeconds: 3600 });
    // The object's row, written as the operator (the bucket's policies let him into his own folder only).
    const [fila] = await supabase.sql<{ owner: string; metadata: { mimetype: string; cacheControl: string; size: number } }>(
      'select owner, metadata from storage.objects where bucket_id = $1 and name = $2',
      ['agente-marketing-files', path],
    );
    expect(fila).toMatchObject({ owner: USER.id, metadata: { mimetype: 'application/pdf', cacheControl: 'max-age=3600', size: bytes.length } });
    await expect(storage.upload('agente-marketing-files', path, bytes, { contentType: 'application/pdf', cacheControlSeconds: 3600 })).rejects.toMatchObject({ code: 'conflict' });
    // Another operator's folder is refused by the policy, not by the console.
    await expect(storage.upload('agente-marketing-files', `00000000-0000-4000-8000-000000000000/1764000000000_Brief.pdf`, bytes, { contentType: 'application/pdf', cacheControlSeconds: 3600 }))
      .rejects.toMatchObject({ code: 'unavailable' });
    expect(await storage.download('agente-marketing-files', path)).toEqual(bytes);
    await storage.remove('agente-marketing-files', [path]);
    expect(await supabase.sql('select 1 from storage.objects where name = $1', [path])).toEqual([]);
    await expect(storage.download('agente-marketing-files', path)).rejects.toMatchObject({ code: 'not_found' });
    await backend.auth.signOut(session!.token);
    await clearService(service);
  });
});

describe('Probar conexión', () => {
  it('dice qué falló: red, clave, esquema (supabase db push); y ok, contra el PostgREST real', async () => {
    await expect(probarProyecto(url, ANON)).resolves.toBe(c.pruebaOk);
    // The check runs as anon: a table read would be refused (42501, 401) however right the key is.
    expect(supabase.requests.filter((r) => r.path.startsWith('/rest/v1/')).map((r) => [r.path, r.status]).at(-1)).toEqual(['/rest/v1/rpc/consola_version_esquema', 200]);
    await expect(probarProyecto(url, 'otra-clave')).rejects.toMatchObject({ message: c.pruebaClaveRechazada });
    // A key of another project (signed with another secret): the gateway refuses it too.
    await expect(probarProyecto(url, supabase.anonKey.replace(/\.[^.]+$/, '.firma-de-otro-proyecto'))).rejects.toMatchObject({ message: c.pruebaClaveRechazada });

    // A project where the migrations were never pushed: PostgREST answers PGRST202 for the function.
    const definicion = (await supabase.sql<{ def: string }>(`select pg_get_functiondef('public.consola_version_esquema()'::regprocedure) as def`))[0]!.def;
    await supabase.sql('drop function public.consola_version_esquema()');
    await expect.poll(() => probarProyecto(url, ANON).catch((e: Error) => e.message), { timeout: 20_000 }).toBe(c.pruebaSinEsquema);
    // A project with an older console's schema.
    await supabase.sql(`create function public.consola_version_esquema() returns text language sql stable as $$ select '20261128001310' $$`);
    await supabase.sql('grant execute on function public.consola_version_esquema() to anon');
    await expect.poll(() => probarProyecto(url, ANON).catch((e: Error) => e.message), { timeout: 20_000 }).toBe(c.pruebaEsquemaAntiguo('20261128001310'));
    await supabase.sql(definicion.replace(/^CREATE FUNCTION/i, 'CREATE OR REPLACE FUNCTION'));
    await expect.poll(() => probarProyecto(url, ANON).catch((e: Error) => e.message), { timeout: 20_000 }).toBe(c.pruebaOk);

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
      expect(await host.dispatch('auth', 'iniciarSesion', { email: USER.email, password: PASSWORD }, hosted)).toMatchObject({ ok: true });
      const info = await host.dispatch('conexion', 'backend', {}, hosted);
      answers.push(info);
      expect(info).toMatchObject({ ok: true, data: { backend: 'hosted', activo: 'hosted', claveGuardada: true } });
      answers.push(await host.dispatch('conexion', 'webhooks', {}, hosted));

      // Nothing secret in the settings file, nor in anything the renderer received.
      const file = readFileSync(join(dataDir, 'ajustes.json'), 'utf8');
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
      await host.cerrar();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
