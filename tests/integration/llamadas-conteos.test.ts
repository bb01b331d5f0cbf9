/**
 * The client list's kept totals (20261202000100) on PGlite and PostgreSQL 15: a filtered total is counted once
 * per campaign version and reused while paging, and every change a filter can see (new clients, an import, a
 * renamed or moved client, a deletion, a truncate, a deleted campaign) gives the next page the total a direct
 * count gives, on a page read in name order or from the trigram matches (the same migration). A change no filter
 * reads (marking 'No llamar') keeps the kept total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import { MIGRATED_BACKENDS } from '../support/databases';
import { paginaContada, type FiltrosClientes } from '../support/clientes-contados';

/** The page's total and first ids, and the same two things counted straight from the clients. */
async function pagina(db: SqlClient, campana: number, f: FiltrosClientes, desde = 0) {
  const r = await db.query<{ v: { total: number; filas: Array<{ id: number | string }> } }>(
    `select public.llamadas_clientes_pagina($1, $2, $3, $4, $5, $6, 10) as v`,
    [campana, f.n ?? null, f.e ?? null, f.t ?? null, f.m ?? null, desde]);
  return { total: Number(r.rows[0]!.v.total), ids: r.rows[0]!.v.filas.map((x) => String(x.id)) };
}

const FILTROS: FiltrosClientes[] = [{ n: 'mar' }, { e: 'GMAIL' }, { t: '31' }, { m: 'sas' }, { n: 'ana', m: 'a' }, { n: 'zz-nada' }];

/**
 * Every filter's first pages: a common text's first page is read in name order, a later one (past total² /
 * campaign rows) from the trigram index's matches; both must give the rows a direct read gives.
 */
async function todasIguales(db: SqlClient, campanas: number[]) {
  for (const c of campanas) {
    for (const f of FILTROS) {
      for (const desde of [0, 20, 40]) expect(await pagina(db, c, f, desde), `${c} ${JSON.stringify(f)} ${desde}`).toEqual(await paginaContada(db, c, f, desde));
    }
  }
}

async function guardados(db: SqlClient, campana: number) {
  const r = await db.query<{ filtros: string; version: string; total: string }>(
    `select filtros, version::text as version, total::text as total from public.llamadas_clientes_conteos where campana_id = $1 order by filtros`, [campana]);
  return r.rows;
}

