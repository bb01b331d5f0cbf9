import { describe, expect, it } from 'vitest';
import { mensajeDe } from '../../src/renderer/lib/mensaje-error';
import { AppError } from '../../src/shared/errors';

describe('the message a screen shows for a failure (mensajeDe)', () => {
  it("shows the api's Spanish message when it has one", () => {
    expect(mensajeDe(new AppError('forbidden', 'No tienes permiso para esta operación.'), 'Error al eliminar el plan')).toBe('No tienes permiso para esta operación.');
    expect(mensajeDe(new AppError('internal', 'Error al cargar las campañas'), 'Otro')).toBe('Error al cargar las campañas');
  });
  it("falls back to the screen's line for the generic one, a blank message or anything that is not the api's", () => {
    expect(mensajeDe(new AppError('internal', 'Error inesperado. Intenta nuevamente.'), 'Error al eliminar el plan')).toBe('Error al eliminar el plan');
    expect(mensajeDe(new AppError('unauthenticated', '  '), 'Error de autenticación')).toBe('Error de autenticación');
    expect(mensajeDe(new TypeError('Failed to fetch'), 'Error al guardar')).toBe('Error al guardar');
    expect(mensajeDe('boom')).toBe('Error inesperado. Intenta nuevamente.');
  });
});
