// The call-campaign area's operations: op(answerSchema)(inputSchema, { public?: true }). See ../../contract/define.ts.
import { z } from 'zod';
import { nada, op } from '../../operaciones/define';
import { paginaDe } from '../../operaciones/campos';
import { telefonoCanonico } from '../../domain/telefonos';
import { progresoLote } from '../../domain/jobs';
import { CAMPOS_CLIENTE, CAMPOS_OPCIONALES, CSV_MAX_FILAS, datosCliente, filasDeCliente, type CampoCliente, type CampoOpcional } from './cliente';
import { ESTADOS_TOPE, MAX_SIMULTANEAS, esFecha, esHora, esZonaHoraria } from './rules';
import { llamadas as t } from './texts';

// ---------------------------------------------------------------------------------------------------
// What the operations answer (part 1 §3, part 2 §3), declared once; the types are inferred from them. Ids
// are bigint in SQL and numbers here (the repository normalises them). Screens import these types.

export const campana = z.object({
  id: z.number(),
  nombre: z.string(),
  /** The call-minute cap; 0 = no cap. */
  minutos: z.number(),
  minutosConsumidos: z.number(),
  costoTotal: z.number(),
  estadoTope: z.enum(ESTADOS_TOPE),
});
export type Campana = z.infer<typeof campana>;

/** A client: the client row's columns (cliente.ts) with its id, campaign and 'No llamar' flag. */
export const clienteGuardado = datosCliente.extend({ id: z.number(), campanaId: z.number(), noLlamar: z.boolean() });
export type Cliente = z.infer<typeof clienteGuardado>;

export const clienteFila = clienteGuardado.extend({
  /** Status (or resultado) of the latest call of the phone in the campaign; null = no calls, '' = no status. */
  ultimoEstado: z.string().nullable(),
  ultimaLlamada: z.string().nullable(),
  llamadas: z.number(),
});
export type ClienteFila = z.infer<typeof clienteFila>;

export const clientesPagina = paginaDe(clienteFila).extend({ pagina: z.number(), porPagina: z.number() });
export type ClientesPagina = z.infer<typeof clientesPagina>;

export const estadisticasCampana = campana.pick({ minutos: true, minutosConsumidos: true, costoTotal: true, estadoTope: true }).extend({
  campanaId: z.number(),
  totalClientes: z.number(),
  atendidos: z.number(),
  pendientes: z.number(),
  conLlamadas: z.number(),
  noLlamar: z.number(),
  totalLlamadas: z.number(),
  llamadasDone: z.number(),
  segundos: z.number(),
});
export type EstadisticasCampana = z.infer<typeof estadisticasCampana>;

export const configuracionLlamadas = z.object({
  id: z.number(),
  campanaId: z.number(),
  agentid: z.string(),
  agentphonenumberid: z.string(),
  prompt: z.string(),
  /** Calling window, 'HH:MM' in zonaHoraria. */
  horaInicio: z.string(),
  horaFin: z.string(),
  zonaHoraria: z.string(),
  /** Bulk calls at once: 1 (one after another) to 5. */
  maxSimultaneas: z.number(),
  /**
   * Calling window per weekday (0 = domingo … 6 = sábado), 'HH:MM' in zonaHoraria. null = every day
   * horaInicio–horaFin; a weekday absent from the array = no calls that day.
   */
  horarioSemanal: z.array(z.object({ dia: z.number(), inicio: z.string(), fin: z.string() })).nullable(),
  /** Dates with no calls (holidays), 'YYYY-MM-DD' in zonaHoraria. */
  diasSinLlamadas: z.array(z.string()),
  /** Attempts per client in a batch (1 = no retry), 1–10. */
  reintentosMax: z.number(),
  /** Minutes before a retry, 1–1440. */
  reintentoMinutos: z.number(),
  /** Outcomes that are retried. */
  reintentarResultados: z.array(z.enum(['no_contesta', 'ocupado', 'fallida'])),
});
export type ConfiguracionLlamadas = z.infer<typeof configuracionLlamadas>;

/**
 * The outcome of one call attempt. 'sin_confirmacion': the request went out but the platform did not answer
 * in time (or the run was cancelled while waiting), so the call may well have started: not a failure.
 */
