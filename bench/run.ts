/**
 * `npm run bench`: speed with synthetic data at scale, printed as a table. Never timed assertions in
 * tests: this is where speed is measured. Targets (this 2-core machine): open < 1.5 s, search median < 100 ms.
 *
 * `npm run bench -- --escala 10` (or BENCH_ESCALA=10) runs the same rows with N times the clients and calls
 * (500,000 / 2,000,000 at 10; the size used heads the table); `--partes busqueda,llamadas` (or BENCH_PARTES)
 * runs only those parts (see PARTES). Neither is run by CI: the scaled run takes many minutes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openEmbeddedBackend } from '../src/main/backends/embedded/open-embedded';
import { seedDemoData } from '../src/main/backends/embedded/seed';
import { openPgliteWorker } from '../src/main/backends/embedded/pglite-worker-client';
import { execFileSync } from 'node:child_process';
import { benchBotsMensajes } from './bots-mensajes';
import { benchCopias } from './copias-bench';
import { benchMetricas } from './gestion-metricas';
import { OBJETIVO_PORTAL_BYTES, tamanoPortal } from './portal-tamano';
import { benchLlamadas } from './llamadas-bench';
import { benchLazo } from './lazo-bench';
import { createJsonSettings } from '../src/main/settings/json-settings';
import { createHttpWebhooks } from '../src/main/webhooks/http-webhooks';
import { createApi } from '../src/shared/api';
import { createDispatcher, type Implementations } from '../src/main/dispatch';
import { opcionesBench, PARTES } from './opciones';

interface Row {
  medida: string;
  valor: string;
  objetivo: string;
  ok: string;
}
const rows: Row[] = [];
const record = (medida: string, ms: number, targetMs?: number, detail = '') =>
  rows.push({
    medida,
    valor: `${ms.toFixed(ms < 10 ? 2 : 0)} ms${detail ? ` ${detail}` : ''}`,
    objetivo: targetMs ? `< ${targetMs} ms` : '—',
    ok: targetMs ? (ms < targetMs ? 'sí' : 'NO') : '',
  });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const value = await fn();
  return [performance.now() - t, value];
}

const rssMb = () => process.memoryUsage().rss / 1_048_576;

async function main() {
  const { escala, partes, datos } = opcionesBench(process.argv.slice(2), process.env);
  const clientes = 50_000 * escala;
  const llamadas = 200_000 * escala;
  const miles = (n: number) => n.toLocaleString('es-CO');
  const rssAntes = rssMb();
  const base = mkdtempSync(join(tmpdir(), 'consola-bench-'));
  try {
    if (partes.has('arranque')) {
      // 1. First run: create the cluster, migrate, seed the demo data.
      const demoDir = join(base, 'demo');
      const [firstRun, demo] = await time(() => openEmbeddedBackend({ dataDir: demoDir }));
      record('primer arranque: crear + migrar + datos demo', firstRun);
      await demo.close();

      // 2. Open an existing data folder (median of 5).
      const opens: number[] = [];
      for (let i = 0; i < 5; i++) {
        const [ms, again] = await time(() => openEmbeddedBackend({ dataDir: demoDir }));
        opens.push(ms);
        await again.close();
      }
      record('abrir la base embebida existente (mediana de 5)', median(opens), 1500);
      const engineOnly: number[] = [];
      for (let i = 0; i < 3; i++) {
        const [ms, client] = await time(() => openPgliteWorker({ dataDir: join(demoDir, 'pgdata') }));
        engineOnly.push(ms);
        await client.close();
      }
      record('  de ello: arrancar PGlite en su hilo (mediana de 3)', median(engineOnly));
    }

    if (partes.has('busqueda') || partes.has('llamadas') || partes.has('lazo')) {
      // 3. Search at scale: 50,000 clients and 200,000 calls (times the scale).
      const bigDir = datos ?? join(base, 'grande');
      const big = await openEmbeddedBackend({ dataDir: bigDir, seedDemoData: false });
      // Settings and webhooks as the host gives them (the calls part configures a local webhook server).
      const settings = createJsonSettings(join(base, 'ajustes.json'));
      Object.assign(big.backend, { settings, webhooks: createHttpWebhooks(settings, undefined) });
      const [seedMs, summary] = await time(() => seedDemoData(big.db, { scale: { clientes, llamadas } }));
      record(`cargar ${miles(clientes)} clientes y ${miles(llamadas)} llamadas`, seedMs, undefined, `(${JSON.stringify(summary).slice(0, 60)}…)`);
      const dispatch = createDispatcher(createApi(big.backend) as unknown as Implementations);
      let token: string | null = null;
      const ctx = { getToken: () => token, setToken: (t: string | null) => void (token = t) };
      // A kept --datos folder already has the bench's administrator: sign in as him.
      const entrada = summary.skipped ? await dispatch('auth', 'iniciarSesion', { email: 'bench@agencia.co', password: 'Bench2026x' }, ctx) : null;
      const created = entrada?.ok ? entrada : await dispatch('auth', 'crearPrimerAdmin', { nombre: 'Bench', email: 'bench@agencia.co', password: 'Bench2026x' }, ctx);
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
      await big.close();
    }

    // Projects: the metrics dashboard at scale.
    if (partes.has('metricas')) await benchMetricas(record, base);

    // Chat-bot conversations at scale (sessions, stats and summary in SQL).
    if (partes.has('bots')) await benchBotsMensajes(record, base);

    // Backups at scale: the copy (time, size, the writes' longest wait) and the restore of 50,000 clients / 200,000 calls (times the scale) / 1,000,000 messages.
    if (partes.has('copias')) await benchCopias(record, base, { escala, fila: (f) => rows.push(f) });

    if (partes.has('portal')) {
      // The company portal's first load, from a fresh web build.
      execFileSync(process.execPath, [join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'vite.web.config.ts', '--logLevel', 'error'], { stdio: 'inherit' });
      const portal = tamanoPortal();
      rows.push({
        medida: 'portal: JavaScript de la primera carga (gzip)',
        valor: `${(portal.primeraCarga / 1024).toFixed(1)} KB`,
        objetivo: `< ${OBJETIVO_PORTAL_BYTES / 1024} KB`,
        ok: portal.primeraCarga < OBJETIVO_PORTAL_BYTES ? 'sí' : 'NO',
      });
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  // The process after everything above was opened, used and closed (the PGlite workers are gone by now).
  globalThis.gc?.();
  const rssDespues = rssMb();
  rows.push({ medida: 'memoria del proceso (RSS) al empezar', valor: `${rssAntes.toFixed(0)} MB`, objetivo: '—', ok: '' });
  rows.push({ medida: 'memoria del proceso (RSS) después de todo', valor: `${rssDespues.toFixed(0)} MB`, objetivo: '< 400 MB', ok: rssDespues < 400 ? 'sí' : 'NO' });

  console.log(`escala ×${escala}: ${miles(clientes)} clientes y ${miles(llamadas)} llamadas (×1: 50.000 y 200.000)` +
    (partes.size < PARTES.length ? `; partes: ${[...partes].join(', ')}` : ''));

  const widths = (['medida', 'valor', 'objetivo', 'ok'] as const).map((k) => Math.max(k.length, ...rows.map((r) => r[k].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.log(line(['medida', 'valor', 'objetivo', 'ok']));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line([r.medida, r.valor, r.objetivo, r.ok]));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
