/** Reads and writes of the bot companies against the data port: the four company tables and their SQL functions. */
import type { DataPort, Filter } from '../../ports';
import type { CanalBot } from '../../domain/bot-tablas';
import { CANALES } from './rules';
import type { EmpresaBot } from './contract';

/** The row of any of the four company tables, as the data port answers it. */
export interface FilaEmpresaBot {
  uuid?: string | null;
  id?: number | string | null;
  name: string;
  table_supabase: string;
  webhook_n8n: string | null;
  status: boolean;
  created_at: string | null;
}

export function empresaDesdeFila(canal: CanalBot, fila: FilaEmpresaBot): EmpresaBot {
  const info = CANALES[canal];
  const uuid = fila.uuid ? String(fila.uuid) : null;
  const clave = info.clave === 'id' ? String(fila.id ?? '') : String(uuid ?? '');
  return {
    canal,
    clave,
    uuid,
    name: fila.name,
    tableSupabase: fila.table_supabase,
    webhook: fila.webhook_n8n ?? null,
    status: fila.status !== false,
    createdAt: fila.created_at ?? null,
  };
}

function columnas(canal: CanalBot): string[] {
  const base = ['uuid', 'name', 'table_supabase', 'webhook_n8n', 'status', 'created_at'];
  return CANALES[canal].clave === 'id' ? ['id', ...base] : base;
}

export function botsRepository(data: DataPort) {
  return {
    async empresas(canal: CanalBot): Promise<EmpresaBot[]> {
      const r = await data.run<FilaEmpresaBot>({
        kind: 'select',
        table: CANALES[canal].tabla,
        columns: columnas(canal),
        order: [{ column: 'created_at', ascending: false }],
      });
      return r.rows.map((f) => empresaDesdeFila(canal, f));
    },

    async empresa(canal: CanalBot, clave: string): Promise<EmpresaBot | null> {
      const info = CANALES[canal];
      const r = await data.run<FilaEmpresaBot>({
        kind: 'select',
        table: info.tabla,
        columns: columnas(canal),
        filters: [{ column: info.clave, op: 'eq', value: clave }],
        limit: 1,
      });
      return r.rows[0] ? empresaDesdeFila(canal, r.rows[0]) : null;
    },

    /** Companies of any channel (other than `excepto`'s own row) that already use this table. */
    async tablaEnUso(tabla: string, excepto: { canal: CanalBot; clave?: string | undefined }): Promise<boolean> {
      for (const info of Object.values(CANALES)) {
        const filters: Filter[] = [{ column: 'table_supabase', op: 'eq', value: tabla }];
        if (info.canal === excepto.canal && excepto.clave) filters.push({ column: info.clave, op: 'neq', value: excepto.clave });
        const r = await data.run({ kind: 'select', table: info.tabla, columns: ['table_supabase'], filters, limit: 1 });
        if (r.rows.length > 0) return true;
      }
      return false;
    },

    async crearEmpresa(canal: CanalBot, valores: { name: string; tableSupabase: string }): Promise<EmpresaBot> {
      const r = await data.run<FilaEmpresaBot>({
        kind: 'insert',
        table: CANALES[canal].tabla,
        rows: [{ name: valores.name, table_supabase: valores.tableSupabase, status: true }],
        returning: columnas(canal),
      });
      return empresaDesdeFila(canal, r.rows[0]!);
    },

    /** Changes the given fields of one company (camelCase here, the table's columns below). */
    async actualizarEmpresa(canal: CanalBot, clave: string, valores: Partial<Pick<EmpresaBot, 'name' | 'tableSupabase' | 'webhook' | 'status'>>): Promise<EmpresaBot | null> {
      const info = CANALES[canal];
      const columnasDe = { name: 'name', tableSupabase: 'table_supabase', webhook: 'webhook_n8n', status: 'status' } as const;
      const values = Object.fromEntries(Object.entries(valores).map(([k, v]) => [columnasDe[k as keyof typeof columnasDe], v]));
      const r = await data.run<FilaEmpresaBot>({
        kind: 'update',
        table: info.tabla,
        values,
        filters: [{ column: info.clave, op: 'eq', value: clave }],
        returning: columnas(canal),
      });
      return r.rows[0] ? empresaDesdeFila(canal, r.rows[0]) : null;
    },

    /** Raises the Spanish reason (SQL rule) when the table cannot be a company's message table. */
    async verificarTablaMensajes(tabla: string): Promise<void> {
      await data.run({ kind: 'rpc', fn: 'verificar_tabla_mensajes', args: { p_tabla: tabla } });
    },

    /** True when the registered table exists and holds at least one message. */
    async tablaTieneMensajes(tabla: string): Promise<boolean> {
      const r = await data.run<{ value: unknown }>({ kind: 'rpc', fn: 'bots_tabla_tiene_mensajes', args: { p_tabla: tabla } });
      const v = r.rows[0]?.value;
      return v === true || v === 't' || v === 'true';
    },

    async crearTablaMensajes(tabla: string): Promise<void> {
      await data.run({ kind: 'rpc', fn: 'create_message_table', args: { nombre: tabla } });
    },
  };
}

export type BotsRepository = ReturnType<typeof botsRepository>;