export const resultadoIntento = z.enum(['exitosa', 'fallida', 'omitida', 'sin_confirmacion']);
export type ResultadoIntento = z.infer<typeof resultadoIntento>;

/** Outcome classes a campaign may retry (the SQL function llamadas_clase_resultado gives the class). */
export const RESULTADOS_REINTENTABLES = ['no_contesta', 'ocupado', 'fallida'] as const;
export type ResultadoReintentable = (typeof RESULTADOS_REINTENTABLES)[number];

export const estadoItemLote = z.enum(['pendiente', 'en_curso', 'exitosa', 'fallida', 'omitida', 'sin_confirmacion', 'reintento']);

export const resultadoLoteCliente = z.object({
  clienteId: z.number(),
  nombre: z.string(),
  telefono: z.string(),
  /** 'reintento': waiting for its next attempt (see LoteEstado.proximoIntento). */
  estado: estadoItemLote,
  detalle: z.string().optional(),
  /** Attempts made in this batch. */
  intentos: z.number(),
  /** The outcome's status (or resultado) once the platform reported it; null until then. */
  resultadoLlamada: z.string().nullable(),
});
export type ResultadoLoteCliente = z.infer<typeof resultadoLoteCliente>;

/**
 * A batch's state in the database. 'programado': waits for programadoPara; 'esperando_horario': outside the
 * calling window (or waiting for retries); 'interrumpido': the app closed while it ran (Reanudar sends only
 * what was never sent).
 */
export const ESTADOS_LOTE = ['programado', 'en_curso', 'pausado', 'esperando_horario', 'cancelado', 'terminado', 'interrumpido'] as const;
export const estadoLote = z.enum(ESTADOS_LOTE);
export type EstadoLote = z.infer<typeof estadoLote>;

/** The estimate shown before a batch starts: against the campaign's remaining minutes. */
export const estimacionLote = z.object({
  /** Selected clients that would be dialled (not on the 'No llamar' list). */
  llamables: z.number(),
  omitidosNoLlamar: z.number(),
  minutosEstimados: z.number(),
  costoEstimado: z.number(),
  /** null = the campaign has no cap. */
  minutosRestantes: z.number().nullable(),
  superaTope: z.boolean(),
});
export type EstimacionLote = z.infer<typeof estimacionLote>;

/** A batch: its job-compatible fields (id = the batch uuid, status, done of total, ok, failed, message) and the rest. */
export const detalleLote = z.object({
  campanaId: z.number(),
  pausado: z.boolean(),
  omitidas: z.number(),
  /** Sent, but the platform did not confirm in time: may have been called (see ResultadoIntento). */
  sinConfirmacion: z.number(),
  resultados: z.array(resultadoLoteCliente),
  estado: estadoLote,
  programadoPara: z.string().nullable(),
  /** Items waiting for a retry. */
  reintentos: z.number(),
  proximoIntento: z.string().nullable(),
  estimado: estimacionLote.nullable(),
});
/** A batch as the screens follow it: the batch's own fields and its progress (domain/jobs.ts, JobState). */
export const loteEstado = detalleLote.extend(progresoLote.shape);
export type LoteEstado = z.infer<typeof loteEstado>;

/** A batch as the list of a campaign's batches shows it: its state's counts (read from the same row) and when and by whom. */
export const loteResumen = loteEstado
  .pick({ id: true, campanaId: true, estado: true, programadoPara: true, total: true, done: true, ok: true, failed: true, omitidas: true, sinConfirmacion: true, reintentos: true })
  .extend({
    creadoAt: z.string(),
    iniciadoAt: z.string().nullable(),
    terminadoAt: z.string().nullable(),
    operadorNombre: z.string().nullable(),
  });
export type LoteResumen = z.infer<typeof loteResumen>;

/** One attempt of a batch (intentos_llamada), oldest first. */
export const intentoLote = z.object({
  clienteId: z.number(),
  nombre: z.string(),
  telefono: z.string(),
  intento: z.number(),
  resultado: resultadoIntento,
  detalle: z.string().nullable(),
  resultadoLlamada: z.string().nullable(),
  createdAt: z.string(),
});
export type IntentoLote = z.infer<typeof intentoLote>;

