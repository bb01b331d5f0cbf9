/** Reads shared by the projects and provisioning modules, normalised to one shape on every backend. */
import type { DataPort } from '../../ports';
import { AppError } from '../../errors';
import { proyectos as t } from '../../i18n/areas/gestion';
import type { DependenciasEliminacion, EmpresaBotDependiente, ProyectoResumen } from '../../domain/proyectos';
import type { CanalBot } from '../../domain/bot-tablas';
import type { InstanciaServicio } from '../../domain/provision';
import { numONull } from '../comun';

export function normalizarInstancia(r: Record<string, unknown>): InstanciaServicio {
  const cfg = r.configuracion;
  return {
    id: String(r.id),
    proyecto_id: String(r.proyecto_id),
    empresa_id: r.empresa_id == null ? null : String(r.empresa_id),
    tipo_servicio: String(r.tipo_servicio),
    nombre_instancia: String(r.nombre_instancia),
    estado: String(r.estado),
    categoria: r.categoria == null ? null : String(r.categoria),
    configuracion: cfg && typeof cfg === 'object' ? (cfg as InstanciaServicio['configuracion']) : {},
    created_at: new Date(String(r.created_at)).toISOString(),
    ...(r.updated_at ? { updated_at: new Date(String(r.updated_at)).toISOString() } : {}),
  };
}

export function normalizarProyecto(r: Record<string, unknown>): ProyectoResumen {
  const instancias = Array.isArray(r.instancias) ? (r.instancias as Record<string, unknown>[]) : [];
  const fecha = (v: unknown) => (v == null ? null : String(v).slice(0, 10));
  return {
    id: String(r.id),
    nombre: String(r.nombre),
    descripcion: r.descripcion == null ? null : String(r.descripcion),
    plan_id: r.plan_id == null ? null : String(r.plan_id),
    empresa_id: r.empresa_id == null ? null : String(r.empresa_id),
    estado: String(r.estado),
    fecha_inicio: fecha(r.fecha_inicio),
    fecha_fin: fecha(r.fecha_fin),
    created_at: String(r.created_at),
    updated_at: String(r.updated_at),
    plan_title: r.plan_title == null ? null : String(r.plan_title),
    plan_description: r.plan_description == null ? null : String(r.plan_description),
    plan_cost: numONull(r.plan_cost),
    empresa_nombre: r.empresa_nombre == null ? null : String(r.empresa_nombre),
    instancias: instancias.map(normalizarInstancia),
  };
}

export async function leerProyecto(data: DataPort, id: string): Promise<ProyectoResumen> {
  const { rows } = await data.run({ kind: 'select', table: 'proyectos_vista', filters: [{ column: 'id', op: 'eq', value: id }] });
  if (!rows[0]) throw new AppError('not_found', t.noEncontrado);
  return normalizarProyecto(rows[0]);
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
    empresas_wordpress: lista(v.empresas_wordpress).map((w) => ({ uuid: String(w.uuid), name: String(w.name), table_supabase: String(w.table_supabase) })),
    empresas_bot: lista(v.empresas_bot).map(
      (b): EmpresaBotDependiente => ({
        canal: String(b.canal) as CanalBot,
        uuid: String(b.uuid),
        name: String(b.name),
        table_supabase: String(b.table_supabase),
        status: Boolean(b.status),
        webhook: Boolean(b.webhook),
        desactivar: Boolean(b.desactivar),
      }),
    ),
    servicios: lista(v.servicios).map((s) => ({ id: String(s.id), nombre_instancia: String(s.nombre_instancia), tipo_servicio: String(s.tipo_servicio) })),
    campanas: lista(v.campanas).map((c) => ({ id: Number(c.id), nombre: String(c.nombre) })),
    portal: Boolean(v.portal),
  };
}
