/**
 * The move of the embedded data to a hosted Supabase project (issue 16): TrasladoPort of Configuración → Datos.
 *
 * 1. The project is saved as Conexión would save it (anon key in the keychain, the address in settings, backend
 *    still embedded) and the database connection string goes to the keychain until the move finishes.
 * 2. A consistent snapshot of the embedded database (a backup file, src/main/copias) is taken once and kept in
 *    `<dataDir>/traslado` with the move's state in settings, so a failed or cancelled move resumes with the same
 *    snapshot, at the block after the last one the target recorded.
 * 3. The target is checked (migrations there, no console data of its own), prepared, and fed block by block
 *    (destino.ts); sequences, the operators' sign-in rows, then every table's rows are compared.
 * 4. Only then: the target's bookkeeping is dropped, the connection string leaves the keychain, the settings
 *    choose the hosted backend and the host reopens on it. Nothing local is deleted until the administrator asks.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import type { ActividadDatos, EstadoTraslado, TrasladoPort } from '../../shared/ports/datos';
import type { SecretsPort } from '../../shared/ports/secrets';
import type { BaseEmbebida } from '../motores/embebido/pglite-worker-client';
import type { ContextoActividad, EntornoDatos } from '../datos/actividades';
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';
import { CONNECTION_SETTINGS_KEY, SUPABASE_ANON_KEY_ACCOUNT, isSupabaseUrl, type ConnectionSettings } from '../../shared/domain/webhooks';
import { probarProyecto } from '../../shared/areas/conexion/operations';
import { clienteDestino, comprobarConexion, errorDeConexion } from './conexion';
import {
  ajustarSecuencias,
  completarUsuarios,
  comprobarDestino,
  contarDestino,
  empujarBloque,
  errorDeEscritura,
  instantaneaEmpezada,
  limpiarDestino,
  nombreTabla,
  prepararDestino,
} from './destino';
import { CUENTA_CLAVE_SERVICIO_TRASLADO, CUENTA_CONEXION_TRASLADO, carpetaTraslado, guardarEstado, leerEstado, rutaInstantanea, type EstadoGuardado } from './estado';
import { documentosLocales, subirDocumentos } from './archivos';
import { abrirInstantanea, bloquesInstantanea, contarLocales, tomarInstantanea, type Instantanea } from './instantanea';

export interface OpcionesTraslado extends EntornoDatos {
  secretos: SecretsPort;
  /** Closes the backend and opens the one the connection settings now choose (hosted after a move). */
  reabrir(): Promise<void>;
  /**
   * Checks the project's address and anon key answer (Auth and the data API) before the app is switched to it;
   * default Conexión's 'Probar conexión' over the network. Tests without a GoTrue pass their own.
   */
  probarProyecto?: (supabaseUrl: string, anonKey: string) => Promise<unknown>;
}

const t = () => es.datos.traslado;
const formatoFilas = (n: number) => n.toLocaleString('es-CO');

