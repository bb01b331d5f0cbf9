/**
 * The global client search answers the same at any size (issue 25: two steps, 20261129000520/530): the first
 * clients in name order when a text is common there, else every trigram match sorted. With more clients than the
 * first step's window, each answer equals the plain query (every match, in name order, the first N).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import { MIGRATED_BACKENDS } from '../support/databases';

describe.each(MIGRATED_BACKENDS)('búsqueda de clientes con más clientes que la ventana en %s', (_name, fresh) => {
  let db: SqlClient;
  beforeAll(async () => {
    db = await fresh();
    const { rows } = await db.query<{ id: number }>(`insert into public.campanas (nombre, minutos) values ('Ventana', 10) returning id`);
    const campana = rows[0]!.id;
    // 1,200 clients named Alba (first in name order), then a few Lauras and one Óscar Gómez far after the window.
    await db.query(
      `insert into public.clientes (nombre, apellido, email, telefono, campana_id, created_at)
       select 'Alba ' || lpad(g::text, 4, '0'), 'Pérez', 'alba' || g || '@correo.co', '+57300' || lpad(g::text, 7, '0'), $1::bigint, '2026-11-01T00:00:00Z'::timestamptz
         from generate_series(1, 1200) g
       union all
       select x.nombre, x.apellido, x.email, x.telefono, $1::bigint, '2026-11-01T00:00:00Z'::timestamptz
         from (values ('Bea', 'Laura Ríos', 'bea@correo.co', '+573110000001'), ('Zulema', 'Laura', 'zu1@correo.co', '+573110000002'),
                      ('zulema', 'LAURA', 'zu2@correo.co', '+573110000003'), ('Óscar', 'Gómez', 'oscar@correo.co', '+573110000004'),
                      ('Claudia', 'Sáenz', 'claudia@correo.co', '+573110000005')) as x(nombre, apellido, email, telefono)`,
      [campana],
    );
  }, 240_000);
  afterAll(async () => db?.cerrar());

  const nombres = async (q: string, limite: number) =>
    (await db.query<{ nombre: string; apellido: string }>('select nombre, apellido from public.buscar_clientes($1, $2)', [q, limite])).rows.map((r) => `${r.nombre} ${r.apellido}`);
  const esperado = async (q: string, limite: number) =>
    (
      await db.query<{ nombre: string; apellido: string }>(
        `select c.nombre, c.apellido from public.clientes c where c.busqueda like lower(public.patron_busqueda($1))
          order by lower(c.nombre), c.nombre, lower(c.apellido), c.id limit $2`,
        [q, limite],
      )
    ).rows.map((r) => `${r.nombre} ${r.apellido}`);

  it('un texto común al principio del orden y uno que solo aparece después de la ventana dan lo mismo que la consulta completa', async () => {
    expect(await nombres('alba', 5)).toEqual(['Alba 0001 Pérez', 'Alba 0002 Pérez', 'Alba 0003 Pérez', 'Alba 0004 Pérez', 'Alba 0005 Pérez']);
    expect(await nombres('laura', 5)).toEqual(['Bea Laura Ríos', 'Zulema Laura', 'zulema LAURA']);
    expect(await nombres('gómez', 5)).toEqual(['Óscar Gómez']);
    expect(await nombres('zz-nada', 5)).toEqual([]);
    for (const [q, limite] of [['alba', 5], ['pérez', 3], ['laura', 2], ['lau', 5], ['+57 31', 5], ['@correo', 100], ['0007', 5], ['a', 5], ['%', 5]] as const) {
      expect(await nombres(q, limite), q).toEqual(await esperado(q, limite));
    }
  });
});
