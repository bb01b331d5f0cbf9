/** Gestión de Planes (part 2 §2, §5, §8) and the WordPress companies linked to a plan. */
import { z } from 'zod';
import { op } from '../../contract/define';
import { id } from '../../contract/campos';
import type { DependenciasEliminacion } from '../proyectos/rules';
import type { EmpresaDePlan, EmpresaWordpress, Plan } from './rules';
import { planes as tpl } from './texts';

const planCampos = z
  .object({
    title: z.string().max(200),
    description: z.string().max(2000),
    cost: z.coerce.number({ message: tpl.camposIncompletos }),
  })
  .refine((p) => p.title.trim() !== '' && p.description.trim() !== '' && Number.isFinite(p.cost) && p.cost > 0, { message: tpl.camposIncompletos });

export const planes = {
  listar: op<Plan[]>()(z.object({})),
  crear: op<Plan>()(planCampos),
  actualizar: op<Plan>()(z.intersection(z.object({ id }), planCampos)),
  /** What depends on the plan (projects, linked WordPress companies) for the delete dialog. */
  dependencias: op<DependenciasEliminacion>()(z.object({ id })),
  eliminar: op<{ id: string }>()(z.object({ id })),
  empresas: op<EmpresaDePlan[]>()(z.object({ planId: id })),
  desasociar: op<{ id: string }>()(z.object({ id })),
  /** WordPress-company assignment screen. */
  empresasWordpress: op<EmpresaWordpress[]>()(z.object({})),
  asignarEmpresa: op<EmpresaDePlan>()(z.object({ planId: id, empresaWordpressUuid: id })),
} as const;
