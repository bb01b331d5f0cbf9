/**
 * The projects area's database: projects, their service instances, the bot companies and campaigns that
 * provisioning creates, and what depends on a record before it is deleted. The only module of the area that
 * knows table and column names; rows leave it normalised to one shape on every backend.
 */
import type { z } from 'zod';
import type { DataPort } from '../../ports';
import { AppError } from '../../errors';
import { numero, numeroONulo, textoONulo } from '../../operaciones/filas';
import { TABLA_EMPRESAS_BOT, type CanalBot } from '../../domain/bot-tablas';
import { proyectos as t } from './texts';
import type {
  ConfiguracionInstancia,
  DependenciasEliminacion,
  EmpresaBotDependiente,
  EmpresaWhatsappOpcion,
  InstanciaServicio,
  ProyectoResumen,
  ReporteProyecto,
  ResultadoEliminarProyecto,
} from './rules';
import type { proyectos } from './contract';

const eq = (column: string, value: unknown) => ({ column, op: 'eq' as const, value });

export function normalizarInstancia(r: Record<string, unknown>): InstanciaServicio {
  const cfg = r.configuracion;
  return {
    id: String(r.id),
    proyectoId: String(r.proyecto_id),
    empresaId: textoONulo(r.empresa_id),
    tipoServicio: String(r.tipo_servicio),
    nombreInstancia: String(r.nombre_instancia),
    estado: String(r.estado),
    categoria: textoONulo(r.categoria),
    configuracion: cfg && typeof cfg === 'object' ? (cfg as InstanciaServicio['configuracion']) : {},
    createdAt: new Date(String(r.created_at)).toISOString(),
    ...(r.updated_at ? { updatedAt: new Date(String(r.updated_at)).toISOString() } : {}),
  };
}

function normalizarProyecto(r: Record<string, unknown>): ProyectoResumen {
  const instancias = Array.isArray(r.instancias) ? (r.instancias as Record<string, unknown>[]) : [];
  const fecha = (v: unknown) => (v == null ? null : String(v).slice(0, 10));
  return {
    id: String(r.id),
    nombre: String(r.nombre),
    descripcion: textoONulo(r.descripcion),
    planId: textoONulo(r.plan_id),
    empresaId: textoONulo(r.empresa_id),
    estado: String(r.estado),
    fechaInicio: fecha(r.fecha_inicio),
    fechaFin: fecha(r.fecha_fin),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
    planTitle: textoONulo(r.plan_title),
    planDescription: textoONulo(r.plan_description),
    planCost: numeroONulo(r.plan_cost),
    empresaNombre: textoONulo(r.empresa_nombre),
    instancias: instancias.map(normalizarInstancia),
  };
}

// ---------------------------------------------------------------------------------------------------
// Projects.

/** The editable fields of a project as the contract parses them, every one present (no date: null). */
export type CamposProyecto = Required<z.output<typeof proyectos.crear.input>>;

/** The contract's fields as the table's columns. */
const columnasProyecto = (c: CamposProyecto) => ({
  nombre: c.nombre,
  descripcion: c.descripcion,
  plan_id: c.planId,
  empresa_id: c.empresaId,
  estado: c.estado,
  fecha_inicio: c.fechaInicio,
  fecha_fin: c.fechaFin,
});

export async function listarProyectos(data: DataPort): Promise<ProyectoResumen[]> {
  const { rows } = await data.run({ kind: 'select', table: 'proyectos_vista', order: [{ column: 'created_at', ascending: false }, { column: 'id' }] });
  return rows.map(normalizarProyecto);
}

export async function leerProyecto(data: DataPort, id: string): Promise<ProyectoResumen> {
  const { rows } = await data.run({ kind: 'select', table: 'proyectos_vista', filters: [eq('id', id)] });
  if (!rows[0]) throw new AppError('not_found', t.noEncontrado);
  return normalizarProyecto(rows[0]);
}

/** The status history row is written by the database trigger with the operator's id. */
export async function crearProyecto(data: DataPort, campos: CamposProyecto): Promise<string> {
  const { rows } = await data.run<{ id: string }>({ kind: 'insert', table: 'proyectos', rows: [{ ...columnasProyecto(campos), servicios_instancias: '[]' }], returning: ['id'] });
  return String(rows[0]!.id);
}

/** False when there is no such project. */
export async function actualizarProyecto(data: DataPort, id: string, campos: CamposProyecto): Promise<boolean> {
  const { rows } = await data.run({ kind: 'update', table: 'proyectos', values: columnasProyecto(campos), filters: [eq('id', id)], returning: ['id'] });
  return rows.length > 0;
}

/**
 * One transaction in SQL: each service goes as 'Eliminar servicio' deletes it (the bot companies only this
 * project used are deactivated), then the project. Null when there is no such project.
 */
