/**
 * The call-campaign area through the real api (dispatch + session) on PGlite and PostgreSQL 15: campaigns,
 * clients, SQL aggregates, CSV import in one transaction, calling against a real local webhook server
 * (checks repeated in the main process, bulk runs with concurrency, cancel, pause, retries), history, audio
 * and the Resumen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import type { SqlClient } from '../../src/shared/ports/sql';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, embeddedApi } from '../support/operators';
import { hasta } from '../support/esperar';
import { startWebhookServer, type WebhookServer } from '../support/webhook-server';
import { es } from '../../src/shared/i18n/es';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import type { Campana, Cliente, ClientesPagina, EstadisticasCampana, LlamadaRegistro, LoteEstado, ResumenLlamadas } from '../../src/shared/areas/llamadas/contract';
import type { JobState } from '../../src/shared/domain/jobs';

const t = es.llamadas;
/** Lets the event loop run (the api's work, the webhook server) between two looks at something; no timed pause. */
const turno = () => new Promise((r) => setImmediate(r));

/** An explicit gate: a stand-in answer waits on `abierta` until the test, having seen what it wanted, calls `abrir`. */
function compuerta() {
  let abrir!: () => void;
  const abierta = new Promise<void>((r) => (abrir = r));
  return { abierta, abrir };
}

