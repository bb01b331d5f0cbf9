/** Plans (part 2 §3, §5). */
export interface Plan {
  id: string;
  title: string;
  description: string | null;
  cost: number;
  createdAt: string;
  /** The real number of associated companies (the original always showed 0). */
  empresasAsociadas: number;
}

export interface EmpresaDePlan {
  /** The link id (planes_empresas_wordpress.id). */
  id: string;
  planId: string;
  empresaWordpressUuid: string;
  name: string;
  tableSupabase: string;
  status: boolean;
}

/** A WordPress bot company, as the assignment screen lists it. */
export interface EmpresaWordpress {
  uuid: string;
  name: string;
  tableSupabase: string;
  status: boolean;
}

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
