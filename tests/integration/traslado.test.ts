/**
 * The move to a hosted project (issue 16), against real things: the source is an embedded PGlite on disk
 * (migrated, demo data, operators, a run-time message table), the target a fresh database of the run's
 * PostgreSQL 15 cluster with the platform stand-ins and the console's migrations, reached with a connection string
 * as an administrator pastes it; the keychain is the real one.
 *
 * The interruptions are real and deterministic: triggers the test adds on the target, ENABLE REPLICA (so they fire
 * while the move loads in replica mode). One terminates the move's own connection with pg_terminate_backend at the
 * first row of the second block of `public.clientes`; the other makes the first call row wait, and the test
 * cancels the activity while the server shows that wait (pg_stat_activity), not after a guessed delay.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import pg from 'pg';
import { openEmbeddedBackend, type EmbeddedBackend } from '../../src/main/motores/embebido/open-embedded';
import { crearAjustesJson } from '../../src/main/ajustes/json-settings';
import { crearBoveda } from '../../src/main/secretos/vault';
import { crearActividades, type Actividades } from '../../src/main/datos/actividades';
import { crearServicioTraslado, type OpcionesTraslado } from '../../src/main/traslado/servicio';
import { CUENTA_CONEXION_TRASLADO, TRASLADO_SETTINGS_KEY } from '../../src/main/traslado/estado';
import { CONNECTION_SETTINGS_KEY, SUPABASE_ANON_KEY_ACCOUNT } from '../../src/shared/domain/webhooks';
import type { ActividadDatos } from '../../src/shared/ports/datos';
import type { SettingsPort } from '../../src/shared/ports/settings';
import { es } from '../../src/shared/i18n/es';
import { clearService, storedPassword, testService } from '../support/keychain';

const t = es.datos.traslado;
const SERVICIO = testService('traslado');
const ANON = 'clave-anonima-de-prueba-traslado';
const PROYECTO = 'http://127.0.0.1:54321';
const CONTRASENA_ADMIN = 'Contraseña-Admin-Traslado-1';
const CONTRASENA_OPERADOR = 'Contraseña-Operador-Traslado-2';

const carpetas: string[] = [];
const admin = () => new pg.Client({ connectionString: inject('pgUrl') });
let contador = 0;

/** A new database in the cluster: from the migrated template (stand-ins + migrations), or empty. Its URL. */
async function baseDestino(migrada: boolean): Promise<string> {
  const nombre = `traslado_${process.pid}_${contador++}`;
  const c = admin();
  await c.connect();
  await c.query(`create database ${nombre}${migrada && inject('pgTemplate') ? ` template ${inject('pgTemplate')}` : ''}`);
  await c.end();
  const url = new URL(inject('pgUrl'));
  url.pathname = `/${nombre}`;
  // As an administrator pastes it: with a password (the cluster trusts local connections and ignores it).
  url.password = 'contraseña-de-la-base-destino';
  return url.toString();
}

async function enDestino<T>(url: string, trabajo: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`set timezone = 'UTC'`);
    return await trabajo(c);
  } finally {
    await c.end();
  }
}

interface Montaje {
  dataDir: string;
  fuente: EmbeddedBackend | null;
  settings: SettingsPort;
  actividades: Actividades;
  servicio: ReturnType<typeof crearServicioTraslado>;
  reaperturas: number;
  probados: string[];
  registro: string[];
}

/** The embedded source on disk with demo data and two operators, and the service as the host builds it. */
async function montar(como: { hostedNoAbre?: boolean } = {}): Promise<Montaje> {
  const dataDir = mkdtempSync(join(tmpdir(), 'consola-traslado-'));
  carpetas.push(dataDir);
  const fuente = await openEmbeddedBackend({ dataDir, seedDemoData: true });
  await fuente.backend.auth.createUser!({ email: 'admin@traslado.test', nombre: 'Admin Traslado', password: CONTRASENA_ADMIN });
  await fuente.backend.auth.createUser!({ email: 'operador@traslado.test', nombre: 'Operador Traslado', password: CONTRASENA_OPERADOR });
  // Sign-in bookkeeping that must NOT travel.
  await fuente.db.query(`insert into auth.login_attempts (email, failed_count) values ('alguien@traslado.test', 2)`);
  const settings = crearAjustesJson(join(dataDir, 'settings.json'));
  const registro: string[] = [];
  const log = (mensaje: string, error?: unknown) => void registro.push(`${mensaje} ${error instanceof Error ? error.message : JSON.stringify(error ?? '')}`);
  const actividades = crearActividades(log);
  const m: Montaje = { dataDir, fuente, settings, actividades, servicio: null as never, reaperturas: 0, probados: [], registro };
  const opciones: OpcionesTraslado = {
    dataDir,
    settings,
    secretos: crearBoveda(SERVICIO),
    log,
    actividades,
    now: () => new Date(),
    version: '0.1.0',
    base: () => m.fuente?.db ?? null,
    // The host closes the embedded backend and opens the hosted one: here the source closes and the test checks.
    reabrir: async () => {
      m.reaperturas++;
      // As the host does when the hosted project does not open: it stays on (reopens) the embedded database.
      if (como.hostedNoAbre) return;
      await m.fuente?.cerrar();
      m.fuente = null;
    },
    probarProyecto: async (url, clave) => {
      m.probados.push(`${url} ${clave === ANON ? 'anon' : 'otra'}`);
    },
  };
  m.servicio = crearServicioTraslado(opciones);
  return m;
}

