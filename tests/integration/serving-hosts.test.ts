/**
 * One serving module, two hosts: the desktop's app:// handler (the function window/create-window.ts registers
 * with `protocol.handle`, called here with a Request, as Electron does) and the HTTP server over a real socket
 * answer the same bytes, content type, cache rule and CSP, refuse the same ways out of the folder (plain and
 * encoded `..`, backslashes, symlinks) and send the app's own routes to index.html.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../src/main/serve';
import { serveAppProtocol } from '../../src/main/ventana/create-window';
import { contentSecurityPolicy } from '../../src/main/sitio-web/policy';
import { es } from '../../src/shared/i18n/es';

// create-window.ts imports electron for its other functions; serveAppProtocol only uses the session it is given.
vi.mock('electron', () => ({ BrowserWindow: class {}, protocol: {}, session: {}, shell: {} }));

type Handler = (request: Pick<Request, 'url' | 'method'>) => Promise<Response>;

interface Answer {
  status: number;
  type: string | null;
  csp: string | null;
  cache: string | null;
  nosniff: string | null;
  bytes: Buffer;
}

const SECRET = 'no debe salir';
let base: string;
let renderer: string;
let server: RunningServer;
let appHandler: Handler;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'consola-serving-'));
  renderer = join(base, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Consola</title><div id="root"></div>');
  writeFileSync(join(renderer, 'assets', 'app-1234abcd.js'), 'console.log("app")');
  writeFileSync(join(renderer, 'assets', 'estilo-99.css'), 'body{margin:0}');
  writeFileSync(join(renderer, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(renderer, 'assets', 'onda.wasm'), Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]));
  writeFileSync(join(base, 'secreto.txt'), SECRET);
  symlinkSync(join(base, 'secreto.txt'), join(renderer, 'fuga.txt'));
  symlinkSync(base, join(renderer, 'afuera'));

  const handlers = new Map<string, Handler>();
  const session = {
    protocol: {
      handle: (scheme: string, fn: Handler) => handlers.set(scheme, fn),
      isProtocolHandled: (scheme: string) => handlers.has(scheme),
      unhandle: (scheme: string) => handlers.delete(scheme),
    },
  };
  serveAppProtocol(session as unknown as Parameters<typeof serveAppProtocol>[0], renderer, {});
  appHandler = handlers.get('app')!;
  // Only static files are asked for here: the api is never reached.
  server = await startServer({ dispatch: async () => ({ ok: false, error: { code: 'internal', message: 'x' } }), rendererDir: renderer });
});
afterAll(async () => {
  await server?.cerrar();
  rmSync(base, { recursive: true, force: true });
});

async function read(response: Response): Promise<Answer> {
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    csp: response.headers.get('content-security-policy'),
    cache: response.headers.get('cache-control'),
    nosniff: response.headers.get('x-content-type-options'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The desktop: the app:// handler with the URL as given (Electron hands over what Chromium parsed). */
const desktop = async (path: string, method = 'GET') => read(await appHandler({ url: `app://app${path}`, method }));

