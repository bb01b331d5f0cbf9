/**
 * A throwaway PostgreSQL 15 cluster for the integration tests, so every migration is proven on the server
 * hosted Supabase runs. Started once per test run (global setup), on a random port, in a temp folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

const BIN_DIRS = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'];

export function findPgBin(): string | null {
  return BIN_DIRS.find((dir) => existsSync(join(dir, 'initdb'))) ?? null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningCluster {
  url: string;
  stop(): void;
}

/** initdb refuses to run as root, so as root the cluster runs as the 'postgres' system user. */
function asPostgres(cmd: string, args: string[]): [string, string[]] {
  if (process.getuid?.() === 0) return ['runuser', ['-u', 'postgres', '--', cmd, ...args]];
  return [cmd, args];
}

export async function startCluster(): Promise<RunningCluster> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL 15 no está instalado (apt-get install -y postgresql).');
  const dir = mkdtempSync(join(tmpdir(), 'consola-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const [initCmd, initArgs] = asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  execFileSync(initCmd, initArgs, { stdio: 'pipe' });
  // pg_ctl forks the server and returns once it accepts connections: no child handle keeps the run alive.
  const options = [
    `-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', '-c synchronous_commit=off',
    '-c full_page_writes=off', '-c max_connections=100',
  ].join(' ');
  const [startCmd, startArgs] = asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  execFileSync(startCmd, startArgs, { stdio: 'pipe' });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop() {
      const [stopCmd, stopArgs] = asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      try {
        execFileSync(stopCmd, stopArgs, { stdio: 'pipe' });
      } catch {
        /* already stopped */
      }
      try {
        rmSync(dir, { recursive: true, force: true });
      } catch {
        /* the folder may still be held for a moment; it lives in tmp */
      }
    },
  };
}
