/**
 * Issue 23 §1: n8n learns which campaign, client and attempt a call belongs to, and hands the attempt back.
 * Through the real api on PGlite and PostgreSQL 15, a real local HTTP server standing in for n8n's outbound-call
 * webhook (answers 200), the real inbound listener and the real keychain:
 *  - every outbound call carries X-Consola-Intento (= its Idempotency-Key), X-Consola-Campana and
 *    X-Consola-Cliente; the body stays the specification's;
 *  - a signed outcome WITHOUT `campana` (nor phone), carrying only the attempt, moves the client's badge, the
 *    campaign's minutes and cost, and the exact batch item;
 *  - the attempt may come as the header X-Consola-Intento instead of a field;
 *  - an attempt that does not exist is a Spanish 400; one of another campaign is refused and touches neither;
 *  - an identical resend with the Idempotency-Key already seen is `duplicado` (200), not 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac, randomUUID } from 'node:crypto';
import type { SqlClient } from '../../src/shared/ports/sql';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, Clock, embeddedApi } from '../support/operators';
import { startWebhookServer, type RecordedRequest, type WebhookServer } from '../support/webhook-server';
import type { EntradaEnMarcha } from '../../src/main/entrada/servidor';
import { iniciarEntradaDePrueba } from '../support/entrada';
import { badgeCliente } from '../../src/shared/areas/llamadas/rules';
import type { Campana, Cliente, ClientesPagina, EstadisticasCampana, LlamadaRegistro, LoteEstado } from '../../src/shared/areas/llamadas/contract';

const pausa = () => new Promise((r) => setTimeout(r, 5));
const ESPERA_MAXIMA_MS = 30_000;
const intentoDe = (r: RecordedRequest) => r.headers['x-consola-intento'] as string;

describe.each(MIGRATED_BACKENDS)('correlación de llamadas con n8n en %s', (_name, fresh) => {
  let db: SqlClient;
  let env: Awaited<ReturnType<typeof embeddedApi>>;
  let hooks: WebhookServer;
  let entrada: EntradaEnMarcha;
  let secreto = '';
  let camp: Campana;
  let otra: Campana;
  const clientes: Cliente[] = [];
  const clock = new Clock();
  const admin = new Caller();

  async function call<T>(op: string, input: unknown, area = 'llamadas'): Promise<T> {
    const r = await env.dispatch(area, op, input, admin);
    if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
    return r.data as T;
  }
  async function hasta(cond: () => boolean | Promise<boolean>, que: string) {
    const limite = performance.now() + ESPERA_MAXIMA_MS;
    while (!(await cond())) {
      if (performance.now() > limite) throw new Error(`no ocurrió en ${ESPERA_MAXIMA_MS / 1000} s: ${que}`);
      await pausa();
    }
  }
  /** A signed POST to /entrada/llamadas as the documented scheme says (computed here, not by the product). */
  async function resultado(cuerpo: unknown, extra: Record<string, string> = {}, fecha = Math.floor(clock.now().getTime() / 1000)) {
    const texto = JSON.stringify(cuerpo);
    const firma = createHmac('sha256', secreto).update(`${fecha}.`).update(texto).digest('hex');
    const res = await fetch(`${entrada.url}/entrada/llamadas`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Consola-Fecha': String(fecha), 'X-Consola-Firma': `sha256=${firma}`, ...extra },
      body: texto,
    });
    return { status: res.status, body: (await res.json()) as { ok: boolean; data?: Record<string, unknown>; error?: { code: string; message: string } } };
  }
  const fila = async (clienteId: number, campanaId = camp.id) => {
    const pagina = await call<ClientesPagina>('clientesPagina', { campanaId, pagina: 1, porPagina: 50 });
    return pagina.filas.find((f) => f.id === clienteId)!;
  };
  const registros = async (campanaId: number) =>
    Number((await db.query<{ n: string | number }>(`select count(*) as n from public.registro_escrito_llamada where campana = $1`, [campanaId])).rows[0]!.n);

  beforeAll(async () => {
    db = await fresh();
    env = await embeddedApi(db, clock);
    hooks = await startWebhookServer();
    expect(await env.dispatch('auth', 'crearPrimerAdmin', ADMIN, admin)).toMatchObject({ ok: true });
    camp = await call<Campana>('crearCampana', { nombre: 'Cobranza', minutos: 1000 });
    otra = await call<Campana>('crearCampana', { nombre: 'Otra', minutos: 1000 });
    for (const c of [camp, otra]) {
      await call('guardarConfiguracion', { campanaId: c.id, agentid: `agente_${c.id}`, agentphonenumberid: 'phnum_1', prompt: 'Hola', horaInicio: '00:00', horaFin: '23:59' });
    }
    await call('guardarWebhook', { name: 'llamadaSaliente', url: `${hooks.url}/webhook/consola-llamada-saliente`, auth: 'ninguna' }, 'conexion');
    for (let i = 0; i < 4; i++) {
      // Written with spaces, as people type them: stored in the one canonical form.
      clientes.push(await call<Cliente>('crearCliente', { nombre: `Ana${i}`, apellido: 'Ruiz', email: `ana${i}@x.co`, telefono: `+57 301 615 69${i}`, campanaId: camp.id }));
    }
    clientes.push(await call<Cliente>('crearCliente', { nombre: 'Beto', apellido: 'Otra', email: 'beto@x.co', telefono: '+57 300 000 0001', campanaId: otra.id }));
    secreto = (await call<{ secreto: string }>('rotarSecretoEntrada', { ruta: 'llamadas' }, 'conexion')).secreto;
    entrada = await iniciarEntradaDePrueba(env, clock);
  });
  afterAll(async () => {
    await entrada?.cerrar();
    await env?.cerrar();
    await hooks?.close();
    await db?.cerrar();
  });

  it('una llamada sale con su intento, campaña y cliente en cabeceras; su resultado, solo con el intento, mueve insignia, minutos y costo', async () => {
    const ana = clientes[0]!;
    expect(ana.telefono).toBe('+57301615690');
    expect(await fila(ana.id)).toMatchObject({ ultimoEstado: null, llamadas: 0 });
    await call('llamar', { clienteId: ana.id });
    const salida = hooks.requests.at(-1)!;
    expect(salida.headers).toMatchObject({
      'x-consola-intento': expect.stringMatching(/^[0-9a-f-]{36}$/),
      'x-consola-campana': String(camp.id),
      'x-consola-cliente': String(ana.id),
    });
    expect(salida.headers['idempotency-key']).toBe(intentoDe(salida));
    // The specification's body, exactly.
    expect(Object.keys(salida.json as object).sort()).toEqual(['agent_id', 'agent_phone_number_id', 'company', 'email', 'name', 'phone', 'position']);

    const r = await resultado({ conversation_id: 'conv-ana', intento: intentoDe(salida), status: 'exitosa', duration_call_seg: 120, costo: 1.5 });
    expect(r).toEqual({ status: 200, body: { ok: true, data: { guardado: true, id: expect.any(Number), nuevo: true } } });
    const despues = await fila(ana.id);
    expect(despues).toMatchObject({ ultimoEstado: 'exitosa', llamadas: 1 });
    expect(badgeCliente(despues.ultimoEstado).etiqueta).toBe('Atendido');
    expect(await call<EstadisticasCampana>('estadisticas', { campanaId: camp.id })).toMatchObject({ minutosConsumidos: 2, costoTotal: 1.5, atendidos: 1, llamadasDone: 1 });
    // The history shows it with the campaign's agent, though the outcome did not name one.
    const historial = await call<LlamadaRegistro[]>('historial', { telefono: ana.telefono });
    expect(historial).toMatchObject([{ conversationId: 'conv-ana', agentId: `agente_${camp.id}`, status: 'exitosa' }]);
    // The single call's attempt row knows its outcome.
    const intento = await db.query<{ resultado: string; resultado_llamada: string }>(`select resultado, resultado_llamada from public.intentos_llamada where clave_idempotencia = $1`, [intentoDe(salida)]);
    expect(intento.rows).toEqual([{ resultado: 'exitosa', resultado_llamada: 'exitosa' }]);
  });

  it('en un lote, el resultado con solo el intento (o su cabecera) llega al elemento exacto', async () => {
    const ids = clientes.slice(1, 4).map((c) => c.id);
    const desde = hooks.requests.length;
    const lote = await call<LoteEstado>('llamarLote', { campanaId: camp.id, clienteIds: ids });
    await hasta(async () => (await call<LoteEstado>('estadoLote', { id: lote.id })).done === 3, 'el lote envía sus tres llamadas');
    const enviadas = hooks.requests.slice(desde);
    expect(enviadas.map((s) => Number(s.headers['x-consola-cliente'])).sort()).toEqual([...ids].sort());
    const porCliente = new Map(enviadas.map((s) => [Number(s.headers['x-consola-cliente']), intentoDe(s)]));
    expect(new Set(porCliente.values()).size).toBe(3);

    expect((await resultado({ conversation_id: 'conv-l1', intento: porCliente.get(ids[0]!), status: 'no-answer', duration_call_seg: 0 })).status).toBe(200);
    // The attempt echoed as a header, no field.
    expect((await resultado({ conversation_id: 'conv-l2', status: 'completed', duration_call_seg: 61, costo: 0.8 }, { 'X-Consola-Intento': porCliente.get(ids[1]!)! })).status).toBe(200);
    const estado = await call<LoteEstado>('estadoLote', { id: lote.id });
    const item = (id: number) => estado.resultados.find((x) => x.clienteId === id)!;
    expect(item(ids[0]!).resultadoLlamada).toBe('no-answer');
    expect(item(ids[1]!).resultadoLlamada).toBe('completed');
    expect(item(ids[2]!).resultadoLlamada).toBeNull();
    expect(badgeCliente((await fila(ids[0]!)).ultimoEstado).etiqueta).toBe('Fallido');
    expect(badgeCliente((await fila(ids[1]!)).ultimoEstado).etiqueta).toBe('Atendido');
    expect(await call<EstadisticasCampana>('estadisticas', { campanaId: camp.id })).toMatchObject({ minutosConsumidos: 3, costoTotal: 2.3, atendidos: 2 });
  });

  it('un intento que no existe es un 400 en español; uno de otra campaña no toca ninguna', async () => {
    const desconocido = randomUUID();
    const r = await resultado({ conversation_id: 'conv-x', intento: desconocido, status: 'done', duration_call_seg: 600 });
    expect(r).toEqual({ status: 400, body: { ok: false, error: { code: 'validation', message: `El intento ${desconocido} no existe: use el de la cabecera X-Consola-Intento de la llamada.` } } });
    const malformado = await resultado({ conversation_id: 'conv-x', intento: 'abc', status: 'done' });
    expect(malformado.status).toBe(400);
    expect(malformado.body.error?.message).toBe('El campo intento no es válido: debe ser el id del intento: el valor de la cabecera X-Consola-Intento de la llamada.');

    // An attempt of this campaign, reported for the other one.
    await call('llamar', { clienteId: clientes[0]!.id });
    const intento = intentoDe(hooks.requests.at(-1)!);
    const antes = { aqui: await registros(camp.id), alla: await registros(otra.id), uso: await call<EstadisticasCampana>('estadisticas', { campanaId: otra.id }) };
    const ajeno = await resultado({ conversation_id: 'conv-ajeno', intento, campana: otra.id, status: 'done', duration_call_seg: 600, costo: 9 });
    expect(ajeno.status).toBe(400);
    expect(ajeno.body.error?.message).toBe(`El intento ${intento} es de otra campaña, no de la campaña ${otra.id}.`);
    expect(await registros(camp.id)).toBe(antes.aqui);
    expect(await registros(otra.id)).toBe(antes.alla);
    expect(await call<EstadisticasCampana>('estadisticas', { campanaId: otra.id })).toEqual(antes.uso);
    // Nor can a conversation of the other campaign be moved under this attempt.
    expect((await resultado({ conversation_id: 'conv-beto', campana: otra.id, phone: '+57 300 000 0001', status: 'busy' })).status).toBe(200);
    expect((await resultado({ conversation_id: 'conv-beto', intento, status: 'done' })).status).toBe(400);
    expect((await fila(clientes[4]!.id, otra.id)).ultimoEstado).toBe('busy');
  });

  it('un reenvío idéntico con la Idempotency-Key ya vista es duplicado (200); sin clave, 409', async () => {
    const fecha = Math.floor(clock.now().getTime() / 1000);
    const cuerpo = { conversation_id: 'conv-reenvio', phone: '+57 301 615 693', campana: camp.id, status: 'done' };
    const primero = await resultado(cuerpo, { 'Idempotency-Key': 'reenvio-1' }, fecha);
    expect(primero.status).toBe(200);
    expect(await resultado(cuerpo, { 'Idempotency-Key': 'reenvio-1' }, fecha)).toEqual({ status: 200, body: { ok: true, data: { duplicado: true } } });
    expect((await resultado(cuerpo, {}, fecha)).status).toBe(409);
    // A replay with a key never seen records nothing: that key still writes later.
    expect((await resultado(cuerpo, { 'Idempotency-Key': 'reenvio-2' }, fecha)).status).toBe(409);
    expect((await resultado({ ...cuerpo, status: 'failed' }, { 'Idempotency-Key': 'reenvio-2' })).body).toMatchObject({ ok: true, data: { guardado: true, nuevo: false } });
  });
});
