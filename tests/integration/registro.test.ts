/**
 * THE grep (issue 16): a real host — embedded PGlite on disk, the real keychain, the inbound endpoint, a stand-in
 * for n8n and one for a hosted Supabase project (GoTrue + PostgREST answers) — is run through every flow that
 * handles a secret: first run, sign-in (wrong and right), the password change, webhook credentials (a failed and
 * a good call), the anon key (test and switch to hosted, hosted sign-in with its session tokens), the inbound
 * signing secrets (rotated, a signed result with a transcript, a forged one), the company portal's password
 * (wrong and right), a database connection string with a password (the move to Supabase, which fails here),
 * and the Resumen. Then every file of the diagnostic log is searched for each secret, each session token, the
 * operators' e-mails and the transcript's text: none is there, while the log does say what happened.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { openHost, type Host } from '../../src/main/host';
import type { Dispatch } from '../../src/main/dispatch';
import { crearRegistro, type Registro } from '../../src/main/registro/registro';
import { registrarRechazos } from '../../src/main/registro/rechazos';
import { OCULTO } from '../../src/main/registro/redaccion';
import { crearControlEntrada, type ControlEntrada } from '../../src/main/entrada/control';
import { crearAjustesJson } from '../../src/main/ajustes/json-settings';
import { crearBoveda } from '../../src/main/secretos/vault';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import { ADMIN, Caller } from '../support/operators';
import { startWebhookServer, type WebhookServer } from '../support/webhook-server';
import { clearService, testService } from '../support/keychain';
import { VERSION_ESQUEMA_REQUERIDA } from '../../src/shared/domain/esquema';

const SERVICE = testService('registro');
const unico = () => randomBytes(6).toString('hex');

// Every secret and personal value the flows below handle; none may reach the log.
const NUEVA = `Renovada-${unico()}-2026x`;
const MALA = `Equivocada-${unico()}-1`;
const WEBHOOK_BEARER = `tok-bots-${unico()}`;
const WEBHOOK_BASIC = `Clave Basic ${unico()}`;
const WEBHOOK_CABECERA = `valor-cabecera-${unico()}`;
const ANON = `clave-anonima-${unico()}`;
const PORTAL_PW = `Portal-${unico()}-Ventas`;
const PORTAL_MALA = `NoEs-${unico()}`;
const CONEXION_PW = `Pg-${unico()}/x@y`;
/** A database of the test cluster without the console's migrations (the move connects, checks and refuses). */
const BASE_DESTINO = `t_registro_${process.pid}_${unico()}`;
let CONEXION = '';
const HOSTED_USER = { id: '6f1c2a57-3c1e-4a8e-9b43-0a1d2e3f4a5b', email: 'ana.ruiz@agencia-alojada.co', created_at: '2026-01-02T03:04:05Z' };
const HOSTED_PW = `Alojada-${unico()}-2026`;
const TRANSCRIPCION = `Hola, soy María Pérez y quiero cancelar el pedido ${unico()}`;