export async function eliminarProyecto(data: DataPort, id: string): Promise<ResultadoEliminarProyecto | null> {
  const { rows } = await data.run<{ value: { id: string; empresas_desactivadas: Array<{ tipo_servicio: string; empresa_uuid: string }> } | null }>({
    kind: 'rpc',
    fn: 'eliminar_proyecto',
    args: { p_id: id },
  });
  const r = rows[0]?.value;
  if (!r) return null;
  return {
    id: String(r.id),
    empresasDesactivadas: (r.empresas_desactivadas ?? []).map((e) => ({ tipoServicio: String(e.tipo_servicio), empresaUuid: String(e.empresa_uuid) })),
  };
}

/** reporte_proyecto's JSON as SQL builds it. */
interface FilaReporte {
  proyecto_id: string;
  servicios_por_estado: Record<string, unknown>;
  servicios_por_categoria: Record<string, unknown>;
  historial: Array<{ fecha: string; estado_anterior: string | null; estado_nuevo: string; usuario_id: string | null; usuario: string | null }>;
  dias_vida: unknown;
  progreso: unknown;
  hitos: ReporteProyecto['hitos'];
}

/** The report aggregate of §3 as of `ahora`, or null when there is no such project. */
export async function reporteProyecto(data: DataPort, id: string, ahora: Date): Promise<ReporteProyecto | null> {
  const { rows } = await data.run<{ value: FilaReporte | null }>({ kind: 'rpc', fn: 'reporte_proyecto', args: { p_proyecto: id, p_ahora: ahora.toISOString() } });
  const r = rows[0]?.value;
  if (!r) return null;
  const conteos = (o: Record<string, unknown> | null | undefined) => Object.fromEntries(Object.entries(o ?? {}).map(([k, v]) => [k, numero(v)]));
  return {
    proyectoId: String(r.proyecto_id),
    serviciosPorEstado: conteos(r.servicios_por_estado),
    serviciosPorCategoria: conteos(r.servicios_por_categoria),
    diasVida: numero(r.dias_vida),
    progreso: numero(r.progreso),
    historial: r.historial.map((h) => ({
      fecha: new Date(h.fecha).toISOString(),
      estadoAnterior: textoONulo(h.estado_anterior),
      estadoNuevo: String(h.estado_nuevo),
      usuarioId: textoONulo(h.usuario_id),
      usuario: textoONulo(h.usuario),
    })),
    hitos: r.hitos.map((h) => ({ ...h, fecha: new Date(h.fecha).toISOString() })),
  };
}

/**
 * What depends on a plan, a client company or a project (dependencias_eliminacion), normalised; `noEncontrado`
 * is the area's 'not found' message.
 */
export async function leerDependencias(data: DataPort, tipo: DependenciasEliminacion['tipo'], id: string, noEncontrado: string): Promise<DependenciasEliminacion> {
  const { rows } = await data.run<{ value: Record<string, unknown> | null }>({ kind: 'rpc', fn: 'dependencias_eliminacion', args: { p_tipo: tipo, p_id: id } });
  const v = rows[0]?.value;
  if (!v) throw new AppError('not_found', noEncontrado);
  const lista = (x: unknown) => (Array.isArray(x) ? (x as Record<string, unknown>[]) : []);
  return {
    tipo,
    nombre: String(v.nombre ?? ''),
    proyectos: lista(v.proyectos).map((p) => ({ id: String(p.id), nombre: String(p.nombre) })),
    empresasWordpress: lista(v.empresas_wordpress).map((w) => ({ uuid: String(w.uuid), name: String(w.name), tableSupabase: String(w.table_supabase) })),
    empresasBot: lista(v.empresas_bot).map(
      (b): EmpresaBotDependiente => ({
        canal: String(b.canal) as CanalBot,
        uuid: String(b.uuid),
        name: String(b.name),
        tableSupabase: String(b.table_supabase),
        status: Boolean(b.status),
        webhook: Boolean(b.webhook),
        desactivar: Boolean(b.desactivar),
      }),
    ),
    servicios: lista(v.servicios).map((s) => ({ id: String(s.id), nombreInstancia: String(s.nombre_instancia), tipoServicio: String(s.tipo_servicio) })),
    campanas: lista(v.campanas).map((c) => ({ id: Number(c.id), nombre: String(c.nombre) })),
    portal: Boolean(v.portal),
  };
}

// ---------------------------------------------------------------------------------------------------
// Service instances and what provisioning creates.

export async function leerInstancia(data: DataPort, id: string): Promise<InstanciaServicio | null> {
  const { rows } = await data.run({ kind: 'select', table: 'servicios_instancias', filters: [eq('id', id)] });
  return rows[0] ? normalizarInstancia(rows[0]) : null;
}

export async function instanciasDe(data: DataPort, proyectoId: string): Promise<InstanciaServicio[]> {
  const { rows } = await data.run({ kind: 'select', table: 'servicios_instancias', filters: [eq('proyecto_id', proyectoId)], order: [{ column: 'created_at' }, { column: 'id' }] });
  return rows.map(normalizarInstancia);
}

