/**
 * Calling (part 1 §4, §5, §7): each call is a POST from the Node side to the 'llamadaSaliente' webhook with
 * the keychain credentials. The checks of the screen are repeated here: configuration, a call in progress,
 * the minute cap, the calling window and the 'No llamar' flag. Bulk calls run as a job (progress, pause,
 * cancel) with at most the campaign's number of requests at once; every attempt is recorded.
 *
 * Every attempt carries an Idempotency-Key header (the spec's body stays exact). A timeout is 'sin
 * confirmación', not a failure: the platform may have received the request. Retrying such an attempt —
 * 'Reintentar fallidas', or calling the client again within VENTANA_REINTENTO_MS — sends the same key.
 */
import type { ApiDeps, AreaImplementation } from '../../api/types';
import type { AuthSession } from '../../ports';
import type { Cliente, ConfiguracionLlamadas, LoteEstado, ResultadoLoteCliente } from './contract';
import { AppError } from '../../errors';
import { esTiempoAgotado } from '../../ports/webhooks';
import { es } from '../../i18n/es';
import { llamadasRepository, type LlamadasRepository } from './repository';
import { Compuerta, ejecutarLote, type Resultado } from './lote';
import { CABECERA_IDEMPOTENCIA, VENTANA_REINTENTO_MS, clavesDeReintento, dentroDeHorario, mensajeResultadoLote } from './rules';

const t = es.llamadas;
export const TIMEOUT_LLAMADA_MS = 15_000;
const MAX_LOTES_GUARDADOS = 50;

interface Lote {
  owner: string;
  campanaId: number;
  compuerta: Compuerta;
  resultados: ResultadoLoteCliente[];
  omitidas: number;
  sinConfirmacion: number;
}

/** What one POST gave: the outcome, and the key it went out with (none when nothing was sent). */
type Envio = Resultado & { httpStatus?: number; clave?: string };

const nuevaClave = () => globalThis.crypto.randomUUID();

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

/** The calling operations of the contract, with the state they share (calls in progress, runs). */
export function crearLlamador({ backend, jobs }: ApiDeps): Pick<
  AreaImplementation<'llamadas'>,
  'llamar' | 'llamarLote' | 'estadoLote' | 'pausarLote' | 'reanudarLote' | 'cancelarLote' | 'reintentarFallidas'
