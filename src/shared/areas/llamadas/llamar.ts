/**
 * Calling (part 1 §4, §5, §7; issue 15): each call is a POST from the Node side to the 'llamadaSaliente'
 * webhook with the keychain credentials. The checks of the screen are repeated here: configuration, a call
 * in progress, the minute cap, the calling window and the 'No llamar' list.
 *
 * A single call runs here and now. Bulk calls are batches in the database (lotes_llamadas), run by the
 * runner of ./lote.ts: they survive a reload, a sign-out and a restart, can be scheduled, paused, resumed
 * and cancelled, and retry per the campaign's policy.
 *
 * Every attempt carries an Idempotency-Key header (the spec's body stays exact). A timeout is 'sin
 * confirmación', not a failure: the platform may have received the request. Retrying such an attempt —
 * 'Reintentar fallidas', or calling the client again within VENTANA_REINTENTO_MS — sends the same key.
 */
import type { ApiDeps, AreaImplementation, SignedIn } from '../../operaciones/types';
import type { DataPort } from '../../ports';
import type { ConfiguracionLlamadas, EstimacionLote, LoteEstado, LoteResumen, ResultadoLoteCliente } from './contract';
import { conMensaje } from '../../operaciones/comun';
import { AppError } from '../../errors';
import { llamadasRepository, lotesRepository, ESTADOS_VIVOS, type LlamadasRepository, type LoteFila } from './repository';
import { crearCorredor, enviarLlamada } from './lote';
import { VENTANA_REINTENTO_MS, clavesDeReintento, dentroDeVentana, estimarLote, mensajeResultadoLote } from './rules';
import { llamadas } from "./texts";

export { TIMEOUT_LLAMADA_MS, cuerpoLlamada } from './lote';

const t = llamadas;

type Llamador = Pick<
  AreaImplementation<'llamadas'>,
  | 'llamar'
  | 'llamarLote'
  | 'estadoLote'
  | 'pausarLote'
  | 'reanudarLote'
  | 'cancelarLote'
  | 'reintentarFallidas'
  | 'lotes'
  | 'intentosLote'
  | 'estimarLote'
>;

const nuevaClave = () => globalThis.crypto.randomUUID();
const CORRIENDO = new Set<string>(['programado', 'en_curso', 'pausado', 'esperando_horario']);

/** A batch's row and items as the contract's LoteEstado (JobState-compatible). */
function aEstado(l: LoteFila, items: ResultadoLoteCliente[]): LoteEstado {
  const status = CORRIENDO.has(l.estado) ? 'running' : l.estado === 'cancelado' ? 'cancelled' : l.estado === 'terminado' ? 'done' : 'failed';
  const resumen = { exitosas: l.ok, fallidas: l.failed, sinConfirmacion: l.sinConfirmacion };
  const message =
    l.estado === 'terminado'
      ? mensajeResultadoLote(resumen)
      : l.estado === 'cancelado'
        ? `${t.lote.cancelado} ${mensajeResultadoLote(resumen)}`
        : l.estado === 'interrumpido'
          ? t.lote.interrumpido(l.done + l.enCurso, l.pendientes + l.reintentos)
          : l.estado === 'esperando_horario'
            ? t.lote.esperandoHorario
            : l.estado === 'en_curso' && l.pendientes + l.enCurso === 0 && l.reintentos === 0 && l.done === l.total
              ? t.lote.esperandoResultados
              : t.lote.progreso(l.done, l.total);
  return {
    id: l.id,
    kind: 'llamadas',
    status,
    done: l.done,
    total: l.total,
    ok: l.ok,
    failed: l.failed,
    message,
    startedAt: l.iniciadoAt ?? l.creadoAt,
    ...(l.terminadoAt ? { finishedAt: l.terminadoAt } : {}),
    campanaId: l.campanaId,
    pausado: l.estado === 'pausado',
    omitidas: l.omitidas,
    sinConfirmacion: l.sinConfirmacion,
    resultados: items,
    estado: l.estado,
    programadoPara: l.programadoPara,
    reintentos: l.reintentos,
    proximoIntento: l.proximoIntento,
    estimado: l.estimado,
  };
}

