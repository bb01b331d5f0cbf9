/**
 * `npm run bench`: speed with synthetic data at scale, printed as a table. Never timed assertions in
 * tests: this is where speed is measured. Targets (this 2-core machine): open < 1.5 s, search median < 100 ms.
 *
 * `npm run bench -- --escala 10` (or BENCH_ESCALA=10) runs the scale rows (search, call campaigns, the live loop)
 * at ×1 and again with N times the clients and calls (500,000 / 2,000,000 at 10): the table has a column per
 * size; `--partes busqueda,llamadas` (or BENCH_PARTES) runs only those parts (see PARTES). Neither is run by CI: the scaled run takes many minutes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openEmbeddedBackend } from '../src/main/motores/embebido/open-embedded';
import { openPgliteWorker } from '../src/main/motores/embebido/pglite-worker-client';
import { execFileSync } from 'node:child_process';
import { benchBotsMensajes } from './bots-mensajes';
import { benchCopias } from './copias-bench';
import { benchMetricas } from './gestion-metricas';
import { OBJETIVO_PORTAL_BYTES, tamanoPortal } from './portal-tamano';
import { benchLlamadas } from './llamadas-bench';
import { benchLazo } from './lazo-bench';
import { crearAjustesJson } from '../src/main/ajustes/json-settings';
import { crearWebhooksHttp } from '../src/main/webhooks/http-webhooks';
import { crearApi } from '../src/shared/api';
import { crearDespachador, type Implementations } from '../src/main/dispatch';
import { opcionesBench, PARTES, type Parte } from './opciones';
import { medirServe, OBJETIVO_PRIMER_ARRANQUE_MS, OBJETIVO_REPOSO_MB } from './serve-reposo';

/**
 * One row per measure. With `--escala N` (N ≠ 1) the scale parts run twice, at ×1 and at ×N, and each row holds
 * one value per size, so the table shows what ten times the data does to the same measure; the other parts do
 * not depend on the scale and fill the first column only.
 */
interface Row {
  medida: string;
  valores: string[];
  objetivo: string;
  ok: string[];
  /** Measured by the scale parts (a value per size); the others print «no escala» past the first column. */
  escalable: boolean;
}
const rows: Row[] = [];
/** Which size the scale parts are measuring now (index into the sizes), and whether they are the ones recording. */
let columna = 0;
let enEscala = false;
const record = (medida: string, ms: number, targetMs?: number, detail = '') => {
  let row = rows.find((r) => r.medida === medida);
  if (!row) rows.push((row = { medida, valores: [], objetivo: targetMs ? `< ${targetMs} ms` : '—', ok: [], escalable: enEscala }));
  row.valores[columna] = `${ms.toFixed(ms < 10 ? 2 : 0)} ms${detail ? ` ${detail}` : ''}`;
  row.ok[columna] = targetMs ? (ms < targetMs ? 'sí' : 'NO') : '';
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const value = await fn();
  return [performance.now() - t, value];
}

const rssMb = () => process.memoryUsage().rss / 1_048_576;
const miles = (n: number) => n.toLocaleString('es-CO');
type Registrar = typeof record;

