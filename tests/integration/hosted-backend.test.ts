/**
 * Hosted mode on a local Supabase project (tests/support/supabase-local.ts): the real PostgREST 12 on
 * PostgreSQL 15 with every migration pushed, behind one URL with the Auth stand-in, and the session supabase-js
 * keeps going to the REAL keychain (run under dbus with gnome-keyring, as the test script does). Proves sign-in
 * from the main process, the session in the keychain (not in a file), the data port acting with the operator's
 * JWT (RLS sees an operator), sign-out clearing the keychain and ending the session, and call audio through the
 * shipped Edge Function (supabase/functions/audio-llamada) or, where it is not deployed, through the data API.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { crearBackendAlojado } from '../../src/main/motores/alojado/open-hosted';
import { crearBoveda } from '../../src/main/secretos/vault';
import { crearApi } from '../../src/shared/api';
import { crearDespachador, type Implementations } from '../../src/main/dispatch';
import { es } from '../../src/shared/i18n/es';
import { Caller } from '../support/operators';
import { clearService, storedCredentials } from '../support/keychain';
import { startSupabaseLocal, type SupabaseLocal } from '../support/supabase-local';

const SERVICE = `consola-test-hosted-${process.pid}-${Date.now()}`;
const USER = { email: 'ana@agencia.co', password: 'Correcta2026' };
/** An MP3 as the voice platform stores it: base64 text in registro_audio_llamadas (beyond one 32 KB chunk). */
const MP3 = Buffer.concat([Buffer.from('ID3'), randomBytes(70_000)]).toString('base64');
let supabase: SupabaseLocal;
let userId: string;
/** The requests since `desde` to the data API and the functions (the live channel's attempts aside). */
const desde = (n: number) => supabase.requests.slice(n).filter((r) => !r.path.startsWith('/realtime/'));

beforeAll(async () => {
  supabase = await startSupabaseLocal({ clusterUrl: inject('pgUrl') });
  userId = await supabase.crearOperador(USER.email, USER.password, { admin: true, nombre: 'Ana Ruiz' });
  await supabase.sql(`insert into public.registro_audio_llamadas (conversation_id, audio) values ('conv_con_audio', $1)`, [MP3]);
});
afterAll(async () => {
  await clearService(SERVICE);
  await supabase?.close();
});

function abrir() {
  const backend = crearBackendAlojado({ url: supabase.url, anonKey: supabase.anonKey }, crearBoveda(SERVICE));
  return crearDespachador(crearApi(backend) as unknown as Implementations);
}

