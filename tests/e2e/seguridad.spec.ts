import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { codigoEn, TOTP_PERIODO_S } from '../../src/main/secretos/totp';
import { expect, test } from './support/fixtures';
import { findClipped, settled } from './support/layout';
import { Api } from './support/api';

/**
 * Operator accounts (issue 27), at the desktop window's size (1360×860), nothing clipped and axe clean:
 *  1. the administrator turns on two-step verification in Configuración → Seguridad (a QR drawn locally, the
 *     key to type by hand, a code), and gets his ten recovery codes once;
 *  2. signing in on another browser now asks for the code; with it, that browser is in; the administrator
 *     sees both sessions and closes the other one: its live-update stream ends at once and its page is out;
 *  3. Configuración → Actividad shows who did what, filters by action and exports the CSV;
 *  4. an operator lost his phone: the administrator resets his two-step verification from Configuración →
 *     Operadores (with a confirmation), and Actividad, left open, shows it without a reload; the operator is not
 *     offered the action (he has no Operadores section) and is refused by the api.
 * The served app runs on real time, so the authenticator app is played with the same clock (Date.now()).
 */
test.describe.configure({ mode: 'serial' });

async function sinProblemas(page: Page, donde: string): Promise<void> {
  await settled(page);
  expect(await findClipped(page), donde).toEqual([]);
  const axe = await new AxeBuilder({ page }).analyze();
  const graves = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  expect(graves, donde).toEqual([]);
}

let secreto = '';
let recuperacion: string[] = [];

/**
 * Signs the page in as the administrator (the API's password step, then the code step on screen). The codes
 * of the app are spent one step at a time per operator, so these sign-ins use recovery codes.
 */