export function crearServicioTraslado(opciones: OpcionesTraslado): TrasladoPort {
  const { dataDir, settings, secretos, log, actividades, now } = opciones;
  const probar = opciones.probarProyecto ?? ((url: string, clave: string) => probarProyecto(url, clave));
  const conexionGuardada = () => settings.get<ConnectionSettings>(CONNECTION_SETTINGS_KEY) ?? {};

  async function estado(): Promise<EstadoTraslado> {
    const guardado = leerEstado(settings);
    return {
      supabaseUrl: conexionGuardada().supabaseUrl ?? null,
      conexionGuardada: Boolean(await secretos.get(CUENTA_CONEXION_TRASLADO).catch(() => null)),
      claveServicioGuardada: Boolean(await secretos.get(CUENTA_CLAVE_SERVICIO_TRASLADO).catch(() => null)),
      documentos: documentosLocales(join(dataDir, 'archivos')).length,
      pendiente: guardado && !guardado.terminado ? { iniciado: guardado.iniciado, tablasHechas: guardado.tablasHechas, tablasTotal: guardado.tablasTotal } : null,
      terminado: guardado?.terminado ?? null,
      datosLocales: existsSync(join(dataDir, 'pgdata')),
    };
  }

  async function iniciar(input: { supabaseUrl?: string; anonKey?: string; conexionBase?: string; claveServicio?: string }): Promise<ActividadDatos> {
    const base = opciones.base();
    if (!base) throw new AppError('config', leerEstado(settings)?.terminado ? t().yaTerminado : t().soloEmbebida);
    // Before anything is saved: another data activity (a backup, a restore) refuses this one anyway.
    if (actividades.actual()?.estado === 'en_curso') throw new AppError('conflict', es.datos.actividadEnCurso);
    const supabaseUrl = (input.supabaseUrl?.trim() || conexionGuardada().supabaseUrl || '').replace(/\/+$/, '');
    if (!supabaseUrl || !isSupabaseUrl(supabaseUrl)) throw new AppError('validation', t().sinProyecto);
    const anonKey = input.anonKey?.trim() || (await secretos.get(SUPABASE_ANON_KEY_ACCOUNT));
    if (!anonKey) throw new AppError('validation', t().sinClaveAnonima);
    const conexion = input.conexionBase?.trim() || (await secretos.get(CUENTA_CONEXION_TRASLADO));
    if (!conexion) throw new AppError('validation', t().sinConexion);
    comprobarConexion(conexion, supabaseUrl);

    // Saved as Conexión saves a hosted project, without switching: the switch is the move's last step.
    if (input.anonKey?.trim()) await secretos.set(SUPABASE_ANON_KEY_ACCOUNT, anonKey);
    if (input.conexionBase?.trim()) await secretos.set(CUENTA_CONEXION_TRASLADO, conexion);
    const claveServicio = input.claveServicio?.trim() || (await secretos.get(CUENTA_CLAVE_SERVICIO_TRASLADO).catch(() => null)) || null;
    if (input.claveServicio?.trim()) await secretos.set(CUENTA_CLAVE_SERVICIO_TRASLADO, input.claveServicio.trim());
    settings.set<ConnectionSettings>(CONNECTION_SETTINGS_KEY, { ...conexionGuardada(), backend: 'embedded', supabaseUrl });

    return actividades.iniciar('traslado', es.datos.falloTraslado, (ctx) => trasladar(ctx, base, { supabaseUrl, anonKey, conexion, claveServicio }));
  }

  /**
   * The snapshot to move: the pending move's one when the target already holds part of it (a resume) and the file
   * still reads whole; else a new one (a move refused before writing anything starts from fresh data).
   */
  async function instantanea(ctx: ContextoActividad, base: BaseEmbebida, reanudar: boolean): Promise<{ estado: EstadoGuardado; datos: Instantanea }> {
    const ruta = rutaInstantanea(dataDir);
    const previo = leerEstado(settings);
    if (previo && reanudar && existsSync(ruta)) {
      try {
        return { estado: previo, datos: await abrirInstantanea(ruta, ctx.señal, (hechos, total) => ctx.progreso(t().fases.leyendo, hechos, total)) };
      } catch (error) {
        if (ctx.señal.aborted) throw error;
        log(t().instantaneaDañada, error);
      }
    }
    ctx.progreso(t().fases.instantanea);
    await tomarInstantanea(base, ruta, { version: opciones.version, now, señal: ctx.señal, progreso: (hechos, total) => ctx.progreso(t().fases.instantanea, hechos, total) });
    const datos = await abrirInstantanea(ruta, ctx.señal, (hechos, total) => ctx.progreso(t().fases.leyendo, hechos, total));
    const id = globalThis.crypto.randomUUID();
    const estado: EstadoGuardado = {
      instantanea: id,
      propias: [...(previo && !previo.terminado ? previo.propias : []), id],
      iniciado: now().toISOString(),
      tablasHechas: 0,
      tablasTotal: datos.tablas.length,
      terminado: null,
    };
    guardarEstado(settings, estado);
    return { estado, datos };
  }

  async function trasladar(
    ctx: ContextoActividad,
    base: BaseEmbebida,
    destino: { supabaseUrl: string; anonKey: string; conexion: string; claveServicio: string | null },
  ): Promise<string> {
    const { señal, progreso } = ctx;
    const cancelada = () => {
      if (señal.aborted) throw new AppError('conflict', es.datos.cancelada);
    };
    progreso(t().fases.comprobando);
    await probar(destino.supabaseUrl, destino.anonKey);
    let cliente: pg.Client | null = null;
    const cortar = () => void cliente?.end().catch(() => undefined);
    señal.addEventListener('abort', cortar, { once: true });
    const conectar = async (): Promise<pg.Client> => {
      const nuevo = clienteDestino(destino.conexion);
      // A pg error can carry row values in its detail: only its name and code are logged.
      nuevo.on('error', (error) => log('Traslado: la conexión con el proyecto se cortó', { name: (error as Error).name, code: (error as { code?: string }).code }));
      cliente = nuevo;
      try {
        await nuevo.connect();
      } catch (error) {
        throw errorDeConexion(error) ?? error;
      }
      cancelada();
      return nuevo;
    };
    try {
      const primero = await conectar();
      const previo = leerEstado(settings);
      const reanudar = Boolean(previo && !previo.terminado && (await instantaneaEmpezada(primero, previo.instantanea)));
      // A new snapshot may take minutes: the target's connection is not kept idle meanwhile.
      if (!reanudar) await primero.end();
      const { estado, datos } = await instantanea(ctx, base, reanudar);
      cancelada();
      return await empujar(ctx, reanudar ? primero : await conectar(), estado, datos, destino.supabaseUrl, destino.claveServicio);
    } catch (error) {
      if (señal.aborted) throw error;
      throw errorDeEscritura(error) ?? errorDeConexion(error) ?? sinDetalle(error);
    } finally {
      señal.removeEventListener('abort', cortar);
      await (cliente as pg.Client | null)?.end().catch(() => undefined);
    }
  }

  async function empujar(
    ctx: ContextoActividad,
    cliente: pg.Client,
    estado: EstadoGuardado,
    datos: Instantanea,
    supabaseUrl: string,
    claveServicio: string | null,
  ): Promise<string> {
    const { señal, progreso } = ctx;
    progreso(t().fases.comprobando);
    const comprobacion = await comprobarDestino(cliente, datos.tablas, estado.instantanea, estado.propias);
    if (!comprobacion.reanudacion) {
      progreso(t().fases.preparando);
      await prepararDestino(cliente, datos.tablas, comprobacion, estado.instantanea);
    }

    const porNombre = new Map(datos.tablas.map((tabla) => [nombreTabla(tabla), tabla]));
    const total = datos.tablas.reduce((suma, tabla) => suma + tabla.filas, 0);
    let hechas = 0;
    const idsUsuarios: string[] = [];
    const terminadas = new Set<string>();
    const anotarTabla = (nombre: string) => {
      if (terminadas.has(nombre)) return;
      terminadas.add(nombre);
      guardarEstado(settings, { ...estado, tablasHechas: terminadas.size, tablasTotal: datos.tablas.length });
    };
    let anterior: string | null = null;
    for await (const bloque of bloquesInstantanea(datos)) {
      const nombre = `${bloque.esquema}.${bloque.tabla}`;
      const tabla = porNombre.get(nombre);
      if (!tabla) continue; // not data to move (sessions, ledgers)
      if (anterior && anterior !== nombre) anotarTabla(anterior);
      anterior = nombre;
      const filas = contarLineas(bloque.texto);
      if (tabla.esquema === 'auth') idsUsuarios.push(...columna(bloque.texto, tabla.columnas.indexOf('id')));
      if ((comprobacion.hechos.get(nombre) ?? -1) < bloque.indice) {
        if (señal.aborted) throw new AppError('conflict', es.datos.cancelada);
        progreso(t().fases.copiando(nombre), hechas, total);
        await empujarBloque(cliente, estado.instantanea, tabla, comprobacion.columnasDestino.get(nombre) ?? new Set(tabla.columnas), bloque.indice, bloque.texto);
      }
      hechas += filas;
      progreso(t().fases.copiando(nombre), hechas, total);
    }
    if (anterior) anotarTabla(anterior);
    for (const tabla of datos.tablas) anotarTabla(nombreTabla(tabla));

    progreso(t().fases.secuencias, hechas, total);
    await ajustarSecuencias(cliente, datos.secuencias);
    progreso(t().fases.usuarios, hechas, total);
    await completarUsuarios(cliente, comprobacion.columnasDestino.get('auth.users') ?? new Set(), idsUsuarios);

    progreso(t().fases.verificando, hechas, total);
    const cuentas = await contarDestino(cliente, datos.tablas, idsUsuarios);
    const distintas = datos.tablas.filter((tabla) => cuentas.get(nombreTabla(tabla)) !== tabla.filas).map(nombreTabla);
    if (distintas.length > 0) {
      log(`Traslado: filas distintas en ${distintas.join(', ')}`);
      throw new AppError('conflict', t().diferencias(distintas.join(', ')));
    }
    if (señal.aborted) throw new AppError('conflict', es.datos.cancelada);

    // The marketing documents, to the bucket the moved rows name, before the switch (a failure here resumes).
    const carpetaArchivos = join(dataDir, 'archivos');
    const hayArchivos = documentosLocales(carpetaArchivos).length > 0;
    let subidos = 0;
    if (hayArchivos && claveServicio) {
      subidos = await subirDocumentos({
        carpetaArchivos,
        supabaseUrl,
        claveServicio,
        señal,
        progreso: (hechos, de) => progreso(t().fases.archivos, hechos, de),
      });
    }

    // Honest, not blocking: rows written locally after the snapshot are not in the project.
    const locales = await contarLocales(opciones.base(), datos.tablas).catch(() => null);
    const cambiadas = locales ? datos.tablas.filter((tabla) => locales.get(nombreTabla(tabla)) !== tabla.filas).map(nombreTabla) : [];

    progreso(t().fases.cambiando, hechas, total);
    await limpiarDestino(cliente);
    const terminado = now().toISOString();
    guardarEstado(settings, { ...estado, tablasHechas: datos.tablas.length, tablasTotal: datos.tablas.length, terminado });
    await secretos.delete(CUENTA_CONEXION_TRASLADO).catch((error: unknown) => log('Traslado: no se pudo borrar la cadena de conexión del llavero', error));
    await secretos.delete(CUENTA_CLAVE_SERVICIO_TRASLADO).catch((error: unknown) => log('Traslado: no se pudo borrar la clave service_role del llavero', error));
    settings.set<ConnectionSettings>(CONNECTION_SETTINGS_KEY, { ...conexionGuardada(), backend: 'hosted', supabaseUrl });
    log(`Traslado terminado: ${datos.tablas.length} tablas, ${total} filas`);
    await opciones.reabrir();
    // The host falls back to the embedded database when the hosted one does not open (and says so in settings).
    const cambio = opciones.base() === null;
    if (!cambio) log('Traslado: el proyecto no abrió; la aplicación sigue con la base integrada');
    return (
      (cambio ? t().terminado(formatoFilas(total)) : t().terminadoSinCambio(formatoFilas(total))) +
      (cambiadas.length > 0 ? t().cambiosDespues(cambiadas.join(', ')) : '') +
      (subidos > 0 ? t().archivosCopiados(subidos) : hayArchivos ? t().archivosNoCopiados : '')
    );
  }

  async function eliminarDatosLocales(): Promise<void> {
    const guardado = leerEstado(settings);
    if (!guardado?.terminado || opciones.base() !== null || conexionGuardada().backend !== 'hosted') {
      throw new AppError('conflict', t().noTerminado);
    }
    rmSync(join(dataDir, 'pgdata'), { recursive: true, force: true });
    rmSync(carpetaTraslado(dataDir), { recursive: true, force: true });
    log('Traslado: datos locales eliminados');
  }

  return { estado, iniciar, eliminarDatosLocales };
}

