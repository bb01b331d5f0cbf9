/**
 * Batches as a first-class thing (issue 15 §3), through the real api on PGlite and PostgreSQL 15, with a
 * pinned fake clock and a real local webhook server standing in for the voice platform:
 *  - the shared 'No llamar' list and the clients' flag are one truth; the claim step skips listed phones; an
 *    outcome reported as opt-out adds the phone;
 *  - the estimate before a batch (history or defaults, against the cap);
 *  - a scheduled batch starts when the clock passes its time; outside the weekly window or on a holiday it
 *    waits for the next opening;
 *  - the retry policy: a 'no contesta' outcome sets a retry N minutes later (a new key), at most M attempts;
 *    the batch ends when nothing is left to send or to wait for;
 *  - a batch interrupted mid-way (another app process opens the database) is shown as interrupted with what
 *    was sent and what not; 'Reanudar' sends only the rest: no phone is ever called twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import type { SqlClient } from '../../src/shared/ports/sql';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, Clock, embeddedApi } from '../support/operators';
import { hasta } from '../support/esperar';
import { startWebhookServer, type RecordedRequest, type WebhookServer } from '../support/webhook-server';
import { es } from '../../src/shared/i18n/es';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import type { Campana, Cliente, EstimacionLote, IntentoLote, LoteEstado, LoteResumen } from '../../src/shared/areas/llamadas/contract';

const t = es.llamadas;
const turno = () => new Promise((r) => setImmediate(r));
const telefono = (r: RecordedRequest) => (r.json as { phone: string }).phone;
const clave = (r: RecordedRequest) => r.headers['idempotency-key'] as string | undefined;
/** Monday 2026-11-23, 10:00 in Bogotá. */
const LUNES_10 = new Date('2026-11-23T15:00:00Z');
const MIN = 60_000;

type Api = Awaited<ReturnType<typeof embeddedApi>>;

