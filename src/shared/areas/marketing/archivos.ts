import { marketing as t } from "./texts";

export const MAX_ARCHIVO_BYTES = 10 * 1024 * 1024;
export const EXTENSIONES_ARCHIVO = ['.pdf', '.doc', '.docx'] as const;
export const ACCEPT_ARCHIVO = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const MARKETING_BUCKET = 'agente-marketing-files';
export const STORAGE_CACHE_CONTROL_SECONDS = 3600;
/** Base64 text of a 10 MB file (4 characters per 3 bytes, padded). */
export const MAX_ARCHIVO_BASE64 = Math.ceil(MAX_ARCHIVO_BYTES / 3) * 4;

const MIME: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function extensionDe(nombre: string): string {
  const i = nombre.lastIndexOf('.');
  return i >= 0 ? nombre.slice(i).toLowerCase() : '';
}

export function tipoPermitido(nombre: string): boolean {
  return (EXTENSIONES_ARCHIVO as readonly string[]).includes(extensionDe(nombre));
}

export function mimeDe(nombre: string): string {
  return MIME[extensionDe(nombre)] ?? 'application/octet-stream';
}

/** Before reading: the type by name and the size. Returns the message to show, or null. */
export function problemaArchivoSeleccionado(nombre: string, bytes: number): string | null {
  if (!tipoPermitido(nombre)) return t.tipoNoValido;
  if (bytes > MAX_ARCHIVO_BYTES) return t.archivoMuyGrande;
  if (bytes === 0) return t.errorLeer;
  return null;
}

/** After reading: the first bytes must be those of the claimed format (PDF, OLE2 .doc, ZIP .docx). */
export function formatoCoincide(nombre: string, head: Uint8Array): boolean {
  const starts = (sig: number[]) => sig.every((b, i) => head[i] === b);
  switch (extensionDe(nombre)) {
    case '.pdf':
      return starts([0x25, 0x50, 0x44, 0x46, 0x2d]); // %PDF-
    case '.doc':
      return starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case '.docx':
      return starts([0x50, 0x4b, 0x03, 0x04]);
    default:
      return false;
  }
}

/** Strict base64 (standard alphabet, padded) to bytes; null when it is not base64. */
export function base64ToBytes(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  try {
    const binary = atob(text);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

/**
 * The full check the api layer runs on a received file: type, decodable, not empty, not over 10 MB, and
 * the content matches the type. Throws nothing: returns the bytes or the Spanish message.
 */
export function validarArchivo(nombre: string, base64: string): { ok: true; bytes: Uint8Array } | { ok: false; mensaje: string } {
  if (!tipoPermitido(nombre)) return { ok: false, mensaje: t.tipoNoValido };
  if (base64.length > MAX_ARCHIVO_BASE64) return { ok: false, mensaje: t.archivoMuyGrande };
  const bytes = base64ToBytes(base64);
  if (!bytes || bytes.length === 0) return { ok: false, mensaje: t.errorLeer };
  if (bytes.length > MAX_ARCHIVO_BYTES) return { ok: false, mensaje: t.archivoMuyGrande };
  if (!formatoCoincide(nombre, bytes.subarray(0, 8))) return { ok: false, mensaje: t.formatoNoValido };
  return { ok: true, bytes };
}

/**
 * A file name safe on every file system and in a storage key: accents removed, anything but letters,
 * digits, dot, dash and underscore becomes '_', no leading dots, at most 120 characters (extension kept).
 */
export function nombreSeguro(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  let safe = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._-]+/, '')
    .replace(/\.{2,}/g, '.');
  if (!safe || safe === '.' || /^[._-]*$/.test(safe)) safe = 'archivo';
  if (safe.length > 120) {
    const ext = extensionDe(safe).slice(0, 10);
    safe = safe.slice(0, 120 - ext.length) + ext;
  }
  return safe;
}

/** {userId}/{timestamp}_{safe original name} (part 3 §3). */
export function rutaArchivo(userId: string, timestamp: number, originalName: string): string {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(userId)) throw new Error('userId no válido');
  return `${userId}/${Math.trunc(timestamp)}_${nombreSeguro(originalName)}`;
}

/** A stored path we accept back from the database: two safe segments, no traversal, no absolute path. */
export function rutaSegura(path: string): boolean {
  return /^[A-Za-z0-9-]{1,64}\/\d{1,16}_[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/.test(path) && !path.includes('..');
}
