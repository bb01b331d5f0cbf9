import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { compuerta } from './support/compuerta';
import { expect, test } from './support/fixtures';
import { findClipped } from './support/layout';
import { campanaConClientes } from './support/llamadas';

/**
 * Batches as a first-class thing (issue 15), in Chromium against the served app and a real local webhook
 * server playing the voice platform: a batch shows in the client screen's panel, survives a reload mid-way
 * and is cancelled from there; the confirmation shows the estimate and can schedule the start; the shared
 * 'No llamar' list (add, CSV import, remove, from a client's row); the campaign's windows and retry policy
 * saved. Everything at the desktop window's size, 1360×860, with nothing clipped.
 */
/**
 * Serious or critical accessibility violations on what is shown now (axe-core), one line each. Toasts are left
 * out: they come and go by themselves, and are the shell's (their close button is checked where they are made).
 */
async function violacionesGraves(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).exclude('.mantine-Notifications-root').analyze();
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test.beforeEach(async ({ page, sesion }) => {
  await page.setViewportSize({ width: 1360, height: 860 });
  await sesion.entrarComoAdmin();
});

test('un lote en el panel: sigue visible tras recargar a mitad y se cancela desde ahí', async ({ page, hooks, api, llamadas }) => {
  test.setTimeout(120_000);
  await api.webhooks({ llamadaSaliente: `${hooks.url}/llamar` });
  const clientes = [
    { nombre: 'Lucía', apellido: 'Mora', telefono: '+573015550001' },
    { nombre: 'Iván', apellido: 'Soto', telefono: '+573015550002' },
    { nombre: 'Nora', apellido: 'Vélez', telefono: '+573015550003' },
  ];
  await campanaConClientes(api, 'Campaña E2E Lotes', clientes);
  // The platform holds each call open until the spec has seen the batch in progress.
  const plataforma = compuerta();
  hooks.respond(async (_req, res) => {
    await plataforma.abierta;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
  const antes = hooks.requests.length;

  await page.goto('/dashboard/equipo');
  await llamadas.elegirCampana('Campaña activa', 'Campaña E2E Lotes');
  await expect(page.getByTestId('fila-cliente')).toHaveCount(3);
  await expect(llamadas.panelLotes).toContainText('Esta campaña aún no tiene llamadas masivas.');

  // The confirmation: how many, and the estimate against the campaign's cap (500 minutes, none used).
  const confirmacion = await llamadas.llamarPagina();
  await expect(confirmacion).toContainText('¿Deseas iniciar las llamadas a los 3 clientes seleccionados?');
  await expect(confirmacion.getByTestId('estimacion-llamables')).toHaveText('3');
  await expect(confirmacion.getByTestId('estimacion-no-llamar')).toHaveText('0');
  await expect(confirmacion.getByTestId('estimacion-minutos')).toHaveText(/^\d+$/);
  await expect(confirmacion.getByTestId('estimacion-restantes')).toHaveText('500');
  expect(await findClipped(page)).toEqual([]);
  expect(await violacionesGraves(page)).toEqual([]);
  await llamadas.captura('lote-confirmacion');
  await confirmacion.getByRole('button', { name: 'Sí, llamar' }).click();

  // Its details open; the first call is held by the platform.
  const detalle = page.getByTestId('lote');
  await expect(detalle).toBeVisible();
  await expect(page.getByTestId('lote-progreso')).toHaveText(/^\d de 3$/);
  await expect.poll(() => hooks.requests.length).toBe(antes + 1);
  expect(await findClipped(page)).toEqual([]);
  await llamadas.captura('lote-detalle');
  // Closing the details leaves the batch running: the panel shows it.
  await detalle.getByRole('button', { name: 'Cerrar' }).click();
  await expect(detalle).toBeHidden();
  const fila = llamadas.filasLote().first();
  await expect(llamadas.filasLote()).toHaveCount(1);
  await expect(fila).toHaveAttribute('data-estado', 'en_curso');
  await expect(fila.getByTestId('lote-fila-estado')).toHaveText('En curso');
  await expect(fila.getByTestId('lote-fila-progreso')).toHaveText(/^\d de 3$/);
  const id = await fila.getAttribute('data-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  // Reload mid-batch: the batch lives in the database, so the panel still has it, running, with its controls.
  await page.reload();
  await expect(fila).toHaveAttribute('data-id', id!);
  await expect(fila).toHaveAttribute('data-estado', 'en_curso');
  await expect(fila.getByTestId('lote-fila-progreso')).toHaveText(/^\d de 3$/);
  await expect(fila.getByRole('button', { name: /^Pausar / })).toBeVisible();
  expect(await findClipped(page)).toEqual([]);
  await llamadas.captura('lote-panel-tras-recargar', true);

  // Pause and resume from the panel.
  await fila.getByRole('button', { name: /^Pausar / }).click();
  await expect(fila).toHaveAttribute('data-estado', 'pausado');
  await expect(fila.getByTestId('lote-fila-estado')).toHaveText('En pausa');
  await fila.getByRole('button', { name: /^Reanudar / }).click();
  await expect(fila).toHaveAttribute('data-estado', 'en_curso');

  // Cancel from the panel (asked first).
  await fila.getByRole('button', { name: /^Cancelar / }).click();
  await expect(page.getByText('Los clientes que aún no se llamaron no se llamarán. ¿Deseas cancelar el lote?')).toBeVisible();
  await llamadas.confirmar('Sí, cancelar');
  await expect(fila).toHaveAttribute('data-estado', 'cancelado');
  await expect(fila.getByTestId('lote-fila-estado')).toHaveText('Cancelado');
  await expect(fila.getByRole('button', { name: /^Cancelar / })).toHaveCount(0);
  plataforma.abrir();

  // The held call was the only one sent, and its attempt is in the details.
  await expect.poll(async () => (await api.llamar<unknown[]>('llamadas', 'intentosLote', { id })).length).toBe(1);
  const enviados = hooks.requests.slice(antes).map((r) => (r.json as { phone: string }).phone);
  expect(enviados).toHaveLength(1);
  const llamado = clientes.find((c) => c.telefono === enviados[0])!;
  await fila.getByRole('button', { name: /^Ver detalle / }).click();
  await expect(detalle).toHaveAttribute('data-estado', 'cancelado');
  await expect(page.getByTestId('lote-estado')).toHaveText('Llamadas canceladas.');
  await detalle.getByRole('tab', { name: 'Intentos' }).click();
  await expect(page.getByTestId('lote-intento')).toHaveCount(1);
  await expect(page.getByTestId('lote-intento')).toContainText(`${llamado.nombre} ${llamado.apellido}`);
  expect(await findClipped(page)).toEqual([]);
  expect(await violacionesGraves(page)).toEqual([]);
  await llamadas.captura('lote-intentos');
  await detalle.getByRole('button', { name: 'Cerrar' }).click();
  expect(hooks.requests.length).toBe(antes + 1);
});

test('el progreso de un lote avanza solo en el detalle y en el panel (cambios en vivo, sin sondeo)', async ({ page, hooks, api, llamadas }) => {
  test.setTimeout(90_000);
  await api.webhooks({ llamadaSaliente: `${hooks.url}/llamar` });
  await campanaConClientes(api, 'Campaña E2E En vivo', [
    { nombre: 'Pablo', apellido: 'Ruiz', telefono: '+573045550001' },
    { nombre: 'Marta', apellido: 'León', telefono: '+573045550002' },
  ]);
  const plataforma = compuerta();
  hooks.respond(async (_req, res) => {
    await plataforma.abierta;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
  const antes = hooks.requests.length;
  await page.goto('/dashboard/equipo');
  await llamadas.elegirCampana('Campaña activa', 'Campaña E2E En vivo');
  await expect(page.getByTestId('fila-cliente')).toHaveCount(2);
  const confirmacion = await llamadas.llamarPagina();
  await confirmacion.getByRole('button', { name: 'Sí, llamar' }).click();
  await expect(page.getByTestId('lote-progreso')).toHaveText('0 de 2');
  await expect.poll(() => hooks.requests.length).toBe(antes + 1);

  // The platform answers; nothing is clicked: the details and then the panel follow the rows.
  plataforma.abrir();
  await expect(page.getByTestId('lote-progreso')).toHaveText('2 de 2', { timeout: 20_000 });
  await expect(page.getByTestId('lote')).toHaveAttribute('data-estado', 'terminado');
  await expect(page.getByTestId('lote-exitosas')).toHaveText('2');
  await expect(page.getByTestId('lote-mensaje')).toHaveText('Se iniciaron 2 llamadas exitosas y 0 fallidas.');
  // The panel behind the details, too.
  const fila = llamadas.filasLote().first();
  await expect(fila).toHaveAttribute('data-estado', 'terminado');
  await expect(fila.getByTestId('lote-fila-progreso')).toHaveText('2 de 2');
  await expect(fila).toContainText('2 iniciadas · 0 fallidas');
  await page.getByTestId('lote').getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByTestId('lote')).toBeHidden();
});

test('la confirmación descuenta la lista No llamar y un lote se programa para más tarde', async ({ page, hooks, api, llamadas }) => {
  test.setTimeout(90_000);
  await api.webhooks({ llamadaSaliente: `${hooks.url}/llamar` });
  await campanaConClientes(api, 'Campaña E2E Programada', [
    { nombre: 'Elena', apellido: 'Ríos', telefono: '+573025550001' },
    { nombre: 'Tomás', apellido: 'Gil', telefono: '+573025550002' },
  ]);
  await api.llamar('llamadas', 'noLlamarAgregar', { telefono: '+57 302 555 0002' });
  const antes = hooks.requests.length;

  await page.goto('/dashboard/equipo');
  await llamadas.elegirCampana('Campaña activa', 'Campaña E2E Programada');
  await expect(page.getByTestId('fila-cliente')).toHaveCount(2);
  const confirmacion = await llamadas.llamarPagina();
  await expect(confirmacion.getByTestId('estimacion-llamables')).toHaveText('1');
  await expect(confirmacion.getByTestId('estimacion-no-llamar')).toHaveText('1');
  await confirmacion.getByRole('switch', { name: 'Programar para más tarde' }).check();
  // An hour ahead by default; a past time is refused on the spot.
  const cuando = confirmacion.getByTestId('programar-para');
  await expect(cuando).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/);
  const futuro = await cuando.inputValue();
  await cuando.fill('2020-01-01T08:00');
  await expect(confirmacion).toContainText('Elige una fecha y hora futuras.');
  await expect(confirmacion.getByRole('button', { name: 'Programar' })).toBeDisabled();
  await cuando.fill(futuro);
  expect(await findClipped(page)).toEqual([]);
  await confirmacion.getByRole('button', { name: 'Programar' }).click();
  await expect(page.getByText(/^Llamadas programadas para /)).toBeVisible();

  // It waits in the panel, nothing sent.
  const fila = llamadas.filasLote().first();
  await expect(fila).toHaveAttribute('data-estado', 'programado');
  await expect(fila).toContainText('Programado para');
  await expect(page.getByTestId('lote')).toHaveCount(0);
  expect(hooks.requests.length).toBe(antes);
  await fila.getByRole('button', { name: /^Ver detalle / }).click();
  await expect(page.getByTestId('lote-programado')).toContainText('Programado para');
  await page.getByTestId('lote').getByRole('button', { name: 'Cerrar' }).click();

  await fila.getByRole('button', { name: /^Cancelar / }).click();
  await llamadas.confirmar('Sí, cancelar');
  await expect(fila).toHaveAttribute('data-estado', 'cancelado');
  expect(hooks.requests.length).toBe(antes);
});

test('lista No llamar: agregar, importar un CSV, quitar, y agregar desde un cliente', async ({ page, api, llamadas }) => {
  test.setTimeout(90_000);
  await campanaConClientes(api, 'Campaña E2E No llamar', [{ nombre: 'Rosa', apellido: 'Díaz', telefono: '+573036660001' }]);
  await page.goto('/dashboard/equipo');
  await llamadas.elegirCampana('Campaña activa', 'Campaña E2E No llamar');
  await expect(page.getByTestId('fila-cliente')).toHaveCount(1);

  const lista = await llamadas.abrirNoLlamar();
  const filas = lista.getByTestId('fila-no-llamar');
  // A phone is checked before it is sent.
  await lista.getByRole('textbox', { name: 'Teléfono', exact: true }).fill('abc');
  await lista.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(lista).toContainText('Ingresa un teléfono válido (al menos 5 dígitos).');
  await lista.getByRole('textbox', { name: 'Teléfono', exact: true }).fill('+57 303 666 0002');
  await lista.getByRole('button', { name: 'Agregar', exact: true }).click();
  await expect(page.getByText('Teléfono agregado a la lista No llamar.')).toBeVisible();
  await lista.getByRole('textbox', { name: 'Buscar teléfono' }).fill('3036660');
  await expect(filas).toHaveCount(1);
  await expect(filas.first()).toContainText('Manual');

  // A CSV: one new, one already there (same digits), one new without prefix, one unreadable.
  const csv = 'Nombre;Teléfono\r\nA;+573036660003\r\nB;+57 303 666 0002\r\nC;3036660004\r\nD;xx\r\n';
  await lista.locator('input[type=file]').setInputFiles({ name: 'no-llamar.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(lista.getByTestId('no-llamar-resultado')).toHaveText('Importación terminada: 2 agregados, 1 ya estaban, 1 inválidos.');
  await expect(filas).toHaveCount(3);
  await expect(filas.filter({ hasText: '+573036660003' })).toContainText('Importado');
  // A malformed file changes nothing and says why.
  await lista.locator('input[type=file]').setInputFiles({ name: 'malo.csv', mimeType: 'text/csv', buffer: Buffer.from('telefono\n"3036660009\n', 'utf8') });
  await expect(lista.getByTestId('no-llamar-error')).toContainText('mal formado');
  await expect(filas).toHaveCount(3);
  expect(await findClipped(page)).toEqual([]);
  expect(await violacionesGraves(page)).toEqual([]);
  await llamadas.captura('no-llamar');

  // Remove one (asked first).
  await lista.getByRole('button', { name: 'Quitar +573036660003' }).click();
  await llamadas.confirmar('Sí, quitar');
  await expect(page.getByText('Teléfono quitado de la lista No llamar.')).toBeVisible();
  await expect(filas).toHaveCount(2);
  await expect(filas.filter({ hasText: '+573036660003' })).toHaveCount(0);
  await lista.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  await expect(lista).toBeHidden();

  // From a client's row: the client is flagged and its phone is on the list.
  const rosa = llamadas.filaCliente('Rosa Díaz');
  await rosa.getByRole('button', { name: 'Agregar a No llamar Rosa Díaz' }).click();
  await expect(page.getByText('Rosa Díaz (+573036660001) no volverá a ser llamado en ninguna campaña. ¿Continuar?')).toBeVisible();
  await llamadas.confirmar('Sí, agregar');
  await expect(rosa).toContainText('No llamar');
  await expect(rosa.getByRole('button', { name: 'Agregar a No llamar Rosa Díaz' })).toBeDisabled();
  await llamadas.abrirNoLlamar();
  await lista.getByRole('textbox', { name: 'Buscar teléfono' }).fill('3036660001');
  await expect(filas).toHaveCount(1);
  await expect(filas.first()).toContainText('Desde un cliente');
});

test('la política de la campaña: horario por día, días sin llamadas y reintentos se guardan', async ({ page, api, llamadas }) => {
  test.setTimeout(90_000);
  const campana = await campanaConClientes(api, 'Campaña E2E Política', []);
  await page.goto('/dashboard/equipo');
  await llamadas.elegirCampana('Campaña activa', 'Campaña E2E Política');
  const config = page.getByTestId('panel-configuracion');

  await config.getByRole('tab', { name: 'Horario' }).click();
  await config.getByRole('switch', { name: /Horario distinto por día de la semana/ }).check();
  await config.getByRole('checkbox', { name: 'Llamar el domingo' }).uncheck();
  await config.getByLabel('Desde (sábado)').fill('09:00');
  await config.getByLabel('Hasta (sábado)').fill('13:00');
  await config.getByLabel('Fecha sin llamadas').fill('2026-12-25');
  await config.getByRole('button', { name: 'Agregar fecha' }).click();
  await config.getByLabel('Fecha sin llamadas').fill('2027-01-01');
  await config.getByRole('button', { name: 'Agregar fecha' }).click();
  await expect(config.getByTestId('dia-sin-llamadas')).toHaveText(['2026-12-25', '2027-01-01']);
  // A day whose start is not before its end is refused on the spot.
  await config.getByLabel('Hasta (lunes)').fill('00:00');
  await expect(config).toContainText('Lunes: la hora de inicio debe ser anterior a la de fin.');
  await config.getByLabel('Hasta (lunes)').fill('18:00');
  expect(await findClipped(page)).toEqual([]);
  expect(await violacionesGraves(page)).toEqual([]);
  await llamadas.captura('politica-horario');

  await config.getByRole('tab', { name: 'Reintentos' }).click();
  await config.getByRole('textbox', { name: 'Intentos por cliente' }).fill('3');
  await config.getByRole('textbox', { name: 'Minutos entre intentos' }).fill('15');
  await config.getByRole('checkbox', { name: 'Fallida' }).uncheck();
  expect(await findClipped(page)).toEqual([]);
  await llamadas.captura('politica-reintentos');
  await config.getByRole('button', { name: 'Guardar configuración' }).click();
  await expect(page.getByText('Configuración actualizada.')).toBeVisible();

  const guardada = await api.llamar<Record<string, unknown>>('llamadas', 'configuracion', { campanaId: campana.id });
  expect(guardada).toMatchObject({
    horarioSemanal: [
      { dia: 1, inicio: '00:00', fin: '18:00' },
      { dia: 2, inicio: '00:00', fin: '23:59' },
      { dia: 3, inicio: '00:00', fin: '23:59' },
      { dia: 4, inicio: '00:00', fin: '23:59' },
      { dia: 5, inicio: '00:00', fin: '23:59' },
      { dia: 6, inicio: '09:00', fin: '13:00' },
    ],
    diasSinLlamadas: ['2026-12-25', '2027-01-01'],
    reintentosMax: 3,
    reintentoMinutos: 15,
    reintentarResultados: ['no_contesta', 'ocupado'],
  });

  // After a reload the form shows what was saved.
  await page.reload();
  await config.getByRole('tab', { name: 'Reintentos' }).click();
  await expect(config.getByRole('textbox', { name: 'Intentos por cliente' })).toHaveValue('3');
  await expect(config.getByRole('checkbox', { name: 'Fallida' })).not.toBeChecked();
  await expect(config.getByRole('checkbox', { name: 'Ocupado' })).toBeChecked();
  await config.getByRole('tab', { name: 'Horario' }).click();
  await expect(config.getByRole('checkbox', { name: 'Llamar el domingo' })).not.toBeChecked();
  await expect(config.getByLabel('Desde (sábado)')).toHaveValue('09:00');
  await expect(config.getByTestId('dia-sin-llamadas')).toHaveText(['2026-12-25', '2027-01-01']);
});
