/**
 * The inbound listener's memory (issue 24 §7): the signatures it has seen (public.entrada_firmas, what refuses a
 * replay with 409 within its 5-minute window) and the Idempotency-Keys of the last 24 hours
 * (public.entrada_claves). A restore replaces the database with an older one, whose memory is older too: a request
 * refused a minute ago would be accepted again. So a restore carries the memory of the database it replaces into
 * the restored one (restauracion.ts `cambioDeRestauracion`, through the host's reopen): read after the listener
 * stopped being handed the database and before it closes, written after the restored one opens and before anything
 * else is handed it. Rows both have keep the later instant.
 */
import type { BaseEmbebida } from '../motores/embebido/pglite-worker-client';

interface TablaMemoria {
  tabla: string;
  columnas: readonly string[];
  clave: readonly string[];
}

const TABLAS: readonly TablaMemoria[] = [
  { tabla: 'entrada_firmas', columnas: ['firma', 'ruta', 'created_at'], clave: ['firma'] },
  { tabla: 'entrada_claves', columnas: ['ruta', 'clave', 'created_at'], clave: ['ruta', 'clave'] },
];

/** Rows per table, as JSON text (timestamps keep their zone). */
export type MemoriaEntrada = Record<string, string>;

async function existe(db: BaseEmbebida, tabla: string): Promise<boolean> {
  const { rows } = await db.query<{ existe: boolean }>('select to_regclass($1) is not null as existe', [`public.${tabla}`]);
  return rows[0]?.existe === true;
}

export async function leerMemoriaEntrada(db: BaseEmbebida): Promise<MemoriaEntrada> {
  const memoria: MemoriaEntrada = {};
  for (const t of TABLAS) {
    if (!(await existe(db, t.tabla))) continue;
    const { rows } = await db.query<{ filas: unknown }>(
      `select coalesce(jsonb_agg(x), '[]'::jsonb)::text as filas from (select ${t.columnas.join(', ')} from public.${t.tabla}) x`,
    );
    memoria[t.tabla] = String(rows[0]?.filas ?? '[]');
  }
  return memoria;
}

export async function llevarMemoriaEntrada(db: BaseEmbebida, memoria: MemoriaEntrada): Promise<void> {
  for (const t of TABLAS) {
    const filas = memoria[t.tabla];
    if (!filas || filas === '[]' || !(await existe(db, t.tabla))) continue;
    const columnas = t.columnas.join(', ');
    await db.query(
      `insert into public.${t.tabla} (${columnas})
       select ${columnas} from jsonb_populate_recordset(null::public.${t.tabla}, $1::jsonb)
       on conflict (${t.clave.join(', ')}) do update set created_at = greatest(public.${t.tabla}.created_at, excluded.created_at)`,
      [filas],
    );
  }
}
