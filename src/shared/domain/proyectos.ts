/** Projects: statuses, labels, the badge progress and the weighted progress (part 2 §4, §9). */
import { proyectos as t } from '../i18n/areas/gestion';
import { bots as textosBots } from '../i18n/areas/bots';
import type { CanalBot } from './bot-tablas';

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

/** Weights of a service's status in the estimated progress (§4 'Metrics progress'). */
export const PESO_ESTADO_SERVICIO: Readonly<Record<string, number>> = { completado: 100, en_proceso: 75, activo: 50 };

/**
 * Estimated progress (§4): completado 100, cancelado 0; otherwise the rounded average over the project's
 * services weighted completado 100, en_proceso 75, activo 50, others 0; 0 without services.
 * The SQL functions (reporte_proyecto, metricas_dashboard) compute the same; a test keeps them equal.
 */
export function progresoEstimado(estado: string, estadosServicios: readonly string[]): number {
  if (estado === 'completado') return 100;
  if (estado === 'cancelado') return 0;
  if (estadosServicios.length === 0) return 0;
  const suma = estadosServicios.reduce((acc, e) => acc + (PESO_ESTADO_SERVICIO[e] ?? 0), 0);
  // PostgreSQL round() rounds half away from zero; Math.round rounds half up: equal for non-negative values.
  return Math.round(suma / estadosServicios.length);
}

/** Instances of a project grouped by type, for the table (§2). */
export function agruparPorTipo<T extends { tipo_servicio: string }>(instancias: readonly T[]): Array<{ tipo: string; instancias: T[] }> {
  const grupos = new Map<string, T[]>();
  for (const i of instancias) {
    const lista = grupos.get(i.tipo_servicio) ?? [];
    lista.push(i);
    grupos.set(i.tipo_servicio, lista);
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

export interface ProyectoResumen {
  id: string;
  nombre: string;
  descripcion: string | null;
  plan_id: string | null;
  empresa_id: string | null;
  estado: string;
  fecha_inicio: string | null;
  fecha_fin: string | null;
  created_at: string;
  updated_at: string;
  plan_title: string | null;
  plan_description: string | null;
  plan_cost: number | null;
  empresa_nombre: string | null;
  instancias: import('./provision').InstanciaServicio[];
}

export interface CambioEstado {
  fecha: string;
  estado_anterior: string | null;
  estado_nuevo: string;
  usuario_id: string | null;
  usuario: string | null;
}

export interface Hito {
  fecha: string;
  descripcion: string | null;
  tipo: 'deadline' | 'review';
}

/** The report aggregate of part 2 §3. */
export interface ReporteProyecto {
  proyecto_id: string;
  servicios_por_estado: Record<string, number>;
  servicios_por_categoria: Record<string, number>;
  historial: CambioEstado[];
  dias_vida: number;
  progreso: number;
  hitos: Hito[];
}

/** The result of applying service changes or retrying provisioning (a job's result). */
export interface ResultadoAprovisionamiento {
  /** error: the §8 message; detalle: what the failing step answered (e.g. 'Error HTTP: 500'). */
  agregados: Array<{ id: string; nombre_instancia: string; tipo_servicio: string; completo: boolean; error?: string; detalle?: string; aviso?: string }>;
  omitidos: string[];
}

// ---------------------------------------------------------------------------------------------------
// Deleting what is in use (issue 12): what depends on a plan, a client company or a project.

/** A bot company that depends on the record; for a project, `desactivar` says whether deleting it deactivates the company. */
export interface EmpresaBotDependiente {
  canal: CanalBot;
  uuid: string;
  name: string;
  table_supabase: string;
  status: boolean;
  webhook: boolean;
  desactivar: boolean;
}

export interface DependenciasEliminacion {
  tipo: 'plan' | 'empresa' | 'proyecto';
  nombre: string;
  /** Plan, client company: the projects that use it. */
  proyectos: Array<{ id: string; nombre: string }>;
  /** Plan: its linked WordPress companies (the links go, the companies stay). */
  empresas_wordpress: Array<{ uuid: string; name: string; table_supabase: string }>;
  /** Client company: its bot companies; project: the bot companies of its services. */
  empresas_bot: EmpresaBotDependiente[];
  /** Project: its services. */
  servicios: Array<{ id: string; nombre_instancia: string; tipo_servicio: string }>;
  /** Project: its calls campaigns (kept). */
  campanas: Array<{ id: number; nombre: string }>;
  /** Client company: it has portal credentials (its portal goes with it). */
  portal: boolean;
}

export interface ResultadoEliminarProyecto {
  id: string;
  /** The bot companies deactivated because only this project used them. */
  empresas_desactivadas: Array<{ tipo_servicio: string; empresa_uuid: string }>;
}

/** One line of the delete dialog: what happens, and to which records. */
export interface Consecuencia {
  texto: string;
  elementos: string[];
}

/** What the delete dialog says will happen, in the order a person reads it. Empty when nothing depends on it. */
export function consecuenciasEliminacion(d: DependenciasEliminacion): Consecuencia[] {
  const e = t.eliminacion;
  const bot = (b: EmpresaBotDependiente) => e.empresaBot(b.name, textosBots.canales[b.canal], b.table_supabase);
  const out: Consecuencia[] = [];
  const agregar = (n: number, texto: (n: number) => string, elementos: string[]) => {
    if (n > 0) out.push({ texto: texto(n), elementos });
  };
  if (d.tipo === 'plan') {
    agregar(d.proyectos.length, e.planProyectos, d.proyectos.map((p) => p.nombre));
    agregar(d.empresas_wordpress.length, e.planEmpresasWordpress, d.empresas_wordpress.map((w) => e.empresaWordpress(w.name, w.table_supabase)));
  } else if (d.tipo === 'empresa') {
    agregar(d.proyectos.length, e.empresaProyectos, d.proyectos.map((p) => p.nombre));
    agregar(d.empresas_bot.length, e.empresaBots, d.empresas_bot.map(bot));
    if (d.portal) out.push({ texto: e.empresaPortal, elementos: [] });
  } else {
    agregar(d.servicios.length, e.proyectoServicios, d.servicios.map((s) => e.servicio(s.nombre_instancia, etiquetaTipoServicio(s.tipo_servicio))));
    const desactivar = d.empresas_bot.filter((b) => b.desactivar);
    const conservar = d.empresas_bot.filter((b) => !b.desactivar);
    agregar(desactivar.length, e.proyectoDesactivar, desactivar.map(bot));
    agregar(conservar.length, e.proyectoConservar, conservar.map(bot));
    agregar(d.campanas.length, e.proyectoCampanas, d.campanas.map((c) => c.nombre));
  }
  return out;
}

export interface EmpresaWhatsappOpcion {
  uuid: string;
  name: string;
  table_supabase: string;
  webhook_n8n: string | null;
}
