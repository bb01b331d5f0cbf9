/**
 * The inbound results endpoint (issue 15 §1) on both databases, over real HTTP, with the real keychain: the
 * secret made by Conexión's "Rotar secreto" signs the requests (HMAC-SHA256 of `<fecha>.<body>`, computed here
 * independently of the product), the timestamp window and replays, size, content type and body rules, the
 * idempotent upsert by conversation_id, the Idempotency-Key, chat-memory rows for registered tables only, the
 * listening address, and the listener following its setting when an administrator saves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import type { SqlClient } from '../../src/shared/ports/sql';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, Clock, embeddedApi } from '../support/operators';
import { crearApi } from '../../src/shared/api';
import { crearDespachador, type Implementations } from '../../src/main/dispatch';
import { iniciarEntrada, type EntradaEnMarcha } from '../../src/main/entrada/servidor';
import { iniciarEntradaDePrueba } from '../support/entrada';
import { crearControlEntrada, entradaDeLineaDeOrdenes } from '../../src/main/entrada/control';
import { LIMITE_CUERPO, type EntradaInfo, type RutaEntrada } from '../../src/shared/areas/conexion/entrada';
import { es } from '../../src/shared/i18n/es';

const t = es.conexion.entrada;

interface Respuesta {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { ok: boolean; data?: Record<string, unknown>; error?: { code: string; message: string } };
}

/**
 * A raw POST (node:http, not fetch): an answer sent before the whole body was read still arrives, and a body
 * may be streamed in chunks without a Content-Length.
 */
function post(url: string, headers: Record<string, string>, body: Buffer | string | Buffer[], method = 'POST'): Promise<Respuesta> {
  return new Promise((resolve, reject) => {
    let respondido = false;
    const req = request(url, { method, headers }, (res) => {
      respondido = true;
      const partes: Buffer[] = [];
      res.on('data', (c: Buffer) => partes.push(c));
      res.on('end', () => {
        const texto = Buffer.concat(partes).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: texto ? JSON.parse(texto) : null });
      });
      res.on('error', reject);
    });
    // Writing into a connection the server closed after answering is expected for refused bodies.
    req.on('error', (error) => {
      if (!respondido) reject(error);
    });
    if (Array.isArray(body)) {
      for (const parte of body) req.write(parte);
      req.end();
    } else req.end(body);
  });
}

/** Whether anything accepts a connection at this address and port. */
function escucha(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host, port, path: '/', method: 'GET', timeout: 5_000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => {
      req.destroy();
      resolve(false);
    });
    req.end();
  });
}