function aResumen(l: LoteFila): LoteResumen {
  return {
    id: l.id,
    campanaId: l.campanaId,
    estado: l.estado,
    programadoPara: l.programadoPara,
    creadoAt: l.creadoAt,
    iniciadoAt: l.iniciadoAt,
    terminadoAt: l.terminadoAt,
    total: l.total,
    done: l.done,
    ok: l.ok,
    failed: l.failed,
    omitidas: l.omitidas,
    sinConfirmacion: l.sinConfirmacion,
    reintentos: l.reintentos,
    operadorNombre: l.operadorNombre,
  };
}

/** The calling operations of the contract, with the state they share (single calls in progress, the runner). */
export function crearLlamador({ backend, log, alCerrar }: ApiDeps): Llamador {
  /** Operators with a single call in progress. */
  const enCurso = new Set<string>();
  const corredor = crearCorredor(backend, log);
  alCerrar(() => corredor.cerrar());
  const now = () => (backend.now ? backend.now() : new Date());

  async function configuracionLista(repo: LlamadasRepository, campanaId: number): Promise<ConfiguracionLlamadas> {
    const config = await repo.configuracion(campanaId);
    if (!config || !config.agentid.trim() || !config.agentphonenumberid.trim()) {
      throw new AppError('config', t.llamar.errorConfiguracion, { detalle: t.llamar.errorConfiguracionDetalle });
    }
    return config;
  }

  async function comprobarTope(repo: LlamadasRepository, campanaId: number) {
    const campana = await repo.campana(campanaId);
    if (!campana) throw new AppError('not_found', t.campanas.noExiste);
    if (campana.estadoTope === 'excedido') throw new AppError('conflict', t.llamar.limiteExcedido, { detalle: t.llamar.limiteExcedidoDetalle });
  }

  /** A single call of the operator, or one of his batches sending now, keeps calling locked. */
  async function comprobarLibre(data: DataPort, operadorId: string) {
    if (enCurso.has(operadorId) || (await lotesRepository(data).enCursoDe(operadorId))) throw new AppError('conflict', t.llamar.enProgreso);
  }

  /** Keys to resend: each client's unconfirmed latest attempt within the retry window. */
  async function clavesRecientes(repo: LlamadasRepository, clienteIds: number[]): Promise<Map<number, string>> {
    const desde = new Date(now().getTime() - VENTANA_REINTENTO_MS).toISOString();
    return clavesDeReintento(await repo.intentosDesde(clienteIds, desde));
  }

  async function estadoDe(data: DataPort, id: string): Promise<LoteEstado> {
    const leido = await conMensaje(t.lote.noDisponible, () => lotesRepository(data).conItems(id), log);
    if (!leido) throw new AppError('not_found', t.llamar.loteNoEncontrado);
    corredor.alLeer(leido.lote);
    return aEstado(leido.lote, leido.items);
  }

  async function estimar(data: DataPort, campanaId: number, clienteIds: number[]): Promise<EstimacionLote> {
    return estimarLote(await lotesRepository(data).estimar(campanaId, clienteIds));
  }

  async function crearLote(
    { session, data }: SignedIn,
    campanaId: number,
    clienteIds: number[],
    options: { simultaneas?: number; timeoutMs?: number; claves?: Map<number, string>; programadoPara?: string },
  ): Promise<LoteEstado> {
    const repo = llamadasRepository(data);
    const config = await configuracionLista(repo, campanaId);
    const programado = options.programadoPara && Date.parse(options.programadoPara) > now().getTime() ? new Date(options.programadoPara).toISOString() : null;
    if (!programado) await comprobarLibre(data, session.operator.id);
    await comprobarTope(repo, campanaId);
    const ids = [...new Set(clienteIds)];
    if (ids.length === 0) throw new AppError('validation', t.llamar.sinSeleccion, { detalle: t.llamar.sinSeleccionDetalle });
    const encontrados = (await repo.clientes(ids)).filter((c) => c.campanaId === campanaId);
    if (encontrados.length === 0) throw new AppError('validation', t.llamar.sinSeleccion, { detalle: t.llamar.sinSeleccionDetalle });
    const validos = new Set(encontrados.map((c) => c.id));
    const orden = ids.filter((id) => validos.has(id));
    // A retried attempt keeps its key (explicit retry first, then a recent unconfirmed attempt); the rest get new ones.
    const claves = await clavesRecientes(repo, orden);
    for (const [clienteId, clave] of options.claves ?? []) claves.set(clienteId, clave);
    const estimado = await estimar(data, campanaId, orden);
    corredor.conocer(data, session.operator.id);
    const id = await conMensaje(
      t.llamar.errorCrearLote,
      () =>
        lotesRepository(data).crear({
          campanaId,
          clienteIds: orden,
          claves,
          programadoPara: programado,
          simultaneas: options.simultaneas ?? config.maxSimultaneas,
          timeoutMs: options.timeoutMs ?? null,
          proceso: corredor.proceso,
          estimado,
        }),
      log,
    );
    corredor.despertar();
    return estadoDe(data, id);
  }

  return {
    /** `sinConfirmacion` is set when the platform did not answer in time: the call may have started. */
    async llamar(input, { session, data }) {
      const repo = llamadasRepository(data);
      const cliente = await repo.cliente(input.clienteId);
      if (!cliente) throw new AppError('not_found', t.clientes.noExiste);
      const config = await configuracionLista(repo, cliente.campanaId);
      await comprobarLibre(data, session.operator.id);
      await comprobarTope(repo, cliente.campanaId);
      if (!dentroDeVentana(now(), config)) {
        throw new AppError(
          'conflict',
          config.horarioSemanal || config.diasSinLlamadas.length > 0 ? t.llamar.fueraDeVentana : t.llamar.fueraDeHorario(config.horaInicio, config.horaFin, config.zonaHoraria),
        );
      }
      const nombre = `${cliente.nombre} ${cliente.apellido}`.trim();
      // The flag and the shared list are one truth (kept in step by the database).
      if (cliente.noLlamar) throw new AppError('conflict', t.llamar.noLlamar(nombre));
      enCurso.add(session.operator.id);
      try {
        const clave = (await clavesRecientes(repo, [cliente.id])).get(cliente.id) ?? nuevaClave();
        // The attempt is written BEFORE its request goes out (as a batch claims its item first): the platform may
        // report the outcome with this attempt's id (X-Consola-Intento) before the request has even answered, and
        // a process that dies meanwhile leaves it 'sin confirmación', which is what it is.
        const intento = { lote: null, campanaId: cliente.campanaId, clienteId: cliente.id, telefono: cliente.telefono, nombre, clave };
        const id = await repo.registrarIntento({ ...intento, resultado: 'sin_confirmacion', detalle: t.llamar.sinConfirmacionDetalle }).catch(() => null);
        const result = await enviarLlamada(backend, cliente, config, clave, { timeoutMs: input.timeoutMs });
        const cierre = { resultado: result.estado, detalle: result.detalle, httpStatus: result.httpStatus };
        await (id !== null ? repo.cerrarIntento(id, cierre) : repo.registrarIntento({ ...intento, ...cierre, clave: result.clave })).catch(() => undefined);
        if (result.estado === 'sin_confirmacion') return { mensaje: t.llamar.sinConfirmacionCliente(nombre), sinConfirmacion: true };
        if (result.estado !== 'exitosa') throw new AppError('unavailable', t.llamar.errorIniciar, { detalle: result.detalle });
        return { mensaje: t.llamar.iniciada(nombre) };
      } finally {
        enCurso.delete(session.operator.id);
      }
    },

    async llamarLote(input, ctx) {
      return crearLote(ctx, input.campanaId, input.clienteIds, input);
    },

    async estadoLote(input, { session, data }) {
      corredor.conocer(data, session.operator.id);
      return estadoDe(data, input.id);
    },
    async pausarLote(input, { session, data }) {
      corredor.conocer(data, session.operator.id);
      await lotesRepository(data).cambiarEstado(input.id, ['programado', 'en_curso', 'esperando_horario'], 'pausado');
      return estadoDe(data, input.id);
    },
    async reanudarLote(input, { session, data }) {
      corredor.conocer(data, session.operator.id);
      const lotes = lotesRepository(data);
      const lote = await lotes.lote(input.id);
      if (!lote) throw new AppError('not_found', t.llamar.loteNoEncontrado);
      if (lote.estado === 'pausado' || lote.estado === 'interrumpido') {
        const programado = lote.programadoPara && Date.parse(lote.programadoPara) > now().getTime() && !lote.iniciadoAt;
        if (!programado) await comprobarLibre(data, session.operator.id);
        await lotes.cambiarEstado(input.id, ['pausado', 'interrumpido'], programado ? 'programado' : 'en_curso', { proceso: corredor.proceso });
        corredor.despertar();
      } else if (!CORRIENDO.has(lote.estado)) {
        throw new AppError('conflict', t.llamar.loteTerminado);
      }
      return estadoDe(data, input.id);
    },
    async cancelarLote(input, { session, data }) {
      corredor.conocer(data, session.operator.id);
      const cancelado = await lotesRepository(data).cambiarEstado(input.id, ESTADOS_VIVOS, 'cancelado', { terminado_at: now().toISOString() });
      if (cancelado) {
        // The requests in flight may have reached the platform: each is written as sin confirmación.
        corredor.abortar(input.id);
        await corredor.esperar(input.id);
      }
      return estadoDe(data, input.id);
    },

    async reintentarFallidas(input, ctx) {
      const lotes = lotesRepository(ctx.data);
      const lote = await lotes.lote(input.id);
      if (!lote) throw new AppError('not_found', t.llamar.loteNoEncontrado);
      const fallidas = (await lotes.items(input.id)).filter((i) => i.estado === 'fallida' || i.estado === 'sin_confirmacion');
      if (fallidas.length === 0) throw new AppError('validation', t.llamar.sinFallidas);
      // The same attempts again: each keeps the key it was last sent with.
      const claves = new Map(fallidas.filter((f) => f.clave).map((f) => [f.clienteId, f.clave!] as const));
      return crearLote(
        ctx,
        lote.campanaId,
        fallidas.map((f) => f.clienteId),
        { timeoutMs: input.timeoutMs, claves, simultaneas: lote.simultaneas },
      );
    },

    async lotes(input, { session, data }) {
      corredor.conocer(data, session.operator.id);
      const lotes = await conMensaje(t.llamar.errorCargarLotes, () => lotesRepository(data).deCampana(input.campanaId), log);
      corredor.alLeer();
      for (const l of lotes) corredor.alLeer(l);
      return lotes.map(aResumen);
    },
    async intentosLote(input, { data }) {
      const lotes = lotesRepository(data);
      if (!(await conMensaje(t.llamar.errorCargarLotes, () => lotes.lote(input.id), log))) throw new AppError('not_found', t.llamar.loteNoEncontrado);
      return conMensaje(t.llamar.errorCargarLotes, () => lotes.intentos(input.id), log);
    },
    async estimarLote(input, { data }) {
      const repo = llamadasRepository(data);
      if (!(await repo.campana(input.campanaId))) throw new AppError('not_found', t.campanas.noExiste);
      return conMensaje(t.llamar.errorCargarLotes, () => estimar(data, input.campanaId, [...new Set(input.clienteIds)]), log);
    },
  };
}
