/** Spanish texts of this area, as the specification writes them. Composed into `es` by ../es.ts. */
export const bots = {} as const;
export const mensajes = {} as const;
export const whatsappResumen = {} as const;
