/**
 * Where the HTTP host is started from (src/main/index.ts on the desktop, src/main/serve-cli.ts without
 * Electron): the command-line and environment options, and the desktop's decision to serve at all. Pure.
 */
import type { ServidorWebSettings } from '../shared/domain/servidor-web';

export const DEFAULT_HTTP_PORT = 5180;

type Env = Readonly<Record<string, string | undefined>>;

/** Every value of `--name value` / `--name=value` in argv, in order. */
export function argValues(argv: readonly string[], name: string): string[] {
  const values: string[] = [];
  argv.forEach((arg, i) => {
    if (arg === `--${name}` && i + 1 < argv.length) values.push(argv[i + 1]!);
    else if (arg.startsWith(`--${name}=`)) values.push(arg.slice(name.length + 3));
  });
  return values;
}

export function argValue(argv: readonly string[], name: string): string | undefined {
  return argValues(argv, name)[0];
}

/**
 * The host names the server answers to besides the loopback ones: the saved ones, every `--host-name`
 * (comma-separated lists too) and CONSOLA_HOST_NAMES.
 */
export function hostNamesFrom(argv: readonly string[], env: Env, saved: readonly string[] = []): string[] {
  const given = [...saved, ...argValues(argv, 'host-name'), env.CONSOLA_HOST_NAMES ?? ''];
  return [...new Set(given.flatMap((v) => v.split(',')).map((v) => v.trim().toLowerCase()).filter(Boolean))];
}

/**
 * The reverse proxies whose X-Forwarded-For the server believes (none by default): the saved ones, every
 * `--trusted-proxy` (comma-separated lists too) and CONSOLA_TRUSTED_PROXIES. Addresses or CIDR ranges.
 */
export function trustedProxiesFrom(argv: readonly string[], env: Env, saved: readonly string[] = []): string[] {
  const given = [...saved, ...argValues(argv, 'trusted-proxy'), env.CONSOLA_TRUSTED_PROXIES ?? ''];
  return [...new Set(given.flatMap((v) => v.split(',')).map((v) => v.trim().toLowerCase()).filter(Boolean))];
}

export function httpPort(requested: string | undefined): number {
  const port = Number(requested ?? DEFAULT_HTTP_PORT);
  return Number.isInteger(port) && port >= 0 && port < 65536 ? port : DEFAULT_HTTP_PORT;
}

export interface DesktopHttpPlan {
  port: number;
  allowedHosts: string[];
  trustedProxies: string[];
}

/**
 * Whether the desktop app serves HTTP, and how. Off by default: the operator turns it on in Configuración
 * (the saved setting), or for one run with `--http` / CONSOLA_HTTP=1. CONSOLA_SIN_HTTP=1 turns it off
 * whatever else says. Null means: do not serve.
 */
export function desktopHttpPlan(setting: ServidorWebSettings | undefined, argv: readonly string[], env: Env): DesktopHttpPlan | null {
  if (env.CONSOLA_SIN_HTTP === '1') return null;
  const on = setting?.activo === true || argv.includes('--http') || env.CONSOLA_HTTP === '1';
  if (!on) return null;
  return {
    port: httpPort(argValue(argv, 'port') ?? env.CONSOLA_HTTP_PORT),
    allowedHosts: hostNamesFrom(argv, env, setting?.nombres ?? []),
    trustedProxies: trustedProxiesFrom(argv, env, setting?.proxiesConfiables ?? []),
  };
}
