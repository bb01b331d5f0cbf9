/** The one rule for reading a row's values (src/shared/operaciones/filas.ts), whichever database or transport sent them. */
import { describe, expect, it } from 'vitest';
import { instante, numero, numeroONulo, texto, textoONulo, textoVacioONulo, booleano } from '../../src/shared/operaciones/filas';

describe('filas: null y vacío se leen igual en cada repositorio', () => {
  it('texto: null es vacío; textoONulo conserva el vacío; textoVacioONulo lo lee como ninguno', () => {
    expect([texto(null), texto(''), texto(7)]).toEqual(['', '', '7']);
    expect([textoONulo(undefined), textoONulo(''), textoONulo('a')]).toEqual([null, '', 'a']);
    expect([textoVacioONulo(''), textoVacioONulo(null), textoVacioONulo('a')]).toEqual([null, null, 'a']);
  });

  it('números: un bigint en texto es número; vacío o ilegible es ninguno (0 en numero)', () => {
    expect([numero('9007199254740'), numero(''), numero('x'), numero(null)]).toEqual([9007199254740, 0, 0, 0]);
    expect([numeroONulo('2.5'), numeroONulo(''), numeroONulo('x'), numeroONulo(0)]).toEqual([2.5, null, null, 0]);
  });

  it('instantes: Date, ISO y el texto de PostgreSQL salen en ISO UTC; lo ilegible es null', () => {
    const iso = '2026-11-21T15:00:00.000Z';
    expect([instante(new Date(iso)), instante(iso), instante('2026-11-21 15:00:00+00'), instante('ayer'), instante('')]).toEqual([iso, iso, iso, null, null]);
    expect(instante('2026-11-21')).toBe('2026-11-21T00:00:00.000Z');
  });

  it('booleano: solo true (o la t de PostgreSQL) es verdadero', () => {
    expect([booleano(true), booleano('t'), booleano('f'), booleano(1), booleano(null)]).toEqual([true, true, false, false, false]);
  });
});
