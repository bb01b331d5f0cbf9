import type { ApiDeps, ApiImplementation } from '../types';
import type { CallContext } from '../context';
import { requireSession } from '../session';
import { AppError } from '../../errors';
import { es } from '../../i18n/es';
import { botsRepository, type BotsRepository } from './repository';
import { crearFlujo } from './flujo';
import { normalizarNombreTabla, validarNombreTabla } from '../../domain/bot-tablas';

const t = es.bots;
const tm = es.mensajes;

/** Rows a CSV export may hold (one per session). */
export const LIMITE_EXPORTACION = 100_000;

/** A database failure that is not already a message for people becomes the area's own message. */
async function con<T>(fallback: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (AppError.is(error)) throw error;
    throw new AppError('internal', fallback);
  }
}

/** This area's operations (one module per concern beside this file); see the contract in ../../contract/areas. */
export function botsApi(deps: ApiDeps): Pick<ApiImplementation, 'bots' | 'mensajes' | 'whatsappResumen'> {
  const { backend } = deps;
  const repoFor = async (ctx: CallContext): Promise<BotsRepository> => botsRepository(backend.dataFor(await requireSession(backend, ctx)));
  const ahora = () => backend.now?.() ?? new Date();

  return {
    bots: {
      async listarEmpresas({ canal }, ctx) {
        const repo = await repoFor(ctx);
        return con(t.errorCargar, () => repo.empresas(canal));
      },

      async guardarEmpresa(input, ctx) {
        const name = input.name.trim();
        const tabla = normalizarNombreTabla(input.table_supabase);
        if (!name || !tabla) throw new AppError('validation', t.camposIncompletos);
        const invalida = validarNombreTabla(tabla);
        if (invalida) throw new AppError('validation', invalida);
        const repo = await repoFor(ctx);
        return con(t.errorGuardar, async () => {
          if (await repo.tablaEnUso(tabla, { canal: input.canal, clave: input.clave })) throw new AppError('conflict', t.tablaEnUso(tabla));
          if (input.clave && !input.confirmarCambioTabla) {
            // Changing the table of a connected company, or of one with messages, splits its history: the
            // flow keeps writing the old table while the console and the portal read the new one. Only with
            // an explicit confirmation (the screen asks, naming both tables).
            const actual = await repo.empresa(input.canal, input.clave);
            if (!actual) throw new AppError('not_found', t.noEncontrada);
            if (actual.table_supabase !== tabla) {
              const webhook = actual.webhook_n8n !== null;
              const mensajes = await repo.tablaTieneMensajes(actual.table_supabase);
              if (webhook || mensajes) {
                throw new AppError('conflict', t.cambioTabla.requiereConfirmacion(actual.table_supabase, tabla), {
                  confirmarCambioTabla: { anterior: actual.table_supabase, nueva: tabla, webhook, mensajes },
                });
              }
            }
          }
          try {
            if (!input.clave) return await repo.crearEmpresa(input.canal, { name, table_supabase: tabla });
            const empresa = await repo.actualizarEmpresa(input.canal, input.clave, { name, table_supabase: tabla });
            if (!empresa) throw new AppError('not_found', t.noEncontrada);
            return empresa;
          } catch (error) {
            if (AppError.is(error) && error.code === 'conflict') throw new AppError('conflict', t.tablaEnUso(tabla));
            throw error;
          }
        });
      },

      async eliminarEmpresa({ canal, clave }, ctx) {
        const repo = await repoFor(ctx);
        return con(t.errorEliminar, async () => {
          // §4: deleting only deactivates.
          const empresa = await repo.actualizarEmpresa(canal, clave, { status: false });
          if (!empresa) throw new AppError('not_found', t.noEncontrada);
          return null;
        });
      },

      async crearFlujo({ canal, clave }, ctx) {
        const repo = await repoFor(ctx);
        return crearFlujo(backend, repo, canal, clave);
      },
    },

    mensajes: {
      async empresas({ canal }, ctx) {
        const repo = await repoFor(ctx);
        return con(tm.errorDatos, () => repo.opciones(canal));
      },

      async sesiones(input, ctx) {
        const repo = await repoFor(ctx);
        return con(tm.errorCargar, async () => {
          const desde = (input.pagina - 1) * input.porPagina;
          const pagina = await repo.sesiones(input.tabla, input.busqueda, input.enMensajes, desde, input.porPagina);
          if (pagina.sesiones.length === 0 && desde > 0) {
            // Past the end: still answer the total so the screen can go back.
            const primera = await repo.sesiones(input.tabla, input.busqueda, input.enMensajes, 0, 1);
            return { sesiones: [], total: primera.total };
          }
          return pagina;
        });
      },

      async estadisticas({ tabla }, ctx) {
        const repo = await repoFor(ctx);
        return con(tm.errorCargar, () => repo.estadisticas(tabla, ahora()));
      },

      async conversacion({ tabla, sessionId }, ctx) {
        const repo = await repoFor(ctx);
        return con(tm.errorConversacion, () => repo.conversacion(tabla, sessionId));
      },

      async exportar(input, ctx) {
        const repo = await repoFor(ctx);
        return con(tm.errorExportar, async () => (await repo.sesiones(input.tabla, input.busqueda, input.enMensajes, 0, LIMITE_EXPORTACION)).sesiones);
      },
    },

    whatsappResumen: {
      async resumen({ tabla, busqueda }, ctx) {
        const repo = await repoFor(ctx);
        return con(tm.errorDatos, () => repo.resumen(tabla, busqueda, ahora()));
      },
    },
  };
}
