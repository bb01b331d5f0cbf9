/**
 * Pure rules of the call-campaign area (part 1 §4, §5, §9; part 2 §3–§5): cap state, consumption and cost,
 * badges, transcript parsing, the calling window, Bogotá date-time inputs and the Resumen day series.
 */
import { telefonoCanonico, telefonoNormalizado } from '../../domain/telefonos';
import { llamadas as t } from './texts';
import { entradaVocabulario, insigniaDeEstado, type InsigniaCliente } from './vocabulario';

/** A campaign's cap state: ok; cerca at ≥ 80 % of the cap; excedido once consumed reaches it (estadoTope). */
export const ESTADOS_TOPE = ['ok', 'cerca', 'excedido'] as const;
export type EstadoTope = (typeof ESTADOS_TOPE)[number];

export const PAGE_SIZE_CLIENTES = 10;
export const UMBRAL_CERCA = 0.8;
export const MAX_SIMULTANEAS = 5;
export const ZONA_LLAMADAS = 'America/Bogota';
export const HORARIO_DEFECTO = { inicio: '08:00', fin: '20:00', zona: ZONA_LLAMADAS } as const;
/** Summary dashboard default range (part 1 §9), as Bogotá date-time inputs with minute precision. */
export const RANGO_DEFECTO = { inicio: '2025-07-30T00:00', fin: '2025-08-07T23:59' } as const;
/** Local key of the selected campaign (part 1 §4). */
export const CLAVE_CAMPANA_SELECCIONADA = 'campanaSeleccionada';

/** bigint ids arrive as numbers (PGlite) or strings (node-postgres, PostgREST). */
export function normalizarId(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? ''));
  return Number.isFinite(n) ? n : NaN;
}

// ---------------------------------------------------------------------------------------------------
// Consumption and cap (part 1 §4, §9).

/** Minutes consumed = sum of call seconds / 60, rounded. */
export function minutosConsumidos(segundos: number): number {
  return Math.round(Math.max(0, segundos) / 60);
}

/** ok; cerca at ≥ 80 % of the cap; excedido when consumed ≥ cap. Only when cap > 0. */
export function estadoTope(consumidos: number, tope: number): EstadoTope {
  if (!(tope > 0)) return 'ok';
  if (consumidos >= tope) return 'excedido';
  if (consumidos >= UMBRAL_CERCA * tope) return 'cerca';
  return 'ok';
}

/** Percentage of the cap used, 0–100 (0 without a cap). */
export function porcentajeTope(consumidos: number, tope: number): number {
  if (!(tope > 0)) return 0;
  return Math.min(100, Math.max(0, (consumidos / tope) * 100));
}

const costoFormat = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Cost in es-ES with up to 2 decimals (part 1 §9). */
export function formatCosto(value: number): string {
  return costoFormat.format(Number.isFinite(value) ? value : 0);
}

// ---------------------------------------------------------------------------------------------------
// Badges.

export type ClaveBadgeCliente = InsigniaCliente | 'sin_llamadas';

const BADGES: Record<InsigniaCliente, { etiqueta: string; color: string }> = {
  atendido: { etiqueta: t.badge.atendido, color: 'green' },
  fallido: { etiqueta: t.badge.fallido, color: 'red' },
  pendiente: { etiqueta: t.badge.pendiente, color: 'yellow' },
  en_proceso: { etiqueta: t.badge.enProceso, color: 'blue' },
};

/**
 * Client call-status badge from the latest call of the phone (part 1 §4), by the vocabulary of call outcomes
 * (vocabulario.ts): done, completed, exitosa… = Atendido; failed, no-answer, busy… = Fallido; pending = Pendiente;
 * any other status = En proceso; no calls = Sin llamadas.
 */
export function badgeCliente(ultimoEstado: string | null | undefined, tieneLlamadas = ultimoEstado != null): {
  clave: ClaveBadgeCliente;
  etiqueta: string;
  color: string;
} {
  if (!tieneLlamadas) return { clave: 'sin_llamadas', etiqueta: t.badge.sinLlamadas, color: 'gray' };
  const clave = insigniaDeEstado(ultimoEstado);
  return { clave, ...BADGES[clave] };
}

export type TonoLlamada = 'success' | 'error' | 'warning' | 'default';

