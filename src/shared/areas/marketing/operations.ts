/** Marketing agent (part 3 §2.6, §2.7, §4, §7). One module per concern beside this file. */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import { AppError } from '../../errors';
import { analizar } from './analisis';
import { registrosRepository } from './repository';
import { guardarAnalisis } from './guardar';
import { validarArchivo, bytesToBase64, mimeDe, MARKETING_BUCKET, rutaSegura } from './archivos';
import { marketing as t } from "./texts";

/**
 * An analysis that fails for any reason but its own message (not configured, cancelled, an answer that
 * could not be read: those start with ❌) becomes the tab's failure message of part 3 §8.
 */
function fallaDeAnalisis(error: unknown, mensaje: string, log: ApiDeps['log']): AppError {
  if (AppError.is(error) && (error.code === 'config' || error.code === 'cancelled' || error.message.startsWith('❌'))) return error;
  log(mensaje, error);
  return new AppError('unavailable', mensaje);
}

export function marketingOperations({ backend, log }: ApiDeps): AreaImplementation<'marketing'> {
  const m = t;
  const now = backend.now ?? (() => new Date());

  return {
    /** Public: the connection badge answers for anyone, signed in or not. */
    async estadoConexion(_input, ctx) {
      const token = ctx.getToken();
      const live = token ? await backend.auth.getSession(token) : null;
      return { autenticado: Boolean(live), email: live?.operator.email ?? null };
    },

    async registros(_input, ctx) {
      return registrosRepository(ctx.data).listar();
    },

    async analizarArchivo(input) {
      const checked = validarArchivo(input.nombre, input.contenidoBase64);
      if (!checked.ok) throw new AppError('validation', checked.mensaje);
      try {
        return await analizar(backend, 'analisisArchivo', { contenido: input.contenidoBase64 }, () => m.errorArchivo, log);
      } catch (error) {
        throw fallaDeAnalisis(error, m.errorArchivo, log);
      }
    },

    async analizarUrl(input) {
      const url = input.url.trim();
      try {
        return await analizar(
          backend,
          'analisisScraping',
          { url, tipo: 'scraping' },
          (status) => (status === 404 ? m.sitioNoEncontrado : status === 403 ? m.accesoDenegado : m.errorSitio),
          log,
        );
      } catch (error) {
        throw fallaDeAnalisis(error, m.errorSitio, log);
      }
    },

    async guardar(input, ctx) {
      let archivo: { nombre: string; bytes: Uint8Array } | undefined;
      if (input.archivo) {
        const checked = validarArchivo(input.archivo.nombre, input.archivo.contenidoBase64);
        if (!checked.ok) throw new AppError('validation', checked.mensaje);
        archivo = { nombre: input.archivo.nombre, bytes: checked.bytes };
      }
      return guardarAnalisis(
        {
          registros: registrosRepository(ctx.data),
          storage: backend.storageFor ? backend.storageFor(ctx.session) : null,
          now,
          log,
        },
        {
          userId: ctx.session.operator.id,
          email: ctx.session.operator.email,
          nombreArchivoUrl: input.nombreArchivoUrl,
          dominio: input.dominio ?? '',
          contenido: input.contenido,
          ...(archivo ? { archivo } : {}),
        },
      );
    },

    async descargarArchivo(input, ctx) {
      const registro = await registrosRepository(ctx.data).obtener(input.id);
      if (!registro) throw new AppError('not_found', m.registroNoEncontrado);
      const path = registro.archivoStoragePath;
      if (!path || !rutaSegura(path) || !backend.storageFor) throw new AppError('not_found', m.archivoNoEncontrado);
      const bytes = await backend.storageFor(ctx.session).download(MARKETING_BUCKET, path);
      const nombre = registro.archivoOriginalName || path.split('/').pop()!;
      return { nombre, tipo: mimeDe(nombre), contenidoBase64: bytesToBase64(bytes) };
    },

    async eliminar(input, ctx) {
      const repo = registrosRepository(ctx.data);
      const registro = await repo.obtener(input.id);
      if (!registro) throw new AppError('not_found', m.registroNoEncontrado);
      // The file first, then the record (part 3 §7). A file that is already gone is not an error.
      if (registro.archivoStoragePath && rutaSegura(registro.archivoStoragePath) && backend.storageFor) {
        await backend.storageFor(ctx.session).remove(MARKETING_BUCKET, [registro.archivoStoragePath]);
      }
      await repo.eliminar(input.id);
      return null;
    },
  };
}
