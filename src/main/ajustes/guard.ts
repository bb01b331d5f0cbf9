/**
 * Settings hold preferences only. Secrets (passwords, tokens, API keys, the Supabase anon key, sessions)
 * go to the OS keychain (secrets/vault.ts). This guard refuses anything that looks like a secret, by key
 * name (also nested object keys) or by value shape (a JWT, a Supabase secret key), so one can never be
 * written to a settings file by mistake.
 */
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';

/** Words that, as a whole word of a key ("supabase.anonKey" → supabase, anon, key), mark a secret. */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'contrasena',
  'clave',
  'token',
  'tokens',
  'secret',
  'secrets',
  'secreto',
  'key',
  'keys',
  'apikey',
  'anonkey',
  'jwt',
  'bearer',
  'cookie',
  'credential',
  'credentials',
  'credencial',
  'credenciales',
  'otp',
  'privatekey',
  'servicerole',
]);

/** Fragments that mark a secret even inside a run-together name ("supabaseanonkey", "x_apikey_v2"). */
const SECRET_FRAGMENTS = [
  'password',
  'passwd',
  'contrasena',
  'secret',
  'secreto',
  'apikey',
  'anonkey',
  'accesstoken',
  'refreshtoken',
  'authtoken',
  'servicerole',
  'privatekey',
  'credential',
  'credencial',
];

function words(key: string): string[] {
  return key
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function looksLikeSecretKey(key: string): boolean {
  const parts = words(key);
  if (parts.some((w) => SECRET_WORDS.has(w))) return true;
  const joined = parts.join('');
  return SECRET_FRAGMENTS.some((f) => joined.includes(f));
}

/** A JWT (the Supabase anon / service_role keys, sessions) or a provider secret key. */
export function looksLikeSecretValue(value: string): boolean {
  const v = value.trim();
  if (/^eyJ[\w-]{5,}\.eyJ[\w-]{5,}\.[\w-]*$/.test(v)) return true;
  if (/^(sb_secret_|sb_publishable_|sk_live_|sk_test_|ghp_|xox[bap]-)[\w-]{8,}/.test(v)) return true;
  if (/^-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(v)) return true;
  return false;
}

/** Throws AppError('validation') when the key or any nested key/value looks like a secret. */
export function assertNotSecret(key: string, value: unknown): void {
  const refuse = (name: string) => {
    throw new AppError('validation', es.escritorio.ajusteSecreto(name));
  };
  if (looksLikeSecretKey(key)) refuse(key);
  const seen = new Set<unknown>();
  const walk = (v: unknown, path: string, depth: number): void => {
    if (depth > 20) return;
    if (typeof v === 'string') {
      if (looksLikeSecretValue(v)) refuse(path);
      return;
    }
    if (v === null || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${path}[${i}]`, depth + 1));
      return;
    }
    for (const [k, inner] of Object.entries(v)) {
      const innerPath = `${path}.${k}`;
      if (looksLikeSecretKey(k)) refuse(innerPath);
      walk(inner, innerPath, depth + 1);
    }
  };
  walk(value, key, 0);
}

/** Keys must be plain names: not empty, not a prototype-polluting name, no control characters. */
export function assertValidSettingsKey(key: string): void {
  if (
    typeof key !== 'string' ||
    key.length === 0 ||
    key.length > 200 ||
    key === '__proto__' ||
    key === 'constructor' ||
    key === 'prototype' ||
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    /[\u0000-\u001f]/.test(key)
  ) {
    throw new AppError('validation', es.errores.entradaInvalida);
  }
}
