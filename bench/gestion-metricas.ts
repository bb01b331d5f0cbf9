/**
 * Bench part for the projects area: the metrics dashboard (all in SQL) over 2,000 projects with 10,000
 * service instances on the embedded database, as an operator calls it. Target: under 200 ms.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openEmbeddedBackend } from '../src/main/motores/embebido/open-embedded';
import type { Record } from './bots-mensajes';

export async function benchMetricas(record: Record, folder: string): Promise<void> {
  const backend = await openEmbeddedBackend({ dataDir: join(folder, 'metricas'), seedDemoData: false });
  try {
    const db = backend.db;
    await db.transaction(async (tx) => {
      await tx.query(`insert into public.planes (title, description, cost) values ('Plan de prueba', 'Plan para el benchmark', 10)`);
      await tx.query(`insert into public.proyectos (nombre, descripcion, estado, created_at, updated_at)
        select 'Proyecto ' || g, 'Proyecto del benchmark', (array['activo','inactivo','en_proceso','completado','cancelado','pausado'])[1 + g % 6],
               now() - (g % 400) * interval '1 day', now() - (g % 50) * interval '1 day'
          from generate_series(1, 2000) g`);
      await tx.query(`insert into public.servicios_instancias (id, proyecto_id, tipo_servicio, nombre_instancia, estado, categoria, created_at)
        select 'bench_' || g, p.id, (array['bot_wordpress','bot_shopify','bot_duda','whatsapp','llamadas'])[1 + g % 5], 'Instancia ' || g,
               (array['activo','inactivo','en_proceso','completado','mantenimiento','error'])[1 + g % 6], 'Comunicación',
               now() - (g % 300) * interval '1 day'
          from generate_series(1, 10000) g
          join (select id, row_number() over (order by created_at, id) as n from public.proyectos) p on p.n = 1 + g % 2000`);
    });
    await db.query('analyze');
    const samples: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t = performance.now();
      await db.query(`select public.metricas_dashboard(now() - interval '30 days', now(), now()) as d`);
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    record('métricas: tablero con 2.000 proyectos y 10.000 servicios (mediana de 7)', samples[3]!, 200);
  } finally {
    await backend.cerrar();
  }
}