async function entrarConCodigo(page: Page, sesion: { entrarComoAdmin(): Promise<unknown> }, codigo: string): Promise<void> {
  await sesion.entrarComoAdmin();
  await page.goto('/');
  await page.getByLabel('Código de verificación').fill(codigo);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

test('el administrador activa la verificación en dos pasos y recibe sus códigos de recuperación una vez', async ({ page, sesion }) => {
  // The file's app starts inside this first story (about 40 s on its own on a shared machine).
  test.slow();
  await page.setViewportSize({ width: 1360, height: 860 });
  await sesion.entrarComoAdmin();
  await page.goto('/dashboard/configuracion');
  await page.getByRole('tab', { name: 'Seguridad' }).click();
  await expect(page).toHaveURL(/seccion=seguridad/);
  await expect(page.getByTestId('estado-dos-pasos')).toHaveText('Inactiva');
  await expect(page.getByTestId('fila-sesion')).toHaveCount(1);
  await expect(page.getByTestId('fila-sesion').first()).toContainText('Esta sesión');
  await sinProblemas(page, 'seguridad');

  await page.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
  const alta = page.getByRole('dialog', { name: 'Verificación en dos pasos' });
  await expect(alta.getByRole('img', { name: 'Código QR para la aplicación de autenticación' })).toBeVisible();
  secreto = (await alta.getByTestId('clave-manual').textContent())!.trim();
  expect(secreto).toMatch(/^[A-Z2-7]{32}$/);
  await sinProblemas(page, 'seguridad › activar');
  await alta.getByLabel('Código de verificación').fill('000000' === codigoEn(secreto, new Date()) ? '111111' : '000000');
  await alta.getByRole('button', { name: 'Confirmar' }).click();
  await expect(alta.getByRole('alert')).toContainText('El código no es correcto o ya se usó.');
  await alta.getByLabel('Código de verificación').fill(codigoEn(secreto, new Date()));
  await alta.getByRole('button', { name: 'Confirmar' }).click();

  const codigos = page.getByRole('dialog', { name: 'Guarda tus códigos de recuperación' });
  await expect(codigos.getByTestId('codigos-recuperacion').locator('code')).toHaveCount(10);
  recuperacion = await codigos.getByTestId('codigos-recuperacion').locator('code').allTextContents();
  await sinProblemas(page, 'seguridad › códigos de recuperación');
  await page.screenshot({ path: test.info().outputPath('seguridad-codigos.png') });
  await codigos.getByRole('button', { name: 'Ya los guardé' }).click();
  await expect(codigos).toBeHidden();
  await expect(page.getByTestId('estado-dos-pasos')).toHaveText('Activa');
  await expect(page.getByText('Te quedan 10 códigos de recuperación sin usar.')).toBeVisible();
  await expect(page.getByTestId('exigir-dos-pasos')).toBeVisible();
});

test('otro navegador entra con el código; el administrador cierra esa sesión y su flujo en vivo termina en el acto', async ({ page, sesion, nuevoCliente }) => {
  await page.setViewportSize({ width: 1360, height: 860 });
  await entrarConCodigo(page, sesion, recuperacion[0]!);
  const otro = await nuevoCliente();
  await otro.setViewportSize({ width: 1360, height: 860 });
  await otro.goto('/');
  await otro.getByPlaceholder('Ingresa tu email').fill(sesion.admin.email);
  await otro.getByPlaceholder('Ingresa tu contraseña').fill(sesion.admin.password);
  await otro.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(otro.getByText('Escribe el código de 6 dígitos de tu aplicación de autenticación')).toBeVisible();
  await sinProblemas(otro, 'inicio de sesión › código');
  // The code of the step the enrolment used is spent: the next step's (within ±1 step) enters.
  await otro.getByLabel('Código de verificación').fill(codigoEn(secreto, new Date(Date.now() + TOTP_PERIODO_S * 1000)));
  await otro.getByRole('button', { name: 'Verificar' }).click();
  await expect(otro).toHaveURL(/\/dashboard/);

  // The other browser's live-update stream, read to its end.
  const finDelFlujo = otro.evaluate(async () => {
    const r = await fetch('/api/cambios');
    const lector = r.body!.getReader();
    while (!(await lector.read()).done) {
      /* reading until the server ends it */
    }
    return 'terminado';
  });

  await page.goto('/dashboard/configuracion?seccion=seguridad');
  const filas = page.getByTestId('fila-sesion');
  await expect(filas.first()).toBeVisible();
  // Newest use first: the other browser's session (the first story's page still holds an older one).
  await expect(page.locator('[data-testid="fila-sesion"][data-actual="no"]')).toHaveCount(2);
  const ajena = page.locator('[data-testid="fila-sesion"][data-actual="no"]').first();
  await expect(ajena).toContainText('Con código');
  await sinProblemas(page, 'seguridad › sesiones');
  await ajena.getByRole('button', { name: /^Cerrar la sesión de / }).click();
  await expect(page.getByText('Sesión cerrada.')).toBeVisible();
  // Ended by the server at once (the stream's own session check is 25 s away).
  await expect(finDelFlujo).resolves.toBe('terminado');
  const respuesta = await otro.request.post('/api/seguridad/estado', { data: {} });
  expect(respuesta.status()).toBe(401);
});

test('Actividad: quién hizo qué, filtrada por acción, y exportada en CSV', async ({ page, sesion }) => {
  await page.setViewportSize({ width: 1360, height: 860 });
  await entrarConCodigo(page, sesion, recuperacion[1]!);
  await page.goto('/dashboard/configuracion?seccion=actividad');
  const filas = page.getByTestId('fila-actividad');
  // The machine running the suite is shared: the section's first read may take a while.
  await expect(filas.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-accion="mfa.activar"]')).toHaveCount(1);
  await expect(page.locator('[data-accion="sesion.cerrar"]')).toHaveCount(1);
  await sinProblemas(page, 'actividad');

  await page.getByRole('combobox', { name: 'Acción' }).click();
  await page.getByRole('option', { name: 'Sesión cerrada', exact: true }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(filas).toHaveCount(1);
  await expect(filas.first()).toContainText('Sesión cerrada');

  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toBe('actividad.csv');
  const csv = (await readFile((await archivo.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lineas = csv.trim().split('\r\n');
  expect(lineas[0]).toBe('Fecha,Persona,Correo,Acción,Sobre,Detalle,Dirección');
  expect(lineas).toHaveLength(2);
  expect(lineas[1]).toContain('Sesión cerrada');
  expect(csv).not.toContain(secreto);
});

test('Operadores: el administrador restablece la verificación de un operador que perdió el teléfono; Actividad lo muestra en vivo', async ({ page, sesion, api, nuevoCliente }) => {
  // Two browsers and two tabs of the administrator's: well over a minute on a shared machine.
  test.slow();
  await page.setViewportSize({ width: 1360, height: 860 });
  await entrarConCodigo(page, sesion, recuperacion[2]!);
  const { contrasena } = await api.llamar<{ contrasena: string }>('operadores', 'agregar', { email: 'marta.rios@agencia.co', nombre: 'Marta Ríos', rol: 'operador' });

  // Marta turns on her own second factor (her browser, through the api: the screens of that are story 1).
  const otro = await nuevoCliente();
  const marta = new Api(otro.request);
  await marta.llamar('auth', 'iniciarSesion', { email: 'marta.rios@agencia.co', password: contrasena });
  const { secreto: suyo } = await marta.llamar<{ secreto: string }>('seguridad', 'iniciarDosPasos', {});
  await marta.llamar('seguridad', 'confirmarDosPasos', { codigo: codigoEn(suyo, new Date()) });
  // An operator may not reset anyone's (the SQL refuses it whatever the screen offers).
  const yo = await api.llamar<{ operator: { id: string } }>('auth', 'estado', {});
  const negado = await marta.respuesta('seguridad', 'restablecerDosPasos', { operadorId: yo.operator.id });
  expect(negado).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  await otro.goto('/dashboard/configuracion');
  await expect(otro.getByRole('tab', { name: 'Seguridad' })).toBeVisible();
  await expect(otro.getByRole('tab', { name: 'Operadores' })).toHaveCount(0);

  // Actividad open in one tab of the administrator's; the reset made in another.
  const actividad = await page.context().newPage();
  await actividad.setViewportSize({ width: 1360, height: 860 });
  await actividad.goto('/dashboard/configuracion?seccion=actividad');
  await expect(actividad.getByTestId('fila-actividad').first()).toBeVisible({ timeout: 30_000 });
  await expect(actividad.locator('[data-accion="mfa.restablecer"]')).toHaveCount(0);

  await page.goto('/dashboard/configuracion?seccion=operadores');
  const fila = page.locator('[data-testid="fila-operador"][data-email="marta.rios@agencia.co"]');
  await fila.getByRole('button', { name: 'Restablecer verificación en dos pasos marta.rios@agencia.co' }).click();
  const confirmacion = page.getByRole('dialog', { name: 'Restablecer verificación en dos pasos' });
  await expect(confirmacion).toContainText('Marta Ríos podrá entrar solo con su contraseña');
  await sinProblemas(page, 'operadores › restablecer dos pasos');
  await confirmacion.getByRole('button', { name: 'Restablecer' }).click();
  await expect(page.getByText('Se restableció la verificación en dos pasos de Marta Ríos.')).toBeVisible();
  // Again: nothing left to reset, and the screen says so.
  await fila.getByRole('button', { name: 'Restablecer verificación en dos pasos marta.rios@agencia.co' }).click();
  await page.getByRole('dialog', { name: 'Restablecer verificación en dos pasos' }).getByRole('button', { name: 'Restablecer' }).click();
  await expect(page.getByText('Ese operador no tiene la verificación en dos pasos activa: no hay nada que restablecer.')).toBeVisible();
  // One's own row does not offer it.
  await expect(page.locator('[data-testid="fila-operador"]').filter({ hasText: '(tú)' }).getByRole('button', { name: /^Restablecer verificación en dos pasos/ })).toHaveCount(0);

  // The other tab, untouched, shows the reset (a notice of the trail, no reload).
  await expect(actividad.locator('[data-accion="mfa.restablecer"]')).toHaveCount(1);
  await expect(actividad.locator('[data-accion="mfa.restablecer"]')).toContainText('Marta Ríos');
  await sinProblemas(actividad, 'actividad › en vivo');
  await actividad.close();

  // Marta signs in with her password alone now.
  const entrada = await new Api(otro.request).respuesta<{ requiereCodigo?: boolean }>('auth', 'iniciarSesion', { email: 'marta.rios@agencia.co', password: contrasena });
  expect(entrada).toMatchObject({ ok: true });
  expect(entrada.data?.requiereCodigo).toBeUndefined();
});
