/**
 * The HTTP host's guards that run before any body is read (serve.ts): which Host names it serves (a page on
 * another name reaching 127.0.0.1 through DNS rebinding must not be), how many sign-in attempts one address
 * may make, and how many bodies are read at once.
 */

/** The loopback names a local server always answers to (with its own port). */
export const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'] as const;

interface HostName {
  name: string;
  port: number | null;
}

/** "Name:port" of a Host header (or of a configured name), lower case, without a trailing dot; null if malformed. */
export function parseHost(value: string | undefined): HostName | null {
  if (!value) return null;
  const text = value.trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(text);
  if (!match) return null;
  const name = match[1]!.replace(/\.$/, '');
  const port = match[2] === undefined ? null : Number(match[2]);
  if (!name || (port !== null && port > 65535)) return null;
  return { name, port };
}

/**
 * Decides whether a Host header names this server: a loopback name with the server's own port, or one of the
 * names the operator configured (an entry with a port needs that port; one without, any port, as a reverse
 * proxy in front may publish another).
 */
export function hostAllowed(header: string | undefined, serverPort: number, configured: readonly string[] = []): boolean {
  const host = parseHost(header);
  if (!host) return false;
  if ((LOOPBACK_NAMES as readonly string[]).includes(host.name)) return host.port === serverPort;
  return configured.some((entry) => {
    const allowed = parseHost(entry);
    return allowed !== null && allowed.name === host.name && (allowed.port === null || allowed.port === host.port);
  });
}

/**
 * Sliding window of sign-in attempts per client address: at most `max` in any `windowMs`. Memory is bounded:
 * each address keeps at most `max` instants, and past `maxAddresses` the oldest address is forgotten.
 */
export function crearLimiteIntentos(options: { max: number; windowMs: number; now: () => Date; maxAddresses?: number }) {
  const seen = new Map<string, number[]>();
  const maxAddresses = options.maxAddresses ?? 10_000;
  return {
    /** Counts one attempt from `address`; false (and not counted) when the address is over its limit. */
    take(address: string): boolean {
      const now = options.now().getTime();
      const recent = (seen.get(address) ?? []).filter((t) => now - t < options.windowMs);
      if (recent.length >= options.max) {
        seen.set(address, recent);
        return false;
      }
      recent.push(now);
      seen.delete(address); // re-inserted last: the map's order is the order of last use
      seen.set(address, recent);
      if (seen.size > maxAddresses) seen.delete(seen.keys().next().value!);
      return true;
    },
  };
}

/** A counter of bodies being read; `tryAcquire` answers false at the cap instead of queueing. */
export function crearCupos(cap: number) {
  let inUse = 0;
  return {
    tryAcquire(): (() => void) | null {
      if (inUse >= cap) return null;
      inUse++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inUse--;
      };
    },
  };
}

/**
 * Body slots with a cap per source address as well as in all: one client (one address) holding `porDireccion`
 * bodies gets 503 for more, and the others still find a slot.
 */
export function crearCuposPorDireccion(cap: number, porDireccion: number) {
  const todas = crearCupos(cap);
  const enUso = new Map<string, number>();
  return {
    tryAcquire(direccion: string): (() => void) | null {
      const propias = enUso.get(direccion) ?? 0;
      if (propias >= porDireccion) return null;
      const soltarTodas = todas.tryAcquire();
      if (!soltarTodas) return null;
      enUso.set(direccion, propias + 1);
      let soltada = false;
      return () => {
        if (soltada) return;
        soltada = true;
        soltarTodas();
        const quedan = (enUso.get(direccion) ?? 1) - 1;
        if (quedan > 0) enUso.set(direccion, quedan);
        else enUso.delete(direccion);
      };
    },
  };
}

