import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { DashboardChild } from './route-paths';

type Screen = LazyExoticComponent<ComponentType>;

/** One lazily loaded module per screen (part 1 §2.1: screen code is loaded on demand). */
export const DASHBOARD_SCREENS: Record<DashboardChild, Screen> = {
  resumen: lazy(() => import('../features/llamadas/ResumenScreen')),
  clientes: lazy(() => import('../features/llamadas/ClientesScreen')),
  campanas: lazy(() => import('../features/llamadas/CampanasScreen')),
  equipo: lazy(() => import('../features/llamadas/EquipoScreen')),
  configuracion: lazy(() => import('../features/configuracion/ConfiguracionScreen')),
  'agente-marketing': lazy(() => import('../features/marketing/AgenteMarketingScreen')),
  'bot-duda': lazy(() => import('../features/bots/BotDudaScreen')),
  'bot-wp': lazy(() => import('../features/bots/BotWordPressScreen')),
  'shopify/bot': lazy(() => import('../features/bots/BotShopifyScreen')),
  'shopify/mensajes': lazy(() => import('../features/mensajes/MensajesShopifyScreen')),
  'wp/mensajes': lazy(() => import('../features/mensajes/MensajesWordPressScreen')),
  'whatsapp/resumen': lazy(() => import('../features/whatsapp-resumen/WhatsappResumenScreen')),
  'whatsapp/configuracion': lazy(() => import('../features/bots/WhatsappEmpresasScreen')),
  'whatsapp/mensajes': lazy(() => import('../features/mensajes/MensajesWhatsappScreen')),
  planes: lazy(() => import('../features/planes/PlanesScreen')),
  proyectos: lazy(() => import('../features/proyectos/ProyectosScreen')),
  'proyectos/administrar-servicios': lazy(() => import('../features/servicios/ServiciosScreen')),
  'proyectos/administrar-empresas': lazy(() => import('../features/empresas/EmpresasScreen')),
  'proyectos/asignar-empresas-wordpress': lazy(() => import('../features/empresas/AsignarEmpresasWordpressScreen')),
  'proyectos/metricas': lazy(() => import('../features/metricas/MetricasScreen')),
};

export const PORTAL_SCREENS = {
  login: lazy(() => import('../features/portal/PortalLoginScreen')),
  servicios: lazy(() => import('../features/portal/PortalServiciosScreen')),
  equipo: lazy(() => import('../features/portal/PortalEquipoScreen')),
  conversaciones: lazy(() => import('../features/portal/PortalConversacionesScreen')),
} satisfies Record<string, Screen>;
