import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { crearSitioEstatico, type StaticHandler } from '../../src/main/sitio-web/static-site';
import { startSupabaseLocal, type SupabaseLocal } from '../support/supabase-local';
import { Portal } from './support/portal';

/**
 * Issue 14, part 3: the packaged web build (`vite build --config vite.web.config.ts`, what `npm run build:web`
 * runs) built with VITE_SUPABASE_URL + VITE_SUPABASE_ANON_KEY and published on a plain static host serves the
 * company portal against a hosted project with nothing secret in it. The "hosted project" is a local Supabase
 * project (tests/support/supabase-local.ts): PostgreSQL 15 prepared as Supabase prepares one, every migration
 * pushed, and the REAL PostgREST 12 behind a gateway that checks the apikey as Supabase's does. The static
 * host is the serving module's own handler with the project's origin in its CSP (policy.ts `supabaseUrl`).
 *
 * In Chromium: a wrong password, then the right one; the company's services; its WhatsApp conversations and
 * one conversation; sign out. Every request the page made went to the static host or to
 * /rest/v1/rpc/portal_* with the anon key; the built files hold the anon key and no other key, URL or
 * password of the environment the build ran in.
 */

/** The project's keys: signed by the local project (set in beforeAll). */
let ANON_KEY = '';
/** In the build's environment on purpose (as on a CI runner that holds them): none may reach the bundle. */
let SERVICE_ROLE_KEY = '';
const DB_PASSWORD = 'Contrasena-De-La-Base-7f3c';

const EMPRESA = '7d2b5c1e-4f3a-4b8e-9c6d-2a1f0e9b8c7d';
const USUARIO = 'usuario_libreria_faro';
const CONTRASENA = 'Lf4rT9qz';
const TABLA = 'libreria_faro_registro_whatsapp';
const BOT = 'Librería Faro';

let proyecto: SupabaseLocal;
let dbUrl: string;
let staticServer: Server;
let staticOrigin: string;
let outDir: string;
let site: StaticHandler | null = null;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** `npm run build:web` with the project's URL and anon key, written to a temp folder (dist-web is not touched). */
function buildWeb(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(process.cwd(), 'node_modules', '.bin', 'vite'), ['build', '--config', 'vite.web.config.ts', '--outDir', outDir, '--logLevel', 'error'], {
      env: { ...process.env, ...env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build: ${code}\n${output}`))));
  });
}

async function sembrar(db: pg.Client): Promise<void> {
  // Plain text in, as an operator's reset writes it: the schema's trigger stores the bcrypt hash.
  await db.query(`insert into public.empresas (id, nombre, usuario_cliente, contrasena_cliente, activo) values ($1, 'Librería Faro', $2, $3, true)`, [EMPRESA, USUARIO, CONTRASENA]);
  const campana = (await db.query<{ id: number }>(`insert into public.campanas (nombre, minutos) values ('Faro Lectores', 60) returning id`)).rows[0]!.id;
  await db.query(`insert into public.clientes (nombre, apellido, email, telefono, campana_id) values ('Ana', 'Ríos', 'ana@correo.co', '+573001112233', $1)`, [campana]);
  const proyecto = (await db.query<{ id: string }>(`insert into public.proyectos (nombre, empresa_id) values ('Proyecto Faro', $1) returning id`, [EMPRESA])).rows[0]!.id;
  const servicio = (id: string, tipo: string, nombre: string, cfg: object) =>
    db.query(
      `insert into public.servicios_instancias (id, proyecto_id, tipo_servicio, nombre_instancia, categoria, configuracion) values ($1, $2, $3, $4, 'Comunicación', $5::jsonb)`,
      [id, proyecto, tipo, nombre, JSON.stringify(cfg)],
    );
  await servicio('llamadas_faro', 'llamadas', 'Llamadas Lectores Faro', { campana_id: campana });
  await servicio('whatsapp_faro', 'whatsapp', 'Pedidos WhatsApp Faro', { table_supabase: TABLA });
  await db.query('insert into public.empresas_whatsapp (name, table_supabase, empresa_id) values ($1, $2, $3)', [BOT, TABLA, EMPRESA]);
  await db.query(`create table public.${TABLA} (id serial primary key, session_id varchar(255) not null, message jsonb not null, created_at timestamp default now())`);
  await db.query(
    `insert into public.${TABLA} (session_id, message, created_at) values
       ('faro-sesion-1', '{"type":"human","content":"¿Tienen el libro?"}', (now() at time zone 'UTC') - interval '2 hours'),
       ('faro-sesion-1', '{"type":"ai","content":"Sí, en la tienda del centro."}', (now() at time zone 'UTC') - interval '119 minutes'),
       ('faro-sesion-2', '{"type":"human","content":"Hola"}', (now() at time zone 'UTC') - interval '1 day')`,
  );
}

/** Every file the build wrote (index.html, assets, the manifest), as text. */
function archivosDelBuild(dir: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...archivosDelBuild(full));
    else out.push([full, readFileSync(full, 'latin1')]);
  }
  return out;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  proyecto = await startSupabaseLocal();
  ANON_KEY = proyecto.anonKey;
  SERVICE_ROLE_KEY = proyecto.serviceKey;
  // The "hosted" database has a password (so the test can look for it in the bundle); the cluster trusts
  // local connections, so the project's services connect without it all the same.
  await proyecto.sql(`alter role postgres password '${DB_PASSWORD}'`);
  const url = new URL(proyecto.databaseUrl);
  url.password = DB_PASSWORD;
  dbUrl = url.toString();

  outDir = mkdtempSync(join(tmpdir(), 'consola-dist-web-'));
  staticServer = createServer((req, res) => {
    void (async () => {
      const answer = site
        ? await site({ url: `http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, method: req.method ?? 'GET' })
        : new Response('aún no', { status: 503 });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    })();
  });
  staticOrigin = `http://127.0.0.1:${await listen(staticServer)}`;

  const sembrado = (async () => {
    const seed = new pg.Client({ connectionString: dbUrl });
    await seed.connect();
    try {
      await sembrar(seed);
    } finally {
      await seed.end();
    }
  })();
  await Promise.all([
    sembrado,
    buildWeb({
      VITE_SUPABASE_URL: proyecto.url,
      VITE_SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      SUPABASE_DB_PASSWORD: DB_PASSWORD,
      DATABASE_URL: dbUrl,
    }),
  ]);
  site = crearSitioEstatico({ rootDir: outDir, supabaseUrl: proyecto.url });
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (staticServer ? staticServer.close(() => resolve()) : resolve()));
  await proyecto?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

