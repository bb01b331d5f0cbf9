/** Spanish texts of this area, as the specification writes them. Composed into `es` by ../es.ts. */
export const proyectos = {} as const;
export const servicios = {} as const;
export const empresas = {} as const;
export const planes = {} as const;
export const metricas = {} as const;
