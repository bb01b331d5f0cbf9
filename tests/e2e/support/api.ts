/**
 * The app's HTTP api as the page's browser context calls it (same cookies, so the same operator): what a
 * spec uses to set things up that another screen or test already covers, and to compare a screen with the
 * database. Answers are `{ ok: true, data }` or `{ ok: false, error: { code, message } }`.
 */
import { expect, type APIRequestContext } from '@playwright/test';

export interface Respuesta<T> {
  ok: boolean;
  data?: T;
  error?: { code: string; message: string };
}

export class Api {
  constructor(private readonly request: APIRequestContext) {}

  /** The whole answer, for a call that may be refused (the spec looks at `ok` itself). */
  async respuesta<T>(area: string, op: string, data: unknown = {}): Promise<Respuesta<T>> {
    const res = await this.request.post(`/api/${area}/${op}`, { data });
    return (await res.json()) as Respuesta<T>;
  }

  /** Calls an operation that must succeed, and answers its data. */
  async llamar<T = unknown>(area: string, op: string, data: unknown = {}): Promise<T> {
    const body = await this.respuesta<T>(area, op, data);
    expect(body.ok, `${area}.${op}: ${body.error?.message}`).toBe(true);
    return body.data as T;
  }

  /**
   * Points the named webhooks at addresses (conexion.guardarWebhook), without credentials unless given. Tests
   * that need a bearer token run under the keychain (see docs/DEVELOPING.md).
   */
  async webhooks(destinos: Record<string, string | { url: string; token: string }>): Promise<void> {
    for (const [name, destino] of Object.entries(destinos)) {
      const cuerpo = typeof destino === 'string' ? { name, url: destino, auth: 'ninguna' } : { name, url: destino.url, auth: 'bearer', token: destino.token };
      await this.llamar('conexion', 'guardarWebhook', cuerpo);
    }
  }
}
