/**
 * Backups at scale (issue 16): 50,000 clients, 200,000 calls and 1,000,000 bot messages on the embedded
 * database. Times the backup (one consistent snapshot written as a plain-SQL file) and prints its size, then the
 * restore as Configuración → Datos does it: the whole-file check, then the load into a new folder through a second
 * PGlite worker with every table's rows compared, then opening the restored folder as the app would.
 *
 * Run alone: `npx tsx bench/copias-bench.ts`; or call benchCopias(record, folder) from bench/run.ts.
 */
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { openEmbeddedBackend } from '../src/main/backends/embedded/open-embedded';
import { seedDemoData } from '../src/main/backends/embedded/seed';
import { volcarBase } from '../src/main/copias/volcado';
import { verificarCopia } from '../src/main/copias/lectura';
import { prepararRestauracion } from '../src/main/copias/restauracion';
import { filasTotales } from '../src/main/copias/formato';
import { insertarMensajes } from './bots-mensajes';

export type Record = (medida: string, ms: number, targetMs?: number, detail?: string) => void;

const CLIENTES = 50_000;
const LLAMADAS = 200_000;
const MENSAJES = 1_000_000;
const SESIONES = 20_000;
const TABLA = 'bench_copias_registro_whatsapp';

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const value = await fn();
  return [performance.now() - t, value];
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function benchCopias(record: Record, folder: string): Promise<void> {
  const dataDir = join(folder, 'copias-fuente');
  const fuente = await openEmbeddedBackend({ dataDir, seedDemoData: false });
  let ruta: string;
  let filas: number;
  try {
    const db = fuente.db;
    const [semillaMs] = await time(async () => {
      await seedDemoData(db, { scale: { clientes: CLIENTES, llamadas: LLAMADAS } });
      await db.query(`insert into public.empresas_whatsapp (name, table_supabase) values ('Bench copias', $1)`, [TABLA]);
      await db.query('select public.create_message_table($1)', [TABLA]);
      await insertarMensajes(db, TABLA, MENSAJES, SESIONES);
    });
    record('copias: cargar 50.000 clientes, 200.000 llamadas y 1.000.000 mensajes', semillaMs);

    const destino = join(folder, 'consola-bench-manual.sql');
    const [copiaMs, copia] = await time(() => volcarBase(db, destino, { version: 'bench', tipo: 'manual', now: () => new Date() }));
    ruta = copia.ruta;
    filas = copia.filas;
    record('copia de seguridad (volcado coherente a un archivo SQL)', copiaMs, undefined, `(${mb(copia.bytes)}, ${copia.filas.toLocaleString('es-CO')} filas)`);
  } finally {
    await fuente.close();
  }

  const [verificarMs, { cabecera }] = await time(() => verificarCopia(ruta));
  record('restaurar: comprobar el archivo entero (sha256)', verificarMs);
  const otra = join(folder, 'copias-restaurada');
  const [cargaMs] = await time(() => prepararRestauracion(otra, ruta, { cabecera }));
  record('restaurar: cargar en una carpeta nueva y comparar filas', cargaMs, undefined, `(${filasTotales(cabecera).toLocaleString('es-CO')} filas de ${filas.toLocaleString('es-CO')})`);
  // What the host does next: the restored folder opens as the app's data (here under its own name).
  renameSync(join(otra, 'pgdata-restaurando'), join(otra, 'pgdata'));
  const [abrirMs, abierta] = await time(() => openEmbeddedBackend({ dataDir: otra, seedDemoData: false }));
  record('restaurar: abrir la base restaurada', abrirMs);
  await abierta.close();
  record('restaurar: total (comprobar + cargar + abrir)', verificarMs + cargaMs + abrirMs);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = mkdtempSync(join(tmpdir(), 'consola-bench-copias-'));
  const record: Record = (medida, ms, _target, detail = '') => console.log(`${medida}: ${(ms / 1000).toFixed(1)} s ${detail}`);
  benchCopias(record, base)
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => rmSync(base, { recursive: true, force: true }));
}
