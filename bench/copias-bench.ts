/**
 * Backups at scale (issue 16): 50,000 clients, 200,000 calls (times --escala) and 1,000,000 bot messages on the
 * embedded database. Times the backup as the backups service takes it (issue 25: a duplicate of the data folder,
 * dumped compressed in its own worker) while an ordinary write is issued every 50 ms, and prints the copy's size
 * against its uncompressed text and the longest wait of those writes; then the restore as Configuración → Datos
 * does it: the whole-file check, the load into a new folder through a second PGlite worker (each phase timed) with
 * every table's rows compared, then opening the restored folder as the app would; then the plain indexes the
 * opened database builds in the background, and the longest wait of a read meanwhile.
 *
 * Run alone: `npx tsx bench/copias-bench.ts`; or call benchCopias(record, folder) from bench/run.ts.
 */
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { openEmbeddedBackend } from '../src/main/motores/embebido/open-embedded';
import { seedDemoData } from '../src/main/motores/embebido/seed';
import { volcarBase } from '../src/main/copias/volcado';
import { conDuplicado } from '../src/main/copias/duplicado';
import { verificarCopia } from '../src/main/copias/lectura';
import { prepararRestauracion } from '../src/main/copias/restauracion';
import { filasTotales } from '../src/main/copias/formato';
import { insertarMensajes } from './bots-mensajes';

export type Record = (medida: string, ms: number, targetMs?: number, detail?: string) => void;
/** A row that is not a time (a size). */
export type Fila = (fila: { medida: string; valor: string; objetivo: string; ok: string }) => void;

