/** Spanish texts of this area, as the specification writes them. Composed into `es` by ../../i18n/es.ts. */

/** Shared by the screens of projects, services, client companies and plans (confirmation dialog, buttons). */
export const confirmacion = {
  titulo: '¿Estás seguro?',
  eliminar: (nombre: string) => `¿Deseas eliminar "${nombre}"? Esta acción no se puede deshacer.`,
  si: 'Sí, eliminar',
  cancelar: 'Cancelar',
} as const;

/**
 * The delete dialog of what may be in use (plans, client companies, projects): what depends on the record
 * and what will happen to it, under the §8 question.
 */
export const eliminacion = {
  cargando: 'Buscando lo que depende de este registro...',
  errorCargar: 'No se pudo consultar lo que depende de este registro. Cierra el diálogo e inténtalo de nuevo.',
  queOcurrira: 'Qué ocurrirá al eliminarlo:',
  nadaDepende: 'Ningún otro registro depende de este.',
  planProyectos: (n: number) =>
    n === 1 ? 'Un proyecto usa este plan y quedará «Sin plan»:' : `${n} proyectos usan este plan y quedarán «Sin plan»:`,
  planEmpresasWordpress: (n: number) =>
    n === 1
      ? 'Se quitará la empresa WordPress asociada a este plan (la empresa no se elimina):'
      : `Se quitarán las ${n} empresas WordPress asociadas a este plan (las empresas no se eliminan):`,
  empresaProyectos: (n: number) =>
    n === 1
      ? 'Un proyecto es de esta empresa y quedará sin empresa (el portal deja de mostrar sus servicios):'
      : `${n} proyectos son de esta empresa y quedarán sin empresa (el portal deja de mostrar sus servicios):`,
  empresaBots: (n: number) =>
    n === 1
      ? 'Una empresa de bot está vinculada a esta empresa y quedará sin empresa cliente (sigue activa):'
      : `${n} empresas de bot están vinculadas a esta empresa y quedarán sin empresa cliente (siguen activas):`,
  empresaPortal: 'Su portal de acceso (/accesoempresas/…) dejará de existir: se borran sus credenciales y se cierran sus sesiones abiertas.',
  proyectoServicios: (n: number) => (n === 1 ? 'Se eliminará su servicio:' : `Se eliminarán sus ${n} servicios:`),
  proyectoDesactivar: (n: number) =>
    n === 1
      ? 'Se desactivará la empresa de bot que solo usa este proyecto (su webhook deja de estar activo en la consola):'
      : `Se desactivarán las ${n} empresas de bot que solo usa este proyecto (sus webhooks dejan de estar activos en la consola):`,
  proyectoConservar: (n: number) =>
    n === 1
      ? 'Seguirá activa la empresa de bot que también usan otros proyectos:'
      : `Seguirán activas las ${n} empresas de bot que también usan otros proyectos:`,
  proyectoCampanas: (n: number) =>
    n === 1 ? 'Se conserva su campaña de llamadas:' : `Se conservan sus ${n} campañas de llamadas:`,
  empresaBot: (nombre: string, canal: string, tabla: string) => `${nombre} · ${canal} (${tabla})`,
  servicio: (nombre: string, tipo: string) => `${nombre} (${tipo})`,
  empresaWordpress: (nombre: string, tabla: string) => `${nombre} (${tabla})`,
  desactivadas: (n: number) =>
    n === 1 ? 'Se desactivó 1 empresa de bot que solo usaba este proyecto.' : `Se desactivaron ${n} empresas de bot que solo usaba este proyecto.`,
} as const;

