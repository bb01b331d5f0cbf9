/** Marketing agent records and the URL rule (part 3 §3, §5). */
import { es } from '../../i18n/es';
import type { z } from 'zod';
import type { registroMarketingSchema, resultadoAnalisisSchema, resultadoGuardadoSchema } from './formas';

/** One row of agente_marketing as the screens see it. */
export type RegistroMarketing = z.infer<typeof registroMarketingSchema>;

/** What an analysis gives back to the screen (before it is saved). */
export type ResultadoAnalisis = z.infer<typeof resultadoAnalisisSchema>;

export type ResultadoGuardado = z.infer<typeof resultadoGuardadoSchema>;

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
