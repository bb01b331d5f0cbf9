/**
 * The batch runner (issue 15): batches live in the database (lotes_llamadas, lotes_llamadas_items; see
 * supabase/migrations/20261128001100_lotes.sql), and this runs them. One runner per api (created by the
 * calls area, stopped with the api); it knows its process by a fresh id (`proceso`).
 *
 * - Never sent twice: an item is claimed in SQL (state 'en_curso', one more attempt, committed) BEFORE its
 *   POST; the result is written after. On its first look at the database the runner marks the batches
 *   another process was running as 'interrumpido' (their claimed items: 'sin_confirmacion', never resent by
 *   themselves); 'Reanudar' sends only what was never sent.
 * - It dials only inside the campaign's window (rules.ts dentroDeVentana) and otherwise waits for the next
 *   opening ('esperando_horario'); scheduled batches start at programadoPara; retries at proximo_intento.
 * - No polling: it sleeps with one timer until the next due time, and wakes when an operation touches a
 *   batch, when the database says the calls changed (Backend.cambios: an outcome may have set a retry), and
 *   — with a test's fake clock — when a read finds the due time passed (`siVencio`).
 * - A batch ends ('terminado') when nothing is pending, in flight or waiting for a retry and, with a retry
 *   policy (reintentosMax > 1), no request sent within ESPERA_RESULTADO_MS still waits for its outcome.
 *
 * Data: the system port (service_role) when the backend has one (embedded: batches go on across sign-outs
 * and restarts); else the port of the operator who last touched a batch (hosted).
 */
import type { Backend, DataPort } from '../../ports';
import type { Cliente, ConfiguracionLlamadas } from './contract';
import type { ResultadoIntento } from './contract';
import { AppError } from '../../errors';
import { esTiempoAgotado } from '../../ports/webhooks';
import { llamadasRepository, lotesRepository, type LoteFila } from './repository';
import { cabecerasLlamada, dentroDeVentana, siguienteApertura } from './rules';
import { llamadas } from "./texts";
import { conexion } from "../conexion/texts";

const t = llamadas;

export const TIMEOUT_LLAMADA_MS = 15_000;
/**
 * With a retry policy, a batch waits this long for the outcome of each request before it ends without it
 * (an outcome that never comes must not keep a batch open for ever).
 */
export const ESPERA_RESULTADO_MS = 60 * 60_000;
/** The cap is looked at again at most this often while a batch sends. */
const REVISION_TOPE_MS = 1000;
/** setTimeout's largest delay; a later due time is reached in steps. */
const MAX_TIMER_MS = 2_147_000_000;

export interface Resultado {
  estado: ResultadoIntento;
  detalle?: string;
}
/** What one POST gave: the outcome, and the key it went out with (none when nothing was sent). */
export type Envio = Resultado & { httpStatus?: number; clave?: string };

export function cuerpoLlamada(cliente: Cliente, config: ConfiguracionLlamadas) {
  return {
    name: `${cliente.nombre} ${cliente.apellido}`.trim(),
    email: cliente.email,
    phone: cliente.telefono,
    company: cliente.empresa ?? '',
    agent_id: config.agentid,
    agent_phone_number_id: config.agentphonenumberid,
    position: cliente.cargo ?? '',
  };
}

