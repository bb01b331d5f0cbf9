/** Texts of Configuración → Datos, part 'copias' (issue 16); composed into es.datos.copias by ./texts.ts. */
export const copias = {};
