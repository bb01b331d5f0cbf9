/**
 * Refusals in the diagnostic log (src/main/registro/rechazos.ts): a refused credential check is one line with the
 * operation and the code, never the input; a 'forbidden' answer is logged; other answers are not; wrapping the
 * dispatch at two layers (host and entry point) still gives one line.
 */
import { describe, expect, it } from 'vitest';
import type { Dispatch } from '../../src/main/dispatch';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import { registrarRechazos } from '../../src/main/registro/rechazos';
import { es } from '../../src/shared/i18n/es';

const l = es.datos.registro.lineas;
const ctx = { getToken: () => null, setToken: () => {} };

describe('registrarRechazos', () => {
  it('registra el acceso rechazado y el permiso denegado, sin la entrada, una sola vez aunque se envuelva dos veces', async () => {
    const respuestas: Record<string, Envelope> = {
      'auth.iniciarSesion': { ok: false, error: { code: 'unauthenticated', message: 'Email o contraseña incorrectos.' } },
      'operadores.agregar': { ok: false, error: { code: 'forbidden', message: 'Sin permiso.' } },
      'llamadas.crearCampana': { ok: false, error: { code: 'validation', message: 'Falta el nombre.' } },
      'auth.estado': { ok: true, data: null },
    };
    const base: Dispatch = async (area, name) => respuestas[`${area}.${name}`]!;
    const lineas: string[] = [];
    const log = (m: string) => void lineas.push(m);
    const dispatch = registrarRechazos(registrarRechazos(base, log), log);

    await dispatch('auth', 'iniciarSesion', { email: 'ana@agencia.co', password: 'Secreta2026x' }, ctx);
    await dispatch('operadores', 'agregar', { email: 'otro@agencia.co' }, ctx);
    await dispatch('llamadas', 'crearCampana', { nombre: '' }, ctx);
    await dispatch('auth', 'estado', {}, ctx);

    expect(lineas).toEqual([l.accesoRechazado('auth.iniciarSesion', 'unauthenticated'), l.permisoDenegado('operadores.agregar')]);
    expect(lineas.join('\n')).not.toMatch(/ana@|Secreta2026x|otro@/);
  });
});
