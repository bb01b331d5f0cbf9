/** Spanish texts of the company portal. Composed into `es` by ../es.ts. */
export const portal = {
  accesoEmpresa: 'Acceso Empresa',
  servicios: 'Servicios de la Empresa',
  equipo: 'Llamadas de la Campaña',
  conversaciones: 'Conversaciones WhatsApp',
} as const;
