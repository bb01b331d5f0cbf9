/**
 * The Supabase executor against a real HTTP server on 127.0.0.1 that answers like PostgREST and records every
 * request, driven through a real supabase-js client. The recorded requests are checked against PostgREST's URL
 * grammar (docs.postgrest.org, "Horizontal filtering", "Reserved characters", "Upsert", "Stored procedures"),
 * and quoted values are decoded with a parser that follows PostgREST's own (QueryParams.hs) to prove they
 * arrive intact. What the real server answers (rpc shapes, "Max rows", counts, permissions, errors, the schema
 * cache) is proven against PostgREST 12 itself in postgrest-real.test.ts; the error cases below keep the
 * mapping of codes the real server cannot be made to produce on demand (a connection failure, PGRST001).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors';
import { es } from '../../src/shared/i18n/es';
import type { DataPort, DataQuery } from '../../src/shared/ports/consultas';
import { crearEjecutorSupabase } from '../../src/shared/consultas/supabase-executor';

interface Recorded {
  method: string;
  path: string;
  /** The raw query string, as sent (percent-encoded). */
  search: string;
  params: [string, string][];
  prefer: string | undefined;
  range: string | undefined;
  accept: string | undefined;
  contentType: string | undefined;
  apikey: string | undefined;
  body: unknown;
}

interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

// ---- PostgREST grammar, as QueryParams.hs parses it (quoted values with backslash escapes) -------------------
class GrammarParser {
  pos = 0;
  constructor(readonly s: string) {}
  peek(): string | undefined {
    return this.s[this.pos];
  }
  expect(ch: string): void {
    if (this.s[this.pos] !== ch) throw new Error(`expected ${ch} at ${this.pos} in ${this.s}`);
    this.pos++;
  }
  /** pQuotedValue: '"' (noneOf "\\\"" | '\\' anyChar)* '"', only if followed by ',' or ')' */
  quoted(): string | null {
    if (this.peek() !== '"') return null;
    let i = this.pos + 1;
    let out = '';
    while (i < this.s.length && this.s[i] !== '"') {
      if (this.s[i] === '\\') i++;
      out += this.s[i] ?? '';
      i++;
    }
    if (this.s[i] !== '"') return null;
    const next = this.s[i + 1];
    if (next !== undefined && next !== ',' && next !== ')') return null;
    this.pos = i + 1;
    return out;
  }
  until(stop: string): string {
    let out = '';
    while (this.pos < this.s.length && !stop.includes(this.s[this.pos]!)) out += this.s[this.pos++];
    return out;
  }
  /** pListVal: '(' element (',' element)* ')' */
  list(): string[] {
    this.expect('(');
    const out: string[] = [];
    for (;;) {
      out.push(this.quoted() ?? this.until(',)'));
      if (this.peek() === ',') {
        this.pos++;
        continue;
      }
      this.expect(')');
      return out;
    }
  }
  field(): string {
    return this.until('.');
  }
  /** One filter of a logic tree: field '.' op '.' value */
  logicFilter(): { column: string; op: string; value: string | string[] } {
    const column = this.field();
    this.expect('.');
    const op = this.until('.');
    this.expect('.');
    if (op === 'in') return { column, op, value: this.list() };
    return { column, op, value: this.quoted() ?? this.until(',)') };
  }
  logicTree(): { column: string; op: string; value: string | string[] }[] {
    this.expect('(');
    const out = [this.logicFilter()];
    while (this.peek() === ',') {
      this.pos++;
      out.push(this.logicFilter());
    }
    this.expect(')');
    if (this.pos !== this.s.length) throw new Error(`trailing input in ${this.s}`);
    return out;
  }
}
const parseList = (s: string) => {
  const p = new GrammarParser(s);
  const out = p.list();
  if (p.pos !== s.length) throw new Error(`trailing input in ${s}`);
  return out;
};
const parseLogic = (s: string) => new GrammarParser(s).logicTree();