> {
  /** Operators with a call (single or bulk) in progress. */
  const enCurso = new Set<string>();
  const lotes = new Map<string, Lote>();
  const now = () => (backend.now ? backend.now() : new Date());

  /** The checks every call needs, in the order of part 1 §5. Throws the dialog's message. */
  async function comprobar(repo: LlamadasRepository, session: AuthSession, campanaId: number): Promise<ConfiguracionLlamadas> {
    const config = await repo.configuracion(campanaId);
    if (!config || !config.agentid.trim() || !config.agentphonenumberid.trim()) {
      throw new AppError('config', t.llamar.errorConfiguracion, { detalle: t.llamar.errorConfiguracionDetalle });
    }
    if (enCurso.has(session.operator.id)) throw new AppError('conflict', t.llamar.enProgreso);
    await comprobarTope(repo, campanaId);
    if (!dentroDeHorario(now(), config.horaInicio, config.horaFin, config.zonaHoraria)) {
      throw new AppError('conflict', t.llamar.fueraDeHorario(config.horaInicio, config.horaFin, config.zonaHoraria));
    }
    return config;
  }

  async function comprobarTope(repo: LlamadasRepository, campanaId: number) {
    const campana = await repo.campana(campanaId);
    if (!campana) throw new AppError('not_found', t.campanas.noExiste);
    if (campana.estadoTope === 'excedido') throw new AppError('conflict', t.llamar.limiteExcedido, { detalle: t.llamar.limiteExcedidoDetalle });
  }

  /** One POST with its idempotency key; never throws: the outcome says what happened. */
  async function enviar(cliente: Cliente, config: ConfiguracionLlamadas, clave: string, options: { signal?: AbortSignal; timeoutMs?: number }): Promise<Envio> {
    if (!backend.webhooks) return { estado: 'fallida', detalle: es.conexion.webhookSinConfigurar(es.conexion.nombres.llamadaSaliente) };
    if (options.signal?.aborted) return { estado: 'omitida', detalle: t.llamar.cancelada };
    try {
      const res = await backend.webhooks.post('llamadaSaliente', cuerpoLlamada(cliente, config), {
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? TIMEOUT_LLAMADA_MS,
        headers: { [CABECERA_IDEMPOTENCIA]: clave },
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

  /** Keys to resend: each client's unconfirmed latest attempt within the retry window. */
  async function clavesRecientes(repo: LlamadasRepository, clienteIds: number[]): Promise<Map<number, string>> {
    const desde = new Date(now().getTime() - VENTANA_REINTENTO_MS).toISOString();
    return clavesDeReintento(await repo.intentosDesde(clienteIds, desde));
  }

  function estadoDe(id: string, owner: string): LoteEstado {
    const lote = lotes.get(id);
    if (!lote || lote.owner !== owner) throw new AppError('not_found', t.llamar.loteNoEncontrado);
    const job = jobs.get(id, owner);
    return {
      ...job,
      campanaId: lote.campanaId,
      pausado: lote.compuerta.pausada && job.status === 'running',
      omitidas: lote.omitidas,
      sinConfirmacion: lote.sinConfirmacion,
      resultados: lote.resultados.map((r) => ({ ...r })),
      estado: job.status === 'running' ? (lote.compuerta.pausada ? 'pausado' : 'en_curso') : job.status === 'cancelled' ? 'cancelado' : 'terminado',
      programadoPara: null,
      reintentos: 0,
      proximoIntento: null,
      estimado: null,
    };
  }

  function podar() {
    if (lotes.size < MAX_LOTES_GUARDADOS) return;
    for (const [id, lote] of lotes) {
      let vivo = false;
      try {
        vivo = jobs.get(id, lote.owner).status === 'running';
      } catch {
        vivo = false;
      }
      if (!vivo) lotes.delete(id);
      if (lotes.size < MAX_LOTES_GUARDADOS) break;
    }
  }

  async function iniciarLote(
    session: AuthSession,
    repo: LlamadasRepository,
    campanaId: number,
    clienteIds: number[],
    options: { simultaneas?: number; timeoutMs?: number; claves?: Map<number, string> },
  ): Promise<LoteEstado> {
    const config = await comprobar(repo, session, campanaId);
    const ids = [...new Set(clienteIds)];
    if (ids.length === 0) throw new AppError('validation', t.llamar.sinSeleccion, { detalle: t.llamar.sinSeleccionDetalle });
    const encontrados = await repo.clientes(ids);
    const porId = new Map(encontrados.filter((c) => c.campanaId === campanaId).map((c) => [c.id, c]));
    const clientes = ids.map((id) => porId.get(id)).filter((c): c is Cliente => Boolean(c));
    if (clientes.length === 0) throw new AppError('validation', t.llamar.sinSeleccion, { detalle: t.llamar.sinSeleccionDetalle });

    const owner = session.operator.id;
    const lote: Lote = {
      owner,
      campanaId,
      compuerta: new Compuerta(),
      resultados: clientes.map((c) => ({ clienteId: c.id, nombre: `${c.nombre} ${c.apellido}`.trim(), telefono: c.telefono, estado: 'pendiente', intentos: 0, resultadoLlamada: null })),
      omitidas: 0,
      sinConfirmacion: 0,
    };
    // A retried attempt keeps its key (explicit retry first, then a recent unconfirmed attempt); the rest get new ones.
    const claves = await clavesRecientes(repo, clientes.map((c) => c.id));
    for (const [clienteId, clave] of options.claves ?? []) claves.set(clienteId, clave);
    const concurrency = options.simultaneas ?? config.maxSimultaneas;
    // The cap is checked again during the run, at most once a second (not once per request).
    let topeRevisado = 0;
    let topeCheck: Promise<void> = Promise.resolve();
    const revisarTope = () => {
      const ahora = Date.now();
      if (ahora - topeRevisado >= 1000) {
        topeRevisado = ahora;
        topeCheck = comprobarTope(repo, campanaId);
      }
      return topeCheck;
    };
    enCurso.add(owner);
    let loteId = '';
    podar();
    const job = jobs.start('llamadas', owner, clientes.length, async (jobCtx) => {
      // The job id is known once start() returns; the first await below comes after that.
      await Promise.resolve();
      let done = 0;
      let ok = 0;
      let failed = 0;
      try {
        const resumen = await ejecutarLote(clientes, {
          concurrency,
          signal: jobCtx.signal,
          compuerta: lote.compuerta,
          onStart: (_c, i) => {
            lote.resultados[i]!.estado = 'en_curso';
          },
          send: async (cliente) => {
            let result: Envio;
            if (cliente.noLlamar) result = { estado: 'omitida', detalle: t.llamar.clienteOmitidoNoLlamar };
            else if (!dentroDeHorario(now(), config.horaInicio, config.horaFin, config.zonaHoraria)) result = { estado: 'omitida', detalle: t.llamar.fueraDeHorarioCorto };
            else {
              try {
                await revisarTope();
                result = await enviar(cliente, config, claves.get(cliente.id) ?? nuevaClave(), { signal: jobCtx.signal, timeoutMs: options.timeoutMs });
              } catch (error) {
                result = { estado: 'fallida', detalle: AppError.is(error) ? error.message : t.llamar.errorIniciar };
              }
            }
            if (jobCtx.signal.aborted && result.estado === 'fallida') result = { estado: 'omitida', detalle: t.llamar.cancelada };
            await repo
              .registrarIntento({
                lote: loteId,
                campanaId,
                clienteId: cliente.id,
                telefono: cliente.telefono,
                nombre: `${cliente.nombre} ${cliente.apellido}`.trim(),
                resultado: result.estado,
                detalle: result.detalle,
                httpStatus: result.httpStatus,
                clave: result.clave,
              })
              .catch(() => undefined);
            return result;
          },
          onResult: (_c, i, result) => {
            lote.resultados[i] = { ...lote.resultados[i]!, estado: result.estado, detalle: result.detalle };
            done += 1;
            if (result.estado === 'exitosa') ok += 1;
            else if (result.estado === 'fallida') failed += 1;
            else if (result.estado === 'sin_confirmacion') lote.sinConfirmacion += 1;
            else lote.omitidas += 1;
            jobCtx.progress({ done, ok, failed, message: t.lote.progreso(done, clientes.length) });
          },
        });
        jobCtx.progress({ message: mensajeResultadoLote(resumen) });
        return resumen;
      } finally {
        enCurso.delete(owner);
      }
    });
    loteId = job.id;
    lotes.set(job.id, lote);
    return estadoDe(job.id, owner);
  }

  return {
    /** `sinConfirmacion` is set when the platform did not answer in time: the call may have started. */
    async llamar(input, { session, data }) {
      const repo = llamadasRepository(data);
      const cliente = await repo.cliente(input.clienteId);
      if (!cliente) throw new AppError('not_found', t.clientes.noExiste);
      const config = await comprobar(repo, session, cliente.campanaId);
      const nombre = `${cliente.nombre} ${cliente.apellido}`.trim();
      if (cliente.noLlamar) throw new AppError('conflict', t.llamar.noLlamar(nombre));
      enCurso.add(session.operator.id);
      try {
        const clave = (await clavesRecientes(repo, [cliente.id])).get(cliente.id) ?? nuevaClave();
        const result = await enviar(cliente, config, clave, { timeoutMs: input.timeoutMs });
        await repo
          .registrarIntento({
            lote: null,
            campanaId: cliente.campanaId,
            clienteId: cliente.id,
            telefono: cliente.telefono,
            nombre,
            resultado: result.estado,
            detalle: result.detalle,
            httpStatus: result.httpStatus,
            clave: result.clave,
          })
          .catch(() => undefined);
        if (result.estado === 'sin_confirmacion') return { mensaje: t.llamar.sinConfirmacionCliente(nombre), sinConfirmacion: true };
        if (result.estado !== 'exitosa') throw new AppError('unavailable', t.llamar.errorIniciar, { detalle: result.detalle });
        return { mensaje: t.llamar.iniciada(nombre) };
      } finally {
        enCurso.delete(session.operator.id);
      }
    },

    async llamarLote(input, { session, data }) {
      return iniciarLote(session, llamadasRepository(data), input.campanaId, input.clienteIds, input);
    },

    async estadoLote(input, { session }) {
      return estadoDe(input.id, session.operator.id);
    },
    async pausarLote(input, { session }) {
      estadoDe(input.id, session.operator.id);
      lotes.get(input.id)!.compuerta.pausar();
      return estadoDe(input.id, session.operator.id);
    },
    async reanudarLote(input, { session }) {
      estadoDe(input.id, session.operator.id);
      lotes.get(input.id)!.compuerta.reanudar();
      return estadoDe(input.id, session.operator.id);
    },
    async cancelarLote(input, { session }) {
      estadoDe(input.id, session.operator.id);
      jobs.cancel(input.id, session.operator.id);
      return estadoDe(input.id, session.operator.id);
    },

    async reintentarFallidas(input, { session, data }) {
      const repo = llamadasRepository(data);
      const fallidas = await repo.fallidasDeLote(input.id);
      if (fallidas.length === 0) throw new AppError('validation', t.llamar.sinFallidas);
      const campanaId = fallidas[0]!.campanaId;
      // The same attempts again: each keeps the key it was first sent with.
      const claves = new Map(fallidas.filter((f) => f.clave).map((f) => [f.clienteId, f.clave!] as const));
      return iniciarLote(session, repo, campanaId, fallidas.map((f) => f.clienteId), { timeoutMs: input.timeoutMs, claves });
    },
  };
}
