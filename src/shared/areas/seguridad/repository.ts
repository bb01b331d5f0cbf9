/**
 * The security area's data: the only module that names its SQL (20261129000600_cuentas_auditoria_sesiones.sql):
 * the agency's rule (ajustes_seguridad, seguridad_cambiar_exigir_2fa) and the sessions (sesiones_*).
 */
import { instante } from '../../operaciones/filas';
import type { DataPort } from '../../ports';
import type { Sesion } from './contract';
import { dispositivoDe } from './rules';

interface FilaSesion {
  id: string;
  operador_id: string;
  operador_nombre: string | null;
  creada: string | null;
  ultimo_uso: string | null;
  user_agent: string | null;
  ip: string | null;
  aal: string | null;
  actual: boolean;
}


export async function exigeDosPasosAdmin(data: DataPort): Promise<boolean> {
  const { rows } = await data.run<{ exigir_2fa_admin: boolean }>({ kind: 'select', table: 'ajustes_seguridad', columns: ['exigir_2fa_admin'] });
  return rows[0]?.exigir_2fa_admin === true;
}

export async function cambiarExigirDosPasos(data: DataPort, exigir: boolean): Promise<void> {
  await data.run({ kind: 'rpc', fn: 'seguridad_cambiar_exigir_2fa', args: { p_exigir: exigir } });
}

export async function listarSesiones(data: DataPort, operadorId?: string): Promise<Sesion[]> {
  const { rows } = await data.run<FilaSesion>({ kind: 'rpc', fn: 'sesiones_listar', args: { p_operador: operadorId ?? null } });
  return rows.map((r) => ({
    id: String(r.id),
    operadorId: String(r.operador_id),
    operadorNombre: r.operador_nombre,
    creada: instante(r.creada),
    ultimoUso: instante(r.ultimo_uso),
    dispositivo: dispositivoDe(r.user_agent),
    direccion: r.ip ? String(r.ip).replace(/\/\d+$/, '') : null,
    aal2: r.aal === 'aal2',
    actual: Boolean(r.actual),
  }));
}

export async function cerrarSesion(data: DataPort, id: string): Promise<void> {
  await data.run({ kind: 'rpc', fn: 'sesiones_cerrar', args: { p_id: id } });
}

export async function cerrarOtras(data: DataPort): Promise<number> {
  const { rows } = await data.run<{ value: number }>({ kind: 'rpc', fn: 'sesiones_cerrar_otras', args: {} });
  return Number(rows[0]?.value ?? 0);
}

/** Answers false when the operator had no second factor (nothing changed). */
export async function restablecerDosPasos(data: DataPort, operadorId: string): Promise<boolean> {
  const { rows } = await data.run<{ value: boolean }>({ kind: 'rpc', fn: 'seguridad_restablecer_dos_pasos', args: { p_operador: operadorId } });
  return rows[0]?.value === true;
}
