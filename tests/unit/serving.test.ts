/**
 * The serving module (src/main/sitio-web): the one Content-Security-Policy, the MIME table and the path
 * resolver that both the desktop's app:// scheme and the HTTP host use. Both hosts through their real entry
 * points: tests/integration/serving-hosts.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from '../../src/main/sitio-web/policy';
import { mimeType, requestPath, resolveStaticPath, type StaticTarget } from '../../src/main/sitio-web/static-site';
import { APP_ORIGIN } from '../../src/main/ventana/security';

const DEV = 'http://localhost:5173';

/** What the desktop's handler does with an app:// URL: its raw path, then the resolver. */
async function resolveAppUrl(url: string, dir: string): Promise<StaticTarget> {
  const raw = requestPath(url, APP_ORIGIN);
  return raw === null ? { kind: 'forbidden' } : resolveStaticPath(raw, dir);
}

describe('contentSecurityPolicy', () => {
  function directives(csp: string): Map<string, string[]> {
    return new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values];
      }),
    );
  }

  it('is strict in production', () => {
    const d = directives(contentSecurityPolicy({}));
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(d.get('media-src')).toEqual(["'self'", 'blob:', 'data:']);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('frame-src')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('form-action')).toEqual(["'none'"]);
    const all = contentSecurityPolicy();
    expect(all).not.toContain('unsafe-eval');
    expect(all).not.toContain('ws:');
    expect(all).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('adds only the dev server and its websocket in development', () => {
    const d = directives(contentSecurityPolicy({ devServerUrl: DEV }));
    expect(d.get('connect-src')).toEqual(["'self'", DEV, 'ws://localhost:5173']);
    expect(d.get('script-src')).toEqual(["'self'", "'unsafe-inline'", DEV]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(contentSecurityPolicy({ devServerUrl: DEV })).not.toContain('unsafe-eval');
    // A dev-server URL that is no http(s) origin adds nothing.
    expect(contentSecurityPolicy({ devServerUrl: 'javascript:alert(1)' })).toBe(contentSecurityPolicy());
  });

  it('adds the origin of a static build\'s Supabase project to connect-src, and nothing else', () => {
    const d = directives(contentSecurityPolicy({ supabaseUrl: 'https://abcd.supabase.co/rest/v1/' }));
    expect(d.get('connect-src')).toEqual(["'self'", 'https://abcd.supabase.co']);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    // Not an http(s) URL, or none at all: the policy stays the plain one.
    expect(contentSecurityPolicy({ supabaseUrl: 'javascript:alert(1)' })).toBe(contentSecurityPolicy());
    expect(contentSecurityPolicy({ supabaseUrl: '' })).toBe(contentSecurityPolicy());
    expect(securityHeaders({ supabaseUrl: 'https://abcd.supabase.co' })['Content-Security-Policy']).toContain(
      "connect-src 'self' https://abcd.supabase.co;",
    );
  });

  it('is sent with the other hardening headers', () => {
    const h = securityHeaders({});
    expect(h['Content-Security-Policy']).toBe(contentSecurityPolicy({}));
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['X-Frame-Options']).toBe('DENY');
    expect(h['Referrer-Policy']).toBe('no-referrer');
  });
});

describe('requestPath', () => {
  it('reads the raw path of the expected origin, without query or fragment', () => {
    expect(requestPath('app://app/assets/x.js?v=1#a', APP_ORIGIN)).toBe('/assets/x.js');
    expect(requestPath('APP://APP/', APP_ORIGIN)).toBe('/');
    expect(requestPath('app://app/../x', APP_ORIGIN)).toBe('/../x');
    expect(requestPath('http://127.0.0.1:5180/a/%2e%2e/b')).toBe('/a/%2e%2e/b');
  });

  it('refuses other origins and URLs without a path', () => {
    for (const url of ['app://evil/', 'app://app.evil/', 'app://app:1/', 'app://user@app/', 'app://app', 'https://app/', 'file:///etc/passwd']) {
      expect(requestPath(url, APP_ORIGIN), url).toBeNull();
    }
    expect(requestPath('http://localhost*')).toBeNull();
    expect(requestPath('/solo/ruta')).toBeNull();
  });
});

