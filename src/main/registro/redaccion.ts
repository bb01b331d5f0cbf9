/**
 * What the diagnostic log never writes: secrets, tokens, passwords, e-mail addresses. Nothing the app logs is
 * meant to carry them (messages name what happened, errors only their name, code and message); this is the
 * defence in depth for the day one slips into an error message from a library.
 *
 * Two layers, applied to every line before it is written:
 * 1. the exact values the vault read or stored in this process (src/main/secretos/vault.ts registers them), so a
 *    webhook credential or an anon key is hidden whatever its shape;
 * 2. the shapes secrets take: JWTs, `Bearer …`, `clave=…`, a password in a URL (`scheme://user:pass@`), long
 *    hex or base64 tokens, and e-mail addresses (personal data: an operator's or a client's).
 */

export const OCULTO = '[oculto]';
export const CORREO = '[correo]';

/** Values shorter than this are not registered: hiding every "1234" or "admin" would make the log unreadable. */
const MINIMO_SECRETO = 6;
/** A long-running process signs in many times (hosted session tokens pass through the vault): keep the newest. */
const MAXIMO_SECRETOS = 5000;

// Process-wide, like the keychain it mirrors: every log of this process hides what any vault of it handled.
const secretos = new Set<string>();
let ordenados: string[] = [];

/**
 * Registers a secret value (and its URL-encoded and JSON-escaped forms) so that no log line ever shows it. A JSON
 * object is registered by its secret members too — a webhook's `{"token":…}`, `{"contrasena":…}` or
 * `{"cabeceras":{…}}`, a hosted session's `access_token` and `refresh_token` — since the password alone is what an
 * error would repeat; its other members (`"aud":"authenticated"`, `"token_type":"bearer"`, a user name) are not
 * secrets, and hiding those words everywhere would garble the log.
 */
export function registrarSecreto(valor: string | null | undefined): void {
  if (typeof valor !== 'string' || valor.length < MINIMO_SECRETO) return;
  let cambio = false;
  for (const parte of [valor, ...miembrosSecretos(valor)]) {
    for (const forma of [parte, encodeURIComponent(parte), JSON.stringify(parte).slice(1, -1)]) {
      if (forma.length < MINIMO_SECRETO) continue;
      // Seen again = used again: it moves to the newest end, so the cap drops the values no longer in use.
      if (secretos.delete(forma)) secretos.add(forma);
      else {
        secretos.add(forma);
        cambio = true;
      }
    }
  }
  for (const viejo of secretos) {
    if (secretos.size <= MAXIMO_SECRETOS) break;
    secretos.delete(viejo);
  }
  // Longest first, so a secret that contains another is hidden whole.
  if (cambio) ordenados = [...secretos].sort((a, b) => b.length - a.length);
}

/** Member names that hold a secret (anything under them, e.g. every header value under `cabeceras`). */
const CLAVE_SECRETA = /^token$|token$|contrase|password|secret|clave|api_?key|cabecera|credencial|verifier/i;

/** The strings of a JSON object found under a secret member name; none when the value is not such JSON. */
function miembrosSecretos(valor: string): string[] {
  if (!/^\s*[[{]/.test(valor)) return [];
  let dato: unknown;
  try {
    dato = JSON.parse(valor);
  } catch {
    return [];
  }
  const salida: string[] = [];
  const recorrer = (v: unknown, secreto: boolean): void => {
    if (typeof v === 'string') {
      if (secreto) salida.push(v);
    } else if (Array.isArray(v)) {
      for (const x of v) recorrer(x, secreto);
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) recorrer(x, secreto || CLAVE_SECRETA.test(k));
    }
  };
  recorrer(dato, false);
  return salida;
}

const PATRONES: Array<[RegExp, string]> = [
  // JWT (a Supabase anon key, a GoTrue access token): header.payload.signature, base64url.
  [/eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, OCULTO],
  // Authorization values.
  [/\b(Bearer|Basic)\s+[^\s,;"']+/gi, `$1 ${OCULTO}`],
  // A credential in a URL: everything between "scheme://" and the last "@" of the address (a password may hold "@").
  [/\b([a-z][a-z0-9+.-]*:\/\/)\S*@/gi, `$1${OCULTO}@`],
  // key=value, key:value or "key": "value" for names that say what they hold.
  [
    /\b(password|passwd|contrase(?:ñ|n)a|clave|secreto?|token|apikey|api[_-]key|credenciales?)(=|["']\s*:\s*["']?|:(?=\S))[^\s"',;&]+/gi,
    `$1$2${OCULTO}`,
  ],
  // E-mail addresses (personal data).
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, CORREO],
  // Long hex: signing secrets, token hashes, API keys. UUIDs (hyphenated) stay: they name rows, not secrets.
  [/\b[0-9a-f]{32,}\b/gi, OCULTO],
  // Long base64/base64url tokens: mixed case and digits, no path separator (paths and migration names stay).
  [/(?<![A-Za-z0-9+_-])(?=[A-Za-z0-9+_-]*[0-9])(?=[A-Za-z0-9+_-]*[a-z])(?=[A-Za-z0-9+_-]*[A-Z])[A-Za-z0-9+_-]{24,}={0,2}/g, OCULTO],
];

/** The text with every registered secret and every secret-shaped part replaced. */
export function ocultar(texto: string): string {
  let salida = texto;
  for (const secreto of ordenados) {
    if (salida.includes(secreto)) salida = salida.split(secreto).join(OCULTO);
  }
  for (const [patron, reemplazo] of PATRONES) salida = salida.replace(patron, reemplazo);
  return salida;
}
