/**
 * The inbound results endpoint (issue 15 §1), its platform-free part: the saved setting, the two routes and
 * their keychain accounts, the addresses to paste into n8n, and the zod schemas of what n8n posts (Spanish
 * messages). The listener itself is src/main/entrada/; the operations are conexion's (operations.ts).
 */
import { z } from 'zod';
import { conexion } from './texts';

const t = conexion.entrada;

export const ENTRADA_SETTINGS_KEY = 'entrada';
export const ENTRADA_HOST_PREDETERMINADO = '127.0.0.1';
export const ENTRADA_PUERTO_PREDETERMINADO = 5181;

export const RUTAS_ENTRADA = ['llamadas', 'mensajes'] as const;
export type RutaEntrada = (typeof RUTAS_ENTRADA)[number];

/** Keychain account of a route's signing secret (the vault, never the settings). */
export const cuentaSecretoEntrada = (ruta: RutaEntrada) => `entrada:${ruta}`;

/** The path each route answers on. */
export const rutaHttp = (ruta: RutaEntrada) => `/entrada/${ruta}`;

/** Largest body per route: a call outcome may carry its audio; a chat message is small. */
export const LIMITE_CUERPO: Record<RutaEntrada, number> = { llamadas: 8 * 1024 * 1024, mensajes: 256 * 1024 };

/** A signature is accepted within this many seconds of its timestamp, either way. */
export const MARGEN_FIRMA_S = 300;

/** Headers n8n sends with every request. */
export const CABECERA_FECHA = 'x-consola-fecha';
export const CABECERA_FIRMA = 'x-consola-firma';
export const CABECERA_IDEMPOTENCIA_ENTRADA = 'idempotency-key';
/** The attempt a call outcome belongs to, echoed from the outbound call's X-Consola-Intento (or the body's `intento`). */
export const CABECERA_INTENTO_ENTRADA = 'x-consola-intento';

/** The saved, non-secret setting (key `entrada`). Secrets live in the keychain (cuentaSecretoEntrada). */
export interface EntradaSettings {
  activo?: boolean;
  escucharEn?: string;
  puerto?: number;
  /** When each route's secret was last created (ISO): shown on screen; the listener re-reads the keychain when it changes. */
  rotaciones?: Partial<Record<RutaEntrada, string>>;
}

export interface EntradaConfig {
  activo: boolean;
  escucharEn: string;
  puerto: number;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:]{2,39}$/i;

/** An address to listen on: an IPv4 or IPv6 literal (the OS refuses one that is not this machine's). */
export function esDireccionEscucha(valor: string): boolean {
  return IPV4.test(valor) || (IPV6.test(valor) && valor.includes(':'));
}

/** Only this machine can reach the listener (127.x, ::1). */
export function esLoopback(direccion: string): boolean {
  return /^127\./.test(direccion) || direccion === '::1';
}

/** Every interface (0.0.0.0, ::): no single address to paste into n8n. */
export function esTodasLasInterfaces(direccion: string): boolean {
  return direccion === '0.0.0.0' || direccion === '::';
}

export const puertoEntrada = z.number({ message: t.puertoInvalido }).int(t.puertoInvalido).min(1024, t.puertoInvalido).max(65535, t.puertoInvalido);
export const direccionEntrada = z.string({ message: t.direccionInvalida }).trim().max(45, t.direccionInvalida).refine(esDireccionEscucha, t.direccionInvalida);

/** The setting with its defaults; a malformed saved value falls back to the default. */
export function configEntrada(saved: EntradaSettings | undefined): EntradaConfig {
  const escucharEn = typeof saved?.escucharEn === 'string' && esDireccionEscucha(saved.escucharEn) ? saved.escucharEn : ENTRADA_HOST_PREDETERMINADO;
  const puerto = puertoEntrada.safeParse(saved?.puerto).success ? (saved!.puerto as number) : ENTRADA_PUERTO_PREDETERMINADO;
  return { activo: saved?.activo === true, escucharEn, puerto };
}

/** http://host:port with an IPv6 literal in brackets. */
export function origenHttp(direccion: string, puerto: number): string {
  return `http://${direccion.includes(':') ? `[${direccion}]` : direccion}:${puerto}`;
}

/** The address to paste into n8n for a route (every interface → a placeholder for this machine's IP). */
export function urlEntrada(direccion: string, puerto: number, ruta: RutaEntrada): string {
  const host = esTodasLasInterfaces(direccion) ? t.ipDeEsteEquipo : direccion;
  return `${origenHttp(host, puerto)}${rutaHttp(ruta)}`;
}

// ---------------------------------------------------------------------------------------------------
// What n8n posts. Unknown fields are ignored; numbers may come as numeric text (n8n often sends them so).

const texto = (campo: string, max: number) =>
  z.string({ message: t.campoInvalido(campo, t.textoHasta(max)) }).max(max, t.campoInvalido(campo, t.textoHasta(max)));

const numeroTexto = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d+)?$/)
  .transform(Number);

const noNegativo = (campo: string, entero: boolean) =>
  z
    .union([z.number(), numeroTexto], { message: t.campoInvalido(campo, entero ? t.numeroEntero : t.numeroPositivo) })
    .refine((n) => Number.isFinite(n) && n >= 0 && n <= (entero ? 2_147_483_647 : 99_999_999), t.campoInvalido(campo, entero ? t.numeroEntero : t.numeroPositivo))
    .transform((n) => (entero ? Math.round(n) : n));

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Audio as base64 (a data: URL prefix and line breaks are tolerated and dropped); empty = no audio. */
const audio = z
  .string({ message: t.campoInvalido('audio', t.audioBase64) })
  .transform((v) => v.replace(/^data:[\w/.+-]+;base64,/, '').replace(/\s+/g, ''))
  .refine((v) => v.length % 4 === 0 && BASE64.test(v), t.campoInvalido('audio', t.audioBase64));