export const MOTIVOS_NO_LLAMAR = ['manual', 'cliente', 'csv', 'opt_out'] as const;
export const filaNoLlamar = z.object({ telefono: z.string(), motivo: z.enum(MOTIVOS_NO_LLAMAR), createdAt: z.string() });
export type FilaNoLlamar = z.infer<typeof filaNoLlamar>;
export const paginaNoLlamar = paginaDe(filaNoLlamar);
export type PaginaNoLlamar = z.infer<typeof paginaNoLlamar>;
/** At most this many phones in one 'No llamar' CSV import. */
export const NO_LLAMAR_MAX_IMPORTAR = 50_000;

export const llamadaRegistro = z.object({
  id: z.number(),
  createdAt: z.string().nullable(),
  agentId: z.string().nullable(),
  phone: z.string().nullable(),
  campana: z.number().nullable(),
  campanaNombre: z.string().nullable(),
  conversationId: z.string().nullable(),
  status: z.string().nullable(),
  resultado: z.string().nullable(),
  summary: z.string().nullable(),
  costo: z.number().nullable(),
  duracionSeg: z.number().nullable(),
  transcript: z.unknown(),
  tieneAudio: z.boolean(),
});
export type LlamadaRegistro = z.infer<typeof llamadaRegistro>;

export const resumenLlamadas = z.object({
  tarjetas: z.object({ totalClientes: z.number(), totalLlamadas: z.number(), llamadasDone: z.number(), enRango: z.number() }),
  /** Earliest and latest created_at of the campaign's calls (ISO), null when none has a date. */
  primera: z.string().nullable(),
  ultima: z.string().nullable(),
  /** Every calendar day (America/Bogota) of the range, YYYY-MM-DD. */
  dias: z.array(z.string()),
  porDia: z.array(z.number()),
  /** Statuses found, lower-cased and sorted. */
  estados: z.array(z.string()),
  porEstado: z.record(z.string(), z.array(z.number())),
});
export type ResumenLlamadas = z.infer<typeof resumenLlamadas>;

// ---------------------------------------------------------------------------------------------------
// The operations and their inputs.

/** bigint ids may arrive as numbers or strings: both become a positive integer. */
const id = z.union([z.number(), z.string().regex(/^\d{1,18}$/)]).transform((v) => Number(v)).pipe(z.number().int().positive());
const texto = (max: number) => z.string().max(max);
const requerido = (max: number) => z.string().trim().min(1, t.formCliente.obligatorio).max(max);
const uuid = z.string().uuid();

/** The optional columns of the client row (cliente.ts), each free text up to 200 characters, absent or null when empty. */
const opcional = () => texto(200).optional().nullable();
const opcionales = Object.fromEntries(CAMPOS_OPCIONALES.map((c) => [c, opcional()])) as Record<CampoOpcional, ReturnType<typeof opcional>>;

/** A client as the form sends it: the required columns with the form's own messages, the optional ones as they are. */
const cliente = z.object({
  nombre: requerido(200),
  apellido: requerido(200),
  email: z.string().trim().min(1, t.formCliente.obligatorio).max(320).email(t.formCliente.emailInvalido),
  // Stored as every path stores a phone (telefonoCanonico): '+57 301 615 695' → '+57301615695'.
  telefono: requerido(40).refine((v) => /^\+?[\d\s().-]{5,40}$/.test(v), t.formCliente.telefonoInvalido).transform(telefonoCanonico),
  ...opcionales,
  campanaId: id,
  noLlamar: z.boolean().optional(),
});

const telefonoNoLlamar = z
  .string()
  .trim()
  .min(1, t.noLlamar.telefonoInvalido)
  .max(60)
  .refine((v) => /^\+?[\d\s().-]{5,60}$/.test(v), t.noLlamar.telefonoInvalido)
  .transform(telefonoCanonico);
const franja = z
  .object({
    dia: z.number().int().min(0).max(6),
    inicio: z.string().refine(esHora, t.configuracion.horaInvalida),
    fin: z.string().refine(esHora, t.configuracion.horaInvalida),
  })
  .refine((f) => f.inicio < f.fin, { message: t.configuracion.horarioInvalido, path: ['fin'] });

