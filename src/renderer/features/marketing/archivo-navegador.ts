/** Browser-side file helpers of the marketing agent: read a chosen file as base64, save a download. */
import { base64ToBytes, bytesToBase64, formatoCoincide, problemaArchivoSeleccionado } from '../../../shared/areas/marketing/archivos';
import { es } from '../../../shared/i18n/es';

export type ArchivoLeido = { ok: true; nombre: string; base64: string; bytes: number } | { ok: false; mensaje: string };

/** Checks type and size first (nothing is read for a wrong file), then reads it and checks its first bytes. */
export async function leerArchivo(file: File): Promise<ArchivoLeido> {
  const problem = problemaArchivoSeleccionado(file.name, file.size);
  if (problem) return { ok: false, mensaje: problem };
  let buffer: ArrayBuffer;
  try {
    buffer = await file.arrayBuffer();
  } catch {
    return { ok: false, mensaje: es.marketing.errorLeer };
  }
  const bytes = new Uint8Array(buffer);
  if (bytes.length === 0) return { ok: false, mensaje: es.marketing.errorLeer };
  if (!formatoCoincide(file.name, bytes.subarray(0, 8))) return { ok: false, mensaje: es.marketing.formatoNoValido };
  return { ok: true, nombre: file.name, base64: bytesToBase64(bytes), bytes: bytes.length };
}

/**
 * Hands the bytes to the browser as a download. On the desktop, Electron answers a download with the
 * system's save dialog; in a browser it goes to the downloads folder.
 */
export function guardarDescarga(nombre: string, tipo: string, base64: string): void {
  const bytes = base64ToBytes(base64) ?? new Uint8Array();
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: tipo }));
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