// ------------------------------------------------------------------------- a hosted project's stand-in
const emitidos: string[] = [];
function gotrue(req: IncomingMessage, res: ServerResponse, body: string) {
  const json = (status: number, value: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
  if (req.headers.apikey !== ANON) return json(401, { message: 'Invalid API key' });
  if (req.url === '/auth/v1/settings') return json(200, { external: { email: true } });
  if (req.url?.startsWith('/auth/v1/token?grant_type=password')) {
    const input = JSON.parse(body) as { email: string; password: string };
    if (input.email === HOSTED_USER.email && input.password === HOSTED_PW) {
      const access = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2ZjFj${unico()}In0.firma${unico()}`;
      const refresh = `refresco-${unico()}`;
      emitidos.push(access, refresh);
      return json(200, {
        access_token: access,
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        refresh_token: refresh,
        user: { ...HOSTED_USER, aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {} },
      });
    }
    return json(400, { code: 'invalid_credentials', error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  }
  // Signing in asks for the operator's second factors (auth.mfa.listFactors reads /user): none.
  if (req.url?.startsWith('/auth/v1/user')) {
    return json(200, { ...HOSTED_USER, aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {}, factors: [] });
  }
  if (req.url?.startsWith('/auth/v1/logout')) return void res.writeHead(204).end();
  if (req.url?.startsWith('/rest/v1/perfiles')) {
    const row = { nombre: 'Ana Ruiz', es_admin: true };
    return json(200, (req.headers.accept ?? '').includes('vnd.pgrst.object') ? row : [row]);
  }
  // 'Probar conexión' asks the schema version (consola_version_esquema, the one function anon may run).
  if (req.url === '/rest/v1/rpc/consola_version_esquema') return json(200, VERSION_ESQUEMA_REQUERIDA);
  json(404, { message: 'not found' });
}

let proyecto: Server;
let proyectoUrl: string;
let hooks: WebhookServer;
let dataDir: string;
let registro: Registro;
let entrada: ControlEntrada;
let host: Host | null = null;
let dispatch: Dispatch;
/** Session tokens handed to callers (embedded, portal, hosted): secrets too. */
const tokens: string[] = [];

async function call<T>(area: string, op: string, input: unknown, quien: Caller): Promise<T> {
  const r = await dispatch(area, op, input, quien);
  if (!r.ok) throw new Error(`${area}.${op}: ${r.error.code} ${r.error.message}`);
  if (quien.token) tokens.push(quien.token);
  return r.data as T;
}
async function refused(area: string, op: string, input: unknown, quien: Caller): Promise<Extract<Envelope, { ok: false }>['error']> {
  const r = await dispatch(area, op, input, quien);
  if (r.ok) throw new Error(`${area}.${op} debía fallar`);
  return r.error;
}

beforeAll(async () => {
  proyecto = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => gotrue(req, res, body));
  });
  await new Promise<void>((r) => proyecto.listen(0, '127.0.0.1', () => r()));
  proyectoUrl = `http://127.0.0.1:${(proyecto.address() as AddressInfo).port}`;
  hooks = await startWebhookServer();

  const admin = new pg.Client({ connectionString: inject('pgUrl') });
  await admin.connect();
  await admin.query(`create database ${BASE_DESTINO}`);
  await admin.end();
  const destino = new URL(inject('pgUrl'));
  destino.password = encodeURIComponent(CONEXION_PW); // the cluster trusts local connections: any password opens it
  destino.pathname = `/${BASE_DESTINO}`;
  CONEXION = destino.toString().replace(/^postgres:/, 'postgresql:');

  dataDir = mkdtempSync(join(tmpdir(), 'consola-registro-'));
  // Small files, many of them: the flows rotate the log, and the grep must cover every generation.
  registro = crearRegistro({ dataDir, maxBytes: 1024, archivos: 200 });
  const settings = crearAjustesJson(join(dataDir, 'settings.json'));
  entrada = crearControlEntrada({
    settings,
    secretos: crearBoveda(SERVICE),
    datos: () => host?.datosSistema() ?? null,
    fijado: { direccion: '127.0.0.1', puerto: 0 },
    log: registro.log,
  });
  host = await openHost({
    dataDir,
    settings,
    entrada,
    log: registro.log,
    registro: registro.port,
    secretsService: SERVICE,
    seedDemoData: false,
    copiasAutomaticas: false,
  });
  dispatch = registrarRechazos(host.dispatch, registro.log);
  await entrada.aplicar();
}, 180_000);

afterAll(async () => {
  await entrada?.cerrar();
  await host?.cerrar();
  await registro?.cerrar();
  await hooks?.close();
  await new Promise((r) => proyecto?.close(r));
  await clearService(SERVICE);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('registro de diagnóstico: ningún secreto', () => {
  it('recorre los flujos con secretos y ningún archivo del registro contiene uno', async () => {
    const admin = new Caller();
    const otro = new Caller();

    // First run, sign-in wrong and right, the password change wrong and right.
    await call('auth', 'crearPrimerAdmin', ADMIN, admin);
    expect((await refused('auth', 'iniciarSesion', { email: ADMIN.email, password: MALA }, otro)).code).toBe('unauthenticated');
    await call('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, otro);
    await refused('configuracion', 'cambiarContrasena', { actual: MALA, nueva: NUEVA, confirmacion: NUEVA }, admin);
    await call('configuracion', 'cambiarContrasena', { actual: ADMIN.password, nueva: NUEVA, confirmacion: NUEVA }, admin);
    await call('auth', 'iniciarSesion', { email: ADMIN.email, password: NUEVA }, otro);

    // Webhook credentials: saved, then a flow creation the platform refuses (500) and one it accepts.
    await call('conexion', 'guardarWebhook', { name: 'flujoBots', url: `${hooks.url}/webhook/flujo`, auth: 'bearer', token: WEBHOOK_BEARER }, admin);
    await call('conexion', 'guardarWebhook', { name: 'agentesBase', url: `${hooks.url}/webhook/`, auth: 'ninguna' }, admin);
    await call('conexion', 'guardarWebhook', { name: 'llamadaSaliente', url: `${hooks.url}/webhook/llamar`, auth: 'basic', usuario: 'n8n', contrasena: WEBHOOK_BASIC }, admin);
    await call('conexion', 'guardarWebhook', { name: 'analisisArchivo', url: `${hooks.url}/webhook/archivo`, auth: 'cabeceras', cabeceras: { 'X-Api-Key': WEBHOOK_CABECERA } }, admin);
    await call('conexion', 'webhooks', {}, admin);
    const bot = await call<{ clave: string }>('bots', 'guardarEmpresa', { canal: 'wordpress', name: 'Óptica Visión', tableSupabase: 'optica_vision_registro_bot_wordpress' }, admin);
    hooks.respond((_req, res) => void res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`fallo interno, token ${WEBHOOK_BEARER}`));
    expect((await refused('bots', 'crearFlujo', { canal: 'wordpress', clave: bot.clave }, admin)).code).toBe('unavailable');
    hooks.respond((_req, res) => void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'));
    await call('bots', 'crearFlujo', { canal: 'wordpress', clave: bot.clave }, admin);
    expect(hooks.requests.at(-1)!.headers.authorization).toBe(`Bearer ${WEBHOOK_BEARER}`);

    // Inbound signing secrets: rotated (answered once), a signed result with a transcript, a forged one.
    const llamadas = (await call<{ secreto: string }>('conexion', 'rotarSecretoEntrada', { ruta: 'llamadas' }, admin)).secreto;
    const mensajes = (await call<{ secreto: string }>('conexion', 'rotarSecretoEntrada', { ruta: 'mensajes' }, admin)).secreto;
    const cuerpo = JSON.stringify({ conversation_id: `conv-${unico()}`, phone: '+573001112233', status: 'done', summary: TRANSCRIPCION, transcript: TRANSCRIPCION });
    const enviar = async (secreto: string) => {
      const fecha = String(Math.floor(Date.now() / 1000));
      const firma = createHmac('sha256', secreto).update(`${fecha}.`).update(cuerpo).digest('hex');
      const r = await fetch(`${entrada.enMarcha!.url}/entrada/llamadas`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Consola-Fecha': fecha, 'X-Consola-Firma': `sha256=${firma}` },
        body: cuerpo,
      });
      await r.text();
      return r.status;
    };
    expect(await enviar(llamadas)).toBeLessThan(300);
    expect(await enviar(mensajes)).toBe(401);

    // The company portal's password: created (answered once), a wrong and a right sign-in.
    const creada = await call<{ empresa: { id: string }; credenciales: { usuario: string } }>(
      'empresas', 'crear', { nombre: 'Ferretería Central', usuarioCliente: `ferreteria-${unico()}`, contrasenaCliente: PORTAL_PW }, admin,
    );
    const cliente = new Caller();
    await refused('portal', 'iniciarSesion', { empresaId: creada.empresa.id, usuario: creada.credenciales.usuario, contrasena: PORTAL_MALA }, cliente);
    const portal = await call<{ token: string | null }>('portal', 'iniciarSesion', { empresaId: creada.empresa.id, usuario: creada.credenciales.usuario, contrasena: PORTAL_PW }, cliente);
    if (portal.token) tokens.push(portal.token);

    // The Resumen writes its counts and range (part 1 §7).
    const campana = await call<{ id: number }>('llamadas', 'crearCampana', { nombre: 'Campaña registro', minutos: 100 }, admin);
    await call('llamadas', 'resumen', { campanaId: campana.id, desde: '2026-11-01T05:00:00.000Z', hasta: '2026-11-08T04:59:59.999Z' }, admin);

    // A database connection string with a password: the move to Supabase connects, finds no migrations, refuses.
    const traslado = await dispatch('datos', 'trasladar', { supabaseUrl: proyectoUrl, anonKey: ANON, conexionBase: CONEXION }, admin);
    expect(traslado).toMatchObject({ ok: true, data: { tipo: 'traslado' } });
    await expect
      .poll(async () => ((await dispatch('datos', 'actividad', {}, admin)) as { data: { estado: string } | null }).data?.estado, { timeout: 60_000 })
      .toBe('fallido');

    // The anon key: tested, then the app switches to the hosted project; a wrong and a right hosted sign-in.
    await call('conexion', 'probarSupabase', { supabaseUrl: proyectoUrl, anonKey: ANON }, admin);
    await call('conexion', 'guardarBackend', { backend: 'hosted', supabaseUrl: proyectoUrl, anonKey: ANON }, admin);
    expect(host!.backendKind).toBe('hosted');
    const alojado = new Caller();
    await refused('auth', 'iniciarSesion', { email: HOSTED_USER.email, password: MALA }, alojado);
    await call('auth', 'iniciarSesion', { email: HOSTED_USER.email, password: HOSTED_PW }, alojado);
    await call('auth', 'estado', {}, alojado);
    // Once more after the hosted session (JSON with "authenticated", "bearer"…) went through the vault.
    await refused('auth', 'iniciarSesion', { email: HOSTED_USER.email, password: MALA }, new Caller());
    await call('conexion', 'guardarBackend', { backend: 'embedded' }, alojado);
    expect(host!.backendKind).toBe('embedded');
    expect(emitidos.length).toBeGreaterThan(0);

    // Defence in depth: a value the vault handled, slipped into an error by some library, is hidden anyway.
    registro.log('Prueba de ocultación', new Error(`la biblioteca repitió ${ANON}, ${WEBHOOK_BASIC} y ${WEBHOOK_CABECERA}`));
    await registro.vaciar();

    const carpeta = join(dataDir, 'registro');
    const archivos = readdirSync(carpeta);
    expect(archivos.length).toBeGreaterThan(1); // the flows rotated the log
    const texto = archivos.map((a) => readFileSync(join(carpeta, a), 'utf8')).join('\n');

    // It says what happened …
    // (a new folder is migrated, or copied from the build's migrated template when the build made one)
    expect(texto).toMatch(/ INFO (Migraciones aplicadas: |Base nueva creada desde la plantilla migrada)/);
    // Embedded and hosted (the latter after the hosted session's JSON went through the vault: its common words
    // such as "authenticated" must not have been registered as secrets).
    expect(texto.split('Acceso rechazado: auth.iniciarSesion (unauthenticated)').length - 1).toBe(3);
    expect(texto).toContain('Acceso rechazado: configuracion.cambiarContrasena');
    expect(texto).toContain('Acceso rechazado: portal.iniciarSesion');
    expect(texto).toContain(`Resumen: campaña ${campana.id}, 0 clientes, 0 llamadas, rango 2026-11-01T05:00:00.000Z – 2026-11-08T04:59:59.999Z`);
    expect(texto).toContain('Backend: hosted');
    expect(texto).toMatch(/Datos: traslado fallido/);
    expect(texto).toContain(`Prueba de ocultación: Error: la biblioteca repitió ${OCULTO}, ${OCULTO} y ${OCULTO}`);

    // … and none of the secrets, tokens, e-mails or the transcript.
    const prohibidos = [
      ADMIN.password, NUEVA, MALA, WEBHOOK_BEARER, WEBHOOK_BASIC, WEBHOOK_CABECERA, ANON, PORTAL_PW, PORTAL_MALA,
      CONEXION_PW, encodeURIComponent(CONEXION_PW), CONEXION, HOSTED_PW, llamadas, mensajes, ...tokens, ...emitidos,
      ADMIN.email, ADMIN.email.toLowerCase(), HOSTED_USER.email, TRANSCRIPCION, 'María Pérez', '3001112233',
    ];
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    const encontrados = prohibidos.filter((valor) => texto.includes(valor));
    expect(encontrados).toEqual([]);
    // Nor did any flow try to log one: the redaction only had to act on the line written here to test it.
    expect(texto.split('\n').filter((l) => l.includes(OCULTO) && !l.includes('Prueba de ocultación'))).toEqual([]);
  }, 240_000);
});
