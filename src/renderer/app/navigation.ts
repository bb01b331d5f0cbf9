import { es } from '../../shared/i18n/es';

/**
 * The sidebar of part 1 §2.3, as data: groups → entries → sub-links (paths relative to /dashboard).
 * Pure module (no React): the Sidebar component renders it and the helpers below derive the active state.
 */
export const DASHBOARD_BASE = '/dashboard';

export type NavIcon =
  | 'llamadas'
  | 'whatsapp'
  | 'botDuda'
  | 'wordpress'
  | 'shopify'
  | 'agenteMarketing'
  | 'planes'
  | 'proyectos';

export interface NavLinkDef {
  /** Path under /dashboard, e.g. 'whatsapp/resumen'. */
  path: string;
  label: string;
}

export interface NavEntry {
  /** Stable key, also the key persisted for open sections. */
  key: string;
  label: string;
  icon: NavIcon;
  /** An entry with no sub-links links directly here. */
  path?: string;
  links?: readonly NavLinkDef[];
}

export interface NavGroup {
  key: string;
  label: string;
  entries: readonly NavEntry[];
}

const m = es.menu;

export const SIDEBAR: readonly NavGroup[] = [
  {
    key: 'comunicacion',
    label: m.comunicacion,
    entries: [
      {
        key: 'llamadas',
        label: m.llamadas,
        icon: 'llamadas',
        links: [
          { path: 'resumen', label: m.dashboard },
          { path: 'equipo', label: m.clientes },
          { path: 'campanas', label: m.configuracion },
        ],
      },
      {
        key: 'whatsapp',
        label: m.whatsapp,
        icon: 'whatsapp',
        links: [
          { path: 'whatsapp/resumen', label: m.dashboard },
          { path: 'whatsapp/mensajes', label: m.conversaciones },
          { path: 'whatsapp/configuracion', label: m.configuracion },
        ],
      },
    ],
  },
  {
    key: 'automatizacion',
    label: m.automatizacion,
    entries: [
      { key: 'bot-duda', label: m.botDuda, icon: 'botDuda', path: 'bot-duda' },
      {
        key: 'wordpress',
        label: m.wordpress,
        icon: 'wordpress',
        links: [
          { path: 'wp/mensajes', label: m.conversaciones },
          { path: 'bot-wp', label: m.configuracion },
        ],
      },
      {
        key: 'shopify',
        label: m.shopify,
        icon: 'shopify',
        links: [
          { path: 'shopify/mensajes', label: m.conversacionesShopify },
          { path: 'shopify/bot', label: m.configuracionShopify },
        ],
      },
    ],
  },
  {
    key: 'gestion',
    label: m.gestion,
    entries: [
      { key: 'agente-marketing', label: m.agenteMarketing, icon: 'agenteMarketing', path: 'agente-marketing' },
      { key: 'planes', label: m.planes, icon: 'planes', links: [{ path: 'planes', label: m.gestionPlanes }] },
      {
        key: 'proyectos',
        label: m.proyectos,
        icon: 'proyectos',
        links: [
          { path: 'proyectos', label: m.gestionProyectos },
          { path: 'proyectos/administrar-servicios', label: m.administrarServicios },
          { path: 'proyectos/metricas', label: m.dashboardMetricas },
        ],
      },
    ],
  },
];

/** Absolute path of a sidebar path: 'resumen' → '/dashboard/resumen'. */
export function dashboardPath(path: string): string {
  return `${DASHBOARD_BASE}/${path}`;
}

/** Every path an entry covers (its own path or its sub-links). */
export function entryPaths(entry: NavEntry): string[] {
  return entry.links ? entry.links.map((l) => l.path) : entry.path ? [entry.path] : [];
}

/** The first place an entry leads to (used when the sidebar is collapsed). */
export function entryTarget(entry: NavEntry): string {
  return dashboardPath(entryPaths(entry)[0] ?? '');
}

function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function covers(pathname: string, target: string): boolean {
  return pathname === target || pathname.startsWith(`${target}/`);
}

export interface ActiveNav {
  group: NavGroup;
  entry: NavEntry;
  /** The sub-link (or the entry's own path) that matches exactly, if any. */
  link: string | null;
}

/**
 * The group and entry of the current route: the sidebar path that covers the pathname with the longest
 * match wins, so /dashboard/proyectos/metricas belongs to Proyectos and /dashboard/proyectos/administrar-empresas
 * too (it sits under proyectos). Returns null outside the sidebar (e.g. /dashboard/configuracion).
 */
export function activeNav(pathname: string, groups: readonly NavGroup[] = SIDEBAR): ActiveNav | null {
  const current = normalize(pathname);
  let best: { group: NavGroup; entry: NavEntry; path: string; length: number } | null = null;
  for (const group of groups) {
    for (const entry of group.entries) {
      for (const path of entryPaths(entry)) {
        const target = dashboardPath(path);
        if (covers(current, target) && (!best || target.length > best.length)) {
          best = { group, entry, path, length: target.length };
        }
      }
    }
  }
  if (!best) return null;
  return { group: best.group, entry: best.entry, link: current === dashboardPath(best.path) ? best.path : null };
}

/** Is this sub-link the current page? Exact match only, so 'proyectos' is not lit on 'proyectos/metricas'. */
export function isLinkActive(pathname: string, path: string): boolean {
  return normalize(pathname) === dashboardPath(path);
}

/** Open sections after a navigation: the current route's entry opens automatically (others stay as they were). */
export function openSectionsFor(pathname: string, open: readonly string[], groups: readonly NavGroup[] = SIDEBAR): string[] {
  const active = activeNav(pathname, groups);
  if (!active || !active.entry.links || open.includes(active.entry.key)) return [...open];
  return [...open, active.entry.key];
}

/** Keys of entries that can be opened (those with sub-links). */
export function collapsibleKeys(groups: readonly NavGroup[] = SIDEBAR): string[] {
  return groups.flatMap((g) => g.entries.filter((e) => e.links).map((e) => e.key));
}
