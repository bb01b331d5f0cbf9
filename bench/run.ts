/**
 * `npm run bench`: speed with synthetic data at scale, printed as a table. Never timed assertions in
 * tests: this is where speed is measured. Targets (this 2-core machine): open < 1.5 s, search median < 100 ms.
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

async function main() {
  const base = mkdtempSync(join(tmpdir(), 'consola-bench-'));
  try {
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

    // 3. Search at scale: 50,000 clients and 200,000 calls.
    const bigDir = join(base, 'grande');
    const big = await openEmbeddedBackend({ dataDir: bigDir, seedDemoData: false });
    // Settings and webhooks as the host gives them (the calls part configures a local webhook server).
    const settings = createJsonSettings(join(base, 'ajustes.json'));
    Object.assign(big.backend, { settings, webhooks: createHttpWebhooks(settings, undefined) });
    const [seedMs, summary] = await time(() => seedDemoData(big.db, { scale: { clientes: 50_000, llamadas: 200_000 } }));
    record('cargar 50.000 clientes y 200.000 llamadas', seedMs, undefined, `(${JSON.stringify(summary).slice(0, 60)}…)`);
    const dispatch = createDispatcher(createApi(big.backend) as unknown as Implementations);
    let token: string | null = null;
    const ctx = { getToken: () => token, setToken: (t: string | null) => void (token = t) };
    const created = await dispatch('auth', 'crearPrimerAdmin', { nombre: 'Bench', email: 'bench@agencia.co', password: 'Bench2026x' }, ctx);
    if (!created.ok) throw new Error(created.error.message);

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
    record(`búsqueda global (mediana de ${samples.length})`, median(samples), 100);
    record('búsqueda global (p95)', p95(samples));

    // Call campaigns at the same scale: client pages, Resumen, CSV import, bulk dispatch.
    await benchLlamadas(dispatch, ctx, record);
    // The live loop at the same scale: 1,000 outcomes at 50/s through the inbound endpoint.
    await benchLazo(big.backend, dispatch, ctx, record);
    await big.close();

    // Projects: the metrics dashboard at scale.
    await benchMetricas(record, base);

    // Chat-bot conversations at scale (sessions, stats and summary in SQL).
    await benchBotsMensajes(record, base);

    // Backups at scale: the copy (time, size) and the restore of 50,000 clients / 200,000 calls / 1,000,000 messages.
    await benchCopias(record, base);

    // The company portal's first load, from a fresh web build.
    execFileSync(process.execPath, [join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'vite.web.config.ts', '--logLevel', 'error'], { stdio: 'inherit' });
    const portal = tamanoPortal();
    rows.push({
      medida: 'portal: JavaScript de la primera carga (gzip)',
      valor: `${(portal.primeraCarga / 1024).toFixed(1)} KB`,
      objetivo: `< ${OBJETIVO_PORTAL_BYTES / 1024} KB`,
      ok: portal.primeraCarga < OBJETIVO_PORTAL_BYTES ? 'sí' : 'NO',
    });
  } finally {
    rmSync(base, { recursive: true, force: true });
  }

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
