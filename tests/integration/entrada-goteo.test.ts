/**
 * Issue 24, item 4: the inbound listener cannot be starved. Over real sockets: what the headers already condemn
 * is refused before a byte of the body is read (a content type that is not exactly JSON — `application/jsonp`
 * —, a body without Content-Length); one source address dripping four bodies holds at most its own share of
 * the body slots, so a signed post from n8n is saved while the drip is still going; and a body that stops
 * arriving loses its slot at its deadline (408, connection closed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import type { SqlClient } from '../../src/shared/ports/sql';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import type { EntradaEnMarcha, LimitesEntrada } from '../../src/main/entrada/servidor';
import { iniciarEntradaDePrueba } from '../support/entrada';
import { es } from '../../src/shared/i18n/es';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, Clock, embeddedApi } from '../support/operators';

const t = es.conexion.entrada;

/** A client that sends the request line, the headers and the first bytes of its body, then stalls. */
function goteo(url: string, cabeceras: Record<string, string>, desde = '127.0.0.2', inicio = '{"conversation_id":"goteo') {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect({ host: hostname, port: Number(port), localAddress: desde });
  let recibido = '';
  let bytes = Buffer.alloc(0);
  let cerrado = false;
  const respuesta = new Promise<string>((resolve) => {
    socket.on('data', (d: Buffer) => {
      bytes = Buffer.concat([bytes, d]);
      recibido = bytes.toString('utf8');
      // The whole answer (sendJson's answers are chunked): up to its last chunk.
      if (recibido.includes('\r\n0\r\n\r\n')) resolve(recibido);
    });
    socket.on('close', () => {
      cerrado = true;
      resolve(recibido);
    });
    socket.on('error', () => undefined);
  });
  const lineas = Object.entries({ Host: `${hostname}:${port}`, ...cabeceras }).map(([k, v]) => `${k}: ${v}`);
  socket.write(`POST /entrada/llamadas HTTP/1.1\r\n${lineas.join('\r\n')}\r\n\r\n${inicio}`);
  return {
    respuesta,
    get recibido() {
      return recibido;
    },
    get cerrado() {
      return cerrado;
    },
    cerrar: () => socket.destroy(),
  };
}

const estado = (texto: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(texto)?.[1] ?? 0);

