/** Texts of Configuración → Datos, part 'traslado' (issue 16); composed into es.datos.traslado by ./texts.ts. */
export const traslado = {};