const TONOS: Record<InsigniaCliente, TonoLlamada> = { atendido: 'success', fallido: 'error', pendiente: 'warning', en_proceso: 'default' };

/**
 * Call-status badge of the history (part 2 §4: completed or success = success; failed or error = error;
 * pending = warning; anything else = default), by the same vocabulary as the client badge, so a call never
 * reads green in the history and 'En proceso' on its client.
 */
export function tonoLlamada(status: string | null | undefined): TonoLlamada {
  return TONOS[insigniaDeEstado(status)];
}

export const COLOR_TONO: Record<TonoLlamada, string> = { success: 'green', error: 'red', warning: 'yellow', default: 'gray' };

/**
 * The Spanish label of a call's stored status (the stored value never changes), from the vocabulary: 'DONE' →
 * 'Completada', 'no_answer' → 'Sin respuesta', 'IN-PROGRESS' → 'En curso'… A status the vocabulary does not
 * know is shown trimmed, as stored. Blank or missing → null (each screen says 'N/A' or leaves it out). Every
 * screen that shows a call status goes through here.
 */
export function etiquetaEstadoLlamada(status: string | null | undefined): string | null {
  const trimmed = (status ?? '').trim();
  if (!trimmed) return null;
  return entradaVocabulario(trimmed)?.etiqueta ?? trimmed;
}

/**
 * The Resumen status series under their Spanish labels: statuses that read the same ('done' and
 * 'completed' are both 'Completada') become one series, their counts added; labels sorted.
 */
export function seriesPorEtiqueta(estados: readonly string[], porEstado: Readonly<Record<string, readonly number[]>>): Array<{ etiqueta: string; datos: number[] }> {
  const series = new Map<string, number[]>();
  for (const estado of estados) {
    const etiqueta = etiquetaEstadoLlamada(estado);
    const datos = porEstado[estado];
    if (!etiqueta || !datos) continue;
    const suma = series.get(etiqueta);
    if (suma) datos.forEach((n, i) => (suma[i] = (suma[i] ?? 0) + n));
    else series.set(etiqueta, [...datos]);
  }
  return [...series.entries()].sort(([a], [b]) => a.localeCompare(b, 'es')).map(([etiqueta, datos]) => ({ etiqueta, datos }));
}

// ---------------------------------------------------------------------------------------------------
// Transcript (part 2 §3): a JSON string or a list of { role, message }; bad JSON gives an empty list.

export interface TurnoTranscripcion {
  rol: 'agente' | 'usuario';
  mensaje: string;
}