/** The HTTP host: a raw request line over a socket, the path exactly as written (no client-side folding). */
function http(path: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const header = (name: string) => (res.headers[name] as string | undefined) ?? null;
        resolve({
          status: res.statusCode!,
          type: header('content-type'),
          csp: header('content-security-policy'),
          cache: header('cache-control'),
          nosniff: header('x-content-type-options'),
          bytes: Buffer.concat(chunks),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('un solo módulo sirve el renderer por app:// y por HTTP', () => {
  it('los mismos bytes, el mismo tipo, la misma caché y la misma CSP', async () => {
    const cases: Array<[string, string, string]> = [
      ['/', 'text/html', 'no-cache'],
      ['/index.html', 'text/html', 'no-cache'],
      ['/assets/app-1234abcd.js', 'text/javascript', 'immutable'],
      ['/assets/estilo-99.css', 'text/css', 'immutable'],
      ['/assets/onda.wasm', 'application/wasm', 'immutable'],
      ['/favicon.svg', 'image/svg+xml', 'no-cache'],
    ];
    for (const [path, type, cache] of cases) {
      const [a, b] = [await desktop(path), await http(path)];
      expect(a.status, path).toBe(200);
      expect(b.status, path).toBe(200);
      expect(b.bytes.equals(a.bytes), path).toBe(true);
      expect(a.bytes.length, path).toBeGreaterThan(0);
      expect(a.type, path).toContain(type);
      expect(b.type, path).toBe(a.type);
      expect(a.cache, path).toContain(cache);
      expect(b.cache, path).toBe(a.cache);
      expect(a.csp, path).toBe(contentSecurityPolicy());
      expect(b.csp, path).toBe(a.csp);
      expect(a.nosniff).toBe('nosniff');
      expect(b.nosniff).toBe('nosniff');
    }
  });

  it('las rutas de la aplicación reciben index.html; un recurso que falta, 404 en español', async () => {
    const index = await desktop('/index.html');
    for (const path of ['/dashboard/proyectos/metricas', '/login', '/accesoempresas/77777777-7777-4777-8777-777777777777/inicio?x=1']) {
      const [a, b] = [await desktop(path), await http(path)];
      expect([a.status, b.status], path).toEqual([200, 200]);
      expect(a.bytes.equals(index.bytes), path).toBe(true);
      expect(b.bytes.equals(index.bytes), path).toBe(true);
      expect(b.type).toBe(a.type);
      expect(a.cache).toBe('no-cache');
    }
    for (const path of ['/assets/no-existe.js', '/logo.png']) {
      const [a, b] = [await desktop(path), await http(path)];
      expect([a.status, b.status], path).toEqual([404, 404]);
      expect(a.bytes.toString()).toBe(es.app.paginaNoEncontrada);
      expect(b.bytes.toString()).toBe(es.app.paginaNoEncontrada);
      expect(b.csp).toBe(a.csp);
    }
  });

  it('ninguno sale de la carpeta: .., %2e%2e, barras invertidas y enlaces simbólicos, 403 en los dos', async () => {
    for (const path of [
      '/../secreto.txt',
      '/assets/../../secreto.txt',
      '/%2e%2e/secreto.txt',
      '/%2E%2E/%2e%2e/secreto.txt',
      '/assets/..%2f..%2fsecreto.txt',
      '/..%5csecreto.txt',
      '/..\\secreto.txt',
      '/%252e%252e/secreto.txt',
      '//etc/passwd',
      '/fuga.txt',
      '/afuera/secreto.txt',
    ]) {
      const [a, b] = [await desktop(path), await http(path)];
      expect(a.status, path).toBe(403);
      expect(b.status, path).toBe(403);
      expect(a.bytes.toString()).not.toContain(SECRET);
      expect(b.bytes.toString()).not.toContain(SECRET);
      expect(b.csp, path).toBe(a.csp);
    }
  });

  it('por app://, un Request que el analizador de URL ya plegó tampoco sale (Electron entrega URLs así)', async () => {
    // new Request() folds "..", "%2e%2e" to the root: what is left is looked up inside the folder only.
    for (const url of ['app://app/../secreto.txt', 'app://app/%2e%2e/%2e%2e/secreto.txt']) {
      const response = await read(await appHandler(new Request(url)));
      expect(response.status, url).toBe(404);
      expect(response.bytes.toString()).not.toContain(SECRET);
    }
    const index = await read(await appHandler(new Request('app://app/assets/../index.html')));
    expect(index.status).toBe(200);
  });

  it('solo GET y HEAD; HEAD sin cuerpo', async () => {
    const [a, b] = [await desktop('/index.html', 'POST'), await http('/index.html', 'POST')];
    expect([a.status, b.status]).toEqual([405, 405]);
    const [ha, hb] = [await desktop('/assets/app-1234abcd.js', 'HEAD'), await http('/assets/app-1234abcd.js', 'HEAD')];
    expect([ha.status, hb.status]).toEqual([200, 200]);
    expect([ha.bytes.length, hb.bytes.length]).toEqual([0, 0]);
    expect(hb.type).toBe(ha.type);
  });

  it('un servidor para una compilación directa deja a sus páginas hablar con ese proyecto, y con nada más', async () => {
    const directo = await startServer({
      dispatch: async () => ({ ok: false, error: { code: 'internal', message: 'x' } }),
      rendererDir: renderer,
      supabaseUrl: 'https://abcd.supabase.co/',
    });
    try {
      const csp = (await fetch(`${directo.url}/accesoempresas/x`)).headers.get('content-security-policy') ?? '';
      const connect = /connect-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(connect.split(' ')).toEqual(["'self'", 'https://abcd.supabase.co']);
      // The plain server keeps 'self' alone.
      expect(/connect-src ([^;]*)/.exec((await http('/index.html')).csp ?? '')?.[1]).toBe("'self'");
    } finally {
      await directo.cerrar();
    }
  });
});
