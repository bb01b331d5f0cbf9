/**
 * The three call campaigns and their agent configuration. Each campaign's minute cap is chosen from the
 * generated consumption, so the demo shows one campaign 'ok', one 'cerca' (near its cap) and one 'excedido'.
 */
import type { Siembra } from './contexto';
import { DAY } from './tiempo';

export interface CampaignDef {
  nombre: string;
  /** Share of the clients and calls. */
  peso: number;
  /** The cap is chosen from the generated consumption so that the state is the one wanted. */
  estado: 'ok' | 'cerca' | 'excedido';
  agentId: string;
  agentPhoneNumberId: string | null;
  prompt: string | null;
}

export const CAMPANAS: readonly CampaignDef[] = [
  {
    nombre: 'Afiliación Plan Salud Familiar',
    peso: 0.45,
    estado: 'ok',
    agentId: 'agent_01jw3k8q2m9d4t7v5x6y0z1a2b',
    agentPhoneNumberId: 'phnum_01jw3k9r7s5d2f8g4h6j0k1l2m',
    prompt:
      'Eres Laura, asesora virtual de Salud Vital. Presenta el Plan Salud Familiar (consultas, urgencias y ' +
      'odontología desde $89.000 al mes), resuelve dudas con amabilidad, ofrece enviar la información por correo ' +
      'o WhatsApp y agenda una nueva llamada si la persona no puede hablar. Habla en español de Colombia, de usted.',
  },
  {
    nombre: 'Cobranza Preventiva Cartera',
    peso: 0.3,
    estado: 'cerca',
    agentId: 'agent_01jw3m2n4p6q8r0s2t4u6v8w0x',
    agentPhoneNumberId: 'phnum_01jw3m5b7c9d1e3f5g7h9j1k3l',
    prompt:
      'Eres el asistente virtual de Financiera Progreso. Recuerda con cortesía la fecha de vencimiento de la ' +
      'cuota, informa los canales de pago (PSE, corresponsales, app) y, si la persona no puede pagar, ofrece un ' +
      'acuerdo de pago a dos cuotas. Nunca amenaces ni presiones.',
  },
  {
    nombre: 'Renovación Seguros Vehiculares',
    peso: 0.25,
    estado: 'excedido',
    agentId: 'agent_01jv8x2c4v6b8n0m2q4w6e8r0t',
    agentPhoneNumberId: null,
    prompt: null,
  },
];

/** The cap (minutes) that puts the consumption in the wanted state. */
export function capFor(consumidos: number, estado: CampaignDef['estado']): number {
  if (consumidos <= 0) return estado === 'ok' ? 500 : 100;
  switch (estado) {
    case 'ok':
      return Math.max(100, Math.ceil(consumidos / 0.55 / 100) * 100);
    case 'cerca': {
      let cap = Math.ceil(consumidos / 0.88 / 10) * 10;
      if (consumidos >= cap || consumidos < 0.8 * cap) cap = Math.ceil(consumidos / 0.88);
      if (consumidos >= cap) cap = consumidos + 1;
      return cap;
    }
    case 'excedido': {
      const cap = Math.floor((consumidos * 0.92) / 10) * 10;
      return cap > 0 ? cap : Math.max(1, consumidos);
    }
  }
}


/** Inserts the campaigns (with their caps) and the configuration of those that have an agent number; answers their ids. */
export async function seedCampanas({ tx, nowMs }: Siembra, caps: readonly number[]): Promise<number[]> {
  const campRows = await tx.query<{ id: number | string; nombre: string }>(
    `insert into public.campanas (nombre, minutos, created_at)
     select n, m, to_timestamp(t / 1000.0)
       from unnest($1::text[], $2::int[], $3::float8[]) with ordinality as x(n, m, t, o)
      order by o
     returning id, nombre`,
    [CAMPANAS.map((c) => c.nombre), caps, CAMPANAS.map((_, k) => nowMs - (125 - k * 5) * DAY)],
  );
  const idPorNombre = new Map(campRows.rows.map((r) => [r.nombre, Number(r.id)]));
  const campanaIds = CAMPANAS.map((c) => idPorNombre.get(c.nombre)!);

  const configuradas = CAMPANAS.flatMap((c, k) => (c.agentPhoneNumberId ? [{ c, id: campanaIds[k]! }] : []));
  await tx.query(
    `insert into public.configuracion_campana (campana_id, agentid, agentphonenumberid, prompt, created_at, updated_at)
     select c, a, p, pr, to_timestamp(t / 1000.0), to_timestamp(t / 1000.0)
       from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::float8[]) as x(c, a, p, pr, t)`,
    [
      configuradas.map(({ id }) => id),
      configuradas.map(({ c }) => c.agentId),
      configuradas.map(({ c }) => c.agentPhoneNumberId ?? ''),
      configuradas.map(({ c }) => c.prompt ?? ''),
      configuradas.map((_, k) => nowMs - (120 - k * 5) * DAY),
    ],
  );
  return campanaIds;
}
