import type { z } from 'zod';
import type { registroMarketingSchema, resultadoAnalisisSchema, resultadoGuardadoSchema } from './formas';
import { marketing as t } from "./texts";

/** One row of agente_marketing as the screens see it. */
export type RegistroMarketing = z.infer<typeof registroMarketingSchema>;

/** What an analysis gives back to the screen (before it is saved). */
export type ResultadoAnalisis = z.infer<typeof resultadoAnalisisSchema>;

export type ResultadoGuardado = z.infer<typeof resultadoGuardadoSchema>;

/** URL of the scraping tab: non-empty and absolute http(s). Returns the message, or null when valid. */
export function problemaUrl(value: string): string | null {
  const v = value.trim();
  if (!v) return t.urlVacia;
  try {
    const url = new URL(v);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return t.urlInvalida;
    if (!url.hostname) return t.urlInvalida;
    return null;
  } catch {
    return t.urlInvalida;
  }
}
