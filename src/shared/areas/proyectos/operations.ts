/** Gestión de Proyectos: list, create/edit, delete, details report (part 2 §2, §3, §4, §8). */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import { conMensaje, exigirExiste, textoONull } from '../../operaciones/comun';
import { proyectos as t } from './texts';
import {
  actualizarProyecto,
  crearProyecto,
  eliminarProyecto,
  leerDependencias,
  leerProyecto,
  listarProyectos,
  reporteProyecto,
  type CamposProyecto,
} from './repository';
import { aprovisionamientoOperations } from './aprovisionamiento';

export function proyectosOperations(deps: ApiDeps): AreaImplementation<'proyectos'> {
  const { backend, log } = deps;
  const campos = (input: Partial<CamposProyecto> & Omit<CamposProyecto, 'fechaInicio' | 'fechaFin'>): CamposProyecto => ({
    nombre: input.nombre.trim(),
    descripcion: input.descripcion.trim(),
    planId: input.planId,
    empresaId: input.empresaId,
    estado: input.estado,
    fechaInicio: textoONull(input.fechaInicio),
    fechaFin: textoONull(input.fechaFin),
  });
  const existe = exigirExiste(t.noEncontrado);

  return {
    listar: (_input, { data }) => conMensaje(t.errorCarga, () => listarProyectos(data), log),

    obtener: (input, { data }) => conMensaje(t.errorCarga, () => leerProyecto(data, input.id), log),

    crear: (input, { data }) =>
      conMensaje(t.errorGuardar, async () => leerProyecto(data, await crearProyecto(data, campos(input))), log),

    actualizar: (input, { data }) =>
      conMensaje(t.errorGuardar, async () => {
        existe(await actualizarProyecto(data, input.id, campos(input)));
        return leerProyecto(data, input.id);
      }, log),

    dependencias: (input, { data }) => conMensaje(t.errorCarga, () => leerDependencias(data, 'proyecto', input.id, t.noEncontrado), log),

    eliminar: (input, { data }) => conMensaje(t.errorEliminar, async () => existe(await eliminarProyecto(data, input.id)), log),

    reporte: (input, { data }) =>
      conMensaje(t.errorCarga, async () => existe(await reporteProyecto(data, input.id, (backend.now ?? (() => new Date()))())), log),

    ...aprovisionamientoOperations(deps),
  };
}
