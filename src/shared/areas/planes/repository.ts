/**
 * The plans' tables (planes, planes_vista with the real count of companies, planes_empresas_wordpress and its
 * view, the WordPress bot companies): the only module of the area that knows their names.
 */
import type { z } from 'zod';
import type { DataPort } from '../../ports';
import { numero } from '../../operaciones/filas';
import type { EmpresaDePlan, EmpresaWordpress, Plan } from './rules';
import type { planes } from './contract';

export type CamposPlan = z.output<typeof planes.crear.input>;

const porId = (id: string) => [{ column: 'id', op: 'eq' as const, value: id }];

function normalizar(r: Record<string, unknown>): Plan {
  return {
    id: String(r.id),
    title: String(r.title),
    description: r.description == null ? null : String(r.description),
    cost: numero(r.cost),
    createdAt: String(r.created_at),
    empresasAsociadas: numero(r.empresas_asociadas),
  };
}

function normalizarEnlace(r: Record<string, unknown>): EmpresaDePlan {
  return {
    id: String(r.id),
    planId: String(r.plan_id),
    empresaWordpressUuid: String(r.empresa_wordpress_uuid),
    name: String(r.name),
    tableSupabase: String(r.table_supabase),
    status: Boolean(r.status),
  };
}

export async function listarPlanes(data: DataPort): Promise<Plan[]> {
  const { rows } = await data.run({ kind: 'select', table: 'planes_vista', order: [{ column: 'created_at', ascending: false }, { column: 'id' }] });
  return rows.map(normalizar);
}

/** Null when there is no such plan. */
export async function leerPlan(data: DataPort, id: string): Promise<Plan | null> {
  const { rows } = await data.run({ kind: 'select', table: 'planes_vista', filters: porId(id) });
  return rows[0] ? normalizar(rows[0]) : null;
}

export async function crearPlan(data: DataPort, campos: CamposPlan): Promise<string> {
  const { rows } = await data.run({ kind: 'insert', table: 'planes', rows: [{ ...campos }], returning: ['id'] });
  return String(rows[0]!.id);
}

/** False when there is no such plan. */
export async function actualizarPlan(data: DataPort, id: string, campos: CamposPlan): Promise<boolean> {
  const { rows } = await data.run({ kind: 'update', table: 'planes', values: { ...campos }, filters: porId(id), returning: ['id'] });
  return rows.length > 0;
}

/** False when there is no such plan. */
export async function eliminarPlan(data: DataPort, id: string): Promise<boolean> {
  const { rows } = await data.run({ kind: 'delete', table: 'planes', filters: porId(id), returning: ['id'] });
  return rows.length > 0;
}

export async function empresasDelPlan(data: DataPort, planId: string): Promise<EmpresaDePlan[]> {
  const { rows } = await data.run({ kind: 'select', table: 'planes_empresas_vista', filters: [{ column: 'plan_id', op: 'eq', value: planId }], order: [{ column: 'name' }] });
  return rows.map(normalizarEnlace);
}

/** False when there is no such link. */
export async function desasociarEmpresa(data: DataPort, enlaceId: string): Promise<boolean> {
  const { rows } = await data.run({ kind: 'delete', table: 'planes_empresas_wordpress', filters: porId(enlaceId), returning: ['id'] });
  return rows.length > 0;
}

export async function empresasWordpress(data: DataPort): Promise<EmpresaWordpress[]> {
  const { rows } = await data.run({ kind: 'select', table: 'empresas_wordpress_bots', columns: ['uuid', 'name', 'table_supabase', 'status'], order: [{ column: 'name' }] });
  return rows.map((r) => ({ uuid: String(r.uuid), name: String(r.name), tableSupabase: String(r.table_supabase), status: Boolean(r.status) }));
}

/** Links the company to the plan (once: linking it again answers the same link). */
export async function asociarEmpresa(data: DataPort, planId: string, empresaWordpressUuid: string): Promise<EmpresaDePlan> {
  const { rows } = await data.run({
    kind: 'upsert',
    table: 'planes_empresas_wordpress',
    rows: [{ plan_id: planId, empresa_wordpress_uuid: empresaWordpressUuid }],
    onConflict: ['plan_id', 'empresa_wordpress_uuid'],
    returning: ['id'],
  });
  const { rows: enlace } = await data.run({ kind: 'select', table: 'planes_empresas_vista', filters: porId(String(rows[0]!.id)) });
  return normalizarEnlace(enlace[0]!);
}
