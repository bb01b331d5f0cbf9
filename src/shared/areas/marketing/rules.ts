/** Marketing agent records and the URL rule (part 3 §3, §5). */
import { es } from '../../i18n/es';
import type { PropuestaSitio } from './propuesta';

/** One row of agente_marketing as the screens see it. */
export interface RegistroMarketing {
  id: number;
  createdAt: string;
  nombreArchivoUrl: string;
  nombrePersona: string | null;
  dominioExtraido: string;
  contenido: string | null;
  archivoStoragePath: string | null;
  archivoOriginalName: string | null;
}

/** What an analysis gives back to the screen (before it is saved). */
export type ResultadoAnalisis =
  | { tipo: 'propuesta'; propuesta: PropuestaSitio; contenido: string; dominio: string; mensaje: string }
  | { tipo: 'texto'; texto: string; contenido: string; dominio: string; mensaje: string };

export interface ResultadoGuardado {
  registro: RegistroMarketing;
  /** False when the record was kept without its file because the upload failed. */
  archivoGuardado: boolean;
  mensaje: string;
}

/** URL of the scraping tab: non-empty and absolute http(s). Returns the message, or null when valid. */
export function problemaUrl(value: string): string | null {
  const v = value.trim();
  if (!v) return es.marketing.urlVacia;
  try {
    const url = new URL(v);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return es.marketing.urlInvalida;
    if (!url.hostname) return es.marketing.urlInvalida;
    return null;
  } catch {
    return es.marketing.urlInvalida;
  }
}
