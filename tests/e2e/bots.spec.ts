import { expect, test } from './support/fixtures';

/**
 * Bot channels as an operator lives them, on the demo data: a company on each channel and its flow against a
 * local stand-in for n8n (WordPress with a table the database refuses: manual SQL, the flow goes on), the
 * messages of a demo company (search, full-text search, pages, conversation), and the WhatsApp summary
 * checked against the rows the database exports.
 */
test('empresas y flujos en los cuatro canales', async ({ page, hooks, api, sesion, bots }) => {
  await sesion.entrarComoAdmin();
  // Credentials need the keychain (covered by the integration tests); the e2e run has none, so no auth here.
  await api.webhooks({
    flujoBots: `${hooks.url}/webhook/crear-flujo`,
    flujoWhatsapp: `${hooks.url}/webhook/crear-flujo-wa`,
    agentesBase: `${hooks.url}/webhook`,
  });

  // Duda: the demo company is listed; the form checks its fields.
  await page.goto('/dashboard/bot-duda');
  await expect(page.getByRole('heading', { name: 'Configuración de Empresas' })).toBeVisible();
  await expect(bots.fila('Inmobiliaria Horizonte')).toBeVisible();
  await page.getByRole('button', { name: 'Nueva Empresa' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByRole('dialog').getByText('Por favor, completa todos los campos')).toBeVisible();
  await page.getByRole('dialog').getByLabel('Nombre de la empresa').fill('Prueba');
  await page.getByRole('dialog').getByLabel('Tabla Supabase').fill('mala-tabla; drop');
  await page.getByRole('dialog').getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByRole('dialog').getByText('El nombre de la tabla solo puede contener letras, números y guiones bajos')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();

  await bots.nuevaEmpresa('Constructora Andes', 'constructora_andes_registro_bot_duda');
  await bots.captura('empresas-duda');
  await bots.crearFlujo('Constructora Andes');

  // Shopify.
  await page.goto('/dashboard/shopify/bot');
  await bots.nuevaEmpresa('Moda Bogotá 2026', 'moda_bogot_2026_registro_bot_shopify');
  await bots.crearFlujo('Moda Bogotá 2026');

  // WordPress with a table name the database function refuses: manual SQL, and the flow still goes on.
  await page.goto('/dashboard/bot-wp');
  await bots.nuevaEmpresa('Veterinaria Patitas', 'veterinaria_patitas_registro_bot_wordpress', 'tabla_manual_patitas');
  const filaWp = bots.fila('Veterinaria Patitas');
  await filaWp.getByRole('button', { name: 'Crear flujo N8N Veterinaria Patitas' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Crear Flujo' }).click();
  await expect(page.getByText('La tabla tabla_manual_patitas no se pudo crear automáticamente', { exact: false })).toBeVisible();
  await expect(page.getByText('CREATE TABLE IF NOT EXISTS public."tabla_manual_patitas"', { exact: false })).toBeVisible();
  await bots.captura('tabla-manual');
  await page.getByRole('button', { name: 'Entendido' }).click();
  await expect(filaWp.getByText('✓ Conectado')).toBeVisible();

  // Edit shows the stored webhook read-only.
  await filaWp.getByRole('button', { name: 'Editar Veterinaria Patitas' }).click();
  await expect(page.getByRole('dialog').getByText('Editar Empresa')).toBeVisible();
  await expect(page.getByRole('dialog').getByLabel('Webhook N8N')).toHaveValue(new RegExp(`^${hooks.url}/webhook/[0-9a-f-]{36}$`));
  await page.getByRole('dialog').getByLabel('Nombre de la empresa').fill('Veterinaria Patitas Felices');
  await page.getByRole('dialog').getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText('Empresa actualizada exitosamente')).toBeVisible();

  // Delete only deactivates, after confirmation.
  const filaEditada = bots.fila('Veterinaria Patitas Felices');
  await filaEditada.getByRole('button', { name: 'Eliminar Veterinaria Patitas Felices' }).click();
  await expect(page.getByText('¿Estás seguro de que quieres eliminar esta empresa?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Empresa eliminada exitosamente')).toBeVisible();
  await expect(filaEditada.getByLabel('Inactiva')).toBeVisible();
  await bots.captura('empresas-wordpress');

  // WhatsApp: its own flow webhook.
  await page.goto('/dashboard/whatsapp/configuracion');
  await bots.nuevaEmpresa('Frutería La Cosecha', 'fruter_a_la_cosecha_registro_whatsapp');
  await bots.crearFlujo('Frutería La Cosecha');

  expect(hooks.requests.map((r) => r.path)).toEqual(['/webhook/crear-flujo', '/webhook/crear-flujo', '/webhook/crear-flujo', '/webhook/crear-flujo-wa']);
  expect(hooks.requests.map((r) => (r.json as { name: string }).name)).toEqual([
    'Duda Flow - Constructora Andes',
    'Shopify Flow - Moda Bogotá 2026',
    'WordPress Flow - Veterinaria Patitas',
    'WhatsApp Flow - Frutería La Cosecha',
  ]);
  expect(hooks.requests[3]!.json).toMatchObject({ table_supabase: 'fruter_a_la_cosecha_registro_whatsapp' });
});

test('integridad: tablas de la consola rechazadas, renombrar no mueve la tabla, cambiarla pide confirmación, sin flujo para desactivadas, error HTTP con detalle', async ({ page, hooks, api, sesion, bots }) => {
  await sesion.entrarComoAdmin();
  await api.webhooks({ flujoBots: `${hooks.url}/webhook/crear-flujo`, agentesBase: `${hooks.url}/webhook` });
  const modal = page.getByRole('dialog');

  // Bot Duda: a console table and a system table are refused with the reason; nothing is created.
  await page.goto('/dashboard/bot-duda');
  for (const [tabla, mensaje] of [
    ['clientes', 'La tabla clientes es una tabla propia de la consola y no puede usarse como tabla de mensajes'],
    ['pg_authid', 'El nombre pg_authid está reservado por el sistema de base de datos: elige otro nombre para la tabla de mensajes'],
  ]) {
    await page.getByRole('button', { name: 'Nueva Empresa' }).click();
    await modal.getByLabel('Nombre de la empresa').fill(`Intrusa ${tabla}`);
    await modal.getByLabel('Tabla Supabase').fill(tabla!);
    await modal.getByRole('button', { name: 'Crear' }).click();
    await expect(modal.getByRole('alert')).toHaveText(mensaje!);
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await expect(bots.fila(`Intrusa ${tabla}`)).toHaveCount(0);
  }
  await bots.captura('tabla-rechazada');

  // WordPress: 'Renombre X', connected; renaming it keeps its table.
  await page.goto('/dashboard/bot-wp');
  await bots.nuevaEmpresa('Renombre X', 'renombre_x_registro_bot_wordpress');
  await bots.crearFlujo('Renombre X');
  await page.getByRole('button', { name: 'Editar Renombre X' }).click();
  await modal.getByLabel('Nombre de la empresa').fill('Renombre X SAS');
  await expect(modal.getByLabel('Tabla Supabase')).toHaveValue('renombre_x_registro_bot_wordpress');
  await modal.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText('Empresa actualizada exitosamente')).toBeVisible();
  const fila = bots.fila('Renombre X SAS');
  await expect(fila).toContainText('renombre_x_registro_bot_wordpress');

  // Changing the table of the connected company: a confirmation naming both tables; cancel keeps it.
  await fila.getByRole('button', { name: 'Editar Renombre X SAS' }).click();
  await modal.getByLabel('Tabla Supabase').fill('renombre_x_sas_registro_bot_wordpress');
  await modal.getByRole('button', { name: 'Actualizar' }).click();
  const confirmacion = page.getByTestId('confirmar-cambio-tabla');
  await expect(confirmacion).toContainText('¿Cambiar la tabla de mensajes de renombre_x_registro_bot_wordpress a renombre_x_sas_registro_bot_wordpress?');
  await expect(confirmacion).toContainText('El flujo de N8N ya creado seguirá escribiendo en renombre_x_registro_bot_wordpress hasta que lo cambies en N8N.');
  await bots.captura('confirmar-cambio-tabla');
  await confirmacion.getByRole('button', { name: 'Cancelar' }).click();
  await expect(modal.getByLabel('Tabla Supabase')).toHaveValue('renombre_x_sas_registro_bot_wordpress');
  await modal.getByRole('button', { name: 'Cancelar' }).click();
  await expect(fila).toContainText('renombre_x_registro_bot_wordpress');
  // …and confirming changes it (once the rename's toast has gone, so the next one is this change's).
  await expect(page.getByText('Empresa actualizada exitosamente')).toHaveCount(0);
  await fila.getByRole('button', { name: 'Editar Renombre X SAS' }).click();
  await modal.getByLabel('Tabla Supabase').fill('renombre_x_sas_registro_bot_wordpress');
  await modal.getByRole('button', { name: 'Actualizar' }).click();
  await page.getByTestId('confirmar-cambio-tabla').getByRole('button', { name: 'Cambiar tabla' }).click();
  await expect(page.getByText('Empresa actualizada exitosamente')).toBeVisible();
  await expect(fila).toContainText('renombre_x_sas_registro_bot_wordpress');

  // A flow server answering 500: §8's message with the status as the detail; nothing stored.
  await bots.nuevaEmpresa('Servidor Caído', 'servidor_ca_do_registro_bot_wordpress');
  hooks.respond((_req, res) => {
    res.writeHead(500);
    res.end('error');
  });
  const caida = bots.fila('Servidor Caído');
  await caida.getByRole('button', { name: 'Crear flujo N8N Servidor Caído' }).click();
  await modal.getByRole('button', { name: 'Crear Flujo' }).click();
  await expect(page.getByTestId('error-flujo')).toContainText('No se pudo crear el flujo en N8N. Verifica la conexión.');
  await expect(page.getByTestId('error-flujo')).toContainText('Detalle: Error HTTP: 500');
  hooks.respond((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"ok":true}');
  });
  await modal.getByRole('button', { name: 'Cancelar' }).click();
  await expect(caida.getByText('✗ Sin conectar')).toBeVisible();

  // Deactivated: no 'Crear flujo N8N' any more.
  await caida.getByRole('button', { name: 'Eliminar Servidor Caído' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(caida.getByLabel('Inactiva')).toBeVisible();
  await expect(caida.getByRole('button', { name: 'Crear flujo N8N Servidor Caído' })).toHaveCount(0);
});

test('mensajes de una empresa demo: búsqueda, páginas y conversación', async ({ page, api, sesion, bots }) => {
  await sesion.entrarComoAdmin();
  await page.goto('/dashboard/wp/mensajes');
  await expect(page.getByRole('heading', { name: 'Mensajes de WordPress' })).toBeVisible();
  await expect(page.getByText('Selecciona una empresa para ver los mensajes')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actualizar' })).toBeDisabled();

  const tabla = 'clinica_dental_sonrisa_registro_bot_wordpress';
  await page.getByLabel('Empresa').selectOption(tabla);
  const todas = await api.llamar<{ sessionId: string; mensajes: number }[]>('mensajes', 'exportar', { tabla });
  const n = todas.length;
  await expect(page.getByTestId('tarjeta-Total Sesiones')).toHaveText(n.toLocaleString('es-CO'));
  await expect(page.getByTestId('tarjeta-Total Mensajes')).toHaveText(todas.reduce((a, s) => a + s.mensajes, 0).toLocaleString('es-CO'));
  await expect(page.getByTestId('fila-sesion')).toHaveCount(10);
  await expect(page.getByText(`Mostrando 1-10 de ${n} sesiones`)).toBeVisible();
  await expect(page.getByTestId('fila-sesion').first()).toContainText(todas[0]!.sessionId);
  await bots.captura('mensajes');

  await page.getByRole('button', { name: 'Página 2' }).click();
  await expect(page.getByText(`Mostrando 11-20 de ${n} sesiones`)).toBeVisible();
  await expect(page.getByTestId('fila-sesion').first()).toContainText(todas[10]!.sessionId);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText(`Mostrando 21-30 de ${n} sesiones`)).toBeVisible();
  await page.getByLabel('Por página').selectOption('5');
  await expect(page.getByText(`Mostrando 1-5 de ${n} sesiones`)).toBeVisible();
  await expect(page.getByTestId('fila-sesion')).toHaveCount(5);

  // Session-id search (case-insensitive), then nothing, then the Spanish full-text option.
  const objetivo = todas[7]!.sessionId;
  await page.getByLabel('Buscar sesiones...').fill(objetivo.slice(4).toUpperCase());
  await expect(page.getByTestId('fila-sesion')).toHaveCount(1);
  await expect(page.getByTestId('fila-sesion')).toContainText(objetivo);
  await page.getByLabel('Buscar sesiones...').fill('zzzz-no-existe');
  await expect(page.getByText('No hay sesiones encontradas')).toBeVisible();
  await page.getByLabel('Buscar sesiones...').fill('blanqueamiento');
  await expect(page.getByText('No hay sesiones encontradas')).toBeVisible();
  await page.getByRole('switch', { name: 'Buscar en mensajes' }).check();
  await expect(page.getByTestId('fila-sesion').first()).toBeVisible();

  // The conversation: the person on the right as 'Tú', the AI on the left, the count, backdrop closes it.
  await page.getByTestId('fila-sesion').first().getByRole('button', { name: /Ver conversación/ }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('Conversación', { exact: true })).toBeVisible();
  await expect(modal.getByText(/blanqueamiento/i).first()).toBeVisible();
  await expect(modal.getByTestId('contador-mensajes')).toHaveText(/\d+ mensajes?/);
  await bots.captura('conversacion', false);
  await page.mouse.click(5, 5);
  await expect(modal).toHaveCount(0);

  // Export: one CSV row per matching session, UTF-8 with BOM.
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const archivo = await descarga;
  const stream = await archivo.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  const csv = Buffer.concat(chunks);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lineas = csv.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lineas[0]).toBe('session_id,mensajes,mensajes_humanos,mensajes_ia,primer_mensaje_bogota,ultimo_mensaje_bogota,ultimo_mensaje_texto');
  const coincidencias = await api.llamar<{ total: number }>('mensajes', 'sesiones', { tabla, busqueda: 'blanqueamiento', enMensajes: true });
  expect(lineas.length - 1).toBe(coincidencias.total);
});

test('resumen de WhatsApp con los números de la base', async ({ page, api, sesion, bots }) => {
  await sesion.entrarComoAdmin();
  await page.goto('/dashboard/whatsapp/resumen');
  await expect(page.getByRole('heading', { name: 'Resumen de WhatsApp' })).toBeVisible();
  const tabla = 'cafe_origen_registro_whatsapp';
  await page.getByLabel('Empresa').selectOption(tabla);

  // The database's own rows, one per session, and its stats: recomputed here the simple way.
  const sesiones = await api.llamar<{ sessionId: string; mensajes: number; humanos: number; ia: number; ultimoMensaje: string }[]>('mensajes', 'exportar', { tabla });
  const stats = await api.llamar<{ mensajesHoy: number }>('mensajes', 'estadisticas', { tabla });
  const total = sesiones.reduce((a, s) => a + s.mensajes, 0);
  const humanos = sesiones.reduce((a, s) => a + s.humanos, 0);
  const activas = sesiones.filter((s) => Date.parse(s.ultimoMensaje) >= Date.now() - 86_400_000).length;
  const fmt = (x: number) => x.toLocaleString('es-CO');

  await expect(page.getByTestId('tarjeta-Total Mensajes')).toHaveText(fmt(total));
  await expect(page.getByTestId('tarjeta-Total Sesiones')).toHaveText(fmt(sesiones.length));
  await expect(page.getByTestId('tarjeta-Mensajes Hoy')).toHaveText(fmt(stats.mensajesHoy));
  await expect(page.getByTestId('tarjeta-Sesiones Activas')).toHaveText(fmt(activas));
  await expect(page.getByTestId('indicador-Mensajes humanos')).toHaveText(`${Math.round((humanos / total) * 100)}%`);
  await expect(page.getByTestId('indicador-Mensajes de IA')).toHaveText(`${Math.round(((total - humanos) / total) * 100)}%`);
  await expect(page.getByTestId('indicador-Promedio de mensajes por sesión')).toHaveText(String(Math.round(total / sesiones.length)));
  await expect(page.locator('canvas')).toHaveCount(2);
  await bots.captura('resumen-whatsapp');

  // The session search narrows every number to the matching sessions.
  const fragmento = sesiones[0]!.sessionId.slice(0, 5);
  const filtradas = sesiones.filter((s) => s.sessionId.includes(fragmento));
  await page.getByLabel('Buscar por session_id...').fill(fragmento);
  await expect(page.getByTestId('tarjeta-Total Sesiones')).toHaveText(fmt(filtradas.length));
  await expect(page.getByTestId('tarjeta-Total Mensajes')).toHaveText(fmt(filtradas.reduce((a, s) => a + s.mensajes, 0)));
});