export function parseTranscript(raw: unknown): TurnoTranscripcion[] {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  const out: TurnoTranscripcion[] = [];
  for (const entry of value) {
    if (!entry || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    const mensaje = e.message ?? e.mensaje ?? e.content ?? e.text;
    if (typeof mensaje !== 'string' || !mensaje.trim()) continue;
    const role = String(e.role ?? '').toLowerCase();
    out.push({ rol: role === 'agent' || role === 'assistant' || role === 'agente' ? 'agente' : 'usuario', mensaje });
  }
  return out;
}

/** 'm:ss' (or 'h:mm:ss') for the audio player. */
export function formatTiempo(segundos: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(segundos) ? segundos : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(r).padStart(2, '0')}` : `${m}:${String(r).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------------
// Idempotency of call attempts (issue 12). The spec's JSON body stays exactly as it is; the key travels in
// a header. A new attempt gets a new key; a retry of the same attempt sends the key it was first sent with,
// so a platform that got the first request (and answered too late) can tell it is not a second call.

export const CABECERA_IDEMPOTENCIA = 'Idempotency-Key';

/**
 * Correlation of every outbound call (issue 23 §1), in headers so the specification's body stays exact: the
 * attempt (its id is the Idempotency-Key, repeated under its own name), the campaign and the client. n8n hands
 * the attempt back with the outcome (`intento`, or the header X-Consola-Intento on the inbound endpoint) and the
 * outcome lands on that attempt's campaign, client and batch item. docs/N8N-RESULTADOS.md documents them.
 */
export const CABECERA_INTENTO = 'X-Consola-Intento';
export const CABECERA_CAMPANA = 'X-Consola-Campana';
export const CABECERA_CLIENTE = 'X-Consola-Cliente';

/** The headers of one outbound call attempt. */
export function cabecerasLlamada(intento: string, campanaId: number, clienteId: number): Record<string, string> {
  return {
    [CABECERA_IDEMPOTENCIA]: intento,
    [CABECERA_INTENTO]: intento,
    [CABECERA_CAMPANA]: String(campanaId),
    [CABECERA_CLIENTE]: String(clienteId),
  };
}

/** Calling a client again within this time of an unconfirmed attempt is a retry of that attempt. */
export const VENTANA_REINTENTO_MS = 10 * 60_000;

export interface IntentoPrevio {
  clienteId: number;
  resultado: string;
  clave: string | null;
}

/**
 * The keys to reuse: for each client whose LATEST attempt among `intentos` (oldest first, already limited to
 * the retry window) was left unconfirmed, that attempt's key. A client whose latest attempt was confirmed,
 * failed outright or skipped gets a new key.
 */
export function clavesDeReintento(intentos: readonly IntentoPrevio[]): Map<number, string> {
  const ultimo = new Map<number, IntentoPrevio>();
  for (const i of intentos) ultimo.set(i.clienteId, i);
  const claves = new Map<number, string>();
  for (const [clienteId, i] of ultimo) if (i.resultado === 'sin_confirmacion' && i.clave) claves.set(clienteId, i.clave);
  return claves;
}

/** The bulk run's closing line: the spec's sentence, plus the unconfirmed ones when there are any. */
export function mensajeResultadoLote(r: { exitosas: number; fallidas: number; sinConfirmacion: number }): string {
  return r.sinConfirmacion > 0 ? t.llamar.resultadoLoteSinConfirmacion(r.exitosas, r.fallidas, r.sinConfirmacion) : t.llamar.resultadoLote(r.exitosas, r.fallidas);
}

// ---------------------------------------------------------------------------------------------------
// Calling window (beyond the original): calls only between inicio and fin in the campaign's zone.

const HORA = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function esHora(value: string): boolean {
  return HORA.test(value);
}

/** 'YYYY-MM-DD' and a real calendar date. */
export function esFecha(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function esZonaHoraria(zona: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zona });
    return true;
  } catch {
    return false;
  }
}

function aMinutos(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** A campaign's calling windows (issue 15): per weekday, or every day; holidays; in its zone. */
export interface Horario {
  horaInicio: string;
  horaFin: string;
  zonaHoraria: string;
  /** null = every day horaInicio–horaFin; a weekday absent = no calls that day (0 = domingo). */
  horarioSemanal: ReadonlyArray<{ dia: number; inicio: string; fin: string }> | null;
  /** 'YYYY-MM-DD' in zonaHoraria. */
  diasSinLlamadas: readonly string[];
}

const DIAS_SEMANA: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The local calendar day, weekday and minute of `date` in `zona`. */
export function fechaLocal(date: Date, zona: string): { dia: string; semana: number; minuto: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zona,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const v = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    dia: `${v('year')}-${v('month')}-${v('day')}`,
    semana: DIAS_SEMANA[v('weekday')] ?? 0,
    minuto: (Number(v('hour')) % 24) * 60 + Number(v('minute')),
  };
}

/** The window of a local day, or null (a holiday, or a weekday without calls). */
export function franjaDelDia(horario: Horario, dia: string, semana: number): { inicio: number; fin: number } | null {
  if (horario.diasSinLlamadas.includes(dia)) return null;
  if (!horario.horarioSemanal) return { inicio: aMinutos(horario.horaInicio), fin: aMinutos(horario.horaFin) };
  const f = horario.horarioSemanal.find((x) => x.dia === semana);
  return f ? { inicio: aMinutos(f.inicio), fin: aMinutos(f.fin) } : null;
}

/** True when `date` is inside the campaign's calling window: its weekday's [inicio, fin), not a holiday. */
export function dentroDeVentana(date: Date, horario: Horario): boolean {
  const l = fechaLocal(date, horario.zonaHoraria);
  const f = franjaDelDia(horario, l.dia, l.semana);
  return Boolean(f && l.minuto >= f.inicio && l.minuto < f.fin);
}

