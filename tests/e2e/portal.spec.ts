import { expect, test } from './support/fixtures';
import { Portal } from './support/portal';

/**
 * The company portal as a client company lives it, on the demo data: the operator regenerates the portal
 * password of 'Café Origen' in 'Administración de Empresas' (shown once, with the access link); in a fresh
 * browser context the company signs in and sees only its services, its calls campaign and its WhatsApp
 * conversations; another company's data is out of reach; a forged or expired empresa_sesion sends it back
 * to the login; the portal's first load does not download the operators' dashboard.
 */
test('la empresa entra con las credenciales generadas y ve solo sus servicios, su campaña y sus conversaciones', async ({ app, sesion, portal, nuevoCliente }) => {
  await sesion.entrarComoAdmin();
  const cafe = await portal.generarCredenciales('Café Origen');
  const empresaId = cafe.enlace.split('/').pop()!;

  const cliente = await nuevoCliente();
  const context = cliente.context();
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
  await portal.capturas.pagina(cliente, '1-login');

  // Wrong password: a clear Spanish message, no session.
  await Portal.ingresar(cliente, cafe, 'Incorrecta1');
  await expect(cliente.getByTestId('portal-error')).toHaveText('Usuario o contraseña incorrectos');
  expect(await cliente.evaluate(() => localStorage.getItem('empresa_sesion'))).toBeNull();

  await Portal.ingresar(cliente, cafe);
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
  await portal.capturas.pagina(cliente, '2-servicios');

  // Its calls campaign: consumption, statuses and clients, read-only.
  await filas.filter({ hasText: 'Afiliación Plan Salud Familiar' }).getByRole('link', { name: 'Ver llamadas' }).click();
  await expect(cliente).toHaveURL(new RegExp(`/accesoempresas/${empresaId}/equipo/\\d+$`));
  await expect(cliente.getByRole('heading', { name: 'Afiliación Plan Salud Familiar' })).toBeVisible();
  await expect(cliente.getByTestId('portal-consumo')).toContainText('minutos');
  await expect(cliente.getByTestId('portal-cliente').first()).toBeVisible();
  await expect(cliente.getByText(/Mostrando 1-10 de \d+ clientes/)).toBeVisible();
  await portal.capturas.pagina(cliente, '3-campana');
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
  await portal.capturas.pagina(cliente, '4-conversacion');
  await conversacion.getByRole('button', { name: 'Cerrar' }).last().click();
  await cliente.getByPlaceholder('Buscar sesiones...').fill('');
  await portal.capturas.pagina(cliente, '5-conversaciones');

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
});

test('una empresa_sesion falsificada para otra empresa o vencida se borra y se vuelve al login', async ({ page, sesion, portal, nuevoCliente }) => {
  await sesion.entrarComoAdmin();
  const cafe = await portal.generarCredenciales('Café Origen');
  const empresaId = cafe.enlace.split('/').pop()!;
  const cliente = await nuevoCliente();

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
  await Portal.ingresar(cliente, cafe);
  await expect(cliente).toHaveURL(`${cafe.enlace}/servicios`);
  await cliente.evaluate((id) => localStorage.setItem('empresa_sesion', JSON.stringify({ empresa_slug: id, timestamp: Date.now() - 25 * 3600_000 })), empresaId);
  await cliente.goto(`${cafe.enlace}/equipo/1`);
  await expect(cliente).toHaveURL(cafe.enlace);
  await expect(cliente.getByTestId('portal-aviso')).toHaveText('Tu sesión expiró. Inicia sesión de nuevo.');
  expect(await cliente.evaluate(() => localStorage.getItem('empresa_sesion'))).toBeNull();
  await portal.capturas.pagina(cliente, '6-sesion-vencida');
  // Another of its addresses before signing in again: this tab still says why (not "Inicia sesión para continuar").
  await cliente.goto(`${cafe.enlace}/conversaciones`);
  await expect(cliente).toHaveURL(cafe.enlace);
  await expect(cliente.getByTestId('portal-aviso')).toHaveText('Tu sesión expiró. Inicia sesión de nuevo.');

  // The server's own check: a new password from the operator does not end sessions, but a deactivated
  // company's session stops working at once.
  await Portal.ingresar(cliente, cafe);
  await expect(cliente).toHaveURL(`${cafe.enlace}/servicios`);
  await page.goto('/dashboard/proyectos/administrar-empresas');
  await page.getByRole('button', { name: 'Desactivar Café Origen' }).click();
  await cliente.goto(`${cafe.enlace}/servicios`);
  await expect(cliente).toHaveURL(cafe.enlace);
  await Portal.ingresar(cliente, cafe);
  await expect(cliente.getByTestId('portal-error')).toHaveText('El acceso de esta empresa está desactivado. Comunícate con la agencia.');
  await page.getByRole('button', { name: 'Activar Café Origen' }).click();
});

test('deep links y recursos del build: rutas del portal a index.html, recursos con hash inmutables, 404 para recursos ausentes', async ({ request }) => {
  const html = await request.get(`/accesoempresas/11111111-1111-4111-8111-111111111111/equipo/3`);
  expect(html.status()).toBe(200);
  expect(html.headers()['content-type']).toContain('text/html');
  const body = await html.text();
  const entrada = /src="(\/assets\/index-[\w-]+\.js)"/.exec(body)?.[1];
  expect(entrada).toBeTruthy();
  const js = await request.get(entrada!);
  expect(js.headers()['cache-control']).toContain('immutable');
  expect((await request.get('/assets/no-existe-123.js')).status()).toBe(404);
});