export const proyectos = {
  titulo: 'Gestión de Proyectos',
  subtitulo: 'Proyectos de automatización, sus planes, empresas y servicios.',
  confirmacion,
  eliminacion,
  // Header buttons.
  botonMetricas: 'Métricas',
  botonServicios: 'Administrar Servicios',
  botonEmpresas: 'Administrar Empresas',
  botonAsignarWordpress: 'Asignar Empresas WordPress',
  botonNuevo: 'Nuevo Proyecto',
  // Table.
  colProyecto: 'Proyecto',
  colPlan: 'Plan',
  colServicios: 'Servicios',
  colEstado: 'Estado',
  colAcciones: 'Acciones',
  sinPlan: 'Sin plan',
  sinServicios: 'Sin servicios',
  vacio: 'No hay proyectos registrados',
  cargando: 'Cargando proyectos...',
  accionEditar: 'Editar',
  accionServicios: 'Gestionar servicios',
  accionDetalles: 'Ver detalles',
  accionEliminar: 'Eliminar',
  // Form.
  modalNuevo: 'Nuevo Proyecto',
  modalEditar: 'Editar Proyecto',
  campoNombre: 'Nombre',
  campoPlan: 'Plan',
  campoDescripcion: 'Descripción',
  campoEmpresa: 'Empresa',
  campoEstado: 'Estado',
  campoFechaInicio: 'Fecha de inicio',
  campoFechaFin: 'Fecha de fin',
  placeholderPlan: 'Selecciona un plan',
  placeholderEmpresa: 'Selecciona una empresa',
  nombreObligatorio: 'El nombre es obligatorio',
  planObligatorio: 'El plan es obligatorio',
  descripcionObligatoria: 'La descripción es obligatoria',
  empresaObligatoria: 'La empresa es obligatoria',
  estadoObligatorio: 'El estado es obligatorio',
  fechasInvalidas: 'La fecha de fin no puede ser anterior a la fecha de inicio',
  guardar: 'Guardar',
  crear: 'Crear',
  actualizar: 'Actualizar',
  guardando: 'Guardando...',
  cancelar: 'Cancelar',
  // Status labels (§4) and their descriptions.
  estados: {
    activo: 'Activo',
    inactivo: 'Inactivo',
    en_proceso: 'En Proceso',
    completado: 'Completado',
    cancelado: 'Cancelado',
    pausado: 'Pausado',
  },
  estadosDescripcion: {
    activo: 'funcionando normalmente',
    inactivo: 'pausado temporalmente',
    en_proceso: 'siendo implementado',
    completado: 'finalizado exitosamente',
    cancelado: '',
    pausado: 'temporalmente suspendido',
  },
  estadosServicio: {
    activo: 'Activo',
    inactivo: 'Inactivo',
    en_proceso: 'En Proceso',
    completado: 'Completado',
    mantenimiento: 'Mantenimiento',
    error: 'Error',
  },
  // §8.
  errorCargaTitulo: 'Error de Carga',
  errorCarga: 'No se pudieron cargar los datos',
  errorGuardarTitulo: 'Error al Guardar',
  errorGuardar: 'No se pudo guardar el proyecto',
  errorActualizarTitulo: 'Error al Actualizar',
  errorActualizar: 'No se pudieron aplicar los cambios',
  errorEliminarTitulo: 'Error al Eliminar',
  errorEliminar: 'No se pudo eliminar el proyecto',
  errorEliminarServicio: 'No se pudo eliminar el servicio',
  creado: 'Proyecto creado correctamente',
  actualizado: 'Proyecto actualizado correctamente',
  eliminado: 'Proyecto eliminado correctamente',
  serviciosActualizados: 'Servicios actualizados correctamente',
  servicioEliminado: 'Servicio eliminado correctamente',
  noEncontrado: 'Proyecto no encontrado',
  servicioNoEncontrado: 'Servicio no encontrado',
  sinEmpresaWordpress: 'No se seleccionó ninguna empresa WordPress',
  // Details.
  detallesTitulo: (nombre: string) => `Detalles: ${nombre}`,
  detallesInformacion: 'Información',
  detallesHistorial: 'Historial de estados',
  detallesSinHistorial: 'Sin cambios de estado registrados',
  detallesServiciosPorEstado: 'Servicios por estado',
  detallesServiciosPorCategoria: 'Servicios por categoría',
  detallesTiempoVida: 'Tiempo de vida',
  detallesProgresoEstimado: 'Progreso estimado',
  detallesHitos: 'Próximos hitos',
  detallesSinHitos: 'Sin hitos próximos',
  hitoRevision: (servicio: string) => `Revisión de ${servicio}`,
  hitoFin: 'Fecha de fin del proyecto',
  hitoTipo: { deadline: 'Fecha límite', review: 'Revisión' },
  dias: (n: number) => `${n} ${n === 1 ? 'día' : 'días'}`,
  cambioEstado: (anterior: string | null, nuevo: string) => (anterior ? `${anterior} → ${nuevo}` : `Creado como ${nuevo}`),
  usuarioDesconocido: 'Sistema',
  fechaInicio: 'Inicio',
  fechaFin: 'Fin',
  sinFecha: 'N/A',
  // Manage services (§2, §5).
  gestionarTitulo: 'Gestionar Servicios',
  gestionarSubtitulo: (nombre: string) => `Proyecto: ${nombre}`,
  disponibles: 'Servicios disponibles',
  adjuntos: 'Servicios del proyecto',
  sinAdjuntos: 'Este proyecto aún no tiene servicios',
  yaAgregado: 'Ya agregado',
  nombreInstancia: 'Nombre de la instancia',
  nombreCampana: 'Nombre de la campaña',
  empresaWhatsapp: 'Empresa de WhatsApp',
  empresaWhatsappNueva: 'Crear una empresa nueva',
  empresaWhatsappAyuda: 'Elige una empresa existente para reutilizar su tabla y su flujo, o crea una nueva.',
  aplicar: 'Aplicar Cambios',
  aplicando: 'Aplicando cambios...',
  errorValidacionTitulo: 'Error de Validación',
  nombreInstanciaObligatorio: 'El nombre de la instancia es obligatorio',
  nombreInstanciaInvalido:
    'El nombre de la instancia debe tener al menos 5 caracteres y no puede contener caracteres especiales',
  nombreCampanaInvalido: 'El nombre de la campaña debe tener al menos 5 caracteres',
  ningunServicio: 'Selecciona al menos un servicio para agregar.',
  progresoAprovisionamiento: (hechos: number, total: number) => `Aprovisionando ${hechos} de ${total}...`,
  aprovisionando: (nombre: string) => `Aprovisionando ${nombre}...`,
  aprovisionamientoIncompleto: 'Configuración incompleta',
  aprovisionamientoCompleto: 'Configurado',
  completarAprovisionamiento: 'Completar aprovisionamiento',
  reintentando: 'Completando aprovisionamiento...',
  aprovisionamientoCompletado: 'Aprovisionamiento completado',
  algunosFallaron: (n: number) =>
    `${n === 1 ? 'Un servicio quedó' : `${n} servicios quedaron`} con configuración incompleta. Puedes completar el aprovisionamiento más tarde.`,
  tabla: 'Tabla',
  webhook: 'Webhook',
  campana: 'Campaña',
  minutosTope: (m: number) => `${m} minutos`,
  reutiliza: (tabla: string) => `Comparte la tabla ${tabla}`,
  tipos: {
    bot_wordpress: 'Bot WordPress',
    bot_shopify: 'Bot Shopify',
    bot_duda: 'Bot Duda',
    whatsapp: 'WhatsApp',
    llamadas: 'Llamadas',
  } as Record<string, string>,
  // Provisioning (§7, §8).
  errorHttp: (status: number) => `Error HTTP: ${status}`,
  errorFlujo: 'No se pudo crear el flujo en N8N. Verifica la conexión.',
  detalle: (d: string) => `Detalle: ${d}`,
  errorTabla: (tabla: string) => `No se pudo crear la tabla ${tabla} en Supabase`,
  tablaManual: (tabla: string) =>
    `La tabla ${tabla} no se pudo crear automáticamente. Ejecuta este SQL manualmente en Supabase:`,
  sinTipoAprovisionable: 'Este servicio no necesita aprovisionamiento.',
  empresaWhatsappNoEncontrada: 'La empresa de WhatsApp elegida no existe o está desactivada.',
} as const;
