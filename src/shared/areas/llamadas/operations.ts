/** The call-campaign area's operations (one module per concern beside this file; the contract is ./contract.ts). */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import { conMensaje, exigirExiste } from '../../operaciones/comun';
import { AppError } from '../../errors';
import { llamadasRepository, lotesRepository } from './repository';
import { crearLlamador } from './llamar';
import { audioDeFuncion, limpiarBase64 } from './audio';
import { diaBogota, filasNoLlamar, serieDias } from './rules';
import { llamadas as t } from './texts';
import { registro as textosRegistro } from '../datos/texts-registro';

export function llamadasOperations(deps: ApiDeps): AreaImplementation<'llamadas'> {
  const { backend, log } = deps;
  const existe = exigirExiste(t.campanas.noExiste);

  return {
    // ------------------------------------------------------------------ campaigns
    async listarCampanas(_input, ctx) {
      const repo = llamadasRepository(ctx.data);
      return conMensaje(t.campanas.errorCargar, () => repo.campanas(), log);
    },
    async crearCampana(input, ctx) {
      const repo = llamadasRepository(ctx.data);
      const id = await conMensaje(t.campanas.errorCrear, () => repo.crearCampana(input.nombre.trim(), input.minutos), log);
      const campana = await repo.campana(id);
      if (!campana) throw new AppError('internal', t.campanas.errorCrear);
      return campana;
    },
    async actualizarCampana(input, ctx) {
      const repo = llamadasRepository(ctx.data);
      const values: { nombre: string; minutos?: number } = { nombre: input.nombre.trim() };
      if (input.minutos !== undefined) values.minutos = input.minutos;
      existe(await conMensaje(t.campanas.errorActualizar, () => repo.actualizarCampana(input.id, values), log));
      return (await repo.campana(input.id))!;
    },

    // ------------------------------------------------------------------ clients
    async clientesPagina(input, ctx) {
      const repo = llamadasRepository(ctx.data);
      const desde = (input.pagina - 1) * input.porPagina;
      const res = await conMensaje(
        t.clientes.errorCargar,
        () => repo.clientesPagina(input.campanaId, { nombre: input.nombre, email: input.email, telefono: input.telefono, empresa: input.empresa }, desde, input.porPagina),
        log,
      );
      return { total: res.total, pagina: input.pagina, porPagina: input.porPagina, filas: res.filas };
    },
    async estadisticas(input, ctx) {
      const repo = llamadasRepository(ctx.data);
      return existe(await conMensaje(t.clientes.errorCargar, () => repo.estadisticas(input.campanaId), log));
    },
    async crearCliente(input, ctx) {
      return guardandoCliente(() => llamadasRepository(ctx.data).crearCliente(input));
    },
    async actualizarCliente(input, ctx) {
      return existe(await guardandoCliente(() => llamadasRepository(ctx.data).actualizarCliente(input.id, input)), t.clientes.noExiste);
    },
    async eliminarCliente(input, ctx) {
      const repo = llamadasRepository(ctx.data);
      existe(await conMensaje(t.clientes.errorEliminar, () => repo.eliminarCliente(input.id), log), t.clientes.noExiste);
      return null;
    },

    // ------------------------------------------------------------------ call configuration
    async configuracion(input, ctx) {
      const repo = llamadasRepository(ctx.data);
      return conMensaje(t.configuracion.errorCargar, () => repo.configuracion(input.campanaId), log);
    },
    async guardarConfiguracion(input, ctx) {
      const repo = llamadasRepository(ctx.data);
      const { campanaId, ...values } = input;
      return conMensaje(t.configuracion.errorGuardar, async () => {
        const existing = await repo.configuracion(campanaId);
        if (existing) return { configuracion: await repo.actualizarConfiguracion(existing.id, values), creada: false };
        existe(await repo.campana(campanaId));
        return { configuracion: await repo.insertarConfiguracion(campanaId, values), creada: true };
      }, log);
    },

    // ------------------------------------------------------------------ CSV import
    async clavesExistentes(input, ctx) {
      const repo = llamadasRepository(ctx.data);
      // The keys arrive normalised: the contract's schema (filasDeCliente, cliente.ts) cleans them on parse.
      return conMensaje(t.clientes.errorCargar, () => repo.clavesExistentes(input.campanaId, input.claves), log);
    },
    async importarClientes(input, ctx) {
      const repo = llamadasRepository(ctx.data);
      // The rows arrive cleaned as the renderer's preview cleaned them: the contract's schema did it again.
      return conMensaje(t.csv.errorGuardar, async () => {
        existe(await repo.campana(input.campanaId));
        return repo.importar(input.campanaId, input.filas);
      }, log);
    },

    // ------------------------------------------------------------------ calling
    ...crearLlamador(deps),

    // ------------------------------------------------------------------ the shared 'No llamar' list
    async noLlamarListar(input, ctx) {
      const repo = lotesRepository(ctx.data);
      return conMensaje(t.noLlamar.errorCargar, () => repo.noLlamarPagina(input.q, (input.pagina - 1) * input.porPagina, input.porPagina), log);
    },
    async noLlamarAgregar(input, ctx) {
      const repo = lotesRepository(ctx.data);
      return { agregado: await conMensaje(t.noLlamar.errorGuardar, () => repo.noLlamarAgregar(input.telefono, input.motivo ?? 'manual'), log) };
    },
    async noLlamarQuitar(input, ctx) {
      const repo = lotesRepository(ctx.data);
      return { quitado: await conMensaje(t.noLlamar.errorGuardar, () => repo.noLlamarQuitar(input.telefono), log) };
    },
    async noLlamarImportar(input, ctx) {
      const repo = lotesRepository(ctx.data);
      const { filas, invalidos } = filasNoLlamar(input.telefonos);
      if (filas.length === 0) return { agregados: 0, yaEstaban: 0, invalidos };
      const r = await conMensaje(t.noLlamar.errorGuardar, () => repo.noLlamarImportar(filas), log);
      return { ...r, invalidos };
    },

    // ------------------------------------------------------------------ history and audio
    async historial(input, ctx) {
      const repo = llamadasRepository(ctx.data);
      return conMensaje(t.clientes.errorCargarLlamadas, () => repo.historial(input.telefono, input.q), log);
    },
    async audio(input, ctx) {
      const repo = llamadasRepository(ctx.data);
      // Hosted: the project's audio function; embedded: the audio table (see ./audio.ts).
      // The functions port answers in Spanish naming the function that failed (es.errores.funcionNoDisponible):
      // that message is the useful one, so only the database read gets the area's own.
      const desdeTabla = () =>
        conMensaje(t.clientes.errorCargarLlamadas, async () => limpiarBase64((await repo.audio(input.conversationId)) ?? ''), log);
      const leer = backend.functionsFor
        ? audioDeFuncion(backend.functionsFor(ctx.session), input.conversationId).catch((error: unknown) => {
            // 404: a project where `supabase functions deploy audio-llamada` was never run (or the function found
            // nothing): the same row through the data API, with the operator's own rights, so a fresh project plays.
            if (AppError.is(error) && error.code === 'not_found') return desdeTabla();
            throw error;
          })
        : desdeTabla();
      const base64 = await leer.catch((error: unknown) => {
        if (AppError.is(error) && error.code === 'not_found') return null;
        throw error;
      });
      if (!base64) throw new AppError('not_found', t.historial.audioNoEncontrado);
      return { base64, mime: 'audio/mpeg' };
    },

    // ------------------------------------------------------------------ Resumen
    async resumen(input, ctx) {
      const repo = llamadasRepository(ctx.data);
      const desde = input.desde ? new Date(input.desde).toISOString() : null;
      const hasta = input.hasta ? new Date(input.hasta).toISOString() : null;
      if (desde && hasta && desde > hasta) throw new AppError('validation', t.resumen.rangoInvalido);
      const r = await conMensaje(t.resumen.errorCargar, () => repo.resumen(input.campanaId, desde, hasta), log);
      const serie = serieDias(r.grupos, desde ? diaBogota(desde) : null, hasta ? diaBogota(hasta) : null);
      // Part 1 §7: the loaded counts and the range go to the diagnostic log (ids and numbers, no names or phones).
      log(textosRegistro.lineas.resumenCargado(input.campanaId, r.totalClientes, r.totalLlamadas, desde, hasta));
      return {
        tarjetas: { totalClientes: r.totalClientes, totalLlamadas: r.totalLlamadas, llamadasDone: r.llamadasDone, enRango: r.enRango },
        primera: r.primera,
        ultima: r.ultima,
        ...serie,
      };
    },
  };
}

/** Saving a client: a duplicate (email, telefono) in the campaign is the form's message; checks and auth pass through. */
async function guardandoCliente<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (AppError.is(error)) {
      if (error.code === 'conflict') throw new AppError('conflict', t.clientes.duplicado);
      if (error.code === 'validation' || error.code === 'unauthenticated' || error.code === 'forbidden') throw error;
    }
    throw new AppError('internal', t.clientes.errorGuardar);
  }
}
