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
export function createAttemptLimiter(options: { max: number; windowMs: number; now: () => Date; maxAddresses?: number }) {
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
export function createSlots(cap: number) {
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
export function createSlotsPorDireccion(cap: number, porDireccion: number) {
  const todas = createSlots(cap);
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

/** "::ffff:10.0.0.5" (an IPv4 client on a dual-stack socket) is 10.0.0.5; undefined once the socket is gone. */
export function clientAddressOf(remoteAddress: string | undefined): string | undefined {
  if (!remoteAddress) return undefined;
  return remoteAddress.startsWith('::ffff:') && remoteAddress.includes('.') ? remoteAddress.slice(7) : remoteAddress;
}
