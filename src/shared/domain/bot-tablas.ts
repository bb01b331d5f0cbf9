/**
 * Message-table names of the bot companies (part 3 §5, §9), shared by the bot channels and the projects
 * provisioning. Pure rules: no I/O.
 */
import { proyectos as textosProyectos } from '../areas/proyectos/texts';

export const CANALES_BOT = ['duda', 'shopify', 'wordpress', 'whatsapp'] as const;
export type CanalBot = (typeof CANALES_BOT)[number];

/** The suffix each channel appends to the suggested table name. */
export const SUFIJOS_TABLA: Readonly<Record<CanalBot, string>> = {
  duda: '_registro_bot_duda',
  shopify: '_registro_bot_shopify',
  wordpress: '_registro_bot_wordpress',
  whatsapp: '_registro_whatsapp',
};

/** PostgreSQL identifiers are at most 63 bytes; a longer name would be silently cut. */
export const LARGO_MAXIMO_TABLA = 63;

export const MENSAJES_TABLA = {
  soloLetras: 'El nombre de la tabla solo puede contener letras, números y guiones bajos',
  empiezaConLetra: 'El nombre de la tabla debe empezar con una letra',
  demasiadoLarga: `El nombre de la tabla puede tener como máximo ${LARGO_MAXIMO_TABLA} caracteres`,
} as const;

/**
 * §5: lowercase, anything outside a-z and 0-9 becomes '_', repeated '_' collapse, leading and trailing '_'
 * are stripped, then the channel's suffix. An empty name (or one with no usable character) gives ''.
 * Accents are not letters a-z: 'Café Origen' → 'caf_origen_…', exactly as the original screens did.
 */
export function sugerirNombreTabla(nombre: string, canal: CanalBot): string {
  const base = nombre
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!base) return '';
  const sufijo = SUFIJOS_TABLA[canal];
  // Keep the suffix whole: cut the base so the full name fits in an identifier.
  const cabe = LARGO_MAXIMO_TABLA - sufijo.length;
  const recortada = base.length > cabe ? base.slice(0, cabe).replace(/_+$/g, '') : base;
  return `${recortada}${sufijo}`;
}

/** What is stored: trimmed and lowercased (the database accepts only lowercase names). */
export function normalizarNombreTabla(tabla: string): string {
  return tabla.trim().toLowerCase();
}

/**
 * The error text for a table name, or null when it is valid. Checks the normalised name; an empty name is
 * the form's 'Por favor, completa todos los campos' and is reported as null here.
 */
export function validarNombreTabla(tabla: string): string | null {
  const t = normalizarNombreTabla(tabla);
  if (t === '') return null;
  if (!/^[a-z0-9_]+$/.test(t)) return MENSAJES_TABLA.soloLetras;
  if (!/^[a-z]/.test(t)) return MENSAJES_TABLA.empiezaConLetra;
  if (t.length > LARGO_MAXIMO_TABLA) return MENSAJES_TABLA.demasiadoLarga;
  return null;
}

/**
 * A name create_message_table accepts (its SQL rule in 20261128000400_integridad_bots.sql): a lowercase
 * identifier ending in a channel's suffix. Every message table the console makes has one, so backups recreate
 * these tables and the move to a hosted project creates them there.
 */
export function esNombreTablaMensajes(tabla: string): boolean {
  return (
    /^[a-z][a-z0-9_]*$/.test(tabla) &&
    tabla.length <= LARGO_MAXIMO_TABLA &&
    Object.values(SUFIJOS_TABLA).some((sufijo) => tabla.endsWith(sufijo))
  );
}

