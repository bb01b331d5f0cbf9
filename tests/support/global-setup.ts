import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { crearClientePg } from '../../src/main/motores/postgres/pg-client';
import { findSupabaseDir, migrate } from '../../src/main/motores/embebido/migrate';
import { startCluster, type RunningCluster } from './postgres-cluster';

/**
 * Starts one PostgreSQL 15 cluster for the whole run and hands its URL to the tests (inject('pgUrl')).
 * Tests create their own database inside it (tests/support/databases.ts), so files never share data; the
 * database migrated here is the template of every already-migrated one (inject('pgTemplate')).
 */
let cluster: RunningCluster | undefined;

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    /** A migrated database to copy (`create database … template …`), or '' against an outside server. */
    pgTemplate: string;
  }
}

export async function setup(project: TestProject): Promise<void> {
  let url = process.env.PG_TEST_URL;
  let template = '';
  if (!url) {
    cluster = await startCluster();
    url = cluster.url;
    template = await createPlatformRoles(url);
  }
  project.provide('pgUrl', url);
  project.provide('pgTemplate', template);
}

/**
 * Roles are cluster-wide while every test file migrates a database of its own: two files starting at once
 * would both see "no role anon yet" in the platform stand-in and one would fail on the duplicate. Migrating
 * one database here, before any test file runs, creates the roles once.
 */
async function createPlatformRoles(url: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('create database plataforma_roles');
  await admin.end();
  const target = new URL(url);
  target.pathname = '/plataforma_roles';
  const db = await crearClientePg(target.toString());
  try {
    await migrate(db, { supabaseDir: findSupabaseDir(), embedded: true });
  } finally {
    await db.cerrar();
  }
  // Closed, it can be copied: nothing else connects to it.
  return 'plataforma_roles';
}

export async function teardown(): Promise<void> {
  cluster?.stop();
}
