import type { TestProject } from 'vitest/node';
import { startCluster, type RunningCluster } from './postgres-cluster';

/**
 * Starts one PostgreSQL 15 cluster for the whole run and hands its URL to the tests (inject('pgUrl')).
 * Tests create their own database inside it (tests/support/databases.ts), so files never share data.
 */
let cluster: RunningCluster | undefined;

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

export async function setup(project: TestProject): Promise<void> {
  let url = process.env.PG_TEST_URL;
  if (!url) {
    cluster = await startCluster();
    url = cluster.url;
  }
  project.provide('pgUrl', url);
}

export async function teardown(): Promise<void> {
  cluster?.stop();
}
