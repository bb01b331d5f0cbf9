/**
 * Two-step verification on hosted Supabase (issue 27), through the hosted backend, the real PostgREST 12 and the
 * local project's Auth stand-in (GoTrue's MFA endpoints, tests/support/supabase-local.ts), with the session kept
 * in the real keychain:
 *  - enrolment with a code; sign-in in two steps; the agency's rule refuses an aal1 session in SQL (C2FA1, read
 *    from the token's own `aal` claim by the real PostgREST) and accepts it once aal2; a code used once is refused
 *    a second time by the console (Supabase Auth would accept it again on a new challenge);
 *  - an administrator resets another operator's factor (audited); an operator cannot;
 *  - a refused sign-in is in the trail, reported by the console; an unknown e-mail writes nothing;
 *  - a session closed from Seguridad ends at once in this process.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { crearBackendAlojado } from '../../src/main/motores/alojado/open-hosted';
import { crearBoveda } from '../../src/main/secretos/vault';
import { crearApi } from '../../src/shared/api';
import { crearDespachador, type Implementations } from '../../src/main/dispatch';
import { codigoEn, TOTP_PERIODO_S } from '../../src/main/secretos/totp';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import { es } from '../../src/shared/i18n/es';
import { Caller } from '../support/operators';
import { clearService } from '../support/keychain';
import { startSupabaseLocal, type SupabaseLocal } from '../support/supabase-local';

const SERVICE = `consola-test-mfa-alojado-${process.pid}-${Date.now()}`;
const ADMIN = { email: 'ana@agencia.co', password: 'Correcta2026' };
const OPERADOR = { email: 'luis@agencia.co', password: 'Correcta2026' };
const t = es.seguridad;
let supabase: SupabaseLocal;
let adminId: string;
let luisId: string;
let dispatch: ReturnType<typeof crearDespachador>;

beforeAll(async () => {
  supabase = await startSupabaseLocal({ clusterUrl: inject('pgUrl') });
  adminId = await supabase.crearOperador(ADMIN.email, ADMIN.password, { admin: true, nombre: 'Ana Ruiz' });
  luisId = await supabase.crearOperador(OPERADOR.email, OPERADOR.password, { nombre: 'Luis Gómez' });
  dispatch = crearDespachador(crearApi(crearBackendAlojado({ url: supabase.url, anonKey: supabase.anonKey }, crearBoveda(SERVICE))) as unknown as Implementations);
});
afterAll(async () => {
  await clearService(SERVICE);
  await supabase?.close();
});

async function llamar(area: string, op: string, input: unknown, quien: Caller): Promise<Envelope> {
  return (await dispatch(area, op, input, quien)) as Envelope;
}
async function ok<T>(area: string, op: string, input: unknown, quien: Caller): Promise<T> {
  const r = await llamar(area, op, input, quien);
  if (!r.ok) throw new Error(`${area}.${op}: ${r.error.message}`);
  return r.data as T;
}
const codigo = (secreto: string, desplazamientoMs = 0) => codigoEn(secreto, new Date(Date.now() + desplazamientoMs));
const verificaciones = () => supabase.requests.filter((r) => /^\/auth\/v1\/factors\/[^/]+\/verify/.test(r.path)).length;
const filasAuditoria = (accion: string) =>
  supabase.sql<{ objeto: string | null; actor_id: string | null; detalle: Record<string, unknown> }>('select objeto, actor_id, detalle from public.auditoria where accion = $1 order by id', [accion]);

/** Signs in and, when the operator has a factor, answers the half-open session's caller. */
async function entrar(usuario: { email: string; password: string }): Promise<{ quien: Caller; requiereCodigo: boolean }> {
  const quien = new Caller();
  const r = await ok<{ requiereCodigo?: boolean }>('auth', 'iniciarSesion', usuario, quien);
  return { quien, requiereCodigo: r.requiereCodigo === true };
}

async function inscribir(quien: Caller): Promise<string> {
  const { secreto, uri } = await ok<{ secreto: string; uri: string }>('seguridad', 'iniciarDosPasos', {}, quien);
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  const r = await ok<{ codigosRecuperacion: string[] }>('seguridad', 'confirmarDosPasos', { codigo: codigo(secreto) }, quien);
  // Supabase Auth has no recovery codes: none are shown, the screen names the administrator instead.
  expect(r.codigosRecuperacion).toEqual([]);
  return secreto;
}

