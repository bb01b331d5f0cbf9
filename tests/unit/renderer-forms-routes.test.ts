import { describe, expect, it } from 'vitest';
import { ROUTE_ALIASES, DASHBOARD_CHILDREN, aliasTarget } from '../../src/renderer/app/route-paths';
import { ScrollMemory, scrollActionFor } from '../../src/renderer/app/scroll';
import { firstAdminView } from '../../src/renderer/features/auth/first-admin-form';
import { loginErrorMessage, loginSubmitDisabled, loginValidationMessage } from '../../src/renderer/features/auth/login-form';
import { formatDateTime } from '../../src/renderer/lib/format';
import { AppError } from '../../src/shared/errors';

describe('login form rules (part 1 §5, §8)', () => {
  it('disables the button while busy or while a field is empty', () => {
    expect(loginSubmitDisabled('', 'x', false)).toBe(true);
    expect(loginSubmitDisabled('a@b.co', '', false)).toBe(true);
    expect(loginSubmitDisabled('a@b.co', 'x', true)).toBe(true);
    expect(loginSubmitDisabled('a@b.co', 'x', false)).toBe(false);
    expect(loginSubmitDisabled('  ', ' ', false)).toBe(false);
  });

  it('asks for both fields after trimming', () => {
    expect(loginValidationMessage('  ', 'x')).toBe('Por favor, completa todos los campos.');
    expect(loginValidationMessage('a@b.co', '   ')).toBe('Por favor, completa todos los campos.');
    expect(loginValidationMessage('a@b.co', 'x')).toBeNull();
  });

  it('shows the server message, else the generic ones', () => {
    expect(loginErrorMessage(new AppError('unauthenticated', 'Email o contraseña incorrectos.'))).toBe('Email o contraseña incorrectos.');
    expect(loginErrorMessage(new AppError('unauthenticated', ''))).toBe('Error de autenticación');
    expect(loginErrorMessage(new Error('boom'))).toBe('Error inesperado. Intenta nuevamente.');
  });
});

describe('first administrator form', () => {
  const base = { nombre: 'Ana', email: 'ana@agencia.co', password: 'Segura123', confirmacion: 'Segura123' };

  it('shows the strength rules in order and the match indicator', () => {
    expect(firstAdminView({ ...base, password: 'abc', confirmacion: '' }).strength?.text).toBe('La contraseña debe tener al menos 8 caracteres');
    expect(firstAdminView({ ...base, password: 'ABCDEFGH' }).strength?.text).toBe('La contraseña debe tener al menos una letra minúscula');
    expect(firstAdminView({ ...base, password: 'abcdefgh' }).strength?.text).toBe('La contraseña debe tener al menos una letra mayúscula');
    expect(firstAdminView({ ...base, password: 'Abcdefgh' }).strength?.text).toBe('La contraseña debe tener al menos un número');
    expect(firstAdminView(base).strength).toEqual({ text: 'Contraseña válida', valid: true });
    expect(firstAdminView(base).match).toEqual({ text: 'Las contraseñas coinciden', ok: true });
    expect(firstAdminView({ ...base, confirmacion: 'Segura12' }).match).toEqual({ text: 'Las contraseñas no coinciden', ok: false });
    expect(firstAdminView({ ...base, password: '', confirmacion: '' })).toMatchObject({ strength: null, match: null });
  });

  it('enables submit only when everything is valid', () => {
    expect(firstAdminView(base).canSubmit).toBe(true);
    expect(firstAdminView(base, true).canSubmit).toBe(false);
    expect(firstAdminView({ ...base, nombre: '  ' }).canSubmit).toBe(false);
    expect(firstAdminView({ ...base, email: 'ana' }).canSubmit).toBe(false);
    expect(firstAdminView({ ...base, password: 'segura123', confirmacion: 'segura123' }).canSubmit).toBe(false);
    expect(firstAdminView({ ...base, confirmacion: 'Segura124' }).canSubmit).toBe(false);
  });
});

describe('routes (part 1 §2.1)', () => {
  it('has every dashboard child and alias of the route table', () => {
    expect([...DASHBOARD_CHILDREN].sort()).toEqual(
      [
        'resumen', 'clientes', 'campanas', 'equipo', 'configuracion', 'agente-marketing', 'bot-duda', 'bot-wp',
        'shopify/bot', 'shopify/mensajes', 'wp/mensajes', 'whatsapp/resumen', 'whatsapp/configuracion',
        'whatsapp/mensajes', 'planes', 'proyectos', 'proyectos/administrar-servicios', 'proyectos/administrar-empresas',
        'proyectos/asignar-empresas-wordpress', 'proyectos/metricas',
      ].sort(),
    );
    expect(Object.keys(ROUTE_ALIASES).sort()).toEqual(
      [
        '/proyectos', '/proyectos/administrar-empresas', '/planes', '/llamadas/campanas', '/llamadas/clientes',
        '/llamadas/equipo', '/llamadas/resumen', '/duda/bot', '/shopify/bot', '/wp/bot', '/configuracion',
      ].sort(),
    );
  });

  it('redirects aliases into the dashboard keeping query and hash', () => {
    expect(aliasTarget('/wp/bot')).toBe('/dashboard/bot-wp');
    expect(aliasTarget('/duda/bot', '?x=1', '#tabla')).toBe('/dashboard/bot-duda?x=1#tabla');
    expect(aliasTarget('/llamadas/equipo')).toBe('/dashboard/equipo');
    expect(aliasTarget('/nada')).toBeNull();
    expect(aliasTarget('/toString')).toBeNull();
  });
});

describe('scroll rule (part 1 §2.1)', () => {
  it('hash first, then the saved position, then the top', () => {
    expect(scrollActionFor('#clientes', 400)).toEqual({ kind: 'hash', id: 'clientes' });
    expect(scrollActionFor('#secci%C3%B3n', undefined)).toEqual({ kind: 'hash', id: 'sección' });
    expect(scrollActionFor('', 400)).toEqual({ kind: 'restore', y: 400 });
    expect(scrollActionFor('', undefined)).toEqual({ kind: 'top' });
    expect(scrollActionFor('#', 0)).toEqual({ kind: 'top' });
  });

  it('remembers positions per history entry, bounded', () => {
    const memory = new ScrollMemory(2);
    memory.save('a', 10);
    memory.save('b', 20);
    memory.save('c', 30);
    expect(memory.get('a')).toBeUndefined();
    expect(memory.get('b')).toBe(20);
    expect(memory.get('c')).toBe(30);
  });
});

describe('dates', () => {
  it('are shown in Bogotá time with es-CO', () => {
    const text = formatDateTime('2025-08-01T15:30:00Z');
    expect(text).toContain('01/08/2025');
    expect(text).toMatch(/10:30/);
    expect(formatDateTime('no es fecha')).toBe('no es fecha');
  });
});
