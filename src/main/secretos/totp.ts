/**
 * The embedded second factor's crypto, from well-kept libraries and node:crypto (no hand-written TOTP):
 *  - codes: RFC 6238 through `otpauth` (SHA-1, 6 digits, 30 s, what every authenticator app reads), accepted one
 *    step either side (clock drift); the caller stores the step so each code is used once;
 *  - the secret at rest: AES-256-GCM under a key kept in the keychain (created on first use), never in a file;
 *  - recovery codes: 10 random codes, stored as SHA-256 hashes only.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { SecretsPort } from '../../shared/ports/secrets';
import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';

export const TOTP_PERIODO_S = 30;
/** Steps accepted either side of now: one (RFC 6238 §5.2's recommended allowance for drift). */
export const TOTP_VENTANA = 1;
export const CODIGOS_RECUPERACION = 10;
/** The keychain account of the key that encrypts every operator's TOTP secret. */
export const CUENTA_CLAVE_TOTP = 'mfa-totp-clave';
const EMISOR = 'Consola de Automatización';

function totp(secreto: string, etiqueta = ''): TOTP {
  return new TOTP({ issuer: EMISOR, label: etiqueta, algorithm: 'SHA1', digits: 6, period: TOTP_PERIODO_S, secret: Secret.fromBase32(secreto) });
}

export function nuevoSecreto(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI the authenticator app reads from the QR code. */
export function uriTotp(secreto: string, email: string): string {
  return totp(secreto, email).toString();
}

/** The code of an instant (tests play the authenticator app with the injected clock). */
export function codigoEn(secreto: string, instante: Date): string {
  return totp(secreto).generate({ timestamp: instante.getTime() });
}

/** The RFC 6238 step of an accepted code (within ±1 step of `ahora`), or null. */
export function pasoDelCodigo(secreto: string, codigo: string, ahora: Date): number | null {
  const limpio = codigo.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(limpio)) return null;
  const delta = totp(secreto).validate({ token: limpio, timestamp: ahora.getTime(), window: TOTP_VENTANA });
  if (delta === null) return null;
  return Math.floor(ahora.getTime() / 1000 / TOTP_PERIODO_S) + delta;
}

/** Ten codes of 10 characters (xxxxx-xxxxx, no look-alike letters). */
export function nuevosCodigosRecuperacion(): string[] {
  const alfabeto = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: CODIGOS_RECUPERACION }, () => {
    const bytes = randomBytes(10);
    const s = Array.from(bytes, (b) => alfabeto[b % alfabeto.length]).join('');
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}

export function hashRecuperacion(codigo: string): string {
  return createHash('sha256').update(codigo.trim().toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}

export function pareceRecuperacion(codigo: string): boolean {
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(codigo.trim());
}

/** The AES-256-GCM key from the keychain, made on first use. Without a keychain there is no second factor. */
export function claveTotp(secretos: SecretsPort | undefined): () => Promise<Buffer> {
  let clave: Promise<Buffer> | null = null;
  return () => {
    if (!secretos) return Promise.reject(new AppError('config', es.seguridad.sinLlavero));
    clave ??= (async () => {
      const guardada = await secretos.get(CUENTA_CLAVE_TOTP);
      if (guardada) return Buffer.from(guardada, 'base64');
      const nueva = randomBytes(32);
      await secretos.set(CUENTA_CLAVE_TOTP, nueva.toString('base64'));
      return nueva;
    })();
    clave.catch(() => {
      clave = null;
    });
    return clave;
  };
}

export function cifrar(clave: Buffer, texto: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', clave, iv);
  const datos = Buffer.concat([cipher.update(texto, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), datos]).toString('base64');
}

export function descifrar(clave: Buffer, cifrado: string): string {
  const bytes = Buffer.from(cifrado, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', clave, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