/** One POST with its attempt's headers (idempotency key, campaign, client); never throws: the outcome says what happened. */
export async function enviarLlamada(
  backend: Backend,
  cliente: Cliente,
  config: ConfiguracionLlamadas,
  clave: string,
  options: { signal?: AbortSignal; timeoutMs?: number },
): Promise<Envio> {
  if (!backend.webhooks) return { estado: 'fallida', detalle: conexion.webhookSinConfigurar(conexion.nombres.llamadaSaliente) };
  if (options.signal?.aborted) return { estado: 'omitida', detalle: t.llamar.cancelada };
  try {
    const res = await backend.webhooks.post('llamadaSaliente', cuerpoLlamada(cliente, config), {
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? TIMEOUT_LLAMADA_MS,
      headers: cabecerasLlamada(clave, cliente.campanaId, cliente.id),
    });
    if (res.ok) return { estado: 'exitosa', httpStatus: res.status, clave };
    return { estado: 'fallida', detalle: t.llamar.respuestaServidor(res.status), httpStatus: res.status, clave };
  } catch (error) {
    // The request went out and no answer came: the call may be under way. Not a failure.
    if (esTiempoAgotado(error)) return { estado: 'sin_confirmacion', detalle: t.llamar.sinConfirmacionDetalle, clave };
    if (AppError.is(error) && error.code === 'cancelled') return { estado: 'sin_confirmacion', detalle: t.llamar.canceladaEnEspera, clave };
    return { estado: 'fallida', detalle: AppError.is(error) ? error.message : t.llamar.errorIniciar, clave };
  }
}

const configurada = (c: ConfiguracionLlamadas | null): c is ConfiguracionLlamadas => Boolean(c && c.agentid.trim() && c.agentphonenumberid.trim());

export interface Corredor {
  /** This process's id, written on the batches it runs. */
  readonly proceso: string;
  /** Looks at the batches again (coalesced: one look at a time, one more if asked meanwhile). */
  despertar(): void;
  /**
   * On a read of a batch: wakes the runner when its next due time has passed (a fake clock moved past it),
   * or when the batch changed since the runner last looked (an outcome set a retry or was the last one
   * awaited) and no sender of it runs here.
   */
  alLeer(lote?: LoteFila): void;
  /** The data port of an operator who touched a batch (hosted, where there is no system port). */
  conocer(data: DataPort, operadorId: string): void;
  /** Aborts the requests in flight of a cancelled batch (each then counts as sin confirmación). */
  abortar(lote: string): void;
  /** Until the batch's senders in this process have stopped (after a cancel: the aborted requests are written). */
  esperar(lote: string): Promise<void>;
  cerrar(): Promise<void>;
}

