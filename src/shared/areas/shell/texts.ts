/** Texts of the header (search, notifications, user menu). Composed into `es` by src/shared/i18n/es.ts. */
export const shell = {
  /** Names of the pagination buttons for screen readers (their faces are arrows and numbers). */
  /** The close button of a toast, for screen readers (not 'Cerrar': dialogs own that name). */
  descartarAviso: 'Descartar notificación',
  paginacion: {
    first: 'Primera página',
    previous: 'Página anterior',
    next: 'Página siguiente',
    last: 'Última página',
    pagina: (n: number) => `Página ${n}`,
  },
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
  confirmar: 'Confirmar',
  colapsarMenu: 'Contraer menú',
  expandirMenu: 'Expandir menú',
  buscarEtiqueta: 'Buscar',
  buscando: 'Buscando...',
  resultadosBusqueda: 'Resultados de búsqueda',
  usuario: 'Usuario',
  menuUsuario: 'Menú de usuario',
  abrirNavegacion: 'Abrir navegación',
  cerrarNavegacion: 'Cerrar navegación',
  noLeidas: (n: number) => (n === 1 ? '1 sin leer' : `${n} sin leer`),
  todasLeidas: 'Estás al día',
  errorNotificacion: 'No se pudo actualizar la notificación.',
  errorEliminarNotificacion: 'No se pudo eliminar la notificación.',
  navegacionPrincipal: 'Navegación principal',
  /** In the header while live updates cannot come (issue 22 §3): the screens refresh every `segundos` instead. */
  sinEnVivo: (segundos: number) => `Sin actualizaciones en vivo: se actualiza cada ${segundos} s`,
  sinEnVivoDetalle: 'Los cambios no llegan al momento: el canal en vivo no está disponible. Las pantallas se refrescan solas mientras tanto.',
} as const;

export const notificaciones = {
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
} as const;
