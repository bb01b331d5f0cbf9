/**
 * Backups of the embedded database (issue 16): the CopiasPort of Configuración → Datos, the copy a newer
 * version makes before it migrates, and the daily copy while the app runs. Built once per host (host.ts) and
 * handed to every embedded backend it opens.
 *
 * Copies go to the folder the administrator chose (settings 'copias'), else <data>/copias. Every copy, restore
 * and automatic copy runs as the host's one data activity (datos/actividades.ts): progress, cancel, outcome.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { basename, isAbsolute, join, resolve } from 'node:path';
import type { ActividadDatos, AjustesCopias, CopiaInfo, CopiasPort, TipoCopia, QuienRestaura } from '../../shared/ports/datos';
import { copiaDiariaPendiente, copiasARetirar, esAutomatica, proximaCopiaDiaria } from '../../shared/areas/datos/rules';
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';
import type { BaseEmbebida } from '../motores/embebido/pglite-worker-client';
import { findSupabaseDir, planDeMigraciones } from '../motores/embebido/migrate';
import type { ContextoActividad, EntornoDatos } from '../datos/actividades';
import type { CambioDeDatos } from './cambio';
import { filasDeDatos, leerNombreDeCopia, nombreDeCopia } from './formato';
import { leerCabecera, leerFinDeCopia, verificarCopia } from './lectura';
import { comprobarCarpetaPropia, esArchivoPropio, existeAlgo } from './archivos-seguros';
import { crearFirmaCopias } from './firma';
import type { SecretsPort } from '../../shared/ports/secrets';
import { volcarBase, type OpcionesVolcado, type ResultadoVolcado } from './volcado';
import { conDuplicado } from './duplicado';
import { cambioDeRestauracion, CARPETAS, limpiarRestauracion, prepararRestauracion } from './restauracion';

export type { CambioDeDatos } from './cambio';

/** Settings key of the backups' preferences (non-secret). */
export const AJUSTES_COPIAS_KEY = 'copias';

/** What the settings keep: the chosen folder (absent = the default) and whether daily copies run. */
export interface AjustesCopiasGuardados {
  carpeta?: string;
  automaticas?: boolean;
}

/** Folder of the copies when the administrator chose none. */
export const CARPETA_COPIAS = 'copias';

/** The first look for a due daily copy after start (the app opens first), then once an hour. */
const PRIMERA_REVISION_MS = 60_000;
const REVISION_MS = 60 * 60_000;

export interface OpcionesCopias extends EntornoDatos {
  /** Closes the backend, applies the change, opens again (undoing the change if it does not open). */
  reemplazar(cambio: CambioDeDatos): Promise<void>;
  /** Where the migration files are (default: findSupabaseDir()). */
  supabaseDir?: string;
  /** The keychain: holds the key every copy is signed with (firma.ts). */
  secretos: SecretsPort;
  /** From how many bytes of table data a copy is read from a duplicate of the folder (default DUPLICAR_DESDE_BYTES). */
  duplicarDesdeBytes?: number;
}

/**
 * Below this much table data the copy is read straight from the open database: a small database dumps in
 * moments, while a duplicate costs a second worker and a copy of the whole folder (seconds, and its size again on
 * disk) every time. Above it, holding writes for the whole dump is what issue 25 measured (minutes at scale).
 */
export const DUPLICAR_DESDE_BYTES = 64 * 1024 * 1024;

/** Bytes of the public tables' data (their heap files): what the dump has to read. */
async function bytesDeTablas(db: BaseEmbebida): Promise<number> {
  const { rows } = await db.query<{ bytes: string | number | null }>(
    "select coalesce(sum(pg_relation_size(c.oid)), 0) as bytes from pg_class c where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace",
  );
  return Number(rows[0]?.bytes ?? 0);
}

export interface ServicioCopias {
  port: CopiasPort;
  /** Called by openEmbeddedBackend before it applies `pendientes` to a database that already has data. */
  antesDeMigrar(db: BaseEmbebida, pendientes: string[]): Promise<void>;
  /** Starts the daily copy while the app runs (one timer); `detener` stops it. */
  programar(): void;
  detener(): void;
  /**
   * What the timer does, callable at once (tests): when daily copies are on, an embedded database is open, no
   * other activity runs and no daily copy is younger than a day, makes one and waits for it, then rotates.
   * Answers the activity it ran, or null when none was due or possible.
   */
  revisar(): Promise<ActividadDatos | null>;
  /** Removes the automatic copies the rotation no longer keeps (7 newest + 4 weekly); answers their names. */
  rotar(): Promise<string[]>;
}