/** The instant of a local day and minute in `zona` (two passes, so a daylight-saving change is honoured). */
export function instanteLocal(dia: string, minuto: number, zona: string): Date {
  const [y, m, d] = dia.split('-').map(Number);
  const deseado = Date.UTC(y!, m! - 1, d!, Math.floor(minuto / 60), minuto % 60);
  let t = deseado;
  for (let i = 0; i < 2; i++) {
    const l = fechaLocal(new Date(t), zona);
    const [ly, lm, ld] = l.dia.split('-').map(Number);
    const visto = Date.UTC(ly!, lm! - 1, ld!, Math.floor(l.minuto / 60), l.minuto % 60);
    t += deseado - visto;
  }
  return new Date(t);
}

/**
 * The first instant at or after `desde` inside the window: `desde` itself when it is inside, else the next
 * opening. null when there is none within a year (no weekday has a window, or every such day is a holiday).
 */
export function siguienteApertura(desde: Date, horario: Horario): Date | null {
  if (dentroDeVentana(desde, horario)) return desde;
  const hoy = fechaLocal(desde, horario.zonaHoraria);
  const [y, m, d] = hoy.dia.split('-').map(Number);
  for (let i = 0; i <= 370; i++) {
    const fecha = new Date(Date.UTC(y!, m! - 1, d! + i));
    const dia = fecha.toISOString().slice(0, 10);
    const f = franjaDelDia(horario, dia, fecha.getUTCDay());
    if (!f || f.inicio >= f.fin) continue;
    if (i === 0 && hoy.minuto >= f.inicio) continue; // today's window has passed (or we would be inside it)
    return instanteLocal(dia, f.inicio, horario.zonaHoraria);
  }
  return null;
}

/** Average call minutes when a campaign has no call history yet (the estimate before a batch). */
export const MINUTOS_POR_LLAMADA_DEFECTO = 2;

/**
 * The estimate before a batch starts: the campaign's average call minutes (or 2) and cost per minute (or 0),
 * times the clients that would be dialled, against the cap's remaining minutes (null = no cap).
 */
export function estimarLote(d: {
  seleccionados: number;
  listados: number;
  minutosPromedio: number | null;
  costoMinuto: number | null;
  tope: number;
  consumidos: number;
}) {
  const llamables = Math.max(0, d.seleccionados - d.listados);
  const promedio = d.minutosPromedio && d.minutosPromedio > 0 ? d.minutosPromedio : MINUTOS_POR_LLAMADA_DEFECTO;
  const minutosEstimados = Math.round(llamables * promedio * 10) / 10;
  const costoEstimado = Math.round(minutosEstimados * (d.costoMinuto && d.costoMinuto > 0 ? d.costoMinuto : 0) * 100) / 100;
  const minutosRestantes = d.tope > 0 ? Math.max(0, d.tope - d.consumidos) : null;
  return {
    llamables,
    omitidosNoLlamar: d.listados,
    minutosEstimados,
    costoEstimado,
    minutosRestantes,
    superaTope: minutosRestantes !== null && minutosEstimados > minutosRestantes,
  };
}

export { telefonoCanonico, telefonoNormalizado } from '../../domain/telefonos';

/** A phone of a 'No llamar' import: 5 to 20 digits once the rest is dropped (a header cell or a note is not). */
const DIGITOS_VALIDOS = /^\d{5,20}$/;

/**
 * The rows of a 'No llamar' import: [digits, phone as written], each phone once; `invalidos` counts the
 * entries that are not a phone (blank lines aside).
 */
export function filasNoLlamar(telefonos: readonly string[]): { filas: Array<[string, string]>; invalidos: number } {
  const vistos = new Map<string, string>();
  let invalidos = 0;
  for (const crudo of telefonos) {
    const telefono = crudo.trim();
    if (!telefono) continue;
    const digitos = telefonoNormalizado(telefono);
    if (!DIGITOS_VALIDOS.test(digitos) || /[a-z]/i.test(telefono)) {
      invalidos += 1;
      continue;
    }
    if (!vistos.has(digitos)) vistos.set(digitos, telefonoCanonico(telefono).slice(0, 60));
  }
  return { filas: [...vistos], invalidos };
}

// ---------------------------------------------------------------------------------------------------
// Bogotá date-time inputs (minute precision) and the Resumen day series (part 1 §2.8, §4, §5).
// Colombia has no daylight saving time: UTC-5 all year.

