/**
 * Issue 24, item 3: whose address a request is. Off by default (the socket's); with trusted proxies, the
 * rightmost X-Forwarded-For hop that is not one of them; addresses and CIDR ranges, IPv4 and IPv6.
 */
import { describe, expect, it } from 'vitest';
import { clientAddressBehind, crearProxiesConfiables, parseTrustedProxy } from '../../src/main/http-guards';
import { trustedProxiesFrom } from '../../src/main/http-options';

describe('proxies de confianza', () => {
  it('sin proxies configurados la cabecera no se cree', () => {
    const ninguno = crearProxiesConfiables([]);
    expect(clientAddressBehind('127.0.0.1', '203.0.113.9', ninguno)).toBe('127.0.0.1');
    expect(clientAddressBehind('::ffff:10.0.0.5', '203.0.113.9', ninguno)).toBe('10.0.0.5');
  });

  it('desde un proxy de confianza: el salto más a la derecha que no es de confianza', () => {
    const proxies = crearProxiesConfiables(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    expect(clientAddressBehind('127.0.0.1', '203.0.113.9', proxies)).toBe('203.0.113.9');
    // What the client wrote further left proves nothing.
    expect(clientAddressBehind('127.0.0.1', '1.2.3.4, 203.0.113.9', proxies)).toBe('203.0.113.9');
    // Proxies in a chain are skipped.
    expect(clientAddressBehind('127.0.0.1', '1.2.3.4, 198.51.100.7, 10.1.2.3', proxies)).toBe('198.51.100.7');
    expect(clientAddressBehind('::ffff:127.0.0.1', ['198.51.100.7', '10.1.2.3'], proxies)).toBe('198.51.100.7');
    expect(clientAddressBehind('fd12::1', '2001:db8::5', proxies)).toBe('2001:db8::5');
    // Every hop a proxy, or no header: the last proxy is the client.
    expect(clientAddressBehind('127.0.0.1', '10.0.0.9', proxies)).toBe('10.0.0.9');
    expect(clientAddressBehind('127.0.0.1', undefined, proxies)).toBe('127.0.0.1');
    // A hop that is not an address ends the walk.
    expect(clientAddressBehind('127.0.0.1', '198.51.100.7, basura', proxies)).toBe('127.0.0.1');
    // From a socket that is not a trusted proxy the header is ignored.
    expect(clientAddressBehind('192.0.2.44', '203.0.113.9', proxies)).toBe('192.0.2.44');
    expect(clientAddressBehind('11.0.0.1', '203.0.113.9', proxies)).toBe('11.0.0.1');
  });

  it('entradas: direcciones y rangos válidos; lo demás no es un proxy', () => {
    for (const valida of ['127.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '::1', 'fd00::/8', '::ffff:10.0.0.1', '2001:db8::/32']) expect(parseTrustedProxy(valida), valida).not.toBeNull();
    for (const invalida of ['', 'proxy.local', '10.0.0.0/33', '256.1.1.1', '::1/129', '1.2.3', 'fd00:::1']) expect(parseTrustedProxy(invalida), invalida).toBeNull();
  });

  it('de la línea de órdenes, el entorno y lo guardado', () => {
    expect(trustedProxiesFrom(['--trusted-proxy', '127.0.0.1', '--trusted-proxy=10.0.0.0/8,::1'], { CONSOLA_TRUSTED_PROXIES: '192.168.1.2' }, ['172.16.0.1'])).toEqual([
      '172.16.0.1', '127.0.0.1', '10.0.0.0/8', '::1', '192.168.1.2',
    ]);
    expect(trustedProxiesFrom([], {})).toEqual([]);
  });
});