test('el build estático lleva solo la clave anon: ninguna otra clave, URL de base de datos ni contraseña', () => {
  const archivos = archivosDelBuild(outDir);
  expect(archivos.some(([f]) => f.endsWith('index.html'))).toBe(true);
  const todo = archivos.map(([, texto]) => texto).join('\n');
  expect(todo).toContain(ANON_KEY);
  expect(todo).toContain(proyecto.url);
  expect(todo).not.toContain(SERVICE_ROLE_KEY);
  expect(todo).not.toContain(DB_PASSWORD);
  expect(todo).not.toContain(dbUrl);
  expect(todo).not.toMatch(/postgres(ql)?:\/\//);
  // Every JWT-shaped string in the bundle is the anon key (no key with another role slipped in).
  const jwts = new Set(todo.match(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g) ?? []);
  expect([...jwts]).toEqual([ANON_KEY]);
});

test('la empresa entra, ve sus servicios y sus conversaciones y sale, hablando solo con portal_* y la clave anon', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: staticOrigin });
  const page = await context.newPage();
  const pedidas: Array<{ url: URL; method: string; headers: Record<string, string> }> = [];
  page.on('request', (r) => pedidas.push({ url: new URL(r.url()), method: r.method(), headers: r.headers() }));
  const avisosCsp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) avisosCsp.push(m.text());
  });
  const enlace = `${staticOrigin}/accesoempresas/${EMPRESA}`;
  const credenciales = { usuario: USUARIO, contrasena: CONTRASENA, enlace };

  // A deep link on the static host: the history fallback answers index.html, the portal's tree starts.
  await page.goto(enlace);
  await expect(page.getByRole('heading', { name: 'Acceso Empresa' })).toBeVisible();

  // Wrong password: the SQL function's answer, turned into the portal's Spanish message.
  await Portal.ingresar(page, credenciales, 'Incorrecta1');
  await expect(page.getByTestId('portal-error')).toHaveText('Usuario o contraseña incorrectos');

  await Portal.ingresar(page, credenciales);
  await expect(page).toHaveURL(`${enlace}/servicios`);
  await expect(page.getByTestId('portal-empresa')).toHaveText('Librería Faro');
  const servicios = page.getByTestId('portal-servicio');
  await expect(servicios).toHaveCount(2);
  await expect(servicios.filter({ hasText: 'Llamadas Lectores Faro' })).toBeVisible();
  await expect(servicios.filter({ hasText: 'Pedidos WhatsApp Faro' })).toBeVisible();
  // The direct transport keeps the portal token in sessionStorage (the browser must send it itself).
  expect(await page.evaluate(() => sessionStorage.getItem('empresa_token'))).toMatch(/^[0-9a-f]{64}$/);

  await page.getByRole('link', { name: 'Conversaciones', exact: true }).click();
  await expect(page).toHaveURL(`${enlace}/conversaciones`);
  await expect(page.getByTestId('portal-tabla')).toHaveText(BOT);
  await expect(page.getByTestId('fila-sesion')).toHaveCount(2);
  await page.getByRole('button', { name: 'Ver conversación faro-sesion-1' }).click();
  const conversacion = page.getByRole('dialog');
  await expect(conversacion.getByTestId('contador-mensajes')).toHaveText('2 mensajes');
  await expect(conversacion.getByText('Sí, en la tienda del centro.')).toBeVisible();
  await conversacion.getByRole('button', { name: 'Cerrar' }).last().click();

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(enlace);
  expect(await page.evaluate(() => sessionStorage.getItem('empresa_token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('empresa_sesion'))).toBeNull();
  // The session is gone on the project too, not only in the browser.
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    expect(Number((await db.query('select count(*) as n from public.portal_sesiones where empresa_id = $1', [EMPRESA])).rows[0].n)).toBe(0);
  } finally {
    await db.end();
  }
  await context.close();

  // Where the page went: its own static host, or the project's portal functions with the anon key; never a
  // table, Auth, Storage or a key other than the anon one.
  const alProyecto = pedidas.filter((p) => p.url.origin === proyecto.url);
  for (const p of pedidas) expect([staticOrigin, proyecto.url], p.url.href).toContain(p.url.origin);
  expect(alProyecto.length).toBeGreaterThan(0);
  for (const p of alProyecto) {
    expect(p.url.pathname, p.url.href).toMatch(/^\/rest\/v1\/rpc\/portal_[a-z_]+$/);
    expect(p.method).toBe('POST');
    expect(p.headers.apikey).toBe(ANON_KEY);
    expect(p.headers.authorization).toBe(`Bearer ${ANON_KEY}`);
  }
  const funciones = new Set(alProyecto.map((p) => p.url.pathname.split('/').pop()));
  for (const fn of ['portal_iniciar_sesion', 'portal_servicios', 'portal_whatsapp_tablas', 'portal_whatsapp_sesiones', 'portal_whatsapp_conversacion', 'portal_cerrar_sesion']) {
    expect([...funciones]).toContain(fn);
  }
  // The project's side agrees: only preflights and portal_* calls, all with the anon key as the only
  // credential (PostgREST ran them as anon), none refused.
  const atendidas = proyecto.requests.filter((r) => r.method !== 'OPTIONS');
  expect(atendidas.length).toBeGreaterThan(0);
  for (const r of atendidas) {
    expect(r).toMatchObject({ method: 'POST', clave: 'anon', rol: 'anon', status: 200 });
    expect(r.path).toMatch(/^\/rest\/v1\/rpc\/portal_[a-z_]+$/);
  }
  expect(avisosCsp).toEqual([]);
});