/** The table as §7 describes it, for the manual instructions when automatic creation fails. */
export function sqlCrearTablaMensajes(tabla: string): string {
  const t = normalizarNombreTabla(tabla);
  return [
    `CREATE TABLE IF NOT EXISTS public."${t.replace(/"/g, '""')}" (`,
    '  id SERIAL PRIMARY KEY,',
    '  session_id VARCHAR(255) NOT NULL,',
    '  message JSONB NOT NULL,',
    '  created_at TIMESTAMP DEFAULT NOW()',
    ');',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------
// Provisioning from a project (part 2 §5, §7): service types, flows, table-failure rules, instance names.

/** The table holding the channel's bot companies. WhatsApp is keyed by id (uuid optional), the rest by uuid. */
export const TABLA_EMPRESAS_BOT: Readonly<
  Record<CanalBot, 'empresas_wordpress_bots' | 'empresas_shopify_bots' | 'empresas_bot_duda' | 'empresas_whatsapp'>
> = {
  duda: 'empresas_bot_duda',
  shopify: 'empresas_shopify_bots',
  wordpress: 'empresas_wordpress_bots',
  whatsapp: 'empresas_whatsapp',
};

/** Which flow-creation webhook builds the channel's workflow: one for WordPress/Shopify/Duda, another for WhatsApp. */
export const WEBHOOK_FLUJO: Readonly<Record<CanalBot, 'flujoBots' | 'flujoWhatsapp'>> = {
  duda: 'flujoBots',
  shopify: 'flujoBots',
  wordpress: 'flujoBots',
  whatsapp: 'flujoWhatsapp',
};

/** The workflow name sent to the automation platform (part 2 §7, part 3 §7). */
export function nombreFlujo(canal: CanalBot, nombre: string): string {
  switch (canal) {
    case 'wordpress':
      return `Wordpress Flow - ${nombre}`;
    case 'whatsapp':
      return `WhatsApp Flow - ${nombre}`;
    case 'shopify':
      return `shopify Flow - ${nombre}`;
    case 'duda':
      return `Duda Flow - ${nombre}`;
  }
}

/**
 * When creating the message table fails: WordPress and Shopify log the SQL for manual execution and go on
 * with the flow; Duda and WhatsApp abort (part 2 §7, part 3 §7).
 */
export function fallaTablaAborta(canal: CanalBot): boolean {
  return canal === 'duda' || canal === 'whatsapp';
}

/** The channel of a service type, or null for calls and other services. */
export function canalDeTipoServicio(tipo: string): CanalBot | null {
  switch (tipo) {
    case 'bot_wordpress':
      return 'wordpress';
    case 'bot_shopify':
      return 'shopify';
    case 'bot_duda':
      return 'duda';
    case 'whatsapp':
      return 'whatsapp';
    default:
      return null;
  }
}

/**
 * The message table for a new company: the suggested name (a 't_' prefix when it would not start with a
 * letter, as create_message_table requires), made unique against `ocupados` with _2, _3 … before the
 * channel suffix so it still ends with it. '' when the name has no usable character.
 */
export function nombreTablaLibre(nombre: string, canal: CanalBot, ocupados: ReadonlySet<string>): string {
  const sugerida = sugerirNombreTabla(nombre, canal);
  if (!sugerida) return '';
  const sufijo = SUFIJOS_TABLA[canal];
  let base = sugerida.slice(0, -sufijo.length);
  if (!/^[a-z]/.test(base)) base = `t_${base}`;
  const armar = (extra: string) => {
    const cabe = LARGO_MAXIMO_TABLA - sufijo.length - extra.length;
    return `${base.length > cabe ? base.slice(0, cabe).replace(/_+$/g, '') : base}${extra}${sufijo}`;
  };
  let candidato = armar('');
  for (let n = 2; ocupados.has(candidato); n += 1) candidato = armar(`_${n}`);
  return candidato;
}

const CARACTERES_PROHIBIDOS = /[<>:"/\\|?*]/;

/**
 * Instance-name validation (part 2 §5), by service type. Returns the Spanish message shown under
 * 'Error de Validación', or null when valid.
 */
export function validarNombreInstancia(tipo: string, nombre: string): string | null {
  const limpio = nombre.trim();
  if (!limpio) return textosProyectos.nombreInstanciaObligatorio;
  if (tipo === 'llamadas') return limpio.length < 5 ? textosProyectos.nombreCampanaInvalido : null;
  if (canalDeTipoServicio(tipo) && (limpio.length < 5 || CARACTERES_PROHIBIDOS.test(limpio))) {
    return textosProyectos.nombreInstanciaInvalido;
  }
  return null;
}

/** The agent webhook stored for a company: {automation host}/webhook/{uuid}, from the configured base. */
export function webhookAgente(base: string, uuid: string): string {
  return `${base.replace(/\/+$/, '')}/${uuid}`;
}

/** Without a configured base: the flow-creation address's origin + '/webhook' ({automation host}/webhook). */
export function baseAgentesDesde(urlFlujo: string): string | null {
  try {
    return `${new URL(urlFlujo).origin}/webhook`;
  } catch {
    return null;
  }
}
