/**
 * A small stand-in for a hosted Supabase project's data API, for the e2e proof that the static web build's
 * company portal needs nothing but the anon key (tests/e2e/portal-estatico.spec.ts). It answers only what the
 * direct transport may use, `POST /rest/v1/rpc/<fn>`, the way PostgREST (behind the platform's gateway) does:
 *
 * - the gateway's key check: `apikey` must be the anon key, and `Authorization`, when sent, `Bearer <anon key>`;
 *   anything else is 401 before the database is touched (so a service key would be refused here, not trusted);
 * - one transaction per call: `set local role anon`, then the settings PostgREST gives every request
 *   (`request.jwt.claims` = the key's payload, `request.method`, `request.path`, `request.headers` as a JSON
 *   object of the lowercased headers, with `x-forwarded-for` carrying the peer address as the gateway adds it:
 *   the portal login counts failures per address from there), then `select public.<fn>(name => value, …)`;
 *   stable and immutable functions run read-only, as PostgREST runs them;
 * - answers: the function's JSON value (a set as an array); a database error as PostgREST's
 *   `{ code, message, details, hint }` with its status mapping (P0001 → 400, 42501 → 401 for anon, …);
 *   an unknown function as PGRST202 (404);
 * - CORS for the listed page origins (the browser preflights: supabase-js sends apikey and authorization).
 *
 * Every request is recorded (method, path, whether its key was the anon key) for the spec to assert on.
 * Tables (`/rest/v1/<table>`), Auth (`/auth/v1`) and everything else answer 404 and are recorded too.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

export interface PostgrestStandinOptions {
  /** The database (a superuser connection: the stand-in switches to `anon` itself, per transaction). */
  databaseUrl: string;
  /** The only key accepted. */
  anonKey: string;
  /** Page origins allowed by CORS (the static host's). */
  origins: string[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** True when apikey (and Authorization, if any) carried exactly the anon key. */
  anonKey: boolean;
  status: number;
}

export interface PostgrestStandin {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const MAX_BODY = 1024 * 1024;

interface PgError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

/** PostgREST's HTTP status for a PostgreSQL error code (its documented table; the rest is 400). */
export function statusForSqlState(code: string, anonymous: boolean): number {
  if (code === '42501') return anonymous ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === 'P0001') return 400;
  if (/^(08|53)/.test(code)) return 503;
  if (/^(0L|0P|28)/.test(code)) return 403;
  if (/^(09|2D|38|39|3B|40|54|55|57|58|F0|HV|P0|XX)/.test(code)) return 500;
  return 400;
}

/** The payload of a JWT-shaped key (what PostgREST puts in request.jwt.claims), or {role: 'anon'}. */
function claimsOf(key: string): Record<string, unknown> {
  const payload = key.split('.')[1];
  if (payload) {
    try {
      const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
      if (typeof parsed === 'object' && parsed !== null) return parsed as Record<string, unknown>;
    } catch {
      /* not a JWT: the default claims */
    }
  }
  return { role: 'anon' };
}

