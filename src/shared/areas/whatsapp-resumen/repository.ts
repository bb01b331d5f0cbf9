/** The summary's one SQL function (bots_resumen): its JSON turned into the screen's shape. */
import type { DataPort } from '../../ports';
import { numero } from '../../operaciones/filas';
import type { DiaResumen, ResumenWhatsapp } from './contract';

function resumenDesdeValor(value: unknown): ResumenWhatsapp {
  const v = (typeof value === 'string' ? JSON.parse(value) : value ?? {}) as Record<string, unknown>;
  const dias = Array.isArray(v.dias) ? (v.dias as Record<string, unknown>[]) : [];
  return {
    totalMensajes: numero(v.totalMensajes),
    totalSesiones: numero(v.totalSesiones),
    mensajesHoy: numero(v.mensajesHoy),
    sesionesActivas: numero(v.sesionesActivas),
    humanos: numero(v.humanos),
    ia: numero(v.ia),
    dias: dias.map((d): DiaResumen => ({ dia: String(d.dia), mensajes: numero(d.mensajes), humanos: numero(d.humanos), ia: numero(d.ia) })),
  };
}

export function whatsappResumenRepository(data: DataPort) {
  return {
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
