/**
 * Operators: a team, not one person (issue 14, part 2), on PGlite and on PostgreSQL 15.
 *  - an administrator adds operators (a one-time password on the embedded database), changes roles,
 *    deactivates, reactivates and resets passwords; deactivating ends the operator's sessions at once;
 *  - an Operador gets the Spanish 'permiso' error from every administrator operation, through the api and
 *    when he calls the SQL functions (and deletes) himself;
 *  - the last active administrator is kept, also against two concurrent demotions;
 *  - auth users without a profile (an adopted project's staff) are operators only once an administrator adds
 *    them; on a backend that cannot create users (hosted Supabase) the e-mail waits for the invitation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import { contract } from '../../src/shared/contract';
import { crearApi } from '../../src/shared/api';
import { crearDespachador, type Implementations } from '../../src/main/dispatch';
import { passwordProblem } from '../../src/shared/areas/auth/rules';
import { contrasenaDeUnSoloUso } from '../../src/shared/areas/operadores/rules';
import { es } from '../../src/shared/i18n/es';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, embeddedApi } from '../support/operators';
import { codigoDeError, como } from '../support/como-usuario';

const t = es.operadores;
const ULTIMO_ADMIN = 'Debe quedar al menos un administrador activo: designa otro administrador antes de quitar este.';
const PERMISO = { ok: false, error: { code: 'forbidden', message: es.errores.sinPermiso } };


/** An auth user created the way GoTrue does (sign-up, invitation, the dashboard), or already in an adopted project. */
async function usuarioDeSupabase(db: SqlClient, email: string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('set local role supabase_auth_admin');
    const { rows } = await tx.query<{ id: string }>('insert into auth.users (email) values ($1) returning id', [email]);
    return rows[0]!.id;
  });
}

