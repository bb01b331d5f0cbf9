/** Reads and writes of the bot area against the data port: the four company tables and the SQL functions. */
import type { DataPort, Filter } from '../../ports';
import { CANALES, empresaDesdeFila, type CanalBot, type EmpresaBot, type FilaEmpresaBot } from '../../domain/bots';
import type {
  DiaResumen,
  EmpresaOpcion,
  Estadisticas,
  MensajeConversacion,
  ResumenWhatsapp,
  Sesion,
} from '../../domain/mensajes';

const num = (v: unknown): number => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};
const textoONulo = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function columnas(canal: CanalBot): string[] {
  const base = ['uuid', 'name', 'table_supabase', 'webhook_n8n', 'status', 'created_at'];
  return CANALES[canal].clave === 'id' ? ['id', ...base] : base;
}

interface FilaSesion {
  session_id: string;
  mensajes: unknown;
  humanos: unknown;
  primer_mensaje: string | null;
  ultimo_mensaje: string | null;
  ultimo_mensaje_crudo: string | null;
  ultimo_texto: string | null;
  total: unknown;
}

export function sesionDesdeFila(f: FilaSesion): Sesion {
  const mensajes = num(f.mensajes);
  const humanos = num(f.humanos);
  return {
    sessionId: String(f.session_id),
    mensajes,
    humanos,
    ia: mensajes - humanos,
    primerMensaje: textoONulo(f.primer_mensaje),
    ultimoMensaje: textoONulo(f.ultimo_mensaje),
    ultimoMensajeCrudo: textoONulo(f.ultimo_mensaje_crudo),
    ultimoTexto: f.ultimo_texto ?? '',
  };
}

function resumenDesdeValor(value: unknown): ResumenWhatsapp {
  const v = (typeof value === 'string' ? JSON.parse(value) : value ?? {}) as Record<string, unknown>;
  const dias = Array.isArray(v.dias) ? (v.dias as Record<string, unknown>[]) : [];
  return {
    totalMensajes: num(v.totalMensajes),
    totalSesiones: num(v.totalSesiones),
    mensajesHoy: num(v.mensajesHoy),
    sesionesActivas: num(v.sesionesActivas),
    humanos: num(v.humanos),
    ia: num(v.ia),
    dias: dias.map((d): DiaResumen => ({ dia: String(d.dia), mensajes: num(d.mensajes), humanos: num(d.humanos), ia: num(d.ia) })),
  };
}

export function botsRepository(data: DataPort) {
  return {
    // ------------------------------------------------------------------ companies
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
    async tablaEnUso(tabla: string, excepto: { canal: CanalBot; clave?: string }): Promise<boolean> {
      for (const info of Object.values(CANALES)) {
        const filters: Filter[] = [{ column: 'table_supabase', op: 'eq', value: tabla }];
        if (info.canal === excepto.canal && excepto.clave) filters.push({ column: info.clave, op: 'neq', value: excepto.clave });
        const r = await data.run({ kind: 'select', table: info.tabla, columns: ['table_supabase'], filters, limit: 1 });
        if (r.rows.length > 0) return true;
      }
      return false;
    },

    async crearEmpresa(canal: CanalBot, valores: { name: string; table_supabase: string }): Promise<EmpresaBot> {
      const r = await data.run<FilaEmpresaBot>({
        kind: 'insert',
        table: CANALES[canal].tabla,
        rows: [{ ...valores, status: true }],
        returning: columnas(canal),
      });
      return empresaDesdeFila(canal, r.rows[0]!);
    },

    async actualizarEmpresa(canal: CanalBot, clave: string, valores: Record<string, unknown>): Promise<EmpresaBot | null> {
      const info = CANALES[canal];
      const r = await data.run<FilaEmpresaBot>({
        kind: 'update',
        table: info.tabla,
        values: valores,
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

    async opciones(canal: CanalBot): Promise<EmpresaOpcion[]> {
      const r = await data.run<{ name: string; table_supabase: string }>({
        kind: 'select',
        table: CANALES[canal].tabla,
        columns: ['name', 'table_supabase'],
        order: [{ column: 'name' }],
      });
      return r.rows.map((f) => ({ nombre: f.name, tabla: f.table_supabase }));
    },

    // ------------------------------------------------------------------ messages (SQL functions)
    async sesiones(tabla: string, busqueda: string, enMensajes: boolean, desde: number, limite: number): Promise<{ sesiones: Sesion[]; total: number }> {
      const r = await data.run<FilaSesion>({
        kind: 'rpc',
        fn: 'bots_sesiones',
        args: { p_tabla: tabla, p_busqueda: busqueda, p_en_mensajes: enMensajes, p_desde: desde, p_limite: limite },
      });
      return { sesiones: r.rows.map(sesionDesdeFila), total: r.rows.length > 0 ? num(r.rows[0]!.total) : 0 };
    },

    async estadisticas(tabla: string, ahora: Date): Promise<Estadisticas> {
      const r = await data.run<Record<string, unknown>>({ kind: 'rpc', fn: 'bots_estadisticas', args: { p_tabla: tabla, p_ahora: ahora.toISOString() } });
      const f = r.rows[0] ?? {};
      return {
        totalMensajes: num(f.total_mensajes),
        totalSesiones: num(f.total_sesiones),
        mensajesHoy: num(f.mensajes_hoy),
        sesionesActivas: num(f.sesiones_activas),
      };
    },

    async conversacion(tabla: string, sessionId: string): Promise<MensajeConversacion[]> {
      const r = await data.run<Record<string, unknown>>({ kind: 'rpc', fn: 'bots_conversacion', args: { p_tabla: tabla, p_sesion: sessionId } });
      return r.rows.map((f) => ({
        id: num(f.id),
        message: f.message ?? null,
        fecha: textoONulo(f.created_at),
        fechaCruda: textoONulo(f.created_at_crudo),
      }));
    },

    async resumen(tabla: string, busqueda: string, ahora: Date): Promise<ResumenWhatsapp> {
      const r = await data.run<{ value: unknown }>({
        kind: 'rpc',
        fn: 'bots_resumen',
        args: { p_tabla: tabla, p_busqueda: busqueda, p_ahora: ahora.toISOString() },
      });
      return resumenDesdeValor(r.rows[0]?.value);
    },
  };
}

export type BotsRepository = ReturnType<typeof botsRepository>;