export async function crearInstancia(data: DataPort, fila: Omit<InstanciaServicio, 'createdAt' | 'updatedAt'>): Promise<InstanciaServicio> {
  const columnas = {
    id: fila.id,
    proyecto_id: fila.proyectoId,
    empresa_id: fila.empresaId,
    tipo_servicio: fila.tipoServicio,
    nombre_instancia: fila.nombreInstancia,
    estado: fila.estado,
    categoria: fila.categoria,
    configuracion: fila.configuracion,
  };
  const { rows } = await data.run({ kind: 'insert', table: 'servicios_instancias', rows: [columnas], returning: ['*'] });
  return normalizarInstancia(rows[0]!);
}

export async function guardarConfiguracion(data: DataPort, id: string, cfg: ConfiguracionInstancia): Promise<void> {
  await data.run({ kind: 'update', table: 'servicios_instancias', values: { configuracion: cfg }, filters: [eq('id', id)] });
}

export async function leerConfiguracion(data: DataPort, id: string): Promise<ConfiguracionInstancia> {
  const { rows } = await data.run({ kind: 'select', table: 'servicios_instancias', columns: ['configuracion'], filters: [eq('id', id)] });
  return (rows[0]?.configuracion ?? {}) as ConfiguracionInstancia;
}

/** 'Eliminar servicio' in one SQL function; null when there is no such instance. */
export async function eliminarInstancia(data: DataPort, id: string): Promise<{ id: string; empresaDesactivada: boolean } | null> {
  const { rows } = await data.run<{ value: { id: string; empresa_desactivada: boolean } | null }>({ kind: 'rpc', fn: 'eliminar_servicio_instancia', args: { p_id: id } });
  const r = rows[0]?.value;
  return r ? { id: String(r.id), empresaDesactivada: Boolean(r.empresa_desactivada) } : null;
}

/** The catalogue's category of each service type. */
export async function categoriasDelCatalogo(data: DataPort): Promise<Map<string, string>> {
  const { rows } = await data.run({ kind: 'select', table: 'servicios_disponibles', columns: ['tipo', 'categoria'] });
  return new Map(rows.map((c) => [String(c.tipo), String(c.categoria)]));
}

const opcionWhatsapp = (r: Record<string, unknown>): EmpresaWhatsappOpcion => ({
  uuid: String(r.uuid),
  name: String(r.name),
  tableSupabase: String(r.table_supabase),
  webhookN8n: textoONulo(r.webhook_n8n),
});

/** The active WhatsApp companies (all of them, by name, or the one with `uuid`). */
export async function empresasWhatsappActivas(data: DataPort, uuid?: string): Promise<EmpresaWhatsappOpcion[]> {
  const { rows } = await data.run({
    kind: 'select',
    table: 'empresas_whatsapp',
    columns: ['uuid', 'name', 'table_supabase', 'webhook_n8n'],
    filters: [...(uuid ? [eq('uuid', uuid)] : []), eq('status', true)],
    order: [{ column: 'name' }],
  });
  return rows.filter((r) => r.uuid != null).map(opcionWhatsapp);
}

/** The message tables the channel's companies already use. */
export async function tablasDelCanal(data: DataPort, canal: CanalBot): Promise<Set<string>> {
  const { rows } = await data.run({ kind: 'select', table: TABLA_EMPRESAS_BOT[canal], columns: ['table_supabase'] });
  return new Set(rows.map((r) => String(r.table_supabase)));
}

/** A new active bot company of the channel; answers its uuid. */
export async function crearEmpresaBot(data: DataPort, canal: CanalBot, empresa: { nombre: string; tabla: string; empresaId: string | null }): Promise<string> {
  const { rows } = await data.run({
    kind: 'insert',
    table: TABLA_EMPRESAS_BOT[canal],
    rows: [{ name: empresa.nombre, table_supabase: empresa.tabla, status: true, empresa_id: empresa.empresaId }],
    returning: ['uuid'],
  });
  return String(rows[0]!.uuid);
}

export async function guardarWebhookEmpresaBot(data: DataPort, canal: CanalBot, uuid: string, webhook: string): Promise<void> {
  await data.run({ kind: 'update', table: TABLA_EMPRESAS_BOT[canal], values: { webhook_n8n: webhook }, filters: [eq('uuid', uuid)] });
}

/** The message-table rule (SQL): throws its Spanish message when `tabla` is not a message table. */
export async function verificarTablaMensajes(data: DataPort, tabla: string): Promise<void> {
  await data.run({ kind: 'rpc', fn: 'verificar_tabla_mensajes', args: { p_tabla: tabla } });
}

export async function crearTablaMensajes(data: DataPort, tabla: string): Promise<void> {
  await data.run({ kind: 'rpc', fn: 'create_message_table', args: { nombre: tabla } });
}

/** A calls campaign with its minute cap. */
export async function crearCampana(data: DataPort, nombre: string, minutos: number): Promise<{ id: number; nombre: string; minutos: number }> {
  const { rows } = await data.run({ kind: 'insert', table: 'campanas', rows: [{ nombre, minutos }], returning: ['id', 'nombre', 'minutos'] });
  return { id: numero(rows[0]!.id), nombre: String(rows[0]!.nombre), minutos: numero(rows[0]!.minutos) };
}
