/**
 * Administración de Empresas (part 2 §2, §6, §8). The portal password is stored only as a bcrypt hash (the
 * database trigger hashes any plain value written); the plain one is answered once, right after it is set or
 * reset, and never read back.
 */
import type { ApiDeps, ApiImplementation } from '../types';
import type { DataPort } from '../../ports';
import { AppError } from '../../errors';
import { empresas as t } from '../../i18n/areas/gestion';
import { generarContrasenaPortal, type CredencialesPortal, type Empresa, type FuenteAleatoria } from '../../domain/empresas';
import { conMensaje, sesion, textoONull } from '../comun';
import { leerDependencias } from './repositorio';

function normalizar(r: Record<string, unknown>): Empresa {
  const s = (v: unknown) => (v == null ? null : String(v));
  return {
    id: String(r.id),
    nombre: String(r.nombre),
    descripcion: s(r.descripcion),
    ruc: s(r.ruc),
    direccion: s(r.direccion),
    telefono: s(r.telefono),
    email: s(r.email),
    website: s(r.website),
    logo_url: s(r.logo_url),
    activo: Boolean(r.activo),
    usuario_cliente: s(r.usuario_cliente),
    tiene_contrasena: Boolean(r.tiene_contrasena),
    created_at: String(r.created_at),
  };
}

async function leer(data: DataPort, id: string): Promise<Empresa> {
  const { rows } = await data.run({ kind: 'select', table: 'empresas_vista', filters: [{ column: 'id', op: 'eq', value: id }] });
  if (!rows[0]) throw new AppError('not_found', t.noEncontrada);
  return normalizar(rows[0]);
}

const usuarioDuplicado = (e: unknown) => (AppError.is(e) && e.code === 'conflict' ? new AppError('conflict', t.usuarioDuplicado) : e);

/** `fuente` is the random source (Web Crypto by default; a test may observe it). */
export function empresasApi({ backend, log }: ApiDeps, fuente?: FuenteAleatoria): ApiImplementation['empresas'] {
  const campos = (input: { nombre: string; descripcion?: string | null; ruc?: string | null; direccion?: string | null; telefono?: string | null; email?: string | null; website?: string | null; logo_url?: string | null; activo: boolean; usuario_cliente: string }) => ({
    nombre: input.nombre,
    descripcion: textoONull(input.descripcion),
    ruc: textoONull(input.ruc),
    direccion: textoONull(input.direccion),
    telefono: textoONull(input.telefono),
    email: textoONull(input.email),
    website: textoONull(input.website),
    logo_url: textoONull(input.logo_url),
    activo: input.activo,
    usuario_cliente: input.usuario_cliente.trim(),
  });

  return {
    async listar(_input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorCargar, async () => {
        const { rows } = await data.run({ kind: 'select', table: 'empresas_vista', order: [{ column: 'nombre' }] });
        return rows.map(normalizar);
      }, log);
    },

    async crear(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorGuardar, async () => {
        try {
          const { rows } = await data.run<{ id: string }>({
            kind: 'insert',
            table: 'empresas',
            rows: [{ ...campos(input), contrasena_cliente: input.contrasena_cliente }],
            returning: ['id'],
          });
          const empresa = await leer(data, String(rows[0]!.id));
          return { empresa, credenciales: { empresaId: empresa.id, usuario: empresa.usuario_cliente ?? '', contrasena: input.contrasena_cliente } };
        } catch (e) {
          throw usuarioDuplicado(e);
        }
      }, log);
    },

    async actualizar(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorGuardar, async () => {
        const nueva = input.contrasena_cliente && input.contrasena_cliente !== '' ? input.contrasena_cliente : null;
        try {
          const { rows } = await data.run({
            kind: 'update',
            table: 'empresas',
            values: { ...campos(input), ...(nueva ? { contrasena_cliente: nueva } : {}) },
            filters: [{ column: 'id', op: 'eq', value: input.id }],
            returning: ['id'],
          });
          if (!rows[0]) throw new AppError('not_found', t.noEncontrada);
        } catch (e) {
          throw usuarioDuplicado(e);
        }
        const empresa = await leer(data, input.id);
        const credenciales: CredencialesPortal | null = nueva ? { empresaId: empresa.id, usuario: empresa.usuario_cliente ?? '', contrasena: nueva } : null;
        return { empresa, credenciales };
      }, log);
    },

    async cambiarEstado(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorEstado, async () => {
        const { rows } = await data.run({ kind: 'update', table: 'empresas', values: { activo: input.activo }, filters: [{ column: 'id', op: 'eq', value: input.id }], returning: ['id'] });
        if (!rows[0]) throw new AppError('not_found', t.noEncontrada);
        return leer(data, input.id);
      }, log);
    },

    async dependencias(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorCargar, () => leerDependencias(data, 'empresa', input.id, t.noEncontrada), log);
    },

    async eliminar(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorEliminar, async () => {
        const { rows } = await data.run({ kind: 'delete', table: 'empresas', filters: [{ column: 'id', op: 'eq', value: input.id }], returning: ['id'] });
        if (!rows[0]) throw new AppError('not_found', t.noEncontrada);
        return { id: input.id };
      }, log);
    },

    async restablecerContrasena(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorCredenciales, async () => {
        const contrasena = generarContrasenaPortal(fuente);
        const { rows } = await data.run({
          kind: 'update',
          table: 'empresas',
          values: { contrasena_cliente: contrasena },
          filters: [{ column: 'id', op: 'eq', value: input.id }],
          returning: ['id', 'usuario_cliente'],
        });
        if (!rows[0]) throw new AppError('not_found', t.noEncontrada);
        return { empresaId: input.id, usuario: String(rows[0].usuario_cliente ?? ''), contrasena };
      }, log);
    },
  };
}
