/**
 * Issue 23 §5: the ready-made n8n workflows of Configuración → Conexión → Entrada de resultados. Each is valid n8n
 * workflow JSON made only of node types n8n 1.x ships, carries the console's address and never a secret; and here
 * its steps run in Node as n8n runs them — the Code node's own JavaScript on what n8n's Webhook trigger outputs
 * ({ headers, params, query, body }) or on top-level fields, the Crypto node's HMAC over its own expression with
 * the secret pasted, the HTTP Request node's own URL, headers and raw body — against the real listener, on both
 * databases: accepted. The outbound flow's Code node runs on a real outbound call of the console, and its attempt
 * closes the loop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import type { SqlClient } from '../../src/shared/ports/sql';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, Clock, embeddedApi } from '../support/operators';
import { startWebhookServer, type WebhookServer } from '../support/webhook-server';
import type { EntradaEnMarcha } from '../../src/main/entrada/servidor';
import { iniciarEntradaDePrueba } from '../support/entrada';
import type { RutaEntrada } from '../../src/shared/areas/conexion/entrada';
import { FLUJOS_N8N, RUTA_WEBHOOK_N8N, flujoN8n, type FlujoExportado, type NodoN8n } from '../../src/shared/areas/conexion/flujos-n8n';
import type { Campana, Cliente, ClientesPagina, EstadisticasCampana } from '../../src/shared/areas/llamadas/contract';

/** Node types (and the type versions) of n8n 1.x's own nodes package, n8n-nodes-base, that the flows may use. */
const NODOS_N8N_1X: Record<string, number[]> = {
  'n8n-nodes-base.webhook': [1, 1.1, 2, 2.1],
  'n8n-nodes-base.code': [1, 2],
  'n8n-nodes-base.crypto': [1],
  'n8n-nodes-base.httpRequest': [3, 4, 4.1, 4.2, 4.3],
  'n8n-nodes-base.stickyNote': [1],
};

type Json = Record<string, unknown>;

/** An n8n parameter value: a literal, or '=' followed by a template whose {{ … }} are JavaScript on $json. */
function valor(parametro: unknown, $json: Json): string {
  const texto = String(parametro);
  if (!texto.startsWith('=')) return texto;
  return texto.slice(1).replace(/\{\{([\s\S]+?)\}\}/g, (_m, expr: string) => String(new Function('$json', `return (${expr});`)($json)));
}

const nodo = (flujo: FlujoExportado, tipo: string): NodoN8n => flujo.nodes.find((n) => n.type === tipo)!;

/**
 * The Code node ('Run Once for Each Item'): its JavaScript with $json, returning { json }. Its `Date.now()` is the
 * test's clock (n8n's is the machine's, which the console's clock is too).
 */
function ejecutarCodigo(flujo: FlujoExportado, $json: Json, reloj: Clock): Json {
  const codigo = nodo(flujo, 'n8n-nodes-base.code').parameters;
  expect(codigo.mode).toBe('runOnceForEachItem');
  const fecha = { now: () => reloj.now().getTime() };
  return (new Function('$json', 'Date', String(codigo.jsCode))($json, fecha) as { json: Json }).json;
}

/** Crypto (Hmac) then HTTP Request, as n8n runs them, with the secret pasted into the Crypto node. */
async function firmarYEnviar(flujo: FlujoExportado, item: Json, secreto: string) {
  const crypto = nodo(flujo, 'n8n-nodes-base.crypto').parameters;
  expect(crypto).toMatchObject({ action: 'hmac', type: 'SHA256', encoding: 'hex', secret: '' });
  const firmado = { ...item, [String(crypto.dataPropertyName)]: createHmac('sha256', secreto).update(valor(crypto.value, item)).digest('hex') };
  const http = nodo(flujo, 'n8n-nodes-base.httpRequest').parameters as {
    method: string;
    url: string;
    headerParameters: { parameters: Array<{ name: string; value: string }> };
    contentType: string;
    rawContentType: string;
    body: string;
  };
  expect(http).toMatchObject({ method: 'POST', sendHeaders: true, sendBody: true, contentType: 'raw', rawContentType: 'application/json' });
  const headers: Record<string, string> = { 'Content-Type': http.rawContentType };
  for (const h of http.headerParameters.parameters) headers[h.name] = valor(h.value, firmado);
  const res = await fetch(valor(http.url, firmado), { method: http.method, headers, body: valor(http.body, firmado) });
  return { status: res.status, body: (await res.json()) as { ok: boolean; data?: Json; error?: { message: string } } };
}

