// Each area's operations: op<Output>()(zodInputSchema, { public?: true }). See ../define.ts.
/** Chat-bot companies per channel, message browsers, WhatsApp summary (issue: bot channels). */
export const bots = {} as const;
export const mensajes = {} as const;
export const whatsappResumen = {} as const;
