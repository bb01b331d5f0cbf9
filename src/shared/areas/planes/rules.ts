/** Plans (part 2 §3, §5). The answers' schemas are the contract's. */
import type { z } from 'zod';
import type { empresaDePlanSchema, empresaWordpressSchema, planSchema } from './contract';

export type Plan = z.infer<typeof planSchema>;

export type EmpresaDePlan = z.infer<typeof empresaDePlanSchema>;

/** A WordPress bot company, as the assignment screen lists it. */
export type EmpresaWordpress = z.infer<typeof empresaWordpressSchema>;

/** §5: title and description non-blank and cost greater than 0. */
export function planValido(p: { title: string; description: string; cost: number | string | null | undefined }): boolean {
  const cost = typeof p.cost === 'string' ? Number(p.cost) : p.cost;
  return p.title.trim() !== '' && p.description.trim() !== '' && typeof cost === 'number' && Number.isFinite(cost) && cost > 0;
}

/** '$' + two decimals. */
export function formatoCosto(cost: number | string): string {
  const n = Number(cost);
  return `$${(Number.isFinite(n) ? n : 0).toFixed(2)}`;
}
