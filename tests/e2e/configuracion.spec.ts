import { expect, test } from './support/fixtures';

/**
 * Settings as an operator lives them: accent colour and dark mode for the whole app, kept after a reload;
 * the notifications preference really hides the header notifications; the password change refuses a wrong
 * current password, then succeeds, and the new password is the one that signs in.
 */
const admin = { nombre: 'Operadora Ajustes', email: 'ajustes@agencia.co', password: 'Segura2026x' };
const NUEVA = 'Renovada2026y';

test.use({ administrador: admin });

test('apariencia, notificaciones y cambio de contraseña', async ({ page, sesion }) => {
  await sesion.entrarComoAdmin();
  await page.goto('/dashboard/configuracion');
  await expect(page.getByRole('heading', { name: 'Configuración', exact: true })).toBeVisible();

  // Account block from the operator profile.
  await expect(page.getByTestId('cuenta-email')).toHaveText(admin.email);
  await expect(page.getByTestId('cuenta-tipo')).toHaveText('Administrador');
  await expect(page.getByText('Español (México)')).toBeVisible();

  // Green by default; purple and dark mode apply to the whole app and survive a reload.
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(page.getByRole('radio', { name: 'Verde', exact: true })).toHaveAttribute('aria-checked', 'true');
  const primary = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim());
  const green = await primary();
  await page.getByRole('radio', { name: 'Morado' }).click();
  await expect(page.getByRole('radio', { name: 'Morado' })).toHaveAttribute('aria-checked', 'true');
  await expect.poll(primary).not.toBe(green);
  await page.getByRole('switch', { name: 'Modo oscuro' }).check({ force: true });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const purple = await primary();
  expect(purple).not.toBe(green);
  await page.screenshot({ path: test.info().outputPath('configuracion-oscuro.png'), fullPage: true });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('radio', { name: 'Morado' })).toHaveAttribute('aria-checked', 'true');
  expect(await primary()).toBe(purple);
  await page.goto('/dashboard/resumen');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await primary()).toBe(purple);

  // Notifications preference: off hides the header notifications, on brings them back.
  await page.goto('/dashboard/configuracion');
  await expect(page.getByRole('button', { name: 'Notificaciones', exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Notificaciones' }).uncheck();
  await expect(page.getByRole('button', { name: 'Notificaciones', exact: true })).toHaveCount(0);
  await expect(page.getByTestId('notificaciones-desactivadas')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('notificaciones-desactivadas')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Notificaciones' }).check();
  await expect(page.getByRole('button', { name: 'Notificaciones', exact: true })).toBeVisible();

  // Back to light so the password dialog screenshot is readable either way.
  await page.getByRole('switch', { name: 'Modo oscuro' }).uncheck({ force: true });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

  // Password change: rules live, wrong current refused, then success and auto-close.
  await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar Contraseña' });
  const submit = dialog.getByRole('button', { name: 'Cambiar Contraseña' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Contraseña actual').fill('NoEsLaActual1');
  await dialog.getByLabel('Nueva contraseña', { exact: true }).fill('corta');
  await expect(dialog.getByText('La contraseña debe tener al menos 8 caracteres')).toBeVisible();
  await dialog.getByLabel('Nueva contraseña', { exact: true }).fill('sinmayuscula1');
  await expect(dialog.getByText('La contraseña debe tener al menos una letra mayúscula')).toBeVisible();
  await dialog.getByLabel('Nueva contraseña', { exact: true }).fill(NUEVA);
  await expect(dialog.getByText('Contraseña válida')).toBeVisible();
  await dialog.getByLabel('Confirmar nueva contraseña').fill(NUEVA + 'x');
  await expect(dialog.getByText('Las contraseñas no coinciden')).toBeVisible();
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Confirmar nueva contraseña').fill(NUEVA);
  await expect(dialog.getByText('Las contraseñas coinciden')).toBeVisible();
  await submit.click();
  await expect(dialog.getByText('La contraseña actual no es correcta')).toBeVisible();
  await dialog.getByLabel('Contraseña actual').fill(admin.password);
  await expect(dialog.getByText('La contraseña actual no es correcta')).toBeHidden();
  await dialog.screenshot({ path: test.info().outputPath('configuracion-contrasena.png') });
  await submit.click();
  await expect(dialog.getByText('Contraseña cambiada exitosamente')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Conexión tab: 'Probar conexión' says clearly what failed.
  await page.getByRole('tab', { name: 'Conexión' }).click();
  await page.getByRole('radio', { name: 'Proyecto Supabase alojado' }).check();
  await page.getByLabel('URL del proyecto Supabase').fill('http://127.0.0.1:9');
  await page.getByLabel('Clave anónima (anon key)').fill('clave-de-prueba');
  await page.getByRole('button', { name: 'Probar conexión' }).click();
  await expect(page.getByText('No se pudo conectar con http://127.0.0.1:9. Verifica la URL y tu conexión a internet.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('configuracion-conexion.png'), fullPage: true });

  // The old password no longer signs in; the new one does.
  await sesion.cerrarSesion();
  await sesion.iniciarSesion(admin.email, admin.password);
  await expect(page.getByText('Email o contraseña incorrectos.')).toBeVisible();
  await sesion.iniciarSesion(admin.email, NUEVA);
  await expect(page).toHaveURL(/\/dashboard\/resumen$/);
});
