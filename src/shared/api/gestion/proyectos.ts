/** Gestión de Proyectos: list, create/edit, delete, details report (part 2 §2, §3, §4, §8). */
import type { ApiDeps, ApiImplementation } from '../types';
import { AppError } from '../../errors';
import { proyectos as t } from '../../i18n/areas/gestion';
import type { ReporteProyecto } from '../../domain/proyectos';
import { conMensaje, num, sesion, textoONull } from '../comun';
import { leerDependencias, leerProyecto, normalizarProyecto } from './repositorio';
import { aprovisionamientoApi } from './aprovisionamiento';

type Ops = ApiImplementation['proyectos'];

export function proyectosApi(deps: ApiDeps): Ops {
  const { backend, log } = deps;
  const valores = (input: { nombre: string; descripcion: string; plan_id: string; empresa_id: string; estado: string; fecha_inicio?: string | null; fecha_fin?: string | null }) => ({
    nombre: input.nombre.trim(),
    descripcion: input.descripcion.trim(),
    plan_id: input.plan_id,
    empresa_id: input.empresa_id,
    estado: input.estado,
    fecha_inicio: textoONull(input.fecha_inicio),
    fecha_fin: textoONull(input.fecha_fin),
  });

  return {
    async listar(_input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorCarga, async () => {
        const { rows } = await data.run({ kind: 'select', table: 'proyectos_vista', order: [{ column: 'created_at', ascending: false }, { column: 'id' }] });
        return rows.map(normalizarProyecto);
      }, log);
    },

    async obtener(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorCarga, () => leerProyecto(data, input.id), log);
    },

    async crear(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorGuardar, async () => {
        // The status history row is written by the database trigger with the operator's id.
        const { rows } = await data.run<{ id: string }>({ kind: 'insert', table: 'proyectos', rows: [{ ...valores(input), servicios_instancias: '[]' }], returning: ['id'] });
        return leerProyecto(data, String(rows[0]!.id));
      }, log);
    },

    async actualizar(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorGuardar, async () => {
        const { rows } = await data.run({ kind: 'update', table: 'proyectos', values: valores(input), filters: [{ column: 'id', op: 'eq', value: input.id }], returning: ['id'] });
        if (!rows[0]) throw new AppError('not_found', t.noEncontrado);
        return leerProyecto(data, input.id);
      }, log);
    },

    async dependencias(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorCarga, () => leerDependencias(data, 'proyecto', input.id, t.noEncontrado), log);
    },

    async eliminar(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorEliminar, async () => {
        // One transaction in SQL: each service goes as 'Eliminar servicio' deletes it (the bot companies only
        // this project used are deactivated), then the project.
        const { rows } = await data.run<{ value: { id: string; empresas_desactivadas: Array<{ tipo_servicio: string; empresa_uuid: string }> } | null }>({
          kind: 'rpc',
          fn: 'eliminar_proyecto',
          args: { p_id: input.id },
        });
        const r = rows[0]?.value;
        if (!r) throw new AppError('not_found', t.noEncontrado);
        return {
          id: String(r.id),
          empresas_desactivadas: (r.empresas_desactivadas ?? []).map((e) => ({ tipo_servicio: String(e.tipo_servicio), empresa_uuid: String(e.empresa_uuid) })),
        };
      }, log);
    },

    async reporte(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorCarga, async () => {
        const ahora = (backend.now ?? (() => new Date()))();
        const { rows } = await data.run<{ value: ReporteProyecto | null }>({ kind: 'rpc', fn: 'reporte_proyecto', args: { p_proyecto: input.id, p_ahora: ahora.toISOString() } });
        const r = rows[0]?.value;
        if (!r) throw new AppError('not_found', t.noEncontrado);
        return {
          ...r,
          dias_vida: num(r.dias_vida),
          progreso: num(r.progreso),
          historial: r.historial.map((h) => ({ ...h, fecha: new Date(h.fecha).toISOString() })),
          hitos: r.hitos.map((h) => ({ ...h, fecha: new Date(h.fecha).toISOString() })),
        };
      }, log);
    },

    ...aprovisionamientoApi(deps),
  };
}
