/**
 * Bot message tables at scale (issue 5): 1,000,000 messages in 20,000 sessions on the embedded database.
 * Sessions page (latest first, with and without search) and stats through the api (SQL functions over the
 * per-session summary) — target < 200 ms each — and the same numbers the original way (download every row,
 * group in JavaScript) for the ratio.
 *
 * Run alone: `npx tsx bench/bots-mensajes.ts`; or call benchBotsMensajes(record, folder) from bench/run.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { openEmbeddedBackend } from '../src/main/motores/embebido/open-embedded';
import { crearApi } from '../src/shared/api';
import { crearDespachador, type Implementations } from '../src/main/dispatch';
import type { SqlQueryable } from '../src/shared/ports/sql';
import { agruparSesiones, calcularEstadisticas, type FilaMensaje } from '../src/shared/areas/mensajes/rules';

export type Record = (medida: string, ms: number, targetMs?: number, detail?: string) => void;

const MENSAJES = 1_000_000;
const SESIONES = 20_000;
const TABLA = 'bench_mensajes_registro_whatsapp';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const value = await fn();
  return [performance.now() - t, value];
}

/**
 * `total` chat-memory rows in `sesiones` sessions, alternating a customer's question and the bot's answer, one
 * every 2.5 seconds up to now: inserted by the database itself, 100,000 per statement (the copies bench too).
 */
export async function insertarMensajes(db: SqlQueryable, tabla: string, total: number, sesiones: number): Promise<void> {
  const lote = 100_000;
  for (let desde = 1; desde <= total; desde += lote) {
    await db.query(
      `insert into public.${tabla} (session_id, message, created_at)
       select 'sesion_' || lpad((g % $3)::text, 5, '0'),
              case when g % 2 = 0
                   then jsonb_build_object('type', 'human', 'content', 'Hola, quiero saber el estado del pedido ' || g)
                   else jsonb_build_object('type', 'ai', 'content', 'Con gusto. Su pedido ' || g || ' sale hoy por Servientrega.') end,
              (now() at time zone 'UTC') - (($4 - g) * interval '2.5 seconds')
         from generate_series($1::int, $2::int) g`,
      [desde, Math.min(total, desde + lote - 1), sesiones, total],
    );
  }
}

export async function benchBotsMensajes(record: Record, folder: string): Promise<void> {
  const backend = await openEmbeddedBackend({ dataDir: join(folder, 'bots'), seedDemoData: false });
  try {
    const db = backend.db;
    await db.query(`insert into public.empresas_whatsapp (name, table_supabase) values ('Bench', $1)`, [TABLA]);
    await db.query('select public.create_message_table($1)', [TABLA]);
    const [cargaMs] = await time(async () => {
      await insertarMensajes(db, TABLA, MENSAJES, SESIONES);
    });
    record(`cargar ${MENSAJES.toLocaleString('es-CO')} mensajes en ${SESIONES.toLocaleString('es-CO')} sesiones`, cargaMs);

    const dispatch = crearDespachador(crearApi(backend.backend) as unknown as Implementations);
    let token: string | null = null;
    const ctx = { getToken: () => token, setToken: (t: string | null) => void (token = t) };
    const created = await dispatch('auth', 'crearPrimerAdmin', { nombre: 'Bench', email: 'bench-bots@agencia.co', password: 'Bench2026x' }, ctx);
    if (!created.ok) throw new Error(created.error.message);
    const run = async (area: string, op: string, input: unknown) => {
      const r = await dispatch(area as never, op as never, input as never, ctx);
      if (!r.ok) throw new Error(r.error.message);
      return r.data;
    };

    // First read: installs the triggers and indexes and summarises the existing rows, once per table.
    const [prepMs] = await time(() => run('mensajes', 'estadisticas', { tabla: TABLA }));
    record('primera lectura: preparar la tabla (resumen, índices, disparadores; una vez)', prepMs, 5000);

    const medir = async (medida: string, fn: () => Promise<unknown>, objetivo?: number) => {
      await fn();
      const xs: number[] = [];
      for (let i = 0; i < 9; i++) xs.push((await time(fn))[0]);
      record(`${medida} (mediana de 9)`, median(xs), objetivo);
    };
    await medir('sesiones: página 1 por último mensaje', () => run('mensajes', 'sesiones', { tabla: TABLA, pagina: 1, porPagina: 10 }), 200);
    await medir('sesiones: página 50 por último mensaje', () => run('mensajes', 'sesiones', { tabla: TABLA, pagina: 50, porPagina: 50 }), 200);
    await medir("sesiones: búsqueda de session_id '123'", () => run('mensajes', 'sesiones', { tabla: TABLA, busqueda: '123', pagina: 1, porPagina: 10 }), 200);
    await medir('estadísticas (cuatro tarjetas)', () => run('mensajes', 'estadisticas', { tabla: TABLA }), 200);
    await medir('resumen de WhatsApp (tarjetas, % y 7 días)', () => run('whatsappResumen', 'resumen', { tabla: TABLA, busqueda: '' }), 200);
    await medir("buscar en mensajes (texto completo) 'pedido 4711'", () =>
      run('mensajes', 'sesiones', { tabla: TABLA, busqueda: 'pedido 4711', enMensajes: true, pagina: 1, porPagina: 10 }),
    );

    // The original way: every row to the client, grouped in JavaScript.
    const [originalMs, original] = await time(async () => {
      const filas = (await db.query<FilaMensaje>(`select id, session_id, message, to_json(created_at) #>> '{}' as created_at from public.${TABLA} order by created_at desc`)).rows;
      const sesiones = agruparSesiones(filas).filter((s) => s.sessionId.includes('123'));
      return { sesiones: sesiones.length, stats: calcularEstadisticas(filas, new Date()) };
    });
    const [sqlMs] = await time(() => Promise.all([run('mensajes', 'sesiones', { tabla: TABLA, busqueda: '123' }), run('mensajes', 'estadisticas', { tabla: TABLA })]));
    record('forma original: descargar todo y agrupar en JavaScript', originalMs, undefined, `(${original.stats.totalSesiones} sesiones)`);
    record('lo mismo en SQL (sesiones + estadísticas)', sqlMs, undefined, `(${(originalMs / Math.max(sqlMs, 0.01)).toFixed(0)}× más rápido)`);
  } finally {
    await backend.cerrar();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows: { medida: string; valor: string; objetivo: string; ok: string }[] = [];
  const record: Record = (medida, ms, targetMs, detail = '') =>
    rows.push({
      medida,
      valor: `${ms.toFixed(ms < 10 ? 2 : 0)} ms${detail ? ` ${detail}` : ''}`,
      objetivo: targetMs ? `< ${targetMs} ms` : '—',
      ok: targetMs ? (ms < targetMs ? 'sí' : 'NO') : '',
    });
  const base = mkdtempSync(join(tmpdir(), 'consola-bench-bots-'));
  benchBotsMensajes(record, base)
    .then(() => {
      for (const r of rows) console.log(`${r.medida} | ${r.valor} | ${r.objetivo} | ${r.ok}`);
    })
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => rmSync(base, { recursive: true, force: true }));
}
