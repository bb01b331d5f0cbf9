/** Types of the outbound call-campaign area (part 1 §3, part 2 §3). Ids are bigint in SQL: numbers here. */
import type { DatosCliente } from './cliente';
export type EstadoTope = 'ok' | 'cerca' | 'excedido';

export interface Campana {
  id: number;
  nombre: string;
  /** The call-minute cap; 0 = no cap. */
  minutos: number;
  minutosConsumidos: number;
  costoTotal: number;
  estadoTope: EstadoTope;
}

/** A client: the client row's columns (cliente.ts) with its id, campaign and 'No llamar' flag. */
export type Cliente = DatosCliente & {
  id: number;
  campanaId: number;
  noLlamar: boolean;
};

export type ClienteFila = Cliente & {
  /** Status (or resultado) of the latest call of the phone in the campaign; null = no calls. */
  ultimoEstado: string | null;
  ultimaLlamada: string | null;
  llamadas: number;
};

export interface ClientesPagina {
  total: number;
  pagina: number;
  porPagina: number;
  filas: ClienteFila[];
}

export interface EstadisticasCampana {
  campanaId: number;
  minutos: number;
  totalClientes: number;
  atendidos: number;
  pendientes: number;
  conLlamadas: number;
  noLlamar: number;
  totalLlamadas: number;
  llamadasDone: number;
  segundos: number;
  minutosConsumidos: number;
  costoTotal: number;
  estadoTope: EstadoTope;
}

export interface ConfiguracionLlamadas {
  id: number;
  campanaId: number;
  agentid: string;
  agentphonenumberid: string;
  prompt: string;
  /** Calling window, 'HH:MM' in zonaHoraria. */
  horaInicio: string;
  horaFin: string;
  zonaHoraria: string;
  /** Bulk calls at once: 1 (one after another) to 5. */
  maxSimultaneas: number;
}

/**
 * The outcome of one call attempt. 'sin_confirmacion': the request went out but the platform did not answer
 * in time (or the run was cancelled while waiting), so the call may well have started: not a failure.
 */
export type ResultadoIntento = 'exitosa' | 'fallida' | 'omitida' | 'sin_confirmacion';

export interface ResultadoLoteCliente {
  clienteId: number;
  nombre: string;
  telefono: string;
  estado: 'pendiente' | 'en_curso' | ResultadoIntento;
  detalle?: string;
}


export interface LoteEstado {
  id: string;
  campanaId: number;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  pausado: boolean;
  done: number;
  total: number;
  ok: number;
  failed: number;
  omitidas: number;
  /** Sent, but the platform did not confirm in time: may have been called (see ResultadoIntento). */
  sinConfirmacion: number;
  message?: string;
  resultados: ResultadoLoteCliente[];
}

export interface LlamadaRegistro {
  id: number;
  createdAt: string | null;
  agentId: string | null;
  phone: string | null;
  campana: number | null;
  campanaNombre: string | null;
  conversationId: string | null;
  status: string | null;
  resultado: string | null;
  summary: string | null;
  costo: number | null;
  duracionSeg: number | null;
  transcript: unknown;
  tieneAudio: boolean;
}

export interface ResumenTarjetas {
  totalClientes: number;
  totalLlamadas: number;
  llamadasDone: number;
  enRango: number;
}

export interface ResumenLlamadas {
  tarjetas: ResumenTarjetas;
  /** Earliest and latest created_at of the campaign's calls (ISO), null when none has a date. */
  primera: string | null;
  ultima: string | null;
  /** Every calendar day (America/Bogota) of the range, YYYY-MM-DD. */
  dias: string[];
  porDia: number[];
  /** Statuses found, lower-cased and sorted. */
  estados: string[];
  porEstado: Record<string, number[]>;
}