describe('backend alojado (Supabase, PostgREST real)', () => {
  it('inicia sesión desde el proceso principal, guarda la sesión en el llavero y consulta con el token del operador', async () => {
    const dispatch = abrir();
    const caller = new Caller();

    const wrong = await dispatch('auth', 'iniciarSesion', { email: USER.email, password: 'Mala2026' }, caller);
    expect(wrong).toMatchObject({ ok: false, error: { code: 'unauthenticated', message: es.login.credencialesInvalidas } });

    const ok = await dispatch('auth', 'iniciarSesion', { email: USER.email, password: USER.password }, caller);
    expect(ok).toMatchObject({ ok: true, data: { id: userId, nombre: 'Ana Ruiz', esAdmin: true } });
    const [sesion] = await supabase.sql<{ id: string }>('select id from auth.sessions where user_id = $1', [userId]);
    expect(sesion).toBeDefined();

    // Supabase's tokens live in the keychain only; the transport holds our own opaque token.
    const stored = await storedCredentials(SERVICE);
    const guardada = stored.find((c) => c.password.includes('access_token'));
    expect(guardada).toBeDefined();
    const { access_token: access, refresh_token: refresh } = JSON.parse(guardada!.password) as { access_token: string; refresh_token: string };
    expect(access.split('.')).toHaveLength(3);
    expect(refresh).toBeTruthy();
    expect(caller.token).not.toContain(access);
    expect(JSON.stringify(ok)).not.toContain(access);

    // The data API acts as the operator: RLS lets him see the campaigns the database holds.
    await supabase.sql(`insert into public.campanas (nombre, minutos) values ('Ana campaña', 30)`);
    const antes = supabase.requests.length;
    const found = await dispatch('shell', 'buscar', { q: 'ana' }, caller);
    expect(found).toMatchObject({ ok: true });
    expect(JSON.stringify(found)).toContain('Ana campaña');
    const rpc = desde(antes).filter((r) => r.path.startsWith('/rest/v1/rpc/buscar_'));
    expect(rpc).toHaveLength(3);
    expect(rpc.every((r) => r.rol === 'authenticated' && r.clave === 'anon' && r.status === 200)).toBe(true);

    await dispatch('auth', 'cerrarSesion', {}, caller);
    expect(caller.token).toBeNull();
    expect((await storedCredentials(SERVICE)).some((c) => c.password.includes(access))).toBe(false);
  });

  it('el audio de una llamada viene de la función del proyecto, con el token del operador; sin la función, de la tabla', async () => {
    const dispatch = abrir();
    const caller = new Caller();
    expect(await dispatch('auth', 'iniciarSesion', USER, caller)).toMatchObject({ ok: true });

    const antes = supabase.requests.length;
    expect(await dispatch('llamadas', 'audio', { conversationId: 'conv_con_audio' }, caller)).toEqual({ ok: true, data: { base64: MP3, mime: 'audio/mpeg' } });
    const llamadas = desde(antes);
    expect(llamadas.map((r) => [r.method, r.path.split('?')[0], r.rol, r.status])).toEqual([
      ['POST', '/functions/v1/audio-llamada', 'authenticated', 200],
      // The function reads the row through the data API with the caller's JWT: RLS applies.
      ['GET', '/rest/v1/registro_audio_llamadas', 'authenticated', 200],
    ]);

    // No audio for that conversation: a clear answer the screen turns into silence.
    expect(await dispatch('llamadas', 'audio', { conversationId: 'conv_sin_audio' }, caller))
      .toMatchObject({ ok: false, error: { code: 'not_found', message: es.llamadas.historial.audioNoEncontrado } });

    // A fresh project where `supabase functions deploy audio-llamada` was never run: the gateway answers 404,
    // and the audio still plays, read from registro_audio_llamadas through PostgREST.
    supabase.funciones.delete('audio-llamada');
    try {
      const antes404 = supabase.requests.length;
      expect(await dispatch('llamadas', 'audio', { conversationId: 'conv_con_audio' }, caller)).toEqual({ ok: true, data: { base64: MP3, mime: 'audio/mpeg' } });
      expect(desde(antes404).map((r) => [r.path.split('?')[0], r.status])).toEqual([
        ['/functions/v1/audio-llamada', 404],
        ['/rest/v1/registro_audio_llamadas', 200],
      ]);
      expect(await dispatch('llamadas', 'audio', { conversationId: 'conv_sin_audio' }, caller))
        .toMatchObject({ ok: false, error: { code: 'not_found', message: es.llamadas.historial.audioNoEncontrado } });
    } finally {
      supabase.funciones.add('audio-llamada');
    }

    // The function failing (here: the table refused to the operator's role) is named, not hidden as silence.
    await supabase.sql('revoke select on public.registro_audio_llamadas from authenticated');
    try {
      expect(await dispatch('llamadas', 'audio', { conversationId: 'conv_con_audio' }, caller))
        .toMatchObject({ ok: false, error: { code: 'unavailable', message: es.errores.funcionNoDisponible('audio-llamada') } });
    } finally {
      await supabase.sql('grant select on public.registro_audio_llamadas to authenticated');
    }
    await dispatch('auth', 'cerrarSesion', {}, caller);
  });

  it('marketing: el documento va al bucket que crean las migraciones y otro operador lo descarga igual', async () => {
    const dispatch = abrir();
    const ana = new Caller();
    expect(await dispatch('auth', 'iniciarSesion', USER, ana)).toMatchObject({ ok: true });
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4096), Buffer.from('\n%%EOF')]);
    const guardado = await dispatch('marketing', 'guardar', {
      nombreArchivoUrl: 'Brief Faro.pdf',
      dominio: 'faro.co',
      contenido: 'Resumen del análisis',
      archivo: { nombre: 'Brief Faro.pdf', contenidoBase64: pdf.toString('base64') },
    }, ana);
    // Not 'Guardado en la base de datos, pero el archivo no se pudo subir al storage': the bucket exists.
    expect(guardado).toMatchObject({ ok: true, data: { archivoGuardado: true, mensaje: es.marketing.guardado } });
    const id = (guardado as { data: { registro: { id: number } } }).data.registro.id;
    const [objeto] = await supabase.sql<{ name: string; owner: string }>(`select name, owner from storage.objects where bucket_id = 'agente-marketing-files'`);
    expect(objeto).toMatchObject({ owner: userId });
    expect(objeto!.name.startsWith(`${userId}/`)).toBe(true);

    await supabase.crearOperador('luis@agencia.co', 'Operador2026', { nombre: 'Luis' });
    const luis = new Caller();
    expect(await dispatch('auth', 'iniciarSesion', { email: 'luis@agencia.co', password: 'Operador2026' }, luis)).toMatchObject({ ok: true });
    const descarga = await dispatch('marketing', 'descargarArchivo', { id }, luis);
    expect(descarga).toMatchObject({ ok: true, data: { nombre: 'Brief Faro.pdf', tipo: 'application/pdf' } });
    expect(Buffer.from((descarga as { data: { contenidoBase64: string } }).data.contenidoBase64, 'base64')).toEqual(pdf);
    await dispatch('auth', 'cerrarSesion', {}, ana);
    await dispatch('auth', 'cerrarSesion', {}, luis);
  });

  it('un usuario de la plataforma sin perfil de operador no entra', async () => {
    const intruso = await supabase.crearOperador('curioso@correo.example', 'Curioso2026');
    await supabase.sql('delete from public.perfiles where id = $1', [intruso]);
    const r = await abrir()('auth', 'iniciarSesion', { email: 'curioso@correo.example', password: 'Curioso2026' }, new Caller());
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden', message: es.errores.sinPerfilOperador } });
  });

  it('sin servidor responde que no se pudo conectar, en español', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r)); // nothing listens there any more
    const backend = crearBackendAlojado({ url: `http://127.0.0.1:${port}`, anonKey: 'x' }, crearBoveda(SERVICE));
    const dispatch = crearDespachador(crearApi(backend) as unknown as Implementations);
    const r = await dispatch('auth', 'iniciarSesion', USER, new Caller());
    expect(r).toMatchObject({ ok: false, error: { code: 'unavailable', message: es.errores.servidorDatosNoDisponible } });
  });
});
