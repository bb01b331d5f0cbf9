/** Gestión de Planes (part 2 §2, §5, §8), with the real count of associated companies. */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import type { DataPort } from '../../ports';
import { conMensaje, exigirExiste } from '../../operaciones/comun';
import { planes as t } from './texts';
import { leerDependencias } from '../proyectos/repository';
import {
  actualizarPlan,
  asociarEmpresa,
  crearPlan,
  desasociarEmpresa,
  eliminarPlan,
  empresasDelPlan,
  empresasWordpress,
  leerPlan,
  listarPlanes,
  type CamposPlan,
} from './repository';

const existe = exigirExiste(t.noEncontrado);

const leer = async (data: DataPort, id: string) => existe(await leerPlan(data, id));

export function planesOperations({ log }: ApiDeps): AreaImplementation<'planes'> {
  const campos = (input: CamposPlan): CamposPlan => ({
    title: input.title.trim(),
    description: input.description.trim(),
    cost: Math.round(input.cost * 100) / 100,
  });
  return {
    listar: (_input, { data }) => conMensaje(t.errorCargar, () => listarPlanes(data), log),

    crear: (input, { data }) => conMensaje(t.errorGuardar, async () => leer(data, await crearPlan(data, campos(input))), log),

    actualizar: (input, { data }) =>
      conMensaje(t.errorGuardar, async () => {
        existe(await actualizarPlan(data, input.id, campos(input)));
        return leer(data, input.id);
      }, log),

    dependencias: (input, { data }) => conMensaje(t.errorCargar, () => leerDependencias(data, 'plan', input.id, t.noEncontrado), log),

    eliminar: (input, { data }) =>
      conMensaje(t.errorEliminar, async () => {
        existe(await eliminarPlan(data, input.id));
        return { id: input.id };
      }, log),

    empresas: (input, { data }) => conMensaje(t.errorEmpresas, () => empresasDelPlan(data, input.planId), log),

    desasociar: (input, { data }) =>
      conMensaje(t.errorDesasociar, async () => {
        existe(await desasociarEmpresa(data, input.id), t.errorDesasociar);
        return { id: input.id };
      }, log),

    empresasWordpress: (_input, { data }) => conMensaje(t.errorEmpresas, () => empresasWordpress(data), log),

    asignarEmpresa: (input, { data }) => conMensaje(t.errorGuardar, () => asociarEmpresa(data, input.planId, input.empresaWordpressUuid), log),
  };
}
