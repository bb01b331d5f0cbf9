/**
 * The indexes a restore builds after the app has opened (issue 25). Loading the rows of a large copy is quick; building
 * its trigram and secondary indexes again took as long as the load (about 10 s of a 26 s restore at bench scale, a
 * single trigram index 3 s). Those indexes only make reads faster: every answer is the same without them. So a restore
 * loads the rows and the indexes that keep data correct (primary keys, unique indexes and constraints), writes the
 * others' definitions into `_consola.indices_pendientes` in the same transaction, and the embedded database, every
 * time it opens, builds what is listed there one index at a time in the background, then drops the list.
 *
 * - Atomic with the data: the list is in the restored database, so a restart before the end picks up where it
 *   stopped (each index is built and struck off in one transaction).
 * - A copy made while indexes are still listed includes them (copias/volcado.ts reads this list beside the catalogue), and
 *   the list itself is never copied (it is not a table of the schema a copy recreates).
 * - Migrations of a newer version run on the full schema: an older copy is finished before they apply
 *   (open-embedded.ts).
 * While an index is built, the database answers the next query when that index is done: at bench scale at most 3 s,
 * once, right after a restore (the first screen is the sign-in).
 */
import type { SqlClient, SqlQueryable } from '../../../shared/ports/sql';

export const TABLA_INDICES_PENDIENTES = { esquema: '_consola', tabla: 'indices_pendientes' } as const;
const TABLA = `${TABLA_INDICES_PENDIENTES.esquema}.${TABLA_INDICES_PENDIENTES.tabla}`;

/** Memory each index build may use (GIN trigram indexes build several times faster than with the default 64 MB). */
export const MEMORIA_INDICES = '256MB';

export interface IndicePendiente {
  esquema: string;
  nombre: string;
  /** `CREATE INDEX IF NOT EXISTS …` (idempotent: building it twice is harmless). */
  def: string;
}

const IDENTIFICADOR = String.raw`("(?:[^"]|"")+"|[^\s."]+)`;
/** `CREATE INDEX name ON [ONLY] schema.table …` as pg_get_indexdef writes a plain (not unique) index. */
const INDICE_SIMPLE = new RegExp(String.raw`^CREATE INDEX (?:IF NOT EXISTS )?${IDENTIFICADOR} ON (?:ONLY )?${IDENTIFICADOR}\.`);

const sinComillas = (nombre: string) => (nombre.startsWith('"') ? nombre.slice(1, -1).replaceAll('""', '"') : nombre);

/**
 * Of a copy's index section (one `CREATE … INDEX …;` per line), the statements to run now (unique indexes keep data
 * correct while the app writes) and the plain indexes that can wait.
 */
export function separarIndices(seccion: string): { ahora: string; despues: IndicePendiente[] } {
  const ahora: string[] = [];
  const despues: IndicePendiente[] = [];
  for (const linea of seccion.split('\n')) {
    const m = INDICE_SIMPLE.exec(linea);
    if (!m) {
      ahora.push(linea);
      continue;
    }
    const def = linea.trim().replace(/;$/, '').replace(/^CREATE INDEX (?!IF NOT EXISTS )/, 'CREATE INDEX IF NOT EXISTS ');
    despues.push({ esquema: sinComillas(m[2]!), nombre: sinComillas(m[1]!), def });
  }
  return { ahora: ahora.join('\n'), despues };
}

/** Lists `indices` to be built when the database opens (inside the restore's transaction). */
export async function apartarIndices(db: SqlQueryable, indices: readonly IndicePendiente[]): Promise<void> {
  if (indices.length === 0) return;
  await db.query(
    `create table if not exists ${TABLA} (orden int primary key, esquema text not null, nombre text not null, definicion text not null)`,
  );
  await db.query(
    `insert into ${TABLA} (orden, esquema, nombre, definicion)
     select coalesce((select max(orden) from ${TABLA}), 0) + x.o, x.esquema, x.nombre, x.definicion
       from unnest($1::text[], $2::text[], $3::text[]) with ordinality as x(esquema, nombre, definicion, o)`,
    [indices.map((i) => i.esquema), indices.map((i) => i.nombre), indices.map((i) => i.def)],
  );
}

/** The indexes still waiting to be built (none when there is no list). */
export async function leerIndicesPendientes(db: SqlQueryable): Promise<IndicePendiente[]> {
  const { rows: hay } = await db.query<{ existe: boolean }>(`select to_regclass('${TABLA}') is not null as existe`);
  if (!hay[0]?.existe) return [];
  const { rows } = await db.query<IndicePendiente>(`select esquema, nombre, definicion as def from ${TABLA} order by orden`);
  return rows;
}

export interface ConstruccionIndices {
  /** Resolves when the list is done, stopped, or failed (a failure is logged; the next open tries again). */
  terminada: Promise<void>;
  /** Stops after the index being built (closing the database must not wait for all of them). */
  detener(): Promise<void>;
}

/** Builds the listed indexes one by one, each built and struck off in one transaction; drops the list at the end. */
export function construirIndicesPendientes(db: SqlClient, log: (mensaje: string, error?: unknown) => void): ConstruccionIndices {
  let parar = false;
  const terminada = (async () => {
    const pendientes = await leerIndicesPendientes(db);
    if (pendientes.length === 0) return;
    log(`Reconstruyendo en segundo plano ${pendientes.length} índices de la copia restaurada.`);
    for (;;) {
      if (parar) return;
      const quedan = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ orden: number; definicion: string }>(`select orden, definicion from ${TABLA} order by orden limit 1`);
        const siguiente = rows[0];
        if (!siguiente) {
          await tx.query(`drop table ${TABLA}`);
          return false;
        }
        await tx.query(`set local maintenance_work_mem = '${MEMORIA_INDICES}'`);
        await tx.exec(siguiente.definicion);
        await tx.query(`delete from ${TABLA} where orden = $1`, [siguiente.orden]);
        return true;
      });
      if (!quedan) break;
    }
    log('Índices de la copia restaurada reconstruidos.');
  })().catch((error: unknown) => log('No se pudieron reconstruir los índices de la copia restaurada; se intentará al volver a abrir', error));
  return {
    terminada,
    async detener() {
      parar = true;
      await terminada;
    },
  };
}
