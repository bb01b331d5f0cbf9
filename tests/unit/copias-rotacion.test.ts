import { describe, expect, it } from 'vitest';
import {
  COPIAS_DIARIAS,
  COPIAS_SEMANALES,
  copiaDiariaPendiente,
  copiasARetirar,
  proximaCopiaDiaria,
  semanaDe,
  type CopiaRotable,
} from '../../src/shared/areas/datos/rules';
import type { TipoCopia } from '../../src/shared/ports/datos';

const copia = (creada: string, tipo: TipoCopia = 'diaria'): CopiaRotable => ({ nombre: `${creada}-${tipo}`, tipo, creada });

describe('rotación de copias', () => {
  it('la semana empieza el lunes (UTC)', () => {
    expect(semanaDe('2026-11-23T00:00:00Z')).toBe('2026-11-23'); // Monday
    expect(semanaDe('2026-11-29T23:59:59Z')).toBe('2026-11-23'); // Sunday
    expect(semanaDe('2026-11-22T12:00:00Z')).toBe('2026-11-16');
    expect(semanaDe('2027-01-01T08:00:00Z')).toBe('2026-12-28'); // across the year
  });

  it('con pocas copias no retira ninguna', () => {
    expect(copiasARetirar([])).toEqual([]);
    const siete = Array.from({ length: COPIAS_DIARIAS }, (_, i) => copia(`2026-11-${String(10 + i).padStart(2, '0')}T03:00:00.000Z`));
    expect(copiasARetirar(siete)).toEqual([]);
  });

  it('se quedan las 7 más recientes y la más reciente de cada una de las 4 semanas anteriores', () => {
    // Daily copies 2026-11-01 … 2026-12-31 (61 days), at 03:00 UTC.
    const todas: CopiaRotable[] = [];
    for (let d = new Date('2026-11-01T03:00:00Z'); d <= new Date('2026-12-31T03:00:00Z'); d = new Date(d.getTime() + 86_400_000)) {
      todas.push(copia(d.toISOString()));
    }
    const retiradas = new Set(copiasARetirar(todas));
    const quedan = todas.filter((c) => !retiradas.has(c.nombre)).map((c) => c.creada.slice(0, 10));
    expect(quedan).toEqual([
      '2026-11-29', '2026-12-06', '2026-12-13', '2026-12-20', // Sundays: the newest of 4 earlier weeks
      '2026-12-25', '2026-12-26', '2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31',
    ]);
    expect(quedan).toHaveLength(COPIAS_DIARIAS + COPIAS_SEMANALES);
  });

  it('las copias manuales nunca se retiran ni cuentan; las de antes de migrar rotan como las diarias', () => {
    const manuales = Array.from({ length: 30 }, (_, i) => copia(new Date(Date.UTC(2026, 0, 1 + i)).toISOString(), 'manual'));
    const automaticas = Array.from({ length: 9 }, (_, i) =>
      copia(new Date(Date.UTC(2026, 5, 1 + i)).toISOString(), i === 8 ? 'antes-de-migrar' : 'diaria'),
    );
    const retiradas = copiasARetirar([...manuales, ...automaticas]);
    expect(retiradas.some((n) => n.endsWith('-manual'))).toBe(false);
    // 9 automatic copies 2026-06-01 … 06-09: the 7 newest stay (06-03 … 06-09, the last one before a migration);
    // 06-01 (week of 06-01, covered by 06-03…06-07) goes, 06-02 too (same week).
    expect(retiradas.sort()).toEqual([automaticas[0]!.nombre, automaticas[1]!.nombre].sort());
  });

  it('la copia diaria toca cuando no hay ninguna o la última tiene 24 h', () => {
    const ahora = new Date('2026-11-23T10:00:00Z');
    expect(copiaDiariaPendiente(null, ahora)).toBe(true);
    expect(copiaDiariaPendiente('2026-11-22T10:00:01Z', ahora)).toBe(false);
    expect(copiaDiariaPendiente('2026-11-22T10:00:00Z', ahora)).toBe(true);
    expect(proximaCopiaDiaria('2026-11-23T09:00:00Z', ahora).toISOString()).toBe('2026-11-24T09:00:00.000Z');
    expect(proximaCopiaDiaria(null, ahora)).toEqual(ahora);
  });
});
