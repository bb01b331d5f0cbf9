/**
 * What the batch screens (panel, details, confirmation, 'No llamar' list) read, typed from the contract's
 * answers, and the few screen rules they share.
 */
import type { Contract, OutputOf } from '../../../shared/contract';

type Salida<O extends keyof Contract['llamadas']> = OutputOf<Contract['llamadas'][O]>;

export type Lote = Salida<'estadoLote'>;
export type LoteResumen = Salida<'lotes'>[number];
export type IntentoLote = Salida<'intentosLote'>[number];
export type FilaNoLlamar = Salida<'noLlamarListar'>['filas'][number];

/** A batch that still has work ahead (the api's runner follows it). */
export const ACTIVOS: readonly string[] = ['programado', 'en_curso', 'pausado', 'esperando_horario'];
export const esActivo = (estado: string) => ACTIVOS.includes(estado);
/** What may be paused, resumed, cancelled. */
export const sePuedePausar = (estado: string) => estado === 'en_curso' || estado === 'esperando_horario' || estado === 'programado';
export const sePuedeReanudar = (estado: string) => estado === 'pausado' || estado === 'interrumpido';
export const sePuedeCancelar = (estado: string) => esActivo(estado) || estado === 'interrumpido';

export const COLOR_ESTADO_LOTE: Record<string, string> = {
  programado: 'grape',
  en_curso: 'blue',
  pausado: 'yellow',
  esperando_horario: 'cyan',
  cancelado: 'orange',
  terminado: 'green',
  interrumpido: 'red',
};

export const COLOR_ESTADO_CLIENTE: Record<string, string> = {
  pendiente: 'gray',
  en_curso: 'blue',
  exitosa: 'green',
  fallida: 'red',
  omitida: 'orange',
  sin_confirmacion: 'yellow',
  reintento: 'cyan',
};

/** Phones per import request: the list is sent in parts so the screen can show progress. */
export const TELEFONOS_POR_ENVIO = 5_000;
/** The most phones one CSV may bring (the api's own limit per request). */
export const MAX_TELEFONOS_CSV = 50_000;
