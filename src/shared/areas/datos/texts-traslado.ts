/** Texts of Configuración → Datos, part 'traslado' (issue 16); composed into es.datos.traslado by ./texts.ts. */
export const traslado = {
  // Phases of the activity (what the screen shows while it runs).
  fases: {
    comprobando: 'Comprobando el proyecto de Supabase',
    instantanea: 'Tomando una instantánea de los datos locales',
    leyendo: 'Comprobando la instantánea',
    preparando: 'Preparando el proyecto de Supabase',
    copiando: (tabla: string) => `Copiando ${tabla}`,
    secuencias: 'Ajustando los contadores',
    usuarios: 'Preparando el acceso de los operadores',
    verificando: 'Comparando las filas copiadas',
    archivos: 'Subiendo los documentos de marketing',
    cambiando: 'Cambiando la aplicación a Supabase',
  },
  // Refusals before anything is written (AppError, shown as they are).
  sinProyecto: 'Primero indica el proyecto de Supabase (su dirección y su clave anónima).',
  sinClaveAnonima: 'Falta la clave anónima (anon key) del proyecto de Supabase.',
  sinConexion: 'Falta la cadena de conexión a la base de datos del proyecto (Supabase → Project Settings → Database).',
  // No example URL in these texts: the web build must hold no database address at all (portal-estatico.spec).
  conexionInvalida:
    'La cadena de conexión no es válida. Copia la URI que muestra Supabase en Connect: empieza por «postgresql», lleva el usuario, la contraseña de la base y la dirección db.<ref>.supabase.co o la del pooler.',
  otroProyecto:
    'La cadena de conexión es de otro proyecto de Supabase: su identificador no coincide con la dirección del proyecto configurado.',
  soloEmbebida: 'El traslado copia la base de datos integrada: abre la aplicación con la base integrada para iniciarlo.',
  yaTerminado: 'Los datos ya se trasladaron a Supabase.',
  noSeConecta:
    'No se pudo conectar con la base de datos del proyecto. Revisa la cadena de conexión y tu conexión a internet ' +
    '(si tu red no tiene IPv6, usa la cadena «Session pooler» de Supabase → Connect).',
  certificadoNoValido:
    'El servidor no pudo demostrar que es la base de datos indicada (su certificado no es válido para esa dirección). ' +
    'No se le envió la contraseña. Revisa la cadena de conexión.',
  sinTls: 'El servidor no acepta conexiones cifradas (TLS). No se le envió la contraseña.',
  faltaCa:
    'Este servidor no es de Supabase: para verificarlo, añade a la cadena de conexión sslrootcert= con la ruta completa ' +
    'del certificado de su autoridad (CA, archivo PEM). Sin él no se envía la contraseña.',
  caIlegible: 'No se pudo leer el certificado de la autoridad (CA) que indica sslrootcert: debe ser un archivo PEM legible.',
  contrasenaEnClaro:
    'El servidor pidió la contraseña sin cifrar (o como MD5) y no se le envió. La consola solo entrega la contraseña con SCRAM-SHA-256.',
  autenticacion: 'La base de datos del proyecto rechazó el usuario o la contraseña de la cadena de conexión.',
  sinMigraciones: (faltan: string) =>
    `El proyecto de Supabase no tiene las migraciones de la consola (falta ${faltan}). ` +
    'Aplícalas con «supabase db push» desde la carpeta del proyecto y vuelve a intentarlo.',
  conDatos: (tablas: string) =>
    `El proyecto de Supabase ya tiene datos de la consola (${tablas}). ` +
    'El traslado solo copia a un proyecto sin datos, para no mezclar ni borrar nada.',
  usuarioRepetido:
    'En el proyecto de Supabase ya existe un usuario con el correo de un operador que se está copiando. ' +
    'Elimínalo desde el panel de Supabase (Authentication → Users) y reanuda el traslado.',
  sinPermiso: 'El usuario de la cadena de conexión no tiene permiso para escribir en esas tablas. Usa el usuario postgres del proyecto.',
  instantaneaDañada: 'La instantánea guardada del traslado no se pudo leer; se tomará una nueva.',
  diferencias: (tablas: string) =>
    `Después de copiar, el número de filas no coincide en: ${tablas}. Puedes reanudar el traslado para reintentarlo.`,
  noTerminado: 'Solo se pueden eliminar los datos locales después de un traslado terminado y con la aplicación usando Supabase.',
  // Outcomes.
  terminado: (filas: string) => `Traslado terminado: ${filas} filas copiadas. La aplicación ya usa Supabase; inicia sesión de nuevo.`,
  terminadoSinCambio: (filas: string) =>
    `Se copiaron ${filas} filas a Supabase, pero la aplicación no pudo abrir el proyecto y sigue con la base integrada. ` +
    'Revisa Configuración → Conexión y cámbiala a Supabase cuando el proyecto responda.',
  cambiosDespues: (tablas: string) =>
    ` Ojo: después de iniciar el traslado cambiaron datos locales (${tablas}); esos cambios no se copiaron.`,
  archivosNoCopiados:
    ' Los documentos de marketing guardados en este equipo no se copiaron (falta la clave service_role del proyecto): siguen en este equipo; súbelos de nuevo desde la aplicación.',
  archivosCopiados: (n: number) => ` Se subieron ${n} documentos de marketing al bucket del proyecto.`,
  claveServicioInvalida: 'La clave service_role no es válida: cópiala de Supabase → Project Settings → API Keys (empieza por «eyJ»).',
  claveServicioRechazada: 'El almacenamiento del proyecto rechazó la clave service_role: cópiala de nuevo de Supabase → Project Settings → API Keys.',
  sinBucket: 'El proyecto no tiene el bucket de los documentos de marketing: aplica las migraciones con «supabase db push» y reanuda el traslado.',
  archivoNoSubido: (ruta: string, status: number) => `No se pudo subir el documento ${ruta} al almacenamiento del proyecto (HTTP ${status}). Reanuda el traslado para reintentarlo.`,
};
