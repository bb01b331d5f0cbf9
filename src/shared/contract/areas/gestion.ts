// Each area's operations: op<Output>()(zodInputSchema, { public?: true }). See ../define.ts.
/** Projects, service provisioning, catalogue, client companies, plans, metrics (issue: projects). */
export const proyectos = {} as const;
export const servicios = {} as const;
export const empresas = {} as const;
export const planes = {} as const;
export const metricas = {} as const;
