// The call-campaign area's operations: op<Output>()(zodInputSchema, { public?: true }). See ../../contract/define.ts.
import { z } from 'zod';
import { op } from '../../contract/define';
import type { JobState } from '../../domain/jobs';
import type {
  Campana,
  Cliente,
  ClientesPagina,
  ConfiguracionLlamadas,
  EstadisticasCampana,
  LlamadaRegistro,
  LoteEstado,
  ResumenLlamadas,
} from './tipos';
import { CAMPOS_OPCIONALES, CSV_MAX_FILAS, filaImportacion, type CampoOpcional } from './cliente';
import { MAX_SIMULTANEAS, esHora, esZonaHoraria } from './rules';
import { llamadas as t } from './texts';

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
  telefono: requerido(40).refine((v) => /^\+?[\d\s().-]{5,40}$/.test(v), t.formCliente.telefonoInvalido),
  ...opcionales,
  campanaId: id,
  noLlamar: z.boolean().optional(),
});

const fechaIso = z.string().max(40).refine((v) => !Number.isNaN(Date.parse(v)), t.resumen.fechaInvalida);

/** Outbound call campaigns: campaigns, clients, CSV import, calling, call history, summary (issue: calls). */
export const llamadas = {
  // Campaigns (part 1 §2.5).
  listarCampanas: op<Campana[]>()(z.object({})),
  crearCampana: op<Campana>()(
    z.object({
      nombre: z.string().trim().min(1, t.campanas.nombreObligatorio).max(200),
      minutos: z.coerce.number({ message: t.campanas.minutosMayorCero }).int(t.campanas.minutosMayorCero).gt(0, t.campanas.minutosMayorCero).max(10_000_000),
    }),
  ),
  actualizarCampana: op<Campana>()(
    z.object({
      id,
      nombre: z.string().trim().min(1, t.campanas.nombreObligatorio).max(200),
      minutos: z.coerce.number({ message: t.campanas.minutosMayorCero }).int(t.campanas.minutosMayorCero).gt(0, t.campanas.minutosMayorCero).max(10_000_000).optional(),
    }),
  ),

  // Clients (part 1 §2.6, §2.7).
  clientesPagina: op<ClientesPagina>()(
    z.object({
      campanaId: id,
      nombre: texto(200).optional(),
      email: texto(200).optional(),
      telefono: texto(200).optional(),
      empresa: texto(200).optional(),
      pagina: z.number().int().min(1).max(1_000_000).default(1),
      porPagina: z.number().int().min(1).max(100).default(10),
    }),
  ),
  estadisticas: op<EstadisticasCampana>()(z.object({ campanaId: id })),
  crearCliente: op<Cliente>()(cliente),
  actualizarCliente: op<Cliente>()(cliente.extend({ id })),
  eliminarCliente: op<null>()(z.object({ id })),

  // Call configuration (part 1 §2.7) and the calling window (beyond the original).
  configuracion: op<ConfiguracionLlamadas | null>()(z.object({ campanaId: id })),
  guardarConfiguracion: op<{ configuracion: ConfiguracionLlamadas; creada: boolean }>()(
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
      })
      .refine((v) => v.horaInicio < v.horaFin, { message: t.configuracion.horarioInvalido, path: ['horaFin'] }),
  ),

  // CSV import (part 1 §5): which keys already exist (for the preview), then the save in one transaction.
  clavesExistentes: op<Array<[string, string]>>()(
    z.object({ campanaId: id, claves: z.array(filaImportacion.pick({ email: true, telefono: true })).max(CSV_MAX_FILAS) }),
  ),
  importarClientes: op<{ insertados: number; omitidos: number }>()(
    z.object({ campanaId: id, filas: z.array(filaImportacion).min(1, t.csv.sinFilasValidas).max(CSV_MAX_FILAS, t.csv.errorDemasiadasFilas(CSV_MAX_FILAS)) }),
  ),

  // Calling (part 1 §4, §5, §7): from the main process, checks repeated there.
  /** sinConfirmacion: the platform did not answer within the timeout, so the call may have started (issue 12). */
  llamar: op<{ mensaje: string; sinConfirmacion?: true }>()(
    z.object({
      clienteId: id,
      /** Per-request timeout (default 15 s). */
      timeoutMs: z.number().int().min(100).max(120_000).optional(),
    }),
  ),
  llamarLote: op<JobState>()(
    z.object({
      campanaId: id,
      clienteIds: z.array(id).max(CSV_MAX_FILAS),
      /** Overrides the campaign's setting (1–5). */
      simultaneas: z.number().int().min(1).max(MAX_SIMULTANEAS).optional(),
      /** Per-request timeout. */
      timeoutMs: z.number().int().min(100).max(120_000).optional(),
    }),
  ),
  estadoLote: op<LoteEstado>()(z.object({ id: uuid })),
  pausarLote: op<LoteEstado>()(z.object({ id: uuid })),
  reanudarLote: op<LoteEstado>()(z.object({ id: uuid })),
  cancelarLote: op<LoteEstado>()(z.object({ id: uuid })),
  reintentarFallidas: op<JobState>()(z.object({ id: uuid, timeoutMs: z.number().int().min(100).max(120_000).optional() })),

  // Call history (part 2 §2, §5) and audio.
  historial: op<LlamadaRegistro[]>()(z.object({ telefono: z.string().trim().min(1).max(60), q: texto(200).optional() })),
  audio: op<{ base64: string; mime: string }>()(z.object({ conversationId: z.string().trim().min(1).max(300) })),

  // Resumen (part 1 §2.8).
  resumen: op<ResumenLlamadas>()(z.object({ campanaId: id, desde: fechaIso.nullish(), hasta: fechaIso.nullish() })),
} as const;
