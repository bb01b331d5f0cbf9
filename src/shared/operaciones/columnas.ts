/**
 * The one way a repository writes a contract's fields as a table's columns: the field names that differ from
 * their column (camelCase fields, snake_case columns) are named once, in the repository that owns the table.
 */

/**
 * The fields given, those named in `columnaDe` under their column name. A renamed field that is undefined is
 * left out (an update writes only what it was given); the others pass as they are.
 */
export function comoColumnas<C extends object>(campos: Partial<C>, columnaDe: Partial<Record<keyof C & string, string>>): Record<string, unknown> {
  const nombres: Record<string, string | undefined> = columnaDe;
  const resto: Record<string, unknown> = {};
  const renombradas: Record<string, unknown> = {};
  for (const [campo, valor] of Object.entries(campos)) {
    const columna = Object.hasOwn(nombres, campo) ? nombres[campo] : undefined;
    if (columna === undefined) resto[campo] = valor;
    else if (valor !== undefined) renombradas[columna] = valor;
  }
  return { ...resto, ...renombradas };
}
