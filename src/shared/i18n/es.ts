/**
 * Every text shown to people, in Spanish, as the specification writes it. Screens and the api layer read
 * from here so a wording lives in one place. Functions build the texts with placeholders.
 */
export const es = {
  app: {
    nombre: 'Consola de Automatización',
    enConstruccion: 'En construcción',
    enConstruccionDetalle: 'Esta sección estará disponible próximamente.',
    cargando: 'Cargando...',
    errorInesperado: 'Error inesperado. Intenta nuevamente.',
    sinConexionServidor: 'No se pudo conectar con el servidor de la aplicación.',
    paginaNoEncontrada: 'Página no encontrada',
    volverAlInicio: 'Volver al inicio',
  },
  login: {
    saludo: 'Bienvenido',
    subtitulo: 'Inicia sesión para continuar',
    emailLabel: 'Email',
    emailPlaceholder: 'Ingresa tu email',
    passwordLabel: 'Contraseña',
    passwordPlaceholder: 'Ingresa tu contraseña',
    boton: 'Iniciar Sesión',
    botonOcupado: 'Iniciando sesión...',
    camposIncompletos: 'Por favor, completa todos los campos.',
    errorAutenticacion: 'Error de autenticación',
    credencialesInvalidas: 'Email o contraseña incorrectos.',
    errorInesperado: 'Error inesperado. Intenta nuevamente.',
    bloqueado: (minutos: number) =>
      `Demasiados intentos fallidos. Por seguridad, este email quedó bloqueado; intenta de nuevo en ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}.`,
    sesionExpirada: 'Tu sesión expiró. Inicia sesión de nuevo.',
    noAutenticado: 'No estás autenticado. Por favor, inicia sesión.',
  },
  primerAdmin: {
    titulo: 'Crear el primer administrador',
    subtitulo: 'Todavía no hay operadores. Crea la cuenta de administrador para empezar.',
    nombreLabel: 'Nombre completo',
    nombrePlaceholder: 'Ingresa tu nombre',
    emailLabel: 'Email',
    passwordLabel: 'Contraseña',
    confirmarLabel: 'Confirmar contraseña',
    boton: 'Crear administrador',
    botonOcupado: 'Creando administrador...',
    nombreObligatorio: 'El nombre es obligatorio.',
    emailInvalido: 'Ingresa un email válido.',
    noCoinciden: 'Las contraseñas no coinciden',
    coinciden: 'Las contraseñas coinciden',
    yaExiste: 'Ya existe un administrador. Inicia sesión.',
  },
  password: {
    // Strength rules of part 3 §5, checked in this order.
    minimo: 'La contraseña debe tener al menos 8 caracteres',
    minuscula: 'La contraseña debe tener al menos una letra minúscula',
    mayuscula: 'La contraseña debe tener al menos una letra mayúscula',
    numero: 'La contraseña debe tener al menos un número',
    valida: 'Contraseña válida',
  },
  shell: {
    buscarPlaceholder: 'Buscar tarea, cliente, campaña...',
    sinResultados: 'No se encontraron resultados',
    sinResultadosDetalle: 'Intenta con otros términos de búsqueda',
    tipoResultado: { cliente: 'Cliente', campana: 'Campaña', llamada: 'Llamada' } as Record<string, string>,
    notificaciones: 'Notificaciones',
    sinNotificaciones: 'No hay notificaciones',
    marcarTodasLeidas: 'Marcar todas como leídas',
    eliminarNotificacion: 'Eliminar notificación',
    administrador: 'Administrador',
    miPerfil: 'Mi Perfil',
    configuracion: 'Configuración',
    cerrarSesion: 'Cerrar Sesión',
    confirmarLogoutTitulo: '¿Estás seguro de que deseas cerrar sesión?',
    confirmarLogoutSi: 'Sí, cerrar sesión',
    cancelar: 'Cancelar',
    colapsarMenu: 'Contraer menú',
    expandirMenu: 'Expandir menú',
  },
  notificaciones: {
    campanaCercaTitulo: 'Campaña cerca del límite',
    campanaCerca: (nombre: string, consumidos: number, tope: number) =>
      `La campaña "${nombre}" consumió ${consumidos} de ${tope} minutos (80 % o más).`,
    campanaExcedidaTitulo: 'Límite de minutos excedido',
    campanaExcedida: (nombre: string, consumidos: number, tope: number) =>
      `La campaña "${nombre}" consumió ${consumidos} de ${tope} minutos. No se pueden hacer más llamadas.`,
    llamadasFallidasTitulo: 'Llamadas fallidas',
    llamadasFallidas: (n: number) =>
      n === 1 ? 'Hubo 1 llamada fallida en las últimas 24 horas.' : `Hubo ${n} llamadas fallidas en las últimas 24 horas.`,
    servicioErrorTitulo: 'Servicio con error',
    servicioError: (nombre: string, proyecto: string) => `El servicio "${nombre}" del proyecto "${proyecto}" está en error.`,
    errorCargar: 'No se pudieron cargar las notificaciones',
  },
  errores: {
    entradaInvalida: 'Los datos enviados no son válidos.',
    operacionDesconocida: 'Operación desconocida.',
    tablaDesconocida: (t: string) => `La tabla "${t}" no existe.`,
    columnaDesconocida: (t: string, c: string) => `La columna "${c}" no existe en "${t}".`,
    funcionDesconocida: (f: string) => `La función "${f}" no existe.`,
    filtroRequerido: 'Esta operación necesita un filtro.',
    llaveroNoDisponible:
      'No se encontró un llavero del sistema (Secret Service, Keychain o Credential Manager). Los secretos no se guardan en texto plano: instala o desbloquea el llavero e inténtalo de nuevo.',
    baseDeDatosEnUso: (carpeta: string) =>
      `La carpeta de datos ${carpeta} ya está en uso por otra instancia de la aplicación.`,
    requiereEscritorio: 'Esta función necesita la aplicación de escritorio o el servidor local.',
  },
  escritorio: {
    remitenteNoPermitido: 'Solicitud rechazada: no proviene de una ventana de la aplicación.',
    ajusteSecreto: (clave: string) =>
      `El ajuste "${clave}" parece un secreto. Los secretos se guardan en el llavero del sistema, nunca en los ajustes.`,
    ajustesCorruptos: 'El archivo de ajustes estaba dañado; se guardó una copia (.bak) y se empezó con ajustes vacíos.',
    enlaceNoPermitido: 'Ese enlace externo no está permitido.',
    otraInstancia: 'La aplicación ya está abierta en otra ventana.',
    errorAlIniciar: 'No se pudo iniciar la aplicación.',
  },
} as const;
