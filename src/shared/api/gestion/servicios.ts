/** Administración de Servicios: the catalogue (part 2 §2, §3, §5, §8). */
import type { ApiDeps, ApiImplementation } from '../types';
import { AppError } from '../../errors';
import { servicios as t } from '../../i18n/areas/gestion';
import { parsearConfiguracion, type ServicioDisponible } from '../../domain/servicios';
import { conMensaje, sesion } from '../comun';

function normalizar(r: Record<string, unknown>): ServicioDisponible {
  return {
    id: String(r.id),
    nombre: String(r.nombre),
    descripcion: String(r.descripcion),
    tipo: String(r.tipo),
    icono: String(r.icono),
    permite_multiple: Boolean(r.permite_multiple),
    activo: Boolean(r.activo),
    categoria: String(r.categoria),
    configuracion_default: r.configuracion_default && typeof r.configuracion_default === 'object' ? (r.configuracion_default as Record<string, unknown>) : {},
    ...(r.created_at ? { created_at: String(r.created_at) } : {}),
  };
}

export function serviciosApi({ backend, log }: ApiDeps): ApiImplementation['servicios'] {
  const valores = (input: { nombre: string; tipo: string; descripcion: string; categoria: string; icono: string; permite_multiple: boolean; activo: boolean; configuracion_default: string }) => {
    const cfg = parsearConfiguracion(input.configuracion_default);
    if (!cfg.ok) throw new AppError('validation', cfg.error);
    return {
      nombre: input.nombre,
      tipo: input.tipo,
      descripcion: input.descripcion,
      categoria: input.categoria,
      icono: input.icono,
      permite_multiple: input.permite_multiple,
      activo: input.activo,
      configuracion_default: cfg.valor,
    };
  };
  const duplicado = (e: unknown) => (AppError.is(e) && e.code === 'conflict' ? new AppError('conflict', t.tipoDuplicado) : e);

  return {
    async listar(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorCargar, async () => {
        const { rows } = await data.run({
          kind: 'select',
          table: 'servicios_disponibles',
          filters: input.soloActivos ? [{ column: 'activo', op: 'eq', value: true }] : [],
          order: [{ column: 'nombre' }],
        });
        return rows.map(normalizar);
      }, log);
    },

    async crear(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorGuardar, async () => {
        try {
          const { rows } = await data.run({ kind: 'insert', table: 'servicios_disponibles', rows: [valores(input)], returning: ['*'] });
          return normalizar(rows[0]!);
        } catch (e) {
          throw duplicado(e);
        }
      }, log);
    },

    async actualizar(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorGuardar, async () => {
        try {
          const { rows } = await data.run({ kind: 'update', table: 'servicios_disponibles', values: valores(input), filters: [{ column: 'id', op: 'eq', value: input.id }], returning: ['*'] });
          if (!rows[0]) throw new AppError('not_found', t.errorGuardar);
          return normalizar(rows[0]);
        } catch (e) {
          throw duplicado(e);
        }
      }, log);
    },

    async cambiarEstado(input, ctx) {
      const { data } = await sesion(backend, ctx);
      return conMensaje(t.errorEstado, async () => {
        const { rows } = await data.run({ kind: 'update', table: 'servicios_disponibles', values: { activo: input.activo }, filters: [{ column: 'id', op: 'eq', value: input.id }], returning: ['*'] });
        if (!rows[0]) throw new AppError('not_found', t.errorEstado);
        return normalizar(rows[0]);
      }, log);
    },
  };
}
