import { describe, expect, it } from 'vitest';
import { telefonosDeCsv } from '../../src/renderer/features/llamadas/csv';

/** The 'No llamar' CSV import's reading of a file (the api normalises and counts what it cannot read). */
describe('telefonosDeCsv', () => {
  it('takes the column headed telefono/phone/celular, wherever it is, and skips the header', () => {
    const r = telefonosDeCsv('\uFEFFNombre;Teléfono;Email\r\nAna;+57 300 111 0001;a@x.co\r\nBeto;3001110002;b@x.co\r\n', 100);
    expect(r).toEqual({ ok: true, telefonos: ['+57 300 111 0001', '3001110002'], largos: 0 });
    expect(telefonosDeCsv('id,Phone\n1,555-0101\n2,555-0102\n', 100)).toEqual({ ok: true, telefonos: ['555-0101', '555-0102'], largos: 0 });
    expect(telefonosDeCsv('celular\n3001234567\n', 100)).toEqual({ ok: true, telefonos: ['3001234567'], largos: 0 });
  });

  it('reads a file without a header from its first column, leaving out empty cells', () => {
    expect(telefonosDeCsv('+573001110001\n\n   \n3001110002,foo\n', 100)).toEqual({ ok: true, telefonos: ['+573001110001', '3001110002'], largos: 0 });
  });

  it('sends what may be a phone and counts cells too long to be one', () => {
    const r = telefonosDeCsv(`telefono\nxx\n${'9'.repeat(41)}\n3001110002\n`, 100);
    expect(r).toEqual({ ok: true, telefonos: ['xx', '3001110002'], largos: 1 });
  });

  it('says in Spanish why a file is refused', () => {
    expect(telefonosDeCsv('', 100)).toEqual({ ok: false, error: 'El archivo está vacío.' });
    expect(telefonosDeCsv('telefono\n', 100)).toEqual({ ok: false, error: 'El archivo no tiene teléfonos. No se importó nada.' });
    expect(telefonosDeCsv('telefono\n"3001\n', 100)).toMatchObject({ ok: false, error: expect.stringContaining('mal formado') });
    expect(telefonosDeCsv('a\u0000b', 100)).toEqual({ ok: false, error: 'El archivo no parece un CSV de texto. No se importó nada.' });
    expect(telefonosDeCsv('telefono\n1111111\n2222222\n3333333\n', 2)).toEqual({ ok: false, error: 'El archivo tiene más de 2 teléfonos. Divídelo en partes. No se importó nada.' });
  });
});
