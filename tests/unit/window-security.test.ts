import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  DEFAULT_EXTERNAL_ALLOW_LIST,
  isAllowedExternalUrl,
  isAppUrl,
  isTrustedSender,
  mimeType,
  permissionDecision,
  resolveAppProtocolPath,
  secureWebPreferences,
  securityHeaders,
  type SenderFrameLike,
} from '../../src/main/window/security';

const DEV = 'http://localhost:5173';

describe('isAppUrl', () => {
  it('accepts our own app://app pages', () => {
    expect(isAppUrl('app://app/index.html')).toBe(true);
    expect(isAppUrl('app://app/')).toBe(true);
    expect(isAppUrl('app://app/llamadas/campanas?x=1#a')).toBe(true);
  });

  it('rejects other hosts, schemes, credentials and tricks', () => {
    for (const url of [
      'app://evil/index.html',
      'app://app.evil.com/',
      'app://app:8080/',
      'app://user@app/',
      'app://app',
      'file:///etc/passwd',
      'https://app/index.html',
      'http://localhost:5173/',
      'about:blank',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      ' app://app/index.html',
      'app://app/\\..\\x',
      '',
    ]) {
      expect(isAppUrl(url), url).toBe(false);
    }
  });

  it('accepts only the exact dev-server origin in development', () => {
    expect(isAppUrl('http://localhost:5173/', DEV)).toBe(true);
    expect(isAppUrl('http://localhost:5173/login', DEV)).toBe(true);
    expect(isAppUrl('http://localhost:5174/', DEV)).toBe(false);
    expect(isAppUrl('https://localhost:5173/', DEV)).toBe(false);
    expect(isAppUrl('http://127.0.0.1:5173/', DEV)).toBe(false);
    expect(isAppUrl('http://localhost:5173.evil.com/', DEV)).toBe(false);
    expect(isAppUrl('http://evil@localhost:5173/', DEV)).toBe(false);
    expect(isAppUrl('app://app/index.html', DEV)).toBe(true);
  });
});

describe('isAllowedExternalUrl', () => {
  const allow = ['example.com', '*.supabase.co'];

  it('accepts parsed http(s) URLs on the allow-list', () => {
    expect(isAllowedExternalUrl('https://example.com/docs?a=1', allow)).toBe(true);
    expect(isAllowedExternalUrl('http://example.com', allow)).toBe(true);
    expect(isAllowedExternalUrl('HTTPS://EXAMPLE.COM/x', allow)).toBe(true);
    expect(isAllowedExternalUrl('https://abc.supabase.co/project', allow)).toBe(true);
  });

  it('rejects other schemes', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'file:///C:/Windows/system32/calc.exe',
      'data:text/html;base64,PHNjcmlwdD4=',
      'app://app/index.html',
      'ftp://example.com/',
      'mailto:a@example.com',
      'vbscript:msgbox',
      'https:example.com',
      '//example.com/',
    ]) {
      expect(isAllowedExternalUrl(url, allow), url).toBe(false);
    }
  });

  it('rejects host tricks, credentials, backslashes and whitespace', () => {
    for (const url of [
      'https://example.com.evil.com/',
      'https://evil.com@example.com/',
      'https://example.com@evil.com/',
      'https://user:pass@example.com/',
      'https://@example.com/',
      'https://evilexample.com/',
      'https://example.com./',
      'https://example.com:8443/',
      'https://example.com\\@evil.com/',
      'https:\\\\example.com/',
      ' https://example.com/',
      '\thttps://example.com/',
      '\nhttps://example.com/',
      'https://example.com/ x',
      'https://exаmple.com/', // Cyrillic "а"
      'https://xn--exmple-4nf.com/',
      'https://ｅｘａｍｐｌｅ.com.evil.com/',
      'https://supabase.co/', // "*.supabase.co" does not include the apex
      'https://abc.supabase.co.evil.com/',
      'https://127.0.0.1/',
      'https://[::1]/',
    ]) {
      expect(isAllowedExternalUrl(url, allow), url).toBe(false);
    }
  });

  it('rejects everything with an empty list and non-strings', () => {
    expect(isAllowedExternalUrl('https://example.com/', [])).toBe(false);
    expect(isAllowedExternalUrl(undefined as unknown as string, allow)).toBe(false);
    expect(isAllowedExternalUrl('https://example.com/', ['https://example.com/'])).toBe(false);
  });

  it('the default allow-list is made of plain host names', () => {
    for (const entry of DEFAULT_EXTERNAL_ALLOW_LIST) expect(entry).toMatch(/^(\*\.)?[a-z0-9.-]+$/);
  });
});

