/**
 * Message-table names of the bot companies (part 3 §5, §9), shared by the bot channels and the projects
 * provisioning. Pure rules: no I/O.
 */

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

/** True when create_message_table accepts the name (valid and ending in one of the four suffixes). */
export function tablaCreablePorFuncion(tabla: string): boolean {
  const t = normalizarNombreTabla(tabla);
  return validarNombreTabla(t) === null && t !== '' && Object.values(SUFIJOS_TABLA).some((s) => t.endsWith(s) && t.length > s.length);
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