// ---- the fake PostgREST ---------------------------------------------------------------------------------------
let server: Server;
let baseUrl: string;
const recorded: Recorded[] = [];
let reply: (req: Recorded) => Reply = () => ({ body: [] });

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v.join(', ') : v;
  };
  const rec: Recorded = {
    method: req.method ?? '',
    path: url.pathname,
    search: url.search,
    params: [...url.searchParams.entries()],
    prefer: header('prefer'),
    range: header('range'),
    accept: header('accept'),
    contentType: header('content-type'),
    apikey: header('apikey'),
    body: await readBody(req),
  };
  recorded.push(rec);
  const r = reply(rec);
  const status = r.status ?? 200;
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', ...(r.headers ?? {}) };
  res.writeHead(status, headers);
  res.end(r.body === undefined ? '' : JSON.stringify(r.body));
}

const last = (): Recorded => {
  const r = recorded[recorded.length - 1];
  if (!r) throw new Error('no request was recorded');
  return r;
};
const param = (r: Recorded, key: string) => r.params.filter(([k]) => k === key).map(([, v]) => v);

async function expectAppError(promise: Promise<unknown>, code: AppError['code'], message?: string): Promise<AppError> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(AppError);
  const err = caught as AppError;
  expect(err.code).toBe(code);
  if (message !== undefined) expect(err.message).toBe(message);
  return err;
}

/**
 * supabase-js builds its realtime client eagerly and, on Node 20 (no global WebSocket), asks for a transport.
 * The data port never opens a realtime channel, so a transport that refuses to connect is enough here.
 */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by the data port');
  }
}

function makePort(url = baseUrl, options?: Parameters<typeof crearEjecutorSupabase>[1]): DataPort {
  const client = createClient(url, 'anon-key-for-tests', {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never },
  });
  return crearEjecutorSupabase(client, options);
}

