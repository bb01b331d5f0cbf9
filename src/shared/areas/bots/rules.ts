/** Bot companies per channel (part 3 §2.2, §3, §4, §7): what differs between the four channels. */
import type { WebhookName } from '../../domain/webhooks';
import type { CanalBot } from '../../domain/bot-tablas';
import type { EmpresaBot } from './contract';

export type TablaEmpresasBot = 'empresas_wordpress_bots' | 'empresas_shopify_bots' | 'empresas_bot_duda' | 'empresas_whatsapp';

export interface CanalInfo {
  canal: CanalBot;
  /** The company table of the channel. */
  tabla: TablaEmpresasBot;
  /** The key a company is updated by: uuid, or id for WhatsApp (§7). */
  clave: 'uuid' | 'id';
  /** The flow-creation webhook (a different one for WhatsApp). */
  webhookFlujo: WebhookName;
  /** '<Channel> Flow - <company name>'. */
  nombreFlujo: string;
  /** §7: Shopify and WordPress go on with manual SQL when the table cannot be created; Duda and WhatsApp abort. */
  sigueSinTabla: boolean;
  /** 'Ver Mensajes' goes here (Shopify and WordPress screens only; §2.2 sends both to the WordPress list). */
  verMensajes: string | null;
}

export const CANALES: Readonly<Record<CanalBot, CanalInfo>> = {
  duda: { canal: 'duda', tabla: 'empresas_bot_duda', clave: 'uuid', webhookFlujo: 'flujoBots', nombreFlujo: 'Duda', sigueSinTabla: false, verMensajes: null },
  shopify: {
    canal: 'shopify', tabla: 'empresas_shopify_bots', clave: 'uuid', webhookFlujo: 'flujoBots', nombreFlujo: 'Shopify', sigueSinTabla: true,
    verMensajes: '/dashboard/wp/mensajes',
  },
  wordpress: {
    canal: 'wordpress', tabla: 'empresas_wordpress_bots', clave: 'uuid', webhookFlujo: 'flujoBots', nombreFlujo: 'WordPress', sigueSinTabla: true,
    verMensajes: '/dashboard/wp/mensajes',
  },
  whatsapp: { canal: 'whatsapp', tabla: 'empresas_whatsapp', clave: 'id', webhookFlujo: 'flujoWhatsapp', nombreFlujo: 'WhatsApp', sigueSinTabla: false, verMensajes: null },
};

/** §2.2 / §9: the first 8 characters of the uuid followed by '...' (the id when a WhatsApp row has none). */
export function idCorto(empresa: Pick<EmpresaBot, 'uuid' | 'clave'>): string {
  const fuente = empresa.uuid ?? empresa.clave;
  return `${fuente.slice(0, 8)}...`;
}

/** The name the flow gets in the automation platform (§7). */
export function nombreFlujo(canal: CanalBot, empresa: string): string {
  return `${CANALES[canal].nombreFlujo} Flow - ${empresa}`;
}

/** §7: the stored webhook is the agents' base path plus the company uuid. */
export function webhookAgente(base: string, uuid: string): string {
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(uuid)}`;
}
