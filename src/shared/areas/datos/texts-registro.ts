/** Texts of Configuración → Datos, part 'registro' (issue 16); composed into es.datos.registro by ./texts.ts. */
export const registro = {};
