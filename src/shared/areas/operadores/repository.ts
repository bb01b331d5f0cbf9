/**
 * The operators' data: the only module of the area that names the SQL functions and their columns
 * (20261128000700_roles_operadores.sql). Every function checks that the caller is an active administrator.
 */
import { instante } from '../../operaciones/filas';
import type { DataPort } from '../../ports';
import { rolDe, type Rol } from '../../ports/operador';
import type { FilaOperador } from './contract';

interface FilaSql {
  id: string | null;
  nombre: string;
  email: string;
  es_admin: boolean;
  activo: boolean;
  ultimo_acceso: string | null;
  created_at: string;
  pendiente: boolean;
}


export async function listarOperadores(data: DataPort): Promise<FilaOperador[]> {
  const { rows } = await data.run<FilaSql>({ kind: 'rpc', fn: 'operadores_listar', args: {} });
  return rows.map((r) => ({
    id: r.id,
    nombre: r.nombre,
    email: r.email,
    rol: rolDe(Boolean(r.es_admin)),
    activo: Boolean(r.activo),
    ultimoAcceso: instante(r.ultimo_acceso),
    createdAt: instante(r.created_at) ?? '',
    pendiente: Boolean(r.pendiente),
  }));
}

/** Gives an existing auth user his profile (id answered), or authorises the e-mail (pendiente). */
export async function agregarOperador(data: DataPort, input: { email: string; nombre: string; rol: Rol }): Promise<{ id: string | null; pendiente: boolean }> {
  const { rows } = await data.run<{ value: { id: string | null; pendiente: boolean } }>({
    kind: 'rpc',
    fn: 'operadores_agregar',
    args: { p_email: input.email, p_nombre: input.nombre, p_es_admin: input.rol === 'administrador' },
  });
  const v = rows[0]!.value;
  return { id: v.id ?? null, pendiente: Boolean(v.pendiente) };
}

export async function cambiarRol(data: DataPort, id: string, rol: Rol): Promise<void> {
  await data.run({ kind: 'rpc', fn: 'operadores_cambiar_rol', args: { p_id: id, p_es_admin: rol === 'administrador' } });
}

export async function cambiarActivo(data: DataPort, id: string, activo: boolean): Promise<void> {
  await data.run({ kind: 'rpc', fn: 'operadores_cambiar_activo', args: { p_id: id, p_activo: activo } });
}

/** The administrator check before the auth service resets the password; answers the operator's e-mail. */
export async function verificarRestablecer(data: DataPort, id: string): Promise<string> {
  const { rows } = await data.run<{ value: string }>({ kind: 'rpc', fn: 'operadores_verificar_restablecer', args: { p_id: id } });
  return rows[0]!.value;
}

export async function cancelarInvitacion(data: DataPort, email: string): Promise<void> {
  await data.run({ kind: 'rpc', fn: 'operadores_cancelar_invitacion', args: { p_email: email } });
}
