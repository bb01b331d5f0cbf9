import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signInAsNewAdmin, startApp, type RunningApp } from './support/app';

/**
 * The company portal as a client company lives it, on the demo data: the operator regenerates the portal
 * password of 'Café Origen' in 'Administración de Empresas' (shown once, with the access link); in a fresh
 * browser context the company signs in and sees only its services, its calls campaign and its WhatsApp
 * conversations; another company's data is out of reach; a forged or expired empresa_sesion sends it back
 * to the login; the portal's first load does not download the operators' dashboard.
 */
let app: RunningApp;
const carpeta = process.env.PORTAL_SHOTS ?? 'test-results';
const shots = (name: string) => ({ path: `${carpeta}/portal-${name}.png`, fullPage: true });

test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.stop();
});

interface Credenciales {
  usuario: string;
  contrasena: string;
  enlace: string;
}

async function generarCredenciales(page: Page, empresa: string): Promise<Credenciales> {
  await signInAsNewAdmin(page, app);
  await page.goto(`${app.url}/dashboard/proyectos/administrar-empresas`);
  await page.getByRole('button', { name: `Restablecer contraseña ${empresa}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restablecer', exact: true }).click();
  const modal = page.getByRole('dialog', { name: new RegExp(`Credenciales del portal · ${empresa}`) });
  await expect(modal).toBeVisible();
  const contrasena = (await modal.getByTestId('contrasena-generada').innerText()).trim();
  const enlace = (await modal.getByTestId('enlace-acceso').innerText()).trim();
  const usuario = (await modal.locator('pre, code').first().innerText()).trim();
  expect(contrasena).toMatch(/^\S{8}$/);
  expect(enlace).toMatch(new RegExp(`^${app.url}/accesoempresas/[0-9a-f-]{36}$`));
  await page.screenshot(shots('0-credenciales-operador'));
  return { usuario, contrasena, enlace };
}

async function ingresar(page: Page, c: Credenciales, contrasena = c.contrasena) {
  await page.getByLabel('Usuario').fill(c.usuario);
  await page.getByLabel('Contraseña').fill(contrasena);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

async function contextoNuevo(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });
  return { context, page: await context.newPage() };
}

test('la empresa entra con las credenciales generadas y ve solo sus servicios, su campaña y sus conversaciones', async ({ page, browser }) => {
  const cafe = await generarCredenciales(page, 'Café Origen');
  const empresaId = cafe.enlace.split('/').pop()!;

  const { context, page: cliente } = await contextoNuevo(browser);
  const scripts: string[] = [];
  cliente.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await cliente.goto(cafe.enlace);
  await expect(cliente).toHaveTitle('Acceso Empresa');
  await expect(cliente.getByRole('heading', { name: 'Acceso Empresa' })).toBeVisible();
  // The portal's own small tree: none of the operators' screens or their api client were downloaded.
  expect(scripts.some((s) => /\/main-portal-/.test(s))).toBe(true);
  expect(scripts.filter((s) => /\/(main|DashboardLayout|client|ProyectosScreen)-[\w-]{8}\.js$/.test(s))).toEqual([]);
  await cliente.screenshot(shots('1-login'));

  // Wrong password: a clear Spanish message, no session.
  await ingresar(cliente, cafe, 'Incorrecta1');
  await expect(cliente.getByTestId('portal-error')).toHaveText('Usuario o contraseña incorrectos');
  expect(await cliente.evaluate(() => localStorage.getItem('empresa_sesion'))).toBeNull();

  await ingresar(cliente, cafe);
  await expect(cliente).toHaveURL(`${cafe.enlace}/servicios`);
  await expect(cliente.getByTestId('portal-empresa')).toHaveText('Café Origen');
  const filas = cliente.getByTestId('portal-servicio');
  await expect(filas).toHaveCount(2);
  await expect(filas.filter({ hasText: 'Pedidos por WhatsApp Café Origen - WhatsApp' })).toBeVisible();
  await expect(filas.filter({ hasText: 'Afiliación Plan Salud Familiar' })).toBeVisible();
  await expect(cliente.getByText('Cobranza Preventiva Cartera')).toHaveCount(0);
  await expect(cliente.getByText('Atención inmobiliaria Horizonte - Bot Duda')).toHaveCount(0);

  // §6: the stored company session holds the slug and a timestamp, nothing secret; the token is HttpOnly.
  const guardada = JSON.parse((await cliente.evaluate(() => localStorage.getItem('empresa_sesion'))) ?? '{}') as Record<string, unknown>;
  expect(guardada).toEqual({ empresa_slug: empresaId, timestamp: expect.any(Number) });
  const cookies = await context.cookies();
  const portalCookie = cookies.find((c) => c.name === 'consola_portal');
  expect(portalCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/portal' });
  expect(cookies.find((c) => c.name === 'consola_sesion')).toBeUndefined();
  expect(await cliente.evaluate(() => document.cookie)).toBe('');
  await cliente.screenshot(shots('2-servicios'));

  // Its calls campaign: consumption, statuses and clients, read-only.
  await filas.filter({ hasText: 'Afiliación Plan Salud Familiar' }).getByRole('link', { name: 'Ver llamadas' }).click();
  await expect(cliente).toHaveURL(new RegExp(`/accesoempresas/${empresaId}/equipo/\\d+$`));
  await expect(cliente.getByRole('heading', { name: 'Afiliación Plan Salud Familiar' })).toBeVisible();
  await expect(cliente.getByTestId('portal-consumo')).toContainText('minutos');
  await expect(cliente.getByTestId('portal-cliente').first()).toBeVisible();
  await expect(cliente.getByText(/Mostrando 1-10 de \d+ clientes/)).toBeVisible();
  await cliente.screenshot(shots('3-campana'));
  const campanaPropia = Number(cliente.url().split('/').pop());

  // Another company's campaign (every other id): nothing but the message.
  const otra = campanaPropia === 1 ? 2 : 1;
  await cliente.goto(`${cafe.enlace}/equipo/${otra}`);
  await expect(cliente.getByTestId('portal-campana-error')).toHaveText('La campaña no existe o no pertenece a tu empresa.');
  await expect(cliente.getByTestId('portal-cliente')).toHaveCount(0);

  // Its WhatsApp conversations: same search, pagination and conversation modal as the operators' screen.
  await cliente.getByRole('link', { name: 'Conversaciones' }).click();
  await expect(cliente).toHaveURL(`${cafe.enlace}/conversaciones`);
  await expect(cliente).toHaveTitle('Conversaciones WhatsApp');
  await expect(cliente.getByRole('heading', { name: 'Conversaciones WhatsApp' })).toBeVisible();
  // The company reads its bot's name; the internal table name is never shown to it (issue 12).
  await expect(cliente.getByTestId('portal-tabla')).toHaveText('Café Origen');
  await expect(cliente.locator('body')).not.toContainText('cafe_origen_registro_whatsapp');
  await expect(cliente.getByTestId('fila-sesion')).toHaveCount(10);
  await expect(cliente.getByTestId('paginacion')).toContainText(/Mostrando 1-10 de \d+ sesiones/);
  await cliente.getByRole('button', { name: 'Página 2' }).click();
  await expect(cliente.getByTestId('paginacion')).toContainText(/Mostrando 11-20 de \d+ sesiones/);
  const primera = (await cliente.getByTestId('fila-sesion').first().locator('td').first().innerText()).trim();
  await cliente.getByPlaceholder('Buscar sesiones...').fill(primera);
  await expect(cliente.getByTestId('fila-sesion')).toHaveCount(1);
  await cliente.getByRole('button', { name: `Ver conversación ${primera}` }).click();
  const conversacion = cliente.getByRole('dialog');
  await expect(conversacion.getByText('Conversación', { exact: true })).toBeVisible();
  await expect(conversacion.getByTestId('contador-mensajes')).toHaveText(/\d+ mensajes?/);
  await expect(conversacion.locator('[data-rol]').first()).toBeVisible();
  await cliente.screenshot(shots('4-conversacion'));
  await conversacion.getByRole('button', { name: 'Cerrar' }).last().click();
  await cliente.getByPlaceholder('Buscar sesiones...').fill('');
  await cliente.screenshot(shots('5-conversaciones'));

  // Another company's table through the HTTP api with this session: refused.
  const ajena = await cliente.request.post(`${app.url}/api/portal/sesiones`, {
    data: { empresaId, tabla: 'clinica_dental_sonrisa_registro_bot_wordpress' },
  });
  expect(await ajena.json()).toMatchObject({ ok: false, error: { code: 'not_found', message: 'La tabla no pertenece a tu empresa.' } });

  // Sign out: the cookie and the stored session are gone; the protected screens send back to the login.
  await cliente.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(cliente).toHaveURL(cafe.enlace);
  expect(await cliente.evaluate(() => localStorage.getItem('empresa_sesion'))).toBeNull();
  await cliente.goto(`${cafe.enlace}/servicios`);
  await expect(cliente).toHaveURL(cafe.enlace);
  await context.close();
});

test('una empresa_sesion falsificada para otra empresa o vencida se borra y se vuelve al login', async ({ page, browser }) => {
  const cafe = await generarCredenciales(page, 'Café Origen');
  const empresaId = cafe.enlace.split('/').pop()!;
  const { context, page: cliente } = await contextoNuevo(browser);

  // Forged: a stored session for another company's id, no token.
  await cliente.goto(cafe.enlace);
  await cliente.evaluate(() =>
    localStorage.setItem('empresa_sesion', JSON.stringify({ empresa_slug: '99999999-9999-4999-8999-999999999999', timestamp: Date.now() })),
  );
  await cliente.goto(`${cafe.enlace}/servicios`);
  await expect(cliente).toHaveURL(cafe.enlace);
  await expect(cliente.getByRole('heading', { name: 'Acceso Empresa' })).toBeVisible();
  expect(await cliente.evaluate(() => localStorage.getItem('empresa_sesion'))).toBeNull();

  // Forged for this company but with no session on the server: the server says no, it is removed too.
  await cliente.evaluate((id) => localStorage.setItem('empresa_sesion', JSON.stringify({ empresa_slug: id, timestamp: Date.now() })), empresaId);
  await cliente.goto(`${cafe.enlace}/conversaciones`);
  await expect(cliente).toHaveURL(cafe.enlace);
  await expect(cliente.getByTestId('portal-aviso')).toHaveText('Tu sesión expiró. Inicia sesión de nuevo.');
  expect(await cliente.evaluate(() => localStorage.getItem('empresa_sesion'))).toBeNull();

  // Unparsable.
  await cliente.evaluate(() => localStorage.setItem('empresa_sesion', '{no es json'));
  await cliente.goto(`${cafe.enlace}/servicios`);
  await expect(cliente).toHaveURL(cafe.enlace);
  expect(await cliente.evaluate(() => localStorage.getItem('empresa_sesion'))).toBeNull();

  // Signed in, then the stored session is older than 24 hours: refused even though the cookie is alive.
  await ingresar(cliente, cafe);
  await expect(cliente).toHaveURL(`${cafe.enlace}/servicios`);
  await cliente.evaluate((id) => localStorage.setItem('empresa_sesion', JSON.stringify({ empresa_slug: id, timestamp: Date.now() - 25 * 3600_000 })), empresaId);
  await cliente.goto(`${cafe.enlace}/equipo/1`);
  await expect(cliente).toHaveURL(cafe.enlace);
  await expect(cliente.getByTestId('portal-aviso')).toHaveText('Tu sesión expiró. Inicia sesión de nuevo.');
  expect(await cliente.evaluate(() => localStorage.getItem('empresa_sesion'))).toBeNull();
  await cliente.screenshot(shots('6-sesion-vencida'));

  // The server's own check: a new password from the operator does not end sessions, but a deactivated
  // company's session stops working at once.
  await ingresar(cliente, cafe);
  await expect(cliente).toHaveURL(`${cafe.enlace}/servicios`);
  await page.goto(`${app.url}/dashboard/proyectos/administrar-empresas`);
  await page.getByRole('button', { name: 'Desactivar Café Origen' }).click();
  await cliente.goto(`${cafe.enlace}/servicios`);
  await expect(cliente).toHaveURL(cafe.enlace);
  await ingresar(cliente, cafe);
  await expect(cliente.getByTestId('portal-error')).toHaveText('El acceso de esta empresa está desactivado. Comunícate con la agencia.');
  await page.getByRole('button', { name: 'Activar Café Origen' }).click();
  await context.close();
});

test('deep links y recursos del build: rutas del portal a index.html, recursos con hash inmutables, 404 para recursos ausentes', async ({ request }) => {
  const html = await request.get(`${app.url}/accesoempresas/11111111-1111-4111-8111-111111111111/equipo/3`);
  expect(html.status()).toBe(200);
  expect(html.headers()['content-type']).toContain('text/html');
  const body = await html.text();
  const entrada = /src="(\/assets\/index-[\w-]+\.js)"/.exec(body)?.[1];
  expect(entrada).toBeTruthy();
  const js = await request.get(`${app.url}${entrada}`);
  expect(js.headers()['cache-control']).toContain('immutable');
  expect((await request.get(`${app.url}/assets/no-existe-123.js`)).status()).toBe(404);
});
