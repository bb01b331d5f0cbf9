/** The service catalogue's table (servicios_disponibles): the only module of the area that knows its names. */
import type { z } from 'zod';
import type { DataPort } from '../../ports';
import { comoColumnas } from '../../operaciones/columnas';
import type { ServicioDisponible } from './rules';
import type { servicios } from './contract';

/** A catalogue entry as the contract parses it, written with its default configuration parsed from the form's JSON text. */
export type CamposServicio = Omit<z.output<typeof servicios.crear.input>, 'configuracionDefault'> & { configuracionDefault: Record<string, unknown> };

const TABLA = 'servicios_disponibles';

/** The contract's field names as the table's columns (only the ones given). */
const columnas = (campos: Partial<CamposServicio>) => comoColumnas(campos, { permiteMultiple: 'permite_multiple', configuracionDefault: 'configuracion_default' });

function normalizar(r: Record<string, unknown>): ServicioDisponible {
  return {
    id: String(r.id),
    nombre: String(r.nombre),
    descripcion: String(r.descripcion),
    tipo: String(r.tipo),
    icono: String(r.icono),
    permiteMultiple: Boolean(r.permite_multiple),
    activo: Boolean(r.activo),
    categoria: String(r.categoria),
    configuracionDefault: r.configuracion_default && typeof r.configuracion_default === 'object' ? (r.configuracion_default as Record<string, unknown>) : {},
    ...(r.created_at ? { createdAt: String(r.created_at) } : {}),
  };
}

export async function listarServicios(data: DataPort, soloActivos: boolean): Promise<ServicioDisponible[]> {
  const { rows } = await data.run({ kind: 'select', table: TABLA, filters: soloActivos ? [{ column: 'activo', op: 'eq', value: true }] : [], order: [{ column: 'nombre' }] });
  return rows.map(normalizar);
}

/** A duplicate type answers 'conflict' (unique index). */
export async function crearServicio(data: DataPort, campos: CamposServicio): Promise<ServicioDisponible> {
  const { rows } = await data.run({ kind: 'insert', table: TABLA, rows: [columnas(campos)], returning: ['*'] });
  return normalizar(rows[0]!);
}

/** Null when there is no such service. */
export async function actualizarServicio(data: DataPort, id: string, campos: Partial<CamposServicio>): Promise<ServicioDisponible | null> {
  const { rows } = await data.run({ kind: 'update', table: TABLA, values: columnas(campos), filters: [{ column: 'id', op: 'eq', value: id }], returning: ['*'] });
  return rows[0] ? normalizar(rows[0]) : null;
}