const fechaIso = z.string().max(40).refine((v) => !Number.isNaN(Date.parse(v)), t.resumen.fechaInvalida);
/** Per-request timeout of a call to the platform. */
const timeoutMs = z.number().int().min(100).max(120_000).optional();
const pagina = z.number().int().min(1).max(1_000_000).default(1);

const nombreCampana = z.string().trim().min(1, t.campanas.nombreObligatorio).max(200);
const minutosCampana = z.coerce.number({ message: t.campanas.minutosMayorCero }).int(t.campanas.minutosMayorCero).gt(0, t.campanas.minutosMayorCero).max(10_000_000);

/** Outbound call campaigns: campaigns, clients, CSV import, calling, call history, summary (issue: calls). */
export const llamadas = {
  // Campaigns (part 1 §2.5).
  listarCampanas: op(z.array(campana))(z.object({})),
  crearCampana: op(campana)(z.object({ nombre: nombreCampana, minutos: minutosCampana })),
  actualizarCampana: op(campana)(z.object({ id, nombre: nombreCampana, minutos: minutosCampana.optional() })),

  // Clients (part 1 §2.6, §2.7).
  clientesPagina: op(clientesPagina)(
    z.object({
      campanaId: id,
      nombre: texto(200).optional(),
      email: texto(200).optional(),
      telefono: texto(200).optional(),
      empresa: texto(200).optional(),
      pagina,
      porPagina: z.number().int().min(1).max(100).default(10),
    }),
  ),
  estadisticas: op(estadisticasCampana)(z.object({ campanaId: id })),
  crearCliente: op(clienteGuardado)(cliente),
  actualizarCliente: op(clienteGuardado)(cliente.extend({ id })),
  eliminarCliente: op(nada)(z.object({ id })),

  // Call configuration (part 1 §2.7) and the calling window (beyond the original).
  configuracion: op(configuracionLlamadas.nullable())(z.object({ campanaId: id })),
  guardarConfiguracion: op(z.object({ configuracion: configuracionLlamadas, creada: z.boolean() }))(
    z
      .object({
        campanaId: id,
        agentid: texto(300).transform((v) => v.trim()),
        agentphonenumberid: texto(300).transform((v) => v.trim()),
        prompt: texto(20_000),
        horaInicio: z.string().refine(esHora, t.configuracion.horaInvalida).default('08:00'),
        horaFin: z.string().refine(esHora, t.configuracion.horaInvalida).default('20:00'),
        zonaHoraria: z.string().max(100).refine(esZonaHoraria, t.configuracion.zonaInvalida).default('America/Bogota'),
        maxSimultaneas: z.number().int().min(1).max(MAX_SIMULTANEAS).default(1),
        // Absent on an update = kept as saved; on a new configuration the defaults below (the table's).
        /** null = every day horaInicio–horaFin; a weekday absent from the array = no calls that day. */
        horarioSemanal: z
          .array(franja)
          .max(7)
          .refine((fs) => new Set(fs.map((f) => f.dia)).size === fs.length, t.configuracion.diaRepetido)
          .nullable()
          .optional(),
        /** Default []. */
        diasSinLlamadas: z.array(z.string().refine(esFecha, t.configuracion.fechaInvalida)).max(366).optional(),
        /** Default 1 (no retry). */
        reintentosMax: z.number().int().min(1, t.configuracion.reintentosRango).max(10, t.configuracion.reintentosRango).optional(),
        /** Default 30. */
        reintentoMinutos: z.number().int().min(1, t.configuracion.reintentoMinutosRango).max(1440, t.configuracion.reintentoMinutosRango).optional(),
        /** Default all three. */
        reintentarResultados: z.array(z.enum(RESULTADOS_REINTENTABLES)).max(3).optional(),
      })
      .refine((v) => v.horaInicio < v.horaFin, { message: t.configuracion.horarioInvalido, path: ['horaFin'] }),
  ),

  // CSV import (part 1 §5): which keys already exist (for the preview), then the save in one transaction.
  clavesExistentes: op(z.array(z.tuple([z.string(), z.string()])))(
    z.object({
      campanaId: id,
      claves: z.array(z.custom<Partial<Record<'email' | 'telefono', string>>>()).max(CSV_MAX_FILAS).transform(filasDeCliente(['email', 'telefono'] as const)),
    }),
  ),
  importarClientes: op(z.object({ insertados: z.number(), omitidos: z.number() }))(
    z.object({
      campanaId: id,
      filas: z
        .array(z.custom<Partial<Record<CampoCliente, string>>>())
        .min(1, t.csv.sinFilasValidas)
        .max(CSV_MAX_FILAS, t.csv.errorDemasiadasFilas(CSV_MAX_FILAS))
        .transform(filasDeCliente(CAMPOS_CLIENTE)),
    }),
  ),

  // Calling (part 1 §4, §5, §7): from the main process, checks repeated there.
  /** sinConfirmacion: the platform did not answer within the timeout, so the call may have started (issue 12). */
  llamar: op(z.object({ mensaje: z.string(), sinConfirmacion: z.literal(true).optional() }))(
    z.object({
      clienteId: id,
      /** Default 15 s. */
      timeoutMs,
    }),
  ),
  /** A batch in the database (issue 15): id = its uuid; programadoPara (ISO) starts it later. */
  llamarLote: op(loteEstado)(
    z.object({
      campanaId: id,
      clienteIds: z.array(id).max(CSV_MAX_FILAS),
      /** Overrides the campaign's setting (1–5). */
      simultaneas: z.number().int().min(1).max(MAX_SIMULTANEAS).optional(),
      timeoutMs,
      programadoPara: fechaIso.optional(),
    }),
  ),
  estadoLote: op(loteEstado)(z.object({ id: uuid })),
  pausarLote: op(loteEstado)(z.object({ id: uuid })),
  /** Also resumes an 'interrumpido' batch: only what was never sent. */
  reanudarLote: op(loteEstado)(z.object({ id: uuid })),
  cancelarLote: op(loteEstado)(z.object({ id: uuid })),
  /** A NEW batch with the failed and unconfirmed clients of that one (each keeps its Idempotency-Key). */
  reintentarFallidas: op(loteEstado)(z.object({ id: uuid, timeoutMs })),
  /** The campaign's running and scheduled batches first, then the 20 most recent. */
  lotes: op(z.array(loteResumen))(z.object({ campanaId: id })),
  intentosLote: op(z.array(intentoLote))(z.object({ id: uuid })),
  estimarLote: op(estimacionLote)(z.object({ campanaId: id, clienteIds: z.array(id).max(CSV_MAX_FILAS) })),

  // The shared 'No llamar' list (every campaign), checked before every dial.
  noLlamarListar: op(paginaNoLlamar)(
    z.object({
      q: texto(200).optional(),
      pagina,
      porPagina: z.number().int().min(1).max(100).default(20),
    }),
  ),
  noLlamarAgregar: op(z.object({ agregado: z.boolean() }))(z.object({ telefono: telefonoNoLlamar, motivo: z.enum(['manual', 'cliente']).optional() })),
  noLlamarQuitar: op(z.object({ quitado: z.boolean() }))(z.object({ telefono: z.string().trim().min(1, t.noLlamar.telefonoInvalido).max(60) })),
  noLlamarImportar: op(z.object({ agregados: z.number(), yaEstaban: z.number(), invalidos: z.number() }))(
    z.object({
      telefonos: z.array(z.string().max(100)).min(1, t.noLlamar.sinTelefonos).max(NO_LLAMAR_MAX_IMPORTAR, t.noLlamar.demasiados(NO_LLAMAR_MAX_IMPORTAR)),
    }),
  ),

  // Call history (part 2 §2, §5) and audio.
  historial: op(z.array(llamadaRegistro))(z.object({ telefono: z.string().trim().min(1).max(60), q: texto(200).optional() })),
  audio: op(z.object({ base64: z.string(), mime: z.string() }))(z.object({ conversationId: z.string().trim().min(1).max(300) })),

  // Resumen (part 1 §2.8).
  resumen: op(resumenLlamadas)(z.object({ campanaId: id, desde: fechaIso.nullish(), hasta: fechaIso.nullish() })),
} as const;
