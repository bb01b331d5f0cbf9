/**
 * agente_marketing through the data port (the operator's identity: row-level security applies). The only
 * place that knows the table's column names: records come and go in the api's camelCase shape.
 */
import { instante, numero, textoONulo } from '../../operaciones/filas';
import type { DataPort } from '../../ports';
import type { RegistroMarketing } from './rules';

/** A record to insert (the database sets id and created_at; the file fields only when it was uploaded). */
export type NuevoRegistro = Pick<RegistroMarketing, 'nombreArchivoUrl' | 'dominioExtraido'> & {
  nombrePersona: string;
  contenido: string;
  archivoStoragePath?: string;
  archivoOriginalName?: string;
};

/** Row from the database (any driver) to the screen's shape. */
function registroDesdeFila(row: Record<string, unknown>): RegistroMarketing {
  const s = textoONulo;
  return {
    id: numero(row.id),
    createdAt: instante(row.created_at) ?? '',
    nombreArchivoUrl: String(row.nombre_archivo_url ?? ''),
    nombrePersona: s(row.nombre_persona),
    dominioExtraido: String(row.dominio_extraido ?? 'Sitio sin nombre'),
    contenido: s(row.contenido),
    archivoStoragePath: s(row.archivo_storage_path),
    archivoOriginalName: s(row.archivo_original_name),
  };
}

export interface RegistrosRepository {
  listar(): Promise<RegistroMarketing[]>;
  obtener(id: number): Promise<RegistroMarketing | null>;
  insertar(row: NuevoRegistro): Promise<RegistroMarketing>;
  eliminar(id: number): Promise<void>;
}

export function registrosRepository(data: DataPort): RegistrosRepository {
  return {
    async listar() {
      const { rows } = await data.run({ kind: 'select', table: 'agente_marketing', order: [{ column: 'created_at', ascending: false }, { column: 'id', ascending: false }] });
      return rows.map(registroDesdeFila);
    },
    async obtener(id) {
      const { rows } = await data.run({ kind: 'select', table: 'agente_marketing', filters: [{ column: 'id', op: 'eq', value: id }], limit: 1 });
      return rows[0] ? registroDesdeFila(rows[0]) : null;
    },
    async insertar(row) {
      const fila = {
        nombre_archivo_url: row.nombreArchivoUrl,
        nombre_persona: row.nombrePersona,
        dominio_extraido: row.dominioExtraido,
        contenido: row.contenido,
        ...(row.archivoStoragePath ? { archivo_storage_path: row.archivoStoragePath, archivo_original_name: row.archivoOriginalName } : {}),
      };
      const { rows } = await data.run({ kind: 'insert', table: 'agente_marketing', rows: [fila], returning: ['*'] });
      return registroDesdeFila(rows[0]!);
    },
    async eliminar(id) {
      await data.run({ kind: 'delete', table: 'agente_marketing', filters: [{ column: 'id', op: 'eq', value: id }] });
    },
  };
}
