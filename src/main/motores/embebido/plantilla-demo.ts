/**
 * A new folder copied from the demo template (plantilla.ts, CARPETA_PLANTILLA_DEMO) made this install's own, in
 * one transaction before anything reads it (issue 25: seeding was most of the first start):
 *
 * - Dates: the demo data was seeded relative to the build's moment. Every timestamp in public moves by the whole
 *   hours since then, so what was "3 days ago" at the build is so now (give or take the odd minutes); `date`
 *   columns (project dates, weekly metrics) move by the whole days between the two Bogotá dates. The project
 *   list's copy of its instances (servicios_instancias, JSON text) moves its created_at with them.
 * - Secrets: the client companies' portal passwords are replaced by new crypto-random ones, so no two installs
 *   share one (the same rule as seed/empresas.ts: nobody is told them). Their bcrypt hashes are made in Node
 *   (`hashesDePortal`) while the database opens on its own thread: six cost-10 hashes in PostgreSQL's WebAssembly
 *   were 0.45 s of the first start's critical path.
 *
 * Runs as the database owner with every trigger off (session_replication_role = replica as the seed's bulk load,
 * and the ENABLE ALWAYS ones disabled for the moment): moving dates is not an edit anyone made (no audit row, no
 * updated_at, no change notice), and no summary a trigger keeps depends on when a row was made, except the calls'
 * hour buckets, moved below.
 */
import bcrypt from 'bcryptjs';
import type { SqlClient } from '../../../shared/ports/sql';
import { bogotaMidnight, DAY } from './seed/tiempo';
import { contrasenaPortalNueva } from './seed/empresas';

const TIPOS_FECHA = ['timestamp with time zone', 'timestamp without time zone', 'date'];
const HORA = 3_600_000;

/** Per (campaign, UTC hour, Bogotá day, status): moved here with the calls (see below) rather than by their triggers. */
const RESUMEN_HORAS = 'llamadas_resumen_horas';
/** pgcrypto's bcrypt cost for portal passwords (seed/empresas.ts, the operators' own changes). */
const COSTE_BCRYPT = 10;

/**
 * A portal password's bcrypt hash as pgcrypto's crypt() verifies it: bcryptjs writes the '$2b$' prefix, which
 * pgcrypto does not read; for passwords under 255 bytes the '$2a$' hash is the same bytes.
 */
export async function hashDePortal(contrasena: string): Promise<string> {
  return (await bcrypt.hash(contrasena, COSTE_BCRYPT)).replace(/^\$2b\$/, '$2a$');
}

/** `n` hashes of new crypto-random portal passwords (nobody is told them, as in seed/empresas.ts). */
export function hashesDePortal(n: number): Promise<string[]> {
  return Promise.all(Array.from({ length: n }, () => hashDePortal(contrasenaPortalNueva())));
}

/**
 * Moves the demo data seeded relative to `referenciaMs` to `ahoraMs` and gives it new portal passwords (`hashes`,
 * started with hashesDePortal before the database opened; more are made if the template has more companies).
 *
 * The move is by whole hours (the demo data ends up to 59 minutes older than a fresh seed would make it): that
 * keeps llamadas_resumen_horas's hour buckets whole, so it is moved in place (an hour bucket moved by whole hours
 * is the bucket of the moved calls; its Bogotá day is that of its hour) instead of being rebuilt by the calls'
 * triggers, which cost as much as seeding the calls did. A template made within the hour moves nothing.
 */
export async function ajustarDemoCopiada(db: SqlClient, referenciaMs: number, ahoraMs: number, hashes: Promise<string[]>): Promise<void> {
  const horas = Math.floor((ahoraMs - referenciaMs) / HORA);
  const desplazamiento = `${horas} hours`;
  const dias = Math.round((bogotaMidnight(referenciaMs + horas * HORA) - bogotaMidnight(referenciaMs)) / DAY);
  await db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    if (horas !== 0) {
      // Triggers that fire even in replica mode (ENABLE ALWAYS) are off while the dates move, then ALWAYS again.
      const { rows: siempre } = await tx.query<{ tabla: string; nombre: string }>(
        `select c.relname as tabla, t.tgname as nombre
           from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and t.tgenabled = 'A' and not t.tgisinternal
          order by 1, 2`,
      );
      for (const d of siempre) await tx.query(`alter table public.${quoteIdent(d.tabla)} disable trigger ${quoteIdent(d.nombre)}`);
      // One UPDATE per table with date columns (read from pg_catalog: information_schema took 5 times as long).
      const { rows } = await tx.query<{ sentencia: string }>(
        `select format('update public.%I set %s', c.relname,
                       string_agg(format('%1$I = %1$I + %2$s', a.attname,
                                         case when a.atttypid = 'date'::regtype then $2::int::text else quote_literal($1::text) || '::interval' end),
                                  ', ' order by a.attnum)) as sentencia
           from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
            and a.atttypid = any($3::regtype[]) and c.relname <> $4
          group by c.relname
          order by c.relname`,
        [desplazamiento, dias, TIPOS_FECHA, RESUMEN_HORAS],
      );
      for (const { sentencia } of rows) await tx.query(sentencia);
      // Through a copy: moved in place, a bucket would meet the one it replaces (the unique key is checked per row).
      await tx.query(
        `create temp table resumen_movido on commit drop as
           select campana, hora + interval '${horas} hours' as hora, ((hora + interval '${horas} hours') at time zone 'America/Bogota')::date as dia, status, total
             from public.${RESUMEN_HORAS} where hora is not null`,
      );
      await tx.query(`delete from public.${RESUMEN_HORAS} where hora is not null`);
      await tx.query(`insert into public.${RESUMEN_HORAS} (campana, hora, dia, status, total) select campana, hora, dia, status, total from resumen_movido`);
      for (const d of siempre) await tx.query(`alter table public.${quoteIdent(d.tabla)} enable always trigger ${quoteIdent(d.nombre)}`);
      await tx.query(
        `update public.proyectos p
            set servicios_instancias = coalesce((
                  select jsonb_agg(case when x.e ? 'created_at'
                                        then jsonb_set(x.e, '{created_at}', to_jsonb(to_char(((x.e ->> 'created_at')::timestamptz + $1::interval) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
                                        else x.e end order by x.o)
                    from jsonb_array_elements(p.servicios_instancias::jsonb) with ordinality as x(e, o)), '[]'::jsonb)::text
          where p.servicios_instancias like '[%'`,
        [desplazamiento],
      );
      // The planner's statistics follow the dates (a range outside the histogram is estimated blind).
      await tx.query('analyze public.registro_escrito_llamada');
      await tx.query('analyze public.clientes');
    }
    const { rows: empresas } = await tx.query<{ id: string }>('select id from public.empresas where contrasena_cliente is not null order by id');
    if (empresas.length > 0) {
      const listos = await hashes;
      const nuevos = listos.length >= empresas.length ? listos : [...listos, ...(await hashesDePortal(empresas.length - listos.length))];
      await tx.query(
        `update public.empresas e set contrasena_cliente = x.hash
           from unnest($1::uuid[], $2::text[]) as x(id, hash)
          where e.id = x.id`,
        [empresas.map((e) => e.id), nuevos.slice(0, empresas.length)],
      );
    }
    await tx.query('set local session_replication_role = origin');
  });
}

function quoteIdent(nombre: string): string {
  return `"${nombre.replaceAll('"', '""')}"`;
}
