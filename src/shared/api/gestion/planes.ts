/** Gestión de Planes (part 2 §2, §5, §8), with the real count of associated companies. */
import type { ApiDeps, ApiImplementation } from '../types';
import type { DataPort } from '../../ports';
import { AppError } from '../../errors';
import { planes as t } from '../../i18n/areas/gestion';
import type { EmpresaDePlan, Plan } from '../../domain/planes';
import { conMensaje, num, sesion } from '../comun';
import { leerDependencias } from './repositorio';

function normalizar(r: Record<string, unknown>): Plan {
  return {
    id: String(r.id),
    title: String(r.title),
    description: r.description == null ? null : String(r.description),
    cost: num(r.cost),
    created_at: String(r.created_at),
    empresas_asociadas: num(r.empresas_asociadas),
  };
}

function normalizarEnlace(r: Record<string, unknown>): EmpresaDePlan {
  return {
    id: String(r.id),
    plan_id: String(r.plan_id),
    empresa_wordpress_uuid: String(r.empresa_wordpress_uuid),
    name: String(r.name),
    table_supabase: String(r.table_supabase),
    status: Boolean(r.status),
  };
}

async function leer(data: DataPort, id: string): Promise<Plan> {
  const { rows } = await data.run({ kind: 'select', table: 'planes_vista', filters: [{ column: 'id', op: 'eq', value: id }] });
  if (!rows[0]) throw new AppError('not_found', t.noEncontrado);
  return normalizar(rows[0]);
}

export function planesApi({ backend, log }: ApiDeps): ApiImplementation['planes'] {
  const valores = (input: { title: string; description: string; cost: number }) => ({
    title: input.title.trim(),
    description: input.description.trim(),
    cost: Math.round(input.cost * 100) / 100,
  });
  return {
    async listar(_input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorCargar, async () => {
        const { rows } = await data.run({ kind: 'select', table: 'planes_vista', order: [{ column: 'created_at', ascending: false }, { column: 'id' }] });
        return rows.map(normalizar);
      }, log);
    },
    async crear(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorGuardar, async () => {
        const { rows } = await data.run({ kind: 'insert', table: 'planes', rows: [valores(input)], returning: ['id'] });
        return leer(data, String(rows[0]!.id));
      }, log);
    },
    async actualizar(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorGuardar, async () => {
        const { rows } = await data.run({ kind: 'update', table: 'planes', values: valores(input), filters: [{ column: 'id', op: 'eq', value: input.id }], returning: ['id'] });
        if (!rows[0]) throw new AppError('not_found', t.noEncontrado);
        return leer(data, input.id);
      }, log);
    },
    async dependencias(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorCargar, () => leerDependencias(data, 'plan', input.id, t.noEncontrado), log);
    },
    async eliminar(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorEliminar, async () => {
        const { rows } = await data.run({ kind: 'delete', table: 'planes', filters: [{ column: 'id', op: 'eq', value: input.id }], returning: ['id'] });
        if (!rows[0]) throw new AppError('not_found', t.noEncontrado);
        return { id: input.id };
      }, log);
    },
    async empresas(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorEmpresas, async () => {
        const { rows } = await data.run({ kind: 'select', table: 'planes_empresas_vista', filters: [{ column: 'plan_id', op: 'eq', value: input.planId }], order: [{ column: 'name' }] });
        return rows.map(normalizarEnlace);
      }, log);
    },
    async desasociar(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorDesasociar, async () => {
        const { rows } = await data.run({ kind: 'delete', table: 'planes_empresas_wordpress', filters: [{ column: 'id', op: 'eq', value: input.id }], returning: ['id'] });
        if (!rows[0]) throw new AppError('not_found', t.errorDesasociar);
        return { id: input.id };
      }, log);
    },
    async empresasWordpress(_input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorEmpresas, async () => {
        const { rows } = await data.run({ kind: 'select', table: 'empresas_wordpress_bots', columns: ['uuid', 'name', 'table_supabase', 'status'], order: [{ column: 'name' }] });
        return rows.map((r) => ({ uuid: String(r.uuid), name: String(r.name), table_supabase: String(r.table_supabase), status: Boolean(r.status) }));
      }, log);
    },
    async asignarEmpresa(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorGuardar, async () => {
        const { rows } = await data.run({
          kind: 'upsert',
          table: 'planes_empresas_wordpress',
          rows: [{ plan_id: input.planId, empresa_wordpress_uuid: input.empresaWordpressUuid }],
          onConflict: ['plan_id', 'empresa_wordpress_uuid'],
          returning: ['id'],
        });
        const id = String(rows[0]!.id);
        const { rows: enlace } = await data.run({ kind: 'select', table: 'planes_empresas_vista', filters: [{ column: 'id', op: 'eq', value: id }] });
        return normalizarEnlace(enlace[0]!);
      }, log);
    },
  };
}
