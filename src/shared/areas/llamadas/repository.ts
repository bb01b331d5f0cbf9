/** Reads and writes of the call-campaign area, once, against the data port. bigint ids normalised here. */
import type { DataPort } from '../../ports';
import type {
  Campana,
  Cliente,
  ClienteFila,
  ConfiguracionLlamadas,
  EstadisticasCampana,
  LlamadaRegistro,
  EstadoLote,
  EstimacionLote,
  FilaNoLlamar,
  IntentoLote,
  PaginaNoLlamar,
  ResultadoIntento,
  ResultadoLoteCliente,
  ResultadoReintentable,
} from './contract';
import { AppError } from '../../errors';
import { instante, numero, numeroONulo, texto, textoVacioONulo } from '../../operaciones/filas';
import { RESULTADOS_REINTENTABLES } from './contract';
import { estadoTope, normalizarId, telefonoNormalizado, type EstadoTope, type GrupoDiaEstado, type IntentoPrevio } from './rules';
import { CAMPOS_CLIENTE, CAMPOS_OPCIONALES, valorColumna, type CampoCliente, type DatosCliente, type FilaImportacion } from './cliente';

type Row = Record<string, unknown>;

const hhmm = (v: unknown, fallback: string) => (typeof v === 'string' && /^\d{2}:\d{2}/.test(v) ? v.slice(0, 5) : fallback);

export function toCampana(r: Row): Campana {
  const minutos = numero(r.minutos);
  const consumidos = numero(r.minutos_consumidos);
  return {
    id: normalizarId(r.campana_id ?? r.id),
    nombre: texto(r.nombre),
    minutos,
    minutosConsumidos: consumidos,
    costoTotal: numero(r.costo_total),
    estadoTope: (r.estado_tope as EstadoTope | undefined) ?? estadoTope(consumidos, minutos),
  };
}

/** The database column of a client-row field (cliente.ts): the same name in snake_case ('codigoPostal' → 'codigo_postal'). */
const columnaBd = (campo: CampoCliente) => campo.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);
const OPCIONAL = new Set<CampoCliente>(CAMPOS_OPCIONALES);

export function toCliente(r: Row): Cliente {
  const datos = Object.fromEntries(CAMPOS_CLIENTE.map((c) => [c, OPCIONAL.has(c) ? textoVacioONulo(r[columnaBd(c)]) : texto(r[columnaBd(c)])])) as DatosCliente;
  return { id: normalizarId(r.id), ...datos, campanaId: normalizarId(r.campana_id), noLlamar: r.no_llamar === true };
}

/**
 * A client's row to write: every column cleaned and normalised like an imported cell, an empty optional one
 * as null. An optional column the input leaves out is not written (null on a new client, kept on an edit),
 * as with noLlamar: a screen that does not show a column does not erase it.
 */
function filaCliente(c: Partial<Record<CampoCliente, string | null>> & { campanaId: number; noLlamar?: boolean }): Row {
  const row: Row = {};
  for (const k of CAMPOS_CLIENTE) {
    if (!OPCIONAL.has(k)) row[columnaBd(k)] = valorColumna(k, c[k]);
    else if (c[k] !== undefined) row[columnaBd(k)] = valorColumna(k, c[k]) || null;
  }
  row.campana_id = c.campanaId;
  if (c.noLlamar !== undefined) row.no_llamar = c.noLlamar;
  return row;
}

/** The policy fields are optional: one left out is not written (the table's default on insert, kept on update). */
type ValoresConfiguracion = Omit<ConfiguracionLlamadas, 'id' | 'campanaId' | (typeof POLITICA)[number]> &
  Partial<Pick<ConfiguracionLlamadas, (typeof POLITICA)[number]>>;
const POLITICA = ['horarioSemanal', 'diasSinLlamadas', 'reintentosMax', 'reintentoMinutos', 'reintentarResultados'] as const;
const COLUMNA_POLITICA: Record<(typeof POLITICA)[number], string> = {
  horarioSemanal: 'horario_semanal',
  diasSinLlamadas: 'dias_sin_llamadas',
  reintentosMax: 'reintentos_max',
  reintentoMinutos: 'reintento_minutos',
  reintentarResultados: 'reintentar_resultados',
};

function filaConfiguracion(v: ValoresConfiguracion): Row {
  const row: Row = {
    agentid: v.agentid,
    agentphonenumberid: v.agentphonenumberid,
    prompt: v.prompt,
    hora_inicio: v.horaInicio,
    hora_fin: v.horaFin,
    zona_horaria: v.zonaHoraria,
    max_simultaneas: v.maxSimultaneas,
  };
  for (const k of POLITICA) if (v[k] !== undefined) row[COLUMNA_POLITICA[k]] = v[k];
  return row;
}