describe('isTrustedSender', () => {
  function mainFrame(url: string, id = 1): SenderFrameLike {
    const frame: SenderFrameLike = { url, parent: null, frameTreeNodeId: id };
    frame.top = frame;
    return frame;
  }

  it('trusts our app:// main frame', () => {
    expect(isTrustedSender(mainFrame('app://app/index.html'))).toBe(true);
    expect(isTrustedSender(mainFrame('app://app/index.html', 7), 7)).toBe(true);
  });

  it('rejects null frames, iframes, foreign origins and about:blank', () => {
    expect(isTrustedSender(null)).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
    const top = mainFrame('app://app/index.html');
    expect(isTrustedSender({ url: 'app://app/index.html', parent: top, top })).toBe(false);
    expect(isTrustedSender({ url: 'https://evil.com/', parent: top, top })).toBe(false);
    expect(isTrustedSender({ url: 'app://app/index.html', parent: null, top })).toBe(false);
    expect(isTrustedSender(mainFrame('https://evil.com/'))).toBe(false);
    expect(isTrustedSender(mainFrame('about:blank'))).toBe(false);
    expect(isTrustedSender(mainFrame('file:///tmp/x.html'))).toBe(false);
    expect(isTrustedSender(mainFrame(''))).toBe(false);
    expect(isTrustedSender({ ...mainFrame('app://app/'), detached: true })).toBe(false);
  });

  it('rejects a frame other than the known main frame', () => {
    expect(isTrustedSender(mainFrame('app://app/index.html', 2), 1)).toBe(false);
  });

  it('accepts the dev server only when it is given', () => {
    expect(isTrustedSender(mainFrame(`${DEV}/`))).toBe(false);
    expect(isTrustedSender(mainFrame(`${DEV}/`), undefined, DEV)).toBe(true);
  });
});

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
    const d = directives(contentSecurityPolicy({ dev: false }));
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(d.get('media-src')).toEqual(["'self'", 'blob:', 'data:']);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('form-action')).toEqual(["'none'"]);
    const all = contentSecurityPolicy({ dev: false });
    expect(all).not.toContain('unsafe-eval');
    expect(all).not.toContain('ws:');
    expect(all).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('adds only the dev server and its websocket in development', () => {
    const d = directives(contentSecurityPolicy({ dev: true, devServerUrl: DEV }));
    expect(d.get('connect-src')).toEqual(["'self'", DEV, 'ws://localhost:5173']);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(contentSecurityPolicy({ dev: true, devServerUrl: DEV })).not.toContain('unsafe-eval');
  });

  it('is sent with the other hardening headers', () => {
    const h = securityHeaders({ dev: false });
    expect(h['Content-Security-Policy']).toBe(contentSecurityPolicy({ dev: false }));
    expect(h['X-Content-Type-Options']).toBe('nosniff');
  });
});

describe('permissionDecision', () => {
  it('always denies', () => {
    expect(permissionDecision()).toBe(false);
  });
});

describe('secureWebPreferences', () => {
  it('isolates and sandboxes the renderer', () => {
    const prefs = secureWebPreferences('/app/out/preload/index.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    });
  });
});

describe('resolveAppProtocolPath', () => {
  let dir: string;
  let outside: string;

  beforeAll(() => {
    const base = mkdtempSync(join(tmpdir(), 'app-proto-'));
    dir = join(base, 'renderer');
    outside = join(base, 'secret.txt');
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'assets', 'main-abc.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'logo con espacio.png'), 'png');
    writeFileSync(outside, 'secret');
  });
  afterAll(() => rmSync(resolve(dir, '..'), { recursive: true, force: true }));

  it('serves files inside the renderer folder', () => {
    expect(resolveAppProtocolPath('app://app/assets/main-abc.js', dir)).toEqual({
      kind: 'file',
      filePath: join(dir, 'assets', 'main-abc.js'),
      fallback: false,
    });
    expect(resolveAppProtocolPath('app://app/assets/logo%20con%20espacio.png?v=1', dir)).toMatchObject({
      kind: 'file',
      filePath: join(dir, 'assets', 'logo con espacio.png'),
    });
    expect(resolveAppProtocolPath('app://app/', dir)).toMatchObject({ kind: 'file', filePath: join(dir, 'index.html') });
    expect(resolveAppProtocolPath('app://app/index.html', dir)).toMatchObject({ kind: 'file', fallback: false });
  });

  it('falls back to index.html for client routes, 404 for missing assets', () => {
    expect(resolveAppProtocolPath('app://app/llamadas/campanas', dir)).toEqual({
      kind: 'file',
      filePath: join(dir, 'index.html'),
      fallback: true,
    });
    expect(resolveAppProtocolPath('app://app/login#x', dir)).toMatchObject({ kind: 'file', fallback: true });
    expect(resolveAppProtocolPath('app://app/assets/missing.js', dir)).toEqual({ kind: 'not_found' });
  });

  it('never leaves the renderer folder', () => {
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
      'app://evil/index.html',
      'app://user@app/index.html',
      'file:///etc/passwd',
      'https://app/index.html',
    ]) {
      const result = resolveAppProtocolPath(url, dir);
      expect(result.kind, url).toBe('forbidden');
    }
  });

  it('every served path stays inside the folder', () => {
    const root = resolve(dir) + sep;
    for (const url of ['app://app/a/b/c', 'app://app/assets/main-abc.js', 'app://app/./x']) {
      const result = resolveAppProtocolPath(url, dir);
      if (result.kind === 'file') expect(result.filePath.startsWith(root)).toBe(true);
    }
  });

  it('knows the content types of the bundle', () => {
    expect(mimeType('a/index.html')).toMatch(/^text\/html/);
    expect(mimeType('a/x.JS')).toMatch(/^text\/javascript/);
    expect(mimeType('a/x.wasm')).toBe('application/wasm');
    expect(mimeType('a/x.unknown')).toBe('application/octet-stream');
  });
});