describe('ejecutor Supabase (supabase-js contra un PostgREST simulado)', () => {
  let port: DataPort;

  beforeAll(async () => {
    server = createServer((req, res) => {
      handle(req, res).catch(() => {
        res.writeHead(500);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    port = makePort();
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    recorded.length = 0;
    reply = () => ({ body: [] });
  });

  describe('select', () => {
    it('columnas, cada filtro, orden con nulos, rango y conteo exacto', async () => {
      const rows = [
        { id: 11, nombre: 'Ana' },
        { id: 12, nombre: 'Beto' },
      ];
      reply = () => ({ status: 206, body: rows, headers: { 'content-range': '10-11/57' } });
      const result = await port.run({
        kind: 'select',
        table: 'clientes',
        columns: ['id', 'nombre'],
        filters: [
          { column: 'nombre', op: 'eq', value: 'Ana' },
          { column: 'estado', op: 'neq', value: 'baja' },
          { column: 'saldo', op: 'gt', value: 20 },
          { column: 'saldo', op: 'gte', value: 20.5 },
          { column: 'creado', op: 'lt', value: '2024-03-01T00:00:00Z' },
          { column: 'creado', op: 'lte', value: new Date('2024-04-01T00:00:00Z') },
          { column: 'nombre', op: 'ilike', value: '%an%' },
          { column: 'id', op: 'in', value: [1, 2, 3] },
          { column: 'email', op: 'is', value: null },
          { column: 'activo', op: 'is', value: true },
          { column: 'borrado', op: 'is', value: false },
          { column: 'activo', op: 'eq', value: true },
        ],
        order: [{ column: 'nombre', ascending: false, nullsFirst: true }, { column: 'id' }, { column: 'email', nullsFirst: false }],
        range: { from: 10, to: 19 },
        count: true,
      });
      expect(result).toEqual({ rows, count: 57 });

      const r = last();
      expect(r.method).toBe('GET');
      expect(r.path).toBe('/rest/v1/clientes');
      expect(r.apikey).toBe('anon-key-for-tests');
      expect(r.prefer).toBe('count=exact');
      expect(r.params).toEqual([
        ['select', 'id,nombre'],
        ['nombre', 'eq.Ana'],
        ['estado', 'neq.baja'],
        ['saldo', 'gt.20'],
        ['saldo', 'gte.20.5'],
        ['creado', 'lt.2024-03-01T00:00:00Z'],
        ['creado', 'lte.2024-04-01T00:00:00.000Z'],
        ['nombre', 'ilike.%an%'],
        ['id', 'in.(1,2,3)'],
        ['email', 'is.null'],
        ['activo', 'is.true'],
        ['borrado', 'is.false'],
        ['activo', 'eq.true'],
        ['order', 'nombre.desc.nullsfirst,id.asc,email.asc.nullslast'],
        ['offset', '10'],
        ['limit', '10'],
      ]);
      // percent-encoded on the wire
      expect(r.search).toContain('nombre=ilike.%25an%25');
      expect(r.search).toContain('select=id%2Cnombre');
    });

    it('sin columnas pide todas; sin count no pide conteo; límite sin rango; rango y límite juntos', async () => {
      reply = () => ({ body: [{ id: 1 }] });
      expect(await port.run({ kind: 'select', table: 'clientes' })).toEqual({ rows: [{ id: 1 }] });
      expect(last().params).toEqual([['select', '*']]);
      expect(last().prefer).toBeUndefined();

      await port.run({ kind: 'select', table: 'clientes', limit: 5 });
      expect(last().params).toEqual([
        ['select', '*'],
        ['limit', '5'],
      ]);
      await port.run({ kind: 'select', table: 'clientes', range: { from: 20, to: 29 }, limit: 3 });
      expect(param(last(), 'offset')).toEqual(['20']);
      expect(param(last(), 'limit')).toEqual(['3']);
      await expectAppError(port.run({ kind: 'select', table: 'clientes', range: { from: 5, to: 1 } }), 'validation', es.errores.rangoInvalido);
      await expectAppError(port.run({ kind: 'select', table: 'clientes', limit: -2 }), 'validation', es.errores.rangoInvalido);
    });

    it('valores con comas, paréntesis, comillas y barras van entre comillas y llegan intactos en in.() y or=()', async () => {
      const hostile = ['a,b', '(x)', 'di"jo', 'c:\\temp\\', 'punto.final', 'dos:puntos', '*', '"', '\\', "'; drop table t; --", 'Ñandú 🎉', ')', '$1'];
      await port.run({
        kind: 'select',
        table: 'clientes',
        filters: [
          { column: 'nombre', op: 'in', value: hostile },
          { column: 'nota', op: 'eq', value: 'a,b (c) "d" \\e' },
        ],
        anyOf: [
          ...hostile.map((value) => ({ column: 'nombre', op: 'eq' as const, value })),
          { column: 'nombre', op: 'ilike', value: '%a,b)%' },
          { column: 'email', op: 'is', value: null },
          { column: 'id', op: 'in', value: [1, 'x,y'] },
          { column: 'saldo', op: 'gt', value: 10 },
        ],
      });
      const r = last();
      // top-level values are literal in PostgREST (everything after "op."): no quotes added
      expect(param(r, 'nota')).toEqual(['eq.a,b (c) "d" \\e']);
      const [inList] = param(r, 'nombre');
      expect(inList?.startsWith('in.(')).toBe(true);
      expect(parseList(inList!.slice('in.'.length))).toEqual(hostile);
      expect(inList).toContain('"di\\"jo"');
      expect(inList).toContain('"c:\\\\temp\\\\"');

      const [or] = param(r, 'or');
      const terms = parseLogic(or!);
      expect(terms).toEqual([
        ...hostile.map((value) => ({ column: 'nombre', op: 'eq', value })),
        { column: 'nombre', op: 'ilike', value: '%a,b)%' },
        { column: 'email', op: 'is', value: 'null' },
        { column: 'id', op: 'in', value: ['1', 'x,y'] },
        { column: 'saldo', op: 'gt', value: '10' },
      ]);
      expect(or!.startsWith('(nombre.eq."a,b",nombre.eq."(x)",nombre.eq."di\\"jo"')).toBe(true);
    });

    it('una página más allá del final (416 PGRST103 con count=exact) da filas vacías y el total, como en SQL', async () => {
      reply = (req) =>
        req.method === 'HEAD'
          ? { status: 200, headers: { 'content-range': '*/57' } }
          : {
              status: 416,
              body: { code: 'PGRST103', message: 'Requested range not satisfiable', details: 'An offset of 100 was requested, but there are only 57 rows.', hint: null },
              headers: { 'content-range': '*/57' },
            };
      const q: DataQuery = {
        kind: 'select',
        table: 'clientes',
        columns: ['id'],
        filters: [{ column: 'activo', op: 'eq', value: true }],
        order: [{ column: 'id' }],
        range: { from: 100, to: 109 },
        count: true,
      };
      expect(await port.run(q)).toEqual({ rows: [], count: 57 });
      expect(recorded.map((r) => r.method)).toEqual(['GET', 'HEAD']);
      const head = last();
      expect(head.prefer).toBe('count=exact');
      expect(head.params).toEqual([
        ['select', 'id'],
        ['activo', 'eq.true'],
      ]);
      // newer PostgREST versions send a truncated body with the 416: same answer
      recorded.length = 0;
      reply = (req) => (req.method === 'HEAD' ? { status: 200, headers: { 'content-range': '*/57' } } : { status: 416, body: '{"' });
      expect(await port.run(q)).toEqual({ rows: [], count: 57 });
      expect(await port.run({ ...q, count: false })).toEqual({ rows: [] });
    });

    it('in con lista vacía no consulta y no devuelve filas', async () => {
      expect(await port.run({ kind: 'select', table: 'clientes', filters: [{ column: 'id', op: 'in', value: [] }], count: true })).toEqual({ rows: [], count: 0 });
      expect(await port.run({ kind: 'select', table: 'clientes', anyOf: [{ column: 'id', op: 'in', value: [] }] })).toEqual({ rows: [] });
      expect(recorded).toHaveLength(0);
      await port.run({ kind: 'select', table: 'clientes', anyOf: [{ column: 'id', op: 'in', value: [] }, { column: 'id', op: 'eq', value: 3 }] });
      expect(param(last(), 'or')).toEqual(['(id.eq.3)']);
    });

    it('columnas con nombres que PostgREST reserva se filtran dentro de or=()', async () => {
      await port.run({ kind: 'select', table: 'planes', filters: [{ column: 'limit', op: 'eq', value: 5 }] });
      expect(last().params).toEqual([
        ['select', '*'],
        ['or', '(limit.eq.5)'],
      ]);
    });
  });

  describe('escrituras', () => {
    it('insert de varias filas con returning: POST, return=representation, faltantes con su default', async () => {
      const rows = [
        { nombre: 'Ana', datos: { plan: 'oro', lista: [1, 2] } },
        { nombre: 'Beto', saldo: 10 },
      ];
      reply = (req) => ({ status: 201, body: (req.body as Record<string, unknown>[]).map((row, i) => ({ id: i + 1, ...row })) });
      const result = await port.run({ kind: 'insert', table: 'clientes', rows, returning: ['id', 'nombre'] });
      expect(result.rows).toEqual([
        { id: 1, ...rows[0] },
        { id: 2, ...rows[1] },
      ]);
      const r = last();
      expect(r.method).toBe('POST');
      expect(r.path).toBe('/rest/v1/clientes');
      expect(r.body).toEqual(rows);
      expect(r.contentType).toContain('application/json');
      expect(r.prefer?.split(',').map((s) => s.trim()).sort()).toEqual(['missing=default', 'return=representation']);
      expect(param(r, 'columns')).toEqual(['"nombre","datos","saldo"']);
      expect(param(r, 'select')).toEqual(['id,nombre']);
    });

    it('insert sin returning no pide representación y devuelve filas vacías', async () => {
      reply = () => ({ status: 201 });
      expect(await port.run({ kind: 'insert', table: 'clientes', rows: [{ nombre: 'Ana' }] })).toEqual({ rows: [] });
      expect(last().prefer).toBe('missing=default');
      expect(param(last(), 'select')).toEqual([]);
      recorded.length = 0;
      expect(await port.run({ kind: 'insert', table: 'clientes', rows: [] })).toEqual({ rows: [] });
      expect(recorded).toHaveLength(0);
    });

    it('upsert: resolution=merge-duplicates y on_conflict', async () => {
      reply = (req) => ({ status: 201, body: req.body });
      const rows = [
        { clave: 'tema', valor: { color: 'azul' } },
        { clave: 'idioma', valor: 'es' },
      ];
      const result = await port.run({ kind: 'upsert', table: 'ajustes', rows, onConflict: ['clave'], returning: ['*'] });
      expect(result.rows).toEqual(rows);
      const r = last();
      expect(r.method).toBe('POST');
      expect(r.path).toBe('/rest/v1/ajustes');
      expect(param(r, 'on_conflict')).toEqual(['clave']);
      expect(param(r, 'select')).toEqual(['*']);
      expect(r.prefer?.split(',').map((s) => s.trim()).sort()).toEqual(['missing=default', 'resolution=merge-duplicates', 'return=representation']);
      expect(r.body).toEqual(rows);

      await port.run({ kind: 'upsert', table: 'asignaciones', rows: [{ empresa_id: 1, plan_id: 2 }], onConflict: ['empresa_id', 'plan_id'] });
      expect(param(last(), 'on_conflict')).toEqual(['empresa_id,plan_id']);
      expect(last().prefer?.split(',').map((s) => s.trim()).sort()).toEqual(['missing=default', 'resolution=merge-duplicates']);
    });

    it('update: PATCH con filtros, cuerpo con los valores, returning', async () => {
      reply = () => ({ body: [{ id: 3, saldo: 21 }] });
      const result = await port.run({
        kind: 'update',
        table: 'clientes',
        values: { saldo: 21, datos: { nuevo: true }, ignorado: undefined },
        filters: [
          { column: 'id', op: 'eq', value: 3 },
          { column: 'estado', op: 'in', value: ['activo', 'en pausa'] },
        ],
        returning: ['id', 'saldo'],
      });
      expect(result.rows).toEqual([{ id: 3, saldo: 21 }]);
      const r = last();
      expect(r.method).toBe('PATCH');
      expect(r.path).toBe('/rest/v1/clientes');
      expect(r.body).toEqual({ saldo: 21, datos: { nuevo: true } });
      expect(r.params).toEqual([
        ['id', 'eq.3'],
        ['estado', 'in.("activo","en pausa")'],
        ['select', 'id,saldo'],
      ]);
      expect(r.prefer).toBe('return=representation');
    });

    it('delete: DELETE con filtros; sin returning no devuelve filas', async () => {
      reply = () => ({ status: 204 });
      expect(await port.run({ kind: 'delete', table: 'clientes', filters: [{ column: 'id', op: 'eq', value: 9 }] })).toEqual({ rows: [] });
      const r = last();
      expect(r.method).toBe('DELETE');
      expect(r.path).toBe('/rest/v1/clientes');
      expect(r.params).toEqual([['id', 'eq.9']]);
      expect(r.body).toBeUndefined();

      reply = () => ({ body: [{ id: 9 }] });
      expect(
        await port.run({ kind: 'delete', table: 'clientes', filters: [{ column: 'id', op: 'eq', value: 9 }], returning: ['id'] }),
      ).toEqual({ rows: [{ id: 9 }] });
      expect(last().prefer).toBe('return=representation');
    });

    it('update y delete sin filtro se rechazan sin enviar nada', async () => {
      await expectAppError(port.run({ kind: 'update', table: 'clientes', values: { saldo: 0 }, filters: [] }), 'validation', es.errores.filtroRequerido);
      await expectAppError(port.run({ kind: 'delete', table: 'clientes' } as unknown as DataQuery), 'validation', es.errores.filtroRequerido);
      expect(recorded).toHaveLength(0);
    });
  });

  describe('rpc', () => {
    it('POST /rest/v1/rpc/<fn> con los argumentos en JSON', async () => {
      reply = () => ({ body: 42 });
      const result = await port.run({ kind: 'rpc', fn: 'total_cliente', args: { p_cliente: 7, p_filtro: { a: [1, 'dos'] }, p_texto: "a,b'c" } });
      expect(result).toEqual({ rows: [{ value: 42 }] });
      const r = last();
      expect(r.method).toBe('POST');
      expect(r.path).toBe('/rest/v1/rpc/total_cliente');
      expect(r.body).toEqual({ p_cliente: 7, p_filtro: { a: [1, 'dos'] }, p_texto: "a,b'c" });
      expect(r.params).toEqual([]);

      await port.run({ kind: 'rpc', fn: 'sin_argumentos' });
      expect(last().body).toEqual({});
    });
  });

  describe('nombres hostiles', () => {
    it('tablas, columnas y funciones que no son identificadores simples no salen', async () => {
      const queries: [DataQuery, string][] = [
        [{ kind: 'select', table: 'clientes?select=*&id=eq.1' }, es.errores.tablaDesconocida('clientes?select=*&id=eq.1')],
        [{ kind: 'select', table: '../auth/v1/admin' }, es.errores.tablaDesconocida('../auth/v1/admin')],
        [{ kind: 'select', table: 'clientes', columns: ['id', 'nombre) or 1=1 --'] }, es.errores.columnaDesconocida('clientes', 'nombre) or 1=1 --')],
        [{ kind: 'select', table: 'clientes', columns: ['otra(*)'] }, es.errores.columnaDesconocida('clientes', 'otra(*)')],
        [{ kind: 'select', table: 'clientes', filters: [{ column: 'datos->>x', op: 'eq', value: 1 }] }, es.errores.columnaDesconocida('clientes', 'datos->>x')],
        [{ kind: 'select', table: 'clientes', anyOf: [{ column: 'a.eq.1,b', op: 'eq', value: 1 }] }, es.errores.columnaDesconocida('clientes', 'a.eq.1,b')],
        [{ kind: 'select', table: 'clientes', order: [{ column: 'id.desc,nombre' }] }, es.errores.columnaDesconocida('clientes', 'id.desc,nombre')],
        [{ kind: 'insert', table: 'clientes', rows: [{ 'a"b': 1 }] }, es.errores.columnaDesconocida('clientes', 'a"b')],
        [{ kind: 'upsert', table: 'clientes', rows: [{ a: 1 }], onConflict: ['a,b'] }, es.errores.columnaDesconocida('clientes', 'a,b')],
        [{ kind: 'update', table: 'clientes', values: { 'a b': 1 }, filters: [{ column: 'id', op: 'eq', value: 1 }] }, es.errores.columnaDesconocida('clientes', 'a b')],
        [{ kind: 'delete', table: 'clientes', filters: [{ column: 'id', op: 'eq', value: 1 }], returning: ['*,x'] }, es.errores.columnaDesconocida('clientes', '*,x')],
        [{ kind: 'rpc', fn: '../clientes' }, es.errores.funcionDesconocida('../clientes')],
        [{ kind: 'rpc', fn: 'f?x=1' }, es.errores.funcionDesconocida('f?x=1')],
        [{ kind: 'select', table: 'clientes', filters: [{ column: 'activo', op: 'is', value: 'null' }] }, es.errores.filtroInvalido('activo')],
        [{ kind: 'select', table: 'clientes', filters: [{ column: 'nombre', op: 'eq', value: null }] }, es.errores.filtroInvalido('nombre')],
      ];
      for (const [q, message] of queries) await expectAppError(port.run(q), 'validation', message);
      expect(recorded).toHaveLength(0);
    });
  });

  describe('errores', () => {
    it('el JSON de error de PostgREST se traduce al AppError en español', async () => {
      const cases: [number, Record<string, unknown>, AppError['code'], string][] = [
        [409, { code: '23505', message: 'duplicate key value violates unique constraint "clientes_email_key"', details: 'Key (email)=(a@x.co) already exists.', hint: null }, 'conflict', es.errores.registroDuplicado],
        [409, { code: '23503', message: 'insert or update on table "pedidos" violates foreign key constraint', details: null, hint: null }, 'validation', es.errores.registroRelacionado],
        [400, { code: '23502', message: 'null value in column "nombre"', details: null, hint: null }, 'validation', es.errores.entradaInvalida],
        [400, { code: '23514', message: 'new row violates check constraint', details: null, hint: null }, 'validation', es.errores.entradaInvalida],
        [400, { code: '22P02', message: 'invalid input syntax for type numeric: "mucho"', details: null, hint: null }, 'validation', es.errores.entradaInvalida],
        [403, { code: '42501', message: 'new row violates row-level security policy for table "clientes"', details: null, hint: null }, 'forbidden', es.errores.sinPermiso],
        [400, { code: 'P0001', message: 'El monto debe ser mayor que cero.', details: null, hint: null }, 'validation', 'El monto debe ser mayor que cero.'],
        [404, { code: 'PGRST205', message: "Could not find the table 'public.clientes' in the schema cache", details: null, hint: null }, 'validation', es.errores.tablaDesconocida('clientes')],
        [400, { code: 'PGRST204', message: "Could not find the 'apodo' column of 'clientes' in the schema cache", details: null, hint: null }, 'validation', es.errores.columnaDesconocida('clientes', 'apodo')],
        [400, { code: '42703', message: 'column clientes.apodo does not exist', details: null, hint: null }, 'validation', es.errores.columnaDesconocida('clientes', 'apodo')],
        [401, { code: 'PGRST301', message: 'JWT expired', details: null, hint: null }, 'unauthenticated', es.login.sesionExpirada],
        [503, { code: 'PGRST001', message: 'Database client error', details: null, hint: null }, 'unavailable', es.errores.servidorDatosNoDisponible],
      ];
      for (const [status, body, code, message] of cases) {
        reply = () => ({ status, body });
        const err = await expectAppError(port.run({ kind: 'insert', table: 'clientes', rows: [{ nombre: 'x' }] }), code, message);
        expect(err.message).not.toContain('constraint');
      }
      reply = () => ({ status: 404, body: { code: 'PGRST202', message: 'Could not find the function public.nada without parameters', details: null, hint: null } });
      await expectAppError(port.run({ kind: 'rpc', fn: 'nada' }), 'validation', es.errores.funcionDesconocida('nada'));
      reply = () => ({ status: 400, body: { code: 'P0001', message: 'El límite de minutos de la campaña fue superado.', details: null, hint: null } });
      await expectAppError(port.run({ kind: 'rpc', fn: 'registrar_llamada', args: { x: 1 } }), 'validation', 'El límite de minutos de la campaña fue superado.');
    });

    it('sin servidor: "No se pudo conectar con el servidor de datos."', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const deadPort = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const dead = makePort(`http://127.0.0.1:${deadPort}`);
      await expectAppError(dead.run({ kind: 'insert', table: 'clientes', rows: [{ nombre: 'x' }] }), 'unavailable', es.errores.servidorDatosNoDisponible);
      await expectAppError(dead.run({ kind: 'rpc', fn: 'f' }), 'unavailable', es.errores.servidorDatosNoDisponible);
    });
  });
});
