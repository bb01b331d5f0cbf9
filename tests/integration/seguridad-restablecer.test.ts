/**
 * Issue 27 on the embedded database (PGlite and PostgreSQL 15):
 *  - an administrator resets another operator's second factor (he lost his phone): audited, the operator signs in
 *    with his password alone; an operator is refused in SQL; nobody resets his own this way;
 *  - Configuración → Actividad is live: a row written to the trail is a notice of the area 'auditoria'.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import type { AreaCambio } from '../../src/shared/ports/cambios';
import { es } from '../../src/shared/i18n/es';
import { codigoEn } from '../../src/main/secretos/totp';
import { cambiosDeBase, type CambiosDeBase, type Escuchable } from '../../src/main/cambios/escucha';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, Clock, embeddedApi } from '../support/operators';

const t = es.seguridad;

describe.each(MIGRATED_BACKENDS)('restablecer la verificación en dos pasos de otro operador en %s', (_name, migrated) => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  let vivo: CambiosDeBase;
  const clock = new Clock();
  const admin = new Caller();
  const luis = new Caller();
  let adminId: string;
  let luisId: string;
  let luisContrasena: string;

  const call = (area: string, op: string, input: unknown, who: Caller = admin) => api.dispatch(area, op, input, who) as Promise<Envelope>;
  async function ok<T>(area: string, op: string, input: unknown, who: Caller = admin): Promise<T> {
    const r = (await call(area, op, input, who)) as Envelope<T>;
    if (!r.ok) throw new Error(`${area}.${op}: ${r.error.message}`);
    return r.data;
  }

  beforeAll(async () => {
    db = await migrated();
    vivo = await cambiosDeBase(db as SqlClient & Escuchable);
    api = await embeddedApi(db, clock);
    adminId = (await ok<{ id: string }>('auth', 'crearPrimerAdmin', ADMIN)).id;
    luisContrasena = (await ok<{ contrasena: string }>('operadores', 'agregar', { email: 'luis@agencia.co', nombre: 'Luis Pérez', rol: 'operador' })).contrasena;
    luisId = (await ok<{ id: string }>('auth', 'iniciarSesion', { email: 'luis@agencia.co', password: luisContrasena }, luis)).id;
    const { secreto } = await ok<{ secreto: string }>('seguridad', 'iniciarDosPasos', {}, luis);
    await ok('seguridad', 'confirmarDosPasos', { codigo: codigoEn(secreto, clock.now()) }, luis);
  });
  afterAll(async () => {
    await vivo?.cerrar();
    await db?.cerrar();
  });

  it('un operador no puede (SQL lo rechaza); nadie restablece la suya por aquí', async () => {
    expect(await call('seguridad', 'restablecerDosPasos', { operadorId: adminId }, luis)).toMatchObject({ ok: false, error: { code: 'forbidden', message: es.errores.sinPermiso } });
    expect(await call('seguridad', 'restablecerDosPasos', { operadorId: adminId })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await call('seguridad', 'restablecerDosPasos', { operadorId: 'no-es-un-id' })).toMatchObject({ ok: false, error: { code: 'validation', message: t.operadorNoExiste } });
    expect((await db.query('select 1 from auth.mfa_totp where user_id = $1 and verificado', [luisId])).rows).toHaveLength(1);
  });

  it('un administrador la restablece: queda en la actividad (que avisa en vivo) y el operador entra solo con su contraseña', async () => {
    const avisos: AreaCambio[] = [];
    const dejar = vivo.cambios.suscribir((area) => avisos.push(area));
    try {
      await ok('seguridad', 'restablecerDosPasos', { operadorId: luisId });
      await vi.waitFor(() => expect(avisos).toContain('auditoria'), { timeout: 30_000, interval: 10 });
    } finally {
      dejar();
    }
    expect((await db.query('select 1 from auth.mfa_totp where user_id = $1', [luisId])).rows).toEqual([]);
    expect((await db.query('select 1 from auth.mfa_recuperacion where user_id = $1', [luisId])).rows).toEqual([]);
    const { filas } = await ok<{ filas: { accion: string; objeto: string | null; actorId: string | null }[] }>('auditoria', 'buscar', { filtros: { accion: 'mfa.restablecer' } });
    expect(filas).toEqual([expect.objectContaining({ accion: 'mfa.restablecer', objeto: 'Luis Pérez', actorId: adminId })]);
    expect(await call('seguridad', 'restablecerDosPasos', { operadorId: luisId })).toMatchObject({ ok: false, error: { code: 'validation', message: t.operadorSinDosPasos } });

    const otra = new Caller();
    const entrada = await ok<{ requiereCodigo?: boolean }>('auth', 'iniciarSesion', { email: 'luis@agencia.co', password: luisContrasena }, otra);
    expect(entrada.requiereCodigo).toBeUndefined();
    expect(await ok('seguridad', 'estado', {}, otra)).toMatchObject({ dosPasos: false, recuperacion: 'codigos' });
  });
});
