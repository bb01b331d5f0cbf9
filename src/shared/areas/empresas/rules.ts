/**
 * Client-company portal credentials (part 2 §6). The username is 'usuario_' + the lowercased name with
 * spaces turned into underscores; the password is 8 characters from a cryptographic source.
 *
 * Beyond the original: the password is stored only as a bcrypt hash (a database trigger hashes whatever
 * plain value is written, so no path can store it in clear). It is shown and copyable once, right after it is
 * generated or reset; afterwards the operator resets it instead of reading it back.
 */
import type { z } from 'zod';
import type { credencialesPortalSchema, empresaSchema } from './contract';

export const LONGITUD_CONTRASENA_PORTAL = 8;

/** Letters and digits without the look-alikes 0/O, 1/l/I (easy to read out and type). 56 symbols. */
export const ALFABETO_CONTRASENA = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

export function generarUsuarioPortal(nombre: string): string {
  return `usuario_${nombre.trim().toLowerCase().replace(/\s+/g, '_')}`;
}

/** Fills the array with cryptographically strong random values (Web Crypto: browser and Node). */
export type FuenteAleatoria = (bytes: Uint8Array) => Uint8Array;

export const fuenteCriptografica: FuenteAleatoria = (bytes) => globalThis.crypto.getRandomValues(bytes);

/**
 * A random password of `longitud` characters from ALFABETO_CONTRASENA, without modulo bias (bytes at or
 * above the largest multiple of the alphabet size are discarded and drawn again).
 */
export function generarContrasenaPortal(fuente: FuenteAleatoria = fuenteCriptografica, longitud = LONGITUD_CONTRASENA_PORTAL): string {
  const n = ALFABETO_CONTRASENA.length;
  const limite = 256 - (256 % n);
  let out = '';
  while (out.length < longitud) {
    const bytes = fuente(new Uint8Array(longitud * 2));
    for (const b of bytes) {
      if (b < limite) out += ALFABETO_CONTRASENA[b % n];
      if (out.length === longitud) break;
    }
  }
  return out;
}

/** The client access link (§2): {origin}/accesoempresas/{company id}. */
export function enlaceAccesoEmpresa(origen: string, id: string): string {
  return `${origen.replace(/\/+$/, '')}/accesoempresas/${encodeURIComponent(id)}`;
}

export type Empresa = z.infer<typeof empresaSchema>;

export type CredencialesPortal = z.infer<typeof credencialesPortalSchema>;
