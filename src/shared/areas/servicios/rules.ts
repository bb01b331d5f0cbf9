/** The service catalogue: categories, icons, templates, built-in fallback and form rules (part 2 §3, §5, §9). */
import type { z } from 'zod';
import { servicios as t } from './texts';
import type { servicioDisponibleSchema } from './formas';

export const CATEGORIAS_SERVICIO = [
  'E-commerce',
  'Atención al Cliente',
  'Comunicación',
  'Marketing',
  'Analytics',
  'Integración',
  'Automatización',
  'Soporte Técnico',
] as const;
export type CategoriaServicio = (typeof CATEGORIAS_SERVICIO)[number];

export const ICONOS_SERVICIO = [
  'shopping_cart', 'store', 'wordpress', 'chat_bubble', 'phone', 'whatsapp', 'settings', 'integration',
  'analytics', 'campaign', 'support', 'automation', 'webhook', 'database', 'api', 'cloud', 'mobile',
  'desktop', 'security', 'payment',
] as const;
export type IconoServicio = (typeof ICONOS_SERVICIO)[number];

export type ServicioDisponible = z.infer<typeof servicioDisponibleSchema>;

/** §9: bot_wordpress and bot_shopify E-commerce; bot_duda Atención al Cliente; llamadas and whatsapp Comunicación. */
export function categoriaDeTipo(tipo: string | null | undefined): string {
  if (!tipo) return t.sinCategoria;
  switch (tipo) {
    case 'bot_wordpress':
    case 'bot_shopify':
      return 'E-commerce';
    case 'bot_duda':
      return 'Atención al Cliente';
    case 'llamadas':
    case 'whatsapp':
      return 'Comunicación';
    default:
      return t.otros;
  }
}

/** Templates of §3 with their default configuration fields. */
export const PLANTILLAS_SERVICIO = {
  ecommerce: {
    categoria: 'E-commerce',
    icono: 'shopping_cart',
    configuracion: { webhook_n8n: '', table_supabase: '', status: true, domain: '', currency: 'USD', timezone: 'UTC' },
  },
  chatbot: {
    categoria: 'Atención al Cliente',
    icono: 'chat_bubble',
    configuracion: {
      webhook_n8n: '', table_supabase: '', status: true, welcome_message: '¡Hola! ¿En qué podemos ayudarte?',
      max_conversations: 100, language: 'es', response_timeout: 30,
    },
  },
  llamadas: {
    categoria: 'Comunicación',
    icono: 'phone',
    configuracion: {
      minutos_disponibles: 0, campana_id: null, max_concurrent_calls: 5, recording_enabled: false,
      call_forwarding: false, voicemail_enabled: true,
    },
  },
  whatsapp: {
    categoria: 'Comunicación',
    icono: 'whatsapp',
    configuracion: {
      webhook_n8n: '', table_supabase: '', status: true, numero_telefono: '', business_name: '', message_template: '',
    },
  },
  personalizada: {
    categoria: 'Automatización',
    icono: 'settings',
    configuracion: { custom_field_1: '', custom_field_2: '' },
  },
} as const satisfies Record<string, { categoria: CategoriaServicio; icono: IconoServicio; configuracion: Record<string, unknown> }>;
export type PlantillaServicio = keyof typeof PLANTILLAS_SERVICIO;

/** The template by key, or the error 'Plantilla no encontrada'. */
export function plantilla(clave: string): (typeof PLANTILLAS_SERVICIO)[PlantillaServicio] {
  if (!Object.hasOwn(PLANTILLAS_SERVICIO, clave)) throw new Error(t.plantillaNoEncontrada);
  return PLANTILLAS_SERVICIO[clave as PlantillaServicio];
}

