/**
 * Issue 12, calls: what the operator is told must be true. On PGlite and PostgreSQL 15, through the real api
 * and a real local webhook server that holds its answers for as long as the test wants:
 * - a call the platform does not answer within the (injected) timeout is 'sin confirmación', not failed, and
 *   every attempt carries an Idempotency-Key header: the same key when that attempt is retried, a new one
 *   for a new attempt;
 * - a running bulk call is found again by the same operator's new session (reload, new sign-in), which can
 *   follow and cancel it; nobody else sees it;
 * - the global search finds a client by surname or full name, and shows call statuses in Spanish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import type { SqlClient } from '../../src/shared/ports/sql';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, embeddedApi } from '../support/operators';
import { hasta } from '../support/esperar';
import { startWebhookServer, type RecordedRequest, type WebhookServer } from '../support/webhook-server';
import { es } from '../../src/shared/i18n/es';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import type { Campana, Cliente, LoteEstado, LoteResumen } from '../../src/shared/areas/llamadas/contract';
import type { JobState } from '../../src/shared/domain/jobs';
import type { SearchResult } from '../../src/shared/domain/search';
import { VENTANA_REINTENTO_MS } from '../../src/shared/areas/llamadas/rules';

const t = es.llamadas;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const clave = (r: RecordedRequest) => r.headers['idempotency-key'] as string | undefined;
const telefono = (r: RecordedRequest) => (r.json as { phone: string }).phone;
/** Lets the event loop run (the api's work, the webhook server) between two looks at a condition; no timed pause. */

