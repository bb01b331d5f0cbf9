// Each area's operations: op<Output>()(zodInputSchema, { public?: true }). See ../define.ts.
/** Company portal operations (issue: portal). Public operations derive the company from the portal token. */
export const portal = {} as const;
