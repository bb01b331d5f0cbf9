import { expect, test } from './support/fixtures';
import { findClipped, settled } from './support/layout';

/**
 * Operators, a team (issue 14, part 2): the administrator adds an operator in Configuración → Operadores and
 * gets a one-time password shown once; the operator signs in on a browser of his own, is labelled 'Operador'
 * and cannot open Conexión (nor Operadores); the administrator deactivates him, and the operator's open page
 * is signed out on its very next request. At the desktop window's size (1360×860) nothing of the section or
 * of the one-time password's dialog is clipped. A client company's portal credentials are reset by the
 * administrator only: the operator is not offered the action, and the api refuses him.
 */
const LUIS = { nombre: 'Luis Pérez', email: 'luis.perez@agencia.co' };

test('el administrador agrega un operador que no abre Conexión, y al desactivarlo su página se cierra', async ({ page, sesion, nuevoCliente }) => {
  await page.setViewportSize({ width: 1360, height: 860 });
  await sesion.entrarComoAdmin();
  await page.goto('/dashboard/configuracion');
  await expect(page.getByTestId('menu-usuario')).toContainText('Administrador');
  await page.getByRole('tab', { name: 'Operadores' }).click();
  await expect(page).toHaveURL(/seccion=operadores/);
  const filas = page.getByTestId('fila-operador');
  await expect(filas).toHaveCount(1);
  await expect(filas.first()).toContainText('Administrador');

  // Add: name, e-mail, role (Operador by default); the one-time password is shown once, with a copy button.
  await page.getByRole('button', { name: 'Agregar operador' }).click();
  const alta = page.getByRole('dialog', { name: 'Agregar operador' });
  await alta.getByLabel('Nombre completo').fill(LUIS.nombre);
  await alta.getByLabel('Correo electrónico').fill(LUIS.email);
  await expect(alta.getByText('Trabaja en el panel: llamadas, bots, mensajes, proyectos y marketing.')).toBeVisible();
  await alta.getByRole('button', { name: 'Agregar', exact: true }).click();
  const entrega = page.getByRole('dialog', { name: 'Contraseña de un solo uso' });
  await expect(entrega).toBeVisible();
  const contrasena = (await entrega.getByTestId('contrasena-un-uso').textContent())!.trim();
  expect(contrasena).toMatch(/^[A-Za-z0-9]{16}$/);
  await expect(entrega.getByRole('button', { name: 'Copiar contraseña' })).toBeVisible();
  await settled(page);
  expect(await findClipped(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('operadores-contrasena.png') });
  await entrega.getByRole('button', { name: 'Cerrar' }).click();
  await expect(entrega).toBeHidden();
  const fila = page.locator(`[data-testid="fila-operador"][data-email="${LUIS.email}"]`);
  await expect(fila).toContainText(LUIS.nombre);
  await expect(fila).toContainText('Operador');
  await expect(fila.getByTestId('estado-operador')).toHaveText('Activo');
  await expect(fila).toContainText('Nunca');
  await settled(page);
  expect(await findClipped(page)).toEqual([]);

  // The operator, on a browser of his own.
  const operador = await nuevoCliente();
  await operador.goto('/');
  await operador.getByPlaceholder('Ingresa tu email').fill(LUIS.email);
  await operador.getByPlaceholder('Ingresa tu contraseña').fill(contrasena);
  await operador.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(operador).toHaveURL(/\/dashboard/);
  await expect(operador.getByTestId('menu-usuario')).toContainText('Operador');
  await expect(operador.getByTestId('menu-usuario')).not.toContainText('Administrador');
  await operador.goto('/dashboard/configuracion');
  await expect(operador.getByTestId('cuenta-tipo')).toHaveText('Operador');
  await expect(operador.getByRole('tab', { name: 'General' })).toBeVisible();
  await expect(operador.getByRole('tab', { name: 'Conexión' })).toHaveCount(0);
  await expect(operador.getByRole('tab', { name: 'Operadores' })).toHaveCount(0);
  await expect(operador.getByRole('tab', { name: 'Datos' })).toHaveCount(0);
  // By its address the section refuses him, and so does the api.
  await operador.goto('/dashboard/configuracion?seccion=conexion');
  await expect(operador.getByTestId('seccion-sin-permiso')).toHaveText('No tienes permiso para esta operación.');
  await expect(operador.getByTestId('servidor-web')).toHaveCount(0);
  const conexion = await operador.request.post('/api/conexion/backend', { data: {} });
  expect(conexion.status()).toBe(403);
  expect(await conexion.json()).toMatchObject({ ok: false, error: { code: 'forbidden', message: 'No tienes permiso para esta operación.' } });
  await operador.goto('/dashboard/configuracion');
  await expect(operador.getByTestId('cuenta-tipo')).toHaveText('Operador');

  // Deleting a plan, a client company or a project is for administrators: the operator is not offered it
  // (he edits them), the administrator is; and the api's refusal carries its Spanish message.
  const pantallas = [
    ['planes', 'fila-plan'],
    ['proyectos/administrar-empresas', 'fila-empresa-cliente'],
    ['proyectos', 'fila-proyecto'],
  ] as const;
  for (const [ruta, fila] of pantallas) {
    for (const [quien, puede] of [[operador, false], [page, true]] as const) {
      await quien.goto(`/dashboard/${ruta}`);
      const primera = quien.getByTestId(fila).first();
      await expect(primera.getByRole('button', { name: /^Editar / })).toBeVisible();
      await expect(quien.getByRole('button', { name: /^Eliminar / })).toHaveCount(puede ? await quien.getByTestId(fila).count() : 0);
    }
  }
  const planes = await operador.request.post('/api/planes/listar', { data: {} });
  const [plan] = (await planes.json()).data as Array<{ id: string }>;
  const borrar = await operador.request.post('/api/planes/eliminar', { data: { id: plan!.id } });
  expect(await borrar.json()).toMatchObject({ ok: false, error: { code: 'forbidden', message: 'No tienes permiso para esta operación.' } });

  // The administrator sees his last sign-in, then deactivates him (confirmed).
  await page.goto('/dashboard/configuracion?seccion=operadores');
  await expect(fila).not.toContainText('Nunca');
  await fila.getByRole('button', { name: `Desactivar ${LUIS.email}` }).click();
  const confirmar = page.getByRole('dialog', { name: 'Desactivar operador' });
  await expect(confirmar).toContainText(`¿Desactivar a ${LUIS.nombre}?`);
  await confirmar.getByRole('button', { name: 'Confirmar' }).click();
  await expect(fila.getByTestId('estado-operador')).toHaveText('Desactivado');
  await expect(fila.getByRole('button', { name: `Reactivar ${LUIS.email}` })).toBeVisible();

  // The operator's page, still open, makes its next request (a search): signed out, back to the login.
  await operador.getByRole('combobox', { name: 'Buscar' }).fill('Plan');
  await expect(operador.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  await operador.getByPlaceholder('Ingresa tu email').fill(LUIS.email);
  await operador.getByPlaceholder('Ingresa tu contraseña').fill(contrasena);
  await operador.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(operador.getByText('Tu cuenta de operador está desactivada. Habla con un administrador.')).toBeVisible();
});

test('las credenciales del portal de una empresa: el administrador las restablece; al operador no se le ofrece', async ({ page, sesion, nuevoCliente, api }) => {
  // Issue 24, item 8: an operator may not change an existing company's portal credentials (SQL refuses it);
  // the screen does not offer him the reset action nor the credential fields when editing.
  await page.setViewportSize({ width: 1360, height: 860 });
  await sesion.entrarComoAdmin();
  const { contrasena } = await api.llamar<{ contrasena: string }>('operadores', 'agregar', { email: 'marta@agencia.co', nombre: 'Marta Ríos', rol: 'operador' });
  const operador = await nuevoCliente();
  await operador.goto('/');
  await operador.getByPlaceholder('Ingresa tu email').fill('marta@agencia.co');
  await operador.getByPlaceholder('Ingresa tu contraseña').fill(contrasena);
  await operador.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(operador).toHaveURL(/\/dashboard/);

  const { empresa } = await api.llamar<{ empresa: { id: string } }>('empresas', 'crear', {
    nombre: 'Óptica Lumen', activo: true, usuarioCliente: 'optica_lumen', contrasenaCliente: 'Primera2026',
  });
  await page.goto('/dashboard/proyectos/administrar-empresas');
  await expect(page.getByRole('button', { name: 'Restablecer contraseña Óptica Lumen' })).toBeVisible();
  await operador.goto('/dashboard/proyectos/administrar-empresas');
  const filaEmpresa = operador.locator('[data-testid="fila-empresa-cliente"][data-nombre="Óptica Lumen"]');
  await expect(filaEmpresa.getByRole('button', { name: 'Editar Óptica Lumen' })).toBeVisible();
  await expect(filaEmpresa.getByRole('button', { name: 'Restablecer contraseña Óptica Lumen' })).toHaveCount(0);
  await filaEmpresa.getByRole('button', { name: 'Editar Óptica Lumen' }).click();
  const edicion = operador.getByRole('dialog', { name: 'Editar Empresa' });
  await expect(edicion.getByTestId('credenciales-solo-admin')).toBeVisible();
  await expect(edicion.getByLabel('Contraseña del portal')).toHaveCount(0);
  await expect(edicion.getByRole('button', { name: 'Generar credenciales' })).toHaveCount(0);
  await edicion.getByRole('button', { name: 'Cancelar' }).click();
  const restablecer = await operador.request.post('/api/empresas/restablecerContrasena', { data: { id: empresa.id } });
  expect(restablecer.status()).toBe(403);
  expect(await restablecer.json()).toMatchObject({ ok: false, error: { code: 'forbidden', message: 'No tienes permiso para esta operación.' } });
});
