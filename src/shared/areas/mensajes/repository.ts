/**
 * Reads of the message browsers: the companies' tables (names only) and the SQL functions over a message
 * table. The session and message row readers are shared with the portal, whose SQL answers the same columns.
 */
import type { DataPort } from '../../ports';
import { numero, textoONulo } from '../../operaciones/filas';
import type { CanalBot } from '../../domain/bot-tablas';
import { CANALES } from '../bots/rules';
import type { EmpresaOpcion, Estadisticas, MensajeConversacion, Sesion } from './formas';

type Fila = Record<string, unknown>;

/** One session as bots_sesiones and portal_whatsapp_sesiones answer it. */
export function sesionDesdeFila(f: Fila): Sesion {
  const mensajes = numero(f.mensajes);
  const humanos = numero(f.humanos);
  return {
    sessionId: String(f.session_id ?? ''),
    mensajes,
    humanos,
    ia: mensajes - humanos,
    primerMensaje: textoONulo(f.primer_mensaje),
    ultimoMensaje: textoONulo(f.ultimo_mensaje),
    ultimoMensajeCrudo: textoONulo(f.ultimo_mensaje_crudo),
    ultimoTexto: textoONulo(f.ultimo_texto) ?? '',
  };
}

/** One message as bots_conversacion and portal_whatsapp_conversacion answer it. */
export function mensajeDesdeFila(f: Fila): MensajeConversacion {
  return { id: numero(f.id), message: f.message ?? null, fecha: textoONulo(f.created_at), fechaCruda: textoONulo(f.created_at_crudo) };
}

export function mensajesRepository(data: DataPort) {
  return {
    async opciones(canal: CanalBot): Promise<EmpresaOpcion[]> {
      const r = await data.run<{ name: string; table_supabase: string }>({
        kind: 'select',
        table: CANALES[canal].tabla,
        columns: ['name', 'table_supabase'],
        order: [{ column: 'name' }],
      });
      return r.rows.map((f) => ({ nombre: f.name, tabla: f.table_supabase }));
    },

    async sesiones(tabla: string, busqueda: string, enMensajes: boolean, desde: number, limite: number): Promise<{ sesiones: Sesion[]; total: number }> {
      const r = await data.run<Fila>({
        kind: 'rpc',
        fn: 'bots_sesiones',
        args: { p_tabla: tabla, p_busqueda: busqueda, p_en_mensajes: enMensajes, p_desde: desde, p_limite: limite },
      });
      return { sesiones: r.rows.map(sesionDesdeFila), total: r.rows.length > 0 ? numero(r.rows[0]!.total) : 0 };
    },

    async estadisticas(tabla: string, ahora: Date): Promise<Estadisticas> {
      const r = await data.run<Fila>({ kind: 'rpc', fn: 'bots_estadisticas', args: { p_tabla: tabla, p_ahora: ahora.toISOString() } });
      const f = r.rows[0] ?? {};
      return {
        totalMensajes: numero(f.total_mensajes),
        totalSesiones: numero(f.total_sesiones),
        mensajesHoy: numero(f.mensajes_hoy),
        sesionesActivas: numero(f.sesiones_activas),
      };
    },

    async conversacion(tabla: string, sessionId: string): Promise<MensajeConversacion[]> {
      const r = await data.run<Fila>({ kind: 'rpc', fn: 'bots_conversacion', args: { p_tabla: tabla, p_sesion: sessionId } });
      return r.rows.map(mensajeDesdeFila);
    },
  };
}
