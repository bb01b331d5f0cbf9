/**
 * Every copy this install writes is signed (issue 24 §6): the trailer's sha256 finds damage, but anyone who can
 * edit the file can compute it again (an extra administrator added and re-hashed restored fine). The signature is
 * an HMAC-SHA256 with a key only this install holds, in the keychain (created on first use), over the trailer's
 * sha256 and length. A copy without a valid signature (another install's, legitimately when moving machines; or
 * an edited one) is restored only after the administrator confirms it by name.
 *
 * A compressed copy (issue 25) is signed over its TEXT (the trailer's sha256 of the uncompressed bytes), not over
 * the gzip bytes: what a restore runs is the text, so that is what the signature vouches for, whatever the
 * compressor or its level; the very same check serves plain and compressed copies; and a change to the compressed
 * bytes either breaks gzip's own CRC or changes the text, and with it the sha256 the signature covers.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecretsPort } from '../../shared/ports/secrets';
import type { FinCopia } from './formato';

/** Keychain account of the install's signing key (32 random bytes, base64). */
export const CUENTA_CLAVE_FIRMA = 'copias:clave-firma';

export interface FirmaCopias {
  /** The signature of a trailer (hex), or null when the keychain cannot give a key (the copy is written unsigned). */
  firmar(fin: Pick<FinCopia, 'sha256' | 'bytes'>): Promise<string | null>;
  /** Whether the trailer carries this install's signature. */
  esPropia(fin: FinCopia): Promise<boolean>;
}

const mensaje = (fin: Pick<FinCopia, 'sha256' | 'bytes'>) => `consola-copia/1\n${fin.sha256}\n${fin.bytes}`;

export function crearFirmaCopias(secretos: SecretsPort, log: (m: string, e?: unknown) => void = () => {}): FirmaCopias {
  let clave: Promise<Buffer> | null = null;
  /** Reads the key, or makes and stores it the first time; one lookup at a time (two first copies share one key). */
  const obtener = (crear: boolean): Promise<Buffer | null> => {
    if (clave) return clave;
    const intento = (async () => {
      const guardada = await secretos.get(CUENTA_CLAVE_FIRMA);
      if (guardada) return Buffer.from(guardada, 'base64');
      if (!crear) return null;
      const nueva = randomBytes(32).toString('base64');
      await secretos.set(CUENTA_CLAVE_FIRMA, nueva);
      return Buffer.from(nueva, 'base64');
    })();
    return intento.then(
      (valor) => {
        if (valor) clave = Promise.resolve(valor);
        return valor;
      },
      (error: unknown) => {
        log('Copias: no se pudo leer la clave de firma del llavero', error);
        return null;
      },
    );
  };
  const hmac = (k: Buffer, fin: Pick<FinCopia, 'sha256' | 'bytes'>) => createHmac('sha256', k).update(mensaje(fin)).digest();
  return {
    async firmar(fin) {
      const k = await obtener(true);
      return k ? hmac(k, fin).toString('hex') : null;
    },
    async esPropia(fin) {
      if (!fin.firma || !/^[0-9a-f]{64}$/.test(fin.firma)) return false;
      const k = await obtener(false);
      if (!k) return false;
      return timingSafeEqual(hmac(k, fin), Buffer.from(fin.firma, 'hex'));
    },
  };
}
