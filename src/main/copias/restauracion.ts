/**
 * Restoring a backup into the embedded data folder (issue 16). The file is checked whole first (lectura.ts:
 * nothing is touched when it is foreign, truncated or changed), loaded into a NEW folder through a second PGlite
 * worker, its row counts compared with the header, and only then swapped in by the host (`reemplazar`): the host
 * closes the open backend, renames the folders, opens the restored one (newer migrations apply there) and puts the
 * previous folder back if it does not open. The previous data stays aside as pgdata-antes-de-restaurar.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';
import { openPgliteWorker, type BaseEmbebida, type ConsultaCopia } from '../motores/embebido/pglite-worker-client';
import { ESQUEMA_ARCHIVOS, filasTotales, identificador, MARCAS, TABLA_ARCHIVOS, tablaCalificada, type CabeceraCopia } from './formato';
import { leerSecciones, type SeccionCopia } from './lectura';
import type { CambioDeDatos } from './cambio';
import { leerMemoriaEntrada, llevarMemoriaEntrada, type MemoriaEntrada } from './memoria-entrada';
import { apartarIndices, MEMORIA_INDICES, separarIndices } from '../motores/embebido/indices-pendientes';

/** Folder names inside the data folder. */
export const CARPETAS = {
  base: 'pgdata',
  archivos: 'archivos',
  restaurando: 'pgdata-restaurando',
  archivosRestaurando: 'archivos-restaurando',
  anterior: 'pgdata-antes-de-restaurar',
  archivosAnteriores: 'archivos-antes-de-restaurar',
  /** The duplicate a copy reads while the app goes on (duplicado.ts); removed when the copy ends. */
  duplicado: 'pgdata-copiando',
} as const;

export interface OpcionesCarga {
  cabecera: CabeceraCopia;
  progreso?: (fase: string, hechos: number, total: number) => void;
  señal?: AbortSignal;
  /** Where the copy's documents are written (omitted = they are not extracted). */
  archivos?: string;
  /**
   * The migration files this version has (ledger names): a copy whose schema names another was made by a newer
   * version and is refused before its schema runs. Omitted = not checked.
   */
  conocidas?: ReadonlySet<string>;
}

/**
 * Settings of the worker a restore loads into: with wal_level minimal (which needs no WAL senders), rows COPYed into
 * a table truncated in the same transaction are written straight to the table, not to the WAL as well. The app
 * opens the folder afterwards with its own settings.
 */
const AJUSTES_CARGA = ['wal_level=minimal', 'max_wal_senders=0'];

const cancelada = (señal?: AbortSignal) => {
  if (señal?.aborted) throw new AppError('cancelled', es.datos.cancelada);
};