/** A port that was free a moment ago. */
async function puertoLibre(): Promise<number> {
  const srv = createTcpServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe.each(MIGRATED_BACKENDS)('entrada de resultados en %s', (_name, fresh) => {
  let db: SqlClient;
  let env: Awaited<ReturnType<typeof embeddedApi>>;
  let servidor: EntradaEnMarcha;
  let campana: number;
  const clock = new Clock();
  const admin = new Caller();
  const secretos: Partial<Record<RutaEntrada, string>> = {};

  const segundos = () => Math.floor(clock.now().getTime() / 1000);
  /** The documented scheme, computed here: HMAC-SHA256 over "<fecha>.<raw body>", hex, with "sha256=". */
  const firmar = (secreto: string, cuerpo: string | Buffer, fecha = segundos()) => ({
    'X-Consola-Fecha': String(fecha),
    'X-Consola-Firma': `sha256=${createHmac('sha256', secreto).update(`${fecha}.`).update(cuerpo).digest('hex')}`,
  });
  const enviar = (ruta: RutaEntrada, cuerpo: unknown, extra: Record<string, string> = {}, opciones: { fecha?: number; secreto?: string; url?: string } = {}) => {
    const texto = typeof cuerpo === 'string' ? cuerpo : JSON.stringify(cuerpo);
    return post(`${opciones.url ?? servidor.url}/entrada/${ruta}`, {
      'Content-Type': 'application/json',
      ...firmar(opciones.secreto ?? secretos[ruta]!, texto, opciones.fecha),
      ...extra,
    }, texto);
  };
  const filas = async (conversacion: string) =>
    (await db.query<Record<string, unknown>>(
      `select phone, campana, status, resultado, agent_id, duration_call_seg, costo::text as costo, summary, transcript
         from public.registro_escrito_llamada where conversation_id = $1`,
      [conversacion],
    )).rows;
  const contar = async (sql: string, args: unknown[] = []) => Number((await db.query<{ n: string | number }>(sql, args)).rows[0]!.n);
  const rotar = async (ruta: RutaEntrada) => {
    const r = await env.dispatch('conexion', 'rotarSecretoEntrada', { ruta }, admin);
    expect(r.ok).toBe(true);
    return (r as { data: { ruta: RutaEntrada; secreto: string; info: EntradaInfo } }).data;
  };
  const iniciar = () =>
    iniciarEntradaDePrueba(env, clock);

  beforeAll(async () => {
    db = await fresh();
    env = await embeddedApi(db, clock);
    expect(await env.dispatch('auth', 'crearPrimerAdmin', ADMIN, admin)).toMatchObject({ ok: true });
    campana = Number((await db.query<{ id: number }>(`insert into public.campanas (nombre) values ('Cobranza noviembre') returning id`)).rows[0]!.id);
    // A registered WhatsApp company whose table its flow has not created yet, and an existing message table.
    await db.query(`insert into public.empresas_whatsapp (name, table_supabase) values ('Ferretería Sol', 'ferreteria_sol_registro_whatsapp')`);
    servidor = await iniciar();
  });
  afterAll(async () => {
    await servidor?.cerrar();
    await db?.cerrar();
  });

  it('sin secreto la dirección responde 503 y dice dónde crearlo; Rotar secreto lo crea en el llavero y lo muestra una sola vez', async () => {
    const sinSecreto = await enviar('llamadas', { conversation_id: 'conv-0' }, {}, { secreto: 'cualquiera' });
    expect(sinSecreto.status).toBe(503);
    expect(sinSecreto.body).toEqual({ ok: false, error: { code: 'config', message: t.sinSecretoConfigurado } });
    expect(sinSecreto.headers['cache-control']).toBe('no-store');

    const antes = await env.dispatch('conexion', 'entrada', {}, admin);
    expect(antes).toMatchObject({ ok: true, data: { disponible: true, activo: false, escucharEn: '127.0.0.1', puerto: 5181, aplicacion: 'al_reiniciar' } });
    expect((antes as { data: EntradaInfo }).data.rutas).toEqual([
      { ruta: 'llamadas', url: 'http://127.0.0.1:5181/entrada/llamadas', secreto: false, rotadoEn: null },
      { ruta: 'mensajes', url: 'http://127.0.0.1:5181/entrada/mensajes', secreto: false, rotadoEn: null },
    ]);

    for (const ruta of ['llamadas', 'mensajes'] as const) {
      const hecho = await rotar(ruta);
      expect(hecho.secreto).toMatch(/^[0-9a-f]{64}$/);
      expect(await env.secrets.get(`entrada:${ruta}`)).toBe(hecho.secreto);
      expect(hecho.info.rutas.find((r) => r.ruta === ruta)).toMatchObject({ secreto: true, rotadoEn: expect.stringMatching(/^2026-11-21T/) });
      secretos[ruta] = hecho.secreto;
    }
    expect(secretos.llamadas).not.toBe(secretos.mensajes);
    // The secret is answered once: the state says it exists, never what it is; the settings file never holds it.
    const despues = JSON.stringify(await env.dispatch('conexion', 'entrada', {}, admin));
    expect(despues).not.toContain(secretos.llamadas);
    expect(despues).toContain('"secreto":true');
    const archivo = readFileSync((env.settings as unknown as { filePath: string }).filePath, 'utf8');
    expect(archivo).not.toContain(secretos.llamadas);
    expect(archivo).not.toContain(secretos.mensajes);

    // An operator who is not an administrator cannot rotate it.
    const operador = new Caller();
    const alta = await env.dispatch('operadores', 'agregar', { email: 'luis@agencia.co', nombre: 'Luis', rol: 'operador' }, admin);
    const contrasena = (alta as { data: { contrasena: string } }).data.contrasena;
    expect(await env.dispatch('auth', 'iniciarSesion', { email: 'luis@agencia.co', password: contrasena }, operador)).toMatchObject({ ok: true });
    expect(await env.dispatch('conexion', 'rotarSecretoEntrada', { ruta: 'llamadas' }, operador)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await env.secrets.get('entrada:llamadas')).toBe(secretos.llamadas);
  });

  it('una solicitud bien firmada se guarda, con su audio, en una transacción', async () => {
    const audio = Buffer.from('ID3 audio de prueba').toString('base64');
    const r = await enviar('llamadas', {
      conversation_id: 'conv-1',
      phone: '+573001112233',
      campana,
      status: 'no contesta',
      agent_id: 'agente-7',
      duration_call_seg: '42',
      costo: 0.35,
      summary: 'No atendió.',
      transcript: [{ role: 'agent', message: 'Hola' }],
      audio: `data:audio/mpeg;base64,${audio}`,
      campo_que_no_existe: 'se ignora',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true, data: { guardado: true, id: expect.any(Number), nuevo: true } });
    expect(await filas('conv-1')).toEqual([
      {
        phone: '+573001112233', campana: expect.anything(), status: 'no contesta', resultado: null, agent_id: 'agente-7',
        duration_call_seg: 42, costo: '0.3500', summary: 'No atendió.', transcript: [{ role: 'agent', message: 'Hola' }],
      },
    ]);
    expect(Number((await filas('conv-1'))[0]!.campana)).toBe(campana);
    const audioGuardado = await db.query<{ audio: string }>(`select audio from public.registro_audio_llamadas where conversation_id = 'conv-1'`);
    expect(audioGuardado.rows).toEqual([{ audio }]);
    // The row took the injected clock (public.ahora()).
    const creada = await db.query<{ created_at: Date | string }>(`select created_at from public.registro_escrito_llamada where conversation_id = 'conv-1'`);
    expect(Math.abs(new Date(creada.rows[0]!.created_at).getTime() - clock.now().getTime())).toBeLessThan(60_000);
  });

  it('la misma conversación otra vez actualiza su fila (una sola), y lo que no se envía se conserva', async () => {
    const r = await enviar('llamadas', { conversation_id: 'conv-1', status: 'exitosa', resultado: 'Agendó visita', duration_call_seg: 95 });
    expect(r.body).toEqual({ ok: true, data: { guardado: true, id: expect.any(Number), nuevo: false } });
    expect(await filas('conv-1')).toEqual([
      expect.objectContaining({ phone: '+573001112233', status: 'exitosa', resultado: 'Agendó visita', agent_id: 'agente-7', duration_call_seg: 95, summary: 'No atendió.' }),
    ]);
    expect(await contar(`select count(*) as n from public.registro_escrito_llamada where conversation_id = 'conv-1'`)).toBe(1);
    // A field sent as null is cleared.
    await enviar('llamadas', { conversation_id: 'conv-1', summary: null });
    expect((await filas('conv-1'))[0]!.summary).toBeNull();
  });

  it('firma equivocada, cuerpo alterado o sin cabeceras: 401 y nada guardado', async () => {
    const cuerpo = JSON.stringify({ conversation_id: 'conv-mala', status: 'exitosa' });
    const otra = await enviar('llamadas', cuerpo, {}, { secreto: 'b'.repeat(64) });
    expect(otra.status).toBe(401);
    expect(otra.body.error?.message).toBe(t.firmaInvalida);
    // Signed for one body, another sent.
    const alterado = await post(`${servidor.url}/entrada/llamadas`, { 'Content-Type': 'application/json', ...firmar(secretos.llamadas!, cuerpo) }, cuerpo.replace('exitosa', 'fallida'));
    expect(alterado.status).toBe(401);
    // The other route's secret does not sign this one.
    expect((await enviar('llamadas', cuerpo, {}, { secreto: secretos.mensajes! })).status).toBe(401);
    const sinCabeceras = await post(`${servidor.url}/entrada/llamadas`, { 'Content-Type': 'application/json' }, cuerpo);
    expect(sinCabeceras).toMatchObject({ status: 401, body: { ok: false, error: { message: t.faltaFirma } } });
    const malFormada = await post(`${servidor.url}/entrada/llamadas`, { 'Content-Type': 'application/json', 'X-Consola-Fecha': String(segundos()), 'X-Consola-Firma': 'md5=abc' }, cuerpo);
    expect(malFormada.status).toBe(401);
    expect(await filas('conv-mala')).toEqual([]);
  });

  it('una fecha de más de 5 minutos atrás o adelante: 401; dentro del margen se acepta', async () => {
    const vieja = await enviar('llamadas', { conversation_id: 'conv-vieja' }, {}, { fecha: segundos() - 301 });
    expect(vieja).toMatchObject({ status: 401, body: { error: { message: t.fechaFueraDeMargen } } });
    const futura = await enviar('llamadas', { conversation_id: 'conv-vieja' }, {}, { fecha: segundos() + 301 });
    expect(futura.status).toBe(401);
    expect(await filas('conv-vieja')).toEqual([]);
    const enMargen = await enviar('llamadas', { conversation_id: 'conv-vieja' }, {}, { fecha: segundos() - 290 });
    expect(enMargen.status).toBe(200);
  });

  it('la misma solicitud repetida (misma firma) se rechaza con 409, también tras reiniciar la entrada', async () => {
    const texto = JSON.stringify({ conversation_id: 'conv-replay', status: 'exitosa' });
    const cabeceras = { 'Content-Type': 'application/json', ...firmar(secretos.llamadas!, texto) };
    expect((await post(`${servidor.url}/entrada/llamadas`, cabeceras, texto)).status).toBe(200);
    await db.query(`update public.registro_escrito_llamada set status = 'cambiada a mano' where conversation_id = 'conv-replay'`);
    const repetida = await post(`${servidor.url}/entrada/llamadas`, cabeceras, texto);
    expect(repetida).toMatchObject({ status: 409, body: { ok: false, error: { code: 'conflict', message: t.firmaRepetida } } });
    expect((await filas('conv-replay'))[0]!.status).toBe('cambiada a mano');

    await servidor.cerrar();
    servidor = await iniciar();
    expect((await post(`${servidor.url}/entrada/llamadas`, cabeceras, texto)).status).toBe(409);
    expect((await filas('conv-replay'))[0]!.status).toBe('cambiada a mano');
  });

  it('un cuerpo demasiado grande: 413 (declarado o contado al leer) y nada guardado', async () => {
    const grande = JSON.stringify({ conversation_id: 'conv-grande', audio: 'A'.repeat(LIMITE_CUERPO.llamadas) });
    const r = await enviar('llamadas', grande);
    expect(r.status).toBe(413);
    expect(r.body.error?.message).toBe(t.demasiadoGrande('8 MiB'));
    expect(r.headers.connection).toBe('close');
    expect(await filas('conv-grande')).toEqual([]);

    // Streamed without a Content-Length: refused before reading (it could drip for ever; issue 24, item 4).
    const trozo = Buffer.alloc(64 * 1024, 'a');
    const partes = [Buffer.from('{"tabla":"ferreteria_sol_registro_whatsapp","session_id":"s-grande","message":{"content":"'), ...Array(5).fill(trozo), Buffer.from('"}}')];
    const completo = Buffer.concat(partes);
    const enTrozos = await post(
      `${servidor.url}/entrada/mensajes`,
      { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', ...firmar(secretos.mensajes!, completo) },
      partes,
    );
    expect(enTrozos.status).toBe(411);
    expect(enTrozos.body.error?.message).toBe(t.faltaLongitud);
    expect(await contar(`select count(*) as n from public.mensajes_resumen_sesiones where session_id = 's-grande'`)).toBe(0);
  });

  it('sin JSON: 415; otro método: 405; otra ruta: 404 (todo en español y sin detalles internos)', async () => {
    const texto = JSON.stringify({ conversation_id: 'conv-texto' });
    const r = await post(`${servidor.url}/entrada/llamadas`, { 'Content-Type': 'text/plain', ...firmar(secretos.llamadas!, texto) }, texto);
    expect(r).toMatchObject({ status: 415, body: { ok: false, error: { message: t.soloJson } } });
    const get = await post(`${servidor.url}/entrada/llamadas`, {}, '', 'GET');
    expect(get).toMatchObject({ status: 405, body: { error: { message: t.soloPost } } });
    expect(get.headers.allow).toBe('POST');
    const otra = await post(`${servidor.url}/api/auth/estado`, { 'Content-Type': 'application/json' }, '{}');
    expect(otra).toMatchObject({ status: 404, body: { error: { message: t.rutaNoExiste } } });
    expect(await filas('conv-texto')).toEqual([]);
  });

  it('un cuerpo inválido: 400 con el motivo en español, y nada guardado', async () => {
    const casos: Array<[unknown, string]> = [
      [{ phone: '+573001112233' }, t.faltaConversacion],
      [{ conversation_id: '   ' }, t.faltaConversacion],
      [{ conversation_id: 'conv-x', duration_call_seg: -3 }, t.campoInvalido('duration_call_seg', t.numeroEntero)],
      [{ conversation_id: 'conv-x', costo: 'caro' }, t.campoInvalido('costo', t.numeroPositivo)],
      [{ conversation_id: 'conv-x', campana: 'la de noviembre' }, t.campoInvalido('campana', t.campanaNumero)],
      [{ conversation_id: 'conv-x', audio: 'esto no es base64!' }, t.campoInvalido('audio', t.audioBase64)],
      [{ conversation_id: 'conv-x', phone: 12 }, t.campoInvalido('phone', t.textoHasta(40))],
      [[1, 2], t.cuerpoObjeto],
      ['{"conversation_id": ', t.jsonInvalido],
    ];
    for (const [cuerpo, mensaje] of casos) {
      const r = await enviar('llamadas', typeof cuerpo === 'string' ? cuerpo : JSON.stringify(cuerpo));
      expect(r.status, mensaje).toBe(400);
      expect(r.body, mensaje).toEqual({ ok: false, error: { code: 'validation', message: mensaje } });
    }
    // The SQL's own check: a campaign that does not exist.
    const sinCampana = await enviar('llamadas', { conversation_id: 'conv-x', campana: 987654 });
    expect(sinCampana).toMatchObject({ status: 400, body: { error: { message: 'La campaña 987654 no existe.' } } });
    expect(await filas('conv-x')).toEqual([]);
  });

  it('Idempotency-Key: una clave ya vista responde duplicado y no escribe nada', async () => {
    const primera = await enviar('llamadas', { conversation_id: 'conv-idem', status: 'ocupado' }, { 'Idempotency-Key': 'n8n-ejecucion-77' });
    expect(primera.body).toMatchObject({ ok: true, data: { guardado: true } });
    const segunda = await enviar('llamadas', { conversation_id: 'conv-idem', status: 'exitosa' }, { 'Idempotency-Key': 'n8n-ejecucion-77' });
    expect(segunda).toMatchObject({ status: 200, body: { ok: true, data: { duplicado: true } } });
    expect((await filas('conv-idem'))[0]!.status).toBe('ocupado');
    // The same key on the other route is another key.
    const mensaje = await enviar('mensajes', { tabla: 'ferreteria_sol_registro_whatsapp', session_id: 's-idem', message: { type: 'human', content: 'Hola' } }, { 'Idempotency-Key': 'n8n-ejecucion-77' });
    expect(mensaje.body).toMatchObject({ ok: true, data: { guardado: true } });
    expect((await enviar('llamadas', { conversation_id: 'conv-idem' }, { 'Idempotency-Key': ' ' })).status).toBe(400);
  });

  it('mensajes: se guardan en la tabla registrada (creada si su flujo aún no la creó) y se resumen; otro nombre se rechaza', async () => {
    const tabla = 'ferreteria_sol_registro_whatsapp';
    for (const [tipo, texto] of [['human', '¿Tienen taladros?'], ['ai', 'Sí, desde $180.000.']] as const) {
      const r = await enviar('mensajes', { tabla, session_id: '573001112233', message: { type: tipo, content: texto } });
      expect(r.body).toEqual({ ok: true, data: { guardado: true, id: expect.any(Number) } });
    }
    const guardados = await db.query<{ message: unknown }>(`select message from public.${tabla} where session_id = '573001112233' order by id`);
    expect(guardados.rows.map((f) => f.message)).toEqual([
      { type: 'human', content: '¿Tienen taladros?' },
      { type: 'ai', content: 'Sí, desde $180.000.' },
    ]);
    const resumen = await db.query<{ mensajes: number; humanos: number }>(
      `select mensajes, humanos from public.mensajes_resumen_sesiones where tabla = $1 and session_id = '573001112233'`,
      [tabla],
    );
    expect(resumen.rows).toEqual([{ mensajes: 2, humanos: 1 }]);

    const rechazos: Array<[string, string]> = [
      ['otra_registro_whatsapp', 'La tabla no pertenece a ninguna empresa registrada'],
      ['clientes', 'La tabla clientes es una tabla propia de la consola y no puede usarse como tabla de mensajes'],
      ['entrada_firmas', 'La tabla entrada_firmas ya existe y no tiene la estructura de una tabla de mensajes (id, session_id, message, created_at): elige otro nombre'],
      ['pg_authid', 'El nombre pg_authid está reservado por el sistema de base de datos: elige otro nombre para la tabla de mensajes'],
      ['clientes; drop table clientes', t.campoInvalido('tabla', t.tablaNombre)],
      ['Clientes', t.campoInvalido('tabla', t.tablaNombre)],
    ];
    for (const [nombre, mensaje] of rechazos) {
      const r = await enviar('mensajes', { tabla: nombre, session_id: 's-1', message: { type: 'human', content: 'x' } });
      expect(r.body, nombre).toEqual({ ok: false, error: { code: 'validation', message: mensaje } });
    }
    expect((await enviar('mensajes', { tabla, session_id: 's-1', message: 'hola' })).body.error?.message).toBe(t.mensajeObjeto);
    expect((await enviar('mensajes', { tabla, session_id: '', message: {} })).body.error?.message).toBe(t.faltaSesion);
    expect(await contar(`select count(*) as n from public.clientes`)).toBe(0);
  });

  it('al rotar, el secreto anterior deja de valer al instante y el nuevo vale', async () => {
    const anterior = secretos.llamadas!;
    const nuevo = (await rotar('llamadas')).secreto;
    expect(nuevo).not.toBe(anterior);
    expect((await enviar('llamadas', { conversation_id: 'conv-rotada' }, {}, { secreto: anterior })).status).toBe(401);
    expect((await enviar('llamadas', { conversation_id: 'conv-rotada' }, {}, { secreto: nuevo })).status).toBe(200);
    secretos.llamadas = nuevo;
  });

  it('solo service_role ejecuta las funciones de la entrada; un operador con sesión no las alcanza', async () => {
    const { rows } = await db.query<{ firma: string; anon: boolean; autenticado: boolean; servicio: boolean }>(
      `select p.oid::regprocedure::text as firma,
              has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as autenticado,
              has_function_privilege('service_role', p.oid, 'execute') as servicio
         from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname like 'entrada\\_%' order by 1`,
    );
    expect(rows).toEqual([
      // service_role keeps Supabase's default EXECUTE on the helper: it may write entrada_firmas directly anyway.
      { firma: 'entrada_anotar(text,text,text)', anon: false, autenticado: false, servicio: true },
      { firma: 'entrada_registrar_llamada(text,text,jsonb)', anon: false, autenticado: false, servicio: true },
      { firma: 'entrada_registrar_mensaje(text,text,text,text,jsonb)', anon: false, autenticado: false, servicio: true },
    ]);
    // Through the api's own data port, as the signed-in administrator: refused.
    const estado = await env.dispatch('auth', 'estado', {}, admin);
    const operador = (estado as { data: { operator: { id: string; email: string } } }).data.operator;
    const comoAdmin = env.backend.dataFor({ token: admin.token!, operator: operador } as never);
    await expect(comoAdmin.run({ kind: 'rpc', fn: 'entrada_registrar_llamada', args: { p_firma: 'f'.repeat(64), p_clave: null, p_datos: { conversation_id: 'intrusa' } } }))
      .rejects.toMatchObject({ code: 'forbidden' });
    expect(await filas('intrusa')).toEqual([]);
  });

  it('escucha en 127.0.0.1 por omisión y solo en la dirección indicada', async () => {
    expect(servidor.direccion).toBe('127.0.0.1');
    const otra = await iniciarEntrada({ direccion: '127.0.0.2', puerto: 0, datos: () => null, secretos: env.secrets, now: clock.now });
    try {
      expect(otra.url).toBe(`http://127.0.0.2:${otra.puerto}`);
      expect(await escucha('127.0.0.2', otra.puerto)).toBe(true);
      expect(await escucha('127.0.0.1', otra.puerto)).toBe(false);
      // Without the embedded database (hosted backend open: no service_role port), nothing is written.
      const alojada = await enviar('llamadas', { conversation_id: 'conv-alojada' }, {}, { url: otra.url });
      expect(alojada).toMatchObject({ status: 503, body: { ok: false, error: { message: t.sinBaseIntegrada } } });
    } finally {
      await otra.cerrar();
    }
  });

  it('solo unos pocos cuerpos se leen a la vez: el siguiente recibe 503 sin esperar', async () => {
    const estrecha = await iniciarEntrada({
      direccion: '127.0.0.1', puerto: 0, datos: () => env.backend.datosSistema!(), secretos: env.secrets, now: clock.now, limites: { simultaneos: 1 },
    });
    try {
      // A body that is still arriving holds the only slot.
      const texto = JSON.stringify({ conversation_id: 'conv-lenta' });
      const lenta = request(`${estrecha.url}/entrada/llamadas`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(texto)), ...firmar(secretos.llamadas!, texto) },
      });
      const respuestaLenta = new Promise<number>((resolve, reject) => {
        lenta.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        lenta.on('error', reject);
      });
      lenta.write(texto.slice(0, 5));
      lenta.flushHeaders();
      // The server has the first request once a later one on another connection is answered; retry until refused.
      let ocupada: Respuesta | null = null;
      for (let i = 0; i < 50 && ocupada?.status !== 503; i++) ocupada = await enviar('llamadas', { conversation_id: `conv-rapida-${i}` }, {}, { url: estrecha.url });
      expect(ocupada).toMatchObject({ status: 503, body: { ok: false, error: { message: t.ocupada } } });
      expect(ocupada!.headers['retry-after']).toBe('2');
      lenta.end(texto.slice(5));
      expect(await respuestaLenta).toBe(200);
      expect(await filas('conv-lenta')).toHaveLength(1);
    } finally {
      await estrecha.cerrar();
    }
  });

  it('Conexión enciende, mueve y apaga la entrada al guardar; con la base alojada no se ofrece', async () => {
    const control = crearControlEntrada({ settings: env.settings, secretos: env.secrets, datos: () => env.backend.datosSistema!(), now: clock.now });
    const backend = { ...env.backend, entrada: control };
    const dispatch = crearDespachador(crearApi(backend) as unknown as Implementations);
    try {
      const puerto = await puertoLibre();
      const encendida = await dispatch('conexion', 'guardarEntrada', { activo: true, escucharEn: '127.0.0.1', puerto }, admin);
      expect(encendida).toMatchObject({ ok: true, data: { activo: true, escuchando: `http://127.0.0.1:${puerto}`, aplicacion: 'inmediata', fijadoAlIniciar: false, error: null } });
      expect((encendida as { data: EntradaInfo }).data.rutas[0]).toMatchObject({ url: `http://127.0.0.1:${puerto}/entrada/llamadas`, secreto: true });
      const r = await enviar('llamadas', { conversation_id: 'conv-conexion' }, {}, { url: `http://127.0.0.1:${puerto}` });
      expect(r.status).toBe(200);

      // A port another program holds: the setting is kept and the screen says why it does not listen.
      const ocupado = createTcpServer();
      await new Promise<void>((res) => ocupado.listen(0, '127.0.0.1', res));
      const tomado = (ocupado.address() as AddressInfo).port;
      try {
        const fallida = await dispatch('conexion', 'guardarEntrada', { activo: true, escucharEn: '127.0.0.1', puerto: tomado }, admin);
        expect(fallida).toMatchObject({ ok: true, data: { puerto: tomado, escuchando: null, error: t.noSePudoAbrir(`http://127.0.0.1:${tomado}`) } });
        expect(await escucha('127.0.0.1', puerto)).toBe(false);
      } finally {
        await new Promise<void>((res) => ocupado.close(() => res()));
      }

      const apagada = await dispatch('conexion', 'guardarEntrada', { activo: false, escucharEn: '127.0.0.1', puerto }, admin);
      expect(apagada).toMatchObject({ ok: true, data: { activo: false, escuchando: null, error: null } });
      expect(await escucha('127.0.0.1', puerto)).toBe(false);

      expect(await dispatch('conexion', 'guardarEntrada', { activo: true, escucharEn: 'mi-servidor', puerto }, admin)).toMatchObject({ ok: false, error: { message: t.direccionInvalida } });
      expect(await dispatch('conexion', 'guardarEntrada', { activo: true, escucharEn: '127.0.0.1', puerto: 80 }, admin)).toMatchObject({ ok: false, error: { message: t.puertoInvalido } });
    } finally {
      await control.cerrar();
    }

    // The hosted backend: n8n writes the tables itself, so the endpoint is neither offered nor saved.
    const alojada = crearDespachador(crearApi({ ...env.backend, kind: 'hosted' }) as unknown as Implementations);
    expect(await alojada('conexion', 'entrada', {}, admin)).toMatchObject({ ok: true, data: { disponible: false } });
    expect(await alojada('conexion', 'guardarEntrada', { activo: true, escucharEn: '127.0.0.1', puerto: 5181 }, admin)).toMatchObject({ ok: false, error: { message: t.sinBaseIntegrada } });
  });
});

