/** The message browsers' operations (contract: ./contract.ts): sessions, cards, one conversation, the CSV. */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import { conMensaje } from '../../operaciones/comun';
import { mensajes as t } from './texts';
import { mensajesRepository } from './repository';

/** Rows a CSV export may hold (one per session). */
const LIMITE_EXPORTACION = 100_000;

export function mensajesOperations({ backend, log }: ApiDeps): AreaImplementation<'mensajes'> {
  const ahora = () => backend.now?.() ?? new Date();
  return {
    async empresas({ canal }, ctx) {
      return conMensaje(t.errorDatos, () => mensajesRepository(ctx.data).opciones(canal), log);
    },

    async sesiones(input, ctx) {
      const repo = mensajesRepository(ctx.data);
      return conMensaje(t.errorCargar, async () => {
        const desde = (input.pagina - 1) * input.porPagina;
        const pagina = await repo.sesiones(input.tabla, input.busqueda, input.enMensajes, desde, input.porPagina);
        if (pagina.sesiones.length === 0 && desde > 0) {
          // Past the end: still answer the total so the screen can go back.
          const primera = await repo.sesiones(input.tabla, input.busqueda, input.enMensajes, 0, 1);
          return { sesiones: [], total: primera.total };
        }
        return pagina;
      }, log);
    },

    async estadisticas({ tabla }, ctx) {
      return conMensaje(t.errorCargar, () => mensajesRepository(ctx.data).estadisticas(tabla, ahora()), log);
    },

    async conversacion({ tabla, sessionId }, ctx) {
      return conMensaje(t.errorConversacion, () => mensajesRepository(ctx.data).conversacion(tabla, sessionId), log);
    },

    async exportar(input, ctx) {
      return conMensaje(
        t.errorExportar,
        async () => (await mensajesRepository(ctx.data).sesiones(input.tabla, input.busqueda, input.enMensajes, 0, LIMITE_EXPORTACION)).sesiones,
        log,
      );
    },
  };
}
