/**
 * One mapping from a database failure (a Postgres SQLSTATE, a PostgREST PGRST code, or a network failure) to
 * the AppError a person sees, shared by the SQL executor and the Supabase executor so both answer the same.
 * Messages are Spanish (es.errores); the SQL text, the constraint names and stacks never reach people.
 */
import { AppError } from '../errors';
import { errores } from "../textos";
import { seguridad } from "../areas/seguridad/texts";
import { login } from "../areas/auth/texts";

export interface ErrorContext {
  /** The table or view the query was about, for "unknown table/column" messages. */
  table?: string;
  /** The function an rpc called. */
  fn?: string;
}

export interface RawDbError {
  code?: string;
  message?: string;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** SQLSTATE classes / codes that are about the input a person sent. */
const INVALID_INPUT = new Set([
  '23502', // not_null_violation
  '23514', // check_violation
  '23P01', // exclusion_violation
  '42804', // datatype_mismatch
  '42846', // cannot_coerce
  '42P10', // invalid_column_reference (no unique constraint for ON CONFLICT)
  '42P18', // indeterminate_datatype
  '42725', // ambiguous_function
  '428C9', // generated_always
  '2BP01', // dependent_objects_still_exist
]);

function unknownColumnFrom(message: string | undefined): string | undefined {
  if (!message) return undefined;
  // Postgres: column "x" does not exist / column t.x does not exist / column "x" of relation "t" does not exist
  const pg = /column "?([^"\s]+)"?(?: of relation "[^"]*")? does not exist/.exec(message);
  if (pg?.[1]) return pg[1].includes('.') ? pg[1].slice(pg[1].lastIndexOf('.') + 1) : pg[1];
  // PostgREST: Could not find the 'x' column of 't' in the schema cache
  const rest = /Could not find the '([^']+)' column/.exec(message);
  return rest?.[1];
}

/** Builds the AppError for a database/PostgREST failure. `raw` is whatever was thrown or returned. */
export function mapDbError(raw: RawDbError, context: ErrorContext = {}): AppError {
  const code = typeof raw.code === 'string' ? raw.code : '';
  const sqlstate = { sqlstate: code || undefined };
  /** Input the database refused: the message that names what was wrong when there is one, else the generic one. */
  const entradaRechazada = (mensaje: string | null | undefined) => new AppError('validation', mensaje || errores.entradaInvalida, sqlstate);

  if (NETWORK_CODES.has(code)) return new AppError('unavailable', errores.servidorDatosNoDisponible);

  switch (code) {
    case '23505':
      return new AppError('conflict', errores.registroDuplicado, sqlstate);
    case '23503':
      return new AppError('validation', errores.registroRelacionado, sqlstate);
    case '42501':
      return new AppError('forbidden', errores.sinPermiso, sqlstate);
    case 'C2FA1':
      // exigir_admin(): the agency demands a second factor of administrators and this session has none.
      return new AppError('forbidden', seguridad.exigeDosPasos, sqlstate);
    case 'P0001':
      // RAISE EXCEPTION from our own SQL functions: their messages are Spanish and meant for people.
      return entradaRechazada(raw.message?.trim());
    case '42P01':
    case 'PGRST205':
      return entradaRechazada(context.table ? errores.tablaDesconocida(context.table) : null);
    case '42703':
    case 'PGRST204': {
      const column = unknownColumnFrom(raw.message);
      return entradaRechazada(column && context.table ? errores.columnaDesconocida(context.table, column) : null);
    }
    case '42883':
    case 'PGRST202':
      return entradaRechazada(context.fn ? errores.funcionDesconocida(context.fn) : null);
    case 'PGRST100': // the request could not be parsed
    case 'PGRST102': // invalid body
    case 'PGRST200': // no relationship
    case 'PGRST201':
    case 'PGRST203': // ambiguous overload
      return new AppError('validation', errores.entradaInvalida, sqlstate);
    case 'PGRST103': // requested range not satisfiable
    case '2201W': // invalid_row_count_in_limit_clause
    case '2201X': // invalid_row_count_in_result_offset_clause
      return new AppError('validation', errores.rangoInvalido, sqlstate);
    case 'PGRST301':
    case 'PGRST302':
    case 'PGRST303':
      return new AppError('unauthenticated', login.sesionExpirada, sqlstate);
    case '57014': // query_canceled (statement timeout)
      return new AppError('unavailable', errores.servidorDatosNoDisponible, sqlstate);
    default:
      break;
  }
  if (INVALID_INPUT.has(code) || code.startsWith('22')) {
    // 22xxx data exceptions: 22P02 invalid text, 22001 too long, 22003 out of range, 22007 bad date, 22021 NUL...
    return new AppError('validation', errores.entradaInvalida, sqlstate);
  }
  if (code.startsWith('08') || code.startsWith('53') || code.startsWith('57P') || code === 'PGRST000' || code === 'PGRST001' || code === 'PGRST002' || code === 'PGRST003') {
    // connection exceptions, insufficient resources, server shutting down, PostgREST cannot reach Postgres
    return new AppError('unavailable', errores.servidorDatosNoDisponible, sqlstate);
  }
  return new AppError('internal', errores.errorDatos, sqlstate);
}

/** Reads code/message off anything thrown by node-postgres or PGlite. */
export function rawFromThrown(error: unknown): RawDbError {
  if (error && typeof error === 'object') {
    const e = error as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof e.code === 'string' ? e.code : undefined;
    const message = typeof e.message === 'string' ? e.message : undefined;
    if (!code && e.cause && typeof e.cause === 'object') {
      const inner = rawFromThrown(e.cause);
      if (inner.code) return inner;
    }
    return { code, message };
  }
  return {};
}
