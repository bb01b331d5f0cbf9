/**
 * The hosted project's database, as the move reaches it: its connection string checked against the project
 * configured in Conexión, and a node-postgres client with TLS for anything that is not this computer.
 *
 * The string carries the database password: it is only ever read from the keychain and handed to pg here; it
 * never goes into settings, logs or error messages (a pg error's text is not shown, only our Spanish one).
 */
import pg from 'pg';
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
  return url;
}

/**
 * A client of the target database. TLS whenever the host is not this computer. Supabase signs its database
 * certificates with its own root (not in Node's store), so the chain is verified only when the string asks for it
 * (`sslmode=verify-full` / `verify-ca` with `sslrootcert=<file>`, handled by pg); otherwise the link is
 * encrypted without checking who answers.
 */
export function clienteDestino(conexion: string): pg.Client {
  const url = new URL(conexion.trim());
  const modo = url.searchParams.get('sslmode');
  const verifica = modo === 'verify-full' || modo === 'verify-ca';
  const ssl = esLocal(url) && !modo ? false : verifica ? undefined : { rejectUnauthorized: false };
  if (!verifica) url.searchParams.delete('sslmode');
  return new pg.Client({
    connectionString: url.toString(),
    ...(ssl === undefined ? {} : { ssl }),
    connectionTimeoutMillis: 15_000,
    // A link that dies silently (a laptop's network switching) is noticed instead of waiting forever.
    keepAlive: true,
    application_name: 'consola-traslado',
  });
}

/** A pg error (or a socket one) as the Spanish text the administrator reads; null when it is not about reaching the server. */
export function errorDeConexion(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
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
