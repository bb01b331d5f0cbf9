/**
 * Operator accounts a security review signs off (issue 27), on PGlite and on PostgreSQL 15:
 *  - the second factor (TOTP, RFC 6238): enrolment with a code, a sign-in in two steps, a code used twice or
 *    outside the ±1 step window refused, recovery codes single-use, the secret encrypted and codes hashed;
 *  - the agency's rule: with it on, every administrator function refuses an aal1 session (claims set as
 *    PostgREST sets them) and answers an aal2 one;
 *  - the audit trail: rows for sign-ins, refusals, role changes and deletions (with what they took), no secret
 *    in any row, and no role (owner included) may change, delete or truncate a row;
 *  - sessions: each operator lists his own (device, address, last use) and closes the others; an Operador may
 *    not close someone else's, an administrator may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient, SqlQueryable } from '../../src/shared/ports/sql';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import { es } from '../../src/shared/i18n/es';
import { codigoEn, TOTP_PERIODO_S } from '../../src/main/secretos/totp';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, Clock, embeddedApi } from '../support/operators';
import { codigoDeError } from '../support/como-usuario';

const t = es.seguridad;
const PASO_MS = TOTP_PERIODO_S * 1000;
/** A step boundary, so "the next step" is exact whatever the test's start. */
const INICIO = new Date(Math.ceil(Date.parse('2026-11-21T15:00:00Z') / PASO_MS) * PASO_MS + 5_000);

/** SQL exactly as PostgREST runs a request: role authenticated and the token's claims in request.jwt.claims. */
async function comoToken<T>(db: SqlClient, claims: Record<string, unknown>, fn: (tx: SqlQueryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('set local role authenticated');
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'authenticated', ...claims })]);
    return fn(tx);
  });
}

