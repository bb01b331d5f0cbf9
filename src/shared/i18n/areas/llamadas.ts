/** Spanish texts of this area, as the specification writes them. Composed into `es` by ../es.ts. */
export const llamadas = {} as const;