/** An IPv4 or IPv6 address as a 128-bit number (IPv4 mapped into ::ffff:0:0/96), or null when it is not one. */
function direccionANumero(texto: string): bigint | null {
  const t = texto.trim().toLowerCase().replace(/^\[|\]$/g, '');
  const v4 = (s: string): bigint | null => {
    const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
    if (!m) return null;
    const partes = m.slice(1).map(Number);
    if (partes.some((n) => n > 255)) return null;
    return partes.reduce((acc, n) => (acc << 8n) | BigInt(n), 0n);
  };
  if (!t.includes(':')) {
    const n = v4(t);
    return n === null ? null : (0xffffn << 32n) | n;
  }
  if (!/^[0-9a-f:.]+$/.test(t) || t.split('::').length > 2) return null;
  let grupos: string[] = [];
  const [cabeza, cola] = t.split('::') as [string, string | undefined];
  const trozos = (s: string) => (s === '' ? [] : s.split(':'));
  const ultimo = (xs: string[]): string[] => {
    // A trailing dotted IPv4 counts as two groups.
    const fin = xs[xs.length - 1];
    if (fin?.includes('.')) {
      const n = v4(fin);
      if (n === null) return ['x'];
      return [...xs.slice(0, -1), ((n >> 16n) & 0xffffn).toString(16), (n & 0xffffn).toString(16)];
    }
    return xs;
  };
  if (cola === undefined) grupos = ultimo(trozos(cabeza));
  else {
    const a = trozos(cabeza);
    const b = ultimo(trozos(cola));
    if (a.length + b.length > 7) return null;
    grupos = [...a, ...Array<string>(8 - a.length - b.length).fill('0'), ...b];
  }
  if (grupos.length !== 8 || grupos.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return grupos.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}

/**
 * The reverse proxies whose X-Forwarded-For is believed (addresses or CIDR ranges, IPv4 or IPv6: "127.0.0.1",
 * "10.0.0.0/8", "::1", "fd00::/8"). Null for an entry that is neither: the caller says which.
 */
export function parseTrustedProxy(entrada: string): { red: bigint; bits: number } | null {
  const [dir, prefijo] = entrada.trim().split('/') as [string, string | undefined];
  const n = direccionANumero(dir);
  if (n === null) return null;
  const esV4 = !dir.includes(':');
  const max = esV4 ? 32 : 128;
  const bits = prefijo === undefined ? max : /^\d{1,3}$/.test(prefijo) ? Number(prefijo) : -1;
  if (bits < 0 || bits > max) return null;
  const total = esV4 ? bits + 96 : bits;
  const mascara = total === 0 ? 0n : ((1n << BigInt(total)) - 1n) << BigInt(128 - total);
  return { red: n & mascara, bits: total };
}

/** Whether `direccion` is one of the trusted proxies. */
export function crearProxiesConfiables(entradas: readonly string[]) {
  const redes = entradas.map(parseTrustedProxy).filter((r): r is { red: bigint; bits: number } => r !== null);
  return {
    vacia: redes.length === 0,
    incluye(direccion: string): boolean {
      const n = direccionANumero(direccion);
      if (n === null) return false;
      return redes.some(({ red, bits }) => {
        const mascara = bits === 0 ? 0n : ((1n << BigInt(bits)) - 1n) << BigInt(128 - bits);
        return (n & mascara) === red;
      });
    },
  };
}

/**
 * The client's address for every per-address budget: the socket's, unless the socket is a trusted proxy; then
 * X-Forwarded-For is read from the right, skipping trusted proxies, and the first hop that is not one is the
 * client (entries further left were written by whoever sent the request and prove nothing). A header entry
 * that is not an address ends the walk: the last trusted hop is the client.
 */
export function clientAddressBehind(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  proxies: ReturnType<typeof crearProxiesConfiables>,
): string | undefined {
  let cliente = clientAddressOf(remoteAddress);
  if (!cliente || proxies.vacia || !proxies.incluye(cliente)) return cliente;
  const saltos = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  for (let i = saltos.length - 1; i >= 0; i--) {
    const salto = clientAddressOf(saltos[i]!.replace(/^\[|\]$/g, ''))!;
    if (direccionANumero(salto) === null) return cliente;
    cliente = salto;
    if (!proxies.incluye(salto)) return salto;
  }
  return cliente;
}

/** "::ffff:10.0.0.5" (an IPv4 client on a dual-stack socket) is 10.0.0.5; undefined once the socket is gone. */
export function clientAddressOf(remoteAddress: string | undefined): string | undefined {
  if (!remoteAddress) return undefined;
  return remoteAddress.startsWith('::ffff:') && remoteAddress.includes('.') ? remoteAddress.slice(7) : remoteAddress;
}
