import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { contract } from '../../src/shared/contract';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import { buildPreloadApi } from '../../src/shared/contract/preload-api';
import type { CallContext } from '../../src/main/dispatch';
import { crearManejadorIpc, type IpcInvokeEventLike } from '../../src/main/ipc-handler';
import type { SenderFrameLike } from '../../src/main/ventana/security';

function fakeEvent(id: number, url = 'app://app/index.html', opts: { iframe?: boolean } = {}) {
  const main: SenderFrameLike = { url: 'app://app/index.html', parent: null, frameTreeNodeId: 1 };
  main.top = main;
  let frame: SenderFrameLike = main;
  if (opts.iframe) frame = { url, parent: main, top: main, frameTreeNodeId: 2 };
  else main.url = url;
  const sender = Object.assign(new EventEmitter(), { id, mainFrame: { frameTreeNodeId: 1 } });
  const event: IpcInvokeEventLike = { sender, senderFrame: frame };
  return { event, sender };
}

describe('createIpcHandler', () => {
  it('refuses untrusted senders with a forbidden envelope and never dispatches', async () => {
    const dispatch = vi.fn();
    const handler = crearManejadorIpc({ dispatch });
    for (const event of [
      fakeEvent(1, 'https://evil.com/').event,
      fakeEvent(1, 'app://app/index.html', { iframe: true }).event,
      fakeEvent(1, 'about:blank').event,
      { ...fakeEvent(1).event, senderFrame: null },
    ]) {
      const answer = await handler.handle(event, 'auth', 'estado', {});
      expect(answer.ok).toBe(false);
      if (!answer.ok) {
        expect(answer.error.code).toBe('forbidden');
        expect(answer.error.message).toMatch(/rechazada/);
      }
    }
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('keeps one session token per window in the main process and drops it when the window is destroyed', async () => {
    const dispatch = vi.fn(async (area: string, name: string, _input: unknown, ctx: CallContext): Promise<Envelope> => {
      if (name === 'iniciarSesion') ctx.setToken(`token-${area}-${Math.random()}`);
      if (name === 'cerrarSesion') ctx.setToken(null);
      return { ok: true, data: ctx.getToken() !== null };
    });
    const handler = crearManejadorIpc({ dispatch });
    const a = fakeEvent(10);
    const b = fakeEvent(11);
    await handler.handle(a.event, 'auth', 'iniciarSesion', { email: 'x', password: 'y' });
    expect(await handler.handle(a.event, 'auth', 'estado', {})).toEqual({ ok: true, data: true });
    expect(await handler.handle(b.event, 'auth', 'estado', {})).toEqual({ ok: true, data: false });
    expect(handler.sessionCount()).toBe(1);
    a.sender.emit('destroyed');
    expect(handler.sessionCount()).toBe(0);
    await handler.handle(b.event, 'auth', 'iniciarSesion', {});
    await handler.handle(b.event, 'auth', 'cerrarSesion', {});
    expect(handler.sessionCount()).toBe(0);
  });

  it('answers what the dispatcher answers and never puts the token in it', async () => {
    const dispatch = vi.fn(async (_a: string, _n: string, _i: unknown, ctx: CallContext): Promise<Envelope> => {
      ctx.setToken('super-secret-token');
      return { ok: true, data: { nombre: 'Ana' } };
    });
    const handler = crearManejadorIpc({ dispatch });
    const answer = await handler.handle(fakeEvent(3).event, 'auth', 'iniciarSesion', { email: 'a', password: 'b' });
    expect(JSON.stringify(answer)).not.toContain('super-secret-token');
    expect(dispatch).toHaveBeenCalledWith('auth', 'iniciarSesion', { email: 'a', password: 'b' }, expect.anything());
  });

  it('rejects non-string operation names', async () => {
    const dispatch = vi.fn();
    const handler = crearManejadorIpc({ dispatch });
    const answer = await handler.handle(fakeEvent(4).event, { toString: () => 'auth' }, 'estado', {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(dispatch).not.toHaveBeenCalled();
  });
});

describe('buildPreloadApi', () => {
  it('exposes exactly the contract operations, each invoking (area, name, input)', async () => {
    const invoke = vi.fn(async (): Promise<Envelope> => ({ ok: true, data: null }));
    const api = buildPreloadApi(invoke);
    expect(Object.keys(api).sort()).toEqual(Object.keys(contract).sort());
    for (const area of Object.keys(contract) as Array<keyof typeof contract>) {
      expect(Object.keys(api[area]).sort()).toEqual(Object.keys(contract[area]).sort());
    }
    await api.auth.iniciarSesion({ email: 'a@b.co', password: 'x' });
    expect(invoke).toHaveBeenCalledWith('auth', 'iniciarSesion', { email: 'a@b.co', password: 'x' });
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api.auth)).toBe(true);
    expect(JSON.stringify(Object.keys(api))).not.toMatch(/invoke|ipc|send/i);
  });
});
