/**
 * The bot companies, one per channel (WordPress, Shopify, Duda, WhatsApp), each with its message table made
 * by create_message_table, as the console makes them; the WordPress one is linked to 'Plan Profesional'.
 */
import type { Siembra } from './contexto';
import { EMPRESAS } from './empresas';
import { daysBefore } from './tiempo';

export type Canal = 'wordpress' | 'shopify' | 'duda' | 'whatsapp';

export interface BotDef {
  canal: Canal;
  name: string;
  tabla: string;
  /** Share of the demo messages. */
  peso: number;
  /** Whether its n8n flow exists (a webhook address). */
  webhook: boolean;
  /** Index into EMPRESAS. */
  empresa: number;
}

export const BOTS: readonly BotDef[] = [
  { canal: 'wordpress', name: 'Clínica Dental Sonrisa', tabla: 'clinica_dental_sonrisa_registro_bot_wordpress', peso: 0.25, webhook: true, empresa: 0 },
  { canal: 'shopify', name: 'Tienda Aurora', tabla: 'tienda_aurora_registro_bot_shopify', peso: 0.2, webhook: true, empresa: 1 },
  { canal: 'duda', name: 'Inmobiliaria Horizonte', tabla: 'inmobiliaria_horizonte_registro_bot_duda', peso: 0.15, webhook: false, empresa: 2 },
  { canal: 'whatsapp', name: 'Café Origen', tabla: 'cafe_origen_registro_whatsapp', peso: 0.4, webhook: true, empresa: 3 },
];

/** Each channel's table of companies, and the column only that channel has (with the demo's value). */
const TABLA_DEL_CANAL: Record<Canal, { tabla: string; extra?: { columna: string; valor: (bot: BotDef) => string } }> = {
  wordpress: { tabla: 'empresas_wordpress_bots' },
  shopify: { tabla: 'empresas_shopify_bots', extra: { columna: 'shop_domain', valor: () => 'tienda-aurora.myshopify.com' } },
  duda: { tabla: 'empresas_bot_duda' },
  whatsapp: { tabla: 'empresas_whatsapp', extra: { columna: 'numero_telefono', valor: (bot) => EMPRESAS[bot.empresa]!.telefono } },
};

/** The bot companies as the projects' services refer to them (index = position in BOTS). */
export interface EmpresasBot {
  uuids: string[];
  /** The n8n webhook address of a bot company, or null when its flow was never created. */
  webhookDe(k: number): string | null;
}

export async function seedEmpresasBot({ tx, rng, nowMs }: Siembra, empresaIds: readonly string[], planIds: readonly string[]): Promise<EmpresasBot> {
  const uuids = BOTS.map(() => rng.uuid());
  const webhookDe = (k: number) => (BOTS[k]!.webhook ? `https://n8n.agencia-demo.co/webhook/${uuids[k]}` : null);
  for (const [k, bot] of BOTS.entries()) {
    const { tabla, extra } = TABLA_DEL_CANAL[bot.canal];
    await tx.query(
      `insert into public.${tabla} (uuid, name, table_supabase, webhook_n8n, empresa_id, created_at${extra ? `, ${extra.columna}` : ''})
       values ($6, $1, $2, $3, $4, $5${extra ? ', $7' : ''})`,
      [bot.name, bot.tabla, webhookDe(k), empresaIds[bot.empresa], daysBefore(nowMs, 150 - k * 25), uuids[k], ...(extra ? [extra.valor(bot)] : [])],
    );
    await tx.query('select public.create_message_table($1)', [bot.tabla]);
  }
  const wordpress = BOTS.findIndex((b) => b.canal === 'wordpress');
  await tx.query('insert into public.planes_empresas_wordpress (plan_id, empresa_wordpress_uuid) values ($1, $2)', [planIds[1], uuids[wordpress]]);
  return { uuids, webhookDe };
}
