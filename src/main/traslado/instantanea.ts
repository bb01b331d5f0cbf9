/**
 * The move's source: a consistent snapshot of the embedded database, written as a backup file (src/main/copias:
 * volcarBase, one repeatable-read transaction) and read back with the backup reader, block by block. The same file
 * gives the same blocks, so a move that stopped resumes at a block of the same snapshot.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BaseEmbebida } from '../motores/embebido/pglite-worker-client';
import { volcarBase } from '../copias/volcado';
import { leerSecciones, verificarCopia } from '../copias/lectura';
import { MARCAS } from '../copias/formato';
import { makeFolderPrivate } from '../motores/embebido/private-folder';
import { nombreTabla, seMueve, type TablaMovida } from './destino';

export interface Instantanea {
  ruta: string;
  /** The tables the move copies (schema public and auth.users), with the snapshot's columns and row counts. */
  tablas: TablaMovida[];
  /** `SELECT pg_catalog.setval(…)` lines of the snapshot. */
  secuencias: string[];
}

export interface BloqueInstantanea {
  esquema: string;
  tabla: string;
  columnas: string[];
  indice: number;
  texto: string;
}

/** Writes the snapshot atomically (a `.parcial` file renamed when complete), the database only. */
export async function tomarInstantanea(
  db: BaseEmbebida,
  ruta: string,
  opciones: { version: string; now: () => Date; señal: AbortSignal; progreso: (hechos: number, total: number) => void },
): Promise<void> {
  mkdirSync(dirname(ruta), { recursive: true });
  makeFolderPrivate(dirname(ruta));
  await volcarBase(db, ruta, {
    version: opciones.version,
    tipo: 'manual',
    now: opciones.now,
    señal: opciones.señal,
    progreso: (_fase, hechos, total) => opciones.progreso(hechos, total),
  });
}

/**
 * Checks the whole file (sha256) and reads what the move needs before writing anything: the moved tables with
 * their columns (from each table's first block; a table without rows has none and needs none) and the sequences.
 */
export async function abrirInstantanea(
  ruta: string,
  señal?: AbortSignal,
  progreso?: (hechos: number, total: number) => void,
): Promise<Instantanea> {
  const { cabecera } = await verificarCopia(ruta, { ...(señal ? { señal } : {}), ...(progreso ? { progreso } : {}) });
  const columnas = new Map<string, string[]>();
  const secuencias: string[] = [];
  for await (const seccion of leerSecciones(ruta)) {
    if (seccion.tipo === 'datos') {
      if (seccion.indice === 0) columnas.set(nombreTabla(seccion), seccion.columnas);
    } else if (seccion.marca === MARCAS.secuencias) {
      secuencias.push(...seccion.texto.split('\n').filter((linea) => linea.startsWith('SELECT pg_catalog.setval(')));
    }
  }
  const tablas: TablaMovida[] = [];
  for (const [nombre, filas] of Object.entries(cabecera.filas)) {
    const punto = nombre.indexOf('.');
    const esquema = nombre.slice(0, punto);
    const tabla = nombre.slice(punto + 1);
    if (!seMueve(esquema, tabla)) continue;
    tablas.push({ esquema, tabla, columnas: columnas.get(nombre) ?? [], filas });
  }
  return { ruta, tablas, secuencias };
}

/** The snapshot's data blocks in file order (the same every time for the same file). */
export async function* bloquesInstantanea(instantanea: Instantanea): AsyncGenerator<BloqueInstantanea> {
  for await (const seccion of leerSecciones(instantanea.ruta)) {
    if (seccion.tipo !== 'datos') continue;
    yield { esquema: seccion.esquema, tabla: seccion.tabla, columnas: seccion.columnas, indice: seccion.indice, texto: seccion.texto };
  }
}

/** Rows each moved table holds now in the embedded database (to tell the administrator what changed since). */
export async function contarLocales(db: BaseEmbebida | null, tablas: TablaMovida[]): Promise<Map<string, number> | null> {
  if (!db) return null;
  const cuentas = new Map<string, number>();
  for (const tabla of tablas) {
    const { rows } = await db.query<{ n: number | string }>(
      `select count(*) as n from "${tabla.esquema.replace(/"/g, '""')}"."${tabla.tabla.replace(/"/g, '""')}"`,
    );
    cuentas.set(nombreTabla(tabla), Number(rows[0]?.n ?? 0));
  }
  return cuentas;
}

