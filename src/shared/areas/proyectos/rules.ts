/**
 * Projects (part 2 §4, §9): statuses, labels, the badge progress; what depends on a record before it is
 * deleted; and the rules of applying service changes to a project (provisioning, below).
 */
import type { z } from 'zod';
import { proyectos as t } from './texts';
import type {
  cambioEstadoSchema,
  configuracionInstanciaSchema,
  dependenciasEliminacionSchema,
  empresaBotDependienteSchema,
  empresaWhatsappOpcionSchema,
  hitoSchema,
  instanciaServicioSchema,
  proyectoResumenSchema,
  reporteProyectoSchema,
  resultadoAprovisionamientoSchema,
  resultadoEliminarProyectoSchema,
} from './formas';
import { bots as textosBots } from '../bots/texts';
import { canalDeTipoServicio, type CanalBot } from '../../domain/bot-tablas';

export const ESTADOS_PROYECTO = ['activo', 'inactivo', 'en_proceso', 'completado', 'cancelado', 'pausado'] as const;
export type EstadoProyecto = (typeof ESTADOS_PROYECTO)[number];

/** The project form offers only these four (§4). */
export const ESTADOS_FORMULARIO = ['activo', 'inactivo', 'en_proceso', 'completado'] as const;

export const ESTADOS_SERVICIO = ['activo', 'inactivo', 'en_proceso', 'completado', 'mantenimiento', 'error'] as const;
export type EstadoServicio = (typeof ESTADOS_SERVICIO)[number];

/** An unknown value displays as Inactivo (§4). */
export function estadoProyectoConocido(estado: string | null | undefined): EstadoProyecto {
  return (ESTADOS_PROYECTO as readonly string[]).includes(estado ?? '') ? (estado as EstadoProyecto) : 'inactivo';
}

export function etiquetaEstadoProyecto(estado: string | null | undefined): string {
  return t.estados[estadoProyectoConocido(estado)];
}

export function descripcionEstadoProyecto(estado: string | null | undefined): string {
  return t.estadosDescripcion[estadoProyectoConocido(estado)];
}

/** Badge colour per status. */
export const COLOR_ESTADO_PROYECTO: Record<EstadoProyecto, string> = {
  activo: 'green',
  inactivo: 'gray',
  en_proceso: 'blue',
  completado: 'teal',
  cancelado: 'red',
  pausado: 'yellow',
};

export const COLOR_ESTADO_SERVICIO: Record<EstadoServicio, string> = {
  activo: 'green',
  inactivo: 'gray',
  en_proceso: 'blue',
  completado: 'teal',
  mantenimiento: 'yellow',
  error: 'red',
};

/** Progress shown per status in the table badge (§4, §9): 0/25/50/75/100. */
export const PROGRESO_POR_ESTADO: Record<EstadoProyecto, number> = {
  inactivo: 0,
  activo: 25,
  en_proceso: 50,
  pausado: 75,
  completado: 100,
  cancelado: 0,
};

export function progresoBadge(estado: string | null | undefined): number {
  return PROGRESO_POR_ESTADO[estadoProyectoConocido(estado)];
}

/** Instances of a project grouped by type, for the table (§2). */
export function agruparPorTipo<T extends { tipoServicio: string }>(instancias: readonly T[]): Array<{ tipo: string; instancias: T[] }> {
  const grupos = new Map<string, T[]>();
  for (const i of instancias) {
    const lista = grupos.get(i.tipoServicio) ?? [];
    lista.push(i);
    grupos.set(i.tipoServicio, lista);
  }
  return [...grupos.entries()].map(([tipo, lista]) => ({ tipo, instancias: lista }));
}

export function etiquetaTipoServicio(tipo: string): string {
  return t.tipos[tipo] ?? tipo;
}

/** Service instance id: type + timestamp + random (§3). */
export function idInstancia(tipo: string, ahoraMs: number, aleatorio: string): string {
  return `${tipo}_${ahoraMs}_${aleatorio}`;
}

export type ProyectoResumen = z.infer<typeof proyectoResumenSchema>;

export type CambioEstado = z.infer<typeof cambioEstadoSchema>;

export type Hito = z.infer<typeof hitoSchema>;

/** The report aggregate of part 2 §3. */
export type ReporteProyecto = z.infer<typeof reporteProyectoSchema>;

/** The result of applying service changes or retrying provisioning (a job's result). */
export type ResultadoAprovisionamiento = z.infer<typeof resultadoAprovisionamientoSchema>;

// ---------------------------------------------------------------------------------------------------
// Deleting what is in use (issue 12): what depends on a plan, a client company or a project.

/** A bot company that depends on the record; for a project, `desactivar` says whether deleting it deactivates the company. */
export type EmpresaBotDependiente = z.infer<typeof empresaBotDependienteSchema>;