describe.each(MIGRATED_BACKENDS)('operadores y roles en %s', (_name, migrated) => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  const admin = new Caller();
  const luis = new Caller();
  const luisOtraVentana = new Caller();
  let adminId: string;
  let luisId: string;
  let luisContrasena: string;

  async function ok<T>(area: string, op: string, input: unknown, who: Caller = admin): Promise<T> {
    const r = (await api.dispatch(area, op, input, who)) as Envelope<T>;
    if (!r.ok) throw new Error(`${area}.${op}: ${r.error.message}`);
    return r.data;
  }
  const call = (area: string, op: string, input: unknown, who: Caller = admin) => api.dispatch(area, op, input, who) as Promise<Envelope>;
  const una = async <T>(sql: string, params: unknown[] = []) => (await db.query<T & Record<string, unknown>>(sql, params)).rows[0]!;

  beforeAll(async () => {
    db = await migrated();
    api = await embeddedApi(db);
    adminId = (await ok<{ id: string }>('auth', 'crearPrimerAdmin', ADMIN)).id;
  });
  afterAll(async () => {
    await db?.cerrar();
  });

  it('el administrador agrega un operador: contraseña de un solo uso, válida, que sirve para entrar', async () => {
    const r = await ok<{ email: string; pendiente: boolean; contrasena: string }>('operadores', 'agregar', {
      email: ' Luis.Perez@Agencia.co ',
      nombre: 'Luis Pérez',
      rol: 'operador',
    });
    expect(r).toMatchObject({ email: 'luis.perez@agencia.co', pendiente: false });
    expect(r.contrasena).toHaveLength(16);
    expect(passwordProblem(r.contrasena)).toBeNull();
    // Only a bcrypt hash is kept.
    const { encrypted_password } = await una<{ encrypted_password: string }>('select encrypted_password from auth.users where email = $1', ['luis.perez@agencia.co']);
    expect(encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    luisContrasena = r.contrasena;

    const entrada = await ok<{ id: string; rol: string; esAdmin: boolean; nombre: string }>('auth', 'iniciarSesion', { email: 'luis.perez@agencia.co', password: luisContrasena }, luis);
    expect(entrada).toMatchObject({ rol: 'operador', esAdmin: false, nombre: 'Luis Pérez' });
    luisId = entrada.id;
    await ok('auth', 'iniciarSesion', { email: 'luis.perez@agencia.co', password: luisContrasena }, luisOtraVentana);
    expect(await ok('auth', 'estado', {}, luis)).toMatchObject({ operator: { rol: 'operador', esAdmin: false } });
    expect(await ok('auth', 'estado', {}, admin)).toMatchObject({ operator: { rol: 'administrador', esAdmin: true } });

    const lista = await ok<Array<Record<string, unknown>>>('operadores', 'listar', {});
    expect(lista).toEqual([
      expect.objectContaining({ id: adminId, nombre: 'Laura Gómez', email: 'laura.gomez@agencia.co', rol: 'administrador', activo: true, pendiente: false }),
      expect.objectContaining({ id: luisId, nombre: 'Luis Pérez', email: 'luis.perez@agencia.co', rol: 'operador', activo: true, pendiente: false }),
    ]);
    expect(lista[1]!.ultimoAcceso).toEqual(expect.any(String));

    expect(await call('operadores', 'agregar', { email: 'luis.perez@agencia.co', nombre: 'Otro', rol: 'operador' })).toMatchObject({
      ok: false,
      error: { code: 'validation', message: 'Ya hay un operador con el correo luis.perez@agencia.co.' },
    });
    expect(await call('operadores', 'agregar', { email: 'no-es-correo', nombre: 'X', rol: 'operador' })).toMatchObject({ ok: false, error: { message: t.emailInvalido } });
  });

  it('las contraseñas de un solo uso salen del generador criptográfico y no se repiten', () => {
    const vistas = new Set(Array.from({ length: 200 }, () => contrasenaDeUnSoloUso()));
    expect(vistas.size).toBe(200);
    for (const c of vistas) expect(passwordProblem(c)).toBeNull();
  });

  it('un Operador recibe el error de permiso de cada operación de administrador (api)', async () => {
    const plan = await una<{ id: string }>(`insert into public.planes (title) values ('Plan protegido') returning id`);
    const empresa = await una<{ id: string }>(`insert into public.empresas (nombre) values ('Empresa protegida') returning id`);
    const proyecto = await una<{ id: string }>(`insert into public.proyectos (nombre, plan_id, empresa_id) values ('Proyecto protegido', $1, $2) returning id`, [plan.id, empresa.id]);

    const entradas: Record<string, Record<string, unknown>> = {
      operadores: {
        listar: {},
        agregar: { email: 'nuevo@agencia.co', nombre: 'Nuevo', rol: 'administrador' },
        cambiarRol: { id: luisId, rol: 'administrador' },
        desactivar: { id: adminId },
        reactivar: { id: luisId },
        restablecerContrasena: { id: adminId },
        cancelarInvitacion: { email: 'nuevo@agencia.co' },
      },
      conexion: {
        webhooks: {},
        guardarWebhook: { name: 'flujoBots', url: 'https://n8n.agencia.co/webhook/x', auth: 'ninguna' },
        backend: {},
        probarSupabase: { supabaseUrl: 'https://proyecto.supabase.co', anonKey: 'clave' },
        guardarBackend: { backend: 'embedded' },
        servidorWeb: {},
        guardarServidorWeb: { activo: true },
        entrada: {},
        guardarEntrada: { activo: true, escucharEn: '0.0.0.0', puerto: 5181 },
        rotarSecretoEntrada: { ruta: 'llamadas' },
      },
    };
    // Every operation of both areas is in the list: a new one cannot be forgotten here.
    for (const area of ['operadores', 'conexion'] as const) expect(Object.keys(entradas[area]!).sort()).toEqual(Object.keys(contract[area]).sort());
    for (const [area, ops] of Object.entries(entradas)) {
      for (const [op, input] of Object.entries(ops)) expect(await call(area, op, input, luis), `${area}.${op}`).toMatchObject(PERMISO);
    }
    expect(await call('planes', 'eliminar', { id: plan.id }, luis)).toMatchObject(PERMISO);
    expect(await call('empresas', 'eliminar', { id: empresa.id }, luis)).toMatchObject(PERMISO);
    expect(await call('proyectos', 'eliminar', { id: proyecto.id }, luis)).toMatchObject(PERMISO);

    // Nothing changed, and the operator still works the dashboard.
    expect(await una('select count(*)::int as n from public.proyectos where id = $1', [proyecto.id])).toEqual({ n: 1 });
    expect(await una('select es_admin, activo from public.perfiles where id = $1', [adminId])).toEqual({ es_admin: true, activo: true });
    expect(await una('select es_admin from public.perfiles where id = $1', [luisId])).toEqual({ es_admin: false });
    expect(await una('select count(*)::int as n from public.operadores_autorizados')).toEqual({ n: 0 });
    expect(await call('planes', 'listar', {}, luis)).toMatchObject({ ok: true });

    // The administrator may do them all.
    expect(await ok('conexion', 'servidorWeb', {})).toMatchObject({ activo: false });
    expect(await ok('proyectos', 'eliminar', { id: proyecto.id })).toMatchObject({ id: proyecto.id });
    expect(await ok('planes', 'eliminar', { id: plan.id })).toEqual({ id: plan.id });
    expect(await ok('empresas', 'eliminar', { id: empresa.id })).toEqual({ id: empresa.id });
  });

  it('un Operador recibe el error de permiso también en SQL: funciones de administración y eliminaciones', async () => {
    const plan = await una<{ id: string }>(`insert into public.planes (title) values ('Plan SQL') returning id`);
    const empresa = await una<{ id: string }>(`insert into public.empresas (nombre) values ('Empresa SQL') returning id`);
    const proyecto = await una<{ id: string }>(`insert into public.proyectos (nombre) values ('Proyecto SQL') returning id`);
    const llamadas: Array<[string, unknown[]]> = [
      ['select public.exigir_admin()', []],
      ['select * from public.operadores_listar()', []],
      [`select public.operadores_agregar('otro@agencia.co', 'Otro', true)`, []],
      [`select public.operadores_cancelar_invitacion('otro@agencia.co')`, []],
      ['select public.operadores_cambiar_rol($1, true)', [luisId]],
      ['select public.operadores_cambiar_activo($1, false)', [adminId]],
      ['select public.operadores_verificar_restablecer($1)', [adminId]],
      ['delete from public.planes where id = $1', [plan.id]],
      ['delete from public.empresas where id = $1', [empresa.id]],
      ['delete from public.proyectos where id = $1', [proyecto.id]],
      ['select public.eliminar_proyecto($1)', [proyecto.id]],
      // His own role is not his to change either (column privileges).
      ['update public.perfiles set es_admin = true where id = $1', [luisId]],
    ];
    for (const [sql, params] of llamadas) expect(await codigoDeError(como(db, luisId, (tx) => tx.query(sql, params))), sql).toBe('42501');
    expect(await una('select (select count(*) from public.planes where id = $1)::int + (select count(*) from public.empresas where id = $2)::int + (select count(*) from public.proyectos where id = $3)::int as n', [plan.id, empresa.id, proyecto.id])).toEqual({ n: 3 });

    // The same statements as the administrator.
    await como(db, adminId, async (tx) => {
      expect((await tx.query('select * from public.operadores_listar()')).rows.length).toBe(2);
      await tx.query('select public.eliminar_proyecto($1)', [proyecto.id]);
      await tx.query('delete from public.planes where id = $1', [plan.id]);
      expect((await tx.query('delete from public.empresas where id = $1 returning id', [empresa.id])).rows).toEqual([{ id: empresa.id }]);
    });
  });

  it('el último administrador activo no se degrada, no se desactiva y no se elimina', async () => {
    expect(await call('operadores', 'cambiarRol', { id: adminId, rol: 'operador' })).toMatchObject({ ok: false, error: { code: 'validation', message: ULTIMO_ADMIN } });
    expect(await call('operadores', 'desactivar', { id: adminId })).toMatchObject({ ok: false, error: { code: 'validation', message: ULTIMO_ADMIN } });
    expect(await codigoDeError(db.query('delete from auth.users where id = $1', [adminId]))).toBe('P0001');
    expect(await una('select es_admin, activo from public.perfiles where id = $1', [adminId])).toEqual({ es_admin: true, activo: true });
    expect(await call('auth', 'estado', {}, admin)).toMatchObject({ ok: true, data: { operator: { rol: 'administrador' } } });
  });

  it('dos administradores que se degradan a la vez: uno gana, siempre queda uno', async () => {
    const maria = new Caller();
    const alta = await ok<{ contrasena: string }>('operadores', 'agregar', { email: 'maria@agencia.co', nombre: 'María Ruiz', rol: 'administrador' });
    const mariaId = (await ok<{ id: string; rol: string }>('auth', 'iniciarSesion', { email: 'maria@agencia.co', password: alta.contrasena }, maria)).id;
    expect(await ok('auth', 'estado', {}, maria)).toMatchObject({ operator: { rol: 'administrador' } });

    // Through the api: each demotes the other at the same time.
    const [a, b] = await Promise.all([
      call('operadores', 'cambiarRol', { id: mariaId, rol: 'operador' }, admin),
      call('operadores', 'cambiarRol', { id: adminId, rol: 'operador' }, maria),
    ]);
    expect([a, b].filter((r) => r.ok)).toHaveLength(1);
    // The loser is refused by the last-administrator rule, or, when the winner had already committed before
    // its call began, because it is no longer an administrator at all.
    const perdio = [a, b].find((r) => !r.ok) as Extract<Envelope, { ok: false }>;
    expect([ULTIMO_ADMIN, es.errores.sinPermiso]).toContain(perdio.error.message);
    expect(await una('select count(*)::int as n from public.perfiles where es_admin and activo')).toEqual({ n: 1 });

    // In SQL, interleaved on purpose: the first demotion holds its transaction open while the second (the
    // owner's own SQL, so only the trigger stands in its way) starts; on PostgreSQL it waits for the first.
    const ganador = a.ok ? adminId : mariaId;
    const perdedor = a.ok ? mariaId : adminId;
    await db.query('update public.perfiles set es_admin = true where id = $1', [perdedor]);
    let hecho!: () => void;
    const primeraHecha = new Promise<void>((r) => (hecho = r));
    let soltar!: () => void;
    const puerta = new Promise<void>((r) => (soltar = r));
    const primera = como(db, ganador, async (tx) => {
      await tx.query('select public.operadores_cambiar_rol($1, false)', [perdedor]);
      hecho();
      await puerta;
    });
    await primeraHecha;
    const segunda = codigoDeError(db.query('update public.perfiles set es_admin = false where id = $1', [ganador]));
    setTimeout(soltar, 300);
    await primera;
    expect(await segunda).toBe('P0001');
    expect(await una('select count(*)::int as n from public.perfiles where es_admin and activo')).toEqual({ n: 1 });
    expect(await una('select es_admin from public.perfiles where id = $1', [ganador])).toEqual({ es_admin: true });

    // The demoted one now is an Operador everywhere.
    const degradado = ganador === adminId ? maria : admin;
    expect(await ok('auth', 'estado', {}, degradado)).toMatchObject({ operator: { rol: 'operador', esAdmin: false } });
    expect(await call('operadores', 'listar', {}, degradado)).toMatchObject(PERMISO);
    // Back to the starting point for the next tests: Laura is the administrator, María an Operador.
    if (ganador !== adminId) {
      await db.query('update public.perfiles set es_admin = true where id = $1', [adminId]);
      await db.query('update public.perfiles set es_admin = false where id = $1', [mariaId]);
    }
    expect(await ok('auth', 'estado', {}, admin)).toMatchObject({ operator: { rol: 'administrador' } });
  });

  it('desactivar termina sus sesiones al instante; sin sesión, sin datos y sin entrar hasta reactivarlo', async () => {
    expect(await call('planes', 'listar', {}, luisOtraVentana)).toMatchObject({ ok: true });
    expect(await ok('operadores', 'desactivar', { id: luisId })).toBeNull();

    // The next call of each still-open token is 'unauthenticated'.
    expect(await call('planes', 'listar', {}, luis)).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    expect(await call('configuracion', 'perfil', {}, luisOtraVentana)).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    expect(luis.token).toBeNull();
    expect(await ok('auth', 'estado', {}, luisOtraVentana)).toMatchObject({ operator: null });
    expect(await una('select count(*)::int as n from auth.sessions where user_id = $1', [luisId])).toEqual({ n: 0 });

    // His right password tells him why; a wrong one is just wrong.
    expect(await call('auth', 'iniciarSesion', { email: 'luis.perez@agencia.co', password: luisContrasena }, luis)).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: t.cuentaDesactivada },
    });
    expect(await call('auth', 'iniciarSesion', { email: 'luis.perez@agencia.co', password: 'Equivocada2026' }, luis)).toMatchObject({
      ok: false,
      error: { message: es.login.credencialesInvalidas },
    });
    // In SQL: RLS shows him nothing, even with claims of his own.
    expect(await como(db, luisId, async (tx) => (await tx.query<{ v: boolean }>('select public.es_operador() as v')).rows[0]!.v)).toBe(false);
    expect(await como(db, luisId, async (tx) => (await tx.query('select id from public.planes')).rows)).toEqual([]);
    expect(await ok<Array<{ email: string; activo: boolean }>>('operadores', 'listar', {})).toContainEqual(expect.objectContaining({ email: 'luis.perez@agencia.co', activo: false }));

    expect(await ok('operadores', 'reactivar', { id: luisId })).toBeNull();
    await ok('auth', 'iniciarSesion', { email: 'luis.perez@agencia.co', password: luisContrasena }, luis);
    expect(await call('planes', 'listar', {}, luis)).toMatchObject({ ok: true });
  });

  it('restablecer la contraseña da una nueva de un solo uso; la anterior y sus sesiones terminan', async () => {
    const { contrasena } = await ok<{ contrasena: string }>('operadores', 'restablecerContrasena', { id: luisId });
    expect(passwordProblem(contrasena)).toBeNull();
    expect(contrasena).not.toBe(luisContrasena);
    expect(await call('planes', 'listar', {}, luis)).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    expect(await call('auth', 'iniciarSesion', { email: 'luis.perez@agencia.co', password: luisContrasena }, luis)).toMatchObject({ ok: false, error: { message: es.login.credencialesInvalidas } });
    await ok('auth', 'iniciarSesion', { email: 'luis.perez@agencia.co', password: contrasena }, luis);
    // The administrator's own session is untouched.
    expect(await call('planes', 'listar', {}, admin)).toMatchObject({ ok: true });
  });

  it('un usuario de Supabase Auth sin perfil (proyecto adoptado) no es operador hasta que un administrador lo agrega', async () => {
    const pedroId = await usuarioDeSupabase(db, 'pedro@agencia.co');
    expect(await una('select count(*)::int as n from public.perfiles where id = $1', [pedroId])).toEqual({ n: 0 });
    expect(await como(db, pedroId, async (tx) => (await tx.query<{ v: boolean }>('select public.es_operador() as v')).rows[0]!.v)).toBe(false);
    expect(await codigoDeError(como(db, pedroId, (tx) => tx.query('select * from public.operadores_listar()')))).toBe('42501');
    // Not listed as an operator either.
    expect((await ok<Array<{ email: string }>>('operadores', 'listar', {})).map((f) => f.email)).not.toContain('pedro@agencia.co');

    const r = await ok<{ pendiente: boolean; contrasena: string }>('operadores', 'agregar', { email: 'Pedro@Agencia.co', nombre: 'Pedro Díaz', rol: 'operador' });
    expect(r.pendiente).toBe(false);
    expect(await una('select id, nombre, es_admin, activo from public.perfiles where email = $1', ['pedro@agencia.co'])).toEqual({ id: pedroId, nombre: 'Pedro Díaz', es_admin: false, activo: true });
    const pedro = new Caller();
    expect(await ok('auth', 'iniciarSesion', { email: 'pedro@agencia.co', password: r.contrasena }, pedro)).toMatchObject({ id: pedroId, rol: 'operador' });
  });

  it('sin creación de usuarios (Supabase alojado): el correo queda autorizado con su rol hasta la invitación', async () => {
    // The hosted auth service: no createUser / setPassword (the anon key cannot create users).
    const { createUser: _c, setPassword: _s, ...sinAlta } = api.backend.auth;
    const alojado = crearDespachador(crearApi({ ...api.backend, auth: sinAlta }) as unknown as Implementations);
    const invitar = (input: unknown) => alojado('operadores', 'agregar', input, admin) as Promise<Envelope>;

    expect(await invitar({ email: 'sofia@agencia.co', nombre: 'Sofía Mora', rol: 'administrador' })).toEqual({
      ok: true,
      data: { email: 'sofia@agencia.co', pendiente: true, contrasena: null },
    });
    expect(await ok<Array<Record<string, unknown>>>('operadores', 'listar', {})).toContainEqual(
      expect.objectContaining({ id: null, email: 'sofia@agencia.co', nombre: 'Sofía Mora', rol: 'administrador', pendiente: true }),
    );
    expect(await alojado('operadores', 'restablecerContrasena', { id: luisId }, admin)).toMatchObject({ ok: false, error: { code: 'config', message: t.restablecerAlojado } });

    // She accepts the invitation (GoTrue creates her auth user): operator with the name and role given.
    const sofiaId = await usuarioDeSupabase(db, 'sofia@agencia.co');
    expect(await una('select nombre, es_admin, activo from public.perfiles where id = $1', [sofiaId])).toEqual({ nombre: 'Sofía Mora', es_admin: true, activo: true });
    expect(await una('select count(*)::int as n from public.operadores_autorizados')).toEqual({ n: 0 });

    // An invitation withdrawn before it is accepted gives nothing.
    await invitar({ email: 'tarde@agencia.co', nombre: 'Tarde', rol: 'operador' });
    expect(await ok('operadores', 'cancelarInvitacion', { email: 'tarde@agencia.co' })).toBeNull();
    const tardeId = await usuarioDeSupabase(db, 'tarde@agencia.co');
    expect(await una('select count(*)::int as n from public.perfiles where id = $1', [tardeId])).toEqual({ n: 0 });
  });
});