test('con la clave anon, el proyecto no abre nada más que las funciones del portal', async ({ request }) => {
  const headers = { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json' };
  // An operators' function: no EXECUTE for anon → PostgREST's 401 with the database's code.
  const operador = await request.post(`${proyecto.url}/rest/v1/rpc/bots_verificar_tabla`, { headers, data: { p_tabla: TABLA } });
  expect(operador.status()).toBe(401);
  expect(await operador.json()).toMatchObject({ code: '42501' });
  // exec_sql does not exist in this schema.
  const exec = await request.post(`${proyecto.url}/rest/v1/rpc/exec_sql`, { headers, data: { query: 'select 1' } });
  expect(exec.status()).toBe(404);
  expect(await exec.json()).toMatchObject({ code: 'PGRST202' });
  // A portal read with a made-up token answers null: the SQL derives the company from the token alone.
  const ajena = await request.post(`${proyecto.url}/rest/v1/rpc/portal_servicios`, { headers, data: { p_token: 'f'.repeat(64) } });
  expect(ajena.status()).toBe(200);
  expect(await ajena.json()).toBeNull();
  // The tables themselves are closed to anon: PostgREST's 401 with the database's code.
  const tabla = await request.get(`${proyecto.url}/rest/v1/empresas?select=usuario_cliente,contrasena_cliente`, { headers });
  expect(tabla.status()).toBe(401);
  expect(await tabla.json()).toMatchObject({ code: '42501' });
  // A key that is not the project's gets nothing, whatever it claims to be: as the apikey the gateway refuses
  // it, as the bearer PostgREST refuses its signature.
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const falsa = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ iss: 'supabase', role: 'service_role', exp: 4102444800 })}.${b64({ firma: 'otra' })}`;
  const otra = await request.post(`${proyecto.url}/rest/v1/rpc/portal_servicios`, {
    headers: { ...headers, apikey: falsa, Authorization: `Bearer ${falsa}` },
    data: { p_token: 'f'.repeat(64) },
  });
  expect(otra.status()).toBe(401);
  const portador = await request.get(`${proyecto.url}/rest/v1/empresas?select=id`, { headers: { ...headers, Authorization: `Bearer ${falsa}` } });
  expect(portador.status()).toBe(401);
  expect(await portador.json()).toMatchObject({ code: 'PGRST301' });
});
