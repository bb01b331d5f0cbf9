/**
 * The one status map and error Envelope of both HTTP servers (src/main/http-respuesta.ts): what a client reads
 * on the wire, sent through the same sendJson both servers use, over a real local socket.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTADO_HTTP, estadoDeSobre, sobreDeError } from '../../src/main/http-respuesta';
import { sendJson } from '../../src/main/http-body';
import { AppError, type ErrorCode } from '../../src/shared/errors';
import type { Envelope } from '../../src/shared/operaciones/envelope';

const CODIGOS = Object.keys(ESTADO_HTTP) as ErrorCode[];

describe('http-respuesta', () => {
  let servidor: Server;
  let url: string;
  let siguiente: Envelope = { ok: true, data: null };

  beforeAll(async () => {
    servidor = createServer((_req, res) => sendJson(res, estadoDeSobre(siguiente), siguiente));
    await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => servidor.close(() => resolve())));

  it('gives every error code a status: what the client can fix is 4xx, what the server cannot do is 5xx', () => {
    // Every code an AppError can carry is in the map (serialising one names its code).
    expect(CODIGOS.sort()).toEqual(
      ['validation', 'unauthenticated', 'forbidden', 'not_found', 'conflict', 'locked', 'config', 'unavailable', 'cancelled', 'internal'].sort(),
    );
    for (const codigo of CODIGOS) {
      const estado = ESTADO_HTTP[codigo];
      if (codigo === 'internal' || codigo === 'unavailable') expect(estado, codigo).toBeGreaterThanOrEqual(500);
      else expect(estado, codigo).toBeLessThan(500);
      expect(estado, codigo).toBeGreaterThanOrEqual(400);
    }
  });

  it('sends an error Envelope with its code, its Spanish message and nothing else, under its status', async () => {
    const error = new AppError('locked', 'Demasiados intentos. Espera un momento.', { pila: 'no debe salir' });
    siguiente = sobreDeError(error.code, error.message);
    const respuesta = await fetch(url);
    expect(respuesta.status).toBe(429);
    expect(respuesta.headers.get('cache-control')).toBe('no-store');
    expect(await respuesta.json()).toEqual({ ok: false, error: { code: 'locked', message: 'Demasiados intentos. Espera un momento.' } });
  });

  it('sends data with 200 and an operation failure with its code’s status', async () => {
    siguiente = { ok: true, data: { guardado: true } };
    expect((await fetch(url)).status).toBe(200);
    siguiente = { ok: false, error: { code: 'config', message: 'Configura primero el servidor.' } };
    const respuesta = await fetch(url);
    expect(respuesta.status).toBe(412);
    expect((await respuesta.json()).error.message).toBe('Configura primero el servidor.');
  });
});
