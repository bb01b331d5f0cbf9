/**
 * The move to a hosted project through the real host (issue 16): Configuración → Datos 'trasladar' on an embedded
 * host, the host switching itself to the hosted backend, and the first administrator signing in there with the
 * password he had on the embedded database.
 *
 * The hosted project is the run's PostgreSQL 15 (platform stand-ins + migrations) behind a small local stand-in
 * of GoTrue and PostgREST that answers from that database what the app asks: the project check ('Probar
 * conexión'), the password grant — checked with pgcrypto's crypt() against the moved bcrypt hash, as GoTrue
 * checks it — and the operator's profile. What real GoTrue adds (its own schema, identities) is covered by
 * traslado.test.ts with GoTrue's tables on the target.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import pg from 'pg';
import { openHost, type Host } from '../../src/main/host';
import type { ActividadDatos, EstadoTraslado } from '../../src/shared/ports/datos';
import { ADMIN, Caller } from '../support/operators';
import { clearService, storedCredentials, testService } from '../support/keychain';
import { hasta } from '../support/esperar';

const ANON = 'clave-anonima-del-proyecto-de-prueba';
const SERVICIO = testService('traslado-host');
const CONTRASENA_BASE = 'contraseña-base-host';

let destino: string;
let proyecto: string;
let servidor: Server;
let host: Host | undefined;
let dataDir: string;
const peticiones: string[] = [];

const b64 = (valor: unknown) => Buffer.from(JSON.stringify(valor)).toString('base64url');

beforeAll(async () => {
  const nombre = `traslado_host_${process.pid}`;
  const admin = new pg.Client({ connectionString: inject('pgUrl') });
  await admin.connect();
  await admin.query(`create database ${nombre}${inject('pgTemplate') ? ` template ${inject('pgTemplate')}` : ''}`);
  await admin.end();
  const url = new URL(inject('pgUrl'));
  url.pathname = `/${nombre}`;
  const sinClave = url.toString();
  url.password = CONTRASENA_BASE;
  destino = url.toString();
  const db = new pg.Pool({ connectionString: sinClave, max: 2 });

  servidor = createServer((req, res) => {
    let cuerpo = '';
    req.on('data', (c) => (cuerpo += c));
    req.on('end', () => {
      const json = (status: number, valor: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(valor));
      };
      peticiones.push(`${req.method} ${req.url?.split('?')[0]}`);
      if (req.headers.apikey !== ANON) return json(401, { message: 'Invalid API key' });
      const ruta = new URL(req.url!, 'http://x');
      void (async () => {
        if (ruta.pathname === '/auth/v1/settings') return json(200, { external: { email: true } });
        if (ruta.pathname === '/rest/v1/agente_marketing') return json(200, []);
        if (ruta.pathname === '/auth/v1/token' && ruta.searchParams.get('grant_type') === 'password') {
          const { email, password } = JSON.parse(cuerpo) as { email: string; password: string };
          const { rows } = await db.query<{ id: string; email: string }>(
            `select id::text, email from auth.users where lower(email) = lower($1) and encrypted_password = crypt($2, encrypted_password)`,
            [email, password],
          );
          const usuario = rows[0];
          if (!usuario) return json(400, { code: 'invalid_credentials', error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
          return json(200, {
            access_token: `${b64({ alg: 'HS256' })}.${b64({ sub: usuario.id, role: 'authenticated' })}.firma`,
            token_type: 'bearer',
            expires_in: 3600,
            expires_at: Math.floor(Date.now() / 1000) + 3600,
            refresh_token: 'refresco',
            user: { id: usuario.id, email: usuario.email, aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: new Date().toISOString() },
          });
        }
        if (ruta.pathname === '/rest/v1/perfiles') {
          const id = (ruta.searchParams.get('id') ?? '').replace(/^eq\./, '');
          const { rows } = await db.query(`select nombre, es_admin, activo from public.perfiles where id::text = $1`, [id]);
          return json(200, (req.headers.accept ?? '').includes('vnd.pgrst.object') ? (rows[0] ?? null) : rows);
        }
        if (ruta.pathname === '/auth/v1/logout') return void res.writeHead(204).end();
        return json(404, { message: 'not found' });
      })().catch(() => json(500, { message: 'error' }));
    });
  });
  servidor.on('close', () => void db.end());
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', () => r()));
  proyecto = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;

  dataDir = mkdtempSync(join(tmpdir(), 'consola-traslado-host-'));
  host = await openHost({ dataDir, seedDemoData: true, secretsService: SERVICIO, copiasAutomaticas: false, log: () => undefined });
}, 180_000);

afterAll(async () => {
  await host?.close();
  await new Promise((r) => servidor.close(r));
  await clearService(SERVICIO);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('traslado a Supabase desde el host', () => {
  it('el administrador traslada, la aplicación pasa a Supabase y él entra con su misma contraseña', async () => {
    const yo = new Caller();
    const llamar = (area: string, op: string, input: unknown = {}) => host!.dispatch(area, op, input, yo);
    expect(await llamar('auth', 'crearPrimerAdmin', ADMIN)).toMatchObject({ ok: true });
    const campana = await llamar('llamadas', 'crearCampana', { nombre: 'Campaña que viaja', minutos: 30 });
    expect(campana).toMatchObject({ ok: true });

    const inicio = await llamar('datos', 'trasladar', { supabaseUrl: proyecto, anonKey: ANON, conexionBase: destino });
    expect(inicio).toMatchObject({ ok: true, data: { tipo: 'traslado', estado: 'en_curso' } });
    // Read as the screen reads it, until the switch ends the embedded session; no step on the way failed.
    await hasta(async () => {
      const r = await llamar('datos', 'actividad');
      if (!r.ok) {
        expect(r.error.code).toBe('unauthenticated');
        return true;
      }
      const actividad = r.data as ActividadDatos;
      expect(actividad.mensaje ?? '').not.toMatch(/No se pudo|no tiene|ya tiene/);
      return actividad.estado !== 'en_curso';
    }, 'el traslado termina', { maximoMs: 240_000, cadaMs: 50 });
    expect(host!.backendKind).toBe('hosted');

    // Signed in on hosted with the embedded password: GoTrue's stand-in checked it against the moved hash.
    expect(await llamar('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password })).toMatchObject({ ok: true });
    expect(await llamar('auth', 'iniciarSesion', { email: ADMIN.email, password: 'Otra-Contraseña-1' })).toMatchObject({ ok: false });
    expect(await llamar('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password })).toMatchObject({ ok: true });
    const actividad = await llamar('datos', 'actividad');
    expect(actividad).toMatchObject({ ok: true, data: { tipo: 'traslado', estado: 'terminada' } });
    expect((actividad as { data: ActividadDatos }).data.mensaje).toMatch(/^Traslado terminado/);
    const estado = (await llamar('datos', 'traslado')) as { ok: true; data: EstadoTraslado };
    expect(estado.data).toMatchObject({ supabaseUrl: proyecto, conexionGuardada: false, pendiente: null, datosLocales: true });

    // The campaign is in the project; the connection string is nowhere: not in the keychain, not in settings.
    const c = new pg.Client({ connectionString: destino });
    await c.connect();
    expect((await c.query(`select nombre from public.campanas where nombre = 'Campaña que viaja'`)).rows).toHaveLength(1);
    await c.end();
    expect((await storedCredentials(SERVICIO)).map((x) => x.account)).not.toContain('traslado:conexion-base');
    const ajustes = readFileSync(join(dataDir, 'settings.json'), 'utf8');
    expect(ajustes).not.toContain(CONTRASENA_BASE);
    expect(ajustes).not.toContain(encodeURIComponent(CONTRASENA_BASE));
    expect(JSON.parse(ajustes).conexion).toEqual({ backend: 'hosted', supabaseUrl: proyecto });

    // Only when asked, the embedded database goes.
    expect(existsSync(join(dataDir, 'pgdata'))).toBe(true);
    expect(await llamar('datos', 'eliminarDatosLocales')).toMatchObject({ ok: true });
    expect(existsSync(join(dataDir, 'pgdata'))).toBe(false);
    expect(peticiones).toContain('POST /auth/v1/token');
  }, 300_000);
});
