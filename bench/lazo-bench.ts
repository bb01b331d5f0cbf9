/**
 * Benchmark of the live loop (issue 15), for bench/run.ts, on the 50,000-client / 200,000-call embedded
 * database: 1,000 call outcomes posted to the inbound endpoint at 50 per second, signed as n8n signs them.
 *  - every outcome is stored (1,000 of 1,000);
 *  - post → visible change: from the moment an outcome is posted to the moment a screen that follows the
 *    live notices (the database's NOTIFY, coalesced as the transports coalesce it) has refetched the tiles and
 *    counts it (median and p95);
 *  - the screen stays responsive: a client-list page asked every 200 ms during the burst (median and p95);
 *  - how many notices (redraws) the 1,000 changes became (in the first line's detail).
 * The keychain is replaced by a secret in memory here: this measures the loop, not the keychain.
 */
import { createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Backend } from '../src/shared/ports';
import type { SecretsPort } from '../src/shared/ports/secrets';
import type { Dispatch } from '../src/main/dispatch';
import type { CallContext } from '../src/shared/operaciones/context';
import { iniciarEntrada } from '../src/main/entrada/servidor';
import { coalescerCambios } from '../src/main/cambios/coalescer';

type Record = (medida: string, ms: number, targetMs?: number, detail?: string) => void;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

async function ok<T>(p: Promise<{ ok: boolean; data?: unknown; error?: { message: string } }>): Promise<T> {
  const r = await p;
  if (!r.ok) throw new Error(r.error?.message);
  return r.data as T;
}

export async function benchLazo(backend: Backend, dispatch: Dispatch, ctx: CallContext, record: Record, options: { total?: number; porSegundo?: number } = {}) {
  const total = options.total ?? 1_000;
  const porSegundo = options.porSegundo ?? 50;
  const call = <T>(op: string, input: unknown) => ok<T>(dispatch('llamadas', op, input, ctx));
  if (!backend.datosSistema || !backend.cambios) throw new Error('el lazo necesita la base embebida (dataSistema y cambios)');

  const secreto = 'secreto-de-banco-de-pruebas-' + 'x'.repeat(32);
  const memoria = new Map<string, string>([['entrada:llamadas', secreto]]);
  const secretos: SecretsPort = {
    get: async (cuenta) => memoria.get(cuenta) ?? null,
    set: async (cuenta, valor) => void memoria.set(cuenta, valor),
    delete: async (cuenta) => memoria.delete(cuenta),
  };
  const entrada = await iniciarEntrada({ direccion: '127.0.0.1', puerto: 0, datos: () => backend.datosSistema!(), secretos });

  const campanas = await call<Array<{ id: number }>>('listarCampanas', {});
  const campana = campanas[0]!.id;
  const clientes = (await call<{ filas: Array<{ telefono: string }> }>('clientesPagina', { campanaId: campana, porPagina: 100 })).filas;
  const llamadasAntes = (await call<{ totalLlamadas: number }>('estadisticas', { campanaId: campana })).totalLlamadas;

  // The screen: on each coalesced notice it refetches the tiles, as the renderer does; what it shows counts
  // the outcomes stored so far. Posts are numbered in the order they were sent.
  const enviadoEn: number[] = [];
  const visibleEn: number[] = [];
  let vistos = 0;
  let avisos = 0;
  let refrescando: Promise<void> | null = null;
  let otraVez = false;
  const refrescar = async () => {
    const st = await call<{ totalLlamadas: number }>('estadisticas', { campanaId: campana });
    const ahora = performance.now();
    const hay = Math.min(total, st.totalLlamadas - llamadasAntes);
    for (let i = vistos; i < hay; i++) visibleEn[i] = ahora;
    vistos = Math.max(vistos, hay);
  };
  const pantalla = coalescerCambios(backend.cambios);
  const dejar = pantalla.suscribir((area) => {
    if (area !== 'llamadas') return;
    avisos += 1;
    // One refetch at a time, as TanStack Query does for an active query; a notice during one asks for another.
    if (refrescando) {
      otraVez = true;
      return;
    }
    const ciclo = async () => {
      do {
        otraVez = false;
        await refrescar();
      } while (otraVez);
      refrescando = null;
    };
    refrescando = ciclo();
  });

  // Responsiveness probe: a client page every 200 ms while the burst goes on.
  const paginas: number[] = [];
  let sondeando = true;
  const sonda = (async () => {
    while (sondeando) {
      const t = performance.now();
      await call('clientesPagina', { campanaId: campana, nombre: 'mar', pagina: 1 });
      paginas.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();

  const estados: number[] = [];
  const inicio = performance.now();
  const envios: Array<Promise<void>> = [];
  for (let i = 0; i < total; i++) {
    const espera = inicio + (i * 1000) / porSegundo - performance.now();
    if (espera > 0) await new Promise((r) => setTimeout(r, espera));
    const cuerpo = JSON.stringify({
      conversation_id: `bench_lazo_${i}`,
      phone: clientes[i % clientes.length]!.telefono,
      campana,
      status: i % 5 === 0 ? 'no contesta' : 'done',
      duration_call_seg: 60 + (i % 120),
      costo: 0.12,
      agent_id: 'agent_bench',
      summary: 'Resultado del banco de pruebas.',
    });
    const segundos = Math.floor(Date.now() / 1000);
    const firma = createHmac('sha256', secreto).update(`${segundos}.`).update(cuerpo).digest('hex');
    enviadoEn[i] = performance.now();
    envios.push(
      (async () => {
        // n8n retries a busy answer (503); the endpoint reads a few bodies at once by design.
        for (let intento = 0; intento < 20; intento++) {
          const res = await fetch(`${entrada.url}/entrada/llamadas`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Consola-Fecha': String(segundos), 'X-Consola-Firma': `sha256=${firma}` },
            body: cuerpo,
          });
          await res.arrayBuffer();
          if (res.status !== 503) {
            estados.push(res.status);
            return;
          }
          await new Promise((r) => setTimeout(r, 50));
        }
        estados.push(503);
      })(),
    );
  }
  await Promise.all(envios);
  const envioMs = performance.now() - inicio;
  // Every outcome is stored; wait for the screen to have shown the last one (bounded).
  const limite = performance.now() + 15_000;
  while (vistos < total && performance.now() < limite) await new Promise((r) => setTimeout(r, 50));
  sondeando = false;
  await sonda;
  dejar();
  pantalla.cerrar();
  await entrada.cerrar();

  const guardadas = (await call<{ totalLlamadas: number }>('estadisticas', { campanaId: campana })).totalLlamadas - llamadasAntes;
  const aceptadas = estados.filter((s) => s === 200).length;
  const latencias = visibleEn.map((v, i) => v - enviadoEn[i]!).filter((x) => Number.isFinite(x));
  record(`lazo: ${total} resultados a ${porSegundo}/s publicados y guardados`, envioMs, undefined, `(${aceptadas} aceptados, ${guardadas} guardados; ${avisos} avisos a la pantalla)`);
  record('lazo: de publicar a verlo en pantalla (mediana)', median(latencias), 1500);
  record('lazo: de publicar a verlo en pantalla (p95)', p95(latencias), 2500);
  record('lazo: página de clientes durante la ráfaga (mediana)', median(paginas), 100, `(${paginas.length} muestras)`);
  record('lazo: página de clientes durante la ráfaga (p95)', p95(paginas));
  if (guardadas !== total) throw new Error(`lazo: se guardaron ${guardadas} de ${total} resultados`);
}
