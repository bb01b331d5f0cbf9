/**
 * The marketing agent end to end below the screen, on PGlite and PostgreSQL 15: the analysis POSTs go to a
 * real local server standing in for n8n (basic auth from the real keychain), the answer is read, and the
 * save uploads the file into the data folder's storage, inserts the record, downloads and deletes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlClient } from '../../src/shared/ports/sql';
import type { StoragePort } from '../../src/shared/ports/storage';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, embeddedApi } from '../support/operators';
import { startWebhookServer, type WebhookServer } from '../support/webhook-server';
import { PROPUESTA, tinyPdf } from '../support/marketing-fixtures';
import { bytesToBase64, MAX_ARCHIVO_BYTES } from '../../src/shared/areas/marketing/archivos';
import { crearAlmacenEnCarpeta } from '../../src/main/almacen/folder-storage';
import { es } from '../../src/shared/i18n/es';

const m = es.marketing;
const pdf = tinyPdf();
const pdfB64 = bytesToBase64(pdf);

describe.each(MIGRATED_BACKENDS)('agente de marketing (%s)', (_name, fresh) => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  let hooks: WebhookServer;
  const caller = new Caller();
  const logs: string[] = [];

  beforeAll(async () => {
    db = await fresh();
    api = await embeddedApi(db);
    hooks = await startWebhookServer();
    await api.dispatch('auth', 'crearPrimerAdmin', ADMIN, caller);
  });
  afterAll(async () => {
    await hooks?.close();
    await db?.cerrar();
  });

  const call = (op: string, input: unknown, who: Caller = caller) => api.dispatch('marketing', op, input, who);

  it('sin webhook configurado lo dice; sin sesión pide iniciar sesión', async () => {
    expect(await call('analizarUrl', { url: 'https://climafrio.co' })).toMatchObject({
      ok: false,
      error: { code: 'config', message: es.conexion.webhookSinConfigurar(es.conexion.nombres.analisisScraping) },
    });
    expect(await call('analizarUrl', { url: 'https://climafrio.co' }, new Caller())).toMatchObject({ ok: false, error: { message: m.noAutenticado } });
    expect(await call('guardar', { nombreArchivoUrl: 'x', contenido: 'y' }, new Caller())).toMatchObject({ ok: false, error: { message: m.debesAutenticarte } });
    expect(await call('estadoConexion', {}, new Caller())).toEqual({ ok: true, data: { autenticado: false, email: null } });
    expect(await call('estadoConexion', {})).toMatchObject({ ok: true, data: { autenticado: true } });
  });

  it('archivo: POST {contenido: base64} con Basic del llavero, propuesta reconocida', async () => {
    await api.dispatch('conexion', 'guardarWebhook', { name: 'analisisArchivo', url: `${hooks.url}/archivo`, auth: 'basic', usuario: 'n8n', contrasena: 'Clave-n8n' }, caller);
    await api.dispatch('conexion', 'guardarWebhook', { name: 'analisisScraping', url: `${hooks.url}/scraping`, auth: 'basic' , usuario: 'n8n', contrasena: 'Clave-n8n' }, caller);
    hooks.respond((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify([{ output: JSON.stringify(PROPUESTA) }]));
    });
    const r = await call('analizarArchivo', { nombre: 'Brief Clima Frío.pdf', contenidoBase64: pdfB64 });
    expect(r).toMatchObject({ ok: true, data: { tipo: 'propuesta', dominio: 'Clima Frío SAS', mensaje: m.estructuraGenerada } });
    const req = hooks.requests.at(-1)!;
    expect(req.path).toBe('/archivo');
    expect(req.json).toEqual({ contenido: pdfB64 });
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('n8n:Clave-n8n').toString('base64')}`);
  });

  it('archivo: tipo, tamaño y contenido comprobados antes de enviar nada', async () => {
    const before = hooks.requests.length;
    expect(await call('analizarArchivo', { nombre: 'a.txt', contenidoBase64: pdfB64 })).toMatchObject({ ok: false, error: { message: m.tipoNoValido } });
    expect(await call('analizarArchivo', { nombre: 'a.docx', contenidoBase64: pdfB64 })).toMatchObject({ ok: false, error: { message: m.formatoNoValido } });
    expect(await call('analizarArchivo', { nombre: 'a.pdf', contenidoBase64: '%%%' })).toMatchObject({ ok: false, error: { message: m.errorLeer } });
    const big = new Uint8Array(MAX_ARCHIVO_BYTES + 3);
    big.set(pdf.subarray(0, 16));
    expect(await call('analizarArchivo', { nombre: 'a.pdf', contenidoBase64: bytesToBase64(big) })).toMatchObject({ ok: false, error: { message: m.archivoMuyGrande } });
    expect(hooks.requests.length).toBe(before);
  });

  it('archivo: error del servicio y respuestas no válidas', async () => {
    hooks.respond((_req, res) => void res.writeHead(500).end('boom'));
    expect(await call('analizarArchivo', { nombre: 'a.pdf', contenidoBase64: pdfB64 })).toMatchObject({ ok: false, error: { message: m.errorArchivo } });
    hooks.respond((_req, res) => void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"foo": 1}'));
    expect(await call('analizarArchivo', { nombre: 'a.pdf', contenidoBase64: pdfB64 })).toMatchObject({ ok: false, error: { message: m.sinContenidoValido } });
    hooks.respond((_req, res) => void res.writeHead(200, { 'Content-Type': 'application/json' }).end('[{"output": "{\\"roto\\": "}]'));
    expect(await call('analizarArchivo', { nombre: 'a.pdf', contenidoBase64: pdfB64 })).toMatchObject({ ok: false, error: { message: m.errorRespuesta } });
  });

  it('sitio web: {url, tipo: scraping}; 404, 403, otros; texto plano', async () => {
    const statuses: Array<[number, string]> = [
      [404, m.sitioNoEncontrado],
      [403, m.accesoDenegado],
      [502, m.errorSitio],
    ];
    for (const [status, message] of statuses) {
      hooks.respond((_req, res) => void res.writeHead(status).end());
      expect(await call('analizarUrl', { url: 'https://climafrio.co' })).toMatchObject({ ok: false, error: { message } });
    }
    hooks.respond((_req, res) => void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ output: 'Sitio de climatización en Bogotá.' })));
    const r = await call('analizarUrl', { url: ' https://climafrio.co ' });
    expect(r).toMatchObject({ ok: true, data: { tipo: 'texto', texto: 'Sitio de climatización en Bogotá.', mensaje: m.contenidoProcesado } });
    expect(hooks.requests.at(-1)!.json).toEqual({ url: 'https://climafrio.co', tipo: 'scraping' });
    expect(await call('analizarUrl', { url: '' })).toMatchObject({ ok: false, error: { message: m.urlVacia } });
    expect(await call('analizarUrl', { url: 'climafrio.co' })).toMatchObject({ ok: false, error: { message: m.urlInvalida } });
  });

  it('una página de error HTML con estado 200 no es contenido: "No se recibió contenido válido" y nada se guarda', async () => {
    const nginx502 = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
    const antes = ((await call('registros', {})) as { data: Array<{ id: number }> }).data.map((r) => r.id);
    hooks.respond((_req, res) => void res.writeHead(200, { 'Content-Type': 'text/html' }).end(nginx502));
    expect(await call('analizarUrl', { url: 'https://climafrio.co' })).toEqual({ ok: false, error: { code: 'unavailable', message: m.sinContenidoValido } });
    // Without a Content-Type the page is recognised by its markup all the same.
    hooks.respond((_req, res) => void res.writeHead(200).end(nginx502));
    expect(await call('analizarUrl', { url: 'https://climafrio.co' })).toEqual({ ok: false, error: { code: 'unavailable', message: m.sinContenidoValido } });
    expect(await call('analizarArchivo', { nombre: 'a.pdf', contenidoBase64: pdfB64 })).toEqual({ ok: false, error: { code: 'unavailable', message: m.sinContenidoValido } });
    // The screen saves only after a successful analysis: no 'Sitio sin nombre' record appeared.
    const despues = ((await call('registros', {})) as { data: Array<{ id: number }> }).data.map((r) => r.id);
    expect(despues).toEqual(antes);
  });

  it('sin credencial en el llavero: aviso en el registro y ninguna cabecera', async () => {
    await api.dispatch('conexion', 'guardarWebhook', { name: 'analisisScraping', url: `${hooks.url}/scraping`, auth: 'ninguna' }, caller);
    hooks.respond((_req, res) => void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(PROPUESTA)));
    const { crearApi } = await import('../../src/shared/api');
    const { crearDespachador } = await import('../../src/main/dispatch');
    const logged = crearDespachador(crearApi(api.backend, (msg) => logs.push(msg)) as never);
    const r = await logged('marketing', 'analizarUrl', { url: 'https://climafrio.co' }, caller);
    expect(r).toMatchObject({ ok: true, data: { tipo: 'propuesta' } });
    expect(hooks.requests.at(-1)!.headers.authorization).toBeUndefined();
    expect(logs).toContain(m.sinCredencial(es.conexion.nombres.analisisScraping));
  });

  it('guardar con archivo, listar, descargar y eliminar (archivo y luego registro)', async () => {
    const saved = await call('guardar', {
      nombreArchivoUrl: 'Brief Clima Frío.pdf',
      dominio: 'Clima Frío SAS',
      contenido: JSON.stringify(PROPUESTA),
      archivo: { nombre: 'Brief Clima Frío.pdf', contenidoBase64: pdfB64 },
    });
    expect(saved).toMatchObject({ ok: true, data: { archivoGuardado: true, mensaje: m.guardado } });
    const registro = (saved as { data: { registro: { id: number; archivoStoragePath: string; nombrePersona: string; archivoOriginalName: string } } }).data.registro;
    expect(registro.nombrePersona).toBe(ADMIN.email.toLowerCase());
    expect(registro.archivoOriginalName).toBe('Brief Clima Frío.pdf');
    const me = (await api.dispatch('configuracion', 'perfil', {}, caller)) as { data: { email: string } };
    expect(me.data.email).toBe(ADMIN.email.toLowerCase());
    expect(registro.archivoStoragePath).toMatch(/^[0-9a-f-]{36}\/\d+_Brief_Clima_Frio\.pdf$/);

    const list = (await call('registros', {})) as { data: Array<{ id: number }> };
    expect(list.data[0]!.id).toBe(registro.id);

    const down = await call('descargarArchivo', { id: registro.id });
    expect(down).toEqual({ ok: true, data: { nombre: 'Brief Clima Frío.pdf', tipo: 'application/pdf', contenidoBase64: pdfB64 } });

    // No overwrite: the same path again is refused by the storage.
    await expect(api.storage.upload('agente-marketing-files', registro.archivoStoragePath, new Uint8Array([1]), { contentType: 'x', cacheControlSeconds: 1 })).rejects.toMatchObject({ code: 'conflict' });

    expect(await call('eliminar', { id: registro.id })).toEqual({ ok: true, data: null });
    await expect(api.storage.download('agente-marketing-files', registro.archivoStoragePath)).rejects.toMatchObject({ code: 'not_found' });
    expect(((await call('registros', {})) as { data: Array<{ id: number }> }).data.some((r) => r.id === registro.id)).toBe(false);
    expect(await call('descargarArchivo', { id: registro.id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('si la subida falla, el registro se guarda sin los campos del archivo', async () => {
    const failing: StoragePort = {
      upload: async () => {
        throw new Error('disco lleno');
      },
      download: async () => new Uint8Array(),
      remove: async () => {},
    };
    const { crearApi } = await import('../../src/shared/api');
    const { crearDespachador } = await import('../../src/main/dispatch');
    const dispatch = crearDespachador(crearApi({ ...api.backend, storageFor: () => failing }) as never);
    const r = await dispatch('marketing', 'guardar', { nombreArchivoUrl: 'a.pdf', contenido: 'texto', archivo: { nombre: 'a.pdf', contenidoBase64: pdfB64 } }, caller);
    expect(r).toMatchObject({
      ok: true,
      data: { archivoGuardado: false, mensaje: m.guardadoSinArchivo, registro: { archivoStoragePath: null, archivoOriginalName: null, dominioExtraido: 'Sitio sin nombre' } },
    });
  });
});

describe('almacenamiento en carpeta', () => {
  it('rechaza rutas fuera de la carpeta y no sobrescribe', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const root = mkdtempSync(join(tmpdir(), 'consola-st-'));
    const storage = crearAlmacenEnCarpeta(root);
    const uid = '6f1c2a57-3c1e-4a8e-9b43-0a1d2e3f4a5b';
    await storage.upload('agente-marketing-files', `${uid}/1_a.pdf`, pdf, { contentType: 'application/pdf', cacheControlSeconds: 3600 });
    expect(existsSync(join(root, 'agente-marketing-files', uid, '1_a.pdf'))).toBe(true);
    await expect(storage.upload('agente-marketing-files', `${uid}/1_a.pdf`, new Uint8Array([1]), { contentType: 'x', cacheControlSeconds: 1 })).rejects.toMatchObject({ code: 'conflict' });
    expect(await storage.download('agente-marketing-files', `${uid}/1_a.pdf`)).toEqual(pdf);
    for (const bad of ['../1_a.pdf', `${uid}/../../x`, `/etc/passwd`, `${uid}/1_a/../../b`]) {
      await expect(storage.upload('agente-marketing-files', bad, pdf, { contentType: 'x', cacheControlSeconds: 1 })).rejects.toMatchObject({ code: 'validation' });
    }
    await expect(storage.download('../fuera', `${uid}/1_a.pdf`)).rejects.toMatchObject({ code: 'validation' });
    // No temporary files left behind.
    expect(readdirSync(join(root, 'agente-marketing-files', uid))).toEqual(['1_a.pdf']);
    await storage.remove('agente-marketing-files', [`${uid}/1_a.pdf`, `${uid}/2_no_existe.pdf`]);
    expect(existsSync(join(root, 'agente-marketing-files', uid, '1_a.pdf'))).toBe(false);
  });
});
