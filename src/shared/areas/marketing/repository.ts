/** agente_marketing through the data port (the operator's identity: row-level security applies). */
import type { DataPort } from '../../ports';
import { registroDesdeFila, type RegistroMarketing } from './rules';

export interface NuevoRegistro {
  nombre_archivo_url: string;
  nombre_persona: string;
  dominio_extraido: string;
  contenido: string;
  archivo_storage_path?: string;
  archivo_original_name?: string;
}

export interface RegistrosRepository {
  listar(): Promise<RegistroMarketing[]>;
  obtener(id: number): Promise<RegistroMarketing | null>;
  insertar(row: NuevoRegistro): Promise<RegistroMarketing>;
  eliminar(id: number): Promise<void>;
}

export function createRegistrosRepository(data: DataPort): RegistrosRepository {
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
      const { rows } = await data.run({ kind: 'insert', table: 'agente_marketing', rows: [{ ...row }], returning: ['*'] });
      return registroDesdeFila(rows[0]!);
    },
    async eliminar(id) {
      await data.run({ kind: 'delete', table: 'agente_marketing', filters: [{ column: 'id', op: 'eq', value: id }] });
    },
  };
}
