/**
 * Issue 24, item 8, on PGlite and on PostgreSQL 15: a client company's portal credentials. An Operador creates
 * a company with its first credentials and edits its other fields; changing an existing company's portal user
 * name or password (reset, or an edit with a new one) is for administrators only — refused in SQL, so also
 * when the operator writes the row himself — and the api answers 403 with its Spanish message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import { es } from '../../src/shared/i18n/es';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, embeddedApi } from '../support/operators';
import { codigoDeError, como } from '../support/como-usuario';

const PERMISO = { ok: false, error: { code: 'forbidden', message: es.errores.sinPermiso } };

describe.each(MIGRATED_BACKENDS)('credenciales del portal de una empresa en %s', (_name, fresh) => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  const admin = new Caller();
  const operador = new Caller();
  let operadorId: string;

  const call = <T = unknown>(area: string, op: string, input: unknown, who: Caller) => api.dispatch(area, op, input, who) as Promise<Envelope<T>>;
  const hash = async (id: string) =>
    (await db.query<{ usuario_cliente: string; contrasena_cliente: string }>('select usuario_cliente, contrasena_cliente from public.empresas where id = $1', [id])).rows[0]!;
  const campos = (nombre: string, usuario: string) => ({ nombre, activo: true, usuarioCliente: usuario });

  beforeAll(async () => {
    db = await fresh();
    api = await embeddedApi(db);
    expect(await call('auth', 'crearPrimerAdmin', ADMIN, admin)).toMatchObject({ ok: true });
    const alta = await call<{ contrasena: string }>('operadores', 'agregar', { email: 'luis@agencia.co', nombre: 'Luis', rol: 'operador' }, admin);
    const entrada = await call<{ id: string }>('auth', 'iniciarSesion', { email: 'luis@agencia.co', password: (alta as { data: { contrasena: string } }).data.contrasena }, operador);
    operadorId = (entrada as { data: { id: string } }).data.id;
  });
  afterAll(async () => {
    await db?.cerrar();
  });

  it('un Operador crea una empresa con sus primeras credenciales y edita sus datos, pero no cambia sus credenciales', async () => {
    const creada = await call<{ empresa: { id: string } }>('empresas', 'crear', { ...campos('Óptica Lumen', 'optica_lumen'), contrasenaCliente: 'Primera2026' }, operador);
    expect(creada).toMatchObject({ ok: true, data: { credenciales: { usuario: 'optica_lumen', contrasena: 'Primera2026' } } });
    const id = (creada as { data: { empresa: { id: string } } }).data.empresa.id;
    const antes = await hash(id);

    // Other fields: allowed (the unchanged user name travels with them).
    expect(await call('empresas', 'actualizar', { id, ...campos('Óptica Lumen S.A.S.', 'optica_lumen'), telefono: '601 555 0101' }, operador)).toMatchObject({ ok: true });

    // The credentials: refused with the api's Spanish message, whichever way he tries.
    expect(await call('empresas', 'restablecerContrasena', { id }, operador)).toMatchObject(PERMISO);
    expect(await call('empresas', 'actualizar', { id, ...campos('Óptica Lumen S.A.S.', 'optica_lumen'), contrasenaCliente: 'Mia2026x' }, operador)).toMatchObject(PERMISO);
    expect(await call('empresas', 'actualizar', { id, ...campos('Óptica Lumen S.A.S.', 'otro_usuario') }, operador)).toMatchObject(PERMISO);
    expect(await hash(id)).toEqual(antes);

    // Writing the row himself, as PostgREST would let him on hosted: the same refusal (42501), nothing changed.
    expect(await codigoDeError(como(db, operadorId, (tx) => tx.query(`update public.empresas set contrasena_cliente = 'Mia2026x' where id = $1`, [id])))).toBe('42501');
    expect(await codigoDeError(como(db, operadorId, (tx) => tx.query(`update public.empresas set usuario_cliente = 'mio' where id = $1`, [id])))).toBe('42501');
    expect(await hash(id)).toEqual(antes);
  });

  it('un administrador restablece y cambia las credenciales', async () => {
    const creada = await call<{ empresa: { id: string } }>('empresas', 'crear', { ...campos('Ferretería Sol', 'ferreteria_sol'), contrasenaCliente: 'Primera2026' }, admin);
    const id = (creada as { data: { empresa: { id: string } } }).data.empresa.id;
    const antes = await hash(id);
    const nueva = await call<{ usuario: string; contrasena: string }>('empresas', 'restablecerContrasena', { id }, admin);
    expect(nueva).toMatchObject({ ok: true, data: { empresaId: id, usuario: 'ferreteria_sol', contrasena: expect.any(String) } });
    expect((await hash(id)).contrasena_cliente).not.toBe(antes.contrasena_cliente);
    expect(await call('empresas', 'actualizar', { id, ...campos('Ferretería Sol', 'ferreteria_sol_2'), contrasenaCliente: 'Otra2026x' }, admin)).toMatchObject({
      ok: true,
      data: { credenciales: { usuario: 'ferreteria_sol_2', contrasena: 'Otra2026x' } },
    });
  });
});
