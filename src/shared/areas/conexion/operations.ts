/** Configuración → Conexión, webhook part: addresses in settings, credentials in the keychain. */
import type { ApiDeps, AreaImplementation } from '../../operaciones/types';
import { soloAdministradores } from '../auth/roles';
import type { GuardarWebhook } from './contract';
import { AppError } from '../../errors';
import { auditar } from '../auditoria/registrar';
import {
  CONNECTION_SETTINGS_KEY,
  SUPABASE_ANON_KEY_ACCOUNT,
  type BackendInfo,
  type ConnectionSettings,
  WEBHOOK_NAMES,
  WEBHOOK_SETTINGS_KEY,
  webhookSecretAccount,
  type WebhookInfo,
  type WebhookName,
  type WebhookSecret,
  type WebhookSetting,
} from '../../domain/webhooks';
import { SERVIDOR_WEB_SETTINGS_KEY, type ServidorWebInfo, type ServidorWebSettings } from '../../domain/servidor-web';
import { hexAleatorio } from '../../operaciones/comun';
import { FUNCION_VERSION_ESQUEMA, esquemaAlDia } from '../../domain/esquema';
import {
  ENTRADA_SETTINGS_KEY,
  RUTAS_ENTRADA,
  configEntrada,
  cuentaSecretoEntrada,
  origenHttp,
  urlEntrada,
  type EntradaInfo,
  type EntradaSettings,
} from './entrada';
import { configuracion } from "../configuracion/texts";
import { errores } from "../../textos";
import { conexion } from "./texts";

function secretFrom(input: GuardarWebhook): WebhookSecret | null {
  switch (input.auth) {
    case 'bearer':
      return input.token ? { token: input.token } : null;
    case 'basic':
      return input.usuario ? { usuario: input.usuario, contrasena: input.contrasena ?? '' } : null;
    case 'cabeceras':
      return input.cabeceras && Object.keys(input.cabeceras).length > 0 ? { cabeceras: input.cabeceras } : null;
    default:
      return null;
  }
}

const PRUEBA_TIMEOUT_MS = 10_000;

/**
 * 'Probar conexión' (also 'Guardar y reconectar' and 'Mover a Supabase'): the project must accept the anon key
 * (Auth's settings, then the data API) and have the console's schema. The schema is asked through
 * `consola_version_esquema()`, the one function anon may execute: the tables are closed to anon, so reading one
 * with the anon key is refused (401, 42501) however right the key is. Each failure says which step failed and,
 * for the schema, that `supabase db push` is what fixes it. fetchFn is injectable for tests.
 */