const RESULTADOS_REINTENTO = new Set<string>(RESULTADOS_REINTENTABLES);
const jsonArray = (v: unknown): unknown[] | null => {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') {
    try {
      const parsed: unknown = JSON.parse(v);
      return Array.isArray(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  return null;
};

/** A client's calls as both client lists read them (the operators' and the company portal's). */
export function llamadasDelCliente(r: Row): Pick<ClienteFila, 'ultimoEstado' | 'ultimaLlamada' | 'llamadas'> {
  return {
    // '' = the latest call has no status (badge 'En proceso'); null = no calls ('Sin llamadas').
    ultimoEstado: numero(r.llamadas) > 0 ? texto(r.ultimo_estado) : null,
    ultimaLlamada: instante(r.ultima_llamada),
    llamadas: numero(r.llamadas),
  };
}

function toClienteFila(r: Row): ClienteFila {
  return { ...toCliente(r), ...llamadasDelCliente(r) };
}

function toConfiguracion(r: Row): ConfiguracionLlamadas {
  return {
    id: normalizarId(r.id),
    campanaId: normalizarId(r.campana_id),
    agentid: texto(r.agentid),
    agentphonenumberid: texto(r.agentphonenumberid),
    prompt: texto(r.prompt),
    horaInicio: hhmm(r.hora_inicio, '08:00'),
    horaFin: hhmm(r.hora_fin, '20:00'),
    zonaHoraria: texto(r.zona_horaria) || 'America/Bogota',
    maxSimultaneas: Math.min(5, Math.max(1, numero(r.max_simultaneas) || 1)),
    horarioSemanal:
      jsonArray(r.horario_semanal)?.map((f) => {
        const o = f as Row;
        return { dia: numero(o.dia), inicio: hhmm(o.inicio, '08:00'), fin: hhmm(o.fin, '20:00') };
      }) ?? null,
    diasSinLlamadas: (jsonArray(r.dias_sin_llamadas) ?? []).map(texto),
    reintentosMax: Math.min(10, Math.max(1, numero(r.reintentos_max) || 1)),
    reintentoMinutos: Math.min(1440, Math.max(1, numero(r.reintento_minutos) || 30)),
    reintentarResultados: (jsonArray(r.reintentar_resultados) ?? [...RESULTADOS_REINTENTABLES]).filter((x): x is ResultadoReintentable =>
      RESULTADOS_REINTENTO.has(String(x)),
    ),
  };
}

function toLlamada(r: Row): LlamadaRegistro {
  return {
    id: normalizarId(r.id),
    createdAt: instante(r.created_at),
    agentId: textoVacioONulo(r.agent_id),
    phone: textoVacioONulo(r.phone),
    campana: r.campana === null || r.campana === undefined ? null : normalizarId(r.campana),
    campanaNombre: textoVacioONulo(r.campana_nombre),
    conversationId: textoVacioONulo(r.conversation_id),
    status: textoVacioONulo(r.status),
    resultado: textoVacioONulo(r.resultado),
    summary: textoVacioONulo(r.summary),
    costo: r.costo === null || r.costo === undefined ? null : numero(r.costo),
    duracionSeg: r.duration_call_seg === null || r.duration_call_seg === undefined ? null : numero(r.duration_call_seg),
    transcript: r.transcript ?? null,
    tieneAudio: r.tiene_audio === true,
  };
}

const CLIENTE_COLS = ['id', ...CAMPOS_CLIENTE.map(columnaBd), 'campana_id', 'no_llamar'];

async function scalar<T>(data: DataPort, fn: string, args: Record<string, unknown>): Promise<T> {
  const res = await data.run<{ value: T }>({ kind: 'rpc', fn, args });
  return res.rows[0]?.value as T;
}

/** The first row of `table` whose `column` equals `value` (undefined when there is none): `columns`, or all. */
async function filaDonde(data: DataPort, table: string, column: string, value: unknown, columns?: string[]): Promise<Row | undefined> {
  const res = await data.run<Row>({ kind: 'select', table, columns, filters: [{ column, op: 'eq', value }], limit: 1 });
  return res.rows[0];
}

export function llamadasRepository(data: DataPort) {
  return {
    async campanas(): Promise<Campana[]> {
      const res = await data.run<Row>({ kind: 'select', table: 'consumo_campanas', order: [{ column: 'nombre' }, { column: 'campana_id' }] });
      return res.rows.map(toCampana);
    },
    async campana(id: number): Promise<Campana | null> {
      const fila = await filaDonde(data, 'consumo_campanas', 'campana_id', id);
      return fila ? toCampana(fila) : null;
    },
    async crearCampana(nombre: string, minutos: number): Promise<number> {
      const res = await data.run<Row>({ kind: 'insert', table: 'campanas', rows: [{ nombre, minutos }], returning: ['id'] });
      return normalizarId(res.rows[0]?.id);
    },
    async actualizarCampana(id: number, values: { nombre: string; minutos?: number }): Promise<boolean> {
      const res = await data.run<Row>({ kind: 'update', table: 'campanas', values, filters: [{ column: 'id', op: 'eq', value: id }], returning: ['id'] });
      return res.rows.length > 0;
    },

    async clientesPagina(campanaId: number, f: { nombre?: string; email?: string; telefono?: string; empresa?: string }, desde: number, cantidad: number) {
      const value = await scalar<{ total: unknown; filas: Row[] }>(data, 'llamadas_clientes_pagina', {
        p_campana: campanaId,
        p_nombre: f.nombre ?? null,
        p_email: f.email ?? null,
        p_telefono: f.telefono ?? null,
        p_empresa: f.empresa ?? null,
        p_desde: desde,
        p_cantidad: cantidad,
      });
      return { total: numero(value?.total), filas: (value?.filas ?? []).map(toClienteFila) };
    },
    async estadisticas(campanaId: number): Promise<EstadisticasCampana | null> {
      const v = await scalar<Row | null>(data, 'llamadas_estadisticas', { p_campana: campanaId });
      if (!v || v.campana_id === null || v.campana_id === undefined) return null;
      const minutos = numero(v.minutos);
      const consumidos = numero(v.minutos_consumidos);
      return {
        campanaId: normalizarId(v.campana_id),
        minutos,
        totalClientes: numero(v.total_clientes),
        atendidos: numero(v.atendidos),
        pendientes: numero(v.pendientes),
        conLlamadas: numero(v.con_llamadas),
        noLlamar: numero(v.no_llamar),
        totalLlamadas: numero(v.total_llamadas),
        llamadasDone: numero(v.llamadas_done),
        segundos: numero(v.segundos),
        minutosConsumidos: consumidos,
        costoTotal: numero(v.costo_total),
        estadoTope: (v.estado_tope as EstadoTope | undefined) ?? estadoTope(consumidos, minutos),
      };
    },
    async cliente(id: number): Promise<Cliente | null> {
      const fila = await filaDonde(data, 'clientes', 'id', id, CLIENTE_COLS);
      return fila ? toCliente(fila) : null;
    },
    async clientes(ids: number[]): Promise<Cliente[]> {
      const out: Cliente[] = [];
      for (let i = 0; i < ids.length; i += 1000) {
        const res = await data.run<Row>({ kind: 'select', table: 'clientes', columns: CLIENTE_COLS, filters: [{ column: 'id', op: 'in', value: ids.slice(i, i + 1000) }] });
        out.push(...res.rows.map(toCliente));
      }
      return out;
    },
    async crearCliente(cliente: Parameters<typeof filaCliente>[0]): Promise<Cliente> {
      const res = await data.run<Row>({ kind: 'insert', table: 'clientes', rows: [filaCliente(cliente)], returning: ['id'] });
      // Read back, not RETURNING: the 'No llamar' flag of a listed phone is set by a statement-level trigger
      // after the insert (20261128001310), which RETURNING does not see.
      return toCliente((await filaDonde(data, 'clientes', 'id', res.rows[0]!.id, CLIENTE_COLS))!);
    },
    async actualizarCliente(id: number, cliente: Parameters<typeof filaCliente>[0]): Promise<Cliente | null> {
      const res = await data.run<Row>({ kind: 'update', table: 'clientes', values: filaCliente(cliente), filters: [{ column: 'id', op: 'eq', value: id }], returning: CLIENTE_COLS });
      return res.rows[0] ? toCliente(res.rows[0]) : null;
    },
    async eliminarCliente(id: number): Promise<boolean> {
      const res = await data.run<Row>({ kind: 'delete', table: 'clientes', filters: [{ column: 'id', op: 'eq', value: id }], returning: ['id'] });
      return res.rows.length > 0;
    },

    async configuracion(campanaId: number): Promise<ConfiguracionLlamadas | null> {
      const fila = await filaDonde(data, 'configuracion_campana', 'campana_id', campanaId);
      return fila ? toConfiguracion(fila) : null;
    },
    async insertarConfiguracion(campanaId: number, values: ValoresConfiguracion): Promise<ConfiguracionLlamadas> {
      const res = await data.run<Row>({ kind: 'insert', table: 'configuracion_campana', rows: [{ ...filaConfiguracion(values), campana_id: campanaId }], returning: ['*'] });
      return toConfiguracion(res.rows[0]!);
    },
    async actualizarConfiguracion(id: number, values: ValoresConfiguracion): Promise<ConfiguracionLlamadas> {
      const res = await data.run<Row>({ kind: 'update', table: 'configuracion_campana', values: filaConfiguracion(values), filters: [{ column: 'id', op: 'eq', value: id }], returning: ['*'] });
      return toConfiguracion(res.rows[0]!);
    },

    async clavesExistentes(campanaId: number, claves: Array<{ email: string; telefono: string }>): Promise<Array<[string, string]>> {
      // Importing into a campaign with no clients yet (the usual case) needs no look at the keys at all.
      if (!(await filaDonde(data, 'clientes', 'campana_id', campanaId, ['id']))) return [];
      // One array per column: far less JSON for the database to parse than one object per key.
      const p_columnas = { email: claves.map((c) => c.email), telefono: claves.map((c) => c.telefono) };
      const v = await scalar<Array<[string, string]> | null>(data, 'llamadas_claves_existentes_columnas', { p_campana: campanaId, p_columnas });
      return v ?? [];
    },
    async importar(campanaId: number, filas: FilaImportacion[]): Promise<{ insertados: number; omitidos: number }> {
      // One jsonb argument, the rows as objects keyed by column: the function reads every text column of
      // clientes from them (20261128000600). Field and column names are the same today; a camelCase field
      // would be renamed to its column here.
      const mismos = CAMPOS_CLIENTE.every((c) => columnaBd(c) === c);
      const p_filas = mismos ? filas : filas.map((f) => Object.fromEntries(CAMPOS_CLIENTE.map((c) => [columnaBd(c), f[c]])));
      const v = await scalar<Row | null>(data, 'llamadas_importar_clientes', { p_campana: campanaId, p_filas });
      return { insertados: numero(v?.insertados), omitidos: numero(v?.omitidos) };
    },

    async registrarIntento(row: {
      lote: string | null;
      campanaId: number;
      clienteId: number;
      telefono: string;
      nombre: string;
      resultado: ResultadoIntento;
      detalle?: string;
      httpStatus?: number;
      /** The Idempotency-Key the request was sent with; none when nothing was sent. */
      clave?: string;
    }): Promise<number | null> {
      const res = await data.run<Row>({
        kind: 'insert',
        table: 'intentos_llamada',
        returning: ['id'],
        rows: [
          {
            lote: row.lote,
            campana_id: row.campanaId,
            cliente_id: row.clienteId,
            telefono: row.telefono,
            nombre: row.nombre,
            resultado: row.resultado,
            detalle: row.detalle ? row.detalle.slice(0, 1000) : null,
            http_status: row.httpStatus ?? null,
            clave_idempotencia: row.clave ?? null,
          },
        ],
      });
      const id = res.rows[0]?.id;
      return id === undefined || id === null ? null : normalizarId(id);
    },
    /** What the request of an attempt written before it was sent gave (a single call: see llamar.ts). */
    async cerrarIntento(id: number, row: { resultado: ResultadoIntento; detalle?: string; httpStatus?: number }) {
      await data.run({
        kind: 'update',
        table: 'intentos_llamada',
        values: { resultado: row.resultado, detalle: row.detalle ? row.detalle.slice(0, 1000) : null, http_status: row.httpStatus ?? null },
        filters: [{ column: 'id', op: 'eq', value: id }],
      });
    },
    /** The attempts of a run to retry: failed and unconfirmed ones, each with the key it was sent with. */
    async fallidasDeLote(lote: string): Promise<Array<{ clienteId: number; campanaId: number; clave: string | null }>> {
      const res = await data.run<Row>({
        kind: 'select',
        table: 'intentos_llamada',
        columns: ['cliente_id', 'campana_id', 'id', 'clave_idempotencia'],
        filters: [
          { column: 'lote', op: 'eq', value: lote },
          { column: 'resultado', op: 'in', value: ['fallida', 'sin_confirmacion'] },
        ],
        order: [{ column: 'id' }],
      });
      return res.rows
        .filter((r) => r.cliente_id !== null)
        .map((r) => ({ clienteId: normalizarId(r.cliente_id), campanaId: normalizarId(r.campana_id), clave: textoVacioONulo(r.clave_idempotencia) }));
    },
    /** Every attempt at these clients since `desde` (ISO), oldest first: what clavesDeReintento reads. */
    async intentosDesde(clienteIds: number[], desde: string): Promise<IntentoPrevio[]> {
      const out: IntentoPrevio[] = [];
      for (let i = 0; i < clienteIds.length; i += 1000) {
        const res = await data.run<Row>({
          kind: 'select',
          table: 'intentos_llamada',
          columns: ['id', 'cliente_id', 'resultado', 'clave_idempotencia'],
          filters: [
            { column: 'cliente_id', op: 'in', value: clienteIds.slice(i, i + 1000) },
            { column: 'created_at', op: 'gte', value: desde },
          ],
          order: [{ column: 'id' }],
        });
        out.push(...res.rows.map((r) => ({ clienteId: normalizarId(r.cliente_id), resultado: texto(r.resultado), clave: textoVacioONulo(r.clave_idempotencia) })));
      }
      return out;
    },

    async historial(telefono: string, q: string | undefined): Promise<LlamadaRegistro[]> {
      const res = await data.run<Row>({ kind: 'rpc', fn: 'llamadas_historial', args: { p_telefono: telefono, p_q: q ?? null, p_limite: 500 } });
      return res.rows.map(toLlamada);
    },
    async audio(conversationId: string): Promise<string | null> {
      const a = (await filaDonde(data, 'registro_audio_llamadas', 'conversation_id', conversationId, ['audio']))?.audio;
      return typeof a === 'string' && a ? a : null;
    },
    async resumen(campanaId: number, desde: string | null, hasta: string | null) {
      const v = await scalar<Row | null>(data, 'llamadas_resumen', { p_campana: campanaId, p_desde: desde, p_hasta: hasta });
      const grupos = ((v?.grupos as Row[] | undefined) ?? []).map(
        (g): GrupoDiaEstado => ({ dia: texto(g.dia), estado: textoVacioONulo(g.estado), total: numero(g.total) }),
      );
      return {
        totalClientes: numero(v?.total_clientes),
        totalLlamadas: numero(v?.total_llamadas),
        llamadasDone: numero(v?.llamadas_done),
        enRango: numero(v?.en_rango),
        primera: instante(v?.primera),
        ultima: instante(v?.ultima),
        grupos,
      };
    },
  };
}

export type LlamadasRepository = ReturnType<typeof llamadasRepository>;

// ---------------------------------------------------------------------------------------------------
// Batches (issue 15): lotes_llamadas, their items, the shared 'No llamar' list.

/** A batch's row with its counts (the view lotes_llamadas_vista). */
export interface LoteFila {
  id: string;
  campanaId: number;
  operadorId: string | null;
  operadorNombre: string | null;
  estado: EstadoLote;
  programadoPara: string | null;
  simultaneas: number;
  timeoutMs: number | null;
  proceso: string | null;
  estimado: EstimacionLote | null;
  creadoAt: string;
  iniciadoAt: string | null;
  terminadoAt: string | null;
  total: number;
  done: number;
  ok: number;
  failed: number;
  omitidas: number;
  sinConfirmacion: number;
  reintentos: number;
  pendientes: number;
  enCurso: number;
  /** Items whose outcome arrived, and attempts made: with the counts, they tell the runner something changed. */
  conResultado: number;
  intentos: number;
  proximoIntento: string | null;
}

export const ESTADOS_VIVOS: readonly EstadoLote[] = ['programado', 'en_curso', 'pausado', 'esperando_horario', 'interrumpido'];

function toLote(r: Row): LoteFila {
  const estimado = r.estimado && typeof r.estimado === 'object' ? (r.estimado as EstimacionLote) : null;
  return {
    id: texto(r.id),
    campanaId: normalizarId(r.campana_id),
    operadorId: textoVacioONulo(r.operador_id),
    operadorNombre: textoVacioONulo(r.operador_nombre),
    estado: texto(r.estado) as EstadoLote,
    programadoPara: instante(r.programado_para),
    simultaneas: Math.min(5, Math.max(1, numero(r.simultaneas) || 1)),
    timeoutMs: r.timeout_ms === null || r.timeout_ms === undefined ? null : numero(r.timeout_ms),
    proceso: textoVacioONulo(r.proceso),
    estimado,
    creadoAt: instante(r.created_at) ?? '',
    iniciadoAt: instante(r.iniciado_at),
    terminadoAt: instante(r.terminado_at),
    total: numero(r.total),
    done: numero(r.done),
    ok: numero(r.ok),
    failed: numero(r.failed),
    omitidas: numero(r.omitidas),
    sinConfirmacion: numero(r.sin_confirmacion),
    reintentos: numero(r.reintentos),
    pendientes: numero(r.pendientes),
    enCurso: numero(r.en_curso),
    conResultado: numero(r.con_resultado),
    intentos: numero(r.intentos),
    proximoIntento: instante(r.proximo_intento),
  };
}

function toItem(r: Row): ResultadoLoteCliente & { clave: string | null; enviadoAt: string | null } {
  const detalle = textoVacioONulo(r.detalle);
  return {
    clienteId: normalizarId(r.cliente_id),
    nombre: texto(r.nombre),
    telefono: texto(r.telefono),
    estado: texto(r.estado) as ResultadoLoteCliente['estado'],
    ...(detalle ? { detalle } : {}),
    intentos: numero(r.intentos),
    resultadoLlamada: textoVacioONulo(r.resultado_llamada),
    clave: textoVacioONulo(r.clave_idempotencia),
    enviadoAt: instante(r.enviado_at),
  };
}

export function lotesRepository(data: DataPort) {
  return {
    async crear(l: {
      campanaId: number;
      clienteIds: number[];
      claves: Map<number, string>;
      programadoPara: string | null;
      simultaneas: number;
      timeoutMs: number | null;
      proceso: string;
      estimado: EstimacionLote | null;
    }): Promise<string> {
      return scalar<string>(data, 'llamadas_lote_crear', {
        p_campana: l.campanaId,
        p_clientes: l.clienteIds,
        p_claves: Object.fromEntries([...l.claves].map(([k, v]) => [String(k), v])),
        p_programado: l.programadoPara,
        p_simultaneas: l.simultaneas,
        p_timeout: l.timeoutMs,
        p_proceso: l.proceso,
        p_estimado: l.estimado,
      });
    },
    async lote(id: string): Promise<LoteFila | null> {
      const fila = await filaDonde(data, 'lotes_llamadas_vista', 'id', id);
      return fila ? toLote(fila) : null;
    },
    /** The batches a runner looks after: its own running ones, and every scheduled one. */
    async activos(proceso: string): Promise<LoteFila[]> {
      const res = await data.run<Row>({
        kind: 'select',
        table: 'lotes_llamadas_vista',
        filters: [{ column: 'estado', op: 'in', value: ['programado', 'en_curso', 'esperando_horario'] }],
        order: [{ column: 'created_at' }],
      });
      return res.rows.map(toLote).filter((l) => l.estado === 'programado' || l.proceso === proceso);
    },
    /** The campaign's live batches first (newest first), then the 20 most recent others. */
    async deCampana(campanaId: number): Promise<LoteFila[]> {
      const vivos = await data.run<Row>({
        kind: 'select',
        table: 'lotes_llamadas_vista',
        filters: [
          { column: 'campana_id', op: 'eq', value: campanaId },
          { column: 'estado', op: 'in', value: ESTADOS_VIVOS },
        ],
        order: [{ column: 'created_at', ascending: false }],
      });
      const recientes = await data.run<Row>({
        kind: 'select',
        table: 'lotes_llamadas_vista',
        filters: [
          { column: 'campana_id', op: 'eq', value: campanaId },
          { column: 'estado', op: 'in', value: ['cancelado', 'terminado'] },
        ],
        order: [{ column: 'created_at', ascending: false }],
        limit: 20,
      });
      return [...vivos.rows, ...recientes.rows].map(toLote);
    },
    /**
     * A batch with its items, in two plain reads (the counts come from the items here rather than from the
     * view's aggregate): what a screen asks for again and again while a batch runs.
     */
    async conItems(id: string): Promise<{ lote: LoteFila; items: ResultadoLoteCliente[] } | null> {
      const base = await filaDonde(data, 'lotes_llamadas', 'id', id);
      if (!base) return null;
      const res = await data.run<Row>({
        kind: 'select',
        table: 'lotes_llamadas_items',
        columns: ['cliente_id', 'nombre', 'telefono', 'estado', 'detalle', 'intentos', 'resultado_llamada', 'proximo_intento'],
        filters: [{ column: 'lote', op: 'eq', value: id }],
        order: [{ column: 'orden' }],
      });
      const cuenta: Record<string, number> = {};
      let conResultado = 0;
      let intentos = 0;
      let proximo: string | null = null;
      const items = res.rows.map((r) => {
        const item = toItem(r);
        cuenta[item.estado] = (cuenta[item.estado] ?? 0) + 1;
        if (item.resultadoLlamada !== null) conResultado += 1;
        intentos += item.intentos;
        const p = item.estado === 'reintento' ? instante(r.proximo_intento) : null;
        if (p && (proximo === null || p < proximo)) proximo = p;
        const { clave: _c, enviadoAt: _e, ...resto } = item;
        return resto;
      });
      const n = (estado: string) => cuenta[estado] ?? 0;
      const lote = toLote({
        ...base,
        total: items.length,
        done: n('exitosa') + n('fallida') + n('omitida') + n('sin_confirmacion'),
        ok: n('exitosa'),
        failed: n('fallida'),
        omitidas: n('omitida'),
        sin_confirmacion: n('sin_confirmacion'),
        reintentos: n('reintento'),
        pendientes: n('pendiente'),
        en_curso: n('en_curso'),
        con_resultado: conResultado,
        intentos,
        proximo_intento: proximo,
      });
      return { lote, items };
    },
    async items(lote: string) {
      const res = await data.run<Row>({ kind: 'select', table: 'lotes_llamadas_items', filters: [{ column: 'lote', op: 'eq', value: lote }], order: [{ column: 'orden' }] });
      return res.rows.map(toItem);
    },
    /**
     * An operator's batch that is sending now: 'en_curso' with items to send or in flight. One that only
     * waits for outcomes or for its retries' time does not keep calling locked.
     */
    async enCursoDe(operadorId: string): Promise<string | null> {
      const res = await data.run<Row>({
        kind: 'select',
        table: 'lotes_llamadas_vista',
        columns: ['id'],
        filters: [
          { column: 'operador_id', op: 'eq', value: operadorId },
          { column: 'estado', op: 'eq', value: 'en_curso' },
        ],
        anyOf: [
          { column: 'pendientes', op: 'gt', value: 0 },
          { column: 'en_curso', op: 'gt', value: 0 },
        ],
        limit: 1,
      });
      return res.rows[0] ? texto(res.rows[0].id) : null;
    },
    /** Moves a batch from one of `desde` to `a` (with extra columns); false when it was in none of them. */
    async cambiarEstado(id: string, desde: readonly EstadoLote[], a: EstadoLote, extra: Row = {}): Promise<boolean> {
      const res = await data.run<Row>({
        kind: 'update',
        table: 'lotes_llamadas',
        values: { estado: a, ...extra },
        filters: [
          { column: 'id', op: 'eq', value: id },
          { column: 'estado', op: 'in', value: desde },
        ],
        returning: ['id'],
      });
      return res.rows.length > 0;
    },
    /**
     * Ends the batch if, at that moment, nothing is left to send, in flight or waiting for a retry, and
     * (`esperarDesde`: with a retry policy) no request sent after it still waits for its outcome.
     */
    async terminar(lote: string, esperarDesde: string | null): Promise<boolean> {
      return (await scalar<boolean>(data, 'llamadas_lote_terminar', { p_lote: lote, p_esperar_desde: esperarDesde })) === true;
    },
    /** Items still to send (pending or waiting for a retry) become 'omitida' with `detalle`. */
    async omitirRestantes(lote: string, detalle: string): Promise<void> {
      await data.run({
        kind: 'update',
        table: 'lotes_llamadas_items',
        values: { estado: 'omitida', detalle, proximo_intento: null },
        filters: [
          { column: 'lote', op: 'eq', value: lote },
          { column: 'estado', op: 'in', value: ['pendiente', 'reintento'] },
        ],
      });
    },
    /**
     * One step of a sender, one transaction: writes the result of the item it just sent (when `anterior` is
     * given) and claims up to `cantidad` next items (0 = only the result). Listed phones are skipped there.
     */
    async siguiente(
      lote: string,
      proceso: string,
      cantidad: number,
      detalleNoLlamar: string,
      anterior: { clienteId: number; estado: ResultadoIntento; detalle?: string; httpStatus?: number; clave?: string } | null,
    ) {
      const res = await data.run<Row>({
        kind: 'rpc',
        fn: 'llamadas_lote_siguiente',
        args: {
          p_lote: lote,
          p_proceso: proceso,
          p_cantidad: cantidad,
          p_detalle_no_llamar: detalleNoLlamar,
          p_cliente: anterior?.clienteId ?? null,
          p_resultado: anterior?.estado ?? null,
          p_detalle: anterior?.detalle ?? null,
          p_http: anterior?.httpStatus ?? null,
          p_clave: anterior?.clave ?? null,
        },
      });
      return res.rows.map((r) => ({
        clienteId: normalizarId(r.cliente_id),
        intentos: numero(r.intentos),
        clave: texto(r.clave),
        cliente: toCliente((typeof r.cliente === 'string' ? JSON.parse(r.cliente) : r.cliente) as Row),
      }));
    },
    async recuperar(proceso: string, detalle: string, operadorId: string | null): Promise<number> {
      return numero(await scalar<unknown>(data, 'llamadas_lotes_recuperar', { p_proceso: proceso, p_detalle: detalle, p_operador: operadorId }));
    },
    /** The earliest request of the batch still waiting for its outcome, sent after `desde` (ISO). */
    async primeraSinResultado(lote: string, desde: string): Promise<string | null> {
      const res = await data.run<Row>({
        kind: 'select',
        table: 'lotes_llamadas_items',
        columns: ['enviado_at'],
        filters: [
          { column: 'lote', op: 'eq', value: lote },
          { column: 'estado', op: 'in', value: ['exitosa', 'sin_confirmacion'] },
          { column: 'resultado_llamada', op: 'is', value: null },
          { column: 'enviado_at', op: 'gt', value: desde },
        ],
        order: [{ column: 'enviado_at' }],
        limit: 1,
      });
      return res.rows[0] ? instante(res.rows[0].enviado_at) : null;
    },
    async intentos(lote: string): Promise<IntentoLote[]> {
      const res = await data.run<Row>({
        kind: 'select',
        table: 'intentos_llamada',
        columns: ['id', 'cliente_id', 'nombre', 'telefono', 'resultado', 'detalle', 'resultado_llamada', 'created_at'],
        filters: [{ column: 'lote', op: 'eq', value: lote }],
        order: [{ column: 'id' }],
      });
      const vistos = new Map<number, number>();
      return res.rows.map((r) => {
        const clienteId = normalizarId(r.cliente_id);
        const intento = (vistos.get(clienteId) ?? 0) + 1;
        vistos.set(clienteId, intento);
        return {
          clienteId,
          nombre: texto(r.nombre),
          telefono: texto(r.telefono),
          intento,
          resultado: texto(r.resultado) as ResultadoIntento,
          detalle: textoVacioONulo(r.detalle),
          resultadoLlamada: textoVacioONulo(r.resultado_llamada),
          createdAt: instante(r.created_at) ?? '',
        };
      });
    },
    async estimar(campanaId: number, clienteIds: number[]) {
      const v = await scalar<Row | null>(data, 'llamadas_lote_estimar', { p_campana: campanaId, p_clientes: clienteIds });
      return {
        seleccionados: numero(v?.seleccionados),
        listados: numero(v?.listados),
        minutosPromedio: numeroONulo(v?.minutos_promedio),
        costoMinuto: numeroONulo(v?.costo_minuto),
        tope: numero(v?.tope),
        consumidos: numero(v?.consumidos),
      };
    },

    // ------------------------------------------------------------------ 'No llamar'
    async noLlamarPagina(q: string | undefined, desde: number, cantidad: number): Promise<PaginaNoLlamar> {
      const buscado = (q ?? '').trim();
      const digitos = telefonoNormalizado(buscado);
      const filters = buscado ? [digitos ? { column: 'telefono_normalizado', op: 'ilike' as const, value: `%${digitos}%` } : { column: 'telefono', op: 'ilike' as const, value: `%${buscado.replace(/[\\%_]/g, (m) => `\\${m}`)}%` }] : [];
      const res = await data.run<Row>({
        kind: 'select',
        table: 'no_llamar',
        columns: ['telefono', 'motivo', 'created_at'],
        filters,
        order: [{ column: 'created_at', ascending: false }, { column: 'telefono_normalizado' }],
        range: { from: desde, to: desde + cantidad - 1 },
        count: true,
      });
      return {
        total: res.count ?? res.rows.length,
        filas: res.rows.map((r) => ({ telefono: texto(r.telefono), motivo: texto(r.motivo) as FilaNoLlamar['motivo'], createdAt: instante(r.created_at) ?? '' })),
      };
    },
    async noLlamarAgregar(telefono: string, motivo: 'manual' | 'cliente'): Promise<boolean> {
      const normalizado = telefonoNormalizado(telefono);
      if (await filaDonde(data, 'no_llamar', 'telefono_normalizado', normalizado, ['telefono'])) return false;
      try {
        await data.run({ kind: 'insert', table: 'no_llamar', rows: [{ telefono_normalizado: normalizado, telefono: telefono.trim(), motivo }] });
        return true;
      } catch (error) {
        if (AppError.is(error) && error.code === 'conflict') return false; // added meanwhile
        throw error;
      }
    },
    async noLlamarQuitar(telefono: string): Promise<boolean> {
      const normalizado = telefonoNormalizado(telefono);
      if (!normalizado) return false;
      const res = await data.run<Row>({ kind: 'delete', table: 'no_llamar', filters: [{ column: 'telefono_normalizado', op: 'eq', value: normalizado }], returning: ['telefono'] });
      return res.rows.length > 0;
    },
    async noLlamarImportar(filas: Array<[string, string]>): Promise<{ agregados: number; yaEstaban: number }> {
      const v = await scalar<Row | null>(data, 'llamadas_no_llamar_importar', { p_filas: filas });
      return { agregados: numero(v?.agregados), yaEstaban: numero(v?.ya_estaban) };
    },
  };
}