describe.each(MIGRATED_BACKENDS)('totales guardados de la página de clientes en %s', (_name, migrated) => {
  let db: SqlClient;
  let a = 0;
  let b = 0;

  beforeAll(async () => {
    db = await migrated();
    const k = await db.query<{ id: number | string }>(`insert into public.campanas (nombre, minutos) values ('A', 10), ('B', 10) returning id`);
    [a, b] = k.rows.map((r) => Number(r.id)) as [number, number];
    await db.query(
      `insert into public.clientes (nombre, apellido, email, telefono, empresa, campana_id)
       select (array['María', 'Mario', 'Ana', 'Luis'])[1 + g % 4], (array['Ramírez', 'Gómez', 'Sastoque'])[1 + g % 3],
              'c' || g || (array['@gmail.com', '@empresa.co'])[1 + g % 2], '+5731' || lpad(g::text, 8, '0'),
              (array['Sastrería SAS', 'Andina', null])[1 + g % 3], case when g % 5 = 0 then $2::bigint else $1::bigint end
         from generate_series(1, 120) g`, [a, b]);
  });
  afterAll(async () => {
    await db?.cerrar();
  });

  it('cuenta una vez por filtro y versión, y al pasar de página usa el total guardado', async () => {
    await todasIguales(db, [a, b]);
    const antes = await guardados(db, a);
    expect(antes.map((g) => g.filtros)).toHaveLength(FILTROS.length);
    // A total kept under the campaign's version answers the next page: a planted one shows it is read, not recounted.
    await db.query(`update public.llamadas_clientes_conteos set total = 7777 where campana_id = $1 and filtros like '["%mar%"%'`, [a]);
    expect((await pagina(db, a, { n: 'mar' })).total).toBe(7777);
    await db.query(`update public.llamadas_clientes_conteos set total = $2 where campana_id = $1 and filtros like '["%mar%"%'`,
      [a, (await paginaContada(db, a, { n: 'mar' })).total]);
  });

  it('un total contado con una versión anterior no se usa', async () => {
    await db.query(`update public.llamadas_clientes_conteos set version = version - 1, total = 9999 where campana_id = $1`, [a]);
    await todasIguales(db, [a]);
  });

  it('altas, importación, cambios de nombre, correo, teléfono y empresa, cambio de campaña y bajas', async () => {
    await db.query(`insert into public.clientes (nombre, apellido, email, telefono, campana_id) values ('Marta', 'Ana', 'marta@gmail.com', '+573100000999', $1)`, [a]);
    await todasIguales(db, [a, b]);
    const imp = await db.query<{ v: { insertados: number } }>(`select public.llamadas_importar_clientes($1, $2::jsonb) as v`,
      [a, JSON.stringify([{ nombre: 'Mariana', apellido: 'Sas', email: 'mariana@gmail.com', telefono: '+573155500001', empresa: 'SAS Andes', cargo: '' }])]);
    expect(imp.rows[0]!.v.insertados).toBe(1);
    await todasIguales(db, [a, b]);
    await db.query(`update public.clientes set nombre = 'Pedro' where campana_id = $1 and nombre = 'María' and id % 2 = 0`, [a]);
    await todasIguales(db, [a, b]);
    await db.query(`update public.clientes set email = replace(email, 'gmail', 'correo') where campana_id = $1 and id % 3 = 0`, [a]);
    await db.query(`update public.clientes set telefono = '+5760' || id where campana_id = $1 and id % 7 = 0`, [a]);
    await db.query(`update public.clientes set empresa = 'Sastres' where campana_id = $1 and empresa is null`, [a]);
    await todasIguales(db, [a, b]);
    await db.query(`update public.clientes set campana_id = $2 where campana_id = $1 and id % 4 = 0`, [a, b]);
    await todasIguales(db, [a, b]);
    await db.query(`delete from public.clientes where campana_id = $1 and id % 6 = 0`, [b]);
    await todasIguales(db, [a, b]);
  });

  it("marcar 'No llamar' no cambia ningún filtro: el total guardado sigue", async () => {
    await todasIguales(db, [a]);
    const antes = await guardados(db, a);
    await db.query(`update public.clientes set no_llamar = true where campana_id = $1 and id % 2 = 1`, [a]);
    expect(await guardados(db, a)).toEqual(antes);
    await todasIguales(db, [a]);
  });

  it('cada campaña guarda a lo sumo 200 totales', async () => {
    for (let i = 0; i < 205; i++) await pagina(db, b, { n: `x${i}` });
    expect((await guardados(db, b)).length).toBe(200);
    await todasIguales(db, [b]);
  });

  it('vaciar los clientes y borrar una campaña', async () => {
    await db.query(`delete from public.campanas where id = $1`, [b]);
    expect(await pagina(db, b, { n: 'mar' })).toEqual({ total: 0, ids: [] });
    await todasIguales(db, [a]);
    await db.query('truncate public.clientes cascade');
    await todasIguales(db, [a]);
    await db.query(`insert into public.clientes (nombre, apellido, email, telefono, campana_id) values ('Mar', 'Sas', 'm@gmail.com', '+573111', $1)`, [a]);
    await todasIguales(db, [a]);
  });

  it('nadie lee las versiones ni los totales guardados directamente', async () => {
    const { rows } = await db.query<{ relrowsecurity: boolean }>(
      `select relrowsecurity from pg_class where oid in ('public.llamadas_clientes_version'::regclass, 'public.llamadas_clientes_conteos'::regclass)`);
    expect(rows.map((r) => r.relrowsecurity)).toEqual([true, true]);
    const grants = await db.query(
      `select 1 from information_schema.role_table_grants
        where table_name in ('llamadas_clientes_version', 'llamadas_clientes_conteos') and grantee in ('anon', 'authenticated')`);
    expect(grants.rows).toEqual([]);
    // ENABLE ALWAYS: they fire under the seed's bulk load (replica mode) too.
    const triggers = await db.query<{ tgenabled: string }>(`select tgenabled from pg_trigger where tgname like 'llamadas\\_clientes\\_version\\_%'`);
    expect(triggers.rows.map((r) => r.tgenabled)).toEqual(Array(4).fill('A'));
  });
});
