/**
 * The hosted project's database, as the move reaches it: its connection string checked against the project
 * configured in Conexión, and a node-postgres client that verifies the server before any password is sent.
 *
 * The string carries the database password: it is only ever read from the keychain and handed to pg here; it
 * never goes into settings, logs or error messages (a pg error's text is not shown, only our Spanish one).
 */
import { readFileSync } from 'node:fs';
import { Socket } from 'node:net';
import pg from 'pg';
import { CA_SUPABASE_2021 } from './ca-supabase';
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';

const t = () => es.datos.traslado;

const LOCALES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The project ref of a Supabase address (`https://<ref>.supabase.co`), or null for another host. */
export function refDeProyecto(supabaseUrl: string): string | null {
  try {
    const m = /^([a-z0-9]{6,40})\.supabase\.(co|in)$/i.exec(new URL(supabaseUrl).hostname);
    return m ? m[1]!.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * The project ref a connection string points at: `db.<ref>.supabase.co` (direct), or the pooler's user
 * `postgres.<ref>` on `*.pooler.supabase.com`; null when the host is not Supabase's (a self-hosted server).
 */
export function refDeConexion(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  const directa = /^db\.([a-z0-9]{6,40})\.supabase\.(co|in)$/.exec(host);
  if (directa) return directa[1]!;
  if (/\.supabase\.(co|com|in)$/.test(host)) {
    const usuario = /^[^.]+\.([a-z0-9]{6,40})$/i.exec(decodeURIComponent(url.username));
    return usuario ? usuario[1]!.toLowerCase() : '';
  }
  return null;
}

export function esLocal(url: URL): boolean {
  return LOCALES.has(url.hostname.toLowerCase());
}

/**
 * Checks a connection string: postgres(ql)://, a host, and — when the host is Supabase's — the same project ref
 * as the configured project address. Returns the parsed URL. Spanish AppError otherwise.
 */
export function comprobarConexion(conexion: string, supabaseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(conexion.trim());
  } catch {
    throw new AppError('validation', t().conexionInvalida);
  }
  if (!['postgres:', 'postgresql:'].includes(url.protocol) || !url.hostname) throw new AppError('validation', t().conexionInvalida);
  const ref = refDeConexion(url);
  if (ref !== null && ref !== refDeProyecto(supabaseUrl)) throw new AppError('validation', t().otroProyecto);
  // Refused before anything is stored: a server that is neither this computer nor Supabase's needs its CA.
  if (!esLocal(url) && !esHostSupabase(url.hostname) && !url.searchParams.get('sslrootcert')?.trim()) throw new AppError('validation', t().faltaCa);
  return url;
}

/** A Supabase database host: the direct `db.<ref>.supabase.co` (any `*.supabase.co`) or the pooler `*.pooler.supabase.com`. */
export function esHostSupabase(host: string): boolean {
  const h = host.toLowerCase();
  return /^[a-z0-9.-]+\.supabase\.co$/.test(h) || /^[a-z0-9-]+\.pooler\.supabase\.com$/.test(h);
}

const PEM_CERTIFICADO = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;

/**
 * The certificate authority a server that is not Supabase's must prove itself with: the file the string's
 * `sslrootcert=<ruta>` names (libpq's own parameter, so the same string works with psql). Spanish AppError when
 * there is none or it is not a PEM certificate.
 */
function caDelAdministrador(url: URL): string {
  const ruta = url.searchParams.get('sslrootcert')?.trim();
  if (!ruta) throw new AppError('validation', t().faltaCa);
  let texto: string;
  try {
    texto = readFileSync(ruta, 'utf8');
  } catch {
    throw new AppError('validation', t().caIlegible);
  }
  if (!PEM_CERTIFICADO.test(texto)) throw new AppError('validation', t().caIlegible);
  return texto;
}

/** Where a test points the socket (a local stand-in server) while the name checked stays the string's host. */
export interface RedireccionPrueba {
  host: string;
  puerto: number;
}

/**
 * The password goes only through SCRAM (the server proves it knows the password's verifier; nothing reusable
 * crosses the line). A server that asks for it in clear text, or as an MD5 hash (as good as the password for
 * replaying), is answered with nothing: the connection is dropped with our Spanish error.
 */
class ClienteSoloScram extends pg.Client {}
for (const metodo of ['_handleAuthCleartextPassword', '_handleAuthMD5Password'] as const) {
  (ClienteSoloScram.prototype as unknown as Record<string, unknown>)[metodo] = function (this: { connection: { emit(e: string, error: unknown): void } }) {
    this.connection.emit('error', new AppError('config', t().contrasenaEnClaro));
  };
}

/**
 * A client of the target database; never sends the password before the server proved who it is.
 * - This computer (localhost, 127.0.0.1, ::1): no TLS unless the string asks (`sslmode`).
 * - Supabase (`*.supabase.co`, `*.pooler.supabase.com`): TLS verified in full (chain up to Supabase's root,
 *   shipped in ca-supabase.ts, and the host name), whatever the string's sslmode says.
 * - Any other server: TLS verified in full against the CA the administrator gives (`sslrootcert=<ruta>` in the
 *   string); without one the move is refused before connecting.
 * Throws a Spanish AppError for a refusal. `redirigir` is for tests only.
 */
export function clienteDestino(conexion: string, redirigir?: RedireccionPrueba): pg.Client {
  const url = new URL(conexion.trim());
  const host = url.hostname.toLowerCase();
  let ssl: pg.ClientConfig['ssl'];
  if (esLocal(url) && !url.searchParams.get('sslmode')) {
    ssl = false;
  } else if (esLocal(url) && !url.searchParams.get('sslrootcert')) {
    // This computer: encrypted when asked, and nothing leaves it.
    ssl = { rejectUnauthorized: false };
  } else {
    const ca = esHostSupabase(host) ? CA_SUPABASE_2021 : caDelAdministrador(url);
    ssl = { ca, rejectUnauthorized: true };
  }
  // pg would read sslmode/sslrootcert itself and relax what is set above: they are ours to interpret.
  for (const p of ['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'ssl']) url.searchParams.delete(p);
  return new ClienteSoloScram({
    connectionString: url.toString(),
    ssl,
    ...(redirigir ? { stream: () => socketRedirigido(redirigir) } : {}),
    connectionTimeoutMillis: 15_000,
    // A link that dies silently (a laptop's network switching) is noticed instead of waiting forever.
    keepAlive: true,
    application_name: 'consola-traslado',
  });
}

/** A socket that, asked to connect to the string's host, connects to the test's server instead. */
function socketRedirigido(destino: RedireccionPrueba): Socket {
  const socket = new Socket();
  const conectar = socket.connect.bind(socket);
  (socket as unknown as { connect: (...args: unknown[]) => Socket }).connect = () => conectar(destino.puerto, destino.host);
  return socket;
}

const ERRORES_CERTIFICADO = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);

/** A pg error (or a socket one) as the Spanish text the administrator reads; null when it is not about reaching the server. */
export function errorDeConexion(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && ERRORES_CERTIFICADO.has(code)) return new AppError('config', t().certificadoNoValido);
  // The server does not speak TLS although verification was asked for.
  if (error instanceof Error && /does not support SSL/i.test(error.message)) return new AppError('config', t().sinTls);
  if (code === '28P01' || code === '28000') return new AppError('config', t().autenticacion);
  if (
    typeof code === 'string' &&
    (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', '3D000'].includes(code) ||
      code.startsWith('08') ||
      code === '57P01')
  ) {
    return new AppError('unavailable', t().noSeConecta);
  }
  if (error instanceof Error && /timeout|terminat|Connection terminated|socket/i.test(error.message)) return new AppError('unavailable', t().noSeConecta);
  return null;
}