export async function probarProyecto(url: string, anonKey: string, fetchFn: typeof fetch = (...a) => globalThis.fetch(...a)): Promise<string> {
  const t = configuracion;
  const base = url.replace(/\/+$/, '');
  const pedir = async (path: string, init: { method?: string; body?: string } = {}): Promise<{ status: number; body: unknown }> => {
    let res: Response;
    try {
      res = await fetchFn(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          apikey: anonKey,
          Authorization: `Bearer ${anonKey}`,
          Accept: 'application/json',
          ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(init.body !== undefined ? { body: init.body } : {}),
        signal: AbortSignal.timeout(PRUEBA_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      const name = (error as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new AppError('unavailable', t.pruebaTiempo);
      throw new AppError('unavailable', t.pruebaSinRed(base));
    }
    const text = await res.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = undefined; // not JSON at all
    }
    return { status: res.status, body };
  };

  const auth = await pedir('/auth/v1/settings');
  if (auth.status === 401 || auth.status === 403) throw new AppError('config', t.pruebaClaveRechazada);
  if (auth.status < 200 || auth.status >= 300 || typeof auth.body !== 'object' || auth.body === null) {
    throw new AppError('config', t.pruebaNoEsSupabase(auth.status));
  }
  const version = await pedir(`/rest/v1/rpc/${FUNCION_VERSION_ESQUEMA}`, { method: 'POST', body: '{}' });
  // The gateway refuses a key that is not the project's (401) before PostgREST runs anything; the function
  // itself is granted to anon, so a refusal here is the key.
  if (version.status === 401 || version.status === 403) throw new AppError('config', t.pruebaClaveRechazada);
  const code = typeof version.body === 'object' && version.body !== null ? String((version.body as { code?: unknown }).code ?? '') : '';
  // PGRST202: no such function in PostgREST's schema cache (the migrations were never pushed).
  if (version.status === 404 || code === 'PGRST202' || code === '42883') throw new AppError('config', t.pruebaSinEsquema);
  if (version.status < 200 || version.status >= 300) throw new AppError('unavailable', t.pruebaErrorDatos(version.status));
  if (!esquemaAlDia(version.body)) throw new AppError('config', t.pruebaEsquemaAntiguo(typeof version.body === 'string' ? version.body : '?'));
  return t.pruebaOk;
}

/**
 * Conexión is for administrators (issue 14): it is settings and the keychain, not the database, so the role is
 * checked here, on every operation, from the session (read again from the profile).
 */
export function conexionOperations(deps: ApiDeps): AreaImplementation<'conexion'> {
  return soloAdministradores(conexionSinRol(deps));
}

function conexionSinRol({ backend, log }: ApiDeps): AreaImplementation<'conexion'> {
  const settings = () => {
    if (!backend.settings) throw new AppError('config', errores.requiereEscritorio);
    return backend.settings;
  };
  const secrets = () => {
    if (!backend.secrets) throw new AppError('unavailable', errores.llaveroNoDisponible);
    return backend.secrets;
  };
  const all = () => settings().get<Partial<Record<WebhookName, WebhookSetting>>>(WEBHOOK_SETTINGS_KEY) ?? {};

  async function info(name: WebhookName): Promise<WebhookInfo> {
    const setting = all()[name];
    const auth = setting?.auth ?? 'ninguna';
    const secretoGuardado = auth !== 'ninguna' && backend.secrets ? Boolean(await backend.secrets.get(webhookSecretAccount(name)).catch(() => null)) : false;
    return { name, url: setting?.url ?? '', auth, secretoGuardado };
  }

  async function backendInfo(): Promise<BackendInfo> {
    const saved = settings().get<ConnectionSettings>(CONNECTION_SETTINGS_KEY) ?? {};
    const claveGuardada = backend.secrets ? Boolean(await backend.secrets.get(SUPABASE_ANON_KEY_ACCOUNT).catch(() => null)) : false;
    return {
      backend: saved.backend === 'hosted' ? 'hosted' : 'embedded',
      supabaseUrl: saved.supabaseUrl ?? '',
      claveGuardada,
      activo: backend.kind,
    };
  }

  function servidorWebInfo(): ServidorWebInfo {
    const saved = settings().get<ServidorWebSettings>(SERVIDOR_WEB_SETTINGS_KEY) ?? {};
    return { activo: saved.activo === true, nombres: Array.isArray(saved.nombres) ? saved.nombres.map(String) : [] };
  }

  /** The endpoint's setting, its secrets' state (read from the keychain, never answered) and the listener's live state. */
  async function entradaInfo(): Promise<EntradaInfo> {
    const saved = settings().get<EntradaSettings>(ENTRADA_SETTINGS_KEY);
    const config = configEntrada(saved);
    // Asked of the listener where this process runs one (it answers once a save has been applied).
    const estado = backend.entrada ? await backend.entrada.estado() : null;
    const donde = estado?.escuchando ?? { direccion: config.escucharEn, puerto: config.puerto };
    const rutas = await Promise.all(
      RUTAS_ENTRADA.map(async (ruta) => ({
        ruta,
        url: urlEntrada(donde.direccion, donde.puerto, ruta),
        secreto: backend.secrets ? Boolean(await backend.secrets.get(cuentaSecretoEntrada(ruta)).catch(() => null)) : false,
        rotadoEn: saved?.rotaciones?.[ruta] ?? null,
      })),
    );
    return {
      disponible: backend.kind === 'embedded',
      ...config,
      rutas,
      escuchando: estado?.escuchando ? origenHttp(estado.escuchando.direccion, estado.escuchando.puerto) : null,
      aplicacion: estado ? 'inmediata' : 'al_reiniciar',
      fijadoAlIniciar: estado?.fijadoAlIniciar ?? false,
      error: estado?.error ?? null,
    };
  }

  function soloIntegrada(): void {
    if (backend.kind !== 'embedded') throw new AppError('config', conexion.entrada.sinBaseIntegrada);
  }

  async function storedOrGiven(anonKey: string | undefined): Promise<string> {
    const key = anonKey?.trim() || (await secrets().get(SUPABASE_ANON_KEY_ACCOUNT));
    if (!key) throw new AppError('validation', configuracion.faltaClave);
    return key;
  }

  return {
    async backend() {
      return backendInfo();
    },

    async probarSupabase(input) {
      return { mensaje: await probarProyecto(input.supabaseUrl, await storedOrGiven(input.anonKey)) };
    },

    async guardarBackend(input, ctx) {
      if (input.backend === 'hosted') {
        const key = await storedOrGiven(input.anonKey);
        // Never switch to a project that does not answer: the operator could not sign in again.
        await probarProyecto(input.supabaseUrl, key);
        if (input.anonKey?.trim()) await secrets().set(SUPABASE_ANON_KEY_ACCOUNT, key);
        settings().set<ConnectionSettings>(CONNECTION_SETTINGS_KEY, { backend: 'hosted', supabaseUrl: input.supabaseUrl.replace(/\/+$/, '') });
      } else {
        const saved = settings().get<ConnectionSettings>(CONNECTION_SETTINGS_KEY) ?? {};
        settings().set<ConnectionSettings>(CONNECTION_SETTINGS_KEY, { ...saved, backend: 'embedded' });
      }
      await auditar(ctx.data, 'conexion.cambiar', 'backend', { backend: input.backend, ...(input.backend === 'hosted' ? { supabaseUrl: input.supabaseUrl } : {}) }, log);
      const info = await backendInfo();
      // Switching backend signs the operator out; the host reopens once this answer has been sent.
      ctx.setToken(null);
      await backend.auth.signOut(ctx.session.token).catch(() => undefined);
      backend.reconnect?.();
      return info;
    },

    async servidorWeb() {
      return servidorWebInfo();
    },

    async guardarServidorWeb(input, ctx) {
      // It opens the api to every local user and process: an administrator's decision (soloAdministradores).
      const saved = settings().get<ServidorWebSettings>(SERVIDOR_WEB_SETTINGS_KEY) ?? {};
      settings().set<ServidorWebSettings>(SERVIDOR_WEB_SETTINGS_KEY, { ...saved, activo: input.activo });
      await auditar(ctx.data, 'conexion.cambiar', 'servidor_web', { activo: input.activo }, log);
      return servidorWebInfo();
    },

    async entrada() {
      return entradaInfo();
    },

    async guardarEntrada(input, ctx) {
      // Listening on a network address is an administrator's decision (soloAdministradores), warned on screen.
      soloIntegrada();
      const saved = settings().get<EntradaSettings>(ENTRADA_SETTINGS_KEY) ?? {};
      settings().set<EntradaSettings>(ENTRADA_SETTINGS_KEY, { ...saved, activo: input.activo, escucharEn: input.escucharEn, puerto: input.puerto });
      await backend.entrada?.aplicar();
      await auditar(ctx.data, 'conexion.cambiar', 'entrada', { activo: input.activo, escucharEn: input.escucharEn, puerto: input.puerto }, log);
      return entradaInfo();
    },

    async rotarSecretoEntrada({ ruta }, ctx) {
      soloIntegrada();
      // 32 random bytes (WebCrypto), as hex: easy to paste into n8n. Answered once; only the keychain keeps it.
      const secreto = hexAleatorio(32);
      await secrets().set(cuentaSecretoEntrada(ruta), secreto);
      const saved = settings().get<EntradaSettings>(ENTRADA_SETTINGS_KEY) ?? {};
      const ahora = (backend.now?.() ?? new Date()).toISOString();
      settings().set<EntradaSettings>(ENTRADA_SETTINGS_KEY, { ...saved, rotaciones: { ...saved.rotaciones, [ruta]: ahora } });
      await auditar(ctx.data, 'secreto.rotar', `entrada ${ruta}`, {}, log);
      return { ruta, secreto, info: await entradaInfo() };
    },

    async webhooks() {
      return Promise.all(WEBHOOK_NAMES.map(info));
    },

    async guardarWebhook(input, ctx) {
      const secret = secretFrom(input);
      const account = webhookSecretAccount(input.name);
      if (input.auth === 'ninguna') {
        await backend.secrets?.delete(account).catch(() => false);
      } else if (secret) {
        await secrets().set(account, JSON.stringify(secret));
      } else if (!(await secrets().get(account))) {
        throw new AppError('validation', conexion.secretoFaltante);
      }
      settings().set(WEBHOOK_SETTINGS_KEY, { ...all(), [input.name]: { url: input.url, auth: input.auth } });
      // The address without its query (a token may travel there) and the kind of credential, never its value.
      await auditar(ctx.data, 'conexion.cambiar', `webhook ${input.name}`, { url: input.url.split('?')[0], tipo: input.auth, secretoNuevo: Boolean(secret) }, log);
      return info(input.name);
    },
  };
}
