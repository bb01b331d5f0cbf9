/**
 * The desktop app's local web server (the web build and the api over HTTP on 127.0.0.1). Off unless the
 * operator turns it on: while off, only the app's own window reaches the data, not every local user and
 * process. A non-secret preference in the settings; the desktop reads it when it starts.
 */
import { z } from 'zod';

export const SERVIDOR_WEB_SETTINGS_KEY = 'servidorWeb';

export interface ServidorWebSettings {
  /** Serve HTTP on the desktop (served builds, `serve-cli`, always serve). */
  activo?: boolean;
  /**
   * Names besides 127.0.0.1 and localhost the server answers to (the portal published on a network), e.g.
   * "portal.agencia.co" or "portal.agencia.co:8443".
   */
  nombres?: string[];
  /**
   * Reverse proxies in front of the server whose X-Forwarded-For is believed (addresses or CIDR ranges, e.g.
   * "127.0.0.1" or "10.0.0.0/8"); none by default. docs/PUBLICAR-PORTAL.md.
   */
  proxiesConfiables?: string[];
}

/** What Configuración → Conexión shows and saves (the conexion contract's answer). */
export const servidorWebInfoSchema = z.object({ activo: z.boolean(), nombres: z.array(z.string()) });
export type ServidorWebInfo = z.infer<typeof servidorWebInfoSchema>;