describe('línea de órdenes de la entrada', () => {
  it('--entrada-port y --entrada-host la encienden para una ejecución; sin ellas manda el ajuste', () => {
    expect(entradaDeLineaDeOrdenes(['node', 'serve-cli.js'], {}, { activo: true, puerto: 6000 })).toBeNull();
    expect(entradaDeLineaDeOrdenes(['--entrada-port', '0'], {}, undefined)).toEqual({ direccion: '127.0.0.1', puerto: 0 });
    expect(entradaDeLineaDeOrdenes(['--entrada-port=7001', '--entrada-host', '192.168.1.20'], {}, undefined)).toEqual({ direccion: '192.168.1.20', puerto: 7001 });
    expect(entradaDeLineaDeOrdenes(['--entrada-host', '0.0.0.0'], {}, { puerto: 6000 })).toEqual({ direccion: '0.0.0.0', puerto: 6000 });
    expect(entradaDeLineaDeOrdenes([], { CONSOLA_ENTRADA_PORT: '7002' }, undefined)).toEqual({ direccion: '127.0.0.1', puerto: 7002 });
    expect(() => entradaDeLineaDeOrdenes(['--entrada-port', 'abc'], {}, undefined)).toThrow(t.puertoInvalido);
    expect(() => entradaDeLineaDeOrdenes(['--entrada-host', 'mi-servidor'], {}, undefined)).toThrow(t.direccionInvalida);
  });
});
