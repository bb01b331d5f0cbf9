/**
 * Saving an analysis (part 3 §4): upload the file when there is one (bucket agente-marketing-files,
 * {userId}/{timestamp}_{originalName}, never overwriting), then insert the record. A failed upload does
 * not lose the analysis: the record is kept without the file fields. A failed insert removes the file it
 * just uploaded, so no orphan is left behind.
 */
import type { StoragePort } from '../../ports/storage';
import type { RegistrosRepository } from './repository';
import type { ResultadoGuardado } from './rules';
import { MARKETING_BUCKET, STORAGE_CACHE_CONTROL_SECONDS, mimeDe, rutaArchivo } from './archivos';
import { SITIO_SIN_NOMBRE } from './propuesta';
import { AppError } from '../../errors';
import { errores } from "../../textos";
import { marketing as t } from "./texts";

export interface GuardarDeps {
  registros: RegistrosRepository;
  storage: StoragePort | null;
  now: () => Date;
  log: (message: string, error?: unknown) => void;
}

export interface GuardarInput {
  userId: string;
  email: string;
  nombreArchivoUrl: string;
  dominio: string;
  contenido: string;
  archivo?: { nombre: string; bytes: Uint8Array };
}

export async function guardarAnalisis(deps: GuardarDeps, input: GuardarInput): Promise<ResultadoGuardado> {
  let subido: { path: string; nombre: string } | null = null;
  if (input.archivo) {
    try {
      if (!deps.storage) throw new AppError('config', errores.requiereEscritorio);
      const path = rutaArchivo(input.userId, deps.now().getTime(), input.archivo.nombre);
      await deps.storage.upload(MARKETING_BUCKET, path, input.archivo.bytes, {
        contentType: mimeDe(input.archivo.nombre),
        cacheControlSeconds: STORAGE_CACHE_CONTROL_SECONDS,
      });
      subido = { path, nombre: input.archivo.nombre };
    } catch (error) {
      deps.log('No se pudo subir el archivo al storage; el registro se guarda sin archivo', error);
    }
  }
  try {
    const registro = await deps.registros.insertar({
      nombreArchivoUrl: input.nombreArchivoUrl,
      nombrePersona: input.email,
      dominioExtraido: input.dominio.trim() || SITIO_SIN_NOMBRE,
      contenido: input.contenido,
      ...(subido ? { archivoStoragePath: subido.path, archivoOriginalName: subido.nombre } : {}),
    });
    const archivoGuardado = Boolean(subido);
    return {
      registro,
      archivoGuardado,
      mensaje: input.archivo && !archivoGuardado ? t.guardadoSinArchivo : t.guardado,
    };
  } catch (error) {
    if (subido && deps.storage) await deps.storage.remove(MARKETING_BUCKET, [subido.path]).catch(() => undefined);
    deps.log(t.errorGuardar, error);
    throw new AppError(AppError.is(error) && error.code === 'unauthenticated' ? 'unauthenticated' : 'unavailable', t.errorGuardar);
  }
}
