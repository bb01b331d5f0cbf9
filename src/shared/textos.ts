/**
 * The texts every area uses (app, menu, screens, errors, desktop), in Spanish as the specification writes them.
 * Below every area: areas, the api layer and the data layer import them from here; `es` (i18n/es.ts) gathers
 * these and every area's texts.ts for the screens.
 */
export const app = {
  nombre: 'Consola de Automatización',
  cargando: 'Cargando...',
  errorInesperado: 'Error inesperado. Intenta nuevamente.',
  sinConexionServidor: 'No se pudo conectar con el servidor de la aplicación.',
  paginaNoEncontrada: 'Página no encontrada',
  volverAlInicio: 'Volver al inicio',
  paginaNoEncontradaDetalle: 'La dirección que buscas no existe o fue movida.',
  cargandoPantalla: 'Cargando pantalla...',
} as const;

export const menu = {
  comunicacion: 'Comunicación',
  automatizacion: 'Automatización',
  gestion: 'Gestión',
  llamadas: 'Llamadas',
  whatsapp: 'Whatsapp',
  botDuda: 'Bot Duda',
  wordpress: 'WordPress',
  shopify: 'Shopify',
  agenteMarketing: 'Agente Marketing',
  planes: 'Planes',
  proyectos: 'Proyectos',
  dashboard: 'Dashboard',
  clientes: 'Clientes',
  configuracion: 'Configuración',
  conversaciones: 'Conversaciones',
  conversacionesShopify: 'Conversaciones Shopify',
  configuracionShopify: 'Configuración Shopify',
  gestionPlanes: 'Gestión de Planes',
  gestionProyectos: 'Gestión de Proyectos',
  administrarServicios: 'Administrar Servicios',
  dashboardMetricas: 'Dashboard de Métricas',
} as const;

export const pantallas = {
  resumen: 'Resumen de Llamadas',
  clientes: 'Listado de Clientes',
  campanas: 'Campañas',
  equipo: 'Clientes por Campaña',
  configuracion: 'Configuración',
  agenteMarketing: 'Agente de Marketing - Sitios Web',
  configuracionEmpresas: 'Configuración de Empresas',
  mensajesWordPress: 'Mensajes de WordPress',
  mensajesShopify: 'Mensajes de shopify',
  mensajesWhatsapp: 'Mensajes de WhatsApp',
  resumenWhatsapp: 'Resumen de WhatsApp',
  planes: 'Gestión de Planes',
  proyectos: 'Gestión de Proyectos',
  servicios: 'Administración de Servicios',
  empresas: 'Administración de Empresas',
  asignarEmpresasWordpress: 'Asignar Empresas WordPress',
  metricas: 'Dashboard de Métricas',
  canalDuda: 'Bot Duda',
  canalWordPress: 'WordPress',
  canalShopify: 'Shopify',
  canalWhatsapp: 'WhatsApp',
} as const;

export const errores = {
  entradaInvalida: 'Los datos enviados no son válidos.',
  operacionDesconocida: 'Operación desconocida.',
  tablaDesconocida: (t: string) => `La tabla "${t}" no existe.`,
  columnaDesconocida: (t: string, c: string) => `La columna "${c}" no existe en "${t}".`,
  funcionDesconocida: (f: string) => `La función "${f}" no existe.`,
  filtroRequerido: 'Esta operación necesita un filtro.',
  // Data port (SQL and Supabase executors): what a failed query tells a person.
  argumentoDesconocido: (f: string, a: string) => `La función "${f}" no tiene el parámetro "${a}".`,
  argumentoRequerido: (f: string, a: string) => `Falta el parámetro "${a}" de la función "${f}".`,
  filtroInvalido: (c: string) => `El filtro sobre "${c}" no es válido.`,
  rangoInvalido: 'El rango de filas pedido no es válido.',
  registroDuplicado: 'Ya existe un registro con esos datos.',
  registroRelacionado: 'El registro está relacionado con otros datos.',
  sinPermiso: 'No tienes permiso para esta operación.',
  alojadoSinClave:
    'Falta la clave anónima de Supabase en el llavero. Configúrala en Configuración → Conexión o vuelve a la base embebida.',
  errorDatos: 'No se pudo completar la operación con los datos. Intenta nuevamente.',
  llaveroNoDisponible:
    'No se encontró un llavero del sistema (Secret Service, Keychain o Credential Manager). Los secretos no se guardan en texto plano: instala o desbloquea el llavero e inténtalo de nuevo.',
  baseDeDatosEnUso: (carpeta: string) =>
    `La carpeta de datos ${carpeta} ya está en uso por otra instancia de la aplicación.`,
  requiereEscritorio: 'Esta función necesita la aplicación de escritorio o el servidor local.',
  origenNoPermitido: 'Solicitud rechazada: el origen no está permitido.',
  cuerpoDemasiadoGrande: 'La solicitud es demasiado grande.',
  // HTTP host (serve.ts): what a refused request tells the person (or the program) that sent it.
  hostNoPermitido:
    'Solicitud rechazada: este servidor no atiende esa dirección. Usa 127.0.0.1, localhost o un nombre configurado para el portal.',
  demasiadosIntentosDireccion:
    'Demasiados intentos de inicio de sesión desde esta dirección. Espera un minuto e inténtalo de nuevo.',
  servidorOcupado: 'El servidor está ocupado atendiendo otras solicitudes. Inténtalo de nuevo en unos segundos.',
  alojadoSinPrimerAdmin:
    'Con Supabase alojado, los operadores se invitan desde el panel de Supabase; inicia sesión con tu cuenta.',
  servidorDatosNoDisponible: 'No se pudo conectar con el servidor de datos.',
  funcionNoDisponible: (nombre: string) => `No se pudo usar la función «${nombre}» del servidor de datos.`,
  sinPerfilOperador: 'Este usuario no tiene un perfil de operador en este proyecto.',
} as const;

export const escritorio = {
  remitenteNoPermitido: 'Solicitud rechazada: no proviene de una ventana de la aplicación.',
  ajusteSecreto: (clave: string) =>
    `El ajuste "${clave}" parece un secreto. Los secretos se guardan en el llavero del sistema, nunca en los ajustes.`,
  ajustesCorruptos: 'El archivo de ajustes estaba dañado; se guardó una copia (.bak) y se empezó con ajustes vacíos.',
  ajustesUnidos: (antiguo: string, nuevo: string, cuantos: number) =>
    `Los ajustes de ${antiguo} pasaron a ${nuevo} (${cuantos} ${cuantos === 1 ? 'ajuste' : 'ajustes'}); ${antiguo} se eliminó.`,
  ajusteNoUnido: (clave: string, antiguo: string) => `El ajuste "${clave}" de ${antiguo} no se copió: parece un secreto o no es válido.`,
  ajustesAntiguosDanados: (antiguo: string) => `El archivo ${antiguo} estaba dañado; se guardó como ${antiguo}.bak y no se copió nada de él.`,
  enlaceNoPermitido: 'Ese enlace externo no está permitido.',
  otraInstancia: 'La aplicación ya está abierta en otra ventana.',
  errorAlIniciar: 'No se pudo iniciar la aplicación.',
} as const;
