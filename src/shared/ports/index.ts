import type { AuthPort, AuthSession } from './auth';
import type { DataPort } from './consultas';
import type { SecretsPort } from './secrets';
import type { SettingsPort } from './settings';
import type { WebhooksPort } from './webhooks';
import type { StoragePort } from './storage';
import type { FunctionsPort } from './functions';
import type { CambiosPort } from './cambios';
import type { EntradaPort } from './entrada';
import type { ActividadesPort, CopiasPort, RegistroPort, TrasladoPort } from './datos';

export type { AuthPort, AuthSession, RequestClaims, LoginLock } from './auth';
export type { DataPort, DataQuery, DataResult, Filter, FilterOp, Order } from './consultas';
export type { SecretsPort } from './secrets';
export type { SettingsPort } from './settings';
export type { WebhooksPort, WebhookResponse } from './webhooks';
export type { SqlClient, SqlQueryable, SqlResult } from './sql';
export type { StoragePort } from './storage';
export type { FunctionsPort } from './functions';
export type { CambiosPort, AreaCambio, EstadoCambios } from './cambios';
export type { EntradaPort, EstadoEntrada } from './entrada';
export type {
  ActividadDatos,
  ActividadesPort,
  AjustesCopias,
  CopiaInfo,
  CopiasPort,
  EstadoTraslado,
  RegistroPort,
  TipoCopia,
  TrasladoPort,
} from './datos';

/** Everything crearApi needs from the platform. The embedded and hosted backends each build one. */
export interface Backend {
  kind: 'embedded' | 'hosted';
  auth: AuthPort;
  /** A data port acting as the given operator (row-level security applies). */
  dataFor(session: AuthSession): DataPort;
  /**
   * A data port with no operator (role anon): only the public portal functions answer it. `clientAddress` is
   * the caller's network address where the transport knows one (CallContext.clientAddress); it reaches SQL as
   * request.headers ->> 'x-forwarded-for', where the portal login counts failures per company and address.
   */
  anonData?(clientAddress?: string): DataPort;
  secrets?: SecretsPort;
  settings?: SettingsPort;
  /** The automation webhooks (outbound calls, flow creation, analysis), called from the Node side. */
  webhooks?: WebhooksPort;
  /** File storage acting as the given operator (the hosted project's policies apply). */
  storageFor?(session: AuthSession): StoragePort;
  /** The hosted project's Edge Functions, acting as the given operator. Absent on the embedded backend. */
  functionsFor?(session: AuthSession): FunctionsPort;
  /**
   * Asks the host to close this backend and open the one the connection settings now choose, once the
   * current call has answered (Configuración → Conexión). Absent where there is no host (tests).
   */
  reconnect?: () => void;
  /**
   * A data port acting for the app itself (role service_role), for work no operator's request carries: the
   * inbound results endpoint, a call batch resumed or started on schedule after a restart. Embedded only: the
   * hosted backend holds no privileged key (service_role stays out of the app).
   */
  datosSistema?(): DataPort;
  /** The inbound results listener this process runs, if any (Configuración → Conexión applies its setting). */
  entrada?: EntradaPort;
  /** Backups and restores of the embedded database (issue 16); embedded only. */
  copias?: CopiasPort;
  /** The move of the embedded data to a hosted project, and its state (on both backends: it ends on hosted). */
  traslado?: TrasladoPort;
  /** The diagnostic log this process writes. */
  registro?: RegistroPort;
  /** The running or last backup, restore or move (host-wide: it survives the backend switch it may cause). */
  actividades?: ActividadesPort;
  /** Row changes announced by the database (live screens). */
  cambios?: CambiosPort;
  /** Clock, injectable for tests of expiry and lockout. */
  now?: () => Date;
  /**
   * Waits `ms` with no database call pending (the portal's slow-down of failed sign-ins); a timer when absent.
   * Tests give theirs: one that holds the waits behind a gate, or that moves their clock.
   */
  esperar?: (ms: number) => Promise<void>;
}