describe.each(MIGRATED_BACKENDS)('llamadas en %s', (_name, fresh) => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  let hooks: WebhookServer;
  const caller = new Caller();

  async function raw(op: string, input: unknown): Promise<Envelope> {
    return api.dispatch('llamadas', op, input, caller);
  }
  async function call<T>(op: string, input: unknown): Promise<T> {
    const r = await raw(op, input);
    if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
    return r.data as T;
  }
  async function fails(op: string, input: unknown) {
    const r = await raw(op, input);
    expect(r.ok).toBe(false);
    return (r as { ok: false; error: { code: string; message: string; details?: unknown } }).error;
  }
  async function esperarLote(id: string): Promise<LoteEstado> {
    let s = await call<LoteEstado>('estadoLote', { id });
    await hasta(async () => (s = await call<LoteEstado>('estadoLote', { id })).status !== 'running', 'el lote termina');
    return s;
  }
  async function llamada(phone: string, campana: number, status: string | null, createdAt: string | null, dur = 60, costo = 0.1, extra: Record<string, unknown> = {}) {
    await db.query(
      `insert into public.registro_escrito_llamada (phone, campana, status, created_at, duration_call_seg, costo, agent_id, conversation_id, transcript, summary)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10)`,
      [phone, campana, status, createdAt, dur, costo, extra.agent ?? 'agent_demo', extra.conv ?? null, extra.transcript ?? null, extra.summary ?? null],
    );
  }

  beforeAll(async () => {
    db = await fresh();
    api = await embeddedApi(db);
    hooks = await startWebhookServer();
    await api.dispatch('auth', 'crearPrimerAdmin', ADMIN, caller);
  });
  afterAll(async () => {
    await hooks?.close();
    await db?.cerrar();
  });

  let camp: Campana;
  let otra: Campana;
  const clientes: Cliente[] = [];

  it('campañas: validación, creación, orden por nombre, edición; ids como texto o número', async () => {
    expect((await fails('crearCampana', { nombre: '   ', minutos: 10 })).message).toBe(t.campanas.nombreObligatorio);
    expect((await fails('crearCampana', { nombre: 'X', minutos: 0 })).message).toBe(t.campanas.minutosMayorCero);
    camp = await call<Campana>('crearCampana', { nombre: 'Zeta Salud', minutos: 10 });
    otra = await call<Campana>('crearCampana', { nombre: 'alfa Cobranza', minutos: '50' });
    expect(camp).toMatchObject({ nombre: 'Zeta Salud', minutos: 10, minutosConsumidos: 0, estadoTope: 'ok' });
    expect(typeof camp.id).toBe('number');
    const lista = await call<Campana[]>('listarCampanas', {});
    expect(lista.map((c) => c.nombre)).toEqual(['alfa Cobranza', 'Zeta Salud'].sort((a, b) => (a < b ? -1 : 1)));
    const editada = await call<Campana>('actualizarCampana', { id: String(otra.id), nombre: ' Alfa Cobranza ', minutos: 60 });
    expect(editada).toMatchObject({ id: otra.id, nombre: 'Alfa Cobranza', minutos: 60 });
    expect((await fails('actualizarCampana', { id: otra.id, nombre: '' })).message).toBe(t.campanas.nombreObligatorio);
    expect((await fails('actualizarCampana', { id: 999999, nombre: 'x' })).code).toBe('not_found');
  });

  it('clientes: campos obligatorios, duplicado, filtros sin mayúsculas, página de 10 con total, borrar', async () => {
    expect((await fails('crearCliente', { nombre: 'A', apellido: '', email: 'a@b.co', telefono: '+573001112233', campanaId: camp.id })).message).toBe(t.formCliente.obligatorio);
    expect((await fails('crearCliente', { nombre: 'A', apellido: 'B', email: 'no-es-email', telefono: '+573001112233', campanaId: camp.id })).message).toBe(t.formCliente.emailInvalido);
    for (let i = 0; i < 23; i++) {
      clientes.push(
        await call<Cliente>('crearCliente', {
          nombre: i === 5 ? 'Ñandú' : `Cliente${String(i).padStart(2, '0')}`,
          apellido: 'Prueba',
          email: `Cliente${i}@Empresa.co`,
          telefono: `+57300000${String(i).padStart(4, '0')}`,
          empresa: i % 2 ? 'Acme S.A.S.' : null,
          campanaId: String(camp.id),
        }),
      );
    }
    expect(clientes[0]!.email).toBe('cliente0@empresa.co');
    const dup = await fails('crearCliente', { nombre: 'Otro', apellido: 'X', email: 'CLIENTE0@empresa.co', telefono: '+573000000000', campanaId: camp.id });
    expect(dup).toMatchObject({ code: 'conflict', message: t.clientes.duplicado });

    const p1 = await call<ClientesPagina>('clientesPagina', { campanaId: camp.id, pagina: 1, porPagina: 10 });
    expect(p1.total).toBe(23);
    expect(p1.filas).toHaveLength(10);
    const p3 = await call<ClientesPagina>('clientesPagina', { campanaId: camp.id, pagina: 3, porPagina: 10 });
    expect(p3.filas).toHaveLength(3);
    expect((await call<ClientesPagina>('clientesPagina', { campanaId: camp.id, nombre: 'ñANDÚ' })).filas.map((f) => f.nombre)).toEqual(['Ñandú']);
    expect((await call<ClientesPagina>('clientesPagina', { campanaId: camp.id, empresa: 'acme' })).total).toBe(11);
    expect((await call<ClientesPagina>('clientesPagina', { campanaId: camp.id, email: 'CLIENTE1@', telefono: '0001' })).filas.map((f) => f.email)).toEqual(['cliente1@empresa.co']);
    expect((await call<ClientesPagina>('clientesPagina', { campanaId: camp.id, nombre: '%' })).total).toBe(0);
    expect((await call<ClientesPagina>('clientesPagina', { campanaId: otra.id })).total).toBe(0);

    const extra = await call<Cliente>('crearCliente', { nombre: 'Borrar', apellido: 'Me', email: 'b@m.co', telefono: '+573009999999', campanaId: camp.id });
    await call('eliminarCliente', { id: extra.id });
    expect((await fails('eliminarCliente', { id: extra.id })).code).toBe('not_found');
  });

  it('estadísticas, consumo, tope y la insignia desde la última llamada del teléfono (en SQL)', async () => {
    const [a, b, c, d] = clientes;
    await llamada(a!.telefono, camp.id, 'failed', '2025-08-01T10:00:00Z', 120, 0.5);
    await llamada(a!.telefono, camp.id, 'done', '2025-08-02T10:00:00Z', 180, 0.755);
    await llamada(b!.telefono, camp.id, 'DONE', '2025-08-01T12:00:00Z', 60, 0.25);
    await llamada(b!.telefono, camp.id, 'failed', '2025-08-03T12:00:00Z', 30, 0);
    await llamada(c!.telefono, camp.id, 'in-progress', '2025-08-03T13:00:00Z', 0, 0);
    await llamada(d!.telefono, otra.id, 'done', '2025-08-03T13:00:00Z', 600, 1);
    const p = await call<ClientesPagina>('clientesPagina', { campanaId: camp.id, porPagina: 30 });
    const porTel = new Map(p.filas.map((f) => [f.telefono, f]));
    expect(porTel.get(a!.telefono)).toMatchObject({ ultimoEstado: 'done', llamadas: 2 });
    expect(porTel.get(b!.telefono)).toMatchObject({ ultimoEstado: 'failed', llamadas: 2 });
    expect(porTel.get(c!.telefono)).toMatchObject({ ultimoEstado: 'in-progress' });
    expect(porTel.get(d!.telefono)).toMatchObject({ ultimoEstado: null, llamadas: 0 }); // its call is in another campaign

    const s = await call<EstadisticasCampana>('estadisticas', { campanaId: camp.id });
    // 390 s → 6.5 → 7 minutes of a 10-minute cap: 70 %, ok.
    expect(s).toMatchObject({ totalClientes: 23, atendidos: 2, pendientes: 21, totalLlamadas: 5, llamadasDone: 2, segundos: 390, minutosConsumidos: 7, estadoTope: 'ok' });
    expect(s.costoTotal).toBeCloseTo(1.505, 4);
    await llamada(c!.telefono, camp.id, 'done', '2025-08-04T13:00:00Z', 60, 0); // 450 s → 8 min = 80 %
    expect((await call<EstadisticasCampana>('estadisticas', { campanaId: camp.id })).estadoTope).toBe('cerca');
    expect((await call<Campana[]>('listarCampanas', {})).find((x) => x.id === camp.id)).toMatchObject({ minutosConsumidos: 8, estadoTope: 'cerca' });
    expect((await fails('estadisticas', { campanaId: 987654 })).code).toBe('not_found');
  });

  it('configuración: se inserta y luego se actualiza; horario y simultáneas validados', async () => {
    expect(await call('configuracion', { campanaId: camp.id })).toBeNull();
    expect((await fails('guardarConfiguracion', { campanaId: camp.id, agentid: 'a', agentphonenumberid: 'p', prompt: '', horaInicio: '20:00', horaFin: '08:00' })).message).toBe(t.configuracion.horarioInvalido);
    expect((await fails('guardarConfiguracion', { campanaId: camp.id, agentid: 'a', agentphonenumberid: 'p', prompt: '', maxSimultaneas: 6 })).code).toBe('validation');
    const first = await call<{ creada: boolean; configuracion: { agentid: string; horaInicio: string; maxSimultaneas: number } }>('guardarConfiguracion', { campanaId: camp.id, agentid: ' agent_1 ', agentphonenumberid: '', prompt: 'Hola' });
    expect(first).toMatchObject({ creada: true, configuracion: { agentid: 'agent_1', horaInicio: '08:00', maxSimultaneas: 1 } });
    const second = await call<{ creada: boolean }>('guardarConfiguracion', { campanaId: camp.id, agentid: 'agent_1', agentphonenumberid: '', prompt: 'Hola 2', horaInicio: '07:30', horaFin: '21:00' });
    expect(second.creada).toBe(false);
    expect(await call('configuracion', { campanaId: camp.id })).toMatchObject({ prompt: 'Hola 2', horaInicio: '07:30', horaFin: '21:00', zonaHoraria: 'America/Bogota' });
  });

  it('importación: claves existentes, guardado en una transacción con duplicados omitidos; campaña inexistente no cambia nada', async () => {
    const existentes = await call<Array<[string, string]>>('clavesExistentes', {
      campanaId: camp.id,
      claves: [{ email: 'CLIENTE3@empresa.co', telefono: clientes[3]!.telefono }, { email: 'nuevo@x.co', telefono: '+573111111111' }],
    });
    expect(existentes).toEqual([['cliente3@empresa.co', clientes[3]!.telefono]]);
    const fila = (email: string, telefono: string, nombre = 'Imp') => ({ nombre, apellido: 'Ortado', email, telefono, empresa: '', cargo: '' });
    const res = await call<{ insertados: number; omitidos: number }>('importarClientes', {
      campanaId: camp.id,
      filas: [fila('nuevo1@x.co', '+573111111111'), fila('Nuevo1@X.co ', '+573111111111'), fila('cliente3@empresa.co', clientes[3]!.telefono), fila('nul\u0000@x.co', '+573122222222', 'Con\u0000Nul')],
    });
    expect(res).toEqual({ insertados: 2, omitidos: 2 });
    const { rows } = await db.query<{ nombre: string }>(`select nombre from public.clientes where email = 'nul@x.co'`);
    expect(rows[0]!.nombre).toBe('ConNul');
    const antes = (await call<ClientesPagina>('clientesPagina', { campanaId: camp.id })).total;
    expect((await fails('importarClientes', { campanaId: 777777, filas: [fila('z@z.co', '+573133333333')] })).code).toBe('not_found');
    expect((await call<ClientesPagina>('clientesPagina', { campanaId: camp.id })).total).toBe(antes);
  });

  it('llamar: configuración, tope, horario y "No llamar" se comprueban en el proceso principal', async () => {
    const cli = clientes[11]!;
    // Agent phone number id missing → 'Error de Configuración', no request sent.
    const before = hooks.requests.length;
    expect(await fails('llamar', { clienteId: cli.id })).toMatchObject({ code: 'config', message: t.llamar.errorConfiguracion });
    await call('guardarConfiguracion', { campanaId: camp.id, agentid: 'agent_1', agentphonenumberid: 'phnum_1', prompt: 'Hola', horaInicio: '08:00', horaFin: '20:00' });
    // Webhook not configured yet: the call fails with the area's message.
    expect((await fails('llamar', { clienteId: cli.id })).message).toBe(t.llamar.errorIniciar);
    await api.dispatch('conexion', 'guardarWebhook', { name: 'llamadaSaliente', url: `${hooks.url}/llamar`, auth: 'bearer', token: 'secreto-llamadas' }, caller);
    expect(await call('llamar', { clienteId: cli.id })).toEqual({ mensaje: t.llamar.iniciada(`${cli.nombre} ${cli.apellido}`) });
    const req = hooks.requests.at(-1)!;
    expect(hooks.requests.length).toBe(before + 1);
    expect(req.headers.authorization).toBe('Bearer secreto-llamadas');
    expect(req.json).toEqual({ name: `${cli.nombre} ${cli.apellido}`, email: cli.email, phone: cli.telefono, company: 'Acme S.A.S.', agent_id: 'agent_1', agent_phone_number_id: 'phnum_1', position: '' });

    // 'No llamar' refused with the reason.
    await call('actualizarCliente', { ...cli, noLlamar: true });
    expect((await fails('llamar', { clienteId: cli.id })).message).toBe(t.llamar.noLlamar(`${cli.nombre} ${cli.apellido}`));
    await call('actualizarCliente', { ...cli, noLlamar: false });
    // An optional column the caller leaves out is kept; one sent empty is cleared.
    const { empresa: _empresa, ...sinEmpresa } = cli;
    expect((await call<Cliente>('actualizarCliente', { ...sinEmpresa, nombre: `${cli.nombre} ` })).empresa).toBe('Acme S.A.S.');
    expect((await call<Cliente>('actualizarCliente', { ...cli, empresa: ' ' })).empresa).toBeNull();
    await call('actualizarCliente', cli);

    // Outside the calling window (the test clock says 10:00 in Bogotá).
    await call('guardarConfiguracion', { campanaId: camp.id, agentid: 'agent_1', agentphonenumberid: 'phnum_1', prompt: 'Hola', horaInicio: '11:00', horaFin: '20:00' });
    expect((await fails('llamar', { clienteId: cli.id })).message).toBe(t.llamar.fueraDeHorario('11:00', '20:00', 'America/Bogota'));
    await call('guardarConfiguracion', { campanaId: camp.id, agentid: 'agent_1', agentphonenumberid: 'phnum_1', prompt: 'Hola', horaInicio: '08:00', horaFin: '20:00' });

    // A 5xx answer → 'Error al iniciar la llamada', recorded as a failed attempt.
    hooks.respond((_r, res) => {
      res.writeHead(503);
      res.end('down');
    });
    expect(await fails('llamar', { clienteId: cli.id })).toMatchObject({ message: t.llamar.errorIniciar, details: { detalle: t.llamar.respuestaServidor(503) } });
    hooks.respond((_r, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    });
    const { rows } = await db.query<{ resultado: string }>(`select resultado from public.intentos_llamada where cliente_id = $1 order by id`, [cli.id]);
    expect(rows.map((r) => r.resultado)).toEqual(['fallida', 'exitosa', 'fallida']); // not configured, ok, 503

    // Cap reached: refused by the api even if the screen would let it through.
    await llamada('+570000', camp.id, 'done', '2025-08-05T10:00:00Z', 200, 0);
    expect((await call<EstadisticasCampana>('estadisticas', { campanaId: camp.id })).estadoTope).toBe('excedido');
    const n = hooks.requests.length;
    expect(await fails('llamar', { clienteId: cli.id })).toMatchObject({ code: 'conflict', message: t.llamar.limiteExcedido });
    expect(await fails('llamarLote', { campanaId: camp.id, clienteIds: [cli.id] })).toMatchObject({ message: t.llamar.limiteExcedido });
    expect(hooks.requests.length).toBe(n);
    await call('actualizarCampana', { id: camp.id, nombre: camp.nombre, minutos: 100_000 });
  });

  it('lote: en orden, uno tras otro por defecto; un 500 se registra como fallida y sigue; reintentar solo las fallidas', async () => {
    const elegidos = clientes.slice(12, 15);
    const fallar = elegidos[1]!.telefono;
    const enCurso = compuerta(); // the answers wait until the 'in progress' check below has been made
    hooks.respond(async (req, res) => {
      const phone = (req.json as { phone?: string }).phone;
      await enCurso.abierta;
      res.writeHead(phone === fallar ? 500 : 200, { 'Content-Type': 'application/json' });
      res.end('{}');
    });
    const before = hooks.requests.length;
    expect(await fails('llamarLote', { campanaId: camp.id, clienteIds: [] })).toMatchObject({ message: t.llamar.sinSeleccion });
    const job = await call<JobState>('llamarLote', { campanaId: camp.id, clienteIds: elegidos.map((c) => c.id) });
    expect(job).toMatchObject({ status: 'running', total: 3 });
    expect((await fails('llamar', { clienteId: clientes[0]!.id })).message).toBe(t.llamar.enProgreso);
    enCurso.abrir();
    const fin = await esperarLote(job.id);
    expect(fin).toMatchObject({ status: 'done', done: 3, ok: 2, failed: 1, message: t.llamar.resultadoLote(2, 1) });
    expect(fin.resultados.map((r) => r.estado)).toEqual(['exitosa', 'fallida', 'exitosa']);
    expect(fin.resultados[1]!.detalle).toBe(t.llamar.respuestaServidor(500));
    expect(hooks.requests.slice(before).map((r) => (r.json as { phone: string }).phone)).toEqual(elegidos.map((c) => c.telefono));

    hooks.respond((_r, res) => {
      res.writeHead(200);
      res.end('{}');
    });
    const retry = await call<JobState>('reintentarFallidas', { id: job.id });
    const fin2 = await esperarLote(retry.id);
    expect(fin2).toMatchObject({ total: 1, ok: 1, failed: 0, message: t.llamar.resultadoLote(1, 0) });
    expect((hooks.requests.at(-1)!.json as { phone: string }).phone).toBe(fallar);
    expect((await fails('reintentarFallidas', { id: retry.id })).message).toBe(t.llamar.sinFallidas);
  });

  it('lote: como mucho N a la vez; sin respuesta agota el tiempo; conexión rechazada; "No llamar" se omite', async () => {
    let enVuelo = 0;
    let maximo = 0;
    const tanda = compuerta(); // nobody answers until three calls are in flight together
    hooks.respond(async (req, res) => {
      enVuelo++;
      maximo = Math.max(maximo, enVuelo);
      res.on('close', () => enVuelo--);
      const phone = (req.json as { phone?: string }).phone;
      if (enVuelo === 3) tanda.abrir(); // three at once: the rest may answer
      if (phone === clientes[1]!.telefono) return; // never answers: the client gives up
      await tanda.abierta;
      res.writeHead(200);
      res.end('{}');
    });
    await call('actualizarCliente', { ...clientes[2]!, noLlamar: true });
    const ids = clientes.slice(0, 12).map((c) => c.id);
    // Long enough for the answered calls on a busy machine (300 ms was not, under three test workers); the one that
    // never answers waits it out.
    const job = await call<JobState>('llamarLote', { campanaId: camp.id, clienteIds: ids, simultaneas: 3, timeoutMs: 3000 });
    const fin = await esperarLote(job.id);
    expect(maximo).toBeLessThanOrEqual(3);
    expect(maximo).toBeGreaterThan(1);
    // Issue 12: a timeout is no longer a failure — the platform may have received the call — but 'sin confirmación'.
    expect(fin).toMatchObject({ done: 12, ok: 10, failed: 0, sinConfirmacion: 1, omitidas: 1 });
    expect(fin.resultados[1]).toMatchObject({ estado: 'sin_confirmacion', detalle: t.llamar.sinConfirmacionDetalle });
    // The flag is the shared 'No llamar' list (issue 15): the claim step skips the listed phone.
    expect(fin.resultados[2]).toMatchObject({ estado: 'omitida', detalle: t.llamar.enListaNoLlamar });
    await call('actualizarCliente', { ...clientes[2]!, noLlamar: false });

    // Refused connection: every client failed, the run still ends with the message.
    await api.dispatch('conexion', 'guardarWebhook', { name: 'llamadaSaliente', url: 'http://127.0.0.1:9/llamar', auth: 'ninguna' }, caller);
    const job2 = await call<JobState>('llamarLote', { campanaId: camp.id, clienteIds: ids.slice(0, 2) });
    expect(await esperarLote(job2.id)).toMatchObject({ ok: 0, failed: 2, message: t.llamar.resultadoLote(0, 2) });
    await api.dispatch('conexion', 'guardarWebhook', { name: 'llamadaSaliente', url: `${hooks.url}/llamar`, auth: 'ninguna' }, caller);
  });

  it('lote: pausa, reanuda y cancela; lo no enviado queda sin enviar', async () => {
    // The platform holds every answer until the test lets it go: each step waits for what it checks.
    const retenidas: ServerResponse[] = [];
    hooks.respond((_r, res) => void retenidas.push(res));
    const soltar = () => {
      for (const res of retenidas.splice(0)) {
        if (res.writableEnded || res.destroyed) continue;
        res.writeHead(200);
        res.end('{}');
      }
    };
    const ids = clientes.slice(0, 20).map((c) => c.id);
    const job = await call<JobState>('llamarLote', { campanaId: camp.id, clienteIds: ids });
    await hasta(() => retenidas.length === 1, 'la primera llamada llega a la plataforma');
    const pausado = await call<LoteEstado>('pausarLote', { id: job.id });
    expect(pausado.pausado).toBe(true);
    soltar(); // the call in flight ends; the run then waits at its pause
    let a = pausado;
    await hasta(async () => (a = await call<LoteEstado>('estadoLote', { id: job.id })).done === 1, 'la llamada en curso termina');
    const enviadas = hooks.requests.length;
    for (let i = 0; i < 50; i++) await turno();
    const b = await call<LoteEstado>('estadoLote', { id: job.id });
    expect(b.done).toBe(a.done); // nothing moves while paused
    expect(hooks.requests.length).toBe(enviadas);
    expect(b.done).toBeLessThan(20);
    await call('reanudarLote', { id: job.id });
    await hasta(() => retenidas.length === 1, 'la ejecución sigue al reanudar');
    const cancel = await call<LoteEstado>('cancelarLote', { id: job.id });
    expect(cancel.id).toBe(job.id);
    soltar();
    const fin = await esperarLote(job.id);
    expect(fin.status).toBe('cancelled');
    expect(fin.done).toBeLessThan(20);
    expect(fin.resultados.filter((r) => r.estado === 'pendiente').length).toBe(20 - fin.done - fin.resultados.filter((r) => r.estado === 'en_curso').length);
  });

  it('histórico: búsqueda por agente, teléfono con o sin +, campaña y estado; lo más reciente primero; audio', async () => {
    const tel = clientes[20]!.telefono;
    await llamada(tel, camp.id, 'done', '2025-08-06T10:00:00Z', 95, 0.2, { agent: 'agent_laura', conv: 'conv_hist_1', transcript: JSON.stringify([{ role: 'agent', message: 'Hola' }]), summary: 'Interesado' });
    await llamada(tel, otra.id, 'failed', '2025-08-07T10:00:00Z', 5, 0, { agent: 'agent_pedro', conv: 'conv_hist_2' });
    await llamada(tel, camp.id, null, null, 0, 0, { conv: 'conv_hist_3' });
    await db.query(`insert into public.registro_audio_llamadas (conversation_id, audio) values ('conv_hist_1', 'data:audio/mpeg;base64,SUQzBAAAAAAA')`);
    const todos = await call<LlamadaRegistro[]>('historial', { telefono: tel });
    expect(todos.map((l) => l.conversationId)).toEqual(['conv_hist_2', 'conv_hist_1', 'conv_hist_3']);
    expect(todos[1]).toMatchObject({ agentId: 'agent_laura', campanaNombre: 'Zeta Salud', duracionSeg: 95, tieneAudio: true, summary: 'Interesado' });
    expect((await call<LlamadaRegistro[]>('historial', { telefono: tel.slice(1) })).length).toBe(3);
    expect((await call<LlamadaRegistro[]>('historial', { telefono: tel, q: 'LAURA' })).map((l) => l.conversationId)).toEqual(['conv_hist_1']);
    expect((await call<LlamadaRegistro[]>('historial', { telefono: tel, q: tel.slice(1, 8) })).length).toBe(3);
    expect((await call<LlamadaRegistro[]>('historial', { telefono: tel, q: 'alfa cob' })).map((l) => l.conversationId)).toEqual(['conv_hist_2']);
    expect((await call<LlamadaRegistro[]>('historial', { telefono: tel, q: 'fail' })).map((l) => l.conversationId)).toEqual(['conv_hist_2']);
    expect(await call<LlamadaRegistro[]>('historial', { telefono: tel, q: 'nada-que-ver' })).toEqual([]);
    expect(await call('audio', { conversationId: 'conv_hist_1' })).toEqual({ base64: 'SUQzBAAAAAAA', mime: 'audio/mpeg' });
    expect((await fails('audio', { conversationId: 'conv_hist_2' })).code).toBe('not_found');
  });

  it('resumen: tarjetas y series por día y estado calculadas en SQL, con rango', async () => {
    const r = await call<ResumenLlamadas>('resumen', { campanaId: otra.id });
    expect(r.tarjetas).toMatchObject({ totalClientes: 0, totalLlamadas: 2, llamadasDone: 1, enRango: 2 });
    expect(r.dias).toEqual(['2025-08-03', '2025-08-04', '2025-08-05', '2025-08-06', '2025-08-07']);
    const full = await call<ResumenLlamadas>('resumen', { campanaId: camp.id, desde: '2025-07-30T05:00:00.000Z', hasta: '2025-08-08T04:59:59.999Z' });
    expect(full.dias[0]).toBe('2025-07-30');
    expect(full.dias.at(-1)).toBe('2025-08-07');
    expect(full.dias).toHaveLength(9);
    expect(full.estados).toEqual(['done', 'failed', 'in-progress']);
    const i = full.dias.indexOf('2025-08-01');
    expect(full.porDia[i]).toBe(2);
    expect(full.porEstado.done![i]).toBe(1);
    expect(full.porEstado.failed![i]).toBe(1);
    expect(full.tarjetas.enRango).toBe(full.porDia.reduce((a, b) => a + b, 0));
    expect(full.tarjetas.totalLlamadas).toBeGreaterThan(full.tarjetas.enRango); // calls without a date or outside
    expect(full.primera).toBe('2025-08-01T10:00:00.000Z');
    expect((await fails('resumen', { campanaId: camp.id, desde: '2025-08-08T00:00:00Z', hasta: '2025-08-01T00:00:00Z' })).message).toBe(t.resumen.rangoInvalido);
  });
});