function contarLineas(texto: string): number {
  let n = 0;
  for (let i = texto.indexOf('\n'); i !== -1; i = texto.indexOf('\n', i + 1)) n++;
  return texto.length > 0 && !texto.endsWith('\n') ? n + 1 : n;
}

/** The values of one column of COPY text lines (ids: never escaped). */
function columna(texto: string, indice: number): string[] {
  if (indice < 0) return [];
  return texto
    .split('\n')
    .filter((linea) => linea !== '')
    .map((linea) => linea.split('\t')[indice]!);
}

/**
 * An unexpected failure leaves without its database text (it may hold row values): the activity shows the
 * generic Spanish message and the log gets the error's name and code.
 */
function sinDetalle(error: unknown): Error {
  const e = error as { name?: string; code?: string; table?: string; column?: string; constraint?: string; routine?: string } | null;
  // Names of things, never values: enough to tell what failed where.
  const donde = [e?.table && `tabla ${e.table}`, e?.column && `columna ${e.column}`, e?.constraint && `restricción ${e.constraint}`, e?.routine && `rutina ${e.routine}`]
    .filter(Boolean)
    .join(', ');
  return new Error(`Traslado: ${e?.name ?? 'Error'}${e?.code ? ` ${e.code}` : ''}${donde ? ` (${donde})` : ''}`);
}
