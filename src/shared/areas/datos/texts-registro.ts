/**
 * Texts of Configuración → Datos, part 'registro' (issue 16): the diagnostic log. Composed into
 * es.datos.registro by ./texts.ts. The lines the app itself writes to the log (start, stop, refused sign-ins, the
 * Resumen's counts) are here too, so the log reads in one language and names no person.
 */
export const registro = {
  // What a person reads in Configuración → Datos.
  noSePudoAbrir: 'No se pudo abrir el registro de diagnóstico con el visor del sistema. Usa la ruta que se muestra.',
  soloEscritorio: 'Abrir el registro con el visor del sistema solo es posible en la aplicación de escritorio.',
  noSePudoLeer: 'No se pudo leer el registro de diagnóstico.',
  // Lines of the log.
  lineas: {
    inicio: (version: string, entorno: string) => `Inicio: Consola de Automatización ${version} (${entorno})`,
    carpeta: (ruta: string) => `Carpeta de datos: ${ruta}`,
    cierre: 'Cierre de la aplicación',
    errorNoAtrapado: 'Error no atrapado',
    /** A refused sign-in or password check: the operation and the error code, never the e-mail or the password. */
    accesoRechazado: (operacion: string, codigo: string) => `Acceso rechazado: ${operacion} (${codigo})`,
    permisoDenegado: (operacion: string) => `Permiso denegado: ${operacion}`,
    /** Part 1 §7: the Resumen's loaded counts and range (a campaign id, numbers and instants; no names or phones). */
    resumenCargado: (campanaId: string | number, clientes: number, llamadas: number, desde: string | null, hasta: string | null) =>
      `Resumen: campaña ${campanaId}, ${clientes} clientes, ${llamadas} llamadas, rango ${desde ?? 'sin inicio'} – ${hasta ?? 'sin fin'}`,
  },
};
