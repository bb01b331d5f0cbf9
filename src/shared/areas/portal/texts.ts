/**
 * Spanish texts of the company portal. Composed into `es` by ../../i18n/es.ts. The portal's own bundle imports this
 * module (and the messages texts) directly instead of the whole `es`, to keep its first load small.
 */
export const portal = {
  accesoEmpresa: 'Acceso Empresa',
  servicios: 'Servicios de la Empresa',
  equipo: 'Llamadas de la Campaña',
  conversaciones: 'Conversaciones WhatsApp',

  // Login
  loginSubtitulo: 'Ingresa con el usuario y la contraseña que te entregó la agencia.',
  usuario: 'Usuario',
  usuarioPlaceholder: 'usuario_tu_empresa',
  contrasena: 'Contraseña',
  contrasenaPlaceholder: 'Ingresa tu contraseña',
  ingresar: 'Ingresar',
  ingresando: 'Ingresando...',
  camposIncompletos: 'Ingresa tu usuario y tu contraseña.',
  usuarioDemasiadoLargo: 'El usuario es demasiado largo (máximo 200 caracteres).',
  contrasenaDemasiadoLarga: 'La contraseña es demasiado larga (máximo 200 caracteres).',
  credencialesInvalidas: 'Usuario o contraseña incorrectos',
  bloqueada: (minutos: number) =>
    `Demasiados intentos fallidos. Por seguridad el acceso quedó bloqueado; intenta de nuevo en ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}.`,
  demasiadosIntentosAhora: 'Hay demasiados intentos de acceso a esta empresa en este momento. Espera un minuto e inténtalo de nuevo.',
  inactiva: 'El acceso de esta empresa está desactivado. Comunícate con la agencia.',
  enlaceInvalido: 'El enlace de acceso no es válido. Pide a la agencia el enlace de tu empresa.',
  sesionExpirada: 'Tu sesión expiró. Inicia sesión de nuevo.',
  sinSesion: 'Inicia sesión para continuar.',
  cerrarSesion: 'Cerrar sesión',
  errorCargar: 'No se pudieron cargar los datos. Intenta nuevamente.',
  portalSinServidor: 'El portal no está disponible en esta instalación: falta el servidor de datos.',

  // Navigation
  navServicios: 'Servicios',
  navConversaciones: 'Conversaciones',
  navLlamadas: 'Llamadas',
  bienvenida: (nombre: string) => `Hola, ${nombre}`,

  // Services
  serviciosSubtitulo: 'Los servicios que la agencia tiene asignados a tu empresa.',
  sinServicios: 'Tu empresa no tiene servicios asignados todavía.',
  columnaServicio: 'Servicio',
  columnaTipo: 'Tipo',
  columnaProyecto: 'Proyecto',
  columnaEstado: 'Estado',
  columnaDesde: 'Desde',
  verLlamadas: 'Ver llamadas',
  verConversaciones: 'Ver conversaciones',
  estados: {
    activo: 'Activo',
    inactivo: 'Inactivo',
    en_proceso: 'En proceso',
    completado: 'Completado',
    mantenimiento: 'Mantenimiento',
    error: 'Error',
  } as Record<string, string>,

  // Campaign
  campanaNoEncontrada: 'La campaña no existe o no pertenece a tu empresa.',
  volverServicios: 'Volver a servicios',
  consumo: 'Consumo de minutos',
  minutosDe: (usados: number, tope: number) => (tope > 0 ? `${usados} de ${tope} minutos` : `${usados} minutos (sin tope)`),
  totalLlamadas: 'Llamadas realizadas',
  totalClientes: 'Clientes',
  estadosLlamadas: 'Estados de las llamadas',
  sinLlamadas: 'Todavía no hay llamadas en esta campaña.',
  buscarClientes: 'Buscar por nombre, teléfono o email...',
  sinClientes: 'No hay clientes en esta campaña.',
  sinClientesBusqueda: 'Ningún cliente coincide con la búsqueda.',
  columnaCliente: 'Cliente',
  columnaTelefono: 'Teléfono',
  columnaEmail: 'Email',
  columnaUltimoEstado: 'Estado de la llamada',
  columnaUltimaLlamada: 'Última llamada',
  columnaLlamadas: 'Llamadas',
  sinLlamar: 'Sin llamar',
  soloLectura: 'Solo lectura',
  mostrandoClientes: (a: number, b: number, n: number) => `Mostrando ${a}-${b} de ${n} clientes`,

  // Conversations
  sinTablas: 'Tu empresa no tiene bots de WhatsApp asignados.',
  tablaNoEncontrada: 'La tabla no pertenece a tu empresa.',
  bot: 'Bot de WhatsApp',
} as const;
