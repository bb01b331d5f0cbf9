import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { SqlClient } from '../../src/shared/ports/sql';
import { freshPglite } from '../support/databases';
import { ADMIN, Caller, embeddedApi, migrated } from '../support/operators';
import { startWebhookServer, type WebhookServer } from '../support/webhook-server';
import { es } from '../../src/shared/i18n/es';
import { MOTIVO_TIEMPO_AGOTADO, esTiempoAgotado } from '../../src/shared/ports/webhooks';

/** Connections: addresses in settings, credentials in the real keychain, POSTs to a real local server. */
let db: SqlClient;
let api: Awaited<ReturnType<typeof embeddedApi>>;
let hooks: WebhookServer;
const caller = new Caller();

beforeAll(async () => {
  db = await migrated(await freshPglite());
  api = await embeddedApi(db);
  hooks = await startWebhookServer();
  await api.dispatch('auth', 'crearPrimerAdmin', ADMIN, caller);
});
afterAll(async () => {
  await hooks?.close();
  await db?.cerrar();
});

describe('webhooks de automatización', () => {
  it('sin configurar, dice qué falta y dónde configurarlo', async () => {
    await expect(api.backend.webhooks!.post('llamadaSaliente', {})).rejects.toMatchObject({
      code: 'config',
      message: es.conexion.webhookSinConfigurar(es.conexion.nombres.llamadaSaliente),
    });
  });

  it('rechaza direcciones que no son http(s) y un tipo de autenticación sin credencial', async () => {
    for (const url of ['javascript:alert(1)', 'ftp://x.y/z', 'n8n.local/webhook', 'https://usuario:clave@n8n.local/x']) {
      const r = await api.dispatch('conexion', 'guardarWebhook', { name: 'flujoBots', url, auth: 'ninguna' }, caller);
      expect(r).toMatchObject({ ok: false, error: { code: 'validation', message: es.conexion.urlInvalida } });
    }
    const r = await api.dispatch('conexion', 'guardarWebhook', { name: 'flujoBots', url: `${hooks.url}/flujo`, auth: 'bearer' }, caller);
    expect(r).toMatchObject({ ok: false, error: { message: es.conexion.secretoFaltante } });
  });

  it('guarda la credencial en el llavero, nunca la devuelve y la envía en cada POST', async () => {
    const token = 'tok-' + 'x'.repeat(20) + '-secreto';
    const saved = await api.dispatch('conexion', 'guardarWebhook', { name: 'flujoBots', url: `${hooks.url}/flujo`, auth: 'bearer', token }, caller);
    expect(saved).toEqual({ ok: true, data: { name: 'flujoBots', url: `${hooks.url}/flujo`, auth: 'bearer', secretoGuardado: true } });
    const list = await api.dispatch('conexion', 'webhooks', {}, caller);
    expect(JSON.stringify(list)).not.toContain(token);
    expect(readFileSync(api.settings.filePath, 'utf8')).not.toContain(token);

    const res = await api.backend.webhooks!.post('flujoBots', { name: 'Wordpress Flow - Demo', table_supabase: 'demo_registro_bot_wordpress' });
    expect(res).toMatchObject({ ok: true, status: 200, json: { ok: true } });
    const last = hooks.requests.at(-1)!;
    expect(last.method).toBe('POST');
    expect(last.path).toBe('/flujo');
    expect(last.headers.authorization).toBe(`Bearer ${token}`);
    expect(last.headers['content-type']).toContain('application/json');
    expect(last.json).toEqual({ name: 'Wordpress Flow - Demo', table_supabase: 'demo_registro_bot_wordpress' });

    // Saving again without a token keeps the stored one.
    await api.dispatch('conexion', 'guardarWebhook', { name: 'flujoBots', url: `${hooks.url}/flujo2`, auth: 'bearer' }, caller);
    await api.backend.webhooks!.post('flujoBots', {});
    expect(hooks.requests.at(-1)!.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('Basic y cabeceras personalizadas', async () => {
    await api.dispatch('conexion', 'guardarWebhook', { name: 'analisisArchivo', url: `${hooks.url}/a`, auth: 'basic', usuario: 'ñandú', contrasena: 'c:l@ve' }, caller);
    await api.backend.webhooks!.post('analisisArchivo', { contenido: 'x' });
    const basic = hooks.requests.at(-1)!.headers.authorization!;
    expect(Buffer.from(basic.replace('Basic ', ''), 'base64').toString('utf8')).toBe('ñandú:c:l@ve');

    await api.dispatch('conexion', 'guardarWebhook', { name: 'llamadaSaliente', url: `${hooks.url}/llamar`, auth: 'cabeceras', cabeceras: { 'X-Api-Key': 'k-123', 'X-Agencia': 'demo' } }, caller);
    await api.backend.webhooks!.post('llamadaSaliente', { phone: '+573001234567' });
    expect(hooks.requests.at(-1)!.headers['x-api-key']).toBe('k-123');
    const bad = await api.dispatch('conexion', 'guardarWebhook', { name: 'llamadaSaliente', url: `${hooks.url}/x`, auth: 'cabeceras', cabeceras: { 'X-Mala': 'a\r\nInyectada: 1' } }, caller);
    expect(bad).toMatchObject({ ok: false, error: { message: es.conexion.cabecerasInvalidas } });
  });

  it('una respuesta no OK se devuelve con su estado; un servidor lento agota el tiempo; se puede cancelar', async () => {
    hooks.respond((_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('Bad gateway');
    });
    const bad = await api.backend.webhooks!.post('flujoBots', {});
    expect(bad).toMatchObject({ ok: false, status: 502, json: null, text: 'Bad gateway', contentType: 'text/plain' });

    hooks.respond(() => undefined); // never answers
    await expect(api.backend.webhooks!.post('flujoBots', {}, { timeoutMs: 200 })).rejects.toMatchObject({
      code: 'unavailable',
      message: es.conexion.webhookTiempoAgotado(es.conexion.nombres.flujoBots),
      // Told apart from a refused connection: the request went out, so the other side may have acted on it.
      details: { motivo: MOTIVO_TIEMPO_AGOTADO },
    });
    const timeout = await api.backend.webhooks!.post('flujoBots', {}, { timeoutMs: 150 }).catch((e: unknown) => e);
    expect(esTiempoAgotado(timeout)).toBe(true);
    await api.dispatch('conexion', 'guardarWebhook', { name: 'analisisScraping', url: 'http://127.0.0.1:9/cerrado', auth: 'ninguna' }, caller);
    const rechazada = await api.backend.webhooks!.post('analisisScraping', {}, { timeoutMs: 5000 }).catch((e: unknown) => e);
    expect(rechazada).toMatchObject({ code: 'unavailable', message: es.conexion.webhookNoResponde(es.conexion.nombres.analisisScraping) });
    expect(esTiempoAgotado(rechazada)).toBe(false);
    const controller = new AbortController();
    const pending = api.backend.webhooks!.post('flujoBots', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ code: 'cancelled', message: es.trabajos.cancelado });
  });
});
