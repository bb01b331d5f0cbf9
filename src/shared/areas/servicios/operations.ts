/** Administración de Servicios: the catalogue (part 2 §2, §3, §5, §8). */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import { AppError } from '../../errors';
import { conMensaje, exigirExiste, sinDuplicado } from '../../operaciones/comun';
import { servicios as t } from './texts';
import { parsearConfiguracion } from './rules';
import { actualizarServicio, crearServicio, listarServicios, type CamposServicio } from './repository';

type EntradaServicio = Omit<CamposServicio, 'configuracionDefault'> & { configuracionDefault: string };

export function serviciosOperations({ log }: ApiDeps): AreaImplementation<'servicios'> {
  const campos = (input: EntradaServicio): CamposServicio => {
    const cfg = parsearConfiguracion(input.configuracionDefault);
    if (!cfg.ok) throw new AppError('validation', cfg.error);
    return {
      nombre: input.nombre,
      tipo: input.tipo,
      descripcion: input.descripcion,
      categoria: input.categoria,
      icono: input.icono,
      permiteMultiple: input.permiteMultiple,
      activo: input.activo,
      configuracionDefault: cfg.valor,
    };
  };
  /** The type is unique. */
  const tipoUnico = <T>(work: () => Promise<T>) => sinDuplicado(t.tipoDuplicado, work);
  const existe = exigirExiste(t.errorGuardar);

  return {
    listar: (input, { data }) => conMensaje(t.errorCargar, () => listarServicios(data, input.soloActivos === true), log),

    crear: (input, { data }) => conMensaje(t.errorGuardar, () => tipoUnico(() => crearServicio(data, campos(input))), log),

    actualizar: (input, { data }) =>
      conMensaje(t.errorGuardar, () => tipoUnico(async () => existe(await actualizarServicio(data, input.id, campos(input)))), log),

    cambiarEstado: (input, { data }) =>
      conMensaje(t.errorEstado, async () => existe(await actualizarServicio(data, input.id, { activo: input.activo }), t.errorEstado), log),
  };
}
