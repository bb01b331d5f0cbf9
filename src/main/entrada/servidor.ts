/**
 * The inbound results endpoint (issue 15 §1): a small node:http server of its own, apart from the dashboard's
 * (serve.ts stays on loopback whatever this one does), where n8n posts call outcomes and chat-memory rows for
 * the embedded database. Only two routes:
 *
 *   POST /entrada/llamadas   a call outcome, upserted by conversation_id (8 MiB: it may carry its audio)
 *   POST /entrada/mensajes   a chat-memory row of a registered message table (256 KiB)
 *
 * Before the body is read: the route (404), the method (405), JSON — exactly `application/json`, with an
 * optional charset (415) —, a declared size (411 without Content-Length: a body sent in chunks could drip for
 * ever), within the cap (413), the route's secret in the keychain (503), the signature headers and the timestamp
 * within 5 minutes (401), a free body slot — at most `porDireccion` for one source address, so one client
 * dripping several bodies cannot take them all (503). Then the body is read up to its cap and within its
 * deadline (408 and the connection closed: a stalled client gives its slot back), its HMAC checked in constant
 * time (401), parsed and validated with Spanish messages (400), and written by ONE SQL function call as
 * service_role (one transaction: a replayed signature answers 409, a known Idempotency-Key 200 duplicado).
 * Every answer is an Envelope in Spanish, `Cache-Control: no-store`; no stack, no SQL.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Envelope } from '../../shared/operaciones/envelope';
import type { DataPort } from '../../shared/ports/consultas';
import type { SecretsPort } from '../../shared/ports/secrets';
import { AppError, type ErrorCode } from '../../shared/errors';
import { es } from '../../shared/i18n/es';
import {
  CABECERA_FECHA,
  CABECERA_FIRMA,
  CABECERA_IDEMPOTENCIA_ENTRADA,
  CABECERA_INTENTO_ENTRADA,
  LIMITE_CUERPO,
  MARGEN_FIRMA_S,
  RUTAS_ENTRADA,
  conIntentoDeCabecera,
  cuentaSecretoEntrada,
  datosLlamada,
  mensajeEntrada,
  origenHttp,
  resultadoLlamadaEntrada,
  type RutaEntrada,
} from '../../shared/areas/conexion/entrada';
import { clientAddressOf, crearCuposPorDireccion } from '../http-guards';
import { readBody, refuse, sendJson, type BodyResult } from '../http-body';
import { ESTADO_HTTP, sobreDeError } from '../http-respuesta';
import { registrarLlamadaEntrada, registrarMensajeEntrada, type RespuestaEntrada } from '../../shared/areas/conexion/entrada-repository';
import { firmaCoincide, leerFecha, leerFirma } from './firma';

const t = es.conexion.entrada;

export interface LimitesEntrada {
  /** Largest body per route (LIMITE_CUERPO). */
  cuerpo: Record<RutaEntrada, number>;
  /** Bodies read at the same moment; past it the answer is 503 instead of holding more. */
  simultaneos: number;
  /** Of those, bodies one source address may be sending at once (n8n posts from one address). */
  porDireccion: number;
  /** Time a body has to arrive once its slot is taken; past it, 408 and the connection is closed. */
  plazoCuerpoMs: number;
}

export const LIMITES_ENTRADA: LimitesEntrada = { cuerpo: LIMITE_CUERPO, simultaneos: 8, porDireccion: 2, plazoCuerpoMs: 30_000 };

/** `application/json`, optionally with `; charset=utf-8` (any case, spaces around): nothing else is JSON here. */
export function esContenidoJson(cabecera: string | undefined): boolean {
  return cabecera !== undefined && /^\s*application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i.test(cabecera);
}

/** A cached secret is asked of the keychain again after this long even if its rotation stamp did not change. */
const SECRETO_CACHE_MS = 60_000;

export interface OpcionesEntrada {
  /** The address to listen on (127.0.0.1 unless the operator chose another) and the port (0: any free one). */
  direccion: string;
  puerto: number;
  /** The embedded database's service_role data port; null while the hosted backend is open (503). */
  datos(): DataPort | null;
  /** The keychain: each route's secret is `entrada:<ruta>`. */
  secretos: SecretsPort;
  /**
   * When each route's secret was last rotated (the setting's `rotaciones`): a change makes the listener read the
   * keychain again at once, so the old secret stops working the moment a new one is made. Without it, the
   * keychain is read on every request.
   */
  versionSecreto?(ruta: RutaEntrada): string | undefined;
  limites?: Partial<LimitesEntrada>;
  /** Clock of the timestamp check (tests inject theirs). */
  now?: () => Date;
  log?: (message: string, error?: unknown) => void;
}