describe.each(MIGRATED_BACKENDS)('lotes de llamadas en %s', (_name, fresh) => {
  let db: SqlClient;
  let api: Api;
  let hooks: WebhookServer;
  const clock = new Clock(LUNES_10);
  const caller = new Caller();
  let camp: Campana;
  let otra: Campana;
  const clientes: Cliente[] = [];
  const abiertas: Api[] = [];

  async function raw(op: string, input: unknown, who: Caller = caller, en: Api = api, area = 'llamadas'): Promise<Envelope> {
    return en.dispatch(area, op, input, who);
  }
  async function call<T>(op: string, input: unknown, who: Caller = caller, en: Api = api): Promise<T> {
    const r = await raw(op, input, who, en);
    if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
    return r.data as T;
  }
  async function estadoCuando(id: string, cond: (s: LoteEstado) => boolean, que: string, who = caller, en = api): Promise<LoteEstado> {
    let s = await call<LoteEstado>('estadoLote', { id }, who, en);
    await hasta(async () => cond((s = await call<LoteEstado>('estadoLote', { id }, who, en))), que);
    return s;
  }
  const configurar = (extra: Record<string, unknown> = {}) =>
    call('guardarConfiguracion', { campanaId: camp.id, agentid: 'agent_1', agentphonenumberid: 'phnum_1', prompt: 'Hola', horaInicio: '08:00', horaFin: '20:00', ...extra });
  /** An outcome as n8n (or the inbound endpoint) writes it: the row carries the test's clock. */
  async function resultado(phone: string, status: string, campana = camp.id) {
    await api.backend.datosSistema!().run({
      kind: 'insert',
      table: 'registro_escrito_llamada',
      rows: [{ phone, campana, status, conversation_id: `conv-${phone}-${status}-${clock.now().getTime()}`, duration_call_seg: 30, costo: 0.1 }],
    });
  }
  const responder200 = () =>
    hooks.respond((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    });
  /** After a jump of the clock past the session's 12 hours: sign in again, as a person would. */
  const entrar = () => raw('iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, caller, api, 'auth');
  const enviadosDesde = (desde: number) => hooks.requests.slice(desde).map(telefono);

  beforeAll(async () => {
    db = await fresh();
    api = await embeddedApi(db, clock);
    abiertas.push(api);
    hooks = await startWebhookServer();
    await raw('crearPrimerAdmin', ADMIN, caller, api, 'auth');
    camp = await call<Campana>('crearCampana', { nombre: 'Lotes', minutos: 100_000 });
    otra = await call<Campana>('crearCampana', { nombre: 'Otra', minutos: 100 });
    await configurar();
    await raw('guardarWebhook', { name: 'llamadaSaliente', url: `${hooks.url}/llamar`, auth: 'ninguna' }, caller, api, 'conexion');
    for (let i = 0; i < 12; i++) {
      clientes.push(await call<Cliente>('crearCliente', { nombre: `Cliente${i}`, apellido: 'Lote', email: `c${i}@lotes.co`, telefono: `+57 301 000 ${String(i).padStart(4, '0')}`, campanaId: camp.id }));
    }
  });
  afterAll(async () => {
    for (const a of abiertas) await a.cerrar();
    await hooks?.close();
    await db?.cerrar();
  });

  it("'No llamar': lista y marca del cliente son una sola verdad; importar; un opt-out entra solo; el lote omite lo listado", async () => {
    // The same phone in another campaign, written differently.
    const gemelo = await call<Cliente>('crearCliente', { nombre: 'Gemelo', apellido: 'Otra', email: 'g@otra.co', telefono: '573010000000', campanaId: otra.id });
    expect(await call('noLlamarAgregar', { telefono: clientes[0]!.telefono })).toEqual({ agregado: true });
    expect(await call('noLlamarAgregar', { telefono: '+57-301-000-0000' })).toEqual({ agregado: false });
    expect((await raw('noLlamarAgregar', { telefono: 'abc' })).ok).toBe(false);
    const marcados = async () =>
      (await db.query<{ id: number | string }>('select id from public.clientes where no_llamar order by id')).rows.map((r) => Number(r.id));
    expect(await marcados()).toEqual([clientes[0]!.id, gemelo.id]);

    // Flagging a client lists his phone (motivo 'cliente'); unflagging removes it.
    await call('actualizarCliente', { ...clientes[1]!, noLlamar: true });
    const lista = await call<{ total: number; filas: Array<{ telefono: string; motivo: string }> }>('noLlamarListar', {});
    expect(lista.filas.map((f) => f.motivo).sort()).toEqual(['cliente', 'manual']);
    await call('actualizarCliente', { ...clientes[1]!, noLlamar: false });
    expect((await call<{ total: number }>('noLlamarListar', {})).total).toBe(1);
    expect((await call<{ total: number }>('noLlamarListar', { q: '3010000000' })).total).toBe(1);
    expect((await call<{ total: number }>('noLlamarListar', { q: '999' })).total).toBe(0);

    // A CSV of phones: repeats once, what is not a phone counted apart.
    const importado = await call('noLlamarImportar', { telefonos: ['+57 301 000 0002', '573010000002', 'teléfono', '', '+57 301 000 0000', '3209998877'] });
    expect(importado).toEqual({ agregados: 2, yaEstaban: 1, invalidos: 1 });
    expect(await marcados()).toEqual([clientes[0]!.id, clientes[2]!.id, gemelo.id]);

    // A client created (one by one, or in a CSV import) with a listed phone comes in flagged, and says so.
    const nuevo = await call<Cliente>('crearCliente', { nombre: 'Nuevo', apellido: 'Otra', email: 'n@otra.co', telefono: '(320) 999-8877', campanaId: otra.id });
    expect(nuevo.noLlamar).toBe(true);
    expect(await call('importarClientes', { campanaId: otra.id, filas: [{ nombre: 'Csv', apellido: 'Otra', email: 'csv@otra.co', telefono: '3209998877' }, { nombre: 'Libre', apellido: 'Otra', email: 'libre@otra.co', telefono: '3209998800' }] })).toEqual({ insertados: 2, omitidos: 0 });
    const importados = await db.query<{ email: string; no_llamar: boolean }>(`select email, no_llamar from public.clientes where email in ('csv@otra.co', 'libre@otra.co') order by email`);
    expect(importados.rows).toEqual([{ email: 'csv@otra.co', no_llamar: true }, { email: 'libre@otra.co', no_llamar: false }]);
    await db.query(`delete from public.clientes where email in ('n@otra.co', 'csv@otra.co', 'libre@otra.co')`);

    // Outcomes are classified once, whatever the spelling.
    const clases = await db.query<{ c: string }>(
      `select public.llamadas_clase_resultado(x) as c from unnest(array['No Contesta', 'no_answer', 'NO-ANSWER', 'Ocupado', 'busy', 'FAILED', 'fallida', 'opt_out', 'No llamar', 'baja', 'done', '']) as x`,
    );
    expect(clases.rows.map((r) => r.c)).toEqual(['no_contesta', 'no_contesta', 'no_contesta', 'ocupado', 'ocupado', 'fallida', 'fallida', 'opt_out', 'opt_out', 'opt_out', 'otro', 'otro']);
    // An outcome reported as opt-out (any spelling) adds the phone.
    await resultado(clientes[3]!.telefono, 'Opt-Out');
    expect((await call<{ filas: Array<{ telefono: string; motivo: string }> }>('noLlamarListar', { q: '0003' })).filas).toMatchObject([{ motivo: 'opt_out' }]);
    expect(await marcados()).toContain(clientes[3]!.id);

    // The claim step skips listed phones: no request goes to them.
    responder200();
    const desde = hooks.requests.length;
    const ids = clientes.slice(0, 5).map((c) => c.id);
    const lote = await call<LoteEstado>('llamarLote', { campanaId: camp.id, clienteIds: ids });
    expect(lote).toMatchObject({ estado: 'en_curso', status: 'running', total: 5, estimado: { llamables: 2, omitidosNoLlamar: 3 } });
    const fin = await estadoCuando(lote.id, (s) => s.estado === 'terminado', 'el lote termina');
    expect(fin).toMatchObject({ status: 'done', ok: 2, omitidas: 3, done: 5 });
    expect(fin.resultados.filter((r) => r.estado === 'omitida').map((r) => r.detalle)).toEqual([t.llamar.enListaNoLlamar, t.llamar.enListaNoLlamar, t.llamar.enListaNoLlamar]);
    expect(enviadosDesde(desde).sort()).toEqual([clientes[1]!.telefono, clientes[4]!.telefono].sort());

    // Removing a phone unflags every client with it.
    expect(await call('noLlamarQuitar', { telefono: '573010000000' })).toEqual({ quitado: true });
    expect(await marcados()).toEqual([clientes[2]!.id, clientes[3]!.id]);
    for (const tel of [clientes[2]!.telefono, clientes[3]!.telefono, '3209998877']) await call('noLlamarQuitar', { telefono: tel });
    expect(await marcados()).toEqual([]);
  });

  it('la estimación: promedio de minutos y costo del historial (o 2 min y 0), contra lo que queda del tope', async () => {
    const sinHistorial = await call<EstimacionLote>('estimarLote', { campanaId: otra.id, clienteIds: [clientes[0]!.id] });
    expect(sinHistorial).toEqual({ llamables: 0, omitidosNoLlamar: 0, minutosEstimados: 0, costoEstimado: 0, minutosRestantes: 100, superaTope: false });
    const gemelo = (await db.query<{ id: number | string }>('select id from public.clientes where campana_id = $1', [otra.id])).rows.map((r) => Number(r.id));
    expect(await call('estimarLote', { campanaId: otra.id, clienteIds: gemelo })).toEqual({
      llamables: 1, omitidosNoLlamar: 0, minutosEstimados: 2, costoEstimado: 0, minutosRestantes: 100, superaTope: false,
    });
    // History: two calls of 3 and 5 minutes costing 0.6 and 1.0 → 4 min average, 0.2 per minute; 8 of 100 minutes used.
    for (const [seg, costo] of [[180, 0.6], [300, 1.0]] as const) {
      await api.backend.datosSistema!().run({
        kind: 'insert', table: 'registro_escrito_llamada',
        rows: [{ phone: '+570001', campana: otra.id, status: 'done', duration_call_seg: seg, costo, conversation_id: `hist-${seg}` }],
      });
    }
    const muchos = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call<Cliente>('crearCliente', { nombre: `E${i}`, apellido: 'S', email: `e${i}@otra.co`, telefono: `+57310000${String(i).padStart(4, '0')}`, campanaId: otra.id })),
    );
    const e = await call<EstimacionLote>('estimarLote', { campanaId: otra.id, clienteIds: muchos.map((c) => c.id) });
    expect(e).toEqual({ llamables: 30, omitidosNoLlamar: 0, minutosEstimados: 120, costoEstimado: 24, minutosRestantes: 92, superaTope: true });
  });

  it('programado: espera su hora y arranca cuando el reloj la pasa; fuera del horario semanal o en festivo espera la apertura', async () => {
    responder200();
    const desde = hooks.requests.length;
    const programadoPara = new Date(clock.now().getTime() + 60 * MIN).toISOString();
    const lote = await call<LoteEstado>('llamarLote', { campanaId: camp.id, clienteIds: [clientes[5]!.id], programadoPara });
    expect(lote).toMatchObject({ estado: 'programado', status: 'running', programadoPara, done: 0 });
    expect((await call<LoteResumen[]>('lotes', { campanaId: camp.id }))[0]).toMatchObject({ id: lote.id, estado: 'programado', operadorNombre: ADMIN.nombre });
    for (let i = 0; i < 50; i++) await turno();
    expect(hooks.requests.length).toBe(desde);
    clock.advance(61 * MIN);
    const fin = await estadoCuando(lote.id, (s) => s.estado === 'terminado', 'el lote programado se envía');
    expect(fin).toMatchObject({ ok: 1, done: 1 });
    expect(enviadosDesde(desde)).toEqual([clientes[5]!.telefono]);

    // Today (a Monday) is a holiday, and the weekly window only has Tuesday 09:00–12:00: it waits until then.
    await configurar({ horarioSemanal: [{ dia: 2, inicio: '09:00', fin: '12:00' }], diasSinLlamadas: ['2026-11-23'] });
    const desde2 = hooks.requests.length;
    const espera = await call<LoteEstado>('llamarLote', { campanaId: camp.id, clienteIds: [clientes[6]!.id] });
    const esperando = await estadoCuando(espera.id, (s) => s.estado === 'esperando_horario', 'el lote espera el horario');
    expect(esperando).toMatchObject({ status: 'running', message: t.lote.esperandoHorario, done: 0 });
    expect(hooks.requests.length).toBe(desde2);
    // A single call is refused outside the window, with the weekly window's message.
    expect(await raw('llamar', { clienteId: clientes[6]!.id })).toMatchObject({ ok: false, error: { message: t.llamar.fueraDeVentana } });
    clock.current = new Date('2026-11-24T13:59:00Z'); // Tuesday 08:59 Bogotá: still closed
    await entrar();
    await call('estadoLote', { id: espera.id });
    for (let i = 0; i < 50; i++) await turno();
    expect(hooks.requests.length).toBe(desde2);
    clock.current = new Date('2026-11-24T14:00:00Z'); // 09:00: open
    await estadoCuando(espera.id, (s) => s.estado === 'terminado', 'el lote sigue al abrir el horario');
    expect(enviadosDesde(desde2)).toEqual([clientes[6]!.telefono]);
    await configurar({ horarioSemanal: null, diasSinLlamadas: [] }); // the clock stays on Tuesday 09:00, inside 08:00–20:00
  });

  it('reintentos: "no contesta" vuelve a llamarse N minutos después con otra clave, como mucho M intentos; el lote termina con los resultados', async () => {
    await configurar({ reintentosMax: 2, reintentoMinutos: 30, reintentarResultados: ['no_contesta', 'ocupado'] });
    expect(await call('configuracion', { campanaId: camp.id })).toMatchObject({ reintentosMax: 2, reintentoMinutos: 30, reintentarResultados: ['no_contesta', 'ocupado'] });
    responder200();
    const [a, b] = [clientes[7]!, clientes[8]!];
    const desde = hooks.requests.length;
    const lote = await call<LoteEstado>('llamarLote', { campanaId: camp.id, clienteIds: [a.id, b.id] });
    // Both sent; with a retry policy the batch waits for their outcomes.
    const enviado = await estadoCuando(lote.id, (s) => s.done === 2, 'los dos se envían');
    expect(enviado).toMatchObject({ estado: 'en_curso', status: 'running', message: t.lote.esperandoResultados });
    // Waiting for outcomes does not keep calling locked.
    expect(await call('estimarLote', { campanaId: camp.id, clienteIds: [clientes[9]!.id] })).toMatchObject({ llamables: 1 });
    expect(await call('llamar', { clienteId: clientes[9]!.id })).toEqual({ mensaje: t.llamar.iniciada('Cliente9 Lote') });
    const primeraClave = clave(hooks.requests[desde]!);

    await resultado(a.telefono, 'no-answer');
    await resultado(b.telefono, 'done');
    const conReintento = await call<LoteEstado>('estadoLote', { id: lote.id });
    expect(conReintento).toMatchObject({ reintentos: 1, proximoIntento: new Date(clock.now().getTime() + 30 * MIN).toISOString() });
    expect(conReintento.resultados).toMatchObject([
      { clienteId: a.id, estado: 'reintento', intentos: 1, resultadoLlamada: 'no-answer' },
      { clienteId: b.id, estado: 'exitosa', intentos: 1, resultadoLlamada: 'done' },
    ]);
    for (let i = 0; i < 50; i++) await turno();
    expect(hooks.requests.length).toBe(desde + 3);

    clock.advance(31 * MIN);
    await estadoCuando(lote.id, (s) => s.resultados[0]!.intentos === 2 && s.resultados[0]!.estado === 'exitosa', 'el reintento sale');
    expect(enviadosDesde(desde)).toEqual([a.telefono, b.telefono, clientes[9]!.telefono, a.telefono]);
    expect(clave(hooks.requests.at(-1)!)).not.toBe(primeraClave); // a new call, not a resend

    // Busy again: M = 2 attempts reached, no more retries; every outcome is in: the batch ends.
    await resultado(a.telefono, 'busy');
    const fin = await estadoCuando(lote.id, (s) => s.estado === 'terminado', 'el lote termina');
    expect(fin).toMatchObject({ status: 'done', ok: 2, reintentos: 0 });
    const intentos = await call<IntentoLote[]>('intentosLote', { id: lote.id });
    expect(intentos.map((i) => [i.telefono, i.intento, i.resultado, i.resultadoLlamada])).toEqual([
      [a.telefono, 1, 'exitosa', 'no-answer'],
      [b.telefono, 1, 'exitosa', 'done'],
      [a.telefono, 2, 'exitosa', 'busy'],
    ]);
    expect(hooks.requests.length).toBe(desde + 4);
    await configurar({ reintentosMax: 1 });
  });

  it('sigue sin sesión (cerrar sesión no lo detiene); un reintento que cae fuera del horario espera a la apertura', async () => {
    const retenidas: ServerResponse[] = [];
    hooks.respond((_req, res) => void retenidas.push(res));
    const desde = hooks.requests.length;
    const [a, b] = [clientes[10]!, clientes[11]!];
    const lote = await call<LoteEstado>('llamarLote', { campanaId: camp.id, clienteIds: [a.id, b.id] });
    await hasta(() => retenidas.length === 1, 'la primera llamada está en vuelo');
    await raw('cerrarSesion', {}, caller, api, 'auth');
    expect(await raw('estadoLote', { id: lote.id })).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    responder200();
    for (const res of retenidas.splice(0)) res.writeHead(200).end('{}');
    await hasta(() => hooks.requests.length === desde + 2, 'la segunda sale sin nadie conectado');
    await entrar();
    expect(await estadoCuando(lote.id, (s) => s.estado === 'terminado', 'el lote termina')).toMatchObject({ ok: 2 });

    // 17:50 Bogotá, window until 18:00, retry after 30 minutes: it waits for the next morning's opening.
    await configurar({ horaInicio: '08:00', horaFin: '18:00', reintentosMax: 2, reintentoMinutos: 30 });
    clock.current = new Date('2026-11-24T22:50:00Z');
    await entrar();
    const desde2 = hooks.requests.length;
    const tarde = await call<LoteEstado>('llamarLote', { campanaId: camp.id, clienteIds: [a.id] });
    await estadoCuando(tarde.id, (s) => s.done === 1, 'la llamada sale');
    await resultado(a.telefono, 'ocupado');
    expect(await call<LoteEstado>('estadoLote', { id: tarde.id })).toMatchObject({ reintentos: 1, proximoIntento: '2026-11-24T23:20:00.000Z' });
    clock.current = new Date('2026-11-24T23:21:00Z'); // the retry is due, but the window closed at 18:00
    await entrar();
    const esperando = await estadoCuando(tarde.id, (s) => s.estado === 'esperando_horario', 'espera el horario');
    expect(esperando.reintentos).toBe(1);
    expect(hooks.requests.length).toBe(desde2 + 1);
    clock.current = new Date('2026-11-25T13:00:00Z'); // Wednesday 08:00
    await entrar();
    // Claimed (intentos 2) is not yet sent: wait for the platform's answer to be written ('exitosa').
    await estadoCuando(tarde.id, (s) => s.resultados[0]!.intentos === 2 && s.resultados[0]!.estado === 'exitosa', 'el reintento sale al abrir');
    expect(enviadosDesde(desde2)).toEqual([a.telefono, a.telefono]);
    await resultado(a.telefono, 'done');
    await estadoCuando(tarde.id, (s) => s.estado === 'terminado', 'el lote termina');
    await configurar({ horaInicio: '08:00', horaFin: '20:00', reintentosMax: 1 });
  }, 120_000); // several sign-ins (bcrypt in SQL) and a restart: slow on a loaded machine, not a timing rule

  it('interrumpido: otro proceso abre la base a mitad del lote; lo enviado queda, lo reclamado sin confirmar; Reanudar envía solo el resto', async () => {
    const retenidas: ServerResponse[] = [];
    const soltar = () => {
      for (const res of retenidas.splice(0)) if (!res.writableEnded && !res.destroyed) res.writeHead(200).end('{}');
    };
    let contestadas = 0;
    // The first call is answered; the second is held (in flight when the other process opens the database).
    // Only this test's phones count: a request an earlier test left on its way is answered and ignored.
    const propios = new Set(clientes.slice(7, 12).map((c) => c.telefono));
    hooks.respond((req, res) => {
      if (!propios.has(telefono(req)) || contestadas++ === 0) return void res.writeHead(200).end('{}');
      retenidas.push(res);
    });
    const desde = hooks.requests.length;
    const ids = clientes.slice(7, 12).map((c) => c.id);
    const lote = await call<LoteEstado>('llamarLote', { campanaId: camp.id, clienteIds: ids, simultaneas: 1 });
    await hasta(() => retenidas.length === 1, 'la segunda llamada está en vuelo');

    // A restart: a new api (a new process id) over the same database recovers the batch by itself.
    const api2 = await embeddedApi(db, clock);
    abiertas.push(api2);
    const otro = new Caller();
    await raw('iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, otro, api2, 'auth');
    // (Each test api has its own settings file: the new process gets the platform's address as the first had it.)
    await raw('guardarWebhook', { name: 'llamadaSaliente', url: `${hooks.url}/llamar`, auth: 'ninguna' }, otro, api2, 'conexion');
    const interrumpido = await estadoCuando(lote.id, (s) => s.estado === 'interrumpido', 'el lote queda interrumpido', otro, api2);
    expect(interrumpido).toMatchObject({ status: 'failed', ok: 1, sinConfirmacion: 1, message: t.lote.interrumpido(2, 3) });
    expect(interrumpido.resultados.map((r) => r.estado)).toEqual(['exitosa', 'sin_confirmacion', 'pendiente', 'pendiente', 'pendiente']);
    expect(interrumpido.resultados[1]!.detalle).toBe(t.llamar.interrumpidaEnCurso);
    // The old process's request ends now: it sends nothing more (the batch is no longer its own).
    soltar();
    for (let i = 0; i < 100; i++) await turno();
    expect(hooks.requests.slice(desde).filter((r) => propios.has(telefono(r)))).toHaveLength(2);

    responder200();
    await call('reanudarLote', { id: lote.id }, otro, api2);
    const fin = await estadoCuando(lote.id, (s) => s.estado === 'terminado', 'el resto se envía', otro, api2);
    expect(fin.resultados.map((r) => r.estado)).toEqual(['exitosa', 'sin_confirmacion', 'exitosa', 'exitosa', 'exitosa']);
    const enviados = enviadosDesde(desde).filter((p) => propios.has(p));
    expect(enviados).toEqual(clientes.slice(7, 12).map((c) => c.telefono));
    expect(new Set(enviados).size).toBe(enviados.length); // nobody twice
    // The unconfirmed one can be retried on purpose, with the key it went out with.
    const reintento = await call<LoteEstado>('reintentarFallidas', { id: lote.id }, otro, api2);
    await estadoCuando(reintento.id, (s) => s.estado === 'terminado', 'el reintento termina', otro, api2);
    expect(hooks.requests.length).toBe(desde + 6);
    expect(telefono(hooks.requests.at(-1)!)).toBe(clientes[8]!.telefono);
    expect(clave(hooks.requests.at(-1)!)).toBe(clave(hooks.requests[desde + 1]!));

    // A batch scheduled before a restart is started by the process that runs after it, once.
    const programado = await call<LoteEstado>('llamarLote', {
      campanaId: camp.id, clienteIds: [clientes[0]!.id], programadoPara: new Date(clock.now().getTime() + 30 * MIN).toISOString(),
    }, otro, api2);
    const api3 = await embeddedApi(db, clock);
    abiertas.push(api3);
    const tercero = new Caller();
    await raw('iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, tercero, api3, 'auth');
    await raw('guardarWebhook', { name: 'llamadaSaliente', url: `${hooks.url}/llamar`, auth: 'ninguna' }, tercero, api3, 'conexion');
    const antes = hooks.requests.length;
    clock.advance(31 * MIN);
    await estadoCuando(programado.id, (s) => s.estado === 'terminado', 'el lote programado sale tras el reinicio', tercero, api3);
    expect(enviadosDesde(antes)).toEqual([clientes[0]!.telefono]);
  }, 120_000); // several sign-ins (bcrypt in SQL) and a restart: slow on a loaded machine, not a timing rule
});
