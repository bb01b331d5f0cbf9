/**
 * The hosted backend: a Supabase project (URL + anon key) reached with supabase-js from the main process.
 * Each signed-in operator gets a supabase client whose session is kept in the OS keychain; the renderer
 * only ever holds our own opaque token (per window, or in an HttpOnly cookie), never Supabase's tokens.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createClient, type RealtimeClientOptions, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Backend, EstadoCambios } from '../../../shared/ports';
import { OPERATOR_SESSION_HOURS, type AuthPort, type AuthSession, type LoginLock, type MfaPort } from '../../../shared/ports/auth';
import type { SecretsPort } from '../../../shared/ports/secrets';
import type { StoragePort } from '../../../shared/ports/storage';
import type { FunctionsPort } from '../../../shared/ports/functions';
import { operador, type Operator } from '../../../shared/ports/operador';
import { NO_LOCK, normalizeEmail, sameLock } from '../../../shared/areas/auth/rules';
import { crearEjecutorSupabase } from '../../../shared/consultas/supabase-executor';
import { AppError } from '../../../shared/errors';
import { es } from '../../../shared/i18n/es';
import { keychainStorage } from './keychain-storage';
import { seguirRealtime, TABLAS_REALTIME } from '../../cambios/realtime';

export interface HostedConfig {
  url: string;
  /** The project's anon key: read from the keychain by the caller, never from settings. */
  anonKey: string;
}

interface LiveSession {
  client: SupabaseClient;
  operator: Operator;
  expiresAt: string;
  storagePrefix: string;
  /** When the profile (role, active) was last read, in ms. */
  checkedAt: number;
  /** Supabase Auth's session id (the token's session_id claim). */
  sessionId?: string;
  /** The session's level: 'aal2' once a TOTP code was verified in it (Supabase's token then says so). */
  aal: 'aal1' | 'aal2';
  /** The operator has a verified factor and this session has not verified a code yet. */
  mfaPendiente: boolean;
}

/** The claims of a Supabase access token (read, not verified: it came from Supabase over TLS, to this process). */
function claimsDeToken(token: string | undefined): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * A TOTP code stays valid for up to 90 s (its step and one either side), and Supabase Auth accepts it again on a
 * new challenge while it is. The console refuses a code it has already accepted for the same operator within this
 * time (kept in this process: another console process does not see it).
 */
const CODIGO_USADO_MS = 120_000;

/** What Supabase Auth's MFA answers mean for the person (a wrong or expired code, a missing level). */
function errorMfa(error: { status?: number; code?: string } | null): AppError | null {
  if (!error) return null;
  if (error.status === undefined || error.status === 0 || error.status >= 500) return new AppError('unavailable', es.errores.servidorDatosNoDisponible);
  return new AppError('validation', es.seguridad.codigoIncorrecto);
}

/**
 * How long a hosted session trusts the profile it read: another administrator may change the role or
 * deactivate the operator meanwhile. Read again at most this often (one PostgREST request), so a change is
 * felt within seconds without a request per call.
 */
const PROFILE_RECHECK_MS = 5_000;

type Perfil = { nombre: unknown; es_admin: unknown; activo?: unknown };

/** The operator's own profile row (RLS lets anyone read his own, active or not), or null when there is none. */
async function readProfile(client: SupabaseClient, userId: string): Promise<{ perfil: Perfil | null; error: boolean }> {
  const { data, error } = await client.from('perfiles').select('nombre, es_admin, activo').eq('id', userId).maybeSingle();
  return { perfil: (data as Perfil | null) ?? null, error: Boolean(error) };
}

/** An Edge Function that has not answered in this long is given up (the operator can try again). */
const FUNCTION_TIMEOUT_MS = 30_000;

/**
 * Live screens use Realtime (postgres_changes) over a WebSocket. Electron's main process has a global one; Node
 * 20 (serve-cli, a web install, the tests) has none, and there the `ws` package is the transport, so a web
 * install on hosted gets live updates too. supabase-js builds its realtime client eagerly but connects only when
 * a channel subscribes (only the operators' clients ever do).
 */
const TRANSPORTE_REALTIME =
  typeof globalThis.WebSocket !== 'undefined' ? {} : { realtime: { transport: WebSocket as unknown as NonNullable<RealtimeClientOptions['transport']> } };

