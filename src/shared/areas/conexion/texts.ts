/** Texts of the automation connections. Composed into `es` by src/shared/i18n/es.ts. */
export const conexion = {
  nombres: {
    llamadaSaliente: 'Webhook de llamadas salientes',
    flujoBots: 'Webhook de creación de flujos (WordPress, Shopify, Duda)',
    flujoWhatsapp: 'Webhook de creación de flujos de WhatsApp',
    agentesBase: 'Base de webhooks de los agentes',
    analisisArchivo: 'Webhook de análisis de documentos',
    analisisScraping: 'Webhook de análisis de sitios web',
  },
  autenticacion: {
    ninguna: 'Sin autenticación',
    bearer: 'Token Bearer',
    basic: 'Usuario y contraseña (Basic)',
    cabeceras: 'Cabeceras personalizadas',
  },
  webhookSinConfigurar: (nombre: string) => `Falta configurar: ${nombre}. Configúralo en Configuración → Conexión.`,
  webhookNoResponde: (nombre: string) => `No se pudo conectar con ${nombre}. Verifica la dirección y la conexión.`,
  webhookTiempoAgotado: (nombre: string) => `${nombre} no respondió a tiempo.`,
  urlInvalida: 'La dirección debe ser una URL completa que empiece por http:// o https://.',
  webhookDesconocido: 'Ese webhook no existe.',
  secretoFaltante: 'Falta la credencial para el tipo de autenticación elegido.',
  cabecerasInvalidas: 'Las cabeceras deben ser pares nombre: valor válidos.',
  guardado: 'Conexión guardada.',
} as const;
