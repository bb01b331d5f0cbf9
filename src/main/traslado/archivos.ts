/**
 * The move's last copy before the switch: the marketing agent's documents kept on this computer
 * (`<dataDir>/archivos/agente-marketing-files/<userId>/<timestamp>_<name>`, the embedded StoragePort's folder) go to
 * the project's private bucket of the same name, at the same paths the moved `agente_marketing` rows name.
 *
 * Uploads go to Storage's API with the project's service_role key (the bucket's policies let each operator write
 * only into their own folder, and the move acts for all of them). `x-upsert: true`: a resumed move uploads
 * again what a cut left half done. Hidden temp files of the folder storage are skipped.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';
import { MARKETING_BUCKET, STORAGE_CACHE_CONTROL_SECONDS, mimeDe, rutaSegura } from '../../shared/areas/marketing/archivos';

const t = () => es.datos.traslado;

/** Relative paths (with '/') of the documents under the bucket's folder, sorted; [] without one. */
export function documentosLocales(carpetaArchivos: string): string[] {
  const raiz = join(carpetaArchivos, MARKETING_BUCKET);
  if (!existsSync(raiz)) return [];
  return readdirSync(raiz, { recursive: true })
    .map(String)
    .filter((nombre) => !nombre.split(sep).some((parte) => parte.startsWith('.')) && statSync(join(raiz, nombre)).isFile())
    .map((nombre) => relative(raiz, join(raiz, nombre)).split(sep).join('/'))
    .filter((ruta) => rutaSegura(ruta))
    .sort();
}

export interface SubidaDocumentos {
  carpetaArchivos: string;
  supabaseUrl: string;
  claveServicio: string;
  señal: AbortSignal;
  progreso(hechos: number, total: number): void;
  fetch?: typeof fetch;
}

/** Uploads every local document; answers how many. Throws a Spanish AppError naming what failed. */
export async function subirDocumentos(opciones: SubidaDocumentos): Promise<number> {
  const rutas = documentosLocales(opciones.carpetaArchivos);
  const enviar = opciones.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a));
  const base = opciones.supabaseUrl.replace(/\/+$/, '');
  let hechos = 0;
  opciones.progreso(0, rutas.length);
  for (const ruta of rutas) {
    if (opciones.señal.aborted) throw new AppError('conflict', es.datos.cancelada);
    const bytes = readFileSync(join(opciones.carpetaArchivos, MARKETING_BUCKET, ...ruta.split('/')));
    let res: Response;
    try {
      res = await enviar(`${base}/storage/v1/object/${MARKETING_BUCKET}/${ruta.split('/').map(encodeURIComponent).join('/')}`, {
        method: 'POST',
        headers: {
          apikey: opciones.claveServicio,
          Authorization: `Bearer ${opciones.claveServicio}`,
          'Content-Type': mimeDe(ruta),
          'cache-control': `max-age=${STORAGE_CACHE_CONTROL_SECONDS}`,
          'x-upsert': 'true',
        },
        body: new Uint8Array(bytes),
        signal: opciones.señal,
        redirect: 'error',
      });
    } catch (error) {
      if (opciones.señal.aborted) throw new AppError('conflict', es.datos.cancelada);
      void error; // the network failure's own text may carry the address; the screen gets the Spanish one
      throw new AppError('unavailable', t().noSeConecta);
    }
    if (!res.ok) {
      // Storage answers some refusals as 400 with the real status in the body's statusCode.
      const cuerpo = (await res.json().catch(() => null)) as { statusCode?: string | number; error?: string } | null;
      const status = Number(cuerpo?.statusCode ?? res.status) || res.status;
      if (res.status === 401 || status === 401 || status === 403) throw new AppError('config', t().claveServicioRechazada);
      if (status === 404 && /bucket/i.test(String(cuerpo?.error ?? ''))) throw new AppError('config', t().sinBucket);
      throw new AppError('unavailable', t().archivoNoSubido(ruta, status));
    }
    hechos++;
    opciones.progreso(hechos, rutas.length);
  }
  return hechos;
}