/** Search, call campaigns and the live loop on a database of 50,000 × tamano clients and 200,000 × tamano calls. */
async function partesEnEscala(tamano: number, bigDir: string, base: string, partes: Set<Parte>, record: Registrar) {
  const clientes = 50_000 * tamano;
  const llamadas = 200_000 * tamano;
  // Seeded by the generator in its own process (sembrar-escala.ts): what this process keeps is the app's work.
  const sembrada = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', join('bench', 'sembrar-escala.ts'), bigDir, String(clientes), String(llamadas)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1024 * 1024,
    }).trim().split('\n').at(-1)!,
  ) as { ms: number; omitida: boolean };
  record('cargar los clientes y las llamadas (en otro proceso)', sembrada.ms, undefined, `(${miles(clientes)} / ${miles(llamadas)}${sembrada.omitida ? ', ya estaban' : ''})`);
  const big = await openEmbeddedBackend({ dataDir: bigDir, seedDemoData: false });
  // Settings and webhooks as the host gives them (the calls part configures a local webhook server).
  const settings = crearAjustesJson(join(base, `ajustes-x${tamano}.json`));
  Object.assign(big.backend, { settings, webhooks: crearWebhooksHttp(settings, undefined) });
  const dispatch = crearDespachador(crearApi(big.backend) as unknown as Implementations);
  let token: string | null = null;
  const ctx = { getToken: () => token, setToken: (t: string | null) => void (token = t) };
  // A kept --datos folder already has the bench's administrator: sign in as him; a new one gets him first.
  const entrada = await dispatch('auth', 'iniciarSesion', { email: 'bench@agencia.co', password: 'Bench2026x' }, ctx);
  const created = entrada.ok ? entrada : await dispatch('auth', 'crearPrimerAdmin', { nombre: 'Bench', email: 'bench@agencia.co', password: 'Bench2026x' }, ctx);
  if (!created.ok) throw new Error(created.error.message);

  if (partes.has('busqueda')) {
    const queries = ['mar', 'gom', '300', '@gmail', 'done', 'camp', 'lau', 'zz-nada', 'rodr', '+57 31', 'fail', 'ana'];
    for (const q of queries) await dispatch('shell', 'buscar', { q }, ctx); // warm-up
    const samples: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (const q of queries) {
        const [ms, r] = await time(() => dispatch('shell', 'buscar', { q }, ctx));
        if (!r.ok) throw new Error(r.error.message);
        samples.push(ms);
      }
    }
    record(`búsqueda global (mediana de ${samples.length})`, median(samples), 60);
    record('búsqueda global (p95)', p95(samples), 250);
  }

  // Call campaigns at the same scale: client pages, Resumen, CSV import, bulk dispatch.
  if (partes.has('llamadas')) await benchLlamadas(dispatch, ctx, record);
  // The live loop at the same scale: 1,000 outcomes at 50/s through the inbound endpoint.
  if (partes.has('lazo')) await benchLazo(big.backend, dispatch, ctx, record);
  await big.cerrar();
}