describe('resolveStaticPath', () => {
  let base: string;
  let dir: string;
  let outside: string;

  beforeAll(() => {
    base = mkdtempSync(join(tmpdir(), 'app-proto-'));
    dir = join(base, 'renderer');
    outside = join(base, 'secret.txt');
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dir, 'assets', 'main-abc.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'logo con espacio.png'), 'png');
    writeFileSync(outside, 'secret');
    // Symlinks: one file and one folder leading out of the renderer, one pointing inside it.
    symlinkSync(outside, join(dir, 'fuga.txt'));
    symlinkSync(base, join(dir, 'afuera'));
    symlinkSync(join(dir, 'assets', 'main-abc.js'), join(dir, 'assets', 'alias.js'));
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('serves files inside the renderer folder', async () => {
    expect(await resolveAppUrl('app://app/assets/main-abc.js', dir)).toEqual({
      kind: 'file',
      filePath: join(dir, 'assets', 'main-abc.js'),
      fallback: false,
      immutable: true,
    });
    expect(await resolveAppUrl('app://app/assets/logo%20con%20espacio.png?v=1', dir)).toMatchObject({
      kind: 'file',
      filePath: join(dir, 'assets', 'logo con espacio.png'),
    });
    expect(await resolveAppUrl('app://app/', dir)).toMatchObject({ kind: 'file', filePath: join(dir, 'index.html') });
    expect(await resolveAppUrl('app://app/index.html', dir)).toMatchObject({ kind: 'file', fallback: false, immutable: false });
    // Only Vite's content-hashed assets are cached for good.
    expect(await resolveAppUrl('app://app/favicon.svg', dir)).toMatchObject({ kind: 'file', immutable: false });
    // A symlink that stays inside the folder is an ordinary file.
    expect(await resolveAppUrl('app://app/assets/alias.js', dir)).toMatchObject({ kind: 'file', filePath: join(dir, 'assets', 'alias.js') });
  });

  it('falls back to index.html for client routes, 404 for missing assets', async () => {
    expect(await resolveAppUrl('app://app/llamadas/campanas', dir)).toEqual({
      kind: 'file',
      filePath: join(dir, 'index.html'),
      fallback: true,
      immutable: false,
    });
    expect(await resolveAppUrl('app://app/login#x', dir)).toMatchObject({ kind: 'file', fallback: true });
    expect(await resolveAppUrl('app://app/assets/missing.js', dir)).toEqual({ kind: 'not_found' });
    expect(await resolveStaticPath('/dashboard/proyectos', dir)).toMatchObject({ kind: 'file', fallback: true });
  });

  it('never leaves the renderer folder', async () => {
    for (const url of [
      'app://app/../secret.txt',
      'app://app/assets/../../secret.txt',
      'app://app/%2e%2e/secret.txt',
      'app://app/%2E%2E/secret.txt',
      'app://app/.%2e/secret.txt',
      'app://app/assets%2f..%2f..%2fsecret.txt',
      'app://app/%252e%252e/secret.txt',
      'app://app/..%5c..%5csecret.txt',
      'app://app/..\\secret.txt',
      'app://app//etc/passwd',
      'app://app/%2fetc%2fpasswd',
      `app://app/${encodeURIComponent(outside)}`,
      'app://app/C:%5CWindows%5Cwin.ini',
      'app://app/index.html%00.js',
      'app://app/index.html\0',
      'app://app/%E0%A4%A',
      'app://app/a b',
      'app://evil/index.html',
      'app://user@app/index.html',
      'file:///etc/passwd',
      'https://app/index.html',
      // Symlinks whose target lies outside: a file, and a folder.
      'app://app/fuga.txt',
      'app://app/afuera/secret.txt',
    ]) {
      const result = await resolveAppUrl(url, dir);
      expect(result.kind, url).toBe('forbidden');
    }
  });

  it('the HTTP host’s request paths get the same answers', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5csecret.txt', '/fuga.txt', '/afuera/secret.txt']) {
      expect((await resolveStaticPath(path, dir)).kind, path).toBe('forbidden');
    }
  });

  it('every served path stays inside the folder', async () => {
    const root = resolve(dir) + sep;
    for (const url of ['app://app/a/b/c', 'app://app/assets/main-abc.js', 'app://app/./x']) {
      const result = await resolveAppUrl(url, dir);
      if (result.kind === 'file') expect(result.filePath.startsWith(root)).toBe(true);
    }
  });

  it('a folder without index.html has nothing to fall back to', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'app-vacio-'));
    try {
      expect(await resolveStaticPath('/', empty)).toEqual({ kind: 'not_found' });
      expect(await resolveStaticPath('/llamadas', empty)).toEqual({ kind: 'not_found' });
      expect(await resolveStaticPath('/', join(empty, 'no-existe'))).toEqual({ kind: 'not_found' });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('knows the content types of the bundle', () => {
    expect(mimeType('a/index.html')).toMatch(/^text\/html/);
    expect(mimeType('a/x.JS')).toMatch(/^text\/javascript/);
    expect(mimeType('a/x.wasm')).toBe('application/wasm');
    expect(mimeType('a/site.webmanifest')).toBe('application/manifest+json');
    expect(mimeType('a/x.unknown')).toBe('application/octet-stream');
  });
});