describe.each(MIGRATED_BACKENDS)('la entrada de resultados no se deja acaparar en %s', (_name, fresh) => {
  let db: SqlClient;
  let env: Awaited<ReturnType<typeof embeddedApi>>;
  let secreto: string;
  const abiertas: EntradaEnMarcha[] = [];
  const clock = new Clock();
  const admin = new Caller();

  const iniciar = async (limites: Partial<LimitesEntrada> = {}) => {
    const s = await iniciarEntradaDePrueba(env, clock, limites);
    abiertas.push(s);
    return s;
  };
  const fecha = () => String(Math.floor(clock.now().getTime() / 1000));
  /** Well-formed signature headers that no secret produced: only reading the body could tell. */
  const firmaFalsa = () => ({ 'X-Consola-Fecha': fecha(), 'X-Consola-Firma': `sha256=${'ab'.repeat(32)}` });
  const firmado = (cuerpo: string) => {
    const f = fecha();
    return { 'X-Consola-Fecha': f, 'X-Consola-Firma': `sha256=${createHmac('sha256', secreto).update(`${f}.${cuerpo}`).digest('hex')}` };
  };
  const guardada = async (conversacion: string) =>
    (await db.query('select 1 from public.registro_escrito_llamada where conversation_id = $1', [conversacion])).rows.length === 1;

  beforeAll(async () => {
    db = await fresh();
    env = await embeddedApi(db, clock);
    expect(await env.dispatch('auth', 'crearPrimerAdmin', ADMIN, admin)).toMatchObject({ ok: true });
    const rotado = (await env.dispatch('conexion', 'rotarSecretoEntrada', { ruta: 'llamadas' }, admin)) as Envelope<{ secreto: string }>;
    secreto = (rotado as { data: { secreto: string } }).data.secreto;
  });
  afterAll(async () => {
    for (const s of abiertas) await s.cerrar();
    await db?.cerrar();
  });

  it('las cabeceras condenan antes de leer: application/jsonp y otros tipos 415, sin Content-Length 411; JSON con charset se acepta', async () => {
    const servidor = await iniciar();
    for (const tipo of ['application/jsonp', 'application/json-patch+json', 'application/jsonx; charset=utf-8', 'text/json', 'application/json; charset=latin1']) {
      const g = goteo(servidor.url, { 'Content-Type': tipo, 'Content-Length': '100000', ...firmaFalsa() }, '127.0.0.1');
      const r = await g.respuesta;
      g.cerrar();
      expect(estado(r), tipo).toBe(415);
      expect(r).toContain(JSON.stringify(t.soloJson));
    }
    const sinLongitud = goteo(servidor.url, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', ...firmaFalsa() }, '127.0.0.1', '');
    const r = await sinLongitud.respuesta;
    sinLongitud.cerrar();
    expect(estado(r)).toBe(411);
    expect(r).toContain(JSON.stringify(t.faltaLongitud));

    for (const [i, tipo] of ['application/json; charset=utf-8', 'Application/JSON;charset=UTF-8', 'application/json'].entries()) {
      const cuerpo = JSON.stringify({ conversation_id: `conv-tipo-${i}` });
      const ok = await fetch(`${servidor.url}/entrada/llamadas`, { method: 'POST', headers: { 'Content-Type': tipo, ...firmado(cuerpo) }, body: cuerpo });
      expect(ok.status, tipo).toBe(200);
      expect(await guardada(`conv-tipo-${i}`)).toBe(true);
    }
  });

  it('cuatro cuerpos goteando desde una dirección no acaparan las ranuras: una solicitud firmada se guarda mientras siguen', async () => {
    const servidor = await iniciar();
    const goteos = Array.from({ length: 4 }, () => goteo(servidor.url, { 'Content-Type': 'application/json', 'Content-Length': '100000', ...firmaFalsa() }));
    try {
      // Two of them get their address's share of slots; the other two are told at once the listener is busy.
      await expect.poll(() => goteos.filter((g) => g.recibido !== '').length).toBe(2);
      const respondidos = goteos.filter((g) => g.recibido !== '');
      const leyendo = goteos.filter((g) => g.recibido === '');
      for (const g of respondidos) expect(estado(g.recibido)).toBe(503);

      const cuerpo = JSON.stringify({ conversation_id: 'conv-durante-goteo', phone: '+573001112233' });
      const r = await fetch(`${servidor.url}/entrada/llamadas`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...firmado(cuerpo) }, body: cuerpo });
      expect(r.status).toBe(200);
      expect(await r.json()).toMatchObject({ ok: true, data: { guardado: true } });
      expect(await guardada('conv-durante-goteo')).toBe(true);
      // The drip is still going: the two that hold slots have had no answer and their connections are open.
      expect(leyendo).toHaveLength(2);
      for (const g of leyendo) {
        expect(g.recibido).toBe('');
        expect(g.cerrado).toBe(false);
      }
    } finally {
      for (const g of goteos) g.cerrar();
    }
  });

  it('un cuerpo que deja de llegar pierde su ranura al vencer su plazo: 408 y la conexión se cierra', async () => {
    const servidor = await iniciar({ plazoCuerpoMs: 300, porDireccion: 1, simultaneos: 1 });
    const lento = goteo(servidor.url, { 'Content-Type': 'application/json', 'Content-Length': '100000', ...firmaFalsa() });
    const r = await lento.respuesta;
    expect(estado(r)).toBe(408);
    expect(r).toContain(JSON.stringify(t.cuerpoLento));
    await expect.poll(() => lento.cerrado).toBe(true);
    // Its slot is free again: the next body from the same address is read.
    const cuerpo = JSON.stringify({ conversation_id: 'conv-tras-plazo' });
    const ok = await fetch(`${servidor.url}/entrada/llamadas`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...firmado(cuerpo) }, body: cuerpo });
    expect(ok.status).toBe(200);
  });
});
