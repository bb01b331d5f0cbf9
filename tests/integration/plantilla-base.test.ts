/**
 * The first start of a new data folder from the build's migrated template (plantilla.ts, issue 25): the copy
 * holds every migration with the checksums of these files, the ledger dates from this install, the demo data
 * (with its per-install portal passwords) is seeded on top, and a template of other migrations or an existing
 * folder is never used; any other new cluster is copied from the bare one (no initdb) made by this PGlite. PGlite
 * only (the templates are the embedded database's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPgliteInProcess } from '../../src/main/motores/embebido/pglite-client';
import { findSupabaseDir, planDeMigraciones } from '../../src/main/motores/embebido/migrate';
import { claveDePglite, copiarPlantilla, copiarPlantillaVacia, crearPlantilla, crearPlantillaVacia, referenciaDeDemo } from '../../src/main/motores/embebido/plantilla';
import { seedDemoData } from '../../src/main/motores/embebido/seed';
import { openEmbeddedBackend, type EmbeddedBackend } from '../../src/main/motores/embebido/open-embedded';
import { hashDePortal } from '../../src/main/motores/embebido/plantilla-demo';
import { MIGRATED_BACKENDS } from '../support/databases';

const plan = { supabaseDir: findSupabaseDir(), embedded: true };
let base: string;
let plantilla: string;
let vacia: string;

// As the build makes them: the bare cluster first, then the migrated template from a copy of it.
beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'consola-plantilla-'));
  vacia = join(base, 'plantilla-vacia');
  await crearPlantillaVacia(vacia, (dataDir) => openPgliteInProcess(dataDir));
  plantilla = join(base, 'plantilla-base');
  await crearPlantilla(plantilla, plan, (dataDir) => {
    copiarPlantillaVacia(dataDir, vacia);
    return openPgliteInProcess(dataDir);
  });
}, 600_000);
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('un cluster nuevo copiado del vacío (sin initdb)', () => {
  it('una carpeta nueva recibe el cluster de esta versión de PGlite, que abre vacío; una con datos o una plantilla de otra versión, no', async () => {
    expect(readFileSync(join(vacia, 'clave'), 'utf8').trim()).toBe(claveDePglite());
    const pgdata = join(base, 'cluster', 'pgdata');
    expect(copiarPlantillaVacia(pgdata, vacia)).toBe(true);
    const db = await openPgliteInProcess(pgdata);
    try {
      const { rows } = await db.query<{ tablas: number; esquemas: number }>(
        `select (select count(*)::int from pg_tables where schemaname = 'public') as tablas,
                (select count(*)::int from pg_namespace where nspname in ('auth', '_consola')) as esquemas`,
      );
      expect(rows[0]).toEqual({ tablas: 0, esquemas: 0 });
    } finally {
      await db.cerrar();
    }
    // Not over a folder that has a cluster already.
    expect(copiarPlantillaVacia(pgdata, vacia)).toBe(false);
    // Not from a template another PGlite made (initdb's files change with PostgreSQL's version).
    const otra = join(base, 'vacia-de-otra-version');
    cpSync(vacia, otra, { recursive: true });
    writeFileSync(join(otra, 'clave'), 'pglite 0.0.1\n');
    expect(copiarPlantillaVacia(join(base, 'otro-cluster', 'pgdata'), otra)).toBe(false);
  });
});

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
      await db.cerrar();
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
        const backend = await openEmbeddedBackend({ dataDir, plantilla, plantillaDemo: null, log: (linea) => registro.push(linea) });
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
      await Promise.all(abiertas.map((b) => b.cerrar()));
    }
  }, 600_000);

  it('la plantilla con los datos de demostración: las fechas llegan a hoy, los resúmenes cuadran y las contraseñas de portal son de cada instalación', async () => {
    const plantillaDemo = join(base, 'plantilla-demo');
    await crearPlantilla(plantillaDemo, plan, (dataDir) => openPgliteInProcess(dataDir), (db, referencia) => seedDemoData(db, { now: referencia }));
    const referencia = referenciaDeDemo(plantillaDemo)!;
    expect(referencia).toBeGreaterThan(0);
    const original = await openPgliteInProcess(join(plantillaDemo, 'pgdata'));
    const antes = await original.query<{ ultima: string; h: string; siempre: number }>(
      `select (select max(created_at) from public.registro_escrito_llamada)::text as ultima,
              (select count(*)::int from pg_trigger t join pg_class c on c.oid = t.tgrelid where c.relnamespace = 'public'::regnamespace and t.tgenabled = 'A') as siempre,
              (select string_agg(contrasena_cliente, ',' order by id) from public.empresas) as h`,
    );
    await original.cerrar();
    // Installed 40 days and 5½ hours after the build.
    const ahora = referencia + (40 * 24 + 5.5) * 3_600_000;
    const abiertas: EmbeddedBackend[] = [];
    try {
      const hashes: string[] = [];
      for (const nombre of ['demo-a', 'demo-b']) {
        const registro: string[] = [];
        const backend = await openEmbeddedBackend({ dataDir: join(base, nombre), plantilla, plantillaDemo, now: () => new Date(ahora), log: (l) => registro.push(l) });
        abiertas.push(backend);
        expect(registro).toContain('Base nueva creada desde la plantilla migrada de esta versión, con los datos de demostración.');
        const { rows } = await backend.db.query<{ ultima: string; diferencias: number; siempre: number; h: string }>(
          `with r as (select campana, date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00') as hora,
                             (created_at at time zone 'America/Bogota')::date as dia, status, count(*) as total
                        from public.registro_escrito_llamada where campana is not null group by 1, 2, 3, 4),
                s as (select campana, hora, dia, status, total from public.llamadas_resumen_horas)
           select (select max(created_at) from public.registro_escrito_llamada)::text as ultima,
                  (select count(*)::int from ((select * from r except select * from s) union all (select * from s except select * from r)) d) as diferencias,
                  (select count(*)::int from pg_trigger t join pg_class c on c.oid = t.tgrelid where c.relnamespace = 'public'::regnamespace and t.tgenabled = 'A') as siempre,
                  (select string_agg(contrasena_cliente, ',' order by id) from public.empresas) as h`,
        );
        const fila = rows[0]!;
        // Every date moved by the 40 days and 5 whole hours since the build.
        expect(Date.parse(fila.ultima.replace(' ', 'T').replace(/\+00$/, 'Z')) - Date.parse(antes.rows[0]!.ultima.replace(' ', 'T').replace(/\+00$/, 'Z'))).toBe((40 * 24 + 5) * 3_600_000);
        expect(Date.parse(fila.ultima.replace(' ', 'T').replace(/\+00$/, 'Z'))).toBeLessThanOrEqual(ahora);
        // The hourly summary the Resumen reads is that of the moved calls; every ENABLE ALWAYS trigger is so again.
        expect(fila.diferencias).toBe(0);
        expect(fila.siempre).toBe(antes.rows[0]!.siempre);
        expect(fila.siempre).toBeGreaterThan(0);
        expect(fila.h).not.toBe(antes.rows[0]!.h);
        expect(fila.h.split(',').every((h) => h.startsWith('$2a$10$'))).toBe(true);
        hashes.push(fila.h);
      }
      expect(hashes[0]).not.toBe(hashes[1]);
    } finally {
      await Promise.all(abiertas.map((b) => b.cerrar()));
    }
  }, 600_000);
});

describe('contraseñas de portal hechas en Node', () => {
  it.each(MIGRATED_BACKENDS)('%s: crypt() de pgcrypto las verifica con su contraseña y solo con ella', async (_nombre, abrir) => {
    const db = await abrir();
    try {
      const contrasena = 'Portal-2026-ñandú';
      const hash = await hashDePortal(contrasena);
      expect(hash).toMatch(/^\$2a\$10\$/);
      const { rows } = await db.query<{ buena: boolean; mala: boolean }>(
        'select crypt($1, $3) = $3 as buena, crypt($2, $3) = $3 as mala',
        [contrasena, 'portal-2026-ñandú', hash],
      );
      expect(rows[0]).toEqual({ buena: true, mala: false });
    } finally {
      await db.cerrar();
    }
  });
});
