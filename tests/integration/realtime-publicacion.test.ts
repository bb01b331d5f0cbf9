/**
 * Hosted Supabase's Realtime reads the publication 'supabase_realtime'. On a PostgreSQL 15 that has it (as
 * every Supabase project does), the migrations publish exactly the tables the hosted backend subscribes to
 * (TABLAS_REALTIME), and each of them also announces its area by NOTIFY on the embedded database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import { freshPostgres } from '../support/databases';
import { migrated } from '../support/operators';
import { TABLAS_REALTIME } from '../../src/main/cambios/realtime';

describe('publicación de Realtime en PostgreSQL 15', () => {
  let db: SqlClient;
  beforeAll(async () => {
    db = await freshPostgres();
    await db.exec('create publication supabase_realtime');
    await migrated(db);
  });
  afterAll(async () => {
    await db?.cerrar();
  });

  it('las migraciones publican justo las tablas que sigue el backend alojado', async () => {
    const { rows } = await db.query<{ tablename: string }>(`select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' order by 1`);
    expect(rows.map((r) => r.tablename)).toEqual(Object.keys(TABLAS_REALTIME).sort());
  });

  it('cada tabla publicada avisa por NOTIFY al área que la pantalla sigue', async () => {
    const { rows } = await db.query<{ tabla: string; area: string }>(
      `select c.relname as tabla, encode(t.tgargs, 'escape') as area
         from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where t.tgname = 'avisar_cambio' and n.nspname = 'public'`,
    );
    const areas = Object.fromEntries(rows.map((r) => [r.tabla, r.area.replace(/\\000$/, '')]));
    for (const [tabla, area] of Object.entries(TABLAS_REALTIME)) expect([tabla, areas[tabla]]).toEqual([tabla, area]);
  });
});
