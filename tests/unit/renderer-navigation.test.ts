import { describe, expect, it } from 'vitest';
import {
  SIDEBAR,
  activeNav,
  collapsibleKeys,
  entryTarget,
  isLinkActive,
  openSectionsFor,
} from '../../src/renderer/app/navigation';
import { DASHBOARD_CHILDREN } from '../../src/renderer/app/route-paths';

describe('sidebar data (part 1 §2.3)', () => {
  it('has the groups, entries and sub-links of the table, in order', () => {
    const shape = SIDEBAR.map((g) => ({
      group: g.label,
      entries: g.entries.map((e) => ({
        entry: e.label,
        links: e.links ? e.links.map((l) => `${l.path}: ${l.label}`) : [e.path],
      })),
    }));
    expect(shape).toEqual([
      {
        group: 'Comunicación',
        entries: [
          { entry: 'Llamadas', links: ['resumen: Dashboard', 'equipo: Clientes', 'campanas: Configuración'] },
          {
            entry: 'Whatsapp',
            links: ['whatsapp/resumen: Dashboard', 'whatsapp/mensajes: Conversaciones', 'whatsapp/configuracion: Configuración'],
          },
        ],
      },
      {
        group: 'Automatización',
        entries: [
          { entry: 'Bot Duda', links: ['bot-duda'] },
          { entry: 'WordPress', links: ['wp/mensajes: Conversaciones', 'bot-wp: Configuración'] },
          { entry: 'Shopify', links: ['shopify/mensajes: Conversaciones Shopify', 'shopify/bot: Configuración Shopify'] },
        ],
      },
      {
        group: 'Gestión',
        entries: [
          { entry: 'Agente Marketing', links: ['agente-marketing'] },
          { entry: 'Planes', links: ['planes: Gestión de Planes'] },
          {
            entry: 'Proyectos',
            links: [
              'proyectos: Gestión de Proyectos',
              'proyectos/administrar-servicios: Administrar Servicios',
              'proyectos/metricas: Dashboard de Métricas',
            ],
          },
        ],
      },
    ]);
  });

  it('links only to existing dashboard routes', () => {
    const children: readonly string[] = DASHBOARD_CHILDREN;
    for (const group of SIDEBAR) {
      for (const entry of group.entries) {
        for (const path of entry.links?.map((l) => l.path) ?? [entry.path ?? '']) expect(children).toContain(path);
      }
    }
  });
});

describe('activeNav', () => {
  it('derives group and entry from the path', () => {
    expect(activeNav('/dashboard/equipo')).toMatchObject({ group: { key: 'comunicacion' }, entry: { key: 'llamadas' }, link: 'equipo' });
    expect(activeNav('/dashboard/whatsapp/mensajes')?.entry.key).toBe('whatsapp');
    expect(activeNav('/dashboard/bot-wp')?.entry.key).toBe('wordpress');
    expect(activeNav('/dashboard/shopify/bot')?.group.key).toBe('automatizacion');
    expect(activeNav('/dashboard/bot-duda')).toMatchObject({ entry: { key: 'bot-duda' }, link: 'bot-duda' });
  });

  it('prefers the longest match and covers nested pages', () => {
    expect(activeNav('/dashboard/proyectos/metricas')).toMatchObject({ entry: { key: 'proyectos' }, link: 'proyectos/metricas' });
    expect(activeNav('/dashboard/proyectos/administrar-empresas')).toMatchObject({ entry: { key: 'proyectos' }, link: null });
    expect(activeNav('/dashboard/resumen/')?.link).toBe('resumen');
  });

  it('returns null outside the sidebar', () => {
    expect(activeNav('/dashboard/configuracion')).toBeNull();
    expect(activeNav('/dashboard/clientes')).toBeNull();
    expect(activeNav('/')).toBeNull();
    expect(activeNav('/dashboard/resumenes')).toBeNull();
  });

  it('lights a sub-link only on its exact page', () => {
    expect(isLinkActive('/dashboard/proyectos', 'proyectos')).toBe(true);
    expect(isLinkActive('/dashboard/proyectos/metricas', 'proyectos')).toBe(false);
  });
});

describe('open sections', () => {
  it('opens the entry of the current route and keeps the others', () => {
    expect(openSectionsFor('/dashboard/whatsapp/resumen', ['proyectos'])).toEqual(['proyectos', 'whatsapp']);
    expect(openSectionsFor('/dashboard/whatsapp/resumen', ['whatsapp'])).toEqual(['whatsapp']);
    expect(openSectionsFor('/dashboard/bot-duda', [])).toEqual([]);
    expect(openSectionsFor('/dashboard/configuracion', ['llamadas'])).toEqual(['llamadas']);
  });

  it('knows which entries can open and where collapsed entries lead', () => {
    expect(collapsibleKeys()).toEqual(['llamadas', 'whatsapp', 'wordpress', 'shopify', 'planes', 'proyectos']);
    const llamadas = SIDEBAR[0]?.entries[0];
    expect(llamadas && entryTarget(llamadas)).toBe('/dashboard/resumen');
  });
});