async function hastaTerminar(m: Montaje): Promise<ActividadDatos> {
  await m.actividades.esperar();
  return m.actividades.actual()!;
}

/** Every moved table's rows, as one md5 per table (rows as text, ordered), on either side. */
const TABLAS_SQL = `
  select n.nspname || '.' || c.relname as nombre
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p') and (n.nspname = 'public' or (n.nspname = 'auth' and c.relname = 'users'))
   order by 1`;
async function huellas(query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<Record<string, string>> {
  const { rows } = await query(TABLAS_SQL);
  const salida: Record<string, string> = {};
  for (const { nombre } of rows as { nombre: string }[]) {
    const [esquema, tabla] = nombre.split('.');
    // auth.users: only the columns the embedded table has (the platform's has more).
    const cols =
      esquema === 'auth' ? `(t.id, t.email, t.encrypted_password, t.raw_user_meta_data, t.created_at, t.updated_at, t.last_sign_in_at)::text` : 't::text';
    const r = await query(`select count(*)::int as n, coalesce(md5(string_agg(${cols}, '|' order by ${cols})), '') as h from "${esquema}"."${tabla}" t`);
    salida[nombre] = `${String(r.rows[0]!.n)}:${String(r.rows[0]!.h)}`;
  }
  return salida;
}

const disparadores = `
  select c.relname || '.' || t.tgname || '=' || t.tgenabled::text as d
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
   where not t.tgisinternal and n.nspname in ('public') order by 1`;

afterAll(async () => {
  await clearService(SERVICIO);
  for (const dir of carpetas) rmSync(dir, { recursive: true, force: true });
});

describe('traslado a Supabase', () => {
  it('interrumpido a mitad (conexión terminada en el servidor), cancelado y reanudado: cada tabla igual, sin duplicados, disparadores y resúmenes intactos', async () => {
    const m = await montar();
    const destino = await baseDestino(true);
    // 12,000 more clients: public.clientes travels in three blocks (BLOQUE_FILAS = 5,000).
    await m.fuente!.db.query(
      `insert into public.clientes (nombre, apellido, email, telefono, campana_id)
       select 'Cliente', 'Extra ' || g, 'extra' || g || '@traslado.test', '300' || lpad(g::text, 7, '0'), c.id
         from generate_series(1, 12000) g, (select id from public.campanas order by id limit 1) c`,
    );
    await enDestino(destino, async (c) => {
      // The target looks like a real Supabase project's auth: GoTrue's columns on auth.users and auth.identities.
      await c.query(`alter table auth.users add column aud varchar(255), add column role varchar(255), add column instance_id uuid,
        add column email_confirmed_at timestamptz, add column confirmation_token varchar(255), add column recovery_token varchar(255),
        add column raw_app_meta_data jsonb, add column is_sso_user boolean not null default false`);
      await c.query(`create table auth.identities (
        provider_id text not null, user_id uuid not null references auth.users (id) on delete cascade, identity_data jsonb not null,
        provider text not null, last_sign_in_at timestamptz, created_at timestamptz, updated_at timestamptz,
        email text generated always as (lower(identity_data ->> 'email')) stored, id uuid not null default gen_random_uuid() primary key,
        constraint identities_provider_id_provider_unique unique (provider_id, provider))`);
      // The cut: the 5,001st client (first row of the second block) terminates the move's own connection.
      // A sequence, not a row: the terminated transaction rolls back, nextval does not (it cuts once only).
      await c.query(`create sequence public.corte_traslado`);
      await c.query(`
        create function public.cortar_traslado() returns trigger language plpgsql as $$
        begin
          if nextval('public.corte_traslado') = 5001 then
            perform pg_terminate_backend(pg_backend_pid());
          end if;
          return new;
        end $$`);
      await c.query(`create trigger cortar_traslado before insert on public.clientes for each row execute function public.cortar_traslado()`);
      await c.query(`alter table public.clientes enable replica trigger cortar_traslado`);
      // The pause: the first call row waits, so the test can cancel the move while a block is on its way.
      await c.query(`create sequence public.pausa_traslado`);
      await c.query(`
        create function public.pausar_traslado() returns trigger language plpgsql as $$
        begin
          if nextval('public.pausa_traslado') = 1 then
            perform pg_sleep(2);
          end if;
          return new;
        end $$`);
      await c.query(`create trigger pausar_traslado before insert on public.registro_escrito_llamada for each row execute function public.pausar_traslado()`);
      await c.query(`alter table public.registro_escrito_llamada enable replica trigger pausar_traslado`);
    });
    const antesFuente = await huellas((sql) => m.fuente!.db.query(`${sql}`));
    const disparadoresFuente = (await m.fuente!.db.query<{ d: string }>(disparadores)).rows.map((r) => r.d);

    // 1. Cut by the server half-way through public.clientes.
    const primera = await m.servicio.iniciar({ supabaseUrl: PROYECTO, anonKey: ANON, conexionBase: destino });
    expect(primera.tipo).toBe('traslado');
    const fallida = await hastaTerminar(m);
    expect(fallida.estado).toBe('fallido');
    expect(fallida.mensaje).toBe(t.noSeConecta);

    // Half-way: earlier tables are in, the first block of clients too, the cut block left nothing behind.
    const progresoDestino = (c: pg.Client) =>
      c.query<{ tabla: string; bloque: number }>(`select tabla, bloque from _consola_traslado.progreso`).then((r) => new Map(r.rows.map((x) => [x.tabla, x.bloque])));
    const cuenta = async (c: pg.Client, tabla: string) => (await c.query<{ n: number }>(`select count(*)::int as n from ${tabla}`)).rows[0]!.n;
    await enDestino(destino, async (c) => {
      const progreso = await progresoDestino(c);
      expect(progreso.get('*')).toBe(0);
      expect(progreso.get('public.campanas')).toBe(0);
      expect(progreso.get('public.clientes')).toBe(0);
      expect(await cuenta(c, 'public.clientes')).toBe(5000);
      expect(progreso.has('public.registro_escrito_llamada')).toBe(false);
    });
    const estadoPendiente = await m.servicio.estado();
    expect(estadoPendiente.pendiente).toMatchObject({ tablasTotal: Object.keys(antesFuente).length });
    expect(estadoPendiente.pendiente!.tablasHechas).toBeGreaterThan(0);
    expect(estadoPendiente.conexionGuardada).toBe(true);
    expect(estadoPendiente.terminado).toBeNull();
    expect(m.reaperturas).toBe(0);
    expect(m.settings.get(CONNECTION_SETTINGS_KEY)).toEqual({ backend: 'embedded', supabaseUrl: PROYECTO });
    const instantanea = (m.settings.get(TRASLADO_SETTINGS_KEY) as { instantanea: string }).instantanea;

    // Meanwhile someone works locally: the move copies the snapshot, and says so at the end.
    await m.fuente!.db.query(`insert into public.campanas (nombre, minutos) values ('Creada después de iniciar el traslado', 5)`);

    // 2. Resumed with what was stored (no input), then cancelled while a call block waits on the server.
    await m.servicio.iniciar({});
    await enDestino(destino, async (c) => {
      for (;;) {
        const { rows } = await c.query(`select 1 from pg_stat_activity where application_name = 'consola-traslado' and wait_event = 'PgSleep'`);
        if (rows.length > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    expect(m.actividades.cancelar()).toBe(true);
    const cancelada = await hastaTerminar(m);
    expect(cancelada.estado).toBe('cancelado');
    expect(cancelada.mensaje).toBe(es.datos.cancelada);
    await enDestino(destino, async (c) => {
      const progreso = await progresoDestino(c);
      expect(progreso.get('public.clientes')).toBe(2);
      expect(await cuenta(c, 'public.clientes')).toBe(Number(antesFuente['public.clientes']!.split(':')[0]));
      expect(progreso.has('public.registro_escrito_llamada')).toBe(false);
    });

    // 3. Resumed again: it ends, from the next block, with the same snapshot.
    await m.servicio.iniciar({});
    const terminada = await hastaTerminar(m);
    expect(terminada.mensaje).toMatch(/^Traslado terminado/);
    expect(terminada.mensaje).toContain('public.campanas');
    expect(terminada.mensaje).toContain('esos cambios no se copiaron');
    expect(terminada.estado).toBe('terminado');
    expect((m.settings.get(TRASLADO_SETTINGS_KEY) as { instantanea: string }).instantanea).toBe(instantanea);

    const despues = await enDestino(destino, (c) => huellas((sql) => c.query(sql)));
    for (const [tabla, huella] of Object.entries(antesFuente)) {
      expect([tabla, despues[tabla]]).toEqual([tabla, huella]);
    }
    // The run-time message tables of the demo were created on the target.
    expect(Object.keys(antesFuente).filter((x) => /_registro_/.test(x)).length).toBeGreaterThan(0);
    // Sign-in bookkeeping and the ledgers did not travel; the move's bookkeeping is gone.
    await enDestino(destino, async (c) => {
      expect((await c.query(`select count(*)::int as n from auth.login_attempts`)).rows[0].n).toBe(0);
      expect((await c.query(`select count(*)::int as n from auth.sessions`)).rows[0].n).toBe(0);
      expect((await c.query(`select to_regnamespace('_consola_traslado') as s`)).rows[0].s).toBeNull();
      // Triggers back to exactly their modes (the test's own cutting trigger aside).
      const modos = (await c.query<{ d: string }>(disparadores)).rows.map((r) => r.d).filter((d) => !/(cortar|pausar)_traslado/.test(d));
      expect(modos).toEqual(disparadoresFuente);
      // Sequences continue after the moved rows: a new campaign does not collide.
      const nueva = await c.query(`insert into public.campanas (nombre, minutos) values ('Después del traslado', 10) returning id`);
      expect(nueva.rowCount).toBe(1);
      // What GoTrue needs to sign them in: an e-mail identity each, the platform columns filled.
      const identidades = await c.query(
        `select u.email, i.provider, i.provider_id = u.id::text as propio, i.identity_data ->> 'email' as correo, u.aud, u.role,
                u.instance_id::text as instancia, u.confirmation_token, u.email_confirmed_at is not null as confirmado
           from auth.users u join auth.identities i on i.user_id = u.id order by u.email`,
      );
      expect(identidades.rows).toEqual(
        ['admin@traslado.test', 'operador@traslado.test'].map((email) => ({
          email, provider: 'email', propio: true, correo: email, aud: 'authenticated', role: 'authenticated',
          instancia: '00000000-0000-0000-0000-000000000000', confirmation_token: '', confirmado: true,
        })),
      );
      // Operators sign in with their same passwords (the bcrypt hash travelled).
      const ok = await c.query(`select email from auth.users where encrypted_password = crypt($1, encrypted_password)`, [CONTRASENA_OPERADOR]);
      expect(ok.rows.map((r) => r.email)).toEqual(['operador@traslado.test']);
    });

    // Switched: settings choose hosted, the connection string left the keychain, the host reopened once.
    expect(m.reaperturas).toBe(1);
    expect(m.settings.get(CONNECTION_SETTINGS_KEY)).toEqual({ backend: 'hosted', supabaseUrl: PROYECTO });
    expect(await storedPassword(SERVICIO, CUENTA_CONEXION_TRASLADO)).toBeNull();
    expect(await storedPassword(SERVICIO, SUPABASE_ANON_KEY_ACCOUNT)).toBe(ANON);
    expect(m.probados).toEqual([`${PROYECTO} anon`, `${PROYECTO} anon`, `${PROYECTO} anon`]);
    const estadoFinal = await m.servicio.estado();
    expect(estadoFinal).toMatchObject({ pendiente: null, conexionGuardada: false, datosLocales: true, supabaseUrl: PROYECTO });
    expect(estadoFinal.terminado).not.toBeNull();

    // No secret in the settings file or the log.
    const ajustes = readFileSync(join(m.dataDir, 'settings.json'), 'utf8');
    for (const secreto of ['contraseña-de-la-base-destino', encodeURIComponent('contraseña-de-la-base-destino'), ANON, CONTRASENA_ADMIN]) {
      expect(ajustes).not.toContain(secreto);
      expect(m.registro.join('\n')).not.toContain(secreto);
    }

    // Nothing local goes until asked; then the database and the snapshot go, the rest stays.
    expect(existsSync(join(m.dataDir, 'pgdata'))).toBe(true);
    await m.servicio.eliminarDatosLocales();
    expect(existsSync(join(m.dataDir, 'pgdata'))).toBe(false);
    expect(existsSync(join(m.dataDir, 'traslado'))).toBe(false);
    expect(readdirSync(m.dataDir)).toContain('settings.json');
    expect((await m.servicio.estado()).datosLocales).toBe(false);
  }, 300_000);

  it('se niega con un mensaje claro: otro proyecto, destino sin migraciones, destino con datos; nada cambia', async () => {
    const m = await montar();
    try {
      // A connection string of another project than the configured address.
      await expect(
        m.servicio.iniciar({
          supabaseUrl: 'https://abcdefghijklmnopqrst.supabase.co',
          anonKey: ANON,
          conexionBase: 'postgresql://postgres:secreta@db.zyxwvutsrqponmlkjihg.supabase.co:5432/postgres',
        }),
      ).rejects.toThrow(t.otroProyecto);
      expect(m.actividades.actual()).toBeNull();
      expect(await storedPassword(SERVICIO, CUENTA_CONEXION_TRASLADO)).toBeNull();

      // A database without the console's migrations.
      const vacia = await baseDestino(false);
      await m.servicio.iniciar({ supabaseUrl: PROYECTO, anonKey: ANON, conexionBase: vacia });
      const sinMigraciones = await hastaTerminar(m);
      expect(sinMigraciones.estado).toBe('fallido');
      expect(sinMigraciones.mensaje).toMatch(/no tiene las migraciones de la consola/);
      expect(sinMigraciones.mensaje).toContain('supabase db push');
      await enDestino(vacia, async (c) => {
        expect((await c.query(`select to_regnamespace('_consola_traslado') as s`)).rows[0].s).toBeNull();
        expect((await c.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows[0].n).toBe(0);
      });

      // A project that already holds console data of its own.
      const conDatos = await baseDestino(true);
      await enDestino(conDatos, (c) => c.query(`insert into public.campanas (nombre, minutos) values ('Del proyecto', 10)`));
      await m.servicio.iniciar({ conexionBase: conDatos });
      const ocupada = await hastaTerminar(m);
      expect(ocupada.estado).toBe('fallido');
      expect(ocupada.mensaje).toBe(t.conDatos('campanas'));
      // Nothing was written by the refused attempts: each took a fresh snapshot instead of resuming an old one.
      expect((m.settings.get(TRASLADO_SETTINGS_KEY) as { propias: string[] }).propias).toHaveLength(2);
      await enDestino(conDatos, async (c) => {
        expect((await c.query(`select nombre from public.campanas`)).rows).toEqual([{ nombre: 'Del proyecto' }]);
        expect((await c.query(`select to_regnamespace('_consola_traslado') as s`)).rows[0].s).toBeNull();
      });

      // The local data and the backend choice did not change; deleting local data is refused.
      expect(m.reaperturas).toBe(0);
      expect(m.settings.get(CONNECTION_SETTINGS_KEY)).toEqual({ backend: 'embedded', supabaseUrl: PROYECTO });
      await expect(m.servicio.eliminarDatosLocales()).rejects.toThrow(t.noTerminado);
      expect(existsSync(join(m.dataDir, 'pgdata'))).toBe(true);
    } finally {
      await m.fuente?.cerrar();
    }
  }, 300_000);

  it('si el proyecto no abre al final, lo dice (los datos quedan copiados) y no deja borrar nada local; avisa de los documentos', async () => {
    const m = await montar({ hostedNoAbre: true });
    try {
      // A marketing document as the embedded storage keeps it, and no service_role key given: it stays here.
      mkdirSync(join(m.dataDir, 'archivos', 'agente-marketing-files', '6f1c2a57-3c1e-4a8e-9b43-0a1d2e3f4a5b'), { recursive: true });
      writeFileSync(join(m.dataDir, 'archivos', 'agente-marketing-files', '6f1c2a57-3c1e-4a8e-9b43-0a1d2e3f4a5b', '1764000000000_folleto.pdf'), 'documento');
      const destino = await baseDestino(true);
      await m.servicio.iniciar({ supabaseUrl: PROYECTO, anonKey: ANON, conexionBase: destino });
      const fin = await hastaTerminar(m);
      expect(fin.estado).toBe('terminado');
      expect(fin.mensaje).toMatch(/^Se copiaron .* filas a Supabase, pero la aplicación no pudo abrir el proyecto/);
      expect(fin.mensaje).toContain(t.archivosNoCopiados.trim());
      expect(m.reaperturas).toBe(1);
      await expect(m.servicio.eliminarDatosLocales()).rejects.toThrow(t.noTerminado);
      expect(existsSync(join(m.dataDir, 'pgdata'))).toBe(true);
    } finally {
      await m.fuente?.cerrar();
    }
  }, 300_000);
});
