// Each area's operations: op<Output>()(zodInputSchema, { public?: true }). See ../define.ts.
/** Marketing agent, settings, password change (issue: marketing/settings). */
export const marketing = {} as const;
export const configuracion = {} as const;