async function main() {
  const { escala, partes, datos } = opcionesBench(process.argv.slice(2), process.env);
  const clientes = 50_000 * escala;
  const llamadas = 200_000 * escala;
  const tamanos = escala === 1 ? [1] : [1, escala];
  const rssAntes = rssMb();
  const base = mkdtempSync(join(tmpdir(), 'consola-bench-'));
  try {
    if (partes.has('arranque')) {
      // 1. First run: create the cluster, migrate, seed the demo data.
      // The demo template's data is moved to "now" on a first start: a month after the build it has a month to move.
      const demoDir = join(base, 'demo');
      const cpu = process.cpuUsage();
      const unMesDespues = Date.now() + 30 * 86_400_000;
      const [firstRun, demo] = await time(() => openEmbeddedBackend({ dataDir: demoDir, now: () => new Date(unMesDespues) }));
      const cpuMs = ((c) => (c.user + c.system) / 1000)(process.cpuUsage(cpu));
      record('primer arranque: crear + migrar + datos demo (plantilla de hace 30 días)', firstRun, OBJETIVO_PRIMER_ARRANQUE_MS, `(CPU ${cpuMs.toFixed(0)} ms)`);
      await demo.cerrar();

      // The built serve-cli from outside: until it serves a new folder, then idle (new, and reopened).
      const serveDir = join(base, 'serve');
      const unMesTarde = await medirServe(join(base, 'serve-un-mes'), 30);
      const nueva = await medirServe(serveDir);
      const reabierta = nueva ? await medirServe(serveDir) : null;
      if (!nueva || !reabierta) {
        rows.push({ medida: 'serve-cli (falta out/main/serve-cli.js: npx electron-vite build)', valores: ['—'], objetivo: '—', ok: [''], escalable: false });
      } else {
        if (unMesTarde) record('serve-cli: primer arranque hasta servir, 30 días después de la compilación (faketime)', unMesTarde.hastaServirMs, OBJETIVO_PRIMER_ARRANQUE_MS);
        record('serve-cli: primer arranque hasta servir (carpeta nueva)', nueva.hastaServirMs, OBJETIVO_PRIMER_ARRANQUE_MS);
        for (const [medida, m] of [['serve-cli en reposo, carpeta nueva: RSS', nueva], ['serve-cli en reposo, reabierta: RSS', reabierta]] as const) {
          rows.push({
            medida,
            valores: [`${m.rssMb.toFixed(0)} MB (anónima ${m.anonMb.toFixed(0)}, archivos ${m.archivoMb.toFixed(0)})`],
            objetivo: `< ${OBJETIVO_REPOSO_MB} MB`,
            ok: [m.rssMb < OBJETIVO_REPOSO_MB ? 'sí' : 'NO'],
            escalable: false,
          });
        }
      }

      // 2. Open an existing data folder (median of 5).
      const opens: number[] = [];
      for (let i = 0; i < 5; i++) {
        const [ms, again] = await time(() => openEmbeddedBackend({ dataDir: demoDir }));
        opens.push(ms);
        await again.cerrar();
      }
      record('abrir la base embebida existente (mediana de 5)', median(opens), 1500);
      const engineOnly: number[] = [];
      for (let i = 0; i < 3; i++) {
        const [ms, client] = await time(() => openPgliteWorker({ dataDir: join(demoDir, 'pgdata') }));
        engineOnly.push(ms);
        await client.cerrar();
      }
      record('  de ello: arrancar PGlite en su hilo (mediana de 3)', median(engineOnly));
    }

    // 3. The scale parts, at ×1 and then at ×N (only once when N is 1): search, call campaigns, the live loop.
    if (partes.has('busqueda') || partes.has('llamadas') || partes.has('lazo')) {
      enEscala = true;
      for (const [k, tamano] of tamanos.entries()) {
        columna = k;
        await partesEnEscala(tamano, tamano === escala && datos ? datos : join(base, `grande-x${tamano}`), base, partes, record);
      }
      enEscala = false;
      columna = 0;
    }

    // Projects: the metrics dashboard at scale.
    if (partes.has('metricas')) await benchMetricas(record, base);

    // Chat-bot conversations at scale (sessions, stats and summary in SQL).
    if (partes.has('bots')) await benchBotsMensajes(record, base);

    // Backups at scale: the copy (time, size, the writes' longest wait) and the restore of 50,000 clients / 200,000 calls (times the scale) / 1,000,000 messages.
    if (partes.has('copias')) await benchCopias(record, base, { escala, fila: (f) => rows.push({ medida: f.medida, valores: [f.valor], objetivo: f.objetivo, ok: [f.ok], escalable: false }) });

    if (partes.has('portal')) {
      // The company portal's first load, from a fresh web build.
      execFileSync(process.execPath, [join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'vite.web.config.ts', '--logLevel', 'error'], { stdio: 'inherit' });
      const portal = tamanoPortal();
      rows.push({
        medida: 'portal: JavaScript de la primera carga (gzip)',
        valores: [`${(portal.primeraCarga / 1024).toFixed(1)} KB`],
        objetivo: `< ${OBJETIVO_PORTAL_BYTES / 1024} KB`,
        ok: [portal.primeraCarga < OBJETIVO_PORTAL_BYTES ? 'sí' : 'NO'],
        escalable: false,
      });
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  // The process after everything above was opened, used and closed (the PGlite workers are gone by now).
  globalThis.gc?.();
  const rssDespues = rssMb();
  rows.push({ medida: 'memoria del proceso (RSS) al empezar', valores: [`${rssAntes.toFixed(0)} MB`], objetivo: '—', ok: [''], escalable: false });
  rows.push({ medida: 'memoria del proceso (RSS) después de todo', valores: [`${rssDespues.toFixed(0)} MB`], objetivo: '< 400 MB', ok: [rssDespues < 400 ? 'sí' : 'NO'], escalable: false });

  console.log(`escala ×${escala}: ${miles(clientes)} clientes y ${miles(llamadas)} llamadas (×1: 50.000 y 200.000; ` +
    `${tamanos.length > 1 ? 'las partes de escala se miden en los dos tamaños' : 'un solo tamaño'})` +
    (partes.size < PARTES.length ? `; partes: ${[...partes].join(', ')}` : ''));

  // One value column per size; a row the scale does not touch shows its value once.
  const cabecera = ['medida', ...tamanos.map((t) => `×${t}`), 'objetivo', 'ok'];
  const celdas = rows.map((r) => [
    r.medida,
    ...tamanos.map((_, k) => r.valores[k] ?? (k > 0 && !r.escalable ? 'no escala' : '—')),
    r.objetivo,
    tamanos.map((_, k) => r.ok[k] ?? '').filter(Boolean).join(' / '),
  ]);
  const widths = cabecera.map((c, i) => Math.max(c.length, ...celdas.map((fila) => fila[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.log(line(cabecera));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const fila of celdas) console.log(line(fila));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
