/**
 * Every route of part 1 §2.1, as plain data (the lazily loaded screens are bound to these in screens.ts).
 */
export const DASHBOARD_CHILDREN = [
  'resumen',
  'clientes',
  'campanas',
  'equipo',
  'configuracion',
  'agente-marketing',
  'bot-duda',
  'bot-wp',
  'shopify/bot',
  'shopify/mensajes',
  'wp/mensajes',
  'whatsapp/resumen',
  'whatsapp/configuracion',
  'whatsapp/mensajes',
  'planes',
  'proyectos',
  'proyectos/administrar-servicios',
  'proyectos/administrar-empresas',
  'proyectos/asignar-empresas-wordpress',
  'proyectos/metricas',
] as const;

export type DashboardChild = (typeof DASHBOARD_CHILDREN)[number];

/** Where the login sends a signed-in operator (§2.2), and where the empty dashboard child redirects. */
export const HOME_AFTER_LOGIN = '/dashboard/resumen';
export const DEFAULT_DASHBOARD_CHILD: DashboardChild = 'resumen';

/**
 * Top-level aliases (§2.1). Each one redirects (replace) to its /dashboard path, keeping query and hash,
 * so every screen lives at one address inside the dashboard shell.
 */
export const ROUTE_ALIASES: Readonly<Record<string, DashboardChild>> = {
  '/proyectos': 'proyectos',
  '/proyectos/administrar-empresas': 'proyectos/administrar-empresas',
  '/planes': 'planes',
  '/llamadas/campanas': 'campanas',
  '/llamadas/clientes': 'clientes',
  '/llamadas/equipo': 'equipo',
  '/llamadas/resumen': 'resumen',
  '/duda/bot': 'bot-duda',
  '/shopify/bot': 'shopify/bot',
  '/wp/bot': 'bot-wp',
  '/configuracion': 'configuracion',
};

/** The /dashboard address an alias stands for, with the query and hash carried over. */
export function aliasTarget(alias: string, search = '', hash = ''): string | null {
  const child = Object.hasOwn(ROUTE_ALIASES, alias) ? ROUTE_ALIASES[alias] : undefined;
  return child ? `/dashboard/${child}${search}${hash}` : null;
}

/** The company access area (part 3 §2.10), with a minimal layout. */
export const PORTAL_ROUTES = {
  login: '/accesoempresas/:id',
  servicios: '/accesoempresas/:id/servicios',
  equipo: '/accesoempresas/:id/equipo/:campanaId',
  conversaciones: '/accesoempresas/:id/conversaciones',
} as const;