const CLIENTES = 50_000;
const LLAMADAS = 200_000;
/** What issue 25 measured before: the plain copy at ×1, and its restore. */
const ANTES_BYTES_X1 = 241 * 1024 * 1024;
const MENSAJES = 1_000_000;
const SESIONES = 20_000;
const TABLA = 'bench_copias_registro_whatsapp';

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const value = await fn();
  return [performance.now() - t, value];
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function benchCopias(record: Record, folder: string, opciones: { escala?: number; fila?: Fila } = {}): Promise<void> {
  const escala = opciones.escala ?? 1;
  const fila = opciones.fila ?? ((f) => console.log(`${f.medida}: ${f.valor} (${f.objetivo}) ${f.ok}`));
  const clientes = CLIENTES * escala;
  const llamadas = LLAMADAS * escala;
  const miles = (n: number) => n.toLocaleString('es-CO');
  const dataDir = join(folder, 'copias-fuente');
  const fuente = await openEmbeddedBackend({ dataDir, seedDemoData: false });
  let ruta: string;
  let filas: number;
  try {
    const db = fuente.db;
    const [semillaMs] = await time(async () => {
      await seedDemoData(db, { scale: { clientes, llamadas } });
      await db.query(`insert into public.empresas_whatsapp (name, table_supabase) values ('Bench copias', $1)`, [TABLA]);
      await db.query('select public.create_message_table($1)', [TABLA]);
      await insertarMensajes(db, TABLA, MENSAJES, SESIONES);
    });
    record(`copias: cargar ${miles(clientes)} clientes, ${miles(llamadas)} llamadas y ${miles(MENSAJES)} mensajes`, semillaMs);

    // Ordinary writes while the copy runs (a campaign saved every 50 ms): the longest wait is what a person feels.
    let escribiendo = true;
    let esperaMaxima = 0;
    let escrituras = 0;
    const escritor = (async () => {
      while (escribiendo) {
        const t = performance.now();
        await db.query('insert into public.campanas (nombre, minutos) values ($1, 1)', [`bench-durante-${escrituras}`]);
        esperaMaxima = Math.max(esperaMaxima, performance.now() - t);
        escrituras++;
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const destino = join(folder, 'consola-bench-manual.sql.gz');
    let retenido = 0;
    let copiaMs: number;
    let copia: Awaited<ReturnType<typeof volcarBase>>;
    try {
      [copiaMs, copia] = await time(() =>
        conDuplicado(
          db,
          join(dataDir, 'pgdata'),
          join(dataDir, 'pgdata-copiando'),
          (duplicado) => volcarBase(duplicado, destino, { version: 'bench', tipo: 'manual', now: () => new Date(), comprimir: true }),
          { retenido: (ms) => (retenido = ms) },
        ),
      );
    } finally {
      escribiendo = false;
      await escritor;
    }
    ruta = copia.ruta;
    filas = copia.filas;
    record('copia de seguridad (carpeta duplicada, volcado comprimido)', copiaMs, undefined, `(${copia.filas.toLocaleString('es-CO')} filas)`);
    const porCiento = (100 * copia.bytes) / copia.bytesTexto;
    fila({
      medida: 'copia: tamaño comprimido (% del texto sin comprimir)',
      valor: `${mb(copia.bytes)} (${porCiento.toFixed(1)} % de ${mb(copia.bytesTexto)})`,
      objetivo: escala === 1 ? `≤ 30 % de ${mb(ANTES_BYTES_X1)}` : '≤ 30 %',
      ok: (escala === 1 ? copia.bytes <= 0.3 * ANTES_BYTES_X1 : porCiento <= 30) ? 'sí' : 'NO',
    });
    record(`copia: la escritura más lenta mientras corría (${escrituras} escrituras)`, esperaMaxima, 1000);
    record('  de ello: la base retenida (última pasada del duplicado)', retenido);
  } finally {
    await fuente.cerrar();
  }

  const [verificarMs, { cabecera }] = await time(() => verificarCopia(ruta));
  record('restaurar: comprobar el archivo entero (sha256)', verificarMs);
  const otra = join(folder, 'copias-restaurada');
  const fases = new Map<string, number>();
  let fase = '';
  let desde = performance.now();
  const [cargaMs] = await time(() =>
    prepararRestauracion(otra, ruta, {
      cabecera,
      progreso: (nombre) => {
        const clave = nombre.startsWith('Restaurando ') && nombre !== 'Restaurando la estructura de la base de datos' ? 'Restaurando las filas' : nombre;
        if (clave === fase) return;
        const ahora = performance.now();
        if (fase) fases.set(fase, (fases.get(fase) ?? 0) + ahora - desde);
        fase = clave;
        desde = ahora;
      },
    }),
  );
  if (fase) fases.set(fase, (fases.get(fase) ?? 0) + performance.now() - desde);
  record('restaurar: cargar en una carpeta nueva y comparar filas', cargaMs, undefined, `(${filasTotales(cabecera).toLocaleString('es-CO')} filas de ${filas.toLocaleString('es-CO')})`);
  for (const [nombre, ms] of fases) record(`  de ello: ${nombre}`, ms);
  // What the host does next: the restored folder opens as the app's data (here under its own name).
  renameSync(join(otra, 'pgdata-restaurando'), join(otra, 'pgdata'));
  const [abrirMs, abierta] = await time(() => openEmbeddedBackend({ dataDir: otra, seedDemoData: false }));
  record('restaurar: abrir la base restaurada', abrirMs);
  record('restaurar: total (comprobar + cargar + abrir)', verificarMs + cargaMs + abrirMs, 15_000);
  // The plain indexes are built after the app opens, one at a time, while it answers.
  // A person's reads meanwhile (one every 50 ms): the longest wait is what they feel.
  let construyendo = true;
  let esperaLectura = 0;
  const lector = (async () => {
    while (construyendo) {
      const t = performance.now();
      await abierta.db.query('select id from public.campanas order by id limit 1');
      esperaLectura = Math.max(esperaLectura, performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const [indicesMs] = await time(() => abierta.indicesReconstruidos);
  construyendo = false;
  await lector;
  record('  después: índices reconstruidos en segundo plano (la app ya responde)', indicesMs);
  record('  después: la lectura más lenta mientras se reconstruían', esperaLectura);
  await abierta.cerrar();
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