/** A PostgREST argument value as text: PostgreSQL casts it to the parameter's declared type. */
function asParam(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('demasiado grande'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startPostgrestStandin(options: PostgrestStandinOptions): Promise<PostgrestStandin> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  const requests: RecordedRequest[] = [];

  function cors(req: IncomingMessage, res: ServerResponse): void {
    const origin = req.headers.origin;
    if (origin && options.origins.includes(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
    }
  }

  function send(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }

  function keyOk(req: IncomingMessage): boolean {
    const apikey = req.headers.apikey;
    const auth = req.headers.authorization;
    return apikey === options.anonKey && (auth === undefined || auth === `Bearer ${options.anonKey}`);
  }

  async function callFunction(req: IncomingMessage, fn: string, args: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
    const names = Object.keys(args);
    if (!names.every((n) => IDENT.test(n))) return { status: 400, body: { code: 'PGRST100', message: 'Nombre de argumento no válido', details: null, hint: null } };
    const client = await pool.connect();
    try {
      // PostgREST's schema cache: a function of `public` whose argument names include every key sent.
      const found = await client.query<{ proretset: boolean; provolatile: string }>(
        `select p.proretset, p.provolatile from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.proname = $1 and coalesce(p.proargnames, '{}') @> $2::text[]
          order by p.pronargs limit 1`,
        [fn, names],
      );
      const proc = found.rows[0];
      if (!proc) {
        return {
          status: 404,
          body: {
            code: 'PGRST202',
            message: `Could not find the function public.${fn}(${[...names].sort().join(', ')}) in the schema cache`,
            details: `Searched for the function public.${fn} with parameters ${[...names].sort().join(', ')} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
            hint: null,
          },
        };
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers[name.toLowerCase()] = value;
        else if (Array.isArray(value)) headers[name.toLowerCase()] = value.join(', ');
      }
      // The gateway appends the address it received the connection from.
      const peer = req.socket.remoteAddress ?? '';
      headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${peer}` : peer;

      await client.query(proc.provolatile === 'v' ? 'begin' : 'begin read only');
      try {
        await client.query('set local role anon');
        await client.query(
          `select set_config('request.jwt.claims', $1, true), set_config('request.method', 'POST', true),
                  set_config('request.path', $2, true), set_config('request.headers', $3, true)`,
          [JSON.stringify(claimsOf(options.anonKey)), `/rpc/${fn}`, JSON.stringify(headers)],
        );
        const call = `public.${fn}(${names.map((n, i) => `${n} => $${i + 1}`).join(', ')})`;
        const sql = proc.proretset
          ? `select coalesce(jsonb_agg(to_jsonb(r)), '[]'::jsonb)::text as v from ${call} r`
          : `select to_jsonb(${call})::text as v`;
        const { rows } = await client.query<{ v: string | null }>(sql, names.map((n) => asParam(args[n])));
        await client.query('commit');
        return { status: 200, body: rows[0]?.v === null || rows[0]?.v === undefined ? null : (JSON.parse(rows[0].v) as unknown) };
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        const e = error as PgError;
        const code = e.code ?? 'XX000';
        return { status: statusForSqlState(code, true), body: { code, message: e.message ?? '', details: e.detail ?? null, hint: e.hint ?? null } };
      }
    } finally {
      client.release();
    }
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
    const method = req.method ?? 'GET';
    const record = (status: number) => requests.push({ method, path, anonKey: keyOk(req), status });
    cors(req, res);
    if (method === 'OPTIONS') {
      // The preflight: answered without a key (browsers send none), as the gateway does.
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'apikey, authorization, content-type');
      res.setHeader('Access-Control-Max-Age', '600');
      record(204);
      res.writeHead(204).end();
      return;
    }
    const rpc = /^\/rest\/v1\/rpc\/([^/]+)$/.exec(path);
    if (!rpc || method !== 'POST') {
      record(404);
      send(res, 404, { code: 'PGRST125', message: 'Invalid path specified in request URL', details: null, hint: null });
      return;
    }
    if (!keyOk(req)) {
      record(401);
      send(res, 401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
      return;
    }
    const fn = decodeURIComponent(rpc[1]!);
    void (async () => {
      let args: unknown;
      try {
        const text = await readBody(req);
        args = text.trim() === '' ? {} : (JSON.parse(text) as unknown);
      } catch {
        record(400);
        send(res, 400, { code: 'PGRST102', message: 'Empty or invalid json', details: null, hint: null });
        return;
      }
      if (!IDENT.test(fn) || typeof args !== 'object' || args === null || Array.isArray(args)) {
        record(400);
        send(res, 400, { code: 'PGRST102', message: 'Empty or invalid json', details: null, hint: null });
        return;
      }
      try {
        const answer = await callFunction(req, fn, args as Record<string, unknown>);
        record(answer.status);
        send(res, answer.status, answer.body);
      } catch (error) {
        record(503);
        send(res, 503, { code: 'PGRST000', message: (error as Error).message, details: null, hint: null });
      }
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
