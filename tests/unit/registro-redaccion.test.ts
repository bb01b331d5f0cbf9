/**
 * The log's redaction (src/main/registro/redaccion.ts): registered values are hidden whatever their shape, and
 * secret-shaped text is hidden even when nobody registered it; what the log is for (paths, migration names, ids,
 * Spanish messages) stays readable.
 */
import { describe, expect, it } from 'vitest';
import { CORREO, OCULTO, ocultar, registrarSecreto } from '../../src/main/registro/redaccion';

describe('ocultar', () => {
  it('oculta los valores registrados, también en su forma codificada para una URL', () => {
    const secreto = `Clave de webhook/€ ${Date.now()}`;
    registrarSecreto(secreto);
    expect(ocultar(`fallo al llamar con ${secreto}.`)).toBe(`fallo al llamar con ${OCULTO}.`);
    expect(ocultar(`https://n8n.co/hook?k=${encodeURIComponent(secreto)}`)).not.toContain(encodeURIComponent(secreto));
    // Too short to register: hiding every "abc" would ruin the log.
    registrarSecreto('abc');
    expect(ocultar('abc')).toBe('abc');
  });

  it('de un valor JSON (credenciales de un webhook) registra sus miembros secretos: la contraseña sola también se oculta', () => {
    const contrasena = `solo palabras ${Date.now()}`;
    const cabecera = `cabecera ${Date.now()} valor`;
    registrarSecreto(JSON.stringify({ usuario: 'n8n', contrasena, cabeceras: { 'X-Api-Key': cabecera } }));
    expect(ocultar(`rechazó ${contrasena}; luego ${cabecera}`)).toBe(`rechazó ${OCULTO}; luego ${OCULTO}`);
    // The user name is not a secret member.
    registrarSecreto(JSON.stringify({ usuario: 'operador-n8n', contrasena: `otra ${Date.now()}` }));
    expect(ocultar('usuario operador-n8n')).toBe('usuario operador-n8n');
  });

  it('de una sesión alojada guardada en el llavero oculta sus tokens, no las palabras comunes que la acompañan', () => {
    const access = `acceso.${Date.now()}.firma`;
    const refresh = `refresco-${Date.now()}`;
    registrarSecreto(JSON.stringify({
      access_token: access, token_type: 'bearer', refresh_token: refresh, expires_in: 3600,
      user: { id: '6f1c2a57-3c1e-4a8e-9b43-0a1d2e3f4a5b', aud: 'authenticated', role: 'authenticated' },
    }));
    expect(ocultar(`usó ${access} y ${refresh}`)).toBe(`usó ${OCULTO} y ${OCULTO}`);
    expect(ocultar('Acceso rechazado: auth.iniciarSesion (unauthenticated), bearer')).toBe('Acceso rechazado: auth.iniciarSesion (unauthenticated), bearer');
  });

  it('oculta lo que tiene forma de secreto', () => {
    const jwt =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiIsImlzcyI6InN1cGFiYXNlIn0.Zx8aW3m1_tq4bD0Xg2v9uY7sPq-LrNk3Jc5eHfA1b2c';
    const casos: Array<[string, string]> = [
      [`clave ${jwt} rechazada`, `clave ${OCULTO} rechazada`],
      ['Authorization: Bearer abc.def-ghi', `Authorization: Bearer ${OCULTO}`],
      ['connect postgresql://postgres:S3cr3t@p@ss@db.abcd.supabase.co:5432/postgres', `connect postgresql://${OCULTO}@db.abcd.supabase.co:5432/postgres`],
      ['password=hunter22&x=1', `password=${OCULTO}&x=1`],
      ['{"token":"tok-123"}', `{"token":"${OCULTO}"}`],
      ['firma a3f9c2e4b5d6a7f8e9d0c1b2a3f4e5d6a7b8c9d0e1f2 inválida', `firma ${OCULTO} inválida`],
      ['sesión q9Xk2LmN8pR4tV7wZ1yB3cD5fG6hJ0kA rechazada', `sesión ${OCULTO} rechazada`],
      ['operador ana.perez+ops@agencia.com.co sin acceso', `operador ${CORREO} sin acceso`],
    ];
    for (const [entrada, salida] of casos) expect(ocultar(entrada)).toBe(salida);
  });

  it('deja legible lo que el registro necesita', () => {
    const legibles = [
      'Migraciones aplicadas: 20261128000300_portal_intentos_por_direccion.sql, 20261128001000_cambios_en_vivo.sql',
      'Carpeta de datos: /home/operadora/.consola-automatizacion/data/registro',
      'Resumen: campaña 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f, 120 clientes, 480 llamadas, rango 2025-07-30T05:00:00.000Z – 2025-08-08T04:59:59.999Z',
      'Falta la clave de Supabase: configúrala en Conexión.',
      'Backend: embedded',
      'Versión web disponible en http://127.0.0.1:5180',
    ];
    for (const texto of legibles) expect(ocultar(texto)).toBe(texto);
  });
});
