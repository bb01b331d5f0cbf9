/**
 * Benchmark part of the call-campaign area (issue 3), for bench/run.ts: call benchLlamadas() with the api of
 * the 50,000-client / 200,000-call database. Also runs alone: `npx tsx bench/llamadas-bench.ts`.
 *  - client list page with filters (median < 50 ms), and apart the first page of each filter (which counts it)
 *  - Resumen aggregates over 200,000 calls (median < 150 ms)
 *  - CSV import of 100,000 rows: parse + dedupe + save (< 5 s)
 *  - bulk dispatch of 1,000 calls to a webhook answering in 200 ms, 5 at once (within 10 % of 40 s)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Dispatch } from '../src/main/dispatch';
import type { CallContext } from '../src/shared/operaciones/context';
import { parsearCsv } from '../src/renderer/features/llamadas/csv';
import { filasAGuardar } from '../src/shared/areas/llamadas/csv';

type Record = (medida: string, ms: number, targetMs?: number, detail?: string) => void;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function ok<T>(p: Promise<{ ok: boolean; data?: unknown; error?: { message: string } }>): Promise<T> {
  const r = await p;
  if (!r.ok) throw new Error(r.error?.message);
  return r.data as T;
}

export async function benchLlamadas(dispatch: Dispatch, ctx: CallContext, record: Record, options: { bulk?: number } = {}) {
  const call = <T>(op: string, input: unknown) => ok<T>(dispatch('llamadas', op, input, ctx));
  const campanas = await call<Array<{ id: number; nombre: string }>>('listarCampanas', {});
  const grande = campanas[0]!;

  // 1. Client list page with filters.
  const filtros = [{}, { nombre: 'mar' }, { email: 'gmail' }, { telefono: '31' }, { empresa: 'sas' }, { nombre: 'ana', empresa: 'a' }, { nombre: 'zz-nada' }];
  // The first page of each filter counts the matches (that total is then kept until the campaign's clients
  // change): timed apart, so the table shows what typing a new filter costs as well as paging through it.
  const primera: number[] = [];
  for (const f of filtros) {
    const t = performance.now();
    await call('clientesPagina', { campanaId: grande.id, ...f, pagina: 1 });
    primera.push(performance.now() - t);
  }
  record(`llamadas: página de clientes, primera vez con cada filtro (mediana de ${primera.length})`, median(primera), undefined, `(máx. ${Math.max(...primera).toFixed(0)} ms)`);
  const lista: number[] = [];
  for (let round = 0; round < 4; round++) {
    for (const [i, f] of filtros.entries()) {
      const t = performance.now();
      await call('clientesPagina', { campanaId: grande.id, ...f, pagina: 1 + ((round + i) % 3) });
      lista.push(performance.now() - t);
    }
  }
  record(`llamadas: página de clientes con filtros (mediana de ${lista.length})`, median(lista), 50);

  // 2. Resumen aggregates (cards + per day + per status).
  const resumen: number[] = [];
  for (let i = 0; i < 8; i++) {
    const c = campanas[i % campanas.length]!;
    const t = performance.now();
    await call('resumen', { campanaId: c.id, desde: i % 2 ? null : new Date(Date.now() - 30 * 86_400_000).toISOString(), hasta: null });
    resumen.push(performance.now() - t);
  }
  record(`llamadas: agregados del resumen (mediana de ${resumen.length})`, median(resumen), 150);

  // 3. CSV import of 100,000 rows: parse + rules + existing keys + save in one transaction.
  const destino = await call<{ id: number }>('crearCampana', { nombre: `Importación bench ${Date.now()}`, minutos: 1000 });
  const lineas = ['nombre;apellido;email;telefono;empresa;cargo'];
  for (let i = 0; i < 100_000; i++) lineas.push(`Nombre${i};Apellido ${i % 97};cliente${i % 99_000}@bench.co;+5731${String(i % 99_000).padStart(8, '0')};"Empresa; ${i % 50}";Cargo`);
  const texto = lineas.join('\r\n');
  const t0 = performance.now();
  const r = parsearCsv(texto);
  if (!r.ok) throw new Error(r.error);
  const claves = r.analisis.agregar.map((f) => ({ email: f.email, telefono: f.telefono }));
  await call('clavesExistentes', { campanaId: destino.id, claves });
  const saved = await call<{ insertados: number }>('importarClientes', { campanaId: destino.id, filas: filasAGuardar(r.analisis) });
  record('llamadas: importar CSV de 100.000 filas (leer + reglas + guardar)', performance.now() - t0, 5000, `(${saved.insertados} nuevos)`);

  // 4. Bulk dispatch: N calls to a local webhook answering in 200 ms, 5 at once.
  const n = options.bulk ?? 1000;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => setTimeout(() => res.end('{"ok":true}'), 200));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/llamar`;
    await ok(dispatch('conexion', 'guardarWebhook', { name: 'llamadaSaliente', url, auth: 'ninguna' }, ctx));
    await call('guardarConfiguracion', { campanaId: destino.id, agentid: 'agent_bench', agentphonenumberid: 'phnum_bench', prompt: '', horaInicio: '00:00', horaFin: '23:59', maxSimultaneas: 5 });
    const pagina = await call<{ filas: Array<{ id: number }> }>('clientesPagina', { campanaId: destino.id, porPagina: 100, pagina: 1 });
    let ids = pagina.filas.map((f) => f.id);
    for (let p = 2; ids.length < n; p++) ids = ids.concat((await call<{ filas: Array<{ id: number }> }>('clientesPagina', { campanaId: destino.id, porPagina: 100, pagina: p })).filas.map((f) => f.id));
    ids = ids.slice(0, n);
    const t1 = performance.now();
    const job = await call<{ id: string }>('llamarLote', { campanaId: destino.id, clienteIds: ids, simultaneas: 5 });
    let estado: { status: string; ok: number; failed: number } = { status: 'running', ok: 0, failed: 0 };
    while (estado.status === 'running') {
      await new Promise((res) => setTimeout(res, 100));
      estado = await call('estadoLote', { id: job.id });
    }
    const piso = (n / 5) * 200;
    record(`llamadas: ${n} llamadas a un webhook de 200 ms, 5 a la vez`, performance.now() - t1, Math.round(piso * 1.1), `(piso ${piso} ms; ${estado.ok} ok, ${estado.failed} fallidas)`);
  } finally {
    server.closeAllConnections();
    await new Promise((res) => server.close(res));
  }
}

// Alone: a fresh embedded database at benchmark scale.
if (process.argv[1]?.endsWith('llamadas-bench.ts')) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { openEmbeddedBackend } = await import('../src/main/motores/embebido/open-embedded');
  const { seedDemoData } = await import('../src/main/motores/embebido/seed');
  const { crearApi } = await import('../src/shared/api');
  const { crearDespachador } = await import('../src/main/dispatch');
  const base = mkdtempSync(join(tmpdir(), 'consola-bench-llamadas-'));
  const big = await openEmbeddedBackend({ dataDir: base, seedDemoData: false });
  const { crearAjustesJson } = await import('../src/main/ajustes/json-settings');
  const { crearWebhooksHttp } = await import('../src/main/webhooks/http-webhooks');
  // Alone there is no host: settings in a throwaway file and webhooks without keychain (auth 'ninguna').
  const settings = crearAjustesJson(join(base, 'ajustes.json'));
  Object.assign(big.backend, { settings, webhooks: crearWebhooksHttp(settings, undefined) });
  try {
    const clientes = Number(process.env.BENCH_CLIENTES ?? 50_000);
    const llamadas = Number(process.env.BENCH_LLAMADAS ?? 200_000);
    await seedDemoData(big.db, { scale: { clientes, llamadas } });
    const dispatch = crearDespachador(crearApi(big.backend) as never);
    let token: string | null = null;
    const ctx = { getToken: () => token, setToken: (t: string | null) => void (token = t) };
    await ok(dispatch('auth', 'crearPrimerAdmin', { nombre: 'Bench', email: 'bench@agencia.co', password: 'Bench2026x' }, ctx));
    await benchLlamadas(dispatch, ctx, (medida, ms, target, detail = '') => console.log(`${medida}: ${ms.toFixed(1)} ms ${detail} ${target ? (ms < target ? `(< ${target} ms: sí)` : `(< ${target} ms: NO)`) : ''}`), {
      bulk: Number(process.env.BENCH_LOTE ?? 1000),
    });
  } finally {
    await big.cerrar();
    rmSync(base, { recursive: true, force: true });
  }
}
