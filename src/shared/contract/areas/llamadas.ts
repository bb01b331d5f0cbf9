// Each area's operations: op<Output>()(zodInputSchema, { public?: true }). See ../define.ts.
/** Outbound call campaigns: campaigns, clients, CSV import, calling, call history, summary (issue: calls). */
export const llamadas = {} as const;
