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

/**
 * Each class and label with the words that give them, as palabraEstado reads them (one row of SQL's table a
 * word). Grouped by what they mean, so a new synonym goes beside its kin.
 */
const PALABRAS_POR_ESTADO: readonly (readonly [ClaseLlamada, string, readonly string[]])[] = [
  ['completada', e.completada, ['done', 'completed', 'complete', 'completada', 'completado', 'finished', 'finalizada']],
  ['completada', e.exitosa, ['success', 'successful', 'exitosa', 'exitoso']],
  ['completada', e.atendida, ['answered', 'atendido', 'atendida', 'contestada', 'contestado']],
  ['opt_out', e.pidioNoLlamar, ['opt out', 'optout', 'no llamar', 'baja', 'dar de baja', 'unsubscribe', 'unsubscribed', 'do not call', 'dnc', 'no volver a llamar']],
  ['fallida', e.fallida, ['failed', 'failure', 'fail', 'fallida', 'fallido']],
  ['fallida', e.error, ['error']],
  ['cancelada', e.cancelada, ['canceled', 'cancelled', 'cancelada']],
  ['no_contesta', e.sinRespuesta, ['no answer', 'noanswer', 'unanswered', 'not answered', 'no response', 'sin respuesta']],
  ['no_contesta', e.noContesta, ['no contesta', 'no contesto', 'no responde', 'no atendida', 'no atiende']],
  ['no_contesta', e.buzon, ['voicemail', 'buzon', 'buzon de voz']],
  ['ocupado', e.ocupado, ['busy', 'user busy', 'ocupado', 'linea ocupada']],
  ['pendiente', e.pendiente, ['pending', 'pendiente']],
  ['pendiente', e.enCola, ['queued', 'en cola']],
  ['pendiente', e.programada, ['scheduled', 'programada']],
  ['en_curso', e.enCurso, ['in progress', 'inprogress', 'ongoing', 'active', 'en curso', 'en proceso']],
  ['en_curso', e.iniciada, ['initiated', 'iniciada', 'started']],
  ['en_curso', e.sonando, ['ringing']],
  // What the company portal's summary calls a call without status (portal_campana): like any blank status.
  ['en_curso', e.sinEstado, ['sin estado']],
];

/** Word (as palabraEstado reads it) → [class, label]. */
export const VOCABULARIO_LLAMADAS: Readonly<Record<string, readonly [ClaseLlamada, string]>> = Object.fromEntries(
  PALABRAS_POR_ESTADO.flatMap(([clase, etiqueta, palabras]) => palabras.map((palabra) => [palabra, [clase, etiqueta] as const])),
);

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
