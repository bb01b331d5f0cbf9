/**
 * The vocabulary of call outcomes (issue 23 §2): what voice platforms write as a call's status (`done`,
 * `completed`, `exitosa`, `no-answer`, `voicemail`, `opt_out`…), each word's class and Spanish label, and each
 * class's client badge (part 1 §4) and batch retry class. Its home is SQL — the tables `llamadas_vocabulario`
 * and `llamadas_clases` (20261129000200_vocabulario_llamadas.sql), which the tiles, the Resumen's "status Done"
 * and the batches' retries read there, also where n8n writes the tables itself — and this is their mirror for
 * the badge and the labels the screens draw. tests/integration/vocabulario-llamadas.test.ts checks that this
 * table and the SQL one hold exactly the same rows, on both databases.
 *
 * A word the vocabulary does not know keeps the specification's rule: badge 'En proceso', the label as stored,
 * never retried.
 */
import { llamadas as t } from './texts';

export type InsigniaCliente = 'atendido' | 'fallido' | 'pendiente' | 'en_proceso';
export type ClaseReintento = 'no_contesta' | 'ocupado' | 'fallida' | 'opt_out';

/** Each class: the client badge it gives, and the class a campaign's retry policy names (or opt_out). */
export const CLASES_LLAMADA = {
  completada: { insignia: 'atendido', reintento: null },
  opt_out: { insignia: 'atendido', reintento: 'opt_out' },
  fallida: { insignia: 'fallido', reintento: 'fallida' },
  cancelada: { insignia: 'fallido', reintento: null },
  no_contesta: { insignia: 'fallido', reintento: 'no_contesta' },
  ocupado: { insignia: 'fallido', reintento: 'ocupado' },
  pendiente: { insignia: 'pendiente', reintento: null },
  en_curso: { insignia: 'en_proceso', reintento: null },
} as const satisfies Record<string, { insignia: InsigniaCliente; reintento: ClaseReintento | null }>;
export type ClaseLlamada = keyof typeof CLASES_LLAMADA;

const e = t.estadoLlamada;

/** Word (as palabraEstado reads it) → [class, label]. */
export const VOCABULARIO_LLAMADAS: Readonly<Record<string, readonly [ClaseLlamada, string]>> = {
  done: ['completada', e.completada],
  completed: ['completada', e.completada],
  complete: ['completada', e.completada],
  completada: ['completada', e.completada],
  completado: ['completada', e.completada],
  finished: ['completada', e.completada],
  finalizada: ['completada', e.completada],
  success: ['completada', e.exitosa],
  successful: ['completada', e.exitosa],
  exitosa: ['completada', e.exitosa],
  exitoso: ['completada', e.exitosa],
  answered: ['completada', e.atendida],
  atendido: ['completada', e.atendida],
  atendida: ['completada', e.atendida],
  contestada: ['completada', e.atendida],
  contestado: ['completada', e.atendida],
  'opt out': ['opt_out', e.pidioNoLlamar],
  optout: ['opt_out', e.pidioNoLlamar],
  'no llamar': ['opt_out', e.pidioNoLlamar],
  baja: ['opt_out', e.pidioNoLlamar],
  'dar de baja': ['opt_out', e.pidioNoLlamar],
  unsubscribe: ['opt_out', e.pidioNoLlamar],
  unsubscribed: ['opt_out', e.pidioNoLlamar],
  'do not call': ['opt_out', e.pidioNoLlamar],
  dnc: ['opt_out', e.pidioNoLlamar],
  'no volver a llamar': ['opt_out', e.pidioNoLlamar],
  failed: ['fallida', e.fallida],
  failure: ['fallida', e.fallida],
  fail: ['fallida', e.fallida],
  fallida: ['fallida', e.fallida],
  fallido: ['fallida', e.fallida],
  error: ['fallida', e.error],
  canceled: ['cancelada', e.cancelada],
  cancelled: ['cancelada', e.cancelada],
  cancelada: ['cancelada', e.cancelada],
  'no answer': ['no_contesta', e.sinRespuesta],
  noanswer: ['no_contesta', e.sinRespuesta],
  unanswered: ['no_contesta', e.sinRespuesta],
  'not answered': ['no_contesta', e.sinRespuesta],
  'no response': ['no_contesta', e.sinRespuesta],
  'sin respuesta': ['no_contesta', e.sinRespuesta],
  'no contesta': ['no_contesta', e.noContesta],
  'no contesto': ['no_contesta', e.noContesta],
  'no responde': ['no_contesta', e.noContesta],
  'no atendida': ['no_contesta', e.noContesta],
  'no atiende': ['no_contesta', e.noContesta],
  voicemail: ['no_contesta', e.buzon],
  buzon: ['no_contesta', e.buzon],
  'buzon de voz': ['no_contesta', e.buzon],
  busy: ['ocupado', e.ocupado],
  'user busy': ['ocupado', e.ocupado],
  ocupado: ['ocupado', e.ocupado],
  'linea ocupada': ['ocupado', e.ocupado],
  pending: ['pendiente', e.pendiente],
  pendiente: ['pendiente', e.pendiente],
  queued: ['pendiente', e.enCola],
  'en cola': ['pendiente', e.enCola],
  scheduled: ['pendiente', e.programada],
  programada: ['pendiente', e.programada],
  'in progress': ['en_curso', e.enCurso],
  inprogress: ['en_curso', e.enCurso],
  ongoing: ['en_curso', e.enCurso],
  active: ['en_curso', e.enCurso],
  'en curso': ['en_curso', e.enCurso],
  'en proceso': ['en_curso', e.enCurso],
  initiated: ['en_curso', e.iniciada],
  iniciada: ['en_curso', e.iniciada],
  started: ['en_curso', e.iniciada],
  ringing: ['en_curso', e.sonando],
  // What the company portal's summary calls a call without status (portal_campana): like any blank status.
  'sin estado': ['en_curso', e.sinEstado],
};

const ACENTOS: Record<string, string> = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u', ü: 'u', ñ: 'n', _: ' ', '-': ' ' };

/** A status as the vocabulary reads it (as public.llamadas_palabra): 'No_Answer' → 'no answer', 'Buzón' → 'buzon'. */
export function palabraEstado(status: string | null | undefined): string {
  return (status ?? '')
    .toLowerCase()
    .replace(/[áéíóúüñ_-]/g, (c) => ACENTOS[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The entry of a status in the vocabulary, or null for a word it does not know (or a blank status). */
export function entradaVocabulario(status: string | null | undefined): { clase: ClaseLlamada; etiqueta: string } | null {
  const palabra = palabraEstado(status);
  const entrada = Object.prototype.hasOwnProperty.call(VOCABULARIO_LLAMADAS, palabra) ? VOCABULARIO_LLAMADAS[palabra] : undefined;
  return entrada ? { clase: entrada[0], etiqueta: entrada[1] } : null;
}

/** The client badge a status gives (unknown words: 'en_proceso', as the specification says of any other status). */
export function insigniaDeEstado(status: string | null | undefined): InsigniaCliente {
  const entrada = entradaVocabulario(status);
  return entrada ? CLASES_LLAMADA[entrada.clase].insignia : 'en_proceso';
}