describe('verificación en dos pasos en Supabase alojado', () => {
  let secretoAdmin = '';
  let admin: Caller;

  it('inscripción, regla de la agencia: aal1 rechazado por SQL en el PostgREST real, aal2 aceptado; un código usado no vale otra vez', async () => {
    const primera = await entrar(ADMIN);
    expect(primera.requiereCodigo).toBe(false);
    expect(await ok('seguridad', 'estado', {}, primera.quien)).toMatchObject({ disponible: true, dosPasos: false, recuperacion: 'administrador', codigosRestantes: null });
    secretoAdmin = await inscribir(primera.quien);
    expect(await supabase.sql('select status::text as estado from auth.mfa_factors where user_id = $1', [adminId])).toEqual([{ estado: 'verified' }]);
    expect(await ok('seguridad', 'estado', {}, primera.quien)).toMatchObject({ dosPasos: true, aal2: true });
    await ok('seguridad', 'exigirAdmin', { exigir: true }, primera.quien);
    await ok('auth', 'cerrarSesion', {}, primera.quien);

    // Signing in again takes two steps; until the code, the session is nobody's.
    const segunda = await entrar(ADMIN);
    admin = segunda.quien;
    expect(segunda.requiereCodigo).toBe(true);
    expect(await llamar('auditoria', 'buscar', { filtros: {} }, admin)).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });

    // The SQL rule itself, through the real PostgREST with Supabase's own aal1 token: refused with its SQLSTATE.
    const aal1 = await supabase.clienteDe(ADMIN.email, ADMIN.password);
    const rechazo = await aal1.rpc('auditoria_buscar', {});
    expect(rechazo.error).toMatchObject({ code: 'C2FA1', message: t.exigeDosPasos });

    // The code that confirmed the enrolment is still inside its window, but used: refused without asking Supabase.
    const antes = verificaciones();
    const usado = await llamar('auth', 'verificarCodigo', { codigo: codigo(secretoAdmin) }, admin);
    expect(usado).toMatchObject({ ok: false, error: { code: 'validation', message: t.codigoIncorrecto } });
    expect(verificaciones()).toBe(antes);
    expect(await filasAuditoria('sesion.codigo_rechazado')).toEqual([expect.objectContaining({ actor_id: adminId })]);

    // The next step's code is accepted: the session is aal2 in Supabase, and the admin functions answer.
    const siguiente = codigo(secretoAdmin, TOTP_PERIODO_S * 1000);
    expect(await ok('auth', 'verificarCodigo', { codigo: siguiente }, admin)).toMatchObject({ id: adminId, esAdmin: true });
    expect(await supabase.sql('select aal::text as aal from auth.sessions where user_id = $1', [adminId])).toEqual([{ aal: 'aal2' }]);
    const { filas } = await ok<{ filas: { accion: string }[] }>('auditoria', 'buscar', { filtros: { accion: 'mfa' } }, admin);
    expect(filas.map((f) => f.accion)).toEqual(['mfa.activar']);
    expect(supabase.requests.filter((r) => r.path.startsWith('/rest/v1/rpc/auditoria_buscar')).at(-1)).toMatchObject({ status: 200, rol: 'authenticated' });
    expect(await filasAuditoria('sesion.segundo_paso')).toHaveLength(1);
    // The same code again, on a new sign-in: refused.
    const tercera = await entrar(ADMIN);
    expect(await llamar('auth', 'verificarCodigo', { codigo: siguiente }, tercera.quien)).toMatchObject({ ok: false, error: { message: t.codigoIncorrecto } });
  }, 60_000);

  it('un administrador restablece la verificación de otro operador (queda en la actividad); un operador no puede', async () => {
    const luis = (await entrar(OPERADOR)).quien;
    await inscribir(luis);
    expect(await llamar('seguridad', 'restablecerDosPasos', { operadorId: adminId }, luis)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await supabase.sql('select 1 from auth.mfa_factors where user_id = $1', [adminId])).toHaveLength(1);
    // Nobody resets his own this way.
    expect(await llamar('seguridad', 'restablecerDosPasos', { operadorId: adminId }, admin)).toMatchObject({ ok: false, error: { code: 'validation' } });

    await ok('seguridad', 'restablecerDosPasos', { operadorId: luisId }, admin);
    expect(await supabase.sql('select 1 from auth.mfa_factors where user_id = $1', [luisId])).toEqual([]);
    expect(await filasAuditoria('mfa.restablecer')).toEqual([expect.objectContaining({ objeto: 'Luis Gómez', actor_id: adminId })]);
    expect(await llamar('seguridad', 'restablecerDosPasos', { operadorId: luisId }, admin)).toMatchObject({ ok: false, error: { code: 'validation', message: t.operadorSinDosPasos } });
    // Luis signs in with his password alone again.
    expect((await entrar(OPERADOR)).requiereCodigo).toBe(false);
  }, 60_000);

  it('un inicio de sesión rechazado queda en la actividad, informado por la consola; un e-mail desconocido no escribe nada', async () => {
    const antes = (await filasAuditoria('sesion.rechazada')).length;
    expect(await llamar('auth', 'iniciarSesion', { email: OPERADOR.email, password: 'Mala2026' }, new Caller())).toMatchObject({
      ok: false,
      error: { code: 'unauthenticated', message: es.login.credencialesInvalidas },
    });
    expect(await llamar('auth', 'iniciarSesion', { email: 'nadie@correo.example', password: 'Mala2026' }, new Caller())).toMatchObject({ ok: false });
    const filas = await filasAuditoria('sesion.rechazada');
    expect(filas.slice(antes)).toEqual([{ objeto: OPERADOR.email, actor_id: null, detalle: { motivo: 'credenciales', informado_por: 'consola' } }]);
  });

  it('una sesión cerrada desde Seguridad termina al momento en esta consola', async () => {
    const l1 = (await entrar(OPERADOR)).quien;
    const l2 = (await entrar(OPERADOR)).quien;
    const sesiones = await ok<{ id: string; actual: boolean }[]>('seguridad', 'sesiones', {}, l1);
    const otra = sesiones.find((s) => !s.actual);
    expect(otra).toBeDefined();
    await ok('seguridad', 'cerrarSesion', { id: otra!.id }, l1);
    expect(await llamar('seguridad', 'sesiones', {}, l2)).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    expect(await ok('seguridad', 'sesiones', {}, l1)).toEqual(expect.arrayContaining([expect.objectContaining({ actual: true })]));
  });
});
