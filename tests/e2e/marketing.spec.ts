import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROPUESTA, tinyPdf } from '../support/marketing-fixtures';
import { expect, test } from './support/fixtures';

/**
 * The marketing agent as an operator lives it: a small real PDF and a website address are analysed by a
 * local server standing in for n8n (it answers with a proposal), the structure is shown, the records are
 * saved automatically, then one is viewed, downloaded and deleted (file first, then record).
 */
const pdf = Buffer.from(tinyPdf());

test('PDF y URL analizados, estructura, registros guardados, ver, descargar y eliminar', async ({ page, app, hooks, api, sesion }) => {
  hooks.respond((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    // The file flow answers n8n-style (a list with output as JSON text); scraping with the object itself.
    res.end(req.path === '/archivo' ? JSON.stringify([{ output: JSON.stringify(PROPUESTA) }]) : JSON.stringify(PROPUESTA));
  });
  await sesion.entrarComoAdmin();
  await api.webhooks({ analisisArchivo: `${hooks.url}/archivo`, analisisScraping: `${hooks.url}/scraping` });

  await page.goto('/dashboard/agente-marketing');
  await expect(page.getByRole('heading', { name: 'Agente de Marketing - Sitios Web' })).toBeVisible();
  const badge = page.getByTestId('estado-conexion');
  await expect(badge).toHaveText('Autenticando...');
  await expect(badge).toHaveText('Conectado');
  // The demo data brings two records.
  const rows = page.getByTestId('registro-marketing');
  await expect(rows).toHaveCount(2);

  // File tab: wrong type, then a text file pretending to be a PDF, then the real PDF.
  await page.getByRole('button', { name: 'Cargar Contexto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cargar Contexto' });
  await expect(dialog.getByText('PDF, Word hasta 10MB')).toBeVisible();
  await dialog.getByRole('button', { name: 'Procesar archivo' }).click();
  await expect(dialog.getByText('Selecciona un archivo válido primero.')).toBeVisible();
  const input = dialog.getByTestId('archivo-input');
  await input.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  await expect(dialog.getByText('Tipo de archivo no válido')).toBeVisible();
  await input.setInputFiles({ name: 'falso.pdf', mimeType: 'application/pdf', buffer: Buffer.from('no soy un pdf de verdad') });
  await expect(dialog.getByText('Formato de archivo no válido')).toBeVisible();
  await input.setInputFiles({ name: 'Brief Clima Frío.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(dialog.getByText('Archivo listo: Brief Clima Frío.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Procesar archivo' }).click();
  await expect(dialog.getByText('✅ Estructura del sitio web generada correctamente')).toBeVisible();
  await expect(dialog.getByText('✅ Guardado exitosamente en la base de datos')).toBeVisible();
  expect((hooks.requests.find((r) => r.path === '/archivo')!.json as { contenido: string }).contenido).toBe(pdf.toString('base64'));

  // The structure view: header, pages, every section kind, design guidance, summary.
  const view = dialog.getByTestId('estructura-sitio');
  await expect(view.getByRole('heading', { name: 'Clima Frío SAS' })).toBeVisible();
  await expect(view.getByText('Estructura generada')).toBeVisible();
  await expect(view.getByText('3 páginas')).toBeVisible();
  await expect(view.getByTestId('pagina')).toHaveCount(3);
  await expect(view.getByText('Técnicos certificados')).toBeVisible();
  await expect(view.getByText('Desde $250.000')).toBeVisible();
  await expect(view.getByText('Mensaje', { exact: true })).toBeVisible();
  await expect(view.getByRole('link', { name: 'info@climafrio.co' })).toHaveAttribute('href', 'mailto:info@climafrio.co');
  await expect(view.getByText('Nota: la dirección de correo electrónico aún debe crearse.')).toBeVisible();
  await expect(view.getByText('Total de servicios: 3')).toBeVisible();
  await expect(view.getByText('Instalación: 1')).toBeVisible();
  await expect(view.getByText('Asesoría: 1')).toBeVisible();
  await expect(view.getByTestId('indicaciones-diseno').getByText('Limpio y profesional')).toBeVisible();
  await expect(view.getByTestId('resumen-estructura').getByText('Sí')).toBeVisible();
  await view.screenshot({ path: test.info().outputPath('marketing-estructura.png') });

  // Switching tabs resets; the URL tab validates and Enter submits.
  await dialog.getByRole('tab', { name: 'Analizar sitio web' }).click();
  await expect(dialog.getByText('✅ Estructura del sitio web generada correctamente')).toBeHidden();
  await expect(dialog.getByTestId('estructura-sitio')).toBeHidden();
  const url = dialog.getByLabel('URL del sitio web');
  await url.press('Enter');
  await expect(dialog.getByText('Ingresa una URL válida')).toBeVisible();
  await url.fill('climafrio.co');
  await url.press('Enter');
  await expect(dialog.getByText('URL inválida. Asegúrate de incluir http:// o https://')).toBeVisible();
  await url.fill('https://climafrio.co');
  await url.press('Enter');
  await expect(dialog.getByText('✅ Guardado exitosamente en la base de datos')).toBeVisible();
  expect(hooks.requests.find((r) => r.path === '/scraping')!.json).toEqual({ url: 'https://climafrio.co', tipo: 'scraping' });
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog).toBeHidden();

  // Both new records, newest first; only the file row has a download action.
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('https://climafrio.co');
  const fileRow = rows.filter({ hasText: 'Brief Clima Frío.pdf' });
  await expect(fileRow).toContainText('operador@agencia.co');
  await expect(rows.nth(0).getByRole('button', { name: 'Descargar archivo' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('marketing-registros.png'), fullPage: true });

  // Details modal.
  await fileRow.getByRole('button', { name: 'Ver detalles' }).click();
  const details = page.getByRole('dialog', { name: 'Detalles del registro' });
  await expect(details.getByRole('heading', { name: 'Clima Frío SAS' })).toBeVisible();
  await details.getByRole('tab', { name: 'Contenido completo' }).click();
  await expect(details.getByText('"nombre_sitio": "Clima Frío SAS"')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // Download: the same bytes under the original name.
  const [download] = await Promise.all([page.waitForEvent('download'), fileRow.getByRole('button', { name: 'Descargar archivo' }).click()]);
  expect(download.suggestedFilename()).toBe('Brief Clima Frío.pdf');
  const saved = await download.path();
  expect(readFileSync(saved!)).toEqual(pdf);

  // The file lives in the data folder under {userId}/{timestamp}_{safe name}.
  const bucket = join(app.dataDir, 'archivos', 'agente-marketing-files');
  const [userDir] = readdirSync(bucket);
  const files = readdirSync(join(bucket, userDir!));
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/^\d+_Brief_Clima_Frio\.pdf$/);

  // Delete asks first; cancel keeps it, confirm removes file then record.
  await fileRow.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('¿Estás seguro de que quieres eliminar este registro?')).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(rows).toHaveCount(4);
  await fileRow.getByRole('button', { name: 'Eliminar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(rows).toHaveCount(3);
  expect(existsSync(join(bucket, userDir!, files[0]!))).toBe(false);

  // Records without a file delete too; the empty table says so.
  for (let left = 3; left > 0; left--) {
    await rows.first().getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(rows).toHaveCount(left - 1);
  }
  await expect(page.getByText('No hay registros')).toBeVisible();
});

test('una página de error HTML con estado 200 dice "No se recibió contenido válido" y no guarda nada', async ({ page, hooks, api, sesion }) => {
  await sesion.entrarComoAdmin();
  await api.webhooks({ analisisScraping: `${hooks.url}/scraping` });
  // A proxy in front of the flow answers its own error page, with status 200 (issue 12).
  hooks.respond((_req, r) => {
    r.writeHead(200, { 'Content-Type': 'text/html' });
    r.end('<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n');
  });
  await page.goto('/dashboard/agente-marketing');
  const rows = page.getByTestId('registro-marketing');
  await expect(page.getByTestId('estado-conexion')).toHaveText('Conectado');
  const antes = (await api.llamar<unknown[]>('marketing', 'registros')).length;
  await expect(rows).toHaveCount(antes);

  await page.getByRole('button', { name: 'Cargar Contexto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cargar Contexto' });
  await dialog.getByRole('tab', { name: 'Analizar sitio web' }).click();
  await dialog.getByLabel('URL del sitio web').fill('https://climafrio.co');
  await dialog.getByLabel('URL del sitio web').press('Enter');
  await expect(dialog.getByText('❌ No se recibió contenido válido')).toBeVisible();
  await expect(dialog.getByText('✅ Contenido procesado correctamente')).toBeHidden();
  await expect(dialog.getByText('✅ Guardado exitosamente en la base de datos')).toBeHidden();
  await page.keyboard.press('Escape');
  // No 'Sitio sin nombre' record appeared.
  await expect(rows).toHaveCount(antes);
  await expect(page.getByText('Sitio sin nombre')).toHaveCount(0);
});
