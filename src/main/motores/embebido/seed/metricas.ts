/** Weekly metrics for the last 12 weeks of every project that has services (the Métricas dashboard). */
import type { Siembra } from './contexto';
import { PROYECTOS } from './proyectos';
import { DAY, isoDate } from './tiempo';

export async function seedMetricas({ tx, rng, nowMs, today }: Siembra, proyectoIds: readonly string[]): Promise<void> {
  const metricas: Record<string, unknown>[] = [];
  for (const [k, p] of PROYECTOS.entries()) {
    if (p.servicios.length === 0) continue;
    const creado = nowMs - p.diasAtras * DAY;
    for (let w = 11; w >= 0; w -= 1) {
      const fecha = today - w * 7 * DAY;
      if (fecha < creado) continue;
      const base = 40 + k * 25;
      metricas.push({
        proyecto_id: proyectoIds[k],
        fecha: isoDate(fecha),
        metricas: {
          conversaciones: base + rng.int(0, 60),
          mensajes: (base + rng.int(0, 60)) * rng.int(4, 9),
          llamadas: p.servicios.some((s) => s.tipo === 'llamadas') ? rng.int(80, 260) : 0,
          leads: rng.int(3, 30),
          satisfaccion: Math.round((3.8 + rng.float() * 1.1) * 10) / 10,
          tiempo_respuesta_seg: rng.int(2, 9),
        },
      });
    }
  }
  await tx.query(
    `insert into public.metricas_proyectos (proyecto_id, fecha, metricas)
     select proyecto_id, fecha, metricas from jsonb_to_recordset($1::jsonb) as x(proyecto_id uuid, fecha date, metricas jsonb)
     on conflict (proyecto_id, fecha) do nothing`,
    [JSON.stringify(metricas)],
  );
}
