/** The agency's plans (what a client company contracts). */
import type { Siembra } from './contexto';
import { DAY, HOUR } from './tiempo';

const PLANES = [
  { title: 'Plan Básico', description: 'Un bot de chat con hasta 1.000 conversaciones al mes y soporte por correo.', cost: 49.9 },
  { title: 'Plan Profesional', description: 'Hasta tres canales (web, WhatsApp, Shopify), 5.000 conversaciones y reportes mensuales.', cost: 129 },
  { title: 'Plan Empresarial', description: 'Canales ilimitados, campañas de llamadas con IA, métricas avanzadas y soporte prioritario.', cost: 349 },
] as const;

/** Inserts the plans; answers their ids (index = position in PLANES). */
export async function seedPlanes({ tx, rng, nowMs }: Siembra): Promise<string[]> {
  const planIds = PLANES.map(() => rng.uuid());
  await tx.query(
    `insert into public.planes (id, title, description, cost, created_at)
     select * from jsonb_to_recordset($1::jsonb) as x(id uuid, title text, description text, cost numeric, created_at timestamptz)`,
    [JSON.stringify(PLANES.map((p, k) => ({ ...p, id: planIds[k], created_at: new Date(nowMs - 200 * DAY + k * HOUR).toISOString() })))],
  );
  return planIds;
}
