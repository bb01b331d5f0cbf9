/**
 * The client companies' tables (empresas, the view empresas_vista): the only module of the area that knows
 * their names. The portal password column is written (a database trigger hashes any plain value) and never
 * read back: the view only says whether one is stored.
 */
import { booleano, instante, texto, textoONulo } from '../../operaciones/filas';
import { comoColumnas } from '../../operaciones/columnas';
import type { z } from 'zod';
import type { DataPort } from '../../ports';
import { AppError } from '../../errors';
import { empresas as t } from './texts';
import type { Empresa } from './rules';
import type { empresas } from './contract';

/** The editable fields of a client company as the contract parses them, every one present (empty texts null). */
export type CamposEmpresa = Required<Omit<z.output<typeof empresas.crear.input>, 'contrasenaCliente'>>;

/** The contract's field names as the table's columns (only the ones given). */
const columnas = (campos: Partial<CamposEmpresa>) => comoColumnas(campos, { logoUrl: 'logo_url', usuarioCliente: 'usuario_cliente' });

const porId = (id: string) => [{ column: 'id', op: 'eq' as const, value: id }];

function normalizar(r: Record<string, unknown>): Empresa {
  const s = textoONulo;
  return {
    id: texto(r.id),
    nombre: texto(r.nombre),
    descripcion: s(r.descripcion),
    ruc: s(r.ruc),
    direccion: s(r.direccion),
    telefono: s(r.telefono),
    email: s(r.email),
    website: s(r.website),
    logoUrl: s(r.logo_url),
    activo: booleano(r.activo),
    usuarioCliente: s(r.usuario_cliente),
    tieneContrasena: booleano(r.tiene_contrasena),
    createdAt: instante(r.created_at) ?? '',
  };
}

export async function listarEmpresas(data: DataPort): Promise<Empresa[]> {
  const { rows } = await data.run({ kind: 'select', table: 'empresas_vista', order: [{ column: 'nombre' }] });
  return rows.map(normalizar);
}

export async function leerEmpresa(data: DataPort, id: string): Promise<Empresa> {
  const { rows } = await data.run({ kind: 'select', table: 'empresas_vista', filters: porId(id) });
  if (!rows[0]) throw new AppError('not_found', t.noEncontrada);
  return normalizar(rows[0]);
}

/** A taken username answers 'conflict' (unique index). */
export async function crearEmpresa(data: DataPort, campos: CamposEmpresa, contrasena: string): Promise<string> {
  const { rows } = await data.run<{ id: string }>({ kind: 'insert', table: 'empresas', rows: [{ ...columnas(campos), contrasena_cliente: contrasena }], returning: ['id'] });
  return String(rows[0]!.id);
}

/**
 * Changes the given fields and, when `contrasena` is given, the portal password. Answers the stored username,
 * or null when there is no such company.
 */
export async function actualizarEmpresa(data: DataPort, id: string, campos: Partial<CamposEmpresa>, contrasena?: string): Promise<{ usuario: string } | null> {
  const { rows } = await data.run({
    kind: 'update',
    table: 'empresas',
    values: { ...columnas(campos), ...(contrasena ? { contrasena_cliente: contrasena } : {}) },
    filters: porId(id),
    returning: ['id', 'usuario_cliente'],
  });
  return rows[0] ? { usuario: String(rows[0].usuario_cliente ?? '') } : null;
}

/** False when there is no such company. */
export async function eliminarEmpresa(data: DataPort, id: string): Promise<boolean> {
  const { rows } = await data.run({ kind: 'delete', table: 'empresas', filters: porId(id), returning: ['id'] });
  return rows.length > 0;
}
