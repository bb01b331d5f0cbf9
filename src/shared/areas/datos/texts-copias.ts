/** Texts of Configuración → Datos, part 'copias' (issue 16); composed into es.datos.copias by ./texts.ts. */
export const copias = {
  tipos: { diaria: 'Diaria', manual: 'Manual', 'antes-de-migrar': 'Antes de actualizar' } as Record<
    'diaria' | 'manual' | 'antes-de-migrar',
    string
  >,
  // What the activity shows while it runs.
  fases: {
    preparando: 'Preparando la copia',
    instantanea: 'Fijando el momento de la copia',
    copiando: (tabla: string) => `Copiando ${tabla}`,
    archivos: 'Copiando los documentos',
    guardando: 'Guardando el archivo',
    comprobando: 'Comprobando la copia',
    cargando: (tabla: string) => `Restaurando ${tabla}`,
    esquema: 'Restaurando la estructura de la base de datos',
    indices: 'Reconstruyendo los índices',
    revisando: 'Comparando las filas restauradas',
    abriendo: 'Abriendo los datos restaurados',
  },
  // Outcomes.
  creada: (nombre: string, filas: number, tamano: string) => `Copia creada: ${nombre} (${filas.toLocaleString('es-CO')} filas, ${tamano}).`,
  restaurada: (nombre: string) =>
    `Se restauró la copia ${nombre}. Los datos anteriores quedaron aparte (pgdata-antes-de-restaurar). Todos deben iniciar sesión de nuevo.`,
  // Refusals (a person reads them as they are).
  ajena:
    'Ese archivo no es una copia de seguridad de la Consola de Automatización. No se cambió nada.',
  danada:
    'La copia está incompleta o dañada (su contenido no coincide con la suma de comprobación). No se cambió nada.',
  formatoNuevo:
    'La copia fue creada por una versión más nueva de la aplicación. Actualiza la aplicación para restaurarla. No se cambió nada.',
  noEncontrada: 'No se encontró ese archivo de copia. No se cambió nada.',
  rutaNoAbsoluta: 'Escribe la ruta completa del archivo de copia (por ejemplo /home/usuario/copias/consola-….sql).',
  noEsDeLaLista: 'Esa copia no está en la carpeta de copias.',
  filasDistintas: (tabla: string) =>
    `La copia no se pudo restaurar completa: la tabla ${tabla} no tiene las filas que indica la copia. No se cambió nada.`,
  tablaDesconocida: (tabla: string) =>
    `La copia contiene la tabla ${tabla}, que esta versión no puede recrear. No se cambió nada.`,
  noAbre: 'Los datos restaurados no se pudieron abrir; se siguen usando los datos anteriores. No se cambió nada.',
  carpetaNoAbsoluta: 'La carpeta de copias debe ser una ruta completa (por ejemplo /home/usuario/copias).',
  carpetaNoEscribible: (carpeta: string) => `No se puede escribir en la carpeta ${carpeta}. Elige otra carpeta o revisa sus permisos.`,
  carpetaInsegura: (carpeta: string) =>
    `La carpeta ${carpeta} no es solo tuya: otros usuarios de este equipo pueden escribir en ella (o es de otro usuario). ` +
    'Elige una carpeta tuya que solo tú puedas modificar.',
  archivoNoPropio: 'Ese archivo de copia no es un archivo normal de tu usuario (es un enlace o pertenece a otro usuario). No se cambió nada.',
  deOtroEquipo: (nombre: string) =>
    `Esta copia no se creó en este equipo (o se modificó después de crearla): ${nombre} no lleva la firma de esta instalación. ` +
    'Restáurala solo si sabes de dónde viene, por ejemplo si la trajiste de tu equipo anterior.',
  migracionCambiada: (nombre: string) =>
    `No se puede copiar: el archivo de estructura ${nombre} no coincide con el que se aplicó a la base de datos.`,
  migracionFaltante: (nombre: string) => `No se puede copiar: falta el archivo de estructura ${nombre}.`,
  sinBase: 'La base de datos integrada no está abierta en este momento. Inténtalo de nuevo en unos segundos.',
  antesDeMigrarFallo: 'No se pudo crear la copia de seguridad antes de actualizar la base de datos. Libera espacio o revisa la carpeta de copias y vuelve a abrir la aplicación.',
};