export type DependenciasEliminacion = z.infer<typeof dependenciasEliminacionSchema>;

export type ResultadoEliminarProyecto = z.infer<typeof resultadoEliminarProyectoSchema>;

/** One line of the delete dialog: what happens, and to which records. */
export interface Consecuencia {
  texto: string;
  elementos: string[];
}

/** What the delete dialog says will happen, in the order a person reads it. Empty when nothing depends on it. */
export function consecuenciasEliminacion(d: DependenciasEliminacion): Consecuencia[] {
  const e = t.eliminacion;
  const bot = (b: EmpresaBotDependiente) => e.empresaBot(b.name, textosBots.canales[b.canal], b.tableSupabase);
  const out: Consecuencia[] = [];
  const agregar = (n: number, texto: (n: number) => string, elementos: string[]) => {
    if (n > 0) out.push({ texto: texto(n), elementos });
  };
  if (d.tipo === 'plan') {
    agregar(d.proyectos.length, e.planProyectos, d.proyectos.map((p) => p.nombre));
    agregar(d.empresasWordpress.length, e.planEmpresasWordpress, d.empresasWordpress.map((w) => e.empresaWordpress(w.name, w.tableSupabase)));
  } else if (d.tipo === 'empresa') {
    agregar(d.proyectos.length, e.empresaProyectos, d.proyectos.map((p) => p.nombre));
    agregar(d.empresasBot.length, e.empresaBots, d.empresasBot.map(bot));
    if (d.portal) out.push({ texto: e.empresaPortal, elementos: [] });
  } else {
    agregar(d.servicios.length, e.proyectoServicios, d.servicios.map((s) => e.servicio(s.nombreInstancia, etiquetaTipoServicio(s.tipoServicio))));
    const desactivar = d.empresasBot.filter((b) => b.desactivar);
    const conservar = d.empresasBot.filter((b) => !b.desactivar);
    agregar(desactivar.length, e.proyectoDesactivar, desactivar.map(bot));
    agregar(conservar.length, e.proyectoConservar, conservar.map(bot));
    agregar(d.campanas.length, e.proyectoCampanas, d.campanas.map((c) => c.nombre));
  }
  return out;
}

export type EmpresaWhatsappOpcion = z.infer<typeof empresaWhatsappOpcionSchema>;

// ---------------------------------------------------------------------------------------------------
/**
 * Applying service changes to a project (part 2 §5, §7, §8): which requested services are added, with which
 * instance names, which existing bot company a new instance reuses, and when deleting an instance
 * deactivates its company. Pure rules; the api layer runs them.
 */

/** The stored configuracion document the spec describes (jsonb): its keys stay as stored, snake_case included. */
export type ConfiguracionInstancia = z.infer<typeof configuracionInstanciaSchema>;

export type InstanciaServicio = z.infer<typeof instanciaServicioSchema>;

export interface ServicioPedido {
  tipo: string;
  nombreInstancia: string;
  /** WhatsApp only: an existing WhatsApp company (empresas_whatsapp.uuid) to reuse. */
  empresaWhatsappUuid?: string | null;
}

export interface PlanServicios {
  agregar: Array<ServicioPedido & { nombreInstancia: string }>;
  /** Types skipped because the project already has one (one instance per type). */
  omitidos: string[];
}

/** The suggested instance name: project name + service name (§2). */
export function nombreInstanciaSugerido(proyecto: string, servicio: string): string {
  return `${proyecto.trim()} - ${servicio.trim()}`;
}

/** The name itself when free, else 'name 1', 'name 2' … until unique (§5: 'Bot Wordpress 1'). Case-insensitive. */
export function nombreUnico(nombre: string, usados: ReadonlySet<string>): string {
  const base = nombre.trim();
  const ocupado = (n: string) => usados.has(n.toLowerCase());
  if (!ocupado(base)) return base;
  for (let i = 1; ; i += 1) {
    const candidato = `${base} ${i}`;
    if (!ocupado(candidato)) return candidato;
  }
}

/**
 * §5: a type already present in the project is skipped (one instance per type; a type requested twice is
 * added once) and colliding names get a number suffix. Names are compared against every instance of the
 * project and the ones planned before them.
 */
export function planificarServicios(existentes: readonly Pick<InstanciaServicio, 'tipoServicio' | 'nombreInstancia'>[], pedidos: readonly ServicioPedido[]): PlanServicios {
  const tipos = new Set(existentes.map((e) => e.tipoServicio));
  const nombres = new Set(existentes.map((e) => e.nombreInstancia.trim().toLowerCase()));
  const plan: PlanServicios = { agregar: [], omitidos: [] };
  for (const p of pedidos) {
    if (tipos.has(p.tipo)) {
      plan.omitidos.push(p.tipo);
      continue;
    }
    tipos.add(p.tipo);
    const nombre = nombreUnico(p.nombreInstancia, nombres);
    nombres.add(nombre.toLowerCase());
    plan.agregar.push({ ...p, nombreInstancia: nombre });
  }
  return plan;
}

