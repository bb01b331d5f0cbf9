/**
 * The client list's page as a plain query gives it (no kept total, no index chosen): what
 * llamadas_clientes_pagina must answer, for the tests that compare the two.
 */
import type { SqlClient } from '../../src/shared/ports/sql';

/** The filters of the client list: name, e-mail, phone, company. */
export interface FiltrosClientes {
  n?: string;
  e?: string;
  t?: string;
  m?: string;
}

/** How many clients of the campaign match, and the ids of the ten from `desde` in name order. */
export async function paginaContada(db: SqlClient, campana: number, f: FiltrosClientes, desde = 0): Promise<{ total: number; ids: string[] }> {
  const filtro = `c.campana_id = $1
     and ($2::text is null or (c.nombre || ' ' || c.apellido) ilike public.patron_busqueda($2))
     and ($3::text is null or c.email ilike public.patron_busqueda($3))
     and ($4::text is null or c.telefono ilike public.patron_busqueda($4))
     and ($5::text is null or coalesce(c.empresa, '') ilike public.patron_busqueda($5))`;
  const args = [campana, f.n ?? null, f.e ?? null, f.t ?? null, f.m ?? null];
  const total = await db.query<{ n: string }>(`select count(*)::text as n from public.clientes c where ${filtro}`, args);
  const ids = await db.query<{ id: string }>(
    `select c.id::text as id from public.clientes c where ${filtro} order by c.nombre, c.apellido, c.id offset $6 limit 10`,
    [...args, desde],
  );
  return { total: Number(total.rows[0]!.n), ids: ids.rows.map((x) => x.id) };
}
