/**
 * A new folder copied from the demo template (plantilla.ts, CARPETA_PLANTILLA_DEMO) made this install's own, in
 * one transaction before anything reads it (issue 25: seeding was most of the first start):
 *
 * - Dates: the demo data was seeded relative to the build's moment. Every timestamp in public moves by the whole
 *   hours since then, so what was "3 days ago" at the build is so now (give or take the odd minutes); `date`
 *   columns (project dates, weekly metrics) move by the whole days between the two Bogotá dates. The project
 *   list's copy of its instances (servicios_instancias, JSON text) moves its created_at with them.
 * - Secrets: the client companies' portal passwords are replaced by new crypto-random ones, hashed here, so no
 *   two installs share one (the same rule as seed/empresas.ts: nobody is told them).
 *
 * Runs as the database owner with ordinary triggers off (session_replication_role = replica, as the seed's bulk
 * load): moving dates is not an edit anyone made (no audit row, no updated_at, no change notice).
 */
import { randomBytes } from 'node:crypto';
import type { SqlClient } from '../../../shared/ports/sql';
import { bogotaMidnight, DAY } from './seed/tiempo';

const TIPOS_FECHA = ['timestamp with time zone', 'timestamp without time zone', 'date'];
const HORA = 3_600_000;

/** The calls table: its ENABLE ALWAYS triggers keep summaries, of which only llamadas_resumen_horas has dates. */
const LLAMADAS = 'registro_escrito_llamada';
/** Per (campaign, UTC hour, Bogotá day, status): moved here with the calls (see below) rather than by its triggers. */
const RESUMEN_HORAS = 'llamadas_resumen_horas';

/**
 * Moves the demo data seeded relative to `referenciaMs` to `ahoraMs` and gives it new portal passwords.
 *
 * The move is by whole hours (the demo data ends up to 59 minutes older than a fresh seed would make it): that
 * keeps llamadas_resumen_horas's hour buckets whole, so it is moved in place (an hour bucket moved by whole hours
 * is the bucket of the moved calls; its Bogotá day is that of its hour) instead of being rebuilt by the calls'
 * triggers, which cost as much as seeding the calls did. A template made within the hour moves nothing.
 */
export async function ajustarDemoCopiada(db: SqlClient, referenciaMs: number, ahoraMs: number): Promise<void> {
  const horas = Math.floor((ahoraMs - referenciaMs) / HORA);
  const desplazamiento = `${horas} hours`;
  const dias = Math.round((bogotaMidnight(referenciaMs + horas * HORA) - bogotaMidnight(referenciaMs)) / DAY);
  await db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    if (horas !== 0) {
      // The calls' summary triggers are off while the calls move (re-enabled ALWAYS, as the migrations left them).
      const { rows: siempre } = await tx.query<{ nombre: string }>(
        `select tgname as nombre from pg_trigger where tgrelid = 'public.${LLAMADAS}'::regclass and tgenabled = 'A' and not tgisinternal order by 1`,
      );
      for (const { nombre } of siempre) await tx.query(`alter table public.${LLAMADAS} disable trigger ${quoteIdent(nombre)}`);
      const { rows } = await tx.query<{ sentencia: string }>(
        `select format('update %I.%I set %s', c.table_schema, c.table_name,
                       string_agg(format('%1$I = %1$I + %2$s', c.column_name,
                                         case when c.data_type = 'date' then $2::int::text else quote_literal($1::text) || '::interval' end),
                                  ', ' order by c.ordinal_position)) as sentencia
           from information_schema.columns c
           join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
            and c.data_type = any($3::text[]) and c.table_name <> $4
          group by c.table_schema, c.table_name
          order by c.table_name`,
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
      for (const { nombre } of siempre) await tx.query(`alter table public.${LLAMADAS} enable always trigger ${quoteIdent(nombre)}`);
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
      await tx.query(`analyze public.${LLAMADAS}`);
      await tx.query('analyze public.clientes');
    }
    const { rows: empresas } = await tx.query<{ id: string }>('select id from public.empresas where contrasena_cliente is not null order by id');
    if (empresas.length > 0) {
      await tx.query(
        `update public.empresas e set contrasena_cliente = crypt(x.contrasena, gen_salt('bf', 10))
           from unnest($1::uuid[], $2::text[]) as x(id, contrasena)
          where e.id = x.id`,
        [empresas.map((e) => e.id), empresas.map(() => randomBytes(18).toString('base64url'))],
      );
    }
    await tx.query('set local session_replication_role = origin');
  });
}

function quoteIdent(nombre: string): string {
  return `"${nombre.replaceAll('"', '""')}"`;
}
