import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, Clock, embeddedApi } from '../support/operators';
import { es } from '../../src/shared/i18n/es';

describe.each(MIGRATED_BACKENDS)('autenticación de operadores en %s', (_name, fresh) => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  const clock = new Clock();

  beforeAll(async () => {
    db = await fresh();
    api = await embeddedApi(db, clock);
  });
  afterAll(async () => db?.cerrar());

  it('sin operadores pide el primer administrador, con las reglas de contraseña en orden', async () => {
    const caller = new Caller();
    const estado = await api.dispatch('auth', 'estado', {}, caller);
    expect(estado).toEqual({ ok: true, data: { needsSetup: true, operator: null, backend: 'embedded' } });

    for (const [password, message] of [
      ['Ab1', es.password.minimo],
      ['ABCDEFG1', es.password.minuscula],
      ['abcdefg1', es.password.mayuscula],
      ['Abcdefgh', es.password.numero],
    ] as const) {
      const r = await api.dispatch('auth', 'crearPrimerAdmin', { ...ADMIN, password }, caller);
      expect(r).toMatchObject({ ok: false, error: { code: 'validation', message } });
    }
    expect(caller.token).toBeNull();
  });

  it('crea el primer administrador, lo deja con sesión y no permite un segundo', async () => {
    const caller = new Caller();
    const r = await api.dispatch('auth', 'crearPrimerAdmin', ADMIN, caller);
    expect(r).toMatchObject({ ok: true, data: { nombre: 'Laura Gómez', email: 'laura.gomez@agencia.co', esAdmin: true } });
    expect(caller.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const estado = await api.dispatch('auth', 'estado', {}, caller);
    expect(estado).toMatchObject({ ok: true, data: { needsSetup: false, operator: { email: 'laura.gomez@agencia.co' } } });

    const other = new Caller();
    const again = await api.dispatch('auth', 'crearPrimerAdmin', { ...ADMIN, email: 'otro@agencia.co' }, other);
    expect(again).toMatchObject({ ok: false, error: { code: 'conflict', message: es.primerAdmin.yaExiste } });
    expect(other.token).toBeNull();
  });

  it('guarda solo un hash bcrypt y los tokens de sesión como SHA-256', async () => {
    const { rows } = await db.query<{ encrypted_password: string }>('select encrypted_password from auth.users');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    expect(rows[0]!.encrypted_password).not.toContain(ADMIN.password);
    const caller = new Caller();
    await api.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, caller);
    const sessions = await db.query<{ token_hash: string }>('select token_hash from auth.sessions');
    expect(sessions.rows.map((s) => s.token_hash)).not.toContain(caller.token);
    expect(sessions.rows.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true);
  });

  it('rechaza campos vacíos y una contraseña equivocada con mensajes claros', async () => {
    const caller = new Caller();
    expect(await api.dispatch('auth', 'iniciarSesion', { email: '  ', password: 'x' }, caller)).toMatchObject({
      ok: false,
      error: { message: es.login.camposIncompletos },
    });
    expect(await api.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: 'NoEsLaClave1' }, caller)).toMatchObject({
      ok: false,
      error: { code: 'unauthenticated', message: es.login.credencialesInvalidas },
    });
    expect(caller.token).toBeNull();
    // A right password (e-mail in another case) clears the failure count.
    const ok = await api.dispatch('auth', 'iniciarSesion', { email: 'LAURA.gomez@agencia.co', password: ADMIN.password }, caller);
    expect(ok.ok).toBe(true);
    const { rows } = await db.query('select * from auth.login_attempts');
    expect(rows).toHaveLength(0);
  });

  it('cinco fallos seguidos bloquean ese email cinco minutos, incluso con la contraseña correcta', async () => {
    const caller = new Caller();
    const wrong = { email: ADMIN.email, password: 'Equivocada9' };
    for (let i = 1; i <= 4; i++) {
      const r = await api.dispatch('auth', 'iniciarSesion', wrong, caller);
      expect(r).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    }
    const fifth = await api.dispatch('auth', 'iniciarSesion', wrong, caller);
    expect(fifth).toMatchObject({ ok: false, error: { code: 'locked', message: es.login.bloqueado(5) } });
    const right = await api.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, caller);
    expect(right).toMatchObject({ ok: false, error: { code: 'locked' } });
    expect(caller.token).toBeNull();

    // Another e-mail is not affected.
    const other = await api.dispatch('auth', 'iniciarSesion', { email: 'nadie@agencia.co', password: 'x' }, caller);
    expect(other).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });

    clock.advance(4 * 60_000);
    const stillLocked = await api.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, caller);
    expect(stillLocked).toMatchObject({ ok: false, error: { code: 'locked', message: es.login.bloqueado(1) } });
    clock.advance(61_000);
    const after = await api.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, caller);
    expect(after.ok).toBe(true);
    expect(caller.token).not.toBeNull();
  });

  it('la sesión expira: el estado queda sin operador y las operaciones piden iniciar sesión', async () => {
    const caller = new Caller();
    await api.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, caller);
    expect(await api.dispatch('shell', 'buscar', { q: '' }, caller)).toEqual({ ok: true, data: [] });
    clock.advance(13 * 3_600_000);
    expect(await api.dispatch('shell', 'buscar', { q: 'ana' }, caller)).toMatchObject({
      ok: false,
      error: { code: 'unauthenticated', message: es.login.sesionExpirada },
    });
    expect(caller.token).toBeNull();
    expect(await api.dispatch('auth', 'estado', {}, caller)).toMatchObject({ ok: true, data: { operator: null, needsSetup: false } });
  });

  it('cerrar sesión invalida el token en el servidor', async () => {
    const caller = new Caller();
    await api.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, caller);
    const token = caller.token!;
    await api.dispatch('auth', 'cerrarSesion', {}, caller);
    expect(caller.token).toBeNull();
    expect(await api.backend.auth.getSession(token)).toBeNull();
    const stolen = new Caller();
    stolen.token = token;
    expect(await api.dispatch('shell', 'notificaciones', {}, stolen)).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
  });

  it('una operación desconocida o una entrada inválida responden en español sin ejecutar nada', async () => {
    const caller = new Caller();
    expect(await api.dispatch('auth', 'borrarTodo', {}, caller)).toMatchObject({ ok: false, error: { code: 'not_found', message: es.errores.operacionDesconocida } });
    expect(await api.dispatch('__proto__', 'constructor', {}, caller)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await api.dispatch('shell', 'buscar', { q: 42 }, caller)).toMatchObject({ ok: false, error: { code: 'validation', message: es.errores.entradaInvalida } });
  });
});
