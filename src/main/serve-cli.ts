/**
 * Runs the Node side without Electron: the embedded database plus the HTTP host serving the web build.
 * `node out/main/serve-cli.js [--data-dir <folder>] [--port <n>] [--web] [--host-name <name>]…
 *   [--entrada-port <n>] [--entrada-host <address>] [--trusted-proxy <address or CIDR>]…`
 * (CONSOLA_DATA_DIR, PORT, CONSOLA_HOST_NAMES, CONSOLA_ENTRADA_PORT, CONSOLA_ENTRADA_HOST and
 * CONSOLA_TRUSTED_PROXIES work too).
 * CONSOLA_SIN_DEMO=1 leaves a new database empty; CONSOLA_SIN_COPIAS_AUTOMATICAS=1 makes no daily backup in this
 * run (the end-to-end tests: a copy a minute in would take the one data activity a spec exercises).
 * CONSOLA_SERVICIO_LLAVERO names the keychain service its secrets are kept under (default: the desktop's), so two
 * instances on one machine (the end-to-end files, run two at a time) never read or overwrite each other's.
 * The inbound results endpoint for n8n (src/main/entrada/) listens when its saved setting says so, or for this
 * run when --entrada-port / --entrada-host is given (0 = any free port; the address it got is printed). Used where the Electron binary cannot be had, by
 * the end-to-end tests, and to serve the company portal: a name the portal is published under (behind a
 * reverse proxy, say) must be given with --host-name or saved in the settings, or its requests are refused.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultNodeDataDir, resolveDataDir } from './data-dir';
import { openHost } from './host';
import { startServer } from './serve';
import { DEFAULT_HTTP_PORT, argValue as argValueIn, hostNamesFrom, trustedProxiesFrom } from './http-options';
import { restrictNewFiles } from './motores/embebido/private-folder';
import { abrirAjustesDeCarpeta } from './ajustes/ajustes-carpeta';
import { SERVIDOR_WEB_SETTINGS_KEY, type ServidorWebSettings } from '../shared/domain/servidor-web';
import { ENTRADA_SETTINGS_KEY, type EntradaSettings } from '../shared/areas/conexion/entrada';
import { crearControlEntrada, entradaDeLineaDeOrdenes } from './entrada/control';
import { crearBoveda } from './secretos/vault';
import type { Host } from './host';
import { crearRegistro, type Registro } from './registro/registro';
import { VERSION_APP } from './version';
import { es } from '../shared/i18n/es';

const argValue = (name: string) => argValueIn(process.argv, name);
const lineas = es.datos.registro.lineas;

/** The diagnostic log (<data>/registro/consola.log), made as soon as the data folder is known. */
let registro: Registro | null = null;

/**
 * out/renderer next to out/main when built; else the web build (`npm run build:web` → dist-web).
 * `--web` prefers dist-web; CONSOLA_RENDERER_DIR or --renderer-dir name the folder outright.
 */
function findRendererDir(): string {
  const explicit = argValue('renderer-dir') ?? process.env.CONSOLA_RENDERER_DIR;
  if (explicit) return resolve(explicit);
  const here = dirname(fileURLToPath(import.meta.url));
  const desktop = [join(here, '..', 'renderer'), join(here, '..', '..', 'out', 'renderer'), join(process.cwd(), 'out', 'renderer')];
  const web = [join(here, '..', '..', 'dist-web'), join(process.cwd(), 'dist-web')];
  const candidates = process.argv.includes('--web') ? [...web, ...desktop] : [...desktop, ...web];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? candidates[0]!;
}

async function main(): Promise<void> {
  // Whatever this process writes (database, settings, files) is the user's alone.
  restrictNewFiles();
  const dataDir = resolveDataDir(process.argv, process.env, defaultNodeDataDir());
  const port = Number(argValue('port') ?? process.env.PORT ?? DEFAULT_HTTP_PORT);
  // What the app did and what failed, in the data folder (Configuración → Datos shows it), echoed to stderr.
  registro = crearRegistro({ dataDir, eco: (linea) => console.error(linea) });
  const log = registro.log;
  // Lines queued when the process ends (an exit after a fatal error) are written synchronously.
  process.on('exit', () => registro?.vaciarYa());
  // A crash is worth a line (a monitor only: Node's own handling of the exception is unchanged).
  process.on('uncaughtExceptionMonitor', (error) => log(es.datos.registro.lineas.errorNoAtrapado, error));
  log(lineas.inicio(VERSION_APP, `Node ${process.version}, ${process.platform}, servidor`));
  log(lineas.carpeta(dataDir));
  // ajustes.json, the desktop's file too (an older settings.json of this folder is moved into it).
  const settings = abrirAjustesDeCarpeta(dataDir, log);
  // The inbound results endpoint follows its setting (saved in Conexión) unless the command line fixes it.
  let host: Host | null = null;
  const servicioLlavero = process.env.CONSOLA_SERVICIO_LLAVERO || undefined;
  const entrada = crearControlEntrada({
    settings,
    secretos: crearBoveda(servicioLlavero),
    datos: () => host?.datosSistema() ?? null,
    fijado: entradaDeLineaDeOrdenes(process.argv, process.env, settings.get<EntradaSettings>(ENTRADA_SETTINGS_KEY)),
    log,
  });
  host = await openHost({
    dataDir,
    settings,
    entrada,
    log,
    registro: registro.port,
    seedDemoData: process.env.CONSOLA_SIN_DEMO !== '1',
    copiasAutomaticas: process.env.CONSOLA_SIN_COPIAS_AUTOMATICAS !== '1',
    ...(servicioLlavero ? { secretsService: servicioLlavero } : {}),
  });
  const servidorWeb = settings.get<ServidorWebSettings>(SERVIDOR_WEB_SETTINGS_KEY);
  const allowedHosts = hostNamesFrom(process.argv, process.env, servidorWeb?.nombres ?? []);
  // Off unless given: X-Forwarded-For is believed only from these (docs/PUBLICAR-PORTAL.md).
  const trustedProxies = trustedProxiesFrom(process.argv, process.env, servidorWeb?.proxiesConfiables ?? []);
  // A web build made with VITE_SUPABASE_URL talks to that project from the page: the CSP must allow it.
  const supabaseUrl = argValue('supabase-url') ?? process.env.VITE_SUPABASE_URL;
  // Refused sign-ins reach the log (operation and code only).
  const server = await startServer({ dispatch: host.dispatch, cambios: host.cambios, sesiones: host.sesiones, rendererDir: findRendererDir(), port, allowedHosts, trustedProxies, log, ...(supabaseUrl ? { supabaseUrl } : {}) });
  log(`Backend: ${host.backendKind}`);
  log(`Servidor web en ${server.url}`);
  const estadoEntrada = await entrada.aplicar();
  // One write, the dashboard's address first (tests/e2e/support/app.ts takes the first address it reads).
  const lineaEntrada = entrada.enMarcha ? `\nEntrada de resultados: ${entrada.enMarcha.url}/entrada/llamadas y ${entrada.enMarcha.url}/entrada/mensajes` : '';
  console.log(`Consola de Automatización: ${server.url} (datos en ${dataDir})${lineaEntrada}`);
  if (estadoEntrada.error) console.error(estadoEntrada.error);

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await server.cerrar();
    await entrada.cerrar();
    await host!.cerrar();
    log(lineas.cierre);
    await registro?.cerrar();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error) => {
  registro?.log('No se pudo iniciar la consola', error);
  console.error(`No se pudo iniciar la consola: ${(error as Error)?.message ?? error}`);
  process.exit(1);
});
