/**
 * Issue 11, finding 8, on PGlite and on PostgreSQL 15: the company portal's failed logins are counted per
 * company AND client address (request.headers ->> 'x-forwarded-for', first entry, as PostgREST gives it), so a
 * visitor who types wrong passwords locks only themself; guessing from many addresses is slowed down, and the
 * right password from an address that is not locked still gets in. Time moves with the backend's clock
 * (consola.ahora through the SQL executor), never by sleeping.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import type { DataPort } from '../../src/shared/ports/consultas';
import { crearEjecutorSql } from '../../src/shared/consultas/sql-executor';
import type { Catalog } from '../../src/shared/consultas/catalog';
import { loadCatalog } from '../../src/shared/consultas/catalog';
import { portal as t } from '../../src/shared/areas/portal/texts';
import { MIGRATED_BACKENDS } from '../support/databases';
import { Caller, Clock, TEST_EPOCH, embeddedApi } from '../support/operators';

const EMPRESA = '55555555-5555-4555-8555-555555555555';
const USUARIO = 'usuario_optica_lumen';
const CLAVE = 'Lm7qR2xv';
const MIN = 60_000;

type Respuesta = { ok: boolean; motivo?: string; intentos_restantes?: number; bloqueada_hasta?: string; token?: string; demora_ms?: number };

describe.each(MIGRATED_BACKENDS)('bloqueo del portal por empresa y dirección en %s', (_name, fresh) => {
  let db: SqlClient;
  let catalog: Catalog;
  let clock: Clock;

  /** The anon data port of a visitor; `cabecera` is the X-Forwarded-For the request arrives with. */
  const desde = (cabecera?: string): DataPort =>
    crearEjecutorSql(
      db,
      { role: 'anon', claims: null, now: clock.now, ...(cabecera ? { requestHeaders: { 'X-Forwarded-For': cabecera } } : {}) },
      catalog,
    );
  const login = async (visitante: DataPort, usuario: string, clave: string): Promise<Respuesta> => {
    const { rows } = await visitante.run<{ value: Respuesta }>({
      kind: 'rpc', fn: 'portal_iniciar_sesion', args: { p_empresa: EMPRESA, p_usuario: usuario, p_contrasena: clave },
    });
    return rows[0]!.value;
  };
  /** portal_demora_login at the backend's clock, asked as the owner (the function is internal). */
  const demora = () =>
    db.transaction(async (tx) => {
      await tx.query(`select set_config('consola.ahora', $1, true)`, [clock.now().toISOString()]);
      return Number((await tx.query<{ s: number }>('select public.portal_demora_login($1) as s', [EMPRESA])).rows[0]!.s);
    });

  beforeAll(async () => {
    db = await fresh();
    await db.query(
      `insert into public.empresas (id, nombre, usuario_cliente, contrasena_cliente, activo) values ($1, 'Óptica Lumen', $2, $3, true)`,
      [EMPRESA, USUARIO, CLAVE],
    );
    catalog = await loadCatalog(db);
  });
  beforeEach(async () => {
    clock = new Clock(TEST_EPOCH);
    await db.query('delete from public.portal_intentos');
    await db.query('delete from public.portal_esperas');
  });
  afterAll(async () => {
    await db?.cerrar();
  });

  it('la dirección A se bloquea tras 5 fallos; B entra con la contraseña correcta; el bloqueo de A vence a los 5 minutos', async () => {
    const a = desde('203.0.113.10');
    const b = desde('198.51.100.20');
    for (let i = 1; i <= 4; i++) {
      expect(await login(a, USUARIO, 'mala')).toEqual({ ok: false, motivo: 'credenciales', intentos_restantes: 5 - i });
    }
    const quinto = await login(a, USUARIO, 'mala');
    expect(quinto).toMatchObject({ ok: false, motivo: 'bloqueada' });
    expect(new Date(quinto.bloqueada_hasta!).getTime()).toBe(TEST_EPOCH.getTime() + 5 * MIN);
    expect(await login(a, USUARIO, CLAVE)).toMatchObject({ ok: false, motivo: 'bloqueada' });

    expect(await login(b, USUARIO, CLAVE)).toMatchObject({ ok: true, token: expect.stringMatching(/^[0-9a-f]{64}$/) });

    clock.advance(5 * MIN - 1000);
    expect(await login(a, USUARIO, CLAVE)).toMatchObject({ ok: false, motivo: 'bloqueada' });
    clock.advance(1000);
    expect(await login(a, USUARIO, CLAVE)).toMatchObject({ ok: true });
    expect((await db.query('select 1 from public.portal_intentos where empresa_id = $1', [EMPRESA])).rows).toHaveLength(0);
  });

  it('nombres de usuario desconocidos desde A bloquean solo a A, no a B', async () => {
    const a = desde('203.0.113.11');
    const b = desde('198.51.100.21');
    for (let i = 0; i < 5; i++) await login(a, `usuario_inventado_${i}`, 'lo-que-sea');
    expect(await login(a, USUARIO, CLAVE)).toMatchObject({ ok: false, motivo: 'bloqueada' });
    // B's own count starts at zero, and the right password gets in.
    expect(await login(b, USUARIO, 'mala')).toEqual({ ok: false, motivo: 'credenciales', intentos_restantes: 4 });
    expect(await login(b, USUARIO, CLAVE)).toMatchObject({ ok: true });
  });

  it('cuenta la primera entrada de X-Forwarded-For; sin dirección (una ventana por IPC) es un visitante aparte', async () => {
    // The proxies after the first entry differ: still the same visitor.
    for (const cabecera of ['203.0.113.12, 10.0.0.1', '203.0.113.12,10.0.0.2', ' 203.0.113.12 ', '203.0.113.12, 10.0.0.1', '203.0.113.12']) {
      await login(desde(cabecera), USUARIO, 'mala');
    }
    expect(await login(desde('203.0.113.12'), USUARIO, CLAVE)).toMatchObject({ ok: false, motivo: 'bloqueada' });
    // Only the first entry counts: the same proxy behind another visitor is not that visitor.
    expect(await login(desde('192.0.2.77, 203.0.113.12'), USUARIO, CLAVE)).toMatchObject({ ok: true });
    expect(await login(desde(), USUARIO, CLAVE)).toMatchObject({ ok: true });
    const { rows } = await db.query<{ direccion: string; fallos: number }>('select direccion, fallos from public.portal_intentos');
    expect(rows).toEqual([{ direccion: '203.0.113.12', fallos: 5 }]);
  });

  it('una dirección quieta durante una hora empieza de cero', async () => {
    const a = desde('203.0.113.13');
    for (let i = 0; i < 3; i++) await login(a, USUARIO, 'mala');
    clock.advance(61 * MIN);
    expect(await login(a, USUARIO, 'mala')).toEqual({ ok: false, motivo: 'credenciales', intentos_restantes: 4 });
  });

  it('muchos fallos desde muchas direcciones frenan cada comprobación (con un tope) sin bloquear la contraseña correcta', async () => {
    expect(await demora()).toBe(0);
    for (let i = 1; i <= 9; i++) await login(desde(`203.0.113.${100 + i}`), USUARIO, 'mala');
    expect(await demora()).toBe(0);
    for (let i = 10; i <= 12; i++) {
      const r = await login(desde(`203.0.113.${100 + i}`), USUARIO, 'mala');
      expect(r).toMatchObject({ motivo: 'credenciales', intentos_restantes: 4, demora_ms: (i - 9) * 100 });
      // The delay is the caller's to wait (portal-espera.test.ts): here the clock moves past it.
      clock.advance(r.demora_ms!);
    }
    expect(await demora()).toBeCloseTo(0.3, 6);
    // Many more failures (written directly, not typed): the delay stays bounded.
    await db.query('update public.portal_intentos set fallos = 4 where empresa_id = $1', [EMPRESA]);
    expect(await demora()).toBe(1);

    // No address is locked and the right password from another one gets in.
    expect(await login(desde('192.0.2.200'), USUARIO, CLAVE)).toMatchObject({ ok: true });
    expect(await login(desde('203.0.113.101'), USUARIO, CLAVE)).toMatchObject({ ok: true });

    // The window is 15 minutes of the backend's clock.
    clock.advance(15 * MIN);
    expect(await demora()).toBe(0);
  });

  it('a través del api: la dirección del llamador (CallContext.clientAddress) llega al SQL', async () => {
    const api = await embeddedApi(db, clock);
    const visitante = (direccion: string) => Object.assign(new Caller(), { clientAddress: direccion });
    const a = visitante('203.0.113.14');
    const intento = (ctx: Caller, contrasena: string) =>
      api.dispatch('portal', 'iniciarSesion', { empresaId: EMPRESA, usuario: USUARIO, contrasena }, ctx);
    for (let i = 0; i < 4; i++) expect(await intento(a, 'mala')).toMatchObject({ ok: false, error: { code: 'unauthenticated', message: t.credencialesInvalidas } });
    expect(await intento(a, 'mala')).toMatchObject({ ok: false, error: { code: 'locked', message: t.bloqueada(5) } });
    expect(await intento(a, CLAVE)).toMatchObject({ ok: false, error: { code: 'locked' } });

    const b = visitante('198.51.100.24');
    expect(await intento(b, CLAVE)).toMatchObject({ ok: true, data: { empresa: { id: EMPRESA, nombre: 'Óptica Lumen' } } });
    const { rows } = await db.query<{ direccion: string }>('select direccion from public.portal_intentos');
    expect(rows).toEqual([{ direccion: '203.0.113.14' }]);
  });
});
