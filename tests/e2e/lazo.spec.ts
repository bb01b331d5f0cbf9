import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { findClipped } from './support/layout';
import { campanaConClientes } from './support/llamadas';
import { plataformaVoz } from '../support/plataforma-voz';

/**
 * The loop closes (issue 15), in Chromium against the served app with its inbound endpoint on: a local
 * webhook server plays the voice platform — it accepts each call and, a moment later, posts the outcome to
 * the endpoint, signed as n8n signs it. The client screen is only looked at: the row's badge, the tiles, the
 * consumption panel and the open call history change by themselves, with no reload and no click.
 */
test.use({ argumentosApp: ['--entrada-port', '0'] });

test('el resultado que publica la plataforma aparece solo: insignia, mosaicos, consumo e historial, sin recargar', async ({ page, app, hooks, api, llamadas, sesion }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1360, height: 860 });
  await sesion.entrarComoAdmin();
  expect(app.entrada).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

  // The administrator creates the endpoint's secret (answered once) and points the call webhook at the platform.
  const { secreto } = await api.llamar<{ secreto: string }>('conexion', 'rotarSecretoEntrada', { ruta: 'llamadas' });
  await api.webhooks({ llamadaSaliente: `${hooks.url}/llamar` });
  const campana = await campanaConClientes(api, 'Campaña E2E En Vivo', [
    { nombre: 'Ana', apellido: 'Paz', telefono: '+573035550001' },
    { nombre: 'Luis', apellido: 'Rey', telefono: '+573035550002' },
  ]);
  const plataforma = plataformaVoz({
    entrada: app.entrada!,
    secreto,
    campana: campana.id,
    // Ana answers (95 s, 0.35); Luis does not.
    desenlace: (phone) => (phone.endsWith('2') ? { status: 'no contesta', duration_call_seg: 0, costo: 0 } : {}),
  });
  hooks.respond(plataforma.responder);

  // The screen, before: no calls anywhere.
  const cambios: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/cambios')) cambios.push(r.url());
  });
  await page.goto('/dashboard/equipo');
  await llamadas.elegirCampana('Campaña activa', 'Campaña E2E En Vivo');
  const ana = llamadas.filaCliente('Ana Paz');
  const luis = llamadas.filaCliente('Luis Rey');
  await expect(ana.getByTestId('badge-estado')).toHaveText('Sin llamadas');
  await expect(luis.getByTestId('badge-estado')).toHaveText('Sin llamadas');
  await expect(page.getByTestId('tile-llamadas-valor')).toHaveText('0');
  await expect(page.getByTestId('tile-atendidos-valor')).toHaveText('0');
  await expect(page.getByTestId('minutos-consumidos')).toHaveText('0 de 500 minutos');
  // The page listens for changes (server-sent events), it does not poll.
  await expect.poll(() => cambios.length).toBeGreaterThan(0);

  // Ana's history is open while the calls happen.
  await page.getByRole('button', { name: 'Histórico de llamadas Ana Paz' }).click();
  await expect(page.getByTestId('historial-conteo')).toHaveText('0 registros encontrados');
  let cargas = 0;
  page.on('load', () => (cargas += 1));

  // Someone starts the batch (here through the api): from now on nothing on this page is touched.
  const pagina = await api.llamar<{ filas: Array<{ id: number }> }>('llamadas', 'clientesPagina', { campanaId: campana.id });
  await api.llamar('llamadas', 'llamarLote', { campanaId: campana.id, clienteIds: pagina.filas.map((f) => f.id) });

  // The history fills in by itself, with the outcome the platform reported.
  await expect(page.getByTestId('historial-conteo')).toHaveText('1 registro encontrado', { timeout: 20_000 });
  await expect(page.getByTestId('fila-llamada').getByTestId('estado-llamada')).toHaveText('Completada');
  expect(await findClipped(page)).toEqual([]);
  await llamadas.captura('lazo-historial-en-vivo');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('historial-conteo')).toBeHidden();

  // The badges, the tiles and the consumption panel followed.
  await expect(ana.getByTestId('badge-estado')).toHaveText('Atendido');
  // 'no contesta' is Fallido by the one vocabulary of outcomes (issue 23 §2), as its history label says.
  await expect(luis.getByTestId('badge-estado')).toHaveText('Fallido');
  await expect(page.getByTestId('tile-llamadas-valor')).toHaveText('2');
  await expect(page.getByTestId('tile-atendidos-valor')).toHaveText('1');
  await expect(page.getByTestId('minutos-consumidos')).toHaveText('2 de 500 minutos');
  expect(await findClipped(page)).toEqual([]);
  await llamadas.captura('lazo-clientes-en-vivo', true);

  // Both outcomes were accepted by the endpoint, and the page was never reloaded.
  await plataforma.pendientes();
  expect(plataforma.publicados.map((p) => p.status)).toEqual([200, 200]);
  expect(cargas).toBe(0);
});

/**
 * Issue 23 §5: the card offers each address's n8n workflow ready to import — the listener's address filled in,
 * the secret left for the person to paste — and the outbound call's.
 */
test('la tarjeta Entrada de resultados descarga los flujos de n8n con la dirección y sin el secreto', async ({ page, app, api, sesion }) => {
  await page.setViewportSize({ width: 1360, height: 860 });
  await sesion.entrarComoAdmin();
  const { secreto } = await api.llamar<{ secreto: string }>('conexion', 'rotarSecretoEntrada', { ruta: 'llamadas' });
  await page.goto('/dashboard/configuracion?seccion=conexion');
  const tarjeta = page.getByTestId('entrada-resultados');
  await expect(tarjeta.getByTestId('entrada-url-llamadas')).toHaveText(`${app.entrada}/entrada/llamadas`);

  const descargar = async (nombre: string) => {
    const descarga = page.waitForEvent('download');
    await tarjeta.getByRole('button', { name: `Descargar flujo para n8n: ${nombre}` }).click();
    const archivo = await descarga;
    return { nombre: archivo.suggestedFilename(), texto: readFileSync((await archivo.path())!, 'utf8') };
  };
  const llamadas = await descargar('Resultados de llamadas');
  expect(llamadas.nombre).toBe('consola-n8n-llamadas.json');
  await expect(page.getByText('Flujo descargado: impórtelo en n8n y pegue el secreto en el nodo «Firmar».')).toBeVisible();
  const flujo = JSON.parse(llamadas.texto) as { nodes: Array<{ type: string; parameters: Record<string, unknown> }> };
  expect(flujo.nodes.map((n) => n.type)).toEqual(['n8n-nodes-base.webhook', 'n8n-nodes-base.code', 'n8n-nodes-base.crypto', 'n8n-nodes-base.httpRequest', 'n8n-nodes-base.stickyNote']);
  expect(flujo.nodes.find((n) => n.type === 'n8n-nodes-base.httpRequest')!.parameters.url).toBe(`${app.entrada}/entrada/llamadas`);
  expect(llamadas.texto).not.toContain(secreto);

  expect((await descargar('Mensajes de los bots')).nombre).toBe('consola-n8n-mensajes.json');
  const saliente = await descargar('Llamadas salientes');
  expect(saliente.nombre).toBe('consola-n8n-saliente.json');
  expect(saliente.texto).toContain('consola-llamada-saliente');
  expect(await findClipped(page)).toEqual([]);
});
