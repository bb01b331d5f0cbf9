/**
 * The move to a hosted project through the real host (issue 16): Configuración → Datos 'trasladar' on an embedded
 * host, the host switching itself to the hosted backend, and the first administrator signing in there with the
 * password he had on the embedded database.
 *
 * The hosted project is a local Supabase project (tests/support/supabase-local.ts): the run's PostgreSQL 15 prepared
 * as a new project (GoTrue's auth tables, the extensions schema) with every migration pushed, the real PostgREST 12
 * behind one URL, and the Auth stand-in that checks the password with pgcrypto's crypt() against the moved bcrypt
 * hash, as GoTrue does. The move's own 'Probar conexión' runs against it too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import pg from 'pg';
import { openHost, type Host } from '../../src/main/host';
import type { ActividadDatos, EstadoTraslado } from '../../src/shared/ports/datos';
import { ADMIN, Caller } from '../support/operators';
import { clearService, storedCredentials, testService } from '../support/keychain';
import { startSupabaseLocal, type SupabaseLocal } from '../support/supabase-local';
import { hasta } from '../support/esperar';

const SERVICIO = testService('traslado-host');
const CONTRASENA_BASE = 'contraseña-base-host';

let supabase: SupabaseLocal;
let ANON: string;
let destino: string;
let proyecto: string;
let host: Host | undefined;
let dataDir: string;

beforeAll(async () => {
  supabase = await startSupabaseLocal({ clusterUrl: inject('pgUrl') });
  ANON = supabase.anonKey;
  proyecto = supabase.url;
  // As an administrator pastes it: with a password (the cluster trusts local connections and ignores it).
  const url = new URL(supabase.databaseUrl);
  url.password = CONTRASENA_BASE;
  destino = url.toString();

  dataDir = mkdtempSync(join(tmpdir(), 'consola-traslado-host-'));
  host = await openHost({ dataDir, seedDemoData: true, secretsService: SERVICIO, copiasAutomaticas: false, log: () => undefined });
}, 180_000);

afterAll(async () => {
  await host?.cerrar();
  await supabase?.close();
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

    // Signed in on hosted with the embedded password: the Auth stand-in checked it against the moved hash.
    expect(await llamar('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password })).toMatchObject({ ok: true });
    expect(await llamar('auth', 'iniciarSesion', { email: ADMIN.email, password: 'Otra-Contraseña-1' })).toMatchObject({ ok: false });
    expect(await llamar('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password })).toMatchObject({ ok: true });
    const actividad = await llamar('datos', 'actividad');
    expect(actividad).toMatchObject({ ok: true, data: { tipo: 'traslado', estado: 'terminado' } });
    expect((actividad as { data: ActividadDatos }).data.mensaje).toMatch(/^Traslado terminado/);
    const estado = (await llamar('datos', 'traslado')) as { ok: true; data: EstadoTraslado };
    expect(estado.data).toMatchObject({ supabaseUrl: proyecto, conexionGuardada: false, pendiente: null, datosLocales: true });

    // The campaign is in the project; the connection string is nowhere: not in the keychain, not in settings.
    const c = new pg.Client({ connectionString: destino });
    await c.connect();
    expect((await c.query(`select nombre from public.campanas where nombre = 'Campaña que viaja'`)).rows).toHaveLength(1);
    await c.end();
    expect((await storedCredentials(SERVICIO)).map((x) => x.account)).not.toContain('traslado:conexion-base');
    const ajustes = readFileSync(join(dataDir, 'ajustes.json'), 'utf8');
    expect(ajustes).not.toContain(CONTRASENA_BASE);
    expect(ajustes).not.toContain(encodeURIComponent(CONTRASENA_BASE));
    expect(JSON.parse(ajustes).conexion).toEqual({ backend: 'hosted', supabaseUrl: proyecto });

    // Only when asked, the embedded database goes.
    expect(existsSync(join(dataDir, 'pgdata'))).toBe(true);
    expect(await llamar('datos', 'eliminarDatosLocales')).toMatchObject({ ok: true });
    expect(existsSync(join(dataDir, 'pgdata'))).toBe(false);
    const vistas = supabase.requests.map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`);
    expect(vistas).toContain('POST /rest/v1/rpc/consola_version_esquema 200');
    expect(vistas).toContain('POST /auth/v1/token 200');
  }, 300_000);
});