/** What n8n's Webhook trigger outputs for a JSON POST. */
const salidaWebhook = (body: Json, headers: Record<string, unknown> = { 'content-type': 'application/json' }) => ({ headers, params: {}, query: {}, body });

describe.each(MIGRATED_BACKENDS)('flujos de n8n descargables en %s', (_name, fresh) => {
  let db: SqlClient;
  let env: Awaited<ReturnType<typeof embeddedApi>>;
  let hooks: WebhookServer;
  let entrada: EntradaEnMarcha;
  let camp: Campana;
  let ana: Cliente;
  const secretos: Partial<Record<RutaEntrada, string>> = {};
  const clock = new Clock();
  const admin = new Caller();
  const url = (ruta: RutaEntrada) => `${entrada.url}/entrada/${ruta}`;

  async function call<T>(op: string, input: unknown, area = 'llamadas'): Promise<T> {
    const r = await env.dispatch(area, op, input, admin);
    if (!r.ok) throw Object.assign(new Error(r.error.message), r.error);
    return r.data as T;
  }

  beforeAll(async () => {
    db = await fresh();
    env = await embeddedApi(db, clock);
    hooks = await startWebhookServer();
    expect(await env.dispatch('auth', 'crearPrimerAdmin', ADMIN, admin)).toMatchObject({ ok: true });
    camp = await call<Campana>('crearCampana', { nombre: 'Flujos', minutos: 500 });
    await call('guardarConfiguracion', { campanaId: camp.id, agentid: 'agente_flujos', agentphonenumberid: 'phnum_1', prompt: 'Hola', horaInicio: '00:00', horaFin: '23:59' });
    await call('guardarWebhook', { name: 'llamadaSaliente', url: `${hooks.url}/webhook/${RUTA_WEBHOOK_N8N.saliente}`, auth: 'ninguna' }, 'conexion');
    ana = await call<Cliente>('crearCliente', { nombre: 'Ana', apellido: 'Ruiz', email: 'ana@flujos.co', telefono: '+57 301 615 695', campanaId: camp.id });
    await db.query(`insert into public.empresas_whatsapp (name, table_supabase) values ('Ferretería Sol', 'ferreteria_sol_registro_whatsapp')`);
    for (const ruta of ['llamadas', 'mensajes'] as const) secretos[ruta] = (await call<{ secreto: string }>('rotarSecretoEntrada', { ruta }, 'conexion')).secreto;
    entrada = await iniciarEntradaDePrueba(env, clock);
  });
  afterAll(async () => {
    await entrada?.cerrar();
    await env?.cerrar();
    await hooks?.close();
    await db?.cerrar();
  });

  it('cada flujo es JSON de n8n válido, de nodos que n8n 1.x trae, con la dirección de la consola y sin secreto', () => {
    for (const flujo of FLUJOS_N8N) {
      const json = JSON.parse(JSON.stringify(flujoN8n(flujo, flujo === 'saliente' ? undefined : url(flujo)))) as FlujoExportado;
      // n8n's import:workflow needs a versionId (found importing them into a real n8n 1.123).
      expect(json).toMatchObject({ name: expect.any(String), settings: { executionOrder: 'v1' }, active: false, versionId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      const nombres = new Set(json.nodes.map((n) => n.name));
      expect(nombres.size).toBe(json.nodes.length);
      for (const n of json.nodes) {
        expect(NODOS_N8N_1X[n.type], n.type).toContain(n.typeVersion);
        expect(n.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(n.position).toHaveLength(2);
      }
      for (const [desde, { main }] of Object.entries(json.connections)) {
        expect(nombres.has(desde)).toBe(true);
        for (const salida of main) for (const c of salida) expect(nombres.has(c.node)).toBe(true);
      }
      const disparador = nodo(json, 'n8n-nodes-base.webhook');
      expect(disparador.parameters).toMatchObject({ httpMethod: 'POST', path: RUTA_WEBHOOK_N8N[flujo], responseMode: 'onReceived' });
      expect(disparador.webhookId).toMatch(/^[0-9a-f-]{36}$/);
      if (flujo !== 'saliente') {
        expect(json.nodes.map((n) => n.type)).toEqual(['n8n-nodes-base.webhook', 'n8n-nodes-base.code', 'n8n-nodes-base.crypto', 'n8n-nodes-base.httpRequest', 'n8n-nodes-base.stickyNote']);
        expect(nodo(json, 'n8n-nodes-base.httpRequest').parameters.url).toBe(url(flujo));
        const texto = JSON.stringify(json);
        for (const s of Object.values(secretos)) expect(texto).not.toContain(s);
      }
    }
  });

  it('el flujo de la llamada saliente recibe la llamada real de la consola y su intento cierra el ciclo por el flujo de resultados', async () => {
    await call('llamar', { clienteId: ana.id });
    const llamada = hooks.requests.at(-1)!;
    const saliente = ejecutarCodigo(flujoN8n('saliente'), salidaWebhook(llamada.json as Json, llamada.headers), clock);
    expect(saliente).toMatchObject({ phone: '+57301615695', agent_id: 'agente_flujos', campana: camp.id, cliente: ana.id, intento: llamada.headers['x-consola-intento'] });

    // The platform reports the outcome to n8n's Webhook, with the attempt it was given as metadata; no campana.
    const flujo = flujoN8n('llamadas', url('llamadas'));
    const item = ejecutarCodigo(flujo, salidaWebhook({ conversation_id: 'conv-flujo-1', metadata: { intento: saliente.intento }, status: 'completed', duration_call_seg: 90, costo: 0.9, transcript: [{ role: 'agent', message: 'Hola' }] }), clock);
    expect(JSON.parse(String(item.cuerpo))).toEqual({ conversation_id: 'conv-flujo-1', intento: saliente.intento, status: 'completed', duration_call_seg: 90, costo: 0.9, transcript: [{ role: 'agent', message: 'Hola' }] });
    const r = await firmarYEnviar(flujo, item, secretos.llamadas!);
    expect(r).toEqual({ status: 200, body: { ok: true, data: { guardado: true, id: expect.any(Number), nuevo: true } } });
    const filas = await call<ClientesPagina>('clientesPagina', { campanaId: camp.id, pagina: 1, porPagina: 10 });
    expect(filas.filas.find((f) => f.id === ana.id)).toMatchObject({ ultimoEstado: 'completed', llamadas: 1 });
    expect(await call<EstadisticasCampana>('estadisticas', { campanaId: camp.id })).toMatchObject({ minutosConsumidos: 2, atendidos: 1 });

    // n8n's Retry of the same item (the same bytes and timestamp) and a resend of the same outcome: duplicado.
    expect((await firmarYEnviar(flujo, item, secretos.llamadas!)).body).toEqual({ ok: true, data: { duplicado: true } });
    clock.advance(2_000);
    const otraVez = ejecutarCodigo(flujo, salidaWebhook({ conversation_id: 'conv-flujo-1', metadata: { intento: saliente.intento }, status: 'completed', duration_call_seg: 90, costo: 0.9, transcript: [{ role: 'agent', message: 'Hola' }] }), clock);
    expect((await firmarYEnviar(flujo, otraVez, secretos.llamadas!)).body).toEqual({ ok: true, data: { duplicado: true } });
  });

  it('el nodo Code lee los campos también arriba (tras otro nodo), y el flujo de mensajes guarda su fila', async () => {
    const flujo = flujoN8n('llamadas', url('llamadas'));
    const item = ejecutarCodigo(flujo, { conversation_id: 'conv-flujo-2', phone: '+57 301 615 695', campana: camp.id, status: 'no-answer', agent_id: 'agente_flujos' }, clock);
    expect((await firmarYEnviar(flujo, item, secretos.llamadas!)).body).toMatchObject({ ok: true, data: { guardado: true } });
    const fila = await db.query<{ phone: string; campana: string | number }>(`select phone, campana from public.registro_escrito_llamada where conversation_id = 'conv-flujo-2'`);
    expect(fila.rows.map((f) => ({ phone: f.phone, campana: Number(f.campana) }))).toEqual([{ phone: '+57301615695', campana: camp.id }]);

    const mensajes = flujoN8n('mensajes', url('mensajes'));
    const m = ejecutarCodigo(mensajes, salidaWebhook({ tabla: 'ferreteria_sol_registro_whatsapp', session_id: '573001112233', message: { type: 'human', content: '¿Tienen taladros?' } }), clock);
    expect((await firmarYEnviar(mensajes, m, secretos.mensajes!)).body).toEqual({ ok: true, data: { guardado: true, id: expect.any(Number) } });
    const guardado = await db.query<{ session_id: string }>(`select session_id from public.ferreteria_sol_registro_whatsapp`);
    expect(guardado.rows).toEqual([{ session_id: '573001112233' }]);
  });
});