export function crearCorredor(backend: Backend, log: (message: string, error?: unknown) => void): Corredor {
  const proceso = globalThis.crypto.randomUUID();
  const now = () => (backend.now ? backend.now() : new Date());
  const sistema = backend.datosSistema?.() ?? null;
  let operador: { data: DataPort; id: string } | null = null;
  /** Batches whose senders run now, and the requests each has in flight. */
  const trabajando = new Map<string, Promise<void>>();
  const enVuelo = new Map<string, Set<AbortController>>();
  let cerrado = false;
  let recuperado = false;
  let revisando: Promise<void> | null = null;
  let otraVez = false;
  let quitarTimer: (() => void) | null = null;
  let proximaVisita: number | null = null;
  /** Something waits for an outcome or a retry: a change of the calls may be the one it waits for. */
  let esperaCambios = false;

  /** What the runner saw of each batch it looked after at its last look (see alLeer). */
  const vistos = new Map<string, string>();
  const firma = (l: LoteFila) =>
    [l.estado, l.total, l.done, l.pendientes, l.enCurso, l.reintentos, l.conResultado, l.intentos, l.proximoIntento, l.programadoPara].join('|');

  const puerto = (): DataPort | null => sistema ?? operador?.data ?? null;

  const dejarDeEscuchar = backend.cambios?.suscribir((area) => {
    if (area === 'llamadas' && esperaCambios && trabajando.size === 0) despertar();
  });

  function programar(instante: number | null) {
    quitarTimer?.();
    quitarTimer = null;
    proximaVisita = instante;
    if (instante === null || cerrado) return;
    const ms = Math.min(Math.max(0, instante - now().getTime()), MAX_TIMER_MS);
    const h = setTimeout(() => {
      quitarTimer = null;
      despertar();
    }, ms);
    (h as { unref?: () => void }).unref?.();
    quitarTimer = () => clearTimeout(h);
  }

  function despertar() {
    if (cerrado) return;
    if (revisando) {
      otraVez = true;
      return;
    }
    revisando = (async () => {
      do {
        otraVez = false;
        try {
          await revisar();
        } catch (error) {
          if (!cerrado) log('Llamadas masivas: revisión de lotes', error);
        }
      } while (otraVez && !cerrado);
    })().finally(() => {
      revisando = null;
    });
  }

  async function revisar() {
    const data = puerto();
    if (!data || cerrado) return;
    const lotes = lotesRepository(data);
    const repo = llamadasRepository(data);
    if (!recuperado) {
      await lotes.recuperar(proceso, t.llamar.interrumpidaEnCurso, sistema ? null : (operador?.id ?? null));
      recuperado = true;
    }
    let proxima: number | null = null;
    const antes = (instante: number | null) => {
      if (instante !== null && (proxima === null || instante < proxima)) proxima = instante;
    };
    let espera = false;
    const activos = await lotes.activos(proceso);
    vistos.clear();
    for (const lote of activos) vistos.set(lote.id, firma(lote));
    for (const lote of activos) {
      if (cerrado) return;
      if (trabajando.has(lote.id)) continue; // its senders call again when they stop
      const ahora = now();
      if (lote.estado === 'programado') {
        const cuando = lote.programadoPara ? Date.parse(lote.programadoPara) : 0;
        if (cuando > ahora.getTime()) {
          antes(cuando);
          continue;
        }
        if (!(await lotes.cambiarEstado(lote.id, ['programado'], 'en_curso', { proceso, iniciado_at: ahora.toISOString() }))) continue;
        lote.estado = 'en_curso';
      }
      const config = await repo.configuracion(lote.campanaId);
      if (!configurada(config)) {
        await lotes.omitirRestantes(lote.id, t.llamar.errorConfiguracion);
        await lotes.terminar(lote.id, null);
        continue;
      }
      if (!dentroDeVentana(ahora, config)) {
        if (lote.estado === 'en_curso') await lotes.cambiarEstado(lote.id, ['en_curso'], 'esperando_horario');
        const abre = siguienteApertura(ahora, config);
        if (abre) antes(abre.getTime());
        else {
          // No window within a year: nothing can be sent.
          await lotes.omitirRestantes(lote.id, t.llamar.fueraDeHorarioCorto);
          await lotes.terminar(lote.id, null);
        }
        continue;
      }
      if (lote.estado === 'esperando_horario') {
        if (!(await lotes.cambiarEstado(lote.id, ['esperando_horario'], 'en_curso'))) continue;
        lote.estado = 'en_curso';
      }
      const proximo = lote.proximoIntento ? Date.parse(lote.proximoIntento) : null;
      if (lote.pendientes > 0 || (lote.reintentos > 0 && proximo !== null && proximo <= ahora.getTime())) {
        lanzar(lote, config, data);
        continue;
      }
      if (lote.enCurso > 0) continue; // claimed by senders of this process that are finishing
      if (lote.reintentos > 0 && proximo !== null) {
        // At the retry's own time, even when the window is closed by then: that look marks the batch
        // 'esperando_horario' and sleeps until the opening (waking only at the opening would leave it
        // 'en_curso' all night).
        antes(proximo);
        espera = true;
        continue;
      }
      const desde = config.reintentosMax > 1 ? new Date(ahora.getTime() - ESPERA_RESULTADO_MS).toISOString() : null;
      if (desde) {
        const primera = await lotes.primeraSinResultado(lote.id, desde);
        if (primera) {
          antes(Date.parse(primera) + ESPERA_RESULTADO_MS);
          espera = true;
          continue;
        }
      }
      // Decided again in SQL: an outcome that arrived since this look (and set a retry) keeps it open.
      if (!(await lotes.terminar(lote.id, desde))) otraVez = true;
    }
    esperaCambios = espera;
    if (!cerrado) programar(proxima);
  }

  /** The batch's senders: at most `simultaneas` at once, each claiming one item at a time. */
  function lanzar(lote: LoteFila, config: ConfiguracionLlamadas, data: DataPort) {
    const lotes = lotesRepository(data);
    const repo = llamadasRepository(data);
    const abiertos = new Set<AbortController>();
    enVuelo.set(lote.id, abiertos);
    let topeRevisado = 0;
    let topeCheck: Promise<boolean> = Promise.resolve(false);
    const topeExcedido = () => {
      const ahora = now().getTime();
      if (ahora - topeRevisado >= REVISION_TOPE_MS) {
        topeRevisado = ahora;
        topeCheck = repo.campana(lote.campanaId).then((c) => c?.estadoTope === 'excedido');
      }
      return topeCheck;
    };
    let parar = false;
    const sender = async () => {
      /** The result of the item sent last, written with the next claim (one round trip per call). */
      let anterior: ({ clienteId: number } & Envio) | null = null;
      const escribir = async (cantidad: number) => {
        const previo = anterior;
        anterior = null;
        try {
          return await lotes.siguiente(lote.id, proceso, cantidad, t.llamar.enListaNoLlamar, previo);
        } catch (error) {
          if (!cerrado) log('Llamadas masivas: resultado de un envío', error);
          return [];
        }
      };
      try {
        while (!cerrado && !parar) {
          if (!dentroDeVentana(now(), config)) return;
          if (await topeExcedido()) {
            parar = true;
            await escribir(0);
            await lotes.omitirRestantes(lote.id, t.llamar.topeAlcanzado);
            return;
          }
          const [item] = await escribir(1);
          if (!item) return;
          const ac = new AbortController();
          abiertos.add(ac);
          let r: Envio;
          try {
            r = await enviarLlamada(backend, item.cliente, config, item.clave, { signal: ac.signal, timeoutMs: lote.timeoutMs ?? undefined });
          } finally {
            abiertos.delete(ac);
          }
          if (ac.signal.aborted && r.estado === 'fallida') r = { estado: 'omitida', detalle: t.llamar.cancelada };
          anterior = { clienteId: item.clienteId, ...r };
        }
      } finally {
        // The last result (the window closed, the cap, or the api is closing) is written all the same.
        if (anterior) await escribir(0);
      }
    };
    const corrida = Promise.all(Array.from({ length: Math.max(1, lote.simultaneas) }, sender))
      .then(() => undefined)
      .catch((error: unknown) => {
        if (!cerrado) log('Llamadas masivas: envío', error);
      })
      .finally(() => {
        trabajando.delete(lote.id);
        enVuelo.delete(lote.id);
        despertar();
      });
    trabajando.set(lote.id, corrida);
  }

  // With the system port the runner starts on its own: the recovery, and scheduled batches after a restart.
  if (sistema) void Promise.resolve().then(despertar);

  return {
    proceso,
    despertar,
    alLeer(lote) {
      if (proximaVisita !== null && now().getTime() >= proximaVisita) return despertar();
      if (!lote || trabajando.has(lote.id) || !vistos.has(lote.id)) return;
      if (vistos.get(lote.id) !== firma(lote)) despertar();
    },
    conocer(data, operadorId) {
      if (sistema) return;
      const nuevo = !operador;
      operador = { data, id: operadorId };
      if (nuevo) despertar();
    },
    abortar(lote) {
      for (const ac of enVuelo.get(lote) ?? []) ac.abort();
    },
    async esperar(lote) {
      await trabajando.get(lote);
    },
    async cerrar() {
      cerrado = true;
      programar(null);
      dejarDeEscuchar?.();
      for (const set of enVuelo.values()) for (const ac of set) ac.abort();
      await Promise.allSettled([...trabajando.values(), revisando ?? Promise.resolve()]);
    },
  };
}
