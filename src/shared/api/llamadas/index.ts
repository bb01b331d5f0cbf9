import type { ApiDeps, ApiImplementation } from '../types';
import type { AuthSession } from '../../ports';
import type { CallContext } from '../context';
import { requireSession } from '../session';
import { AppError } from '../../errors';
import { es } from '../../i18n/es';
import { llamadasRepository, type LlamadasRepository } from './repository';
import { crearLlamador } from './llamar';
import { audioDeFuncion, limpiarBase64 } from './audio';
import { diaBogota, serieDias } from '../../domain/llamadas-reglas';
import { normalizarEmail, normalizarTelefono, limpiarCampo } from '../../domain/csv-clientes';

const t = es.llamadas;

/** Any database failure that is not already a message for people becomes the area's own message. */
async function con<T>(fallback: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (AppError.is(error)) throw error;
    throw new AppError('internal', fallback);
  }
}

/** This area's operations (one module per concern beside this file); see the contract in ../../contract/areas. */
export function llamadasApi(deps: ApiDeps): Pick<ApiImplementation, 'llamadas'> {
  const { backend, log } = deps;
  const ctxRepo = async (ctx: CallContext): Promise<{ session: AuthSession; repo: LlamadasRepository }> => {
    const session = await requireSession(backend, ctx);
    return { session, repo: llamadasRepository(backend.dataFor(session)) };
  };
  const llamador = crearLlamador(deps);

  return {
    llamadas: {
      // ------------------------------------------------------------------ campaigns
      async listarCampanas(_input, ctx) {
        const { repo } = await ctxRepo(ctx);
        return con(t.campanas.errorCargar, () => repo.campanas());
      },
      async crearCampana(input, ctx) {
        const { repo } = await ctxRepo(ctx);
        const id = await con(t.campanas.errorCrear, () => repo.crearCampana(input.nombre.trim(), input.minutos));
        const campana = await repo.campana(id);
        if (!campana) throw new AppError('internal', t.campanas.errorCrear);
        return campana;
      },
      async actualizarCampana(input, ctx) {
        const { repo } = await ctxRepo(ctx);
        const values: { nombre: string; minutos?: number } = { nombre: input.nombre.trim() };
        if (input.minutos !== undefined) values.minutos = input.minutos;
        const ok = await con(t.campanas.errorActualizar, () => repo.actualizarCampana(input.id, values));
        if (!ok) throw new AppError('not_found', t.campanas.noExiste);
        return (await repo.campana(input.id))!;
      },

      // ------------------------------------------------------------------ clients
      async clientesPagina(input, ctx) {
        const { repo } = await ctxRepo(ctx);
        const desde = (input.pagina - 1) * input.porPagina;
        const res = await con(t.clientes.errorCargar, () =>
          repo.clientesPagina(input.campanaId, { nombre: input.nombre, email: input.email, telefono: input.telefono, empresa: input.empresa }, desde, input.porPagina),
        );
        return { total: res.total, pagina: input.pagina, porPagina: input.porPagina, filas: res.filas };
      },
      async estadisticas(input, ctx) {
        const { repo } = await ctxRepo(ctx);
        const stats = await con(t.clientes.errorCargar, () => repo.estadisticas(input.campanaId));
        if (!stats) throw new AppError('not_found', t.campanas.noExiste);
        return stats;
      },
      async crearCliente(input, ctx) {
        const { repo } = await ctxRepo(ctx);
        try {
          return await repo.crearCliente(clienteValues(input));
        } catch (error) {
          throw mapClienteError(error);
        }
      },
      async actualizarCliente(input, ctx) {
        const { repo } = await ctxRepo(ctx);
        let updated;
        try {
          updated = await repo.actualizarCliente(input.id, clienteValues(input));
        } catch (error) {
          throw mapClienteError(error);
        }
        if (!updated) throw new AppError('not_found', t.clientes.noExiste);
        return updated;
      },
      async eliminarCliente(input, ctx) {
        const { repo } = await ctxRepo(ctx);
        const ok = await con(t.clientes.errorEliminar, () => repo.eliminarCliente(input.id));
        if (!ok) throw new AppError('not_found', t.clientes.noExiste);
        return null;
      },

      // ------------------------------------------------------------------ call configuration
      async configuracion(input, ctx) {
        const { repo } = await ctxRepo(ctx);
        return con(t.configuracion.errorCargar, () => repo.configuracion(input.campanaId));
      },
      async guardarConfiguracion(input, ctx) {
        const { repo } = await ctxRepo(ctx);
        const values = {
          agentid: input.agentid,
          agentphonenumberid: input.agentphonenumberid,
          prompt: input.prompt,
          hora_inicio: input.horaInicio,
          hora_fin: input.horaFin,
          zona_horaria: input.zonaHoraria,
          max_simultaneas: input.maxSimultaneas,
        };
        return con(t.configuracion.errorGuardar, async () => {
          const existing = await repo.configuracion(input.campanaId);
          if (existing) return { configuracion: await repo.actualizarConfiguracion(existing.id, values), creada: false };
          if (!(await repo.campana(input.campanaId))) throw new AppError('not_found', t.campanas.noExiste);
          return { configuracion: await repo.insertarConfiguracion({ ...values, campana_id: input.campanaId }), creada: true };
        });
      },

      // ------------------------------------------------------------------ CSV import
      async clavesExistentes(input, ctx) {
        const { repo } = await ctxRepo(ctx);
        const claves = input.claves.map((c) => ({ email: normalizarEmail(c.email), telefono: normalizarTelefono(c.telefono) }));
        return con(t.clientes.errorCargar, () => repo.clavesExistentes(input.campanaId, claves));
      },
      async importarClientes(input, ctx) {
        const { repo } = await ctxRepo(ctx);
        // The same cleaning as the renderer's preview, again here: the database never sees a NUL byte.
        const filas = input.filas.map((f) => ({
          nombre: limpiarCampo(f.nombre),
          apellido: limpiarCampo(f.apellido),
          email: normalizarEmail(f.email),
          telefono: normalizarTelefono(f.telefono),
          empresa: limpiarCampo(f.empresa),
          cargo: limpiarCampo(f.cargo),
        }));
        return con(t.csv.errorGuardar, async () => {
          if (!(await repo.campana(input.campanaId))) throw new AppError('not_found', t.campanas.noExiste);
          return repo.importar(input.campanaId, filas);
        });
      },

      // ------------------------------------------------------------------ calling
      llamar: (input, ctx) => llamador.llamar(input, ctx),
      llamarLote: (input, ctx) => llamador.llamarLote(input, ctx),
      estadoLote: (input, ctx) => llamador.estadoLote(input, ctx),
      pausarLote: (input, ctx) => llamador.pausarLote(input, ctx),
      reanudarLote: (input, ctx) => llamador.reanudarLote(input, ctx),
      cancelarLote: (input, ctx) => llamador.cancelarLote(input, ctx),
      reintentarFallidas: (input, ctx) => llamador.reintentarFallidas(input, ctx),

      // ------------------------------------------------------------------ history and audio
      async historial(input, ctx) {
        const { repo } = await ctxRepo(ctx);
        return con(t.clientes.errorCargarLlamadas, () => repo.historial(input.telefono, input.q));
      },
      async audio(input, ctx) {
        const { session, repo } = await ctxRepo(ctx);
        // Hosted: the project's audio function; embedded: the audio table (see ./audio.ts).
        const base64 = await con(t.clientes.errorCargarLlamadas, async () =>
          backend.functionsFor
            ? audioDeFuncion(backend.functionsFor(session), input.conversationId)
            : limpiarBase64((await repo.audio(input.conversationId)) ?? ''),
        ).catch((error: unknown) => {
          if (AppError.is(error) && error.code === 'not_found') return null;
          throw error;
        });
        if (!base64) throw new AppError('not_found', t.historial.audioNoEncontrado);
        return { base64, mime: 'audio/mpeg' };
      },

      // ------------------------------------------------------------------ Resumen
      async resumen(input, ctx) {
        const { repo } = await ctxRepo(ctx);
        const desde = input.desde ? new Date(input.desde).toISOString() : null;
        const hasta = input.hasta ? new Date(input.hasta).toISOString() : null;
        if (desde && hasta && desde > hasta) throw new AppError('validation', t.resumen.rangoInvalido);
        const r = await con(t.resumen.errorCargar, () => repo.resumen(input.campanaId, desde, hasta));
        const serie = serieDias(r.grupos, desde ? diaBogota(desde) : null, hasta ? diaBogota(hasta) : null);
        log(t.auditoria.cargado(r.totalClientes, r.totalLlamadas, desde ?? '-', hasta ?? '-'));
        return {
          tarjetas: { totalClientes: r.totalClientes, totalLlamadas: r.totalLlamadas, llamadasDone: r.llamadasDone, enRango: r.enRango },
          primera: r.primera,
          ultima: r.ultima,
          ...serie,
        };
      },
    },
  };
}

function clienteValues(input: { nombre: string; apellido: string; email: string; telefono: string; empresa?: string | null; cargo?: string | null; campanaId: number; noLlamar?: boolean }) {
  const values: Record<string, unknown> = {
    nombre: input.nombre.trim(),
    apellido: input.apellido.trim(),
    email: normalizarEmail(input.email),
    telefono: normalizarTelefono(input.telefono),
    empresa: input.empresa?.trim() || null,
    cargo: input.cargo?.trim() || null,
    campana_id: input.campanaId,
  };
  if (input.noLlamar !== undefined) values.no_llamar = input.noLlamar;
  return values;
}

function mapClienteError(error: unknown): AppError {
  if (AppError.is(error)) {
    if (error.code === 'conflict') return new AppError('conflict', t.clientes.duplicado);
    if (error.code === 'validation' || error.code === 'unauthenticated' || error.code === 'forbidden') return error;
  }
  return new AppError('internal', t.clientes.errorGuardar);
}
