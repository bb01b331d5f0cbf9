/**
 * The bench's data generator in a process of its own (`partesEnEscala`, run.ts): it builds every call of a scaled
 * run as a JavaScript object before inserting them (2,000,000 at ×10), and that memory is the generator's, not the
 * app's. Seeded here, the bench process opens the folder as the app would and its RSS after the run is what the
 * app's own work on that much data leaves.
 *
 * `tsx bench/sembrar-escala.ts <carpeta> <clientes> <llamadas>`: prints `{"ms":…,"omitida":…}` on its last line.
 */
import { performance } from 'node:perf_hooks';
import { openEmbeddedBackend } from '../src/main/motores/embebido/open-embedded';
import { seedDemoData } from '../src/main/motores/embebido/seed';

async function main(): Promise<void> {
  const [carpeta, clientes, llamadas] = process.argv.slice(2);
  if (!carpeta || !clientes || !llamadas) throw new Error('uso: sembrar-escala.ts <carpeta> <clientes> <llamadas>');
  const base = await openEmbeddedBackend({ dataDir: carpeta, seedDemoData: false });
  try {
    const inicio = performance.now();
    const resumen = await seedDemoData(base.db, { scale: { clientes: Number(clientes), llamadas: Number(llamadas) } });
    console.log(JSON.stringify({ ms: performance.now() - inicio, omitida: 'skipped' in resumen && Boolean(resumen.skipped) }));
  } finally {
    await base.cerrar();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