/** The built-in catalogue used when loading the available services fails (§3, §8). */
export const CATALOGO_INTEGRADO: readonly ServicioDisponible[] = [
  {
    id: 'integrado-bot_wordpress', nombre: 'Bot WordPress', tipo: 'bot_wordpress', icono: 'wordpress', categoria: 'E-commerce',
    descripcion: 'Chatbot con IA para sitios WordPress, conectado a un flujo de n8n y a su tabla de mensajes.',
    permiteMultiple: false, activo: true, configuracionDefault: { ...PLANTILLAS_SERVICIO.chatbot.configuracion },
  },
  {
    id: 'integrado-bot_shopify', nombre: 'Bot Shopify', tipo: 'bot_shopify', icono: 'shopping_cart', categoria: 'E-commerce',
    descripcion: 'Asistente de ventas y seguimiento de pedidos para tiendas Shopify.',
    permiteMultiple: false, activo: true, configuracionDefault: { ...PLANTILLAS_SERVICIO.ecommerce.configuracion },
  },
  {
    id: 'integrado-bot_duda', nombre: 'Bot Duda', tipo: 'bot_duda', icono: 'chat_bubble', categoria: 'Atención al Cliente',
    descripcion: 'Chatbot de atención al cliente para sitios creados con Duda.',
    permiteMultiple: false, activo: true, configuracionDefault: { ...PLANTILLAS_SERVICIO.chatbot.configuracion },
  },
  {
    id: 'integrado-llamadas', nombre: 'Llamadas IA', tipo: 'llamadas', icono: 'phone', categoria: 'Comunicación',
    descripcion: 'Campañas de llamadas salientes con agentes de voz de IA y tope de minutos.',
    permiteMultiple: false, activo: true, configuracionDefault: { minutos_disponibles: 0, campana_id: null },
  },
  {
    id: 'integrado-whatsapp', nombre: 'Bot WhatsApp', tipo: 'whatsapp', icono: 'whatsapp', categoria: 'Comunicación',
    descripcion: 'Bot de WhatsApp con respuestas de IA y registro de conversaciones.',
    permiteMultiple: false, activo: true, configuracionDefault: { ...PLANTILLAS_SERVICIO.whatsapp.configuracion },
  },
];

/** Parses the default configuration text: '' is {}, anything else must be a JSON object. */
export function parsearConfiguracion(texto: string): { ok: true; valor: Record<string, unknown> } | { ok: false; error: string } {
  if (texto.trim() === '') return { ok: true, valor: {} };
  try {
    const valor: unknown = JSON.parse(texto);
    if (valor === null || typeof valor !== 'object' || Array.isArray(valor)) return { ok: false, error: t.configuracionInvalida };
    return { ok: true, valor: valor as Record<string, unknown> };
  } catch {
    return { ok: false, error: t.configuracionInvalida };
  }
}

/** Form field rules (§5), shared by the zod schema and the form. Each returns the message or null. */
export const reglasServicio = {
  nombre(v: string): string | null {
    const s = v.trim();
    if (!s) return t.nombreObligatorio;
    if (s.length < 3) return t.nombreMinimo;
    if (s.length > 100) return t.nombreMaximo;
    if (!/^[\p{L}\p{N} _-]+$/u.test(s)) return t.nombreCaracteres;
    return null;
  },
  tipo(v: string): string | null {
    const s = v.trim();
    if (!/^[a-z_]+$/.test(s)) return t.tipoInvalido;
    if (s.length < 3 || s.length > 50) return t.tipoLongitud;
    return null;
  },
  descripcion(v: string): string | null {
    const s = v.trim();
    if (s.length < 10) return t.descripcionMinima;
    if (s.length > 500) return t.descripcionMaxima;
    return null;
  },
  categoria(v: string): string | null {
    return (CATEGORIAS_SERVICIO as readonly string[]).includes(v) ? null : t.categoriaInvalida;
  },
  icono(v: string): string | null {
    return (ICONOS_SERVICIO as readonly string[]).includes(v) ? null : t.iconoInvalido;
  },
  configuracion(v: string): string | null {
    const r = parsearConfiguracion(v);
    return r.ok ? null : r.error;
  },
};
