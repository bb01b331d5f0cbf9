import { describe, expect, it } from 'vitest';
import { crearClienteApi, isEnvelope, unwrapEnvelope, type Transport } from '../../src/renderer/api/create-client';
import { httpTransport, ipcTransport } from '../../src/renderer/api/transports';
import { contract } from '../../src/shared/contract';
import { AppError } from '../../src/shared/errors';
import { es } from '../../src/shared/i18n/es';

describe('api client built from the contract', () => {
  it('has every area and operation of the contract', () => {
    const client = crearClienteApi(async () => ({ ok: true, data: null })) as unknown as Record<string, Record<string, unknown>>;
    for (const area of Object.keys(contract) as Array<keyof typeof contract>) {
      expect(Object.keys(client[area] ?? {}).sort()).toEqual(Object.keys(contract[area]).sort());
    }
  });

  it('passes area, operation and input to the transport and unwraps ok → data', async () => {
    const calls: unknown[] = [];
    const transport: Transport = async (area, op, input) => {
      calls.push([area, op, input]);
      return { ok: true, data: [{ id: '1', type: 'cliente', title: 'Ana', subtitle: 'x', data: {} }] };
    };
    const api = crearClienteApi(transport);
    await expect(api.shell.buscar({ q: 'ana' })).resolves.toHaveLength(1);
    expect(calls).toEqual([['shell', 'buscar', { q: 'ana' }]]);
  });

  it('throws the operation AppError when not ok', async () => {
    const api = crearClienteApi(async () => ({ ok: false, error: { code: 'unauthenticated', message: es.login.credencialesInvalidas } }));
    const error = await api.auth.iniciarSesion({ email: 'a@b.co', password: 'x' }).catch((e: unknown) => e);
    expect(AppError.is(error)).toBe(true);
    expect(error).toMatchObject({ code: 'unauthenticated', message: es.login.credencialesInvalidas });
  });

  it('turns a transport failure or a malformed answer into unavailable', async () => {
    const down = crearClienteApi(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(down.auth.estado({})).rejects.toMatchObject({ code: 'unavailable', message: es.app.sinConexionServidor });
    const garbage = crearClienteApi(async () => ({ hello: 'world' }) as never);
    await expect(garbage.auth.estado({})).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('recognises envelopes', () => {
    expect(isEnvelope({ ok: true, data: null })).toBe(true);
    expect(isEnvelope({ ok: false, error: { code: 'validation', message: 'x' } })).toBe(true);
    expect(isEnvelope({ ok: false, error: { code: 'weird', message: 'x' } })).toBe(false);
    expect(isEnvelope({ ok: true })).toBe(false);
    expect(isEnvelope(null)).toBe(false);
    expect(unwrapEnvelope<number>({ ok: true, data: 3 })).toBe(3);
  });
});

describe('transports', () => {
  it('HTTP posts JSON to /api/<area>/<op> with same-origin credentials and reads the Envelope even on 4xx', async () => {
    const seen: Array<[string, RequestInit | undefined]> = [];
    const fetchFn = (async (url: string, init?: RequestInit) => {
      seen.push([url, init]);
      return new Response(JSON.stringify({ ok: false, error: { code: 'validation', message: es.login.camposIncompletos } }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      });
    }) as unknown as typeof fetch;
    const api = crearClienteApi(httpTransport(fetchFn));
    await expect(api.auth.iniciarSesion({ email: ' ', password: '' })).rejects.toMatchObject({
      code: 'validation',
      message: es.login.camposIncompletos,
    });
    const [url, init] = seen[0] ?? [];
    expect(url).toBe('/api/auth/iniciarSesion');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(init?.body))).toEqual({ email: ' ', password: '' });
  });

  it('HTTP maps a non-JSON answer (e.g. a proxy error page) to unavailable', async () => {
    const fetchFn = (async () => new Response('<html>502</html>', { status: 502 })) as unknown as typeof fetch;
    await expect(crearClienteApi(httpTransport(fetchFn)).auth.estado({})).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('IPC calls the preload function of the operation', async () => {
    const bridge = { auth: { estado: async (input: unknown) => ({ ok: true as const, data: { input } }) } };
    const api = crearClienteApi(ipcTransport(bridge));
    await expect(api.auth.estado({})).resolves.toEqual({ input: {} });
    await expect(api.shell.notificaciones({})).rejects.toMatchObject({ code: 'unavailable' });
  });
});