/** A call outcome (POST /entrada/llamadas), upserted by conversation_id: a field left out keeps its stored value. */
export const resultadoLlamadaEntrada = z.object(
  {
    conversation_id: z
      .string({ message: t.faltaConversacion })
      .trim()
      .min(1, t.faltaConversacion)
      .max(200, t.faltaConversacion),
    phone: texto('phone', 40).trim().nullable().optional(),
    campana: z
      .union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().trim().regex(/^[1-9]\d{0,15}$/).transform(Number)], {
        message: t.campoInvalido('campana', t.campanaNumero),
      })
      .nullable()
      .optional(),
    // The attempt (the outbound call's X-Consola-Intento): the outcome lands on its campaign, client and batch item.
    intento: z
      .string({ message: t.campoInvalido('intento', t.intentoId) })
      .trim()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, t.campoInvalido('intento', t.intentoId))
      .transform((v) => v.toLowerCase())
      .nullable()
      .optional(),
    status: texto('status', 100).trim().nullable().optional(),
    resultado: texto('resultado', 500).trim().nullable().optional(),
    agent_id: texto('agent_id', 200).trim().nullable().optional(),
    duration_call_seg: noNegativo('duration_call_seg', true).nullable().optional(),
    costo: noNegativo('costo', false).nullable().optional(),
    summary: texto('summary', 100_000).nullable().optional(),
    transcript: z.unknown().optional(),
    audio: audio.nullable().optional(),
  },
  { message: t.cuerpoObjeto },
);
export type ResultadoLlamadaEntrada = z.output<typeof resultadoLlamadaEntrada>;

/** A chat-memory row (POST /entrada/mensajes) for a registered message table. */
export const mensajeEntrada = z.object(
  {
    tabla: z
      .string({ message: t.faltaTabla })
      .trim()
      .min(1, t.faltaTabla)
      .max(63, t.campoInvalido('tabla', t.tablaNombre))
      .regex(/^[a-z][a-z0-9_]*$/, t.campoInvalido('tabla', t.tablaNombre)),
    session_id: z.string({ message: t.faltaSesion }).min(1, t.faltaSesion).max(255, t.faltaSesion).refine((v) => v.trim() !== '', t.faltaSesion),
    message: z.record(z.string(), z.unknown(), { message: t.mensajeObjeto }),
  },
  { message: t.cuerpoObjeto },
);

/**
 * A call outcome's body with its attempt from the X-Consola-Intento header when the body does not carry one (n8n
 * may echo the header instead of adding a field). Anything but an object is returned as it is (zod refuses it).
 */
export function conIntentoDeCabecera(cuerpo: unknown, cabecera: string | string[] | undefined): unknown {
  const intento = typeof cabecera === 'string' ? cabecera.trim() : '';
  if (!intento || !cuerpo || typeof cuerpo !== 'object' || Array.isArray(cuerpo)) return cuerpo;
  const c = cuerpo as Record<string, unknown>;
  return c.intento === undefined || c.intento === null ? { ...c, intento } : c;
}

/** The fields of a call outcome as the SQL function receives them: only those the body sent (a left-out one keeps its value). */
export function datosLlamada(cuerpo: Record<string, unknown>, valido: ResultadoLlamadaEntrada): Record<string, unknown> {
  const datos: Record<string, unknown> = { conversation_id: valido.conversation_id };
  for (const campo of ['phone', 'campana', 'intento', 'status', 'resultado', 'agent_id', 'duration_call_seg', 'costo', 'summary', 'transcript', 'audio'] as const) {
    if (Object.prototype.hasOwnProperty.call(cuerpo, campo)) datos[campo] = valido[campo] ?? null;
  }
  return datos;
}

/** What Configuración → Conexión shows (the answer of conexion.entrada). */
export const entradaInfoSchema = z.object({
  /** Only the embedded database is written through the endpoint (hosted: n8n writes the tables itself). */
  disponible: z.boolean(),
  activo: z.boolean(),
  escucharEn: z.string(),
  puerto: z.number(),
  /** Per route: the address to paste into n8n (where it listens now, else where it will), and its secret's state. */
  rutas: z.array(z.object({ ruta: z.enum(RUTAS_ENTRADA), url: z.string(), secreto: z.boolean(), rotadoEn: z.string().nullable() })),
  /** Where this process listens now, as an origin (http://127.0.0.1:5181), or null. */
  escuchando: z.string().nullable(),
  /** 'inmediata' where a listener follows the setting (desktop, serve-cli), else 'al_reiniciar'. */
  aplicacion: z.enum(['inmediata', 'al_reiniciar']),
  /** This run was told where to listen on the command line (serve-cli --entrada-port), which wins over the setting. */
  fijadoAlIniciar: z.boolean(),
  /** Why the listener could not open (Spanish), or null. */
  error: z.string().nullable(),
});
export type EntradaInfo = z.infer<typeof entradaInfoSchema>;

/** The listener's live state is the EntradaPort's (src/shared/ports/entrada.ts). */
export type { EstadoEntrada } from '../../ports/entrada';

/** The schema of conexion.guardarEntrada (also used by the listener's controller to read a saved value). */
export const guardarEntrada = z.object({
  activo: z.boolean(),
  escucharEn: direccionEntrada,
  puerto: puertoEntrada,
});
