/**
 * Texts of Configuración → Datos (issue 16): backups, restore, the move to a hosted project and the diagnostic
 * log. Composed into `es` by src/shared/i18n/es.ts. The engines in src/main (copias/, traslado/, registro/) and
 * the screens read them from here: each engine's own strings live in its texts-*.ts file, the operations' and
 * the screens' strings below.
 */
import { copias } from './texts-copias';
import { traslado } from './texts-traslado';
import { registro } from './texts-registro';

export const datos = {
  copias,
  traslado,
  registro,
  actividadEnCurso: 'Ya hay una tarea de datos en curso (copia, restauración o traslado). Espera a que termine o cancélala.',
  cancelada: 'Se canceló. No se cambió nada.',
  // Generic outcomes when something unexpected failed (the log has the details).
  falloCopia: 'No se pudo crear la copia de seguridad. Revisa el registro de diagnóstico.',
  falloRestauracion: 'No se pudo restaurar la copia. Tus datos actuales no cambiaron.',
  falloTraslado: 'No se pudo completar el traslado. Puedes reanudarlo; tus datos locales no cambiaron.',
  soloEmbebida: 'Las copias de seguridad son de la base de datos integrada. Con Supabase, usa las copias del proyecto alojado.',

  // What the operations answer (contract.ts, operations.ts).
  op: {
    trasladoNoDisponible: 'El traslado a Supabase no está disponible en esta instalación.',
    registroNoDisponible: 'El registro de diagnóstico no está disponible en esta instalación.',
    abrirSoloEscritorio: 'El registro se abre con el visor del sistema solo en la aplicación de escritorio. Aquí se muestran sus últimas líneas.',
    errorLeerCopias: 'No se pudieron leer las copias de seguridad.',
    errorGuardarAjustes: 'No se pudieron guardar los ajustes de las copias.',
    errorEliminarCopia: 'No se pudo eliminar la copia.',
    errorEstadoTraslado: 'No se pudo leer el estado del traslado.',
    errorEliminarLocales: 'No se pudieron eliminar los datos locales.',
    errorLeerRegistro: 'No se pudo leer el registro de diagnóstico.',
    errorAbrirRegistro: 'No se pudo abrir el registro de diagnóstico.',
    archivoRequerido: 'Escribe la ruta completa del archivo de la copia.',
    lineasInvalidas: 'El número de líneas debe estar entre 1 y 1000.',
  },

  // Configuración → Datos (src/renderer/features/datos).
  tab: 'Datos',
  actividad: {
    titulo: 'Tarea de datos',
    ultima: 'Última tarea de datos',
    tipos: { copia: 'Copia de seguridad', restauracion: 'Restauración', traslado: 'Traslado a Supabase' },
    estados: { en_curso: 'En curso', terminada: 'Terminada', fallida: 'Falló', cancelada: 'Cancelada' },
    preparando: 'Preparando…',
    progreso: (hechos: number, total: number) => `${hechos.toLocaleString('es-CO')} de ${total.toLocaleString('es-CO')}`,
    cancelar: 'Cancelar',
    cancelando: 'Cancelando…',
    iniciada: (inicio: string) => `Iniciada: ${inicio}`,
    terminadaEn: (fin: string) => `Terminó: ${fin}`,
    sesionTerminada: 'Los datos cambiaron: inicia sesión de nuevo.',
    errorLeer: 'No se pudo leer el estado de la tarea de datos.',
  },
  pantallaCopias: {
    titulo: 'Copias de seguridad',
    detalle:
      'Copias de la base de datos integrada en un volcado estándar de PostgreSQL: se pueden restaurar aquí o con psql, sin esta aplicación.',
    carpeta: 'Carpeta de las copias',
    predeterminada: 'Predeterminada',
    elegida: 'Elegida por ti',
    cambiarCarpeta: 'Cambiar carpeta',
    nuevaCarpeta: 'Nueva carpeta (ruta completa)',
    guardarCarpeta: 'Guardar carpeta',
    usarPredeterminada: 'Usar la predeterminada',
    cancelar: 'Cancelar',
    automaticas: 'Copias automáticas',
    automaticasDetalle:
      'Una copia diaria mientras la aplicación está abierta y otra antes de actualizar la base de datos. Se guardan las últimas 7 diarias y 4 semanales; las manuales nunca se borran solas.',
    ultimaAutomatica: 'Última automática',
    proximaAutomatica: 'Próxima automática',
    ninguna: 'Ninguna todavía',
    desactivadas: 'Desactivadas',
    ajustesGuardados: 'Ajustes de las copias guardados.',
    crearAhora: 'Crear copia ahora',
    restaurarArchivo: 'Restaurar desde un archivo',
    lista: 'Copias en la carpeta',
    vacia: 'Todavía no hay copias en esta carpeta.',
    colFecha: 'Fecha',
    colTipo: 'Tipo',
    colTamano: 'Tamaño',
    colFilas: 'Filas',
    colVersion: 'Versión',
    colAcciones: 'Acciones',
    restaurar: 'Restaurar',
    eliminar: 'Eliminar',
    restaurarCopia: (fecha: string) => `Restaurar la copia del ${fecha}`,
    eliminarCopia: (fecha: string) => `Eliminar la copia del ${fecha}`,
    confirmarRestaurarTitulo: 'Restaurar una copia',
    confirmarRestaurar: (origen: string) =>
      `Se restaurará ${origen} y reemplazará los datos actuales. Los actuales se guardan aparte (pgdata-antes-de-restaurar) hasta que la copia restaurada abra bien; si algo falla, no cambia nada.`,
    todosInicianSesion: 'Al terminar, todos los operadores deberán iniciar sesión de nuevo.',
    laCopiaDel: (fecha: string) => `la copia del ${fecha}`,
    elArchivo: (ruta: string) => `el archivo ${ruta}`,
    confirmarRestaurarBoton: 'Restaurar',
    confirmarEliminarTitulo: 'Eliminar la copia',
    confirmarEliminar: (fecha: string) => `Se borrará del disco la copia del ${fecha}. Esto no se puede deshacer.`,
    confirmarEliminarBoton: 'Eliminar copia',
    eliminada: 'Copia eliminada.',
    rutaArchivo: 'Ruta completa del archivo de la copia (.sql)',
    rutaArchivoPlaceholder: '/home/usuario/copias/consola-20261121-150000-manual.sql',
    restaurarArchivoDetalle: 'Una copia hecha por esta aplicación, de esta carpeta o de otra. Se comprueba entera antes de tocar nada.',
    continuar: 'Continuar',
    filas: (n: number) => n.toLocaleString('es-CO'),
  },
  pantallaTraslado: {
    titulo: 'Mover a Supabase',
    detalle: 'Lleva los datos de la base integrada a un proyecto de Supabase que ya tenga las migraciones de la consola.',
    proyecto: 'Proyecto de Supabase',
    proyectoDetalle: 'El proyecto configurado en Conexión, o escríbelo aquí.',
    clave: 'Clave anónima (anon key)',
    claveDetalle: 'Guardada en el llavero. Déjala en blanco para conservarla.',
    conexion: 'Cadena de conexión de la base de datos',
    conexionDetalle:
      'Supabase → Project Settings → Database → Connection string (URI), con la contraseña. Se guarda en el llavero del sistema solo hasta que termine el traslado.',
    conexionGuardada: 'Guardada en el llavero. Déjala en blanco para usar la guardada.',
    conexionPlaceholder: 'La URI de Connect, con la contraseña de la base',
    claveServicio: 'Clave service_role (para los documentos de marketing)',
    claveServicioDetalle:
      'Supabase → Project Settings → API Keys. Solo hace falta si hay documentos del agente de marketing en este equipo: los sube al bucket del proyecto. Se guarda en el llavero solo hasta que termine el traslado.',
    claveServicioGuardada: 'Guardada en el llavero. Déjala en blanco para usar la guardada.',
    claveServicioPlaceholder: 'La clave service_role del proyecto',
    queOcurre: 'Qué va a pasar',
    pasos: [
      'Se toma una copia consistente de los datos de este equipo.',
      'Se comprueba que el proyecto tenga las migraciones de la consola (supabase db push) y ningún dato propio.',
      'Se copian los datos con su progreso; si algo falla, puedes reanudar donde se quedó.',
      'Al terminar, la consola pasa a usar Supabase y todos inician sesión de nuevo.',
      'No se borra nada de este equipo hasta que tú lo pidas.',
    ],
    iniciar: 'Iniciar traslado',
    reanudar: 'Reanudar traslado',
    pendiente: (hechas: number, total: number, inicio: string) =>
      `Hay un traslado sin terminar (iniciado el ${inicio}): ${hechas} de ${total} tablas copiadas. Se reanuda donde se quedó.`,
    terminado: (fin: string) => `El traslado terminó el ${fin}. La consola usa el proyecto de Supabase.`,
    confirmarTitulo: 'Mover los datos a Supabase',
    confirmar:
      'Se copiarán los datos de este equipo al proyecto y, al terminar, la consola pasará a usar Supabase: todos deberán iniciar sesión de nuevo. Los datos locales se quedan en este equipo.',
    confirmarBoton: 'Iniciar traslado',
    eliminarLocales: 'Eliminar datos locales',
    eliminarLocalesDetalle: 'Borra de este equipo la base integrada que ya se movió. Las copias de seguridad se conservan.',
    confirmarEliminarLocalesTitulo: 'Eliminar los datos locales',
    confirmarEliminarLocales:
      'Se borrará de este equipo la base de datos integrada (los datos ya están en Supabase). Las copias de seguridad se conservan. Esto no se puede deshacer.',
    confirmarEliminarLocalesBoton: 'Eliminar datos locales',
    localesEliminados: 'Los datos locales se eliminaron de este equipo.',
    sinDatosLocales: 'Los datos de la base integrada ya no están en este equipo.',
  },
  pantallaRegistro: {
    titulo: 'Registro de diagnóstico',
    detalle: 'Lo que hizo la aplicación y lo que falló. Nunca guarda contraseñas, claves, tokens ni el texto de los mensajes.',
    archivo: 'Archivo',
    abrir: 'Abrir registro',
    abrirArchivo: 'Abrir con el visor del sistema',
    modalTitulo: 'Registro de diagnóstico (últimas 200 líneas)',
    vacio: 'El registro está vacío.',
    cerrar: 'Cerrar',
  },
};
