import type { ServerResponse } from 'node:http';
import { compuerta } from './support/compuerta';
import { expect, test } from './support/fixtures';
import { findClipped } from './support/layout';
import { duracionMp3, fmt } from './support/mp3';

/**
 * The call-campaign area in Chromium against the served app (demo data) and a real local webhook server:
 * create a campaign, import a CSV (BOM, ';', CRLF, quotes, duplicates, bad rows) with its preview, configure
 * the agent, bulk-call three clients (one answering 500), open the history and play a real MP3, and check
 * the Resumen cards and charts.
 */
test('campaña, CSV, configuración, llamadas masivas, histórico con audio y resumen', async ({ page, hooks, api, sesion, llamadas }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await sesion.entrarComoAdmin();
  // The bearer token goes to the keychain; where the run has no Secret Service (plain `playwright test`),
  // the address alone is configured and the header check is left to the integration tests.
  const conToken = (await api.respuesta('conexion', 'guardarWebhook', { name: 'llamadaSaliente', url: `${hooks.url}/llamar`, auth: 'bearer', token: 'token-e2e-llamadas' })).ok;
  if (!conToken) await api.webhooks({ llamadaSaliente: `${hooks.url}/llamar` });

  // ------------------------------------------------------------------ Campañas
  await page.goto('/dashboard/campanas');
  await expect(page.getByRole('heading', { name: 'Campañas', exact: true })).toBeVisible();
  const crear = page.getByRole('button', { name: 'Crear campaña' });
  await expect(crear).toBeDisabled();
  await page.getByRole('textbox', { name: 'Nombre' }).fill('Campaña E2E Cobranza');
  await expect(crear).toBeDisabled(); // minutes still 0
  await llamadas.crearCampana('Campaña E2E Cobranza', 120);
  await llamadas.captura('campanas', true);

  // ------------------------------------------------------------------ Clientes: CSV import
  await page.goto('/dashboard/equipo');
  await llamadas.elegirCampana('Campaña activa', 'Campaña E2E Cobranza');
  await expect(page.getByTestId('tile-total-valor')).toHaveText('0');
  const csv =
    '\uFEFFNombre;Apellido;Email;Teléfono;Empresa;Cargo\r\n' +
    'Ana;Ruiz;ana@cobranza.co;+573001110001;"Acme; S.A.S.";Gerente\r\n' +
    'Beto;Paz;beto@cobranza.co;+573001110002;;\r\n' +
    'Carla;Gil;carla@cobranza.co;+573001110003;Delta;"Jefe ""A"""\r\n' +
    'Ana;Ruiz;ANA@cobranza.co;+573001110001;Acme;Gerente\r\n' +
    'Dario;Sin;dario@cobranza.co;;Beta;\r\n' +
    'solo;dos\r\n';
  await llamadas.abrirImportacion('clientes.csv', csv);
  await expect(page.getByTestId('csv-agregar')).toHaveText('Se agregarán 3 clientes');
  await expect(page.getByTestId('csv-omitir')).toHaveText('Se omitirán 3 filas');
  await page.getByRole('tab', { name: /Omitidas/ }).click();
  const omitidas = page.getByTestId('csv-omitidas');
  await expect(omitidas).toContainText('Duplicado dentro del archivo');
  await expect(omitidas).toContainText('Sin email o teléfono');
  await expect(omitidas).toContainText('Tiene menos de 3 columnas');
  await llamadas.captura('csv-vista-previa');
  await page.getByTestId('guardar-csv').click();
  await expect(page.getByText('Se omitieron 1 clientes duplicados.')).toBeVisible();
  await expect(page.getByTestId('tile-total-valor')).toHaveText('3');
  await expect(page.getByTestId('fila-cliente')).toHaveCount(3);
  await expect(page.getByTestId('tabla-clientes')).toContainText('Acme; S.A.S.');
  await expect(page.getByTestId('tabla-clientes')).toContainText('Jefe "A"');

  // A malformed file changes nothing and says why.
  await llamadas.abrirImportacion('malo.csv', 'nombre,apellido,email,telefono\n"Ana,Ruiz,a@x.co,+57300\n');
  await expect(page.getByTestId('error-csv')).toContainText('mal formado');
  await expect(page.getByTestId('guardar-csv')).toBeDisabled();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('tile-total-valor')).toHaveText('3');

  // ------------------------------------------------------------------ Calling needs the configuration
  await page.getByRole('checkbox', { name: 'Seleccionar la página' }).check();
  await page.getByTestId('llamar-seleccionados').click();
  const dialogo = page.getByRole('dialog', { name: 'Error de Configuración' });
  await expect(dialogo).toBeVisible();
  await dialogo.getByRole('button', { name: 'Cerrar' }).click();

  await llamadas.configurarAgente('agent_e2e_01', 'phnum_e2e_01');

  // ------------------------------------------------------------------ Bulk call: one answers 500
  // The platform holds its answers until the batch has been seen in progress.
  const enCurso = compuerta();
  hooks.respond(async (req, res) => {
    const phone = (req.json as { phone?: string }).phone;
    await enCurso.abierta;
    res.writeHead(phone === '+573001110002' ? 500 : 200, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
  const antes = hooks.requests.length;
  await page.getByTestId('llamar-seleccionados').click();
  await expect(page.getByText('¿Deseas iniciar las llamadas a los 3 clientes seleccionados?')).toBeVisible();
  await page.getByRole('button', { name: 'Sí, llamar' }).click();
  await expect(page.getByTestId('lote')).toBeVisible();
  await expect(page.getByTestId('lote-progreso')).toContainText('de 3');
  enCurso.abrir();
  await expect(page.getByTestId('lote-mensaje')).toHaveText('Se iniciaron 2 llamadas exitosas y 1 fallidas.', { timeout: 20_000 });
  await expect(page.getByTestId('lote-progreso')).toHaveText('3 de 3');
  await expect(page.getByTestId('lote-exitosas')).toHaveText('2');
  await expect(page.getByTestId('lote-fallidas')).toHaveText('1');
  // The bulk-call window shows every badge and button whole (issue 12: 'COMPLETA…', 'EN PROC…').
  expect(await findClipped(page)).toEqual([]);
  await llamadas.captura('lote');
  const enviados = hooks.requests.slice(antes);
  expect(enviados).toHaveLength(3);
  expect(enviados.every((r) => r.headers.authorization === (conToken ? 'Bearer token-e2e-llamadas' : undefined))).toBe(true);
  expect(enviados.map((r) => (r.json as { phone: string }).phone).sort()).toEqual(['+573001110001', '+573001110002', '+573001110003']);
  expect(enviados.find((r) => (r.json as { phone: string }).phone === '+573001110001')!.json).toEqual({
    name: 'Ana Ruiz',
    email: 'ana@cobranza.co',
    phone: '+573001110001',
    company: 'Acme; S.A.S.',
    agent_id: 'agent_e2e_01',
    agent_phone_number_id: 'phnum_e2e_01',
    position: 'Gerente',
  });
  // Retry only the failed one.
  hooks.respond((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
  await page.getByRole('button', { name: 'Reintentar fallidas' }).click();
  await expect(page.getByTestId('lote-mensaje')).toHaveText('Se iniciaron 1 llamadas exitosas y 0 fallidas.', { timeout: 20_000 });
  expect((hooks.requests.at(-1)!.json as { phone: string }).phone).toBe('+573001110002');
  await page.getByTestId('lote').getByRole('button', { name: 'Cerrar' }).click();

  // ------------------------------------------------------------------ History with a real MP3 (demo data)
  const hits = await api.llamar<Array<{ type: string; data: { phone: string; campana: number; conversationId: string } }>>('shell', 'buscar', { q: 'done' });
  const conAudio = hits.find((h) => h.type === 'llamada')!.data;
  const campanas = await api.llamar<Array<{ id: number; nombre: string }>>('llamadas', 'listarCampanas', {});
  const nombreCampana = campanas.find((c) => c.id === Number(conAudio.campana))!.nombre;
  const audio = await api.llamar<{ base64: string }>('llamadas', 'audio', { conversationId: conAudio.conversationId });
  const segundos = duracionMp3(Buffer.from(audio.base64, 'base64'));
  expect(segundos).toBeGreaterThan(1);

  await llamadas.elegirCampana('Campaña activa', nombreCampana);
  await expect(page.getByTestId('minutos-consumidos')).toContainText('minutos');
  await expect(page.getByTestId('costo-total')).toHaveText(/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/); // es-ES
  await page.getByRole('textbox', { name: 'Teléfono' }).fill(conAudio.phone.slice(1));
  await expect(page.getByTestId('fila-cliente')).toHaveCount(1);
  await expect(page.getByTestId('badge-estado')).toHaveText(/Atendido|Fallido|Pendiente|En proceso/);
  await llamadas.captura('clientes', true);
  const filaLlamada = await llamadas.abrirHistorial('done');
  // The stored 'done' reads in Spanish (issue 12).
  await expect(filaLlamada.getByTestId('estado-llamada')).toHaveText('Completada');
  const total = await llamadas.escucharAudio();
  await expect(page.getByTestId('detalle-llamada')).toContainText(conAudio.conversationId);
  await expect(page.getByTestId('burbuja').first()).toContainText('Agente');
  await expect(total).toHaveText(fmt(segundos), { timeout: 15_000 });
  const mostrado = Number(await page.getByTestId('tiempo-total').getAttribute('data-segundos'));
  expect(Math.abs(mostrado - segundos)).toBeLessThan(0.3);
  await expect(page.getByTestId('onda').locator('xpath=.//*').first()).toBeAttached();
  await page.getByTestId('play-pausa').click();
  await expect(page.getByTestId('tiempo-actual')).not.toHaveText('0:00', { timeout: 10_000 });
  await page.getByTestId('play-pausa').click();
  await llamadas.captura('historial-detalle');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  // ------------------------------------------------------------------ Resumen
  await page.goto('/dashboard/resumen');
  await llamadas.elegirCampana('Campaña', nombreCampana);
  const esperado = await api.llamar<{ tarjetas: { totalClientes: number; totalLlamadas: number; llamadasDone: number }; primera: string }>('llamadas', 'resumen', { campanaId: conAudio.campana });
  const n = (v: number) => new Intl.NumberFormat('es-CO').format(v);
  await expect(page.getByTestId('card-clientes-valor')).toHaveText(n(esperado.tarjetas.totalClientes));
  await expect(page.getByTestId('card-llamadas-valor')).toHaveText(n(esperado.tarjetas.totalLlamadas));
  await expect(page.getByTestId('card-done-valor')).toHaveText(n(esperado.tarjetas.llamadasDone));
  await expect(page.getByTestId('card-rango-valor')).toHaveText(n(esperado.tarjetas.totalLlamadas - 0)); // whole range = every dated call
  await expect(page.getByTestId('grafico-dia').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('grafico-estados').locator('canvas')).toBeVisible();
  // The status legend in Spanish, never the stored English.
  await expect(page.getByTestId('leyenda-estados')).toContainText('Completada');
  await expect(page.getByTestId('leyenda-estados')).not.toContainText(/done|failed|in-progress|initiated|pending/i);
  await llamadas.captura('resumen', true);
  // Reset: the default range 2025-07-30 → 2025-08-07 has no demo calls → empty states.
  await page.getByRole('button', { name: 'Restablecer' }).click();
  await expect(page.getByTestId('rango-inicio')).toHaveValue('2025-07-30T00:00');
  await expect(page.getByText('No hay datos para mostrar en el rango de fechas seleccionado')).toBeVisible();
  await expect(page.getByTestId('card-rango-valor')).toHaveText('0');
});

test('llamadas masivas tras recargar y tras volver a entrar: progreso visible y cancelar; búsqueda por nombre completo', async ({ page, hooks, api, sesion, llamadas }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 860 });
  await sesion.entrarComoAdmin();
  await api.webhooks({ llamadaSaliente: `${hooks.url}/lento` });
  const campana = await api.llamar<{ id: number }>('llamadas', 'crearCampana', { nombre: 'Campaña E2E Recarga', minutos: 500 });
  await api.llamar('llamadas', 'guardarConfiguracion', { campanaId: campana.id, agentid: 'agent_r', agentphonenumberid: 'phnum_r', prompt: 'Hola', horaInicio: '00:00', horaFin: '23:59', maxSimultaneas: 1 });
  const personas: Array<[string, string, string]> = [
    ['Valentina', 'Castro Restrepo', 'Distribuidora Internacional de Repuestos Industriales y Agrícolas del Caribe S.A.S.'],
    ['Mateo', 'Londoño', 'Acme'],
    ['Sara', 'Quintero', 'Delta'],
  ];
  for (const [i, [nombre, apellido, empresa]] of personas.entries()) {
    await api.llamar('llamadas', 'crearCliente', {
      nombre,
      apellido,
      empresa,
      email: `${nombre.toLowerCase()}.${i}.contacto.comercial@distribuidora-internacional-del-caribe.com.co`,
      telefono: `+57301777000${i}`,
      campanaId: campana.id,
    });
  }

  // ------------------------------------------------------------------ Global search: full name, the type always visible
  await page.goto('/dashboard/campanas');
  await page.getByRole('combobox', { name: 'Buscar' }).fill('Valentina Castro Restrepo');
  const opcion = page.getByRole('option', { name: /Valentina Castro Restrepo/ });
  await expect(opcion).toBeVisible();
  const tipo = opcion.getByTestId('resultado-tipo');
  await expect(tipo).toHaveText(/cliente/i);
  const cabe = await tipo.evaluate((el) => {
    // The visible panel (the results list itself may grow wider than what is shown).
    const panel = el.closest('.mantine-Paper-root')!.getBoundingClientRect();
    const b = el.getBoundingClientRect();
    const label = (el.querySelector('.mantine-Badge-label') ?? el) as HTMLElement;
    return { dentro: b.left >= panel.left && b.right <= panel.right + 0.5, entero: label.scrollWidth <= label.clientWidth };
  });
  expect(cabe).toEqual({ dentro: true, entero: true });
  // The long subtitle is the one that gives way, with an ellipsis.
  expect(await opcion.getByTestId('resultado-subtitulo').evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis')).toBe(true);
  await llamadas.captura('busqueda-nombre-completo');
  await page.keyboard.press('Escape');

  // ------------------------------------------------------------------ A batch against a platform that holds its answers
  const retenidas: ServerResponse[] = [];
  hooks.respond((_req, res) => void retenidas.push(res));
  const antes = hooks.requests.length;
  await page.goto('/dashboard/equipo');
  await llamadas.elegirCampana('Campaña activa', 'Campaña E2E Recarga');
  await expect(page.getByTestId('fila-cliente')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Seleccionar la página' }).check();
  await page.getByTestId('llamar-seleccionados').click();
  await page.getByRole('button', { name: 'Sí, llamar' }).click();
  await expect(page.getByTestId('lote')).toBeVisible();
  await expect.poll(() => hooks.requests.length).toBe(antes + 1);

  // Reload mid-batch: the batch lives in the database, so the client screen's panel has it, running; its
  // details open from there with the progress and the controls.
  await page.reload();
  const lote = page.getByTestId('lote');
  const fila = page.getByTestId('lote-fila').first();
  await expect(fila).toHaveAttribute('data-estado', 'en_curso');
  await fila.getByRole('button', { name: /^Ver detalle / }).click();
  await expect(lote).toBeVisible();
  await expect(page.getByTestId('lote-campana')).toHaveText('Campaña: Campaña E2E Recarga');
  await expect(page.getByTestId('lote-progreso')).toHaveText(/^\d de 3$/);
  await expect(lote.getByRole('button', { name: 'Pausar' })).toBeVisible();

  // Signing in again (a new session of the same operator) finds it too.
  await page.context().clearCookies();
  await sesion.entrarComoAdmin();
  await page.goto('/dashboard/equipo');
  await expect(fila).toHaveAttribute('data-estado', 'en_curso');
  await fila.getByRole('button', { name: /^Ver detalle / }).click();
  await expect(lote).toBeVisible();
  await expect(lote).toContainText('Valentina Castro Restrepo');
  await llamadas.captura('lote-tras-recargar');
  await lote.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('lote-estado')).toHaveText('Llamadas canceladas.');
  for (const res of retenidas.splice(0)) if (!res.writableEnded) res.end();
  // The call waiting for the platform when cancelled may have started: it says so rather than 'fallida'.
  await expect(page.getByTestId('lote-sin-confirmacion')).toHaveText(/^[1-3]$/);
  await expect(page.getByTestId('lote-fallidas')).toHaveText('0');
  expect(hooks.requests.slice(antes).every((r) => /^[0-9a-f-]{36}$/.test(String(r.headers['idempotency-key'])))).toBe(true);
  await lote.getByRole('button', { name: 'Cerrar' }).click();
  await expect(lote).toBeHidden();
  hooks.respond((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
});
