import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EXTERNAL_ALLOW_LIST,
  isAllowedExternalUrl,
  isAppUrl,
  isTrustedSender,
  permissionDecision,
  secureWebPreferences,
  type SenderFrameLike,
} from '../../src/main/ventana/security';

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
