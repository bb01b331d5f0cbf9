/** Administración de Servicios: the catalogue (part 2 §2, §3, §5, §8). */
import { z } from 'zod';
import { op } from '../../operaciones/define';
import { conRegla, id } from '../../operaciones/campos';
import { CATEGORIAS_SERVICIO, ICONOS_SERVICIO, reglasServicio } from './rules';
import { servicios as ts } from './texts';
import { servicioDisponibleSchema } from './formas';


const servicioCampos = z.object({
  nombre: conRegla(reglasServicio.nombre).transform((v) => v.trim()),
  tipo: conRegla(reglasServicio.tipo).transform((v) => v.trim()),
  descripcion: conRegla(reglasServicio.descripcion).transform((v) => v.trim()),
  categoria: z.enum(CATEGORIAS_SERVICIO, { message: ts.categoriaInvalida }),
  icono: z.enum(ICONOS_SERVICIO, { message: ts.iconoInvalido }),
  permiteMultiple: z.boolean().default(false),
  activo: z.boolean().default(true),
  /** The form's JSON text: '' is {}; anything else must be a JSON object. */
  configuracionDefault: conRegla(reglasServicio.configuracion),
});

export const servicios = {
  /** The whole catalogue (administration) or only the active services (project picker). */
  listar: op(z.array(servicioDisponibleSchema))(z.object({ soloActivos: z.boolean().optional() })),
  crear: op(servicioDisponibleSchema)(servicioCampos),
  actualizar: op(servicioDisponibleSchema)(z.intersection(z.object({ id }), servicioCampos)),
  cambiarEstado: op(servicioDisponibleSchema)(z.object({ id, activo: z.boolean() })),
} as const;
