/**
 * Hosted mode without hosted Supabase's network: a local HTTP server answers as GoTrue and PostgREST do,
 * and the session supabase-js keeps goes to the REAL keychain (run under dbus with gnome-keyring, as the
 * test script does). Proves sign-in from the main process, the session in the keychain (not in a file),
 * the data port acting with the operator's bearer token, and sign-out clearing the keychain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createHostedBackend } from '../../src/main/backends/hosted/open-hosted';
import { createVault } from '../../src/main/secrets/vault';
import { createApi } from '../../src/shared/api';
import { createDispatcher, type Implementations } from '../../src/main/dispatch';
import { es } from '../../src/shared/i18n/es';
import { Caller } from '../support/operators';
import { clearService, storedCredentials } from '../support/keychain';

const SERVICE = `consola-test-hosted-${process.pid}-${Date.now()}`;
const USER = { id: '6f1c2a57-3c1e-4a8e-9b43-0a1d2e3f4a5b', email: 'ana@agencia.co', created_at: '2026-01-02T03:04:05Z' };
const ACCESS = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2ZjFjMmE1NyJ9.firma-de-prueba';
const requests: Array<{ method: string; url: string; auth?: string; apikey?: string; body: string }> = [];
/** The MP3 the stand-in audio function answers (bytes beyond one 32 KB chunk of the base64 encoder). */
const MP3 = Buffer.concat([Buffer.from('ID3'), randomBytes(70_000)]);
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, apikey: req.headers.apikey as string | undefined, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.url?.startsWith('/auth/v1/token?grant_type=password')) {
        const { email, password } = JSON.parse(body);
        if (email === USER.email && password === 'Correcta2026') {
          return json(200, {
            access_token: ACCESS,
            token_type: 'bearer',
            expires_in: 3600,
            expires_at: Math.floor(Date.now() / 1000) + 3600,
            refresh_token: 'refresco-de-prueba',
            user: { ...USER, aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {} },
          });
        }
        return json(400, { code: 'invalid_credentials', error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
      }
      if (req.url?.startsWith('/rest/v1/perfiles')) {
        const row = { nombre: 'Ana Ruiz', es_admin: true };
        return json(200, (req.headers.accept ?? '').includes('vnd.pgrst.object') ? row : [row]);
      }
      if (req.url?.startsWith('/rest/v1/rpc/buscar_')) return json(200, []);
      // The audio Edge Function, in each shape a deployment may answer.
      if (req.url === '/functions/v1/audio-llamada') {
        const { conversation_id: id } = JSON.parse(body);
        const b64 = MP3.toString('base64');
        if (id === 'conv_json') return json(200, { audio: `data:audio/mpeg;base64,${b64.slice(0, 100)}\n${b64.slice(100)}` });
        if (id === 'conv_texto') return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end(b64);
        if (id === 'conv_mp3') return void res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(MP3);
        if (id === 'conv_roto') return json(500, { error: 'boom' });
        return json(404, { error: 'no encontrado' });
      }
      if (req.url?.startsWith('/auth/v1/logout')) {
        res.writeHead(204).end();
        return;
      }
      json(404, { message: 'not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await clearService(SERVICE);
  await new Promise((r) => server.close(r));
});

describe('backend alojado (Supabase)', () => {
  it('inicia sesión desde el proceso principal, guarda la sesión en el llavero y consulta con el token del operador', async () => {
    const backend = createHostedBackend({ url, anonKey: 'clave-anonima-de-prueba' }, createVault(SERVICE));
    const dispatch = createDispatcher(createApi(backend) as unknown as Implementations);
    const caller = new Caller();

    const wrong = await dispatch('auth', 'iniciarSesion', { email: USER.email, password: 'Mala2026' }, caller);
    expect(wrong).toMatchObject({ ok: false, error: { code: 'unauthenticated', message: es.login.credencialesInvalidas } });

    const ok = await dispatch('auth', 'iniciarSesion', { email: USER.email, password: 'Correcta2026' }, caller);
    expect(ok).toMatchObject({ ok: true, data: { id: USER.id, nombre: 'Ana Ruiz', esAdmin: true } });
    // Our own opaque token for the transport, never Supabase's.
    expect(caller.token).not.toContain(ACCESS);
    expect(JSON.stringify(ok)).not.toContain(ACCESS);

    const stored = await storedCredentials(SERVICE);
    expect(stored.some((c) => c.password.includes(ACCESS) && c.password.includes('refresco-de-prueba'))).toBe(true);

    const found = await dispatch('shell', 'buscar', { q: 'ana' }, caller);
    expect(found).toEqual({ ok: true, data: [] });
    const rpc = requests.filter((r) => r.url.startsWith('/rest/v1/rpc/buscar_'));
    expect(rpc).toHaveLength(3);
    expect(rpc.every((r) => r.auth === `Bearer ${ACCESS}`)).toBe(true);

    await dispatch('auth', 'cerrarSesion', {}, caller);
    expect(caller.token).toBeNull();
    expect((await storedCredentials(SERVICE)).some((c) => c.password.includes(ACCESS))).toBe(false);
  });

  it('el audio de una llamada viene de la función del proyecto, llamada con el token del operador', async () => {
    const backend = createHostedBackend({ url, anonKey: 'clave-anonima-de-prueba' }, createVault(SERVICE));
    const dispatch = createDispatcher(createApi(backend) as unknown as Implementations);
    const caller = new Caller();
    expect(await dispatch('auth', 'iniciarSesion', { email: USER.email, password: 'Correcta2026' }, caller)).toMatchObject({ ok: true });

    const b64 = MP3.toString('base64');
    for (const id of ['conv_json', 'conv_texto', 'conv_mp3']) {
      const r = await dispatch('llamadas', 'audio', { conversationId: id }, caller);
      expect(r).toEqual({ ok: true, data: { base64: b64, mime: 'audio/mpeg' } });
    }
    const calls = requests.filter((r) => r.url === '/functions/v1/audio-llamada');
    expect(calls.map((c) => JSON.parse(c.body))).toEqual([{ conversation_id: 'conv_json' }, { conversation_id: 'conv_texto' }, { conversation_id: 'conv_mp3' }]);
    expect(calls.every((c) => c.method === 'POST' && c.auth === `Bearer ${ACCESS}` && c.apikey === 'clave-anonima-de-prueba')).toBe(true);

    // No audio for that conversation, or the function failing: a clear answer the screen turns into silence.
    expect(await dispatch('llamadas', 'audio', { conversationId: 'conv_nada' }, caller))
      .toMatchObject({ ok: false, error: { code: 'not_found', message: es.llamadas.historial.audioNoEncontrado } });
    expect(await dispatch('llamadas', 'audio', { conversationId: 'conv_roto' }, caller))
      .toMatchObject({ ok: false, error: { code: 'unavailable', message: es.errores.funcionNoDisponible('audio-llamada') } });
    await dispatch('auth', 'cerrarSesion', {}, caller);
  });

  it('sin servidor responde que no se pudo conectar, en español', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r)); // nothing listens there any more
    const backend = createHostedBackend({ url: `http://127.0.0.1:${port}`, anonKey: 'x' }, createVault(SERVICE));
    const dispatch = createDispatcher(createApi(backend) as unknown as Implementations);
    const r = await dispatch('auth', 'iniciarSesion', { email: USER.email, password: 'Correcta2026' }, new Caller());
    expect(r).toMatchObject({ ok: false, error: { code: 'unavailable', message: es.errores.servidorDatosNoDisponible } });
  });
});
