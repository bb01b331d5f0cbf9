import { expect, test } from './support/fixtures';

/**
 * The foundation as a newcomer lives it, in one story on a fresh data folder: first administrator →
 * logout → wrong then right password → sidebar collapse survives a reload → search finds a demo client
 * and navigates → a notification is marked read → logout.
 */
const admin = { nombre: 'Laura Gómez', email: 'laura.gomez@agencia.co', password: 'Segura2026x' };

test('primer administrador, sesión, barra lateral, búsqueda y notificaciones', async ({ page, sesion }) => {
  await page.goto('/');

  // First run: no operator yet, so the first screen creates the administrator.
  await expect(page.getByText('Crear el primer administrador')).toBeVisible();
  await page.getByLabel('Nombre completo').fill(admin.nombre);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Contraseña', { exact: true }).fill('corta');
  await expect(page.getByText('La contraseña debe tener al menos 8 caracteres')).toBeVisible();
  await page.getByLabel('Contraseña', { exact: true }).fill(admin.password);
  await page.getByLabel('Confirmar contraseña').fill(admin.password);
  await expect(page.getByText('Las contraseñas coinciden')).toBeVisible();
  await page.getByRole('button', { name: 'Crear administrador' }).click();
  await expect(page).toHaveURL(/\/dashboard\/resumen$/);
  await expect(page.getByText('Administrador').first()).toBeVisible();

  // Logout asks first; cancel keeps the session.
  await page.getByTestId('menu-usuario').click();
  await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/resumen$/);
  await sesion.cerrarSesion();

  // The login screen, its validation, a wrong password, then the right one.
  await expect(page.getByText('Bienvenido')).toBeVisible();
  await expect(page.getByText('Inicia sesión para continuar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeDisabled();
  // Fields of blanks are not empty: the button lets the person try, and the form says what is missing (§5).
  await page.getByPlaceholder('Ingresa tu email').fill('   ');
  await page.getByPlaceholder('Ingresa tu contraseña').fill('  ');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Por favor, completa todos los campos.');
  await sesion.iniciarSesion(admin.email, 'NoEsLaClave1');
  await expect(page.getByText('Email o contraseña incorrectos.')).toBeVisible();
  await sesion.iniciarSesion(admin.email, admin.password);
  await expect(page).toHaveURL(/\/dashboard\/resumen$/);

  // Every dashboard route exists; an alias lands inside the shell; the empty child goes to resumen.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard\/resumen$/);
  await page.goto('/llamadas/campanas');
  await expect(page).toHaveURL(/\/dashboard\/campanas$/);

  // The sidebar: collapse it, reload, still collapsed; the group of the current route is open.
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-collapsed', 'false');
  await page.getByRole('button', { name: 'Contraer menú' }).click();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  await page.reload();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
  await page.getByRole('button', { name: 'Expandir menú' }).click();
  await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'false');
  await page.goto('/dashboard/whatsapp/mensajes');
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Conversaciones' }).first()).toBeVisible();

  // Global search: a demo client is found (debounced, run in SQL) and selecting it navigates.
  const search = page.getByRole('combobox', { name: 'Buscar' });
  await search.click();
  await search.fill('zzzz-no-existe');
  await expect(page.getByText('No se encontraron resultados')).toBeVisible();
  await expect(page.getByText('Intenta con otros términos de búsqueda')).toBeVisible();
  await search.fill('@');
  const firstClient = page.getByRole('option').filter({ hasText: 'Cliente' }).first();
  await expect(firstClient).toBeVisible();
  await firstClient.click();
  await expect(page).toHaveURL(/\/dashboard\/equipo$/);

  // Notifications derived from the demo data: mark one read, the unread badge goes down by one.
  const badge = page.getByTestId('notificaciones-badge');
  await expect(badge).toBeVisible();
  const before = Number(await badge.innerText());
  expect(before).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Notificaciones' }).click();
  await page.locator('[role="listitem"][data-unread] [data-testid="notificacion"]').first().click();
  if (before === 1) await expect(badge).toBeHidden();
  else await expect(badge).toHaveText(String(before - 1));

  await page.goto('/dashboard/resumen');
  await sesion.cerrarSesion();
  // Signed out, the dashboard sends the visitor back to the login.
  await page.goto('/dashboard/proyectos');
  await expect(page).toHaveURL(/\/$/, { timeout: 8_000 });
});
