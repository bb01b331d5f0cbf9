/**
 * The one-time password an administrator hands to a new operator (or after a reset). Drawn from the
 * platform's CSPRNG (WebCrypto getRandomValues: in Node the same source as node:crypto), without modulo bias,
 * from an alphabet without look-alikes (0/O, 1/l/I), and always valid under the password rules.
 */
import { passwordProblem } from '../auth/rules';

const ALFABETO = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export const LARGO_CONTRASENA_UN_USO = 16;

type Aleatorio = (bytes: Uint8Array) => Uint8Array;
const cripto: Aleatorio = (bytes) => globalThis.crypto.getRandomValues(bytes);

export function contrasenaDeUnSoloUso(aleatorio: Aleatorio = cripto): string {
  // 57 symbols: bytes of 228 and above are dropped (228 = 4 × 57), so every symbol is equally likely.
  const limite = 256 - (256 % ALFABETO.length);
  for (;;) {
    let contrasena = '';
    while (contrasena.length < LARGO_CONTRASENA_UN_USO) {
      for (const b of aleatorio(new Uint8Array(32))) {
        if (b < limite && contrasena.length < LARGO_CONTRASENA_UN_USO) contrasena += ALFABETO[b % ALFABETO.length];
      }
    }
    if (!passwordProblem(contrasena)) return contrasena;
  }
}
