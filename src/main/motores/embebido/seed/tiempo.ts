/** Time arithmetic of the seed: every demo date is an offset from the `now` the seed was given. */

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const MINUTE = 60_000;
/** America/Bogota is UTC−5 all year (no daylight saving). */
const BOGOTA_OFFSET = 5 * HOUR;

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Start of the current day in Bogotá, as a UTC instant. */
export function bogotaMidnight(nowMs: number): number {
  return Math.floor((nowMs - BOGOTA_OFFSET) / DAY) * DAY + BOGOTA_OFFSET;
}

/** An instant `days` before now, as the ISO text the jsonb_to_recordset inserts read. */
export function daysBefore(nowMs: number, days: number): string {
  return new Date(nowMs - days * DAY).toISOString();
}