/**
 * Subscribes one operator's client to the screens' tables (one channel, one postgres_changes binding per
 * table; RLS decides what it may see) and reports whether the channel really listens: 'en-vivo' only on
 * SUBSCRIBED (again after each rejoin realtime-js makes on its own), 'sin-conexion' on an error, a timeout or
 * its closing. Answers its removal.
 */
export function abrirRealtime(client: SupabaseClient, avisar: (tabla: string) => void, alEstado: (estado: EstadoCambios) => void = () => {}): () => void {
  let canal = client.channel('consola-cambios');
  for (const tabla of Object.keys(TABLAS_REALTIME)) {
    canal = canal.on('postgres_changes', { event: '*', schema: 'public', table: tabla }, () => avisar(tabla));
  }
  canal.subscribe((estado) => alEstado(estado === 'SUBSCRIBED' ? 'en-vivo' : 'sin-conexion'));
  return () => void client.removeChannel(canal).catch(() => undefined);
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export function crearBackendAlojado(config: HostedConfig, secrets: SecretsPort, now: () => Date = () => new Date()): Backend {
  const sessions = new Map<string, LiveSession>();
  // Lockout counters of the hosted mode live in this process (Supabase adds its own rate limits).
  const locks = new Map<string, LoginLock>();
  // Row changes for the live screens, over the client of one signed-in operator (Realtime applies RLS).
  const realtime = seguirRealtime<SupabaseClient>(abrirRealtime);

  function newClient(storagePrefix: string): SupabaseClient {
    return createClient(config.url, config.anonKey, {
      auth: {
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: false,
        storage: keychainStorage(secrets, storagePrefix),
      },
      ...TRANSPORTE_REALTIME,
    });
  }

  /** A client whose session lives in memory only (the anon portal client, a throwaway password check). */
  function sessionlessClient(): SupabaseClient {
    return createClient(config.url, config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      ...TRANSPORTE_REALTIME,
    });
  }

  // Codes this process accepted lately, per operator (see CODIGO_USADO_MS).
  const codigosUsados = new Map<string, number>();
  const yaUsado = (usuario: string, codigo: string) => {
    const ahora = now().getTime();
    for (const [clave, hasta] of codigosUsados) if (hasta <= ahora) codigosUsados.delete(clave);
    return codigosUsados.has(`${usuario}:${codigo}`);
  };
  const marcarUsado = (usuario: string, codigo: string) => codigosUsados.set(`${usuario}:${codigo}`, now().getTime() + CODIGO_USADO_MS);

  const vivo = (token: string): LiveSession => {
    const live = sessions.get(hash(token));
    if (!live) throw new AppError('unauthenticated', es.login.sesionExpirada);
    return live;
  };

  /** The operator's TOTP factors, as Supabase Auth has them now (listFactors reads /user). */
  async function factoresDe(live: LiveSession) {
    const { data, error } = await live.client.auth.mfa.listFactors();
    if (error) throw new AppError('unavailable', es.errores.servidorDatosNoDisponible);
    return { verificado: data.totp[0] ?? null, sinVerificar: data.all.filter((f) => f.factor_type === 'totp' && f.status !== 'verified') };
  }

  /**
   * One code, once: a challenge of the factor and its verification (Supabase raises the session to aal2 and the
   * client keeps the new token). False when the code is wrong, outside its window, or already used here.
   */
  async function verificarCodigo(live: LiveSession, factorId: string, codigo: string): Promise<boolean> {
    const limpio = codigo.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(limpio) || yaUsado(live.operator.id, limpio)) return false;
    const { error } = await live.client.auth.mfa.challengeAndVerify({ factorId, code: limpio });
    const problema = errorMfa(error as { status?: number } | null);
    if (problema?.code === 'unavailable') throw problema;
    if (problema) return false;
    marcarUsado(live.operator.id, limpio);
    live.aal = 'aal2';
    live.mfaPendiente = false;
    return true;
  }

  /**
   * Supabase Auth's TOTP (auth.mfa). Supabase gives no recovery codes: confirmar answers none, and an operator who
   * lost his phone asks an administrator to reset his factor (seguridad_restablecer_dos_pasos).
   */
  const mfa: MfaPort = {
    async estado(token) {
      const { verificado } = await factoresDe(vivo(token));
      return { activo: verificado !== null, codigosRestantes: null };
    },

    async iniciar(token) {
      const live = vivo(token);
      const { verificado, sinVerificar } = await factoresDe(live);
      if (verificado) throw new AppError('conflict', es.seguridad.yaActiva);
      // An enrolment left half-way (the window closed) is dropped first: Supabase refuses a second factor with the same name.
      for (const f of sinVerificar) await live.client.auth.mfa.unenroll({ factorId: f.id });
      const { data, error } = await live.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Consola de Automatización', issuer: 'Consola de Automatización' });
      if (error || !data || data.type !== 'totp') throw errorMfa(error as { status?: number } | null) ?? new AppError('unavailable', es.errores.servidorDatosNoDisponible);
      return { uri: data.totp.uri, secreto: data.totp.secret, factorId: data.id };
    },

    async confirmar(token, codigo) {
      const live = vivo(token);
      const { verificado, sinVerificar } = await factoresDe(live);
      if (verificado) throw new AppError('conflict', es.seguridad.yaActiva);
      const factor = sinVerificar.at(-1);
      if (!factor) throw new AppError('validation', es.seguridad.sinInscripcion);
      if (!(await verificarCodigo(live, factor.id, codigo))) throw new AppError('validation', es.seguridad.codigoIncorrecto);
      return { codigosRecuperacion: [] };
    },

    async verificar(token, codigo) {
      const live = vivo(token);
      const { verificado } = await factoresDe(live);
      if (!verificado) return false;
      return verificarCodigo(live, verificado.id, codigo);
    },

    async desactivar(token, codigo) {
      const live = vivo(token);
      const { verificado } = await factoresDe(live);
      if (!verificado) throw new AppError('validation', es.seguridad.noActiva);
      // Supabase unenrols a verified factor only from an aal2 session: the code proves it now.
      if (!(await verificarCodigo(live, verificado.id, codigo))) return false;
      const { error } = await live.client.auth.mfa.unenroll({ factorId: verificado.id });
      if (error) throw errorMfa(error as { status?: number } | null) ?? new AppError('unavailable', es.errores.servidorDatosNoDisponible);
      // Supabase has lowered the session to aal1; a fresh token says so to the database too.
      await live.client.auth.refreshSession().catch(() => undefined);
      live.aal = 'aal1';
      return true;
    },
  };

  // Sessions closed in SQL (Configuración → Seguridad): every session this process holds checks itself on its
  // next use instead of trusting its last check, so the one just closed ends at once here.
  const oyentesSesiones = new Set<() => void>();
  const sesionesTerminadas = {
    suscribir(oyente: () => void) {
      oyentesSesiones.add(oyente);
      return () => void oyentesSesiones.delete(oyente);
    },
    avisar() {
      for (const live of sessions.values()) live.checkedAt = 0;
      for (const oyente of [...oyentesSesiones]) oyente();
    },
  };

  const auth: AuthPort = {
    mfa,
    sesionesTerminadas,
    // Operators of a hosted project are invited from Supabase; the first-run screen is for the embedded one.
    needsSetup: async () => false,
    async createFirstAdmin() {
      throw new AppError('config', es.errores.alojadoSinPrimerAdmin);
    },

    async verifyPassword(email, password): Promise<AuthSession | null> {
      const storagePrefix = `supabase-sesion-${randomBytes(8).toString('hex')}`;
      const client = newClient(storagePrefix);
      const { data, error } = await client.auth.signInWithPassword({ email: normalizeEmail(email), password });
      if (error || !data.user) {
        if (error && (error.status === undefined || error.status === 0 || error.status >= 500)) {
          throw new AppError('unavailable', es.errores.servidorDatosNoDisponible);
        }
        return null;
      }
      const { perfil, error: perfilError } = await readProfile(client, data.user.id);
      if (perfilError || !perfil || perfil.activo === false) {
        await client.auth.signOut().catch(() => undefined);
        throw new AppError('forbidden', perfil?.activo === false ? es.operadores.cuentaDesactivada : es.errores.sinPerfilOperador);
      }
      const operator = operador({
        id: data.user.id,
        email: data.user.email ?? normalizeEmail(email),
        nombre: String(perfil.nombre),
        esAdmin: Boolean(perfil.es_admin),
        createdAt: data.user.created_at,
      });
      // A verified factor makes sign-in two steps: Supabase's token stays aal1 until a code is verified.
      const { data: factores, error: factoresError } = await client.auth.mfa.listFactors();
      if (factoresError) {
        await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
        throw new AppError('unavailable', es.errores.servidorDatosNoDisponible);
      }
      const claims = claimsDeToken(data.session?.access_token);
      const aal = claims.aal === 'aal2' ? 'aal2' : 'aal1';
      const mfaPendiente = factores.totp.length > 0 && aal !== 'aal2';
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + OPERATOR_SESSION_HOURS * 3_600_000).toISOString();
      const sessionId = typeof claims.session_id === 'string' ? claims.session_id : undefined;
      sessions.set(hash(token), { client, operator, expiresAt, storagePrefix, checkedAt: now().getTime(), aal, mfaPendiente, ...(sessionId ? { sessionId } : {}) });
      realtime.agregarCliente(client);
      return { token, operator, expiresAt, aal, ...(sessionId ? { sessionId } : {}), ...(mfaPendiente ? { mfaPendiente: true } : {}) };
    },

    async getSession(token) {
      const live = sessions.get(hash(token));
      if (!live) return null;
      if (new Date(live.expiresAt).getTime() <= now().getTime()) {
        await auth.signOut(token);
        return null;
      }
      if (now().getTime() - live.checkedAt >= PROFILE_RECHECK_MS) {
        // The profile (role, active) and the session itself: closed from Configuración → Seguridad (its row in
        // auth.sessions deleted, by this or another console), Supabase Auth answers session_not_found (403).
        const [{ perfil, error }, usuario] = await Promise.all([readProfile(live.client, live.operator.id), live.client.auth.getUser()]);
        const estado = (usuario.error as { status?: number } | null)?.status;
        if (estado !== undefined && estado >= 400 && estado < 500) {
          await auth.signOut(token);
          return null;
        }
        // A failed read (network) keeps the session; no profile or a deactivated one ends it.
        if (!error) {
          if (!perfil || perfil.activo === false) {
            await auth.signOut(token);
            return null;
          }
          live.operator = operador({ ...live.operator, nombre: String(perfil.nombre), esAdmin: Boolean(perfil.es_admin) });
          live.checkedAt = now().getTime();
        }
      }
      return {
        token,
        operator: live.operator,
        expiresAt: live.expiresAt,
        aal: live.aal,
        ...(live.sessionId ? { sessionId: live.sessionId } : {}),
        ...(live.mfaPendiente ? { mfaPendiente: true } : {}),
      };
    },

    async endSessions(userId, keepToken) {
      const keep = keepToken ? hash(keepToken) : null;
      const ending = [...sessions.entries()].filter(([key, live]) => live.operator.id === userId && key !== keep);
      for (const [key, live] of ending) {
        sessions.delete(key);
        realtime.quitarCliente(live.client);
        await live.client.auth.signOut({ scope: 'local' }).catch(() => undefined);
      }
    },

    async signOut(token) {
      const live = sessions.get(hash(token));
      if (!live) return;
      sessions.delete(hash(token));
      realtime.quitarCliente(live.client);
      // signOut clears the keychain entry through the storage adapter, even if the network call fails.
      await live.client.auth.signOut({ scope: 'local' }).catch(() => undefined);
    },

    getLoginLock: async (email) => locks.get(normalizeEmail(email)) ?? NO_LOCK,
    // Compare and set with no await in between: this process runs it as one step, so parallel attempts
    // cannot both see the same count.
    swapLoginLock: async (email, expected, next) => {
      const key = normalizeEmail(email);
      if (!sameLock(locks.get(key) ?? NO_LOCK, expected)) return false;
      if (sameLock(next, NO_LOCK)) locks.delete(key);
      else locks.set(key, { ...next });
      return true;
    },

    async changePassword(token, currentPassword, newPassword) {
      const live = sessions.get(hash(token));
      if (!live) throw new AppError('unauthenticated', es.login.sesionExpirada);
      // Supabase's updateUser only needs the new password; the current one is checked first with a
      // throwaway client whose session lives in memory only and is ended at once.
      const probe = sessionlessClient();
      const { data, error } = await probe.auth.signInWithPassword({ email: live.operator.email, password: currentPassword });
      if (error || !data.user) {
        if (error && (error.status === undefined || error.status === 0 || error.status >= 500)) {
          throw new AppError('unavailable', es.errores.servidorDatosNoDisponible);
        }
        return false;
      }
      await probe.auth.signOut({ scope: 'local' }).catch(() => undefined);
      const { error: updateError } = await live.client.auth.updateUser({ password: newPassword });
      if (updateError) throw new AppError('validation', updateError.message || es.configuracion.errorCambiar);
      return true;
    },

  };

  /** Supabase Storage with the operator's own client (the bucket's policies apply). */
  function storageOf(client: SupabaseClient): StoragePort {
    return {
      async upload(bucket, path, bytes, options) {
        const { error } = await client.storage.from(bucket).upload(path, bytes, {
          contentType: options.contentType,
          cacheControl: String(options.cacheControlSeconds),
          upsert: false,
        });
        if (error) {
          // Supabase answers a duplicate as 400 with statusCode '409' ("Duplicate"), or as a plain 409.
          const e = error as { status?: number; statusCode?: string | number; message?: string };
          const duplicate = e.status === 409 || String(e.statusCode) === '409' || /duplicate|already exists/i.test(e.message ?? '');
          throw new AppError(duplicate ? 'conflict' : 'unavailable', duplicate ? es.errores.registroDuplicado : es.errores.errorDatos);
        }
      },
      async download(bucket, path) {
        const { data, error } = await client.storage.from(bucket).download(path);
        if (error || !data) throw new AppError('not_found', es.marketing.archivoNoEncontrado);
        return new Uint8Array(await data.arrayBuffer());
      },
      async remove(bucket, paths) {
        const { error } = await client.storage.from(bucket).remove(paths);
        if (error) throw new AppError('unavailable', es.errores.errorDatos);
      },
    };
  }

  /** Edge Functions with the operator's own client (its access token goes as the bearer). */
  function functionsOf(client: SupabaseClient): FunctionsPort {
    return {
      async invoke(name, body, options) {
        const { data, error } = await client.functions.invoke(name, { body, timeout: options?.timeoutMs ?? FUNCTION_TIMEOUT_MS });
        if (error) {
          const status = (error as { context?: { status?: number } }).context?.status;
          if (status === 404) throw new AppError('not_found', es.errores.funcionNoDisponible(name));
          throw new AppError('unavailable', es.errores.funcionNoDisponible(name));
        }
        // supabase-js parses by Content-Type: JSON, text, or a Blob for application/octet-stream.
        return data instanceof Blob ? new Uint8Array(await data.arrayBuffer()) : data;
      },
    };
  }

  /** The signed-in operator's supabase client, for every port that acts as them. */
  function clientOf(session: AuthSession): SupabaseClient {
    const live = sessions.get(hash(session.token));
    if (!live) throw new AppError('unauthenticated', es.login.sesionExpirada);
    return live.client;
  }

  // The company portal's functions are called as anon: one client without any session.
  let anonClient: SupabaseClient | null = null;

  return {
    kind: 'hosted',
    auth,
    anonData(clientAddress) {
      if (clientAddress) {
        // The visitor's address goes first in X-Forwarded-For (Supabase's proxies append theirs after it), where
        // the portal login reads it: otherwise every visitor served by this host would count as this host.
        return crearEjecutorSupabase(
          createClient(config.url, config.anonKey, {
            auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
            global: { headers: { 'x-forwarded-for': clientAddress } },
            ...TRANSPORTE_REALTIME,
          }),
        );
      }
      anonClient ??= sessionlessClient();
      return crearEjecutorSupabase(anonClient);
    },
    dataFor: (session) => crearEjecutorSupabase(clientOf(session)),
    storageFor: (session) => storageOf(clientOf(session)),
    functionsFor: (session) => functionsOf(clientOf(session)),
    cambios: realtime.cambios,
    secrets,
    now,
  };
}
