/** The bot companies' operations (contract: ./contract.ts); the flow creation is its own concern (./flujo.ts). */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import { conMensaje, sinDuplicado } from '../../operaciones/comun';
import { AppError } from '../../errors';
import { bots as t } from './texts';
import { botsRepository } from './repository';
import { crearFlujo } from './flujo';
import { normalizarNombreTabla, validarNombreTabla } from '../../domain/bot-tablas';

export function botsOperations({ backend, log }: ApiDeps): AreaImplementation<'bots'> {
  return {
    async listarEmpresas({ canal }, ctx) {
      return conMensaje(t.errorCargar, () => botsRepository(ctx.data).empresas(canal), log);
    },

    async guardarEmpresa(input, ctx) {
      const name = input.name.trim();
      const tabla = normalizarNombreTabla(input.tableSupabase);
      if (!name || !tabla) throw new AppError('validation', t.camposIncompletos);
      const invalida = validarNombreTabla(tabla);
      if (invalida) throw new AppError('validation', invalida);
      const repo = botsRepository(ctx.data);
      return conMensaje(t.errorGuardar, async () => {
        if (await repo.tablaEnUso(tabla, { canal: input.canal, clave: input.clave })) throw new AppError('conflict', t.tablaEnUso(tabla));
        if (input.clave && !input.confirmarCambioTabla) {
          // Changing the table of a connected company, or of one with messages, splits its history: the
          // flow keeps writing the old table while the console and the portal read the new one. Only with
          // an explicit confirmation (the screen asks, naming both tables).
          const actual = await repo.empresa(input.canal, input.clave);
          if (!actual) throw new AppError('not_found', t.noEncontrada);
          if (actual.tableSupabase !== tabla) {
            const webhook = actual.webhook !== null;
            const mensajes = await repo.tablaTieneMensajes(actual.tableSupabase);
            if (webhook || mensajes) {
              throw new AppError('conflict', t.cambioTabla.requiereConfirmacion(actual.tableSupabase, tabla), {
                confirmarCambioTabla: { anterior: actual.tableSupabase, nueva: tabla, webhook, mensajes },
              });
            }
          }
        }
        return sinDuplicado(t.tablaEnUso(tabla), async () => {
          if (!input.clave) return repo.crearEmpresa(input.canal, { name, tableSupabase: tabla });
          const empresa = await repo.actualizarEmpresa(input.canal, input.clave, { name, tableSupabase: tabla });
          if (!empresa) throw new AppError('not_found', t.noEncontrada);
          return empresa;
        });
      }, log);
    },

    async eliminarEmpresa({ canal, clave }, ctx) {
      return conMensaje(t.errorEliminar, async () => {
        // §4: deleting only deactivates.
        const empresa = await botsRepository(ctx.data).actualizarEmpresa(canal, clave, { status: false });
        if (!empresa) throw new AppError('not_found', t.noEncontrada);
        return null;
      }, log);
    },

    async crearFlujo({ canal, clave }, ctx) {
      return crearFlujo(backend, botsRepository(ctx.data), canal, clave);
    },
  };
}
