/**
 * The client row (part 1 §3, §5), declared ONCE: the zod schema `datosCliente`. Each column says its type
 * (text, or text stored as null when empty) and, in the `columnasCsv` registry, the CSV headers that name it
 * and how its cell is normalised. Everything else derives from it:
 * - `FilaImportacion` and `filasDeCliente`: CSV rows as importarClientes receives them (cleaned on parse);
 * - the CSV parser's header lookup, checks and row values (csv.ts);
 * - the contract's `Cliente` and the create/update input (contract.ts);
 * - the repository's column list, row mapping and import rows (repository.ts); the import's SQL function
 *   takes whichever text columns `clientes` has (20261128000600_importar_clientes_jsonb.sql).
 * A new column is one line here, its migration, and where the screens show it (docs/DEVELOPING.md).
 */
import { z } from 'zod';
import { telefonoCanonico } from '../../domain/telefonos';
import { errores } from "../../textos";

export const CSV_MAX_FILAS = 100_000;
export const CSV_MAX_CAMPO = 500;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const CONTROLES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Text safe for the database: no NUL or other control characters (except tab), trimmed. */
export function limpiarCampo(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value ?? '');
  // Nearly every cell of a real file is clean: test first, rewrite only when needed (600,000 cells).
  return (CONTROL.test(text) ? text.replace(CONTROLES, '') : text).trim();
}

/** Lower-case e-mail of a cell already cleaned by limpiarCampo. */
const emailDeLimpio = (limpio: string) => limpio.toLowerCase();
/** Phone of a cell already cleaned by limpiarCampo, as every path stores it (telefonoCanonico: no spaces, '(', ')', '.', '-'). */
const telefonoDeLimpio = telefonoCanonico;

export function normalizarEmail(email: string): string {
  return emailDeLimpio(limpiarCampo(email));
}

export function normalizarTelefono(telefono: string): string {
  return telefonoDeLimpio(limpiarCampo(telefono));
}

/** What the CSV import knows of a column besides its type. */
export interface ColumnaCsv {
  /** Header names that mean this column, as a header cell reads lower-cased without accents, spaces, '-' or '_'. */
  encabezados: readonly string[];
  /** Part of the duplicate key (email + telefono): a row without it is skipped. */
  clave?: true;
  /** The value of an already cleaned cell (default: the cleaned cell itself). */
  normalizar?: (limpio: string) => string;
}

export const columnasCsv = z.registry<ColumnaCsv>();

/** The client's own columns, in the order of a CSV file's usual header. Nullable = optional, stored null when empty. */
export const datosCliente = z.object({
  nombre: z.string().register(columnasCsv, { encabezados: ['nombre'] }),
  apellido: z.string().register(columnasCsv, { encabezados: ['apellido'] }),
  email: z.string().register(columnasCsv, { encabezados: ['email', 'correo', 'correoelectronico'], clave: true, normalizar: emailDeLimpio }),
  telefono: z.string().register(columnasCsv, { encabezados: ['telefono', 'celular', 'phone'], clave: true, normalizar: telefonoDeLimpio }),
  empresa: z.string().nullable().register(columnasCsv, { encabezados: ['empresa'] }),
  cargo: z.string().nullable().register(columnasCsv, { encabezados: ['cargo'] }),
});

export type DatosCliente = z.infer<typeof datosCliente>;
export type CampoCliente = keyof DatosCliente;

export const CAMPOS_CLIENTE = Object.keys(datosCliente.shape) as CampoCliente[];

/** The column's CSV description (every column of datosCliente registers one). */
export const columnaCsv = (campo: CampoCliente): ColumnaCsv => columnasCsv.get(datosCliente.shape[campo])!;

/** Optional columns (nullable in datosCliente): an empty value is stored as null. */
export type CampoOpcional = { [K in CampoCliente]: null extends DatosCliente[K] ? K : never }[CampoCliente];
export const CAMPOS_OPCIONALES = CAMPOS_CLIENTE.filter((c) => datosCliente.shape[c].safeParse(null).success) as CampoOpcional[];

/** A column's value from any text: cleaned and normalised (e-mail lower-cased, phone without spaces). */
export function valorColumna(campo: CampoCliente, texto: unknown): string {
  const limpio = limpiarCampo(texto);
  const normalizar = columnaCsv(campo).normalizar;
  return normalizar ? normalizar(limpio) : limpio;
}

/** One CSV row as the import sends it: every column as text. */
export type FilaImportacion = { [K in CampoCliente]: string };

/**
 * importarClientes' rows (and clavesExistentes' keys, with their two columns): every listed cell is text of at
 * most CSV_MAX_CAMPO characters, cleaned again here and normalised as its column says, so the database never
 * sees a NUL byte; a column the caller leaves out is empty (a client of the api written before a column existed
 * still imports). One loop over the list rather than a schema per cell: 100,000 rows × 6 cells is the import's
 * hot path, and per-cell zod transforms cost it most of a second.
 */
export function filasDeCliente<C extends CampoCliente>(campos: readonly C[]) {
  const columnas = campos.map((c) => [c, columnaCsv(c).normalizar] as const);
  return (filas: ReadonlyArray<Partial<Record<C, string>>>, ctx: z.RefinementCtx): Array<Record<C, string>> => {
    const salida = new Array<Record<C, string>>(filas.length);
    for (let i = 0; i < filas.length; i++) {
      const f = filas[i] as unknown;
      if (!f || typeof f !== 'object' || Array.isArray(f)) {
        ctx.addIssue({ code: 'custom', message: errores.entradaInvalida, path: [i] });
        return z.NEVER;
      }
      const fila = {} as Record<C, string>;
      for (const [campo, normalizar] of columnas) {
        const v = (f as Record<string, unknown>)[campo];
        if (v === undefined) {
          fila[campo] = '';
          continue;
        }
        if (typeof v !== 'string' || v.length > CSV_MAX_CAMPO) {
          ctx.addIssue({ code: 'custom', message: errores.entradaInvalida, path: [i, campo] });
          return z.NEVER;
        }
        const limpio = limpiarCampo(v);
        fila[campo] = normalizar ? normalizar(limpio) : limpio;
      }
      salida[i] = fila;
    }
    return salida;
  };
}