/** A document's path inside the copy, as safe relative segments (never '..', absolute or empty). */
function segmentosSeguros(ruta: string): string[] | null {
  const partes = ruta.split('/');
  if (partes.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\') || p.includes('\0') || p.includes(':'))) return null;
  return partes;
}

/**
 * Loads a checked copy into `db` (an empty, freshly created database): runs its SQL sections and COPYs its data
 * blocks, then compares every table's rows with the header and writes its documents to `opciones.archivos`.
 * Leaves the documents' schema out of the database and no operator session behind (everybody signs in again). The
 * copy's plain indexes are listed, not built: the database builds them once it is open (indices-pendientes.ts).
 */
export async function cargarCopia(db: BaseEmbebida, ruta: string, opciones: OpcionesCarga): Promise<void> {
  const t = es.datos.copias;
  const progreso = opciones.progreso ?? (() => {});
  const total = filasTotales(opciones.cabecera);
  let hechos = 0;
  /** The tables the data section truncates: loaded with FREEZE (below). */
  let truncadas = '';

  const aplicar = async (runner: ConsultaCopia, seccion: SeccionCopia): Promise<void> => {
    cancelada(opciones.señal);
    if (seccion.tipo === 'sql') {
      if (opciones.conocidas && seccion.marca.startsWith(MARCAS.esquema) && seccion.marca !== MARCAS.registro) {
        if (!opciones.conocidas.has(seccion.marca.slice(MARCAS.esquema.length))) throw new AppError('validation', t.formatoNuevo);
      }
      if (seccion.marca === MARCAS.indices) {
        // Unique indexes now; the plain ones are listed for the opened database to build (indices-pendientes.ts).
        progreso(t.fases.indices, hechos, total);
        const { ahora, despues } = separarIndices(seccion.texto);
        await runner.exec(ahora);
        await apartarIndices(runner, despues);
        return;
      }
      if (seccion.marca === MARCAS.datos) {
        // The schema is in place: every table the copy holds must exist before rows go in.
        for (const tabla of Object.keys(opciones.cabecera.filas)) {
          const [esquema, nombre] = [tabla.slice(0, tabla.indexOf('.')), tabla.slice(tabla.indexOf('.') + 1)];
          const { rows } = await runner.query<{ existe: boolean }>('select to_regclass($1) is not null as existe', [tablaCalificada(esquema, nombre)]);
          if (!rows[0]?.existe) throw new AppError('validation', t.tablaDesconocida(tabla));
        }
        truncadas = seccion.texto.split('\n').find((linea) => linea.startsWith('TRUNCATE TABLE ')) ?? '';
      }
      await runner.exec(seccion.texto);
      return;
    }
    const clave = `${seccion.esquema}.${seccion.tabla}`;
    if (!(clave in opciones.cabecera.filas)) throw new AppError('validation', es.datos.copias.danada);
    progreso(t.fases.cargando(seccion.esquema === 'public' ? seccion.tabla : clave), hechos, total);
    const nombre = tablaCalificada(seccion.esquema, seccion.tabla);
    // FREEZE: rows written already frozen, so the first reads (the row counts below, the app's first screens)
    // do not rewrite every page to set hint bits. PostgreSQL allows it only for a table truncated in this
    // transaction, which the data section does for every table but the documents'.
    const congelar = truncadas.includes(`${nombre},`) || truncadas.includes(`${nombre};`);
    await runner.copiarDesde(
      `copy ${nombre} (${seccion.columnas.map(identificador).join(', ')}) from '/dev/blob'${congelar ? ' with (freeze)' : ''}`,
      seccion.texto,
    );
    hechos += seccion.filas;
    progreso(t.fases.cargando(seccion.esquema === 'public' ? seccion.tabla : clave), hechos, total);
  };

  progreso(t.fases.esquema, 0, total);
  const secciones = conLecturaAdelantada(leerSecciones(ruta)[Symbol.asyncIterator]());
  try {
    let siguiente = await secciones.next();
    // The schema, statement by statement as psql would run it.
    while (!siguiente.done && !(siguiente.value.tipo === 'sql' && siguiente.value.marca === MARCAS.datos)) {
      await aplicar(db, siguiente.value);
      siguiente = await secciones.next();
    }
    // The data, its unique indexes, sequences and triggers in ONE transaction: the truncated tables' rows and the
    // indexes built after them skip the WAL (prepararRestauracion opens the folder with wal_level minimal), and the load is
    // committed once.
    if (!siguiente.done) {
      await db.transaccion(async (tx) => {
        await tx.exec(`set local maintenance_work_mem = '${MEMORIA_INDICES}'`);
        while (!siguiente.done) {
          await aplicar(tx, siguiente.value);
          siguiente = await secciones.next();
        }
      });
    }
  } finally {
    await secciones.return?.(undefined);
  }

  progreso(t.fases.revisando, hechos, total);
  for (const [tabla, esperadas] of Object.entries(opciones.cabecera.filas)) {
    const [esquema, nombre] = [tabla.slice(0, tabla.indexOf('.')), tabla.slice(tabla.indexOf('.') + 1)];
    const { rows } = await db.query<{ n: string | number }>(`select count(*) as n from ${tablaCalificada(esquema, nombre)}`);
    if (Number(rows[0]?.n ?? -1) !== esperadas) throw new AppError('validation', t.filasDistintas(tabla));
  }

  const documentos = `${ESQUEMA_ARCHIVOS}.${TABLA_ARCHIVOS}`;
  if (documentos in opciones.cabecera.filas) {
    if (opciones.archivos) {
      const raiz = resolve(opciones.archivos);
      const { rows } = await db.query<{ ruta: string; contenido: Uint8Array }>(
        `select ruta, contenido from ${tablaCalificada(ESQUEMA_ARCHIVOS, TABLA_ARCHIVOS)} order by ruta`,
      );
      for (const fila of rows) {
        cancelada(opciones.señal);
        const partes = segmentosSeguros(fila.ruta);
        if (!partes) throw new AppError('validation', t.danada);
        const destino = resolve(raiz, ...partes);
        if (!destino.startsWith(raiz + sep)) throw new AppError('validation', t.danada);
        await mkdir(dirname(destino), { recursive: true, mode: 0o700 });
        await writeFile(destino, fila.contenido, { mode: 0o600 });
      }
    }
    await db.exec(`drop schema ${identificador(ESQUEMA_ARCHIVOS)} cascade`);
  }
  // Sessions of the copy's time are not the sessions of now: everybody signs in again after a restore.
  await db.exec('delete from auth.sessions');
}

/**
 * The sections with the next one already being read while the current one runs: inflating and splitting the file
 * on this thread overlaps the worker's COPY on its own (about 1.8 s of a bench-scale restore). At most one section
 * (a data block: ≤ BLOQUE_BYTES) is held ahead.
 */
async function* conLecturaAdelantada<T>(fuente: AsyncIterator<T>): AsyncGenerator<T> {
  let proxima = fuente.next();
  try {
    for (;;) {
      const actual = await proxima;
      if (actual.done) return;
      proxima = fuente.next();
      proxima.catch(() => undefined); // its failure surfaces when it is awaited above
      yield actual.value;
    }
  } finally {
    await fuente.return?.(undefined);
  }
}

/**
 * Loads `ruta` (already checked: `cabecera`) into <dataDir>/pgdata-restaurando and its documents into
 * <dataDir>/archivos-restaurando, replacing leftovers of an earlier attempt. On any failure both are removed.
 */
export async function prepararRestauracion(dataDir: string, ruta: string, opciones: Omit<OpcionesCarga, 'archivos'>): Promise<void> {
  const base = join(dataDir, CARPETAS.restaurando);
  const archivos = join(dataDir, CARPETAS.archivosRestaurando);
  await limpiarRestauracion(dataDir);
  await mkdir(archivos, { recursive: true, mode: 0o700 });
  let db: BaseEmbebida | null = null;
  try {
    db = await openPgliteWorker({ dataDir: base, ajustes: AJUSTES_CARGA });
    await cargarCopia(db, ruta, { ...opciones, archivos });
    await db.cerrar();
    db = null;
  } catch (error) {
    await db?.cerrar().catch(() => undefined);
    await limpiarRestauracion(dataDir);
    throw error;
  }
}

export async function limpiarRestauracion(dataDir: string): Promise<void> {
  await rm(join(dataDir, CARPETAS.restaurando), { recursive: true, force: true });
  await rm(join(dataDir, CARPETAS.archivosRestaurando), { recursive: true, force: true });
}

/**
 * The folder swap the host applies between closing the open database and opening the restored one:
 * pgdata → pgdata-antes-de-restaurar (an older one set aside until the restored data opens), pgdata-restaurando
 * → pgdata, and the same for the documents. `deshacer` walks the same steps back. `confirmar` drops the older
 * set-aside folders once the restored data is open.
 */
export function cambioDeRestauracion(dataDir: string): CambioDeDatos & { confirmar(): Promise<void> } {
  const ruta = (nombre: string) => join(dataDir, nombre);
  const hechos: [string, string][] = [];
  const mover = async (desde: string, hacia: string) => {
    if (!existsSync(ruta(desde))) return;
    await rename(ruta(desde), ruta(hacia));
    hechos.push([desde, hacia]);
  };
  const viejo = (nombre: string) => `${nombre}.viejo`;
  let memoria: MemoriaEntrada | null = null;
  return {
    // The inbound listener's replay and idempotency memory never rewinds (memoria-entrada.ts).
    async antesDeCerrar(base) {
      memoria = base ? await leerMemoriaEntrada(base) : null;
    },
    async alAbrir(base) {
      if (base && memoria) await llevarMemoriaEntrada(base, memoria);
    },
    async aplicar() {
      for (const [actual, apartado, nuevo] of [
        [CARPETAS.base, CARPETAS.anterior, CARPETAS.restaurando],
        [CARPETAS.archivos, CARPETAS.archivosAnteriores, CARPETAS.archivosRestaurando],
      ] as const) {
        await rm(ruta(viejo(apartado)), { recursive: true, force: true });
        await mover(apartado, viejo(apartado));
        await mover(actual, apartado);
        await mover(nuevo, actual);
      }
    },
    async deshacer() {
      while (hechos.length > 0) {
        const [desde, hacia] = hechos.pop()!;
        await rename(ruta(hacia), ruta(desde));
      }
    },
    async confirmar() {
      await rm(ruta(viejo(CARPETAS.anterior)), { recursive: true, force: true });
      await rm(ruta(viejo(CARPETAS.archivosAnteriores)), { recursive: true, force: true });
      hechos.length = 0;
    },
  };
}