const OFFSET_BOGOTA = '-05:00';
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** 'YYYY-MM-DDTHH:MM' (Bogotá) → ISO instant; `finDeMinuto` makes an end bound include that whole minute. */
export function localBogotaAIso(local: string, finDeMinuto = false): string | null {
  const m = LOCAL.exec(local.trim());
  if (!m) return null;
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:00${OFFSET_BOGOTA}`);
  if (Number.isNaN(date.getTime())) return null;
  if (finDeMinuto) date.setTime(date.getTime() + 59_999);
  return date.toISOString();
}

/** ISO instant → 'YYYY-MM-DDTHH:MM' in Bogotá (for a datetime-local input). */
export function isoALocalBogota(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const shifted = new Date(date.getTime() - 5 * 3600_000);
  return shifted.toISOString().slice(0, 16);
}

/** The Bogotá calendar day of an ISO instant or a local input, 'YYYY-MM-DD'. */
export function diaBogota(value: string): string {
  if (LOCAL.test(value.trim())) return value.trim().slice(0, 10);
  return isoALocalBogota(value).slice(0, 10);
}

/** Every calendar day from `desde` to `hasta` inclusive (YYYY-MM-DD); empty if reversed. Capped at 3660 days. */
export function diasEntre(desde: string, hasta: string): string[] {
  const start = Date.parse(`${desde}T00:00:00Z`);
  const end = Date.parse(`${hasta}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return [];
  const out: string[] = [];
  for (let ms = start; ms <= end && out.length < 3660; ms += 86_400_000) out.push(new Date(ms).toISOString().slice(0, 10));
  return out;
}

export interface GrupoDiaEstado {
  dia: string;
  /** Lower-cased status, null when the call has none. */
  estado: string | null;
  total: number;
}

/**
 * The two chart series from the SQL groups: every day of [desdeDia, hastaDia] (calls of other days are
 * ignored), calls per day (with or without status) and per status (statuses lower-cased and sorted).
 */
export function serieDias(grupos: readonly GrupoDiaEstado[], desdeDia: string | null, hastaDia: string | null) {
  const conDia = grupos.filter((g) => /^\d{4}-\d{2}-\d{2}$/.test(g.dia));
  const ordenados = conDia.map((g) => g.dia).sort();
  const desde = desdeDia ?? ordenados[0] ?? null;
  const hasta = hastaDia ?? ordenados[ordenados.length - 1] ?? null;
  const dias = desde && hasta ? diasEntre(desde, hasta) : [];
  const indice = new Map(dias.map((d, i) => [d, i]));
  const porDia = dias.map(() => 0);
  const estados = [...new Set(conDia.map((g) => g.estado?.trim().toLowerCase()).filter((s): s is string => Boolean(s)))].sort();
  const porEstado: Record<string, number[]> = Object.fromEntries(estados.map((s) => [s, dias.map(() => 0)]));
  for (const g of conDia) {
    const i = indice.get(g.dia);
    if (i === undefined) continue;
    porDia[i] = (porDia[i] ?? 0) + g.total;
    const s = g.estado?.trim().toLowerCase();
    const serie = s ? porEstado[s] : undefined;
    if (serie) serie[i] = (serie[i] ?? 0) + g.total;
  }
  return { dias, porDia, estados, porEstado };
}

/** Ten greens for the status chart (part 1 §2.8). */
export const VERDES = [
  '#d0f502',
  '#a3e635',
  '#84cc16',
  '#65a30d',
  '#4d7c0f',
  '#22c55e',
  '#16a34a',
  '#15803d',
  '#166534',
  '#14532d',
] as const;
export const COLOR_BARRAS = '#d0f502';

// ---------------------------------------------------------------------------------------------------
// Campaign selection (part 1 §4): the stored id if that campaign still exists, else the first.

export function elegirCampana(guardada: string | null | undefined, campanas: ReadonlyArray<{ id: number }>): number | null {
  if (campanas.length === 0) return null;
  const id = guardada == null || guardada === '' ? NaN : Number(guardada);
  if (Number.isFinite(id) && campanas.some((c) => c.id === id)) return id;
  return campanas[0]!.id;
}
