/** Spanish texts of this area, as the specification writes them. Composed into `es` by ../../i18n/es.ts. */
export const whatsappResumen = {
  titulo: 'Resumen de WhatsApp',
  buscar: 'Buscar por session_id...',
  porcentajeIa: 'Mensajes de IA',
  porcentajeHumanos: 'Mensajes humanos',
  promedio: 'Promedio de mensajes por sesión',
  delTotal: (n: number) => `${n} mensajes`,
  graficoTorta: 'Mensajes de IA vs. humanos',
  graficoBarras: 'Mensajes por día (últimos 7 días)',
  etiquetaIa: 'IA',
  etiquetaHumanos: 'Humanos',
  etiquetaMensajes: 'Mensajes',
  sesionesRecientes: 'Sesiones',
  sinDatos: 'Sin mensajes para mostrar',
} as const;
