/** Projects: statuses, labels, the badge progress and the weighted progress (part 2 §4, §9). */
import { proyectos as t } from '../i18n/areas/gestion';

export const ESTADOS_PROYECTO = ['activo', 'inactivo', 'en_proceso', 'completado', 'cancelado', 'pausado'] as const;
export type EstadoProyecto = (typeof ESTADOS_PROYECTO)[number];

/** The project form offers only these four (§4). */
export const ESTADOS_FORMULARIO = ['activo', 'inactivo', 'en_proceso', 'completado'] as const;

export const ESTADOS_SERVICIO = ['activo', 'inactivo', 'en_proceso', 'completado', 'mantenimiento', 'error'] as const;
export type EstadoServicio = (typeof ESTADOS_SERVICIO)[number];

export const TIPOS_SERVICIO = ['bot_wordpress', 'bot_shopify', 'bot_duda', 'whatsapp', 'llamadas'] as const;

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

/** A review milestone falls 7 days after the creation of an in-process service (§9). */
export const DIAS_HITO_REVISION = 7;

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
  agregados: Array<{ id: string; nombre_instancia: string; tipo_servicio: string; completo: boolean; error?: string; aviso?: string }>;
  omitidos: string[];
}

export interface EmpresaWhatsappOpcion {
  uuid: string;
  name: string;
  table_supabase: string;
  webhook_n8n: string | null;
}
