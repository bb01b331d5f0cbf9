import { describe, expect, it } from 'vitest';
import { problemaCambioContrasena, indicadorCoincidencia, puedeEnviarCambio } from '../../src/shared/areas/configuracion/rules';
import { ACCENT_COLORS, DEFAULT_PREFERENCIAS, parsePreferencias, serializePreferencias } from '../../src/shared/areas/configuracion/rules';
import { isSupabaseUrl } from '../../src/shared/domain/webhooks';
import { contract } from '../../src/shared/contract';
import { es } from '../../src/shared/i18n/es';

const c = es.configuracion;

describe('cambio de contraseña: reglas en orden (§5)', () => {
  it('campos, coincidencia, mínimo y fuerza con sus mensajes', () => {
    expect(problemaCambioContrasena({ actual: '', nueva: 'Nueva2026x', confirmacion: 'Nueva2026x' })).toBe(c.camposRequeridos);
    expect(problemaCambioContrasena({ actual: 'a', nueva: '', confirmacion: '' })).toBe(c.camposRequeridos);
    expect(problemaCambioContrasena({ actual: 'a', nueva: 'Nueva2026x', confirmacion: 'Nueva2026y' })).toBe(c.nuevasNoCoinciden);
    expect(problemaCambioContrasena({ actual: 'a', nueva: 'Ab1', confirmacion: 'Ab1' })).toBe('La nueva contraseña debe tener al menos 8 caracteres');
    expect(problemaCambioContrasena({ actual: 'a', nueva: 'ABCDEFG1', confirmacion: 'ABCDEFG1' })).toBe('La contraseña debe tener al menos una letra minúscula');
    expect(problemaCambioContrasena({ actual: 'a', nueva: 'abcdefg1', confirmacion: 'abcdefg1' })).toBe('La contraseña debe tener al menos una letra mayúscula');
    expect(problemaCambioContrasena({ actual: 'a', nueva: 'Abcdefgh', confirmacion: 'Abcdefgh' })).toBe('La contraseña debe tener al menos un número');
    expect(problemaCambioContrasena({ actual: 'a', nueva: 'Abcdefg1', confirmacion: 'Abcdefg1' })).toBeNull();
    expect(puedeEnviarCambio({ actual: 'a', nueva: 'Abcdefg1', confirmacion: 'Abcdefg1' })).toBe(true);
    expect(puedeEnviarCambio({ actual: 'a', nueva: 'Abcdefg1', confirmacion: 'Abcdefg2' })).toBe(false);
  });

  it('indicador en vivo', () => {
    expect(indicadorCoincidencia('Abc', '')).toBeNull();
    expect(indicadorCoincidencia('Abc', 'Abc')).toEqual({ coinciden: true, texto: 'Las contraseñas coinciden' });
    expect(indicadorCoincidencia('Abc', 'Abd')).toEqual({ coinciden: false, texto: 'Las contraseñas no coinciden' });
  });

  it('el contrato rechaza con el mensaje de la regla', () => {
    const r = contract.configuracion.cambiarContrasena.input.safeParse({ actual: 'x', nueva: 'abcdefg1', confirmacion: 'abcdefg1' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('La contraseña debe tener al menos una letra mayúscula');
  });
});

describe('preferencias locales (§3)', () => {
  it('diez colores, verde por defecto, y lectura tolerante', () => {
    expect(ACCENT_COLORS).toHaveLength(10);
    expect(DEFAULT_PREFERENCIAS).toEqual({ darkMode: false, accentColor: 'green', notificaciones: true });
    expect(parsePreferencias(null)).toEqual(DEFAULT_PREFERENCIAS);
    expect(parsePreferencias('no json')).toEqual(DEFAULT_PREFERENCIAS);
    expect(parsePreferencias('[1]')).toEqual(DEFAULT_PREFERENCIAS);
    expect(parsePreferencias('{"darkMode":true,"accentColor":"purple","notificaciones":false}')).toEqual({ darkMode: true, accentColor: 'purple', notificaciones: false });
    expect(parsePreferencias('{"darkMode":"sí","accentColor":"fucsia"}')).toEqual(DEFAULT_PREFERENCIAS);
    const p = { darkMode: true, accentColor: 'slate' as const, notificaciones: true };
    expect(parsePreferencias(serializePreferencias(p))).toEqual(p);
    for (const color of ACCENT_COLORS) expect(c.colores[color]).toBeTruthy();
  });
});

describe('URL de Supabase', () => {
  it('https, o http solo en local', () => {
    expect(isSupabaseUrl('https://abc.supabase.co')).toBe(true);
    expect(isSupabaseUrl('http://127.0.0.1:54321')).toBe(true);
    expect(isSupabaseUrl('http://abc.supabase.co')).toBe(false);
    expect(isSupabaseUrl('https://user:pw@abc.supabase.co')).toBe(false);
    expect(isSupabaseUrl('abc.supabase.co')).toBe(false);
  });
});
