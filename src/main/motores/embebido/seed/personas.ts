/**
 * The people of the demo: first names, surnames, the companies and positions of call clients, e-mail domains
 * (datos/personas.json; a domain listed twice is drawn twice as often).
 */
import personas from './datos/personas.json';

export const NOMBRES: readonly string[] = personas.nombres;
export const APELLIDOS: readonly string[] = personas.apellidos;
export const EMPRESAS_CLIENTES: readonly string[] = personas.empresas;
export const CARGOS: readonly string[] = personas.cargos;
export const DOMINIOS: readonly string[] = personas.dominios;

/** Lower-case ASCII with '_' between words, as e-mail addresses are made from names. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}
