/**
 * Applying service changes to a project (part 2 §5, §7, §8): which requested services are added, with which
 * instance names, which existing bot company a new instance reuses, and when deleting an instance
 * deactivates its company. Pure rules; the api layer runs them.
 */
import { canalDeTipoServicio, type CanalBot } from './bot-tablas';

export interface ConfiguracionInstancia {
  empresa_uuid?: string;
  table_supabase?: string;
  webhook_n8n?: string;
  status?: boolean;
  empresas_whatsapp_ids?: string[];
  empresa_whatsapp_id?: string;
  empresas_adicionales?: string[];
  empresa_principal?: string;
  reutiliza_empresa_existente?: boolean;
  comparte_tabla_con?: string;
  tabla_independiente?: boolean;
  campana_id?: number;
  campana_nombre?: string;
  minutos_tope?: number;
  /** Provisioning state (beyond the original): 'completo', or 'incompleto' with the reason. */
  aprovisionamiento?: 'pendiente' | 'completo' | 'incompleto';
  error_aprovisionamiento?: string;
  /** What the failing step answered (e.g. 'Error HTTP: 500'), shown under the §8 message. */
  error_detalle?: string;
  /** Steps already done, so a retry continues where it stopped. */
  tabla_creada?: boolean;
  /** SQL for manual execution when the table could not be created (WordPress, Shopify). */
  sql_manual?: string;
  [clave: string]: unknown;
}

export interface InstanciaServicio {
  id: string;
  proyecto_id: string;
  empresa_id: string | null;
  tipo_servicio: string;
  nombre_instancia: string;
  estado: string;
  categoria: string | null;
  configuracion: ConfiguracionInstancia;
  created_at: string;
  updated_at?: string;
}

export interface ServicioPedido {
  tipo: string;
  nombre_instancia: string;
  /** WhatsApp only: an existing WhatsApp company (empresas_whatsapp.uuid) to reuse. */
  empresa_whatsapp_uuid?: string | null;
}

export interface PlanServicios {
  agregar: Array<ServicioPedido & { nombre_instancia: string }>;
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
export function planificarServicios(existentes: readonly Pick<InstanciaServicio, 'tipo_servicio' | 'nombre_instancia'>[], pedidos: readonly ServicioPedido[]): PlanServicios {
  const tipos = new Set(existentes.map((e) => e.tipo_servicio));
  const nombres = new Set(existentes.map((e) => e.nombre_instancia.trim().toLowerCase()));
  const plan: PlanServicios = { agregar: [], omitidos: [] };
  for (const p of pedidos) {
    if (tipos.has(p.tipo)) {
      plan.omitidos.push(p.tipo);
      continue;
    }
    tipos.add(p.tipo);
    const nombre = nombreUnico(p.nombre_instancia, nombres);
    nombres.add(nombre.toLowerCase());
    plan.agregar.push({ ...p, nombre_instancia: nombre });
  }
  return plan;
}

/** The channels whose new instance may reuse an existing company and its table (§7). */
export const CANALES_REUTILIZABLES: readonly CanalBot[] = ['whatsapp', 'shopify', 'duda'];

/** The order in which existing companies are checked for reuse: WhatsApp, Shopify, Duda, then any other bot. */
export const ORDEN_REUTILIZACION: readonly string[] = ['whatsapp', 'bot_shopify', 'bot_duda'];

export interface EmpresaReutilizable {
  canal: CanalBot;
  empresa_uuid: string;
  table_supabase: string;
  webhook_n8n: string | null;
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
  existentes: readonly Pick<InstanciaServicio, 'tipo_servicio' | 'configuracion' | 'created_at'>[],
  elegidaWhatsapp?: { uuid: string; table_supabase: string; webhook_n8n: string | null } | null,
): EmpresaReutilizable | null {
  const canal = canalDeTipoServicio(tipo);
  if (!canal || !CANALES_REUTILIZABLES.includes(canal)) return null;
  if (canal === 'whatsapp' && elegidaWhatsapp) {
    return { canal: 'whatsapp', empresa_uuid: elegidaWhatsapp.uuid, table_supabase: elegidaWhatsapp.table_supabase, webhook_n8n: elegidaWhatsapp.webhook_n8n, mismoCanal: true };
  }
  const candidatos = existentes
    .filter((e) => canalDeTipoServicio(e.tipo_servicio) && e.configuracion?.empresa_uuid && e.configuracion?.table_supabase && e.configuracion?.tabla_creada !== false)
    .sort((a, b) => rango(a.tipo_servicio) - rango(b.tipo_servicio) || a.created_at.localeCompare(b.created_at));
  const elegido = candidatos[0];
  if (!elegido) return null;
  const canalElegido = canalDeTipoServicio(elegido.tipo_servicio)!;
  return {
    canal: canalElegido,
    empresa_uuid: elegido.configuracion.empresa_uuid!,
    table_supabase: elegido.configuracion.table_supabase!,
    webhook_n8n: elegido.configuracion.webhook_n8n ?? null,
    mismoCanal: canalElegido === canal,
  };
}

/** The minute cap a new calls campaign gets (§7, §9). */
export const MINUTOS_TOPE_CAMPANA = 100;

/** True when the instance still needs provisioning (a retry is offered). */
export function aprovisionamientoPendiente(i: Pick<InstanciaServicio, 'tipo_servicio' | 'configuracion'>): boolean {
  const estado = i.configuracion?.aprovisionamiento;
  return estado === 'incompleto' || estado === 'pendiente';
}