/** A size a person reads: '812 KB', '2,5 MB'. */
function tamanoLegible(bytes: number): string {
  const unidades = ['bytes', 'KB', 'MB', 'GB'];
  let valor = bytes;
  let i = 0;
  while (valor >= 1024 && i < unidades.length - 1) {
    valor /= 1024;
    i++;
  }
  return `${i === 0 ? valor : valor.toLocaleString('es-CO', { maximumFractionDigits: 1 })} ${unidades[i]}`;
}

export function crearServicioCopias(opciones: OpcionesCopias): ServicioCopias {
  const { dataDir, settings, log, actividades, now } = opciones;
  const t = es.datos.copias;
  const carpetaPredeterminada = resolve(dataDir, CARPETA_COPIAS);
  const guardados = (): AjustesCopiasGuardados => settings.get<AjustesCopiasGuardados>(AJUSTES_COPIAS_KEY) ?? {};
  const carpeta = () => guardados().carpeta ?? carpetaPredeterminada;
  /** The restored folder is itself the backup: its reopening makes no pre-migration copy. */
  let restaurando = false;
  let temporizador: ReturnType<typeof setTimeout> | null = null;
  const firma = crearFirmaCopias(opciones.secretos, log);

  /**
   * Creates the folder if needed, refuses one others can write or that is not this user's, and proves it can be
   * written (a probe file created exclusively and removed).
   */
  async function asegurarCarpeta(ruta: string): Promise<void> {
    try {
      await mkdir(ruta, { recursive: true, mode: 0o700 });
    } catch {
      throw new AppError('validation', t.carpetaNoEscribible(ruta));
    }
    await comprobarCarpetaPropia(ruta);
    try {
      const prueba = join(ruta, `.consola-prueba-${process.pid}-${Date.now()}`);
      await writeFile(prueba, '', { mode: 0o600, flag: 'wx' });
      await rm(prueba, { force: true });
    } catch {
      throw new AppError('validation', t.carpetaNoEscribible(ruta));
    }
  }

  async function listarEn(ruta: string): Promise<CopiaInfo[]> {
    let nombres: string[];
    try {
      // A folder others can write lists nothing: any file there could be someone else's.
      await comprobarCarpetaPropia(ruta);
      nombres = await readdir(ruta);
    } catch {
      return [];
    }
    const copias: CopiaInfo[] = [];
    for (const nombre of nombres) {
      if (!leerNombreDeCopia(nombre)) continue;
      const archivo = join(ruta, nombre);
      if (!(await esArchivoPropio(archivo))) continue;
      const cabecera = await leerCabecera(archivo);
      if (!cabecera) continue;
      try {
        const info = await stat(archivo);
        copias.push({ nombre, tipo: cabecera.tipo, creada: cabecera.creada, bytes: info.size, version: cabecera.version, filas: filasDeDatos(cabecera) });
      } catch {
        /* removed meanwhile */
      }
    }
    return copias.sort((a, b) => Date.parse(b.creada) - Date.parse(a.creada) || (a.nombre < b.nombre ? 1 : -1));
  }

  /** A free name for a copy of `tipo` taken now (a second copy of the same kind in the same second gets -2…). */
  async function nombreLibre(ruta: string, tipo: TipoCopia, fecha: Date): Promise<string> {
    for (let n = 1; ; n++) {
      const nombre = nombreDeCopia(tipo, fecha, n, true);
      // lstat, not exists: a dangling link is a name taken too.
      if (!(await existeAlgo(join(ruta, nombre))) && !(await existeAlgo(join(ruta, `${nombre}.parcial`)))) return nombre;
    }
  }

  /**
   * Dumps the database into `ruta`: from a duplicate of its folder (duplicado.ts), so the app's connection is held
   * only for the duplicate's last pass; straight from `db` (held for the whole dump, as before issue 25) when the
   * database is small (DUPLICAR_DESDE_BYTES), the open database is not the data folder's, or the duplicate cannot
   * be made.
   */
  async function volcar(db: BaseEmbebida, ruta: string, volcado: OpcionesVolcado, ctx?: ContextoActividad): Promise<ResultadoVolcado> {
    const origen = join(dataDir, CARPETAS.base);
    if (!existsSync(join(origen, 'PG_VERSION'))) return volcarBase(db, ruta, volcado);
    if ((await bytesDeTablas(db)) < (opciones.duplicarDesdeBytes ?? DUPLICAR_DESDE_BYTES)) return volcarBase(db, ruta, volcado);
    let abierto = false;
    try {
      return await conDuplicado(
        db,
        origen,
        join(dataDir, CARPETAS.duplicado),
        (duplicado) => {
          abierto = true;
          return volcarBase(duplicado, ruta, volcado);
        },
        ctx ? { señal: ctx.señal, progreso: (hechos, total) => ctx.progreso(t.fases.instantanea, hechos, total) } : {},
      );
    } catch (error) {
      if (abierto || (error instanceof AppError && error.code === 'cancelled')) throw error;
      log('Copia: no se pudo duplicar la carpeta de datos; se copia directamente (las escrituras esperan mientras dura)', error);
      return volcarBase(db, ruta, volcado);
    }
  }

  async function copiar(db: BaseEmbebida, tipo: TipoCopia, destino: string, ctx?: ContextoActividad): Promise<ResultadoVolcado> {
    await asegurarCarpeta(destino);
    const nombre = await nombreLibre(destino, tipo, now());
    const resultado = await volcar(
      db,
      join(destino, nombre),
      {
        version: opciones.version,
        tipo,
        now,
        archivos: join(dataDir, CARPETAS.archivos),
        firmar: (fin) => firma.firmar(fin),
        comprimir: true,
        ...(opciones.supabaseDir ? { supabaseDir: opciones.supabaseDir } : {}),
        ...(ctx ? { señal: ctx.señal, progreso: ctx.progreso } : {}),
      },
      ctx,
    );
    log(`Copia de seguridad creada: ${nombre} (${tipo}, ${filasDeDatos(resultado.cabecera)} filas, ${resultado.bytes} bytes${resultado.firmada ? '' : ', sin firma: el llavero no respondió'})`);
    return resultado;
  }

  async function rotar(): Promise<string[]> {
    const ruta = carpeta();
    const retirar = copiasARetirar(await listarEn(ruta));
    for (const nombre of retirar) {
      await rm(join(ruta, nombre), { force: true });
      log(`Copia de seguridad retirada por la rotación: ${nombre}`);
    }
    return retirar;
  }

  async function ajustes(): Promise<AjustesCopias> {
    const g = guardados();
    const automaticas = g.automaticas ?? true;
    const copias = await listarEn(carpeta());
    const ultimaAutomatica = copias.find((c) => esAutomatica(c.tipo))?.creada ?? null;
    const ultimaDiaria = copias.find((c) => c.tipo === 'diaria')?.creada ?? null;
    const ahora = now();
    const proxima = proximaCopiaDiaria(ultimaDiaria, ahora);
    return {
      carpeta: carpeta(),
      carpetaPredeterminada,
      automaticas,
      ultimaAutomatica,
      proximaAutomatica: automaticas ? new Date(Math.max(proxima.getTime(), ahora.getTime())).toISOString() : null,
    };
  }

  /** A copy named by the list (a plain name) or given as an absolute path. */
  async function rutaDeArchivo(archivo: string): Promise<string> {
    if (isAbsolute(archivo)) {
      if (await existeAlgo(archivo)) {
        if (!(await esArchivoPropio(archivo))) throw new AppError('validation', t.archivoNoPropio);
      }
      return archivo;
    }
    if (basename(archivo) !== archivo || !leerNombreDeCopia(archivo)) throw new AppError('validation', t.rutaNoAbsoluta);
    const copias = await listarEn(carpeta());
    if (!copias.some((c) => c.nombre === archivo)) throw new AppError('not_found', t.noEsDeLaLista);
    return join(carpeta(), archivo);
  }

  /** Refuses a copy without this install's signature unless the administrator confirmed it by name. */
  async function comprobarFirma(ruta: string, confirmada: boolean): Promise<void> {
    if (confirmada) return;
    const fin = await leerFinDeCopia(ruta);
    // No trailer at all: the whole-file check says what is wrong (truncated, foreign).
    if (!fin || (await firma.esPropia(fin))) return;
    throw new AppError('conflict', t.deOtroEquipo(basename(ruta)), { deOtroEquipo: true });
  }

  /**
   * The restore's audit row, in the database just restored (the one that stays), as the operator who asked
   * (auditoria_registrar, as the owner: the copy may not know his profile, then his e-mail names him). A failure
   * to record it is logged: the restore has happened.
   */
  async function auditarRestauracion(archivo: string, deOtroEquipo: boolean, quien: QuienRestaura | undefined): Promise<void> {
    const db = opciones.base();
    if (!db) return;
    try {
      await db.transaction(async (tx) => {
        await tx.query("select set_config('consola.ahora', $1, true)", [now().toISOString()]);
        await tx.query('select public.auditoria_registrar($1, $2, $3::jsonb, $4::uuid, $5)', [
          'datos.restaurar',
          archivo,
          JSON.stringify({ deOtroEquipo }),
          quien?.id ?? null,
          quien?.email ?? null,
        ]);
      });
    } catch (error) {
      log('No se pudo registrar la restauración en el registro de actividad', error);
    }
  }

  async function restaurar(archivo: string, deOtroEquipo: boolean, ctx: ContextoActividad, quien?: QuienRestaura): Promise<string> {
    const ruta = await rutaDeArchivo(archivo);
    ctx.progreso(t.fases.comprobando, 0, 0);
    const { cabecera, fin } = await verificarCopia(ruta, { señal: ctx.señal, progreso: (hechos, total) => ctx.progreso(t.fases.comprobando, hechos, total) });
    // Checked again on the bytes just verified: the file may have been replaced since the request.
    if (!deOtroEquipo && !(await firma.esPropia(fin))) throw new AppError('conflict', t.deOtroEquipo(basename(ruta)), { deOtroEquipo: true });
    if (deOtroEquipo) log(`Restauración de una copia sin la firma de este equipo, confirmada por el administrador: ${basename(ruta)}`);
    const plan = await planDeMigraciones({ supabaseDir: opciones.supabaseDir ?? findSupabaseDir(), embedded: true });
    const conocidas = new Set(plan.map((paso) => paso.nombre));
    await prepararRestauracion(dataDir, ruta, { cabecera, conocidas, señal: ctx.señal, progreso: ctx.progreso });
    // Last moment to cancel: from here the host swaps the folders.
    if (ctx.señal.aborted) {
      await limpiarRestauracion(dataDir);
      throw new AppError('cancelled', es.datos.cancelada);
    }
    ctx.progreso(t.fases.abriendo, 0, 0);
    const cambio = cambioDeRestauracion(dataDir);
    restaurando = true;
    try {
      await opciones.reemplazar(cambio);
    } catch (error) {
      log('La copia restaurada no se pudo abrir; se siguen usando los datos anteriores', error);
      await limpiarRestauracion(dataDir);
      throw new AppError('unavailable', t.noAbre);
    } finally {
      restaurando = false;
    }
    await cambio.confirmar();
    await auditarRestauracion(basename(ruta), deOtroEquipo, quien);
    log(`Copia de seguridad restaurada: ${basename(ruta)} (${filasDeDatos(cabecera)} filas)`);
    return t.restaurada(basename(ruta));
  }

  const port: CopiasPort = {
    ajustes,
    async guardarAjustes(input) {
      let elegida: string | undefined;
      if (input.carpeta !== null && input.carpeta.trim() !== '') {
        const texto = input.carpeta.trim();
        if (!isAbsolute(texto)) throw new AppError('validation', t.carpetaNoAbsoluta);
        elegida = resolve(texto);
      }
      await asegurarCarpeta(elegida ?? carpetaPredeterminada);
      const nuevos: AjustesCopiasGuardados = { automaticas: input.automaticas };
      if (elegida && elegida !== carpetaPredeterminada) nuevos.carpeta = elegida;
      settings.set<AjustesCopiasGuardados>(AJUSTES_COPIAS_KEY, nuevos);
      log(`Ajustes de copias guardados (automáticas: ${input.automaticas ? 'sí' : 'no'}, carpeta ${nuevos.carpeta ? 'elegida' : 'predeterminada'})`);
      return ajustes();
    },
    listar: () => listarEn(carpeta()),
    crear() {
      return actividades.iniciar('copia', es.datos.falloCopia, async (ctx) => {
        const db = opciones.base();
        if (!db) throw new AppError('config', es.datos.soloEmbebida);
        const r = await copiar(db, 'manual', carpeta(), ctx);
        return t.creada(basename(r.ruta), filasDeDatos(r.cabecera), tamanoLegible(r.bytes));
      });
    },
    async restaurar(archivo, confirmacion) {
      const deOtroEquipo = confirmacion?.deOtroEquipo === true;
      const quien = confirmacion?.quien;
      let ruta: string | null = null;
      try {
        ruta = await rutaDeArchivo(archivo);
      } catch {
        /* the activity says why, as for any other refusal of the file */
      }
      if (ruta) await comprobarFirma(ruta, deOtroEquipo);
      return actividades.iniciar('restauracion', es.datos.falloRestauracion, (ctx) => restaurar(archivo, deOtroEquipo, ctx, quien));
    },
    async eliminar(nombre) {
      const copias = await listarEn(carpeta());
      if (basename(nombre) !== nombre || !copias.some((c) => c.nombre === nombre)) throw new AppError('not_found', t.noEsDeLaLista);
      await rm(join(carpeta(), nombre), { force: true });
      log(`Copia de seguridad eliminada: ${nombre}`);
    },
  };

  async function revisar(): Promise<ActividadDatos | null> {
    if (guardados().automaticas === false) return null;
    if (!opciones.base()) return null;
    const copias = await listarEn(carpeta());
    const ultimaDiaria = copias.find((c) => c.tipo === 'diaria')?.creada ?? null;
    if (!copiaDiariaPendiente(ultimaDiaria, now())) return null;
    let actividad: ActividadDatos;
    try {
      actividad = actividades.iniciar('copia', es.datos.falloCopia, async (ctx) => {
        const db = opciones.base();
        if (!db) throw new AppError('config', es.datos.soloEmbebida);
        const r = await copiar(db, 'diaria', carpeta(), ctx);
        await rotar();
        return t.creada(basename(r.ruta), filasDeDatos(r.cabecera), tamanoLegible(r.bytes));
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'conflict') return null; // busy: the next look tries again
      throw error;
    }
    await actividades.esperar();
    const fin = actividades.actual();
    return fin?.id === actividad.id ? fin : actividad;
  }

  function programarSiguiente(ms: number): void {
    temporizador = setTimeout(() => {
      revisar()
        .catch((error: unknown) => log('Copia diaria: no se pudo revisar', error))
        .finally(() => {
          if (temporizador) programarSiguiente(REVISION_MS);
        });
    }, ms);
    temporizador.unref?.();
  }

  return {
    port,
    async antesDeMigrar(db, pendientes) {
      if (restaurando) return;
      log(`Copia antes de actualizar la base de datos (${pendientes.length} migraciones pendientes)`);
      try {
        await copiar(db, 'antes-de-migrar', carpeta());
      } catch (error) {
        // The chosen folder may be gone (an unplugged drive): the default one, next to the data, is tried too.
        if (carpeta() === carpetaPredeterminada) {
          log('No se pudo crear la copia antes de migrar', error);
          throw new AppError('unavailable', t.antesDeMigrarFallo);
        }
        log('No se pudo crear la copia antes de migrar en la carpeta elegida; se usa la predeterminada', error);
        try {
          await copiar(db, 'antes-de-migrar', carpetaPredeterminada);
        } catch (segundo) {
          log('No se pudo crear la copia antes de migrar', segundo);
          throw new AppError('unavailable', t.antesDeMigrarFallo);
        }
      }
      await rotar().catch((error: unknown) => log('Rotación de copias', error));
    },
    programar() {
      if (temporizador) return;
      programarSiguiente(PRIMERA_REVISION_MS);
    },
    detener() {
      if (temporizador) clearTimeout(temporizador);
      temporizador = null;
    },
    revisar,
    rotar,
  };
}