describe.each(MIGRATED_BACKENDS)('llamadas honestas en %s', (_name, fresh) => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  let hooks: WebhookServer;
  const caller = new Caller();
  let camp: Campana;
  const clientes: Cliente[] = [];
  /** Answers the webhook server is holding back (a platform slower than the timeout). */
  const retenidas: ServerResponse[] = [];
  const retener = () => hooks.respond((_req, res) => void retenidas.push(res));
  const responder200 = () =>
    hooks.respond((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    });
  const soltarRetenidas = () => {
    for (const res of retenidas.splice(0)) if (!res.writableEnded) res.end();
  };

  async function raw(area: string, op: string, input: unknown, who: Caller = caller): Promise<Envelope> {
    return api.dispatch(area, op, input, who);
  }
  async function call<T>(op: string, input: unknown, who: Caller = caller, area = 'llamadas'): Promise<T> {
    const r = await raw(area, op, input, who);
    if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
    return r.data as T;
  }
  async function esperarLote(id: string, who: Caller = caller): Promise<LoteEstado> {
    let s = await call<LoteEstado>('estadoLote', { id }, who);
    await hasta(async () => (s = await call<LoteEstado>('estadoLote', { id }, who)).status !== 'running', 'el lote termina');
    return s;
  }
  async function intentos(clienteId: number) {
    const { rows } = await db.query<{ resultado: string; clave_idempotencia: string | null; detalle: string | null }>(
      `select resultado, clave_idempotencia::text as clave_idempotencia, detalle from public.intentos_llamada where cliente_id = $1 order by id`,
      [clienteId],
    );
    return rows;
  }

  beforeAll(async () => {
    db = await fresh();
    api = await embeddedApi(db);
    hooks = await startWebhookServer();
    await raw('auth', 'crearPrimerAdmin', ADMIN);
    camp = await call<Campana>('crearCampana', { nombre: 'Honestidad', minutos: 100_000 });
    await call('guardarConfiguracion', { campanaId: camp.id, agentid: 'agent_1', agentphonenumberid: 'phnum_1', prompt: 'Hola', horaInicio: '08:00', horaFin: '20:00' });
    await raw('conexion', 'guardarWebhook', { name: 'llamadaSaliente', url: `${hooks.url}/llamar`, auth: 'ninguna' });
    const nombres: Array<[string, string]> = [
      ['Ana María', 'Ruiz Gómez'],
      ['Beto', 'Paz'],
      ['Carla', 'Gil'],
      ['Darío', 'Sánchez'],
      ['Elena', 'Mora'],
    ];
    for (const [i, [nombre, apellido]] of nombres.entries()) {
      clientes.push(await call<Cliente>('crearCliente', { nombre, apellido, email: `c${i}@honesta.co`, telefono: `+5730055500${i}`, campanaId: camp.id }));
    }
  });
  afterAll(async () => {
    soltarRetenidas();
    await hooks?.close();
    await db?.cerrar();
  });

  it('una llamada sin respuesta a tiempo queda "sin confirmación" (no fallida) y su reintento lleva la misma clave', async () => {
    const ana = clientes[0]!;
    const nombre = `${ana.nombre} ${ana.apellido}`;
    retener();
    const antes = hooks.requests.length;
    const r = await call<{ mensaje: string; sinConfirmacion?: boolean }>('llamar', { clienteId: ana.id, timeoutMs: 200 });
    expect(r).toEqual({ mensaje: t.llamar.sinConfirmacionCliente(nombre), sinConfirmacion: true });
    soltarRetenidas();
    const primera = hooks.requests[antes]!;
    expect(hooks.requests.length).toBe(antes + 1);
    expect(clave(primera)).toMatch(UUID);
    // The spec's body is exact: the key travels only in the header.
    expect(primera.json).toEqual({ name: nombre, email: ana.email, phone: ana.telefono, company: '', agent_id: 'agent_1', agent_phone_number_id: 'phnum_1', position: '' });
    expect(await intentos(ana.id)).toEqual([{ resultado: 'sin_confirmacion', clave_idempotencia: clave(primera), detalle: t.llamar.sinConfirmacionDetalle }]);

    // Calling her again soon is a retry of that attempt: the same key, so the platform can drop the duplicate.
    responder200();
    expect(await call('llamar', { clienteId: ana.id })).toEqual({ mensaje: t.llamar.iniciada(nombre) });
    expect(clave(hooks.requests.at(-1)!)).toBe(clave(primera));
    // Once confirmed, the next call is a new attempt with a new key.
    expect(await call('llamar', { clienteId: ana.id })).toEqual({ mensaje: t.llamar.iniciada(nombre) });
    const tercera = clave(hooks.requests.at(-1)!);
    expect(tercera).toMatch(UUID);
    expect(tercera).not.toBe(clave(primera));
    expect((await intentos(ana.id)).map((i) => i.resultado)).toEqual(['sin_confirmacion', 'exitosa', 'exitosa']);

    // An unconfirmed attempt older than the retry window: calling again is a new call, with a new key.
    retener();
    await call('llamar', { clienteId: ana.id, timeoutMs: 200 });
    soltarRetenidas();
    const vieja = clave(hooks.requests.at(-1)!);
    api.clock.advance(VENTANA_REINTENTO_MS + 1000);
    responder200();
    await call('llamar', { clienteId: ana.id });
    expect(clave(hooks.requests.at(-1)!)).not.toBe(vieja);

    // A refused answer is still a failure, said as before.
    hooks.respond((_req, res) => void res.writeHead(503).end('down'));
    const fallo = await raw('llamadas', 'llamar', { clienteId: ana.id });
    expect(fallo).toMatchObject({ ok: false, error: { message: t.llamar.errorIniciar, details: { detalle: t.llamar.respuestaServidor(503) } } });
    expect((await intentos(ana.id)).at(-1)).toMatchObject({ resultado: 'fallida' });
    responder200();
  });

  it('lote: el que no responde a tiempo cuenta como sin confirmación; reintentar reenvía cada intento con su clave', async () => {
    const [, beto, carla, dario] = clientes;
    // Beto's platform is slow (held back), Carla's answers 500, Darío's answers at once.
    hooks.respond((req, res) => {
      const phone = telefono(req);
      if (phone === beto!.telefono) return void retenidas.push(res);
      res.writeHead(phone === carla!.telefono ? 500 : 200, { 'Content-Type': 'application/json' });
      res.end('{}');
    });
    const antes = hooks.requests.length;
    // Darío's answer must arrive within it on a busy machine too; Beto's is held until after.
    const job = await call<JobState>('llamarLote', { campanaId: camp.id, clienteIds: [beto!.id, carla!.id, dario!.id], timeoutMs: 2000 });
    const fin = await esperarLote(job.id);
    soltarRetenidas();
    expect(fin).toMatchObject({ status: 'done', done: 3, ok: 1, failed: 1, sinConfirmacion: 1, omitidas: 0, message: t.llamar.resultadoLoteSinConfirmacion(1, 1, 1) });
    expect(fin.resultados.map((r) => r.estado)).toEqual(['sin_confirmacion', 'fallida', 'exitosa']);
    expect(fin.resultados[0]!.detalle).toBe(t.llamar.sinConfirmacionDetalle);
    const enviados = hooks.requests.slice(antes);
    const claves = new Map(enviados.map((r) => [telefono(r), clave(r)]));
    expect([...claves.values()].every((k) => k && UUID.test(k))).toBe(true);
    expect(new Set(claves.values()).size).toBe(3); // one new key per attempt

    // 'Reintentar fallidas' takes the failed and the unconfirmed ones, each with the key it first went out with.
    responder200();
    const desde = hooks.requests.length;
    const retry = await call<JobState>('reintentarFallidas', { id: job.id });
    expect(await esperarLote(retry.id)).toMatchObject({ total: 2, ok: 2, failed: 0, sinConfirmacion: 0, message: t.llamar.resultadoLote(2, 0) });
    const reenviados = hooks.requests.slice(desde);
    expect(reenviados.map(telefono).sort()).toEqual([beto!.telefono, carla!.telefono].sort());
    for (const r of reenviados) expect(clave(r)).toBe(claves.get(telefono(r)));
  });

  it('un lote en curso sobrevive a la recarga: la nueva sesión del mismo operador lo encuentra, lo sigue y lo cancela', async () => {
    retener();
    const antes = hooks.requests.length;
    const ids = clientes.slice(1, 5).map((c) => c.id);
    const job = await call<JobState>('llamarLote', { campanaId: camp.id, clienteIds: ids, simultaneas: 1 });
    await hasta(() => hooks.requests.length > antes, 'la primera llamada llega a la plataforma');

    // A reload or a new sign-in: another session of the same operator.
    const otraSesion = new Caller();
    await call('iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, otraSesion, 'auth');
    expect(otraSesion.token).not.toBe(caller.token);
    // The batch is in the database: the campaign's list shows it running, first.
    const lista = await call<LoteResumen[]>('lotes', { campanaId: camp.id }, otraSesion);
    expect(lista[0]).toMatchObject({ id: job.id, estado: 'en_curso', total: 4, operadorNombre: ADMIN.nombre });
    expect(lista.filter((l) => l.estado === 'en_curso')).toHaveLength(1);
    const estado = await call<LoteEstado>('estadoLote', { id: job.id }, otraSesion);
    expect(estado).toMatchObject({ id: job.id, campanaId: camp.id, status: 'running', total: 4 });
    expect(estado.resultados.map((r) => r.estado)).toEqual(['en_curso', 'pendiente', 'pendiente', 'pendiente']);
    // Calling stays locked while it runs, and the message says why.
    expect(await raw('llamadas', 'llamar', { clienteId: clientes[0]!.id }, otraSesion)).toMatchObject({ ok: false, error: { message: t.llamar.enProgreso } });
    // Nobody without a session sees it.
    expect(await raw('llamadas', 'lotes', { campanaId: camp.id }, new Caller())).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });

    await call<LoteEstado>('cancelarLote', { id: job.id }, otraSesion);
    const fin = await esperarLote(job.id, otraSesion);
    soltarRetenidas();
    expect(fin.status).toBe('cancelled');
    // The one waiting for the platform when cancelled may have been called: said so, not 'failed'.
    expect(fin.resultados.map((r) => r.estado)).toEqual(['sin_confirmacion', 'pendiente', 'pendiente', 'pendiente']);
    expect(fin.resultados[0]!.detalle).toBe(t.llamar.canceladaEnEspera);
    expect(hooks.requests.length).toBe(antes + 1);
    expect((await call<LoteResumen[]>('lotes', { campanaId: camp.id }, otraSesion)).find((l) => l.id === job.id)).toMatchObject({ estado: 'cancelado' });
    // Calling is free again.
    responder200();
    expect(await call('llamar', { clienteId: clientes[4]!.id }, otraSesion)).toEqual({ mensaje: t.llamar.iniciada('Elena Mora') });
  });

  it('búsqueda global: por apellido y por nombre completo; los estados de llamada en español', async () => {
    const buscar = (q: string) => call<SearchResult[]>('buscar', { q }, caller, 'shell');
    const titulos = async (q: string) => (await buscar(q)).filter((r) => r.type === 'cliente').map((r) => r.title);
    expect(await titulos('Ruiz')).toEqual(['Ana María Ruiz Gómez']);
    expect(await titulos('ana maría ruiz')).toEqual(['Ana María Ruiz Gómez']);
    expect(await titulos('Carla Gil')).toEqual(['Carla Gil']);
    expect(await titulos('sánchez')).toEqual(['Darío Sánchez']);
    // Still by phone and e-mail, and no match across the name and the phone.
    expect(await titulos('5550')).toHaveLength(5);
    expect(await titulos('c2@honesta')).toEqual(['Carla Gil']);
    expect(await titulos('Gil +57')).toEqual([]);

    await db.query(
      `insert into public.registro_escrito_llamada (phone, campana, status, created_at, conversation_id) values
         ('+573009990001', $1, 'IN-PROGRESS', '2026-11-20T15:00:00Z', 'conv_honesta_1'),
         ('+573009990002', $1, 'DONE', '2026-11-20T16:00:00Z', 'conv_honesta_2'),
         ('+573009990003', $1, 'failed', '2026-11-20T17:00:00Z', 'conv_honesta_3'),
         ('+573009990004', $1, ' voz_rara ', '2026-11-20T18:00:00Z', 'conv_honesta_4')`,
      [camp.id],
    );
    const llamadas = (await buscar('+5730099900')).filter((r) => r.type === 'llamada');
    const porTelefono = new Map(llamadas.map((r) => [r.title, r]));
    expect(porTelefono.get('+573009990001')!.subtitle).toMatch(/^En curso · /);
    expect(porTelefono.get('+573009990002')!.subtitle).toMatch(/^Completada · /);
    expect(porTelefono.get('+573009990003')!.subtitle).toMatch(/^Fallida · /);
    expect(porTelefono.get('+573009990004')!.subtitle).toMatch(/^voz_rara · /);
    // The stored value is untouched.
    expect(porTelefono.get('+573009990001')!.data.status).toBe('IN-PROGRESS');
  });
});
