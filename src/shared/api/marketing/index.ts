import type { ApiDeps, ApiImplementation } from '../types';
import type { CallContext } from '../context';
import { requireSession } from '../session';
import { AppError } from '../../errors';
import { es } from '../../i18n/es';
import { analizar } from './analisis';
import { createRegistrosRepository } from './repository';
import { guardarAnalisis } from './guardar';
import { validarArchivo, bytesToBase64, mimeDe, MARKETING_BUCKET, rutaSegura } from '../../domain/archivos';
import { problemaCambioContrasena } from '../../domain/preferencias-contrasena';
import { countedAttempt, lockedError } from '../auth/attempts';

/** Marketing agent and settings (part 3 §2.5–2.9). One module per concern beside this file. */
export function marketingApi({ backend, log }: ApiDeps): Pick<ApiImplementation, 'marketing' | 'configuracion'> {
  const m = es.marketing;
  const now = backend.now ?? (() => new Date());

  async function session(ctx: CallContext) {
    return requireSession(backend, ctx);
  }

  return {
    marketing: {
      async estadoConexion(_input, ctx) {
        const token = ctx.getToken();
        const live = token ? await backend.auth.getSession(token) : null;
        return { autenticado: Boolean(live), email: live?.operator.email ?? null };
      },

      async registros(_input, ctx) {
        const s = await session(ctx);
        return createRegistrosRepository(backend.dataFor(s)).listar();
      },

      async analizarArchivo(input, ctx) {
        await session(ctx);
        const checked = validarArchivo(input.nombre, input.contenidoBase64);
        if (!checked.ok) throw new AppError('validation', checked.mensaje);
        try {
          return await analizar(backend, 'analisisArchivo', { contenido: input.contenidoBase64 }, () => m.errorArchivo, log);
        } catch (error) {
          // Not configured, response errors: their own message. Anything else: the file failure of §8.
          if (AppError.is(error) && (error.code === 'config' || error.message.startsWith('❌'))) throw error;
          if (AppError.is(error) && error.code === 'cancelled') throw error;
          log(m.errorArchivo, error);
          throw new AppError('unavailable', m.errorArchivo);
        }
      },

      async analizarUrl(input, ctx) {
        await session(ctx);
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
          if (AppError.is(error) && (error.code === 'config' || error.code === 'cancelled' || error.message.startsWith('❌'))) throw error;
          log(m.errorSitio, error);
          throw new AppError('unavailable', m.errorSitio);
        }
      },

      async guardar(input, ctx) {
        const token = ctx.getToken();
        const s = token ? await backend.auth.getSession(token) : null;
        if (!s) throw new AppError('unauthenticated', m.debesAutenticarte);
        let archivo: { nombre: string; bytes: Uint8Array } | undefined;
        if (input.archivo) {
          const checked = validarArchivo(input.archivo.nombre, input.archivo.contenidoBase64);
          if (!checked.ok) throw new AppError('validation', checked.mensaje);
          archivo = { nombre: input.archivo.nombre, bytes: checked.bytes };
        }
        return guardarAnalisis(
          {
            registros: createRegistrosRepository(backend.dataFor(s)),
            storage: backend.storageFor ? backend.storageFor(s) : null,
            now,
            log,
          },
          {
            userId: s.operator.id,
            email: s.operator.email,
            nombreArchivoUrl: input.nombreArchivoUrl,
            dominio: input.dominio ?? '',
            contenido: input.contenido,
            ...(archivo ? { archivo } : {}),
          },
        );
      },

      async descargarArchivo(input, ctx) {
        const s = await session(ctx);
        const registro = await createRegistrosRepository(backend.dataFor(s)).obtener(input.id);
        if (!registro) throw new AppError('not_found', m.registroNoEncontrado);
        const path = registro.archivoStoragePath;
        if (!path || !rutaSegura(path) || !backend.storageFor) throw new AppError('not_found', m.archivoNoEncontrado);
        const bytes = await backend.storageFor(s).download(MARKETING_BUCKET, path);
        const nombre = registro.archivoOriginalName || path.split('/').pop()!;
        return { nombre, tipo: mimeDe(nombre), contenidoBase64: bytesToBase64(bytes) };
      },

      async eliminar(input, ctx) {
        const s = await session(ctx);
        const repo = createRegistrosRepository(backend.dataFor(s));
        const registro = await repo.obtener(input.id);
        if (!registro) throw new AppError('not_found', m.registroNoEncontrado);
        // The file first, then the record (part 3 §7). A file that is already gone is not an error.
        if (registro.archivoStoragePath && rutaSegura(registro.archivoStoragePath) && backend.storageFor) {
          await backend.storageFor(s).remove(MARKETING_BUCKET, [registro.archivoStoragePath]);
        }
        await repo.eliminar(input.id);
        return null;
      },
    },

    configuracion: {
      async perfil(_input, ctx) {
        const s = await session(ctx);
        return { email: s.operator.email, esAdmin: s.operator.esAdmin, createdAt: s.operator.createdAt };
      },

      async cambiarContrasena(input, ctx) {
        const token = ctx.getToken();
        const s = token ? await backend.auth.getSession(token) : null;
        if (!s) throw new AppError('unauthenticated', es.configuracion.noAutenticado);
        const problem = problemaCambioContrasena(input);
        if (problem) throw new AppError('validation', problem);
        // Wrong current passwords count like failed logins: the same lockout stops guessing through here.
        // Counted before the check, like a login, so parallel guesses cannot outrun the lock.
        const outcome = await countedAttempt(backend, s.operator.email, async () =>
          (await backend.auth.changePassword(s.token, input.actual, input.nueva)) ? true : null,
        );
        if (!outcome.ok) {
          if (outcome.locked) throw lockedError(outcome.locked, now());
          throw new AppError('validation', es.configuracion.actualIncorrecta);
        }
        return null;
      },
    },
  };
}
