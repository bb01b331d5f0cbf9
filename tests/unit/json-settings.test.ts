import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors';
import { crearAjustesJson } from '../../src/main/ajustes/json-settings';
import { assertNotSecret, looksLikeSecretKey, looksLikeSecretValue } from '../../src/main/ajustes/guard';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'json-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('createJsonSettings', () => {
  it('starts empty when the file does not exist, and does not create it until a write', () => {
    const file = join(dir, 'sub', 'ajustes.json');
    const settings = crearAjustesJson(file);
    expect(settings.get('tema')).toBeUndefined();
    expect(existsSync(file)).toBe(false);
    settings.set('tema', 'oscuro');
    expect(existsSync(file)).toBe(true);
  });

  it('sets, gets, overwrites and deletes; survives a reopen', () => {
    const file = join(dir, 'ajustes.json');
    const a = crearAjustesJson(file);
    a.set('tema', 'claro');
    a.set('menu', { colapsado: true, orden: [3, 1, 2] });
    a.set('tema', 'oscuro');
    a.set('vacio', null);
    expect(a.get('tema')).toBe('oscuro');
    const b = crearAjustesJson(file);
    expect(b.get('tema')).toBe('oscuro');
    expect(b.get<{ colapsado: boolean; orden: number[] }>('menu')).toEqual({ colapsado: true, orden: [3, 1, 2] });
    expect(b.get('vacio')).toBeNull();
    b.delete('tema');
    b.delete('no-existe');
    expect(crearAjustesJson(file).get('tema')).toBeUndefined();
    b.set('menu', undefined);
    expect(crearAjustesJson(file).get('menu')).toBeUndefined();
  });

  it('keys are flat names (a dot is part of the key) and prototype names are refused', () => {
    const s = crearAjustesJson(join(dir, 'ajustes.json'));
    s.set('backend.modo', 'embedded');
    expect(s.get('backend.modo')).toBe('embedded');
    expect(s.get('backend')).toBeUndefined();
    expect(() => s.set('__proto__', { polluted: true })).toThrow(AppError);
    expect(() => s.set('', 1)).toThrow(AppError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('returns copies, so mutating a result does not change the settings', () => {
    const s = crearAjustesJson(join(dir, 'ajustes.json'));
    s.set('lista', [1, 2]);
    s.get<number[]>('lista')!.push(3);
    expect(s.get('lista')).toEqual([1, 2]);
  });

  it('writes atomically: no temp files left behind, file is valid JSON with private permissions', () => {
    const file = join(dir, 'ajustes.json');
    const s = crearAjustesJson(file);
    for (let i = 0; i < 50; i++) s.set(`k${i}`, { i, texto: 'ñandú 🔐' });
    expect(readdirSync(dir)).toEqual(['ajustes.json']);
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(parsed)).toHaveLength(50);
    expect(parsed.k7).toEqual({ i: 7, texto: 'ñandú 🔐' });
    if (process.platform !== 'win32') {
      const mode = statSync(file).mode & 0o777;
      expect(mode & 0o077).toBe(0);
    }
  });

  it('a failed write keeps the in-memory value and leaves no temp file', () => {
    const file = join(dir, 'ajustes.json');
    const s = crearAjustesJson(file);
    s.set('tema', 'claro');
    // Make the rename fail (works as root too): the target becomes a non-empty directory.
    rmSync(file);
    mkdirSync(join(file, 'bloqueo'), { recursive: true });
    expect(() => s.set('tema', 'oscuro')).toThrow();
    expect(() => s.delete('tema')).toThrow();
    expect(s.get('tema')).toBe('claro');
    expect(readdirSync(dir)).toEqual(['ajustes.json']);
  });

  it.each([
    ['not JSON', '{"tema": "osc'],
    ['an array', '[1,2,3]'],
    ['a string', '"hola"'],
    ['empty', ''],
    ['binary', '\u0000\u0001\u0002'],
  ])('tolerates a corrupt file (%s): starts empty and keeps a .bak', (_label, content) => {
    const file = join(dir, 'ajustes.json');
    writeFileSync(file, content);
    const messages: string[] = [];
    const s = crearAjustesJson(file, { log: (m) => messages.push(m) });
    expect(s.recoveredFromCorruption).toBe(true);
    expect(s.get('tema')).toBeUndefined();
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe(content);
    expect(messages.join('\n')).toMatch(/dañado/);
    s.set('tema', 'claro');
    expect(crearAjustesJson(file).get('tema')).toBe('claro');
  });

  it('refuses secrets', () => {
    const file = join(dir, 'ajustes.json');
    const s = crearAjustesJson(file);
    expect(() => s.set('supabase.anonKey', 'abc')).toThrow(/llavero/);
    expect(() => s.set('hosted', { url: 'https://x.supabase.co', anon_key: 'abc' })).toThrow(AppError);
    expect(() => s.set('ultimaSesion', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.sig')).toThrow(AppError);
    expect(existsSync(file)).toBe(false);
  });
});

describe('assertNotSecret', () => {
  it.each([
    'password',
    'adminPassword',
    'db_password',
    'contraseña',
    'token',
    'accessToken',
    'refresh_token',
    'sessionToken',
    'secret',
    'clientSecret',
    'webhook-secret',
    'key',
    'apiKey',
    'api_key',
    'APIKEY',
    'anon_key',
    'anonKey',
    'supabase.anonKey',
    'SUPABASE_ANON_KEY',
    'supabaseanonkey',
    'service_role',
    'serviceRoleKey',
    'privateKey',
    'jwt',
    'credentials',
    'clave',
  ])('refuses the key %s', (key) => {
    expect(looksLikeSecretKey(key)).toBe(true);
    let error: unknown;
    try {
      assertNotSecret(key, 'x');
    } catch (e) {
      error = e;
    }
    expect(AppError.is(error)).toBe(true);
    expect((error as AppError).code).toBe('validation');
    expect((error as AppError).message).toContain(key);
    expect((error as AppError).message).not.toContain('"x"');
  });

  it.each(['tema', 'menuColapsado', 'backend.modo', 'hosted.url', 'ultimaCampana', 'keyboardLayout', 'monkey', 'idioma', 'zonaHoraria', 'passthrough'])(
    'accepts the ordinary key %s',
    (key) => {
      expect(looksLikeSecretKey(key)).toBe(false);
      expect(() => assertNotSecret(key, 'valor')).not.toThrow();
    },
  );

  it('looks inside objects and arrays, and at the shape of values', () => {
    expect(() => assertNotSecret('hosted', { url: 'https://x.supabase.co', anonKey: 'a' })).toThrow(/hosted\.anonKey/);
    expect(() => assertNotSecret('lista', [{ nombre: 'a' }, { token: 'b' }])).toThrow(/lista\[1\]\.token/);
    expect(() => assertNotSecret('cualquiera', 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiJ9.abc')).toThrow(AppError);
    expect(() => assertNotSecret('cualquiera', 'sb_secret_abcdefghijkl')).toThrow(AppError);
    expect(() => assertNotSecret('cualquiera', { deep: { deeper: ['-----BEGIN RSA PRIVATE KEY-----\nabc'] } })).toThrow(AppError);
    expect(looksLikeSecretValue('https://example.supabase.co')).toBe(false);
    expect(() => assertNotSecret('hosted', { url: 'https://x.supabase.co', modo: 'hosted' })).not.toThrow();
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => assertNotSecret('ciclo', cyclic)).not.toThrow();
  });
});
