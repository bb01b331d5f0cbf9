/**
 * The first start of a new data folder from the build's migrated template (plantilla.ts, issue 25): the copy
 * holds every migration with the checksums of these files, the ledger dates from this install, the demo data
 * (with its per-install portal passwords) is seeded on top, and a template of other migrations or an existing
 * folder is never used. PGlite only (the template is the embedded database's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPgliteInProcess } from '../../src/main/backends/embedded/pglite-client';
import { findSupabaseDir, planDeMigraciones } from '../../src/main/backends/embedded/migrate';
import { copiarPlantilla, crearPlantilla } from '../../src/main/backends/embedded/plantilla';
import { openEmbeddedBackend, type EmbeddedBackend } from '../../src/main/backends/embedded/open-embedded';

const plan = { supabaseDir: findSupabaseDir(), embedded: true };
let base: string;
let plantilla: string;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'consola-plantilla-'));
  plantilla = join(base, 'plantilla-base');
  await crearPlantilla(plantilla, plan, (dataDir) => openPgliteInProcess(dataDir));
}, 600_000);
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('base inicial copiada de la plantilla', () => {
  it('una carpeta nueva recibe la base migrada: el registro de migraciones coincide con los archivos y es de esta instalación', async () => {
    const pgdata = join(base, 'nueva', 'pgdata');
    expect(await copiarPlantilla(pgdata, plan, plantilla)).toBe(true);
    const db = await openPgliteInProcess(pgdata);
    try {
      const { rows } = await db.query<{ nombre: string }>('select nombre from _consola.migraciones order by nombre');
      expect(rows.map((r) => r.nombre).sort()).toEqual((await planDeMigraciones(plan)).map((p) => p.nombre).sort());
      // Schema only: no user, no campaign, no company.
      const { rows: filas } = await db.query<{ usuarios: number; campanas: number; empresas: number }>(
        'select (select count(*)::int from auth.users) as usuarios, (select count(*)::int from public.campanas) as campanas, (select count(*)::int from public.empresas) as empresas',
      );
      expect(filas[0]).toEqual({ usuarios: 0, campanas: 0, empresas: 0 });
    } finally {
      await db.close();
    }
  }, 240_000);

  it('no se usa sobre una carpeta que ya tiene datos, ni si fue migrada con otros archivos', async () => {
    const llena = join(base, 'llena', 'pgdata');
    mkdirSync(llena, { recursive: true });
    writeFileSync(join(llena, 'PG_VERSION'), '17\n');
    expect(await copiarPlantilla(llena, plan, plantilla)).toBe(false);

    const otra = join(base, 'otra-plantilla');
    mkdirSync(join(otra, 'pgdata'), { recursive: true });
    writeFileSync(join(otra, 'clave'), 'migraciones-de-otra-version\n');
    expect(await copiarPlantilla(join(base, 'vacia', 'pgdata'), plan, otra)).toBe(false);
  });

  it('dos instalaciones desde la misma plantilla tienen contraseñas de portal distintas y la fecha de su propio arranque', async () => {
    const abiertas: EmbeddedBackend[] = [];
    try {
      const hashes: string[][] = [];
      for (const nombre of ['instalacion-a', 'instalacion-b']) {
        const dataDir = join(base, nombre);
        const inicio = Date.now();
        const registro: string[] = [];
        const backend = await openEmbeddedBackend({ dataDir, plantilla, log: (linea) => registro.push(linea) });
        // Nothing was migrated here: every file came with the copy.
        expect(registro.filter((l) => l.startsWith('Migraciones aplicadas'))).toEqual([]);
        abiertas.push(backend);
        const { rows } = await backend.db.query<{ h: string }>('select contrasena_cliente as h from public.empresas order by nombre');
        expect(rows.length).toBeGreaterThan(0);
        hashes.push(rows.map((r) => r.h));
        const { rows: ledger } = await backend.db.query<{ viejo: boolean }>(
          'select bool_or(applied_at < to_timestamp($1 / 1000.0) - interval \'1 second\') as viejo from _consola.migraciones',
          [inicio],
        );
        expect(ledger[0]!.viejo).toBe(false);
      }
      expect(hashes[0]!.length).toBe(hashes[1]!.length);
      hashes[0]!.forEach((h, i) => expect(h).not.toBe(hashes[1]![i]));
    } finally {
      await Promise.all(abiertas.map((b) => b.close()));
    }
  }, 600_000);
});