describe.each(MIGRATED_BACKENDS)('cuentas: dos pasos, actividad y sesiones en %s', (_name, migrated) => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  const clock = new Clock(INICIO);
  const admin = new Caller();
  const adminPortatil = new Caller();
  const luis = new Caller();
  let adminId: string;
  let luisId: string;
  let luisContrasena: string;
  let secreto: string;
  let recuperacion: string[];

  const call = (area: string, op: string, input: unknown, who: Caller = admin) => api.dispatch(area, op, input, who) as Promise<Envelope>;
  async function ok<T>(area: string, op: string, input: unknown, who: Caller = admin): Promise<T> {
    const r = (await call(area, op, input, who)) as Envelope<T>;
    if (!r.ok) throw new Error(`${area}.${op}: ${r.error.message}`);
    return r.data;
  }
  const filas = async <T>(sql: string, params: unknown[] = []) => (await db.query<T & Record<string, unknown>>(sql, params)).rows;

  beforeAll(async () => {
    db = await migrated();
    api = await embeddedApi(db, clock);
    adminId = (await ok<{ id: string }>('auth', 'crearPrimerAdmin', ADMIN)).id;
    const r = await ok<{ contrasena: string }>('operadores', 'agregar', { email: 'luis@agencia.co', nombre: 'Luis Pérez', rol: 'operador' });
    luisContrasena = r.contrasena;
    luisId = (await ok<{ id: string }>('auth', 'iniciarSesion', { email: 'luis@agencia.co', password: luisContrasena }, luis)).id;
  });
  afterAll(async () => {
    await db?.cerrar();
  });

  describe('verificación en dos pasos (TOTP)', () => {
    it('se activa con un código de la aplicación; el secreto queda cifrado y los códigos de recuperación solo como hash', async () => {
      expect(await ok('seguridad', 'estado', {})).toMatchObject({ dosPasos: false, exigirAdmin: false, aal2: false, disponible: true });
      const inscripcion = await ok<{ uri: string; secreto: string }>('seguridad', 'iniciarDosPasos', {});
      secreto = inscripcion.secreto;
      expect(inscripcion.uri).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]+.*period=30/);
      // A wrong code does not activate it.
      expect(await call('seguridad', 'confirmarDosPasos', { codigo: '000000' === codigoEn(secreto, clock.now()) ? '111111' : '000000' })).toMatchObject({
        ok: false,
        error: { message: t.codigoIncorrecto },
      });
      const r = await ok<{ codigosRecuperacion: string[] }>('seguridad', 'confirmarDosPasos', { codigo: codigoEn(secreto, clock.now()) });
      recuperacion = r.codigosRecuperacion;
      expect(recuperacion).toHaveLength(10);
      expect(new Set(recuperacion).size).toBe(10);
      expect(await ok('seguridad', 'estado', {})).toMatchObject({ dosPasos: true, codigosRestantes: 10, aal2: true });

      const [guardado] = await filas<{ secreto_cifrado: string; verificado: boolean }>('select secreto_cifrado, verificado from auth.mfa_totp where user_id = $1', [adminId]);
      expect(guardado!.verificado).toBe(true);
      expect(guardado!.secreto_cifrado).not.toContain(secreto);
      expect(Buffer.from(guardado!.secreto_cifrado, 'base64').toString('latin1')).not.toContain(secreto);
      const hashes = await filas<{ codigo_hash: string }>('select codigo_hash from auth.mfa_recuperacion where user_id = $1', [adminId]);
      expect(hashes).toHaveLength(10);
      for (const codigo of recuperacion) expect(hashes.map((h) => h.codigo_hash)).not.toContain(codigo);
    });

    it('el inicio de sesión pide el código; hasta entonces ninguna otra operación responde', async () => {
      const entrada = await ok<{ requiereCodigo?: boolean }>('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, adminPortatil);
      expect(entrada.requiereCodigo).toBe(true);
      expect(await ok('auth', 'estado', {}, adminPortatil)).toMatchObject({ operator: null, requiereCodigo: true });
      expect(await call('operadores', 'listar', {}, adminPortatil)).toMatchObject({ ok: false, error: { code: 'unauthenticated', message: t.faltaCodigo } });
      expect(await call('seguridad', 'estado', {}, adminPortatil)).toMatchObject({ ok: false, error: { message: t.faltaCodigo } });
    });

    it('un código ya usado se rechaza, y uno fuera de la ventana de ±1 paso también', async () => {
      // The code of the enrolment's own step was used to confirm it.
      expect(await call('auth', 'verificarCodigo', { codigo: codigoEn(secreto, clock.now()) }, adminPortatil)).toMatchObject({
        ok: false,
        error: { code: 'validation', message: t.codigoIncorrecto },
      });
      // Two steps ahead: outside the window.
      expect(await call('auth', 'verificarCodigo', { codigo: codigoEn(secreto, new Date(clock.now().getTime() + 2 * PASO_MS)) }, adminPortatil)).toMatchObject({
        ok: false,
        error: { message: t.codigoIncorrecto },
      });
      // Two steps behind: outside too.
      expect(await call('auth', 'verificarCodigo', { codigo: codigoEn(secreto, new Date(clock.now().getTime() - 2 * PASO_MS)) }, adminPortatil)).toMatchObject({
        ok: false,
        error: { message: t.codigoIncorrecto },
      });
      expect(await call('auth', 'verificarCodigo', { codigo: 'abc' }, adminPortatil)).toMatchObject({ ok: false, error: { code: 'validation', message: t.codigoFormato } });
    });

    it('el código del paso siguiente entra (aal2), y no sirve una segunda vez', async () => {
      clock.advance(PASO_MS);
      const codigo = codigoEn(secreto, clock.now());
      expect(await ok('auth', 'verificarCodigo', { codigo }, adminPortatil)).toMatchObject({ id: adminId, esAdmin: true });
      expect(await ok('seguridad', 'estado', {}, adminPortatil)).toMatchObject({ aal2: true });
      expect(await ok('auth', 'estado', {}, adminPortatil)).toMatchObject({ operator: { id: adminId } });

      const otra = new Caller();
      await ok('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, otra);
      expect(await call('auth', 'verificarCodigo', { codigo }, otra)).toMatchObject({ ok: false, error: { message: t.codigoIncorrecto } });
      // A recovery code works once.
      expect(await ok('auth', 'verificarCodigo', { codigo: recuperacion[0]!.toUpperCase() }, otra)).toMatchObject({ id: adminId });
      const tercera = new Caller();
      await ok('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, tercera);
      expect(await call('auth', 'verificarCodigo', { codigo: recuperacion[0]! }, tercera)).toMatchObject({ ok: false, error: { message: t.codigoIncorrecto } });
      expect(await ok('seguridad', 'estado', {})).toMatchObject({ codigosRestantes: 9 });
      await ok('auth', 'cerrarSesion', {}, otra);
      await ok('auth', 'cerrarSesion', {}, tercera);
    });

    it('un Operador no puede exigir la verificación; quien no la tiene activa tampoco la puede exigir', async () => {
      expect(await call('seguridad', 'exigirAdmin', { exigir: true }, luis)).toMatchObject({ ok: false, error: { code: 'validation', message: t.exigirSinFactor } });
      expect(await codigoDeError(comoToken(db, { sub: luisId, aal: 'aal2' }, (tx) => tx.query('select public.seguridad_cambiar_exigir_2fa(true)')))).toBe('42501');
    });
  });

  describe('la regla de la agencia: aal2 para las funciones de administrador', () => {
    it('con la regla activa, una sesión aal1 se rechaza (en SQL, con los claims de PostgREST) y una aal2 responde', async () => {
      await ok('seguridad', 'exigirAdmin', { exigir: true });
      expect(await ok('seguridad', 'estado', {})).toMatchObject({ exigirAdmin: true });
      expect(await codigoDeError(comoToken(db, { sub: adminId, aal: 'aal1' }, (tx) => tx.query('select * from public.operadores_listar()')))).toBe('C2FA1');
      expect(await codigoDeError(comoToken(db, { sub: adminId }, (tx) => tx.query('select * from public.auditoria_buscar()')))).toBe('C2FA1');
      const { rows } = await comoToken(db, { sub: adminId, aal: 'aal2' }, (tx) => tx.query('select * from public.operadores_listar()'));
      expect(rows.length).toBe(2);
      // Deleting a plan (administrators only, by a trigger) follows the same rule.
      const [plan] = await filas<{ id: string }>(`insert into public.planes (title) values ('Plan con regla') returning id`);
      expect(await codigoDeError(comoToken(db, { sub: adminId, aal: 'aal1' }, (tx) => tx.query('delete from public.planes where id = $1', [plan!.id])))).toBe('C2FA1');
    });

    it('la api dice en español por qué: la sesión del administrador sin código es rechazada', async () => {
      // The administrator's first session predates the factor's check? No: it verified at enrolment (aal2).
      // A new one that only gave the password cannot get past the code step; an aal1 session of an
      // administrator without a factor is simulated by removing the factor in SQL, as the owner.
      const sinFactor = new Caller();
      await db.query('update auth.mfa_totp set verificado = false where user_id = $1', [adminId]);
      await ok('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, sinFactor);
      expect(await call('operadores', 'listar', {}, sinFactor)).toMatchObject({ ok: false, error: { code: 'forbidden', message: t.exigeDosPasos } });
      expect(await call('auditoria', 'buscar', { filtros: {} }, sinFactor)).toMatchObject({ ok: false, error: { message: t.exigeDosPasos } });
      await db.query('update auth.mfa_totp set verificado = true where user_id = $1', [adminId]);
      await ok('auth', 'cerrarSesion', {}, sinFactor);
      // The aal2 session keeps working.
      expect((await ok<unknown[]>('operadores', 'listar', {})).length).toBe(2);
      await ok('seguridad', 'exigirAdmin', { exigir: false });
      expect(await codigoDeError(comoToken(db, { sub: adminId, aal: 'aal1' }, (tx) => tx.query('select * from public.operadores_listar()')))).toBeNull();
    });
  });

  describe('registro de actividad', () => {
    it('registra inicios de sesión, rechazos, cambios de rol y eliminaciones con lo que se llevaron', async () => {
      expect(await call('auth', 'iniciarSesion', { email: 'luis@agencia.co', password: 'equivocada1' }, new Caller())).toMatchObject({ ok: false });
      await ok('operadores', 'cambiarRol', { id: luisId, rol: 'administrador' });
      await ok('operadores', 'cambiarRol', { id: luisId, rol: 'operador' });
      const [empresa] = await filas<{ id: string }>(`insert into public.empresas (nombre) values ('Empresa Borrada') returning id`);
      const [plan] = await filas<{ id: string }>(`insert into public.planes (title) values ('Plan Borrado') returning id`);
      await filas(`insert into public.proyectos (nombre, plan_id, empresa_id) values ('Proyecto A', $1, $2), ('Proyecto B', $1, $2)`, [plan!.id, empresa!.id]);
      await db.query('delete from public.empresas where id = $1', [empresa!.id]);
      const [campana] = await filas<{ id: string }>(`insert into public.campanas (nombre) values ('Campaña Borrada') returning id`);
      await db.query(
        `insert into public.clientes (nombre, apellido, email, telefono, campana_id)
         select 'C' || i, 'X', 'c' || i || '@x.co', '300' || i, $1 from generate_series(1, 3) i`,
        [campana!.id],
      );
      // A batch started and paused, a portal password reset: written by n8n or anyone, recorded by triggers.
      const [otra] = await filas<{ id: string }>(`insert into public.campanas (nombre) values ('Campaña del lote') returning id`);
      const [lote] = await filas<{ id: string }>(`insert into public.lotes_llamadas (campana_id, estado) values ($1, 'en_curso') returning id`, [otra!.id]);
      await db.query(`update public.lotes_llamadas set estado = 'pausado' where id = $1`, [lote!.id]);
      await db.query(`update public.lotes_llamadas set estado = 'cancelado' where id = $1`, [lote!.id]);
      const [portal] = await filas<{ id: string }>(`insert into public.empresas (nombre, usuario_cliente) values ('Empresa Portal', 'portal1') returning id`);
      await db.query(`update public.empresas set contrasena_cliente = 'ClavePortal2026' where id = $1`, [portal!.id]);
      await db.query('delete from public.campanas where id = $1', [campana!.id]);

      const { filas: todas, total } = await ok<{ filas: Array<{ accion: string; persona: string; objeto: string; detalle: Record<string, unknown> }>; total: number }>(
        'auditoria',
        'buscar',
        { filtros: {}, porPagina: 200 },
      );
      expect(total).toBe(todas.length);
      const acciones = todas.map((f) => f.accion);
      for (const a of ['sesion.iniciar', 'sesion.rechazada', 'sesion.segundo_paso', 'sesion.codigo_rechazado', 'sesion.codigo_recuperacion', 'mfa.activar', 'operador.rol', 'seguridad.exigir_2fa', 'eliminar.empresas', 'eliminar.campanas', 'lote.iniciar', 'lote.pausar', 'lote.cancelar', 'portal.restablecer_contrasena']) {
        expect(acciones).toContain(a);
      }
      const rol = todas.find((f) => f.accion === 'operador.rol')!;
      expect(rol).toMatchObject({ persona: 'Laura Gómez', objeto: 'Luis Pérez' });
      const borrada = todas.find((f) => f.accion === 'eliminar.empresas')!;
      expect(borrada.objeto).toBe('Empresa Borrada');
      // Its projects stay (their link is set to null): nothing is listed as taken.
      expect(borrada.detalle).toEqual({ tabla: 'empresas', id: empresa!.id });
      const campanaBorrada = todas.find((f) => f.accion === 'eliminar.campanas')!;
      expect(campanaBorrada).toMatchObject({ objeto: 'Campaña Borrada', detalle: { arrastra: { clientes: 3 } } });
      expect(todas.find((f) => f.accion === 'sesion.rechazada')).toMatchObject({ objeto: 'luis@agencia.co' });

      // Searchable by person and action.
      const deLuis = await ok<{ filas: Array<{ accion: string }> }>('auditoria', 'buscar', { filtros: { persona: 'luis', accion: 'sesion' } });
      expect(deLuis.filas.length).toBeGreaterThan(0);
      for (const f of deLuis.filas) expect(f.accion.startsWith('sesion.')).toBe(true);
      // By date: nothing before the test's clock started; the day's rows from its start.
      const antes = await ok<{ total: number }>('auditoria', 'buscar', { filtros: { hasta: new Date(INICIO.getTime() - 86_400_000).toISOString() } });
      expect(antes.total).toBe(0);
      const desde = await ok<{ total: number }>('auditoria', 'buscar', { filtros: { desde: new Date(INICIO.getTime() - 1000).toISOString() } });
      expect(desde.total).toBe(total);
    });

    it('ninguna fila guarda un secreto: ni contraseñas, ni códigos, ni el secreto TOTP', async () => {
      await ok('auditoria', 'exportarCsv', { filtros: {} });
      await db.query(`select public.auditoria_registrar('prueba.limpieza', null, $1::jsonb)`, [
        JSON.stringify({ password: 'x1', token: 'x2', nested: { clave_api: 'x3', codigo: 'x4' }, visible: 'si' }),
      ]);
      const texto = JSON.stringify(await filas('select * from public.auditoria'));
      const [hashPortal] = await filas<{ h: string }>(`select contrasena_cliente as h from public.empresas where nombre = 'Empresa Portal'`);
      for (const secretoProhibido of [ADMIN.password, luisContrasena, secreto, ...recuperacion, 'ClavePortal2026', hashPortal!.h, 'x1', 'x2', 'x3', 'x4']) {
        expect(texto).not.toContain(secretoProhibido);
      }
      expect(texto).toContain('"visible":"si"');
    });

    it('ningún rol puede cambiar, borrar ni vaciar una fila (tampoco el dueño)', async () => {
      const antes = await filas<{ n: number }>('select count(*)::int as n from public.auditoria');
      for (const rol of ['authenticated', 'service_role', 'anon']) {
        for (const sql of ['update public.auditoria set accion = $1', 'delete from public.auditoria where accion <> $1', 'truncate public.auditoria']) {
          const codigo = await codigoDeError(
            db.transaction(async (tx) => {
              await tx.query(`set local role ${rol}`);
              await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: adminId, role: rol, aal: 'aal2' })]);
              await tx.query(sql, sql.startsWith('truncate') ? [] : ['manipulada']);
            }),
          );
          expect(codigo, `${rol}: ${sql}`).toBe('42501');
        }
        // Nor write one directly: rows come from the functions and triggers only.
        const falsa = db.transaction(async (tx) => {
          await tx.query(`set local role ${rol}`);
          await tx.query(`insert into public.auditoria (accion) values ('falsa')`);
        });
        expect(await codigoDeError(falsa)).toBe('42501');
      }
      // The owner: the trigger refuses.
      expect(await codigoDeError(db.query(`update public.auditoria set accion = 'manipulada'`))).toBe('42501');
      expect(await codigoDeError(db.query('delete from public.auditoria'))).toBe('42501');
      expect(await codigoDeError(db.query('truncate public.auditoria'))).toBe('42501');
      expect(await filas('select count(*)::int as n from public.auditoria')).toEqual(antes);
    });

    it('un Operador no ve la actividad; la exportación CSV neutraliza fórmulas', async () => {
      expect(await call('auditoria', 'buscar', { filtros: {} }, luis)).toMatchObject({ ok: false, error: { code: 'forbidden', message: es.errores.sinPermiso } });
      await ok('operadores', 'agregar', { email: 'formula@agencia.co', nombre: '=HYPERLINK("x")', rol: 'operador' });
      const { csv, filas: n } = await ok<{ csv: string; filas: number }>('auditoria', 'exportarCsv', { filtros: { accion: 'operador' } });
      expect(n).toBeGreaterThan(0);
      expect(csv.split('\r\n')[0]).toBe('Fecha,Persona,Correo,Acción,Sobre,Detalle,Dirección');
      expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
      expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
    });
  });

  describe('sesiones', () => {
    it('cada operador ve sus sesiones y cierra las demás; la cerrada deja de servir en el acto', async () => {
      const otraDeLuis = new Caller();
      await ok('auth', 'iniciarSesion', { email: 'luis@agencia.co', password: luisContrasena }, otraDeLuis);
      const sesiones = await ok<Array<{ id: string; actual: boolean; dispositivo: string; ultimoUso: string | null }>>('seguridad', 'sesiones', {}, luis);
      expect(sesiones).toHaveLength(2);
      expect(sesiones.filter((s) => s.actual)).toHaveLength(1);
      expect(sesiones[0]!.dispositivo).toBe(t.escritorio);
      expect(sesiones[0]!.ultimoUso).toEqual(expect.any(String));

      let avisos = 0;
      const dejar = api.backend.auth.sesionesTerminadas!.suscribir(() => avisos++);
      const otra = sesiones.find((s) => !s.actual)!;
      await ok('seguridad', 'cerrarSesion', { id: otra.id }, luis);
      dejar();
      expect(avisos).toBe(1);
      expect(await call('llamadas', 'listarCampanas', {}, otraDeLuis)).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
      expect(await call('seguridad', 'cerrarSesion', { id: otra.id }, luis)).toMatchObject({ ok: false, error: { message: t.sesionYaCerrada } });
    });

    it('un Operador no cierra la sesión de otro; un administrador sí, y ve las de cualquiera', async () => {
      const delAdmin = (await ok<Array<{ id: string; actual: boolean }>>('seguridad', 'sesiones', {})).find((s) => !s.actual)!;
      expect(await call('seguridad', 'cerrarSesion', { id: delAdmin.id }, luis)).toMatchObject({ ok: false, error: { code: 'forbidden', message: es.errores.sinPermiso } });
      expect(await call('seguridad', 'sesiones', { operadorId: adminId }, luis)).toMatchObject({ ok: false, error: { code: 'forbidden' } });

      const deLuis = await ok<Array<{ id: string; operadorNombre: string }>>('seguridad', 'sesiones', { operadorId: luisId });
      expect(deLuis).toHaveLength(1);
      expect(deLuis[0]!.operadorNombre).toBe('Luis Pérez');
      await ok('seguridad', 'cerrarSesion', { id: deLuis[0]!.id });
      expect(await call('seguridad', 'sesiones', {}, luis)).toMatchObject({ ok: false, error: { code: 'unauthenticated' } });
    });

    it('cerrar las demás deja solo la actual', async () => {
      const extra = new Caller();
      await ok('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, extra);
      const { cerradas } = await ok<{ cerradas: number }>('seguridad', 'cerrarOtras', {});
      expect(cerradas).toBeGreaterThanOrEqual(2);
      expect(await ok<unknown[]>('seguridad', 'sesiones', {})).toHaveLength(1);
      expect(await ok('auth', 'estado', {}, adminPortatil)).toMatchObject({ operator: null });
    });
  });
});