/** The channels whose new instance may reuse an existing company and its table (§7). */
export const CANALES_REUTILIZABLES: readonly CanalBot[] = ['whatsapp', 'shopify', 'duda'];

/** The order in which existing companies are checked for reuse: WhatsApp, Shopify, Duda, then any other bot. */
export const ORDEN_REUTILIZACION: readonly string[] = ['whatsapp', 'bot_shopify', 'bot_duda'];

export interface EmpresaReutilizable {
  canal: CanalBot;
  empresaUuid: string;
  tableSupabase: string;
  webhookN8n: string | null;
  /** True when it is a company of the same channel: nothing new is created, the company itself is shared. */
  mismoCanal: boolean;
}

function rango(tipo: string): number {
  const i = ORDEN_REUTILIZACION.indexOf(tipo);
  return i >= 0 ? i : ORDEN_REUTILIZACION.length;
}

/**
 * The order in which one 'Aplicar Cambios' provisions its services: the reuse order of §7 (WhatsApp, then
 * Shopify, then Duda, then any other bot), then calls, then anything else. Provisioning follows it so that a
 * later channel reuses the company of an earlier one as §7 describes, whatever order the screen sent them in
 * (the catalogue's alphabetical order put Duda first, and WhatsApp and Shopify then shared Duda's table).
 * Stable: services of the same rank keep the order they were asked in.
 */
export function ordenarParaAprovisionar<T>(servicios: readonly T[], tipoDe: (s: T) => string): T[] {
  const rangoDe = (tipo: string) => (canalDeTipoServicio(tipo) ? rango(tipo) : tipo === 'llamadas' ? ORDEN_REUTILIZACION.length + 1 : ORDEN_REUTILIZACION.length + 2);
  return servicios
    .map((s, i) => ({ s, i }))
    .sort((a, b) => rangoDe(tipoDe(a.s)) - rangoDe(tipoDe(b.s)) || a.i - b.i)
    .map((x) => x.s);
}

/**
 * Which existing company a new instance of `tipo` reuses (§7), or null to create its own:
 * - a WhatsApp company the operator picked in the modal comes first (the company itself is shared);
 * - otherwise the project's provisioned bot instances are checked in the order WhatsApp, Shopify, Duda, then
 *   any other bot; the first gives the table the new company shares (its own company record and flow are
 *   still created so the channel screens list it and its bot gets its own webhook).
 * Only WhatsApp, Shopify and Duda reuse; WordPress and calls never do.
 */
export function empresaAReutilizar(
  tipo: string,
  existentes: readonly Pick<InstanciaServicio, 'tipoServicio' | 'configuracion' | 'createdAt'>[],
  elegidaWhatsapp?: { uuid: string; tableSupabase: string; webhookN8n: string | null } | null,
): EmpresaReutilizable | null {
  const canal = canalDeTipoServicio(tipo);
  if (!canal || !CANALES_REUTILIZABLES.includes(canal)) return null;
  if (canal === 'whatsapp' && elegidaWhatsapp) {
    return { canal: 'whatsapp', empresaUuid: elegidaWhatsapp.uuid, tableSupabase: elegidaWhatsapp.tableSupabase, webhookN8n: elegidaWhatsapp.webhookN8n, mismoCanal: true };
  }
  const candidatos = existentes
    .filter((e) => canalDeTipoServicio(e.tipoServicio) && e.configuracion?.empresa_uuid && e.configuracion?.table_supabase && e.configuracion?.tabla_creada !== false)
    .sort((a, b) => rango(a.tipoServicio) - rango(b.tipoServicio) || a.createdAt.localeCompare(b.createdAt));
  const elegido = candidatos[0];
  if (!elegido) return null;
  const canalElegido = canalDeTipoServicio(elegido.tipoServicio)!;
  return {
    canal: canalElegido,
    empresaUuid: elegido.configuracion.empresa_uuid!,
    tableSupabase: elegido.configuracion.table_supabase!,
    webhookN8n: elegido.configuracion.webhook_n8n ?? null,
    mismoCanal: canalElegido === canal,
  };
}

/** The minute cap a new calls campaign gets (§7, §9). */
export const MINUTOS_TOPE_CAMPANA = 100;

/** True when the instance still needs provisioning (a retry is offered). */
export function aprovisionamientoPendiente(i: Pick<InstanciaServicio, 'tipoServicio' | 'configuracion'>): boolean {
  const estado = i.configuracion?.aprovisionamiento;
  return estado === 'incompleto' || estado === 'pendiente';
}
