/**
 * The bulk part of the seed (clients, calls, recordings): as superuser, skip the per-row trigger work
 * (foreign-key checks; every reference is built from rows inserted in the same transaction) and build the
 * secondary indexes of the two big tables once at the end instead of row by row. Both are undone/rebuilt
 * before the transaction commits, so the benchmark scale (50 000 clients, 200 000 calls) stays fast on PGlite.
 */
import type { SqlQueryable } from '../../../../shared/ports/sql';

/** Starts the bulk load; the function it answers ends it (indexes built once, statistics fresh, triggers back on). */
export async function empezarCargaMasiva(tx: SqlQueryable): Promise<() => Promise<void>> {
  const superuser = await tx.query<{ su: boolean }>('select rolsuper as su from pg_roles where rolname = current_user');
  const su = Boolean(superuser.rows[0]?.su);
  if (su) await tx.query('set local session_replication_role = replica');
  const secundarios = await tx.query<{ nombre: string; def: string }>(
    `select i.indexrelid::regclass::text as nombre, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
      where i.indrelid in ('public.clientes'::regclass, 'public.registro_escrito_llamada'::regclass)
        and not i.indisprimary and not i.indisunique
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by 1`,
  );
  for (const ix of secundarios.rows) await tx.query(`drop index ${ix.nombre}`);
  return async () => {
    for (const ix of secundarios.rows) await tx.query(ix.def);
    await tx.query('analyze public.clientes');
    await tx.query('analyze public.registro_escrito_llamada');
    if (su) await tx.query('set local session_replication_role = origin');
  };
}
