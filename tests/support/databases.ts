/**
 * Fresh databases for a test file: an in-memory PGlite, or a new database in the run's PostgreSQL 15
 * cluster. Both are returned as the platform-free SqlClient so the same test body runs on both.
 */
import { inject } from 'vitest';
import pg from 'pg';
import type { SqlClient } from '../../src/shared/ports/sql';
import { createPgClient } from '../../src/main/backends/postgres/pg-client';
import { openPgliteInProcess } from '../../src/main/backends/embedded/pglite-client';

let counter = 0;

export async function freshPostgres(): Promise<SqlClient> {
  const base = inject('pgUrl');
  const name = `t_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return createPgClient(url.toString());
}

export async function freshPglite(): Promise<SqlClient> {
  return openPgliteInProcess(); // in memory
}

export const BACKENDS = [
  ['PGlite', freshPglite],
  ['PostgreSQL 15', freshPostgres],
] as const;