export interface EntradaEnMarcha {
  /** http://address:port */
  url: string;
  direccion: string;
  puerto: number;
  cerrar(): Promise<void>;
}

/**
 * What the database may refuse about the post itself (a bad value, a rule, a replay): passed on with the
 * code's status and message. Any other failure is the listener's own: 503 or 500, logged, never its text.
 */
const RECHAZOS_DE_LA_BASE: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['validation', 'forbidden', 'conflict']);

const tamanoLegible = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${Math.round(bytes / 1024)} KiB`);

export async function iniciarEntrada(opciones: OpcionesEntrada): Promise<EntradaEnMarcha> {
  const limites: LimitesEntrada = { ...LIMITES_ENTRADA, ...opciones.limites };
  const now = opciones.now ?? (() => new Date());
  const log = opciones.log ?? (() => {});
  const ranuras = crearCuposPorDireccion(limites.simultaneos, limites.porDireccion);
  const cache = new Map<RutaEntrada, { version: string | undefined; secreto: string | null; leido: number }>();

  /** The route's secret: from the cache while its rotation stamp holds (and for at most a minute), else the keychain. */
  async function secretoDe(ruta: RutaEntrada): Promise<string | null> {
    const version = opciones.versionSecreto?.(ruta);
    const guardado = cache.get(ruta);
    const ahora = Date.now();
    if (opciones.versionSecreto && guardado && guardado.version === version && ahora - guardado.leido < SECRETO_CACHE_MS) return guardado.secreto;
    const secreto = await opciones.secretos.get(cuentaSecretoEntrada(ruta));
    cache.set(ruta, { version, secreto, leido: ahora });
    return secreto;
  }

  async function atender(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://entrada').pathname;
    const ruta = RUTAS_ENTRADA.find((r) => path === `/entrada/${r}`);
    const limite = ruta ? limites.cuerpo[ruta] : limites.cuerpo.mensajes;
    const no = (status: number, body: Envelope, extra?: Record<string, string>) => refuse(req, res, limite, status, body, extra);
    if (!ruta) return no(404, sobreDeError('not_found', t.rutaNoExiste));
    if (req.method !== 'POST') return no(405, sobreDeError('validation', t.soloPost), { Allow: 'POST' });
    if (!esContenidoJson(req.headers['content-type'])) return no(415, sobreDeError('validation', t.soloJson));
    if (req.headers['content-length'] === undefined) return no(411, sobreDeError('validation', t.faltaLongitud), { Connection: 'close' });
    const declarado = Number(req.headers['content-length']);
    if (declarado > limite) return no(413, sobreDeError('validation', t.demasiadoGrande(tamanoLegible(limite))));

    let secreto: string | null;
    try {
      secreto = await secretoDe(ruta);
    } catch (e) {
      log('Entrada de resultados: llavero', e);
      return no(503, sobreDeError('unavailable', AppError.is(e) ? e.message : es.errores.llaveroNoDisponible));
    }
    if (!secreto) return no(503, sobreDeError('config', t.sinSecretoConfigurado));

    const fechaTexto = (req.headers[CABECERA_FECHA] as string | undefined)?.trim() ?? '';
    const fecha = leerFecha(fechaTexto);
    const firma = leerFirma(req.headers[CABECERA_FIRMA] as string | undefined);
    if (fecha === null || firma === null) return no(401, sobreDeError('unauthenticated', t.faltaFirma));
    if (Math.abs(now().getTime() / 1000 - fecha) > MARGEN_FIRMA_S) return no(401, sobreDeError('unauthenticated', t.fechaFueraDeMargen));
    const claveCabecera = req.headers[CABECERA_IDEMPOTENCIA_ENTRADA];
    const clave = typeof claveCabecera === 'string' ? claveCabecera.trim() : undefined;
    if (clave !== undefined && !/^[\x21-\x7e]{1,200}$/.test(clave)) return no(400, sobreDeError('validation', t.claveInvalida));

    const soltar = ranuras.tryAcquire(clientAddressOf(req.socket.remoteAddress) ?? '');
    if (!soltar) return no(503, sobreDeError('unavailable', t.ocupada), { 'Retry-After': '2' });
    let lectura: BodyResult | { kind: 'late' };
    let plazo: ReturnType<typeof setTimeout> | undefined;
    try {
      lectura = await Promise.race([
        readBody(req, limite),
        new Promise<{ kind: 'late' }>((resolve) => (plazo = setTimeout(() => resolve({ kind: 'late' }), limites.plazoCuerpoMs))),
      ]);
    } finally {
      clearTimeout(plazo);
      soltar();
    }
    if (lectura.kind === 'late') {
      sendJson(res, 408, sobreDeError('validation', t.cuerpoLento), { Connection: 'close' });
      res.once('finish', () => req.socket.destroy());
      return;
    }
    if (lectura.kind === 'gone') return void res.destroy();
    if (lectura.kind === 'too_large') {
      // Nothing more of it is read: answered, then the connection is closed.
      sendJson(res, 413, sobreDeError('validation', t.demasiadoGrande(tamanoLegible(limite))), { Connection: 'close' });
      res.once('finish', () => req.socket.destroy());
      return;
    }
    if (!firmaCoincide(secreto, fechaTexto, lectura.bytes, firma)) return sendJson(res, 401, sobreDeError('unauthenticated', t.firmaInvalida));

    let cuerpo: unknown;
    try {
      cuerpo = JSON.parse(lectura.bytes.toString('utf8'));
    } catch {
      return sendJson(res, 400, sobreDeError('validation', t.jsonInvalido));
    }
    const datos = opciones.datos();
    if (!datos) return sendJson(res, 503, sobreDeError('unavailable', t.sinBaseIntegrada));

    let escribir: () => Promise<RespuestaEntrada | null>;
    const firmada = { firma, clave: clave ?? null };
    if (ruta === 'llamadas') {
      const llamada = conIntentoDeCabecera(cuerpo, req.headers[CABECERA_INTENTO_ENTRADA]);
      const valido = resultadoLlamadaEntrada.safeParse(llamada);
      if (!valido.success) return sendJson(res, 400, sobreDeError('validation', valido.error.issues[0]?.message ?? t.cuerpoObjeto));
      const fila = datosLlamada(llamada as Record<string, unknown>, valido.data);
      escribir = () => registrarLlamadaEntrada(datos, firmada, fila);
    } else {
      const valido = mensajeEntrada.safeParse(cuerpo);
      if (!valido.success) return sendJson(res, 400, sobreDeError('validation', valido.error.issues[0]?.message ?? t.cuerpoObjeto));
      escribir = () => registrarMensajeEntrada(datos, firmada, valido.data);
    }

    let respuesta: RespuestaEntrada | null;
    try {
      respuesta = await escribir();
    } catch (e) {
      const appError = AppError.is(e) ? e : null;
      if (appError && RECHAZOS_DE_LA_BASE.has(appError.code)) return sendJson(res, ESTADO_HTTP[appError.code], sobreDeError(appError.code, appError.message));
      log(`Entrada de resultados: no se pudo guardar (${ruta})`, e);
      if (appError?.code === 'unavailable') return sendJson(res, 503, sobreDeError('unavailable', appError.message));
      return sendJson(res, 500, sobreDeError('internal', t.errorGuardar));
    }
    if (respuesta?.resultado === 'repetida') return sendJson(res, 409, sobreDeError('conflict', t.firmaRepetida));
    if (respuesta?.resultado === 'duplicado') return sendJson(res, 200, { ok: true, data: { duplicado: true } });
    if (respuesta?.resultado !== 'guardado') {
      log(`Entrada de resultados: respuesta inesperada de la base de datos (${ruta})`);
      return sendJson(res, 500, sobreDeError('internal', t.errorGuardar));
    }
    const data: Record<string, unknown> = { guardado: true, id: Number(respuesta.id) };
    if (ruta === 'llamadas') data.nuevo = respuesta.nuevo === true;
    return sendJson(res, 200, { ok: true, data });
  }

  const server = createServer((req, res) => {
    atender(req, res).catch((e: unknown) => {
      log('Error en la entrada de resultados', e);
      if (!res.headersSent) sendJson(res, 500, sobreDeError('internal', es.app.errorInesperado));
      else res.end();
    });
  });
  // A slow or stalled client cannot hold a body slot for ever.
  server.requestTimeout = 60_000;
  server.headersTimeout = 15_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opciones.puerto, opciones.direccion, () => {
      server.off('error', reject);
      server.on('error', (e) => log('Error en la entrada de resultados', e));
      resolve();
    });
  });
  const direccion = (server.address() as AddressInfo).address;
  const puerto = (server.address() as AddressInfo).port;
  return {
    url: origenHttp(direccion, puerto),
    direccion,
    puerto,
    cerrar: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
