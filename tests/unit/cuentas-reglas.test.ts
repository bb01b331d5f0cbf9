/**
 * The pure rules of issue 27: how a session's device reads, the audit trail's CSV (formula cells neutralised,
 * Spanish action names, flattened detail), the date range of the search, and the TOTP helpers (RFC 6238 test
 * vector, the ±1 step window, recovery codes, the secret's encryption).
 */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { dispositivoDe } from '../../src/shared/areas/seguridad/rules';
import { celdaCsv, csvAuditoria, detalleEnTexto, nombreAccion, rangoDeDias } from '../../src/shared/areas/auditoria/rules';
import { codigoSchema } from '../../src/shared/areas/seguridad/contract';
import {
  cifrar,
  codigoEn,
  descifrar,
  hashRecuperacion,
  nuevoSecreto,
  nuevosCodigosRecuperacion,
  pareceRecuperacion,
  pasoDelCodigo,
  uriTotp,
} from '../../src/main/secretos/totp';
import { es } from '../../src/shared/i18n/es';

describe('dispositivo de una sesión', () => {
  it('navegador y sistema desde el User-Agent; sin él, la aplicación de escritorio', () => {
    expect(dispositivoDe('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36')).toBe('Chrome en Windows');
    expect(dispositivoDe('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15')).toBe('Safari en macOS');
    expect(dispositivoDe('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox en Linux');
    expect(dispositivoDe('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0')).toBe('Edge en Windows');
    expect(dispositivoDe('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36')).toBe('Chrome en Android');
    expect(dispositivoDe(null)).toBe(es.seguridad.escritorio);
    expect(dispositivoDe('algo raro')).toBe(es.seguridad.desconocido);
  });
});

describe('CSV del registro de actividad', () => {
  it('una celda que una hoja de cálculo ejecutaría como fórmula va como texto', () => {
    expect(celdaCsv('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(celdaCsv('+57 300')).toBe("'+57 300");
    expect(celdaCsv('-1')).toBe("'-1");
    expect(celdaCsv('@cmd')).toBe("'@cmd");
    expect(celdaCsv('Ana, "la jefa"')).toBe('"Ana, ""la jefa"""');
    expect(celdaCsv(null)).toBe('');
  });

  it('las acciones se leen en español; el detalle anidado se aplana', () => {
    expect(nombreAccion('operador.rol')).toBe('Cambio de rol');
    expect(nombreAccion('algo.nuevo')).toBe('algo.nuevo');
    expect(detalleEnTexto({ tabla: 'campanas', arrastra: { clientes: 3 }, vacio: null })).toBe('tabla: campanas; arrastra.clientes: 3');
    const csv = csvAuditoria([
      { id: '1', fecha: '2026-11-21T15:00:00.000Z', actorId: null, persona: 'Ana', email: 'a@x.co', accion: 'eliminar.campanas', objeto: 'Campaña', detalle: { arrastra: { clientes: 3 } }, direccion: '127.0.0.1' },
    ]);
    expect(csv).toBe('Fecha,Persona,Correo,Acción,Sobre,Detalle,Dirección\r\n2026-11-21T15:00:00.000Z,Ana,a@x.co,Campaña eliminada,Campaña,arrastra.clientes: 3,127.0.0.1\r\n');
  });

  it('los días del buscador son días de Bogotá, "hasta" incluido', () => {
    expect(rangoDeDias('2026-11-21', '2026-11-21')).toEqual({ desde: '2026-11-21T05:00:00.000Z', hasta: '2026-11-22T05:00:00.000Z' });
    expect(rangoDeDias('', 'no-es-fecha')).toEqual({});
  });
});

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B: the SHA-1 secret "12345678901234567890" (base32 below), T = 59 s → 94287082 (8 digits);
  // with 6 digits, the last six: 287082.
  const RFC = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('da el código del vector de prueba del RFC y lo acepta en su paso', () => {
    const t = new Date(59_000);
    expect(codigoEn(RFC, t)).toBe('287082');
    expect(pasoDelCodigo(RFC, '287 082', t)).toBe(1);
  });

  it('acepta un paso a cada lado y rechaza dos', () => {
    const secreto = nuevoSecreto();
    const ahora = new Date(Date.UTC(2026, 10, 21, 15, 0, 15));
    const paso = Math.floor(ahora.getTime() / 30_000);
    expect(pasoDelCodigo(secreto, codigoEn(secreto, new Date(ahora.getTime() - 30_000)), ahora)).toBe(paso - 1);
    expect(pasoDelCodigo(secreto, codigoEn(secreto, new Date(ahora.getTime() + 30_000)), ahora)).toBe(paso + 1);
    const lejos = codigoEn(secreto, new Date(ahora.getTime() + 60_000));
    const cerca = [-1, 0, 1].map((d) => codigoEn(secreto, new Date(ahora.getTime() + d * 30_000)));
    // (A far code that happens to equal a near one would be accepted, rightly: it is that near code.)
    if (!cerca.includes(lejos)) expect(pasoDelCodigo(secreto, lejos, ahora)).toBeNull();
    expect(pasoDelCodigo(secreto, '12345', ahora)).toBeNull();
    expect(uriTotp(secreto, 'ana@agencia.co')).toMatch(/^otpauth:\/\/totp\/.*ana%40agencia\.co\?.*secret=/);
  });

  it('diez códigos de recuperación distintos, guardados como hash y reconocidos con o sin guion', () => {
    const codigos = nuevosCodigosRecuperacion();
    expect(codigos).toHaveLength(10);
    expect(new Set(codigos).size).toBe(10);
    for (const c of codigos) {
      expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(pareceRecuperacion(c)).toBe(true);
      expect(hashRecuperacion(c.toUpperCase().replace('-', ''))).toBe(hashRecuperacion(c));
      expect(codigoSchema.safeParse(c).success).toBe(true);
    }
    expect(pareceRecuperacion('123456')).toBe(false);
    expect(codigoSchema.safeParse('12345').success).toBe(false);
  });

  it('el secreto cifrado (AES-256-GCM) no se lee sin la clave ni se puede alterar', () => {
    const clave = randomBytes(32);
    const secreto = nuevoSecreto();
    const cifrado = cifrar(clave, secreto);
    expect(cifrado).not.toContain(secreto);
    expect(descifrar(clave, cifrado)).toBe(secreto);
    expect(() => descifrar(randomBytes(32), cifrado)).toThrow();
    const bytes = Buffer.from(cifrado, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => descifrar(clave, bytes.toString('base64'))).toThrow();
  });
});
