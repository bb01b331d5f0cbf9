/** Gestión de Planes (part 2 §2, §5, §8) and the WordPress companies linked to a plan. */
import { z } from 'zod';
import { op } from '../../operaciones/define';
import { id } from '../../operaciones/campos';
import { dependenciasEliminacionSchema } from '../proyectos/formas';
import { planes as tpl } from './texts';

export const planSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  cost: z.number(),
  createdAt: z.string(),
  /** The real number of associated companies (the original always showed 0). */
  empresasAsociadas: z.number(),
});

/** A WordPress bot company, as the assignment screen lists it. */
export const empresaWordpressSchema = z.object({ uuid: z.string(), name: z.string(), tableSupabase: z.string(), status: z.boolean() });

export const empresaDePlanSchema = empresaWordpressSchema.omit({ uuid: true }).extend({
  /** The link id (planes_empresas_wordpress.id). */
  id: z.string(),
  planId: z.string(),
  empresaWordpressUuid: z.string(),
});
const conId = z.object({ id: z.string() });

const planCampos = z
  .object({
    title: z.string().max(200),
    description: z.string().max(2000),
    cost: z.coerce.number({ message: tpl.camposIncompletos }),
  })
  .refine((p) => p.title.trim() !== '' && p.description.trim() !== '' && Number.isFinite(p.cost) && p.cost > 0, { message: tpl.camposIncompletos });

export const planes = {
  listar: op(z.array(planSchema))(z.object({})),
  crear: op(planSchema)(planCampos),
  actualizar: op(planSchema)(z.intersection(z.object({ id }), planCampos)),
  /** What depends on the plan (projects, linked WordPress companies) for the delete dialog. */
  dependencias: op(dependenciasEliminacionSchema)(z.object({ id })),
  eliminar: op(conId)(z.object({ id })),
  empresas: op(z.array(empresaDePlanSchema))(z.object({ planId: id })),
  desasociar: op(conId)(z.object({ id })),
  /** WordPress-company assignment screen. */
  empresasWordpress: op(z.array(empresaWordpressSchema))(z.object({})),
  asignarEmpresa: op(empresaDePlanSchema)(z.object({ planId: id, empresaWordpressUuid: id })),
} as const;
