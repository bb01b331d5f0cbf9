/**
 * Pure rules of the backups (issue 16): when the daily copy is due and which automatic copies the rotation keeps.
 * Only automatic copies rotate ('diaria' and 'antes-de-migrar'); manual copies are the administrator's and are
 * never removed automatically.
 */
import type { TipoCopia } from '../../ports/datos';

/** The newest automatic copies kept, whatever their day. */
export const COPIAS_DIARIAS = 7;
/** Beyond those, the newest copy of each of this many earlier weeks. */
export const COPIAS_SEMANALES = 4;
/** A daily copy is due when the newest one is at least this old. */
export const INTERVALO_DIARIO_MS = 24 * 60 * 60 * 1000;

export interface CopiaRotable {
  nombre: string;
  tipo: TipoCopia;
  /** ISO instant of the snapshot. */
  creada: string;
}

export const esAutomatica = (tipo: TipoCopia): boolean => tipo !== 'manual';

/** The Monday (UTC) of the week an instant falls in, as 'YYYY-MM-DD': copies of one week share it. */
export function semanaDe(instante: string): string {
  const fecha = new Date(instante);
  const lunes = new Date(Date.UTC(fecha.getUTCFullYear(), fecha.getUTCMonth(), fecha.getUTCDate() - ((fecha.getUTCDay() + 6) % 7)));
  return lunes.toISOString().slice(0, 10);
}

/**
 * The names the rotation removes: of the automatic copies, newest first, the first COPIAS_DIARIAS stay; of the
 * rest, the newest copy of each week not already represented by those stays, for up to COPIAS_SEMANALES weeks.
 * Everything else goes. Manual copies are never named.
 */
export function copiasARetirar(copias: readonly CopiaRotable[]): string[] {
  const automaticas = copias
    .filter((c) => esAutomatica(c.tipo))
    .sort((a, b) => Date.parse(b.creada) - Date.parse(a.creada) || (a.nombre < b.nombre ? 1 : -1));
  const semanasCubiertas = new Set(automaticas.slice(0, COPIAS_DIARIAS).map((c) => semanaDe(c.creada)));
  const semanales = new Set<string>();
  const retirar: string[] = [];
  for (const copia of automaticas.slice(COPIAS_DIARIAS)) {
    const semana = semanaDe(copia.creada);
    if (!semanasCubiertas.has(semana) && !semanales.has(semana) && semanales.size < COPIAS_SEMANALES) {
      semanales.add(semana);
      continue;
    }
    retirar.push(copia.nombre);
  }
  return retirar;
}

/** When the next daily copy is due: now when there is none yet, else a day after the newest. */
export function proximaCopiaDiaria(ultimaDiaria: string | null, ahora: Date): Date {
  if (!ultimaDiaria) return ahora;
  return new Date(Date.parse(ultimaDiaria) + INTERVALO_DIARIO_MS);
}

export function copiaDiariaPendiente(ultimaDiaria: string | null, ahora: Date): boolean {
  return proximaCopiaDiaria(ultimaDiaria, ahora).getTime() <= ahora.getTime();
}
