/**
 * The signature of an inbound request (issue 15 §1): HMAC-SHA256 with the route's secret over
 * `<fecha>.<raw body bytes>`, sent as `X-Consola-Firma: sha256=<hex>` with `X-Consola-Fecha: <unix seconds>`.
 * docs/N8N-RESULTADOS.md shows how n8n computes it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The hex HMAC of `<fecha>.<cuerpo>`. */
export function firmaEntrada(secreto: string, fecha: string, cuerpo: Buffer | string): string {
  return createHmac('sha256', secreto).update(`${fecha}.`).update(cuerpo).digest('hex');
}

/** The hex digest of an `X-Consola-Firma` header (`sha256=<64 hex>`), lower case; null when malformed. */
export function leerFirma(cabecera: string | undefined): string | null {
  const m = /^sha256=([0-9a-fA-F]{64})$/.exec((cabecera ?? '').trim());
  return m ? m[1]!.toLowerCase() : null;
}

/** `X-Consola-Fecha` as unix seconds; null when malformed. */
export function leerFecha(cabecera: string | undefined): number | null {
  const v = (cabecera ?? '').trim();
  return /^\d{1,12}$/.test(v) ? Number(v) : null;
}

/** Constant-time comparison of the expected and the received hex digests. */
export function firmaCoincide(secreto: string, fecha: string, cuerpo: Buffer, recibida: string): boolean {
  const esperada = Buffer.from(firmaEntrada(secreto, fecha, cuerpo), 'hex');
  const dada = Buffer.from(recibida, 'hex');
  return esperada.length === dada.length && timingSafeEqual(esperada, dada);
}
