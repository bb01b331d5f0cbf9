import { join } from 'node:path';
import pg from 'pg';
import type { ServerResponse } from 'node:http';
import { openPgliteInProcess } from '../../src/main/motores/embebido/pglite-client';
import { startSupabaseLocal, type SupabaseLocal } from '../support/supabase-local';
import { compuerta } from './support/compuerta';
import { expect, test } from './support/fixtures';
import { findClipped } from './support/layout';
import { Alojado } from './support/alojado';
import { duracionMp3, fmt } from './support/mp3';
import { ADMIN_PRUEBAS } from './support/sesion';
import { Marketing } from './support/marketing';
import { Portal } from './support/portal';
import { PROPUESTA, tinyPdf } from '../support/marketing-fixtures';

/**
 * The agency's real deployment (issue 22), in Chromium at 1360×860 against serve-cli pointed at a local
 * Supabase project: PostgreSQL 15 with every migration pushed, the REAL PostgREST 12.0.2 at /rest/v1, auth,
 * storage and functions stand-ins, and NO Realtime (tests/support/supabase-local.ts). The stories run in order
 * on one app: 'Probar conexión' and 'Mover a Supabase' from the embedded demo data (every table's rows equal
 * on both sides afterwards), signing in as an operator made in the project, 'Guardar y reconectar'; then, on
 * hosted, a campaign, a CSV import with duplicates, a bulk call whose progress moves under the fallback notice
 * 'Sin actualizaciones en vivo: se actualiza cada 15 s', a moved demo call's history with its audio, a
 * project whose service is provisioned, a moved bot's conversation, a marketing file through Storage and back,
 * and the company portal.
 * Run under the keychain (the anon key and the operators' sessions go there).
 */
test.describe.configure({ mode: 'serial' });

const OPERADORA = { nombre: 'Olga Alojada', email: 'olga@agencia.co', password: 'Alojada2026x' };
let proyecto: SupabaseLocal;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  proyecto = await startSupabaseLocal();
});
test.afterAll(async () => {
  await proyecto?.close();
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1360, height: 860 });
});

/** Per table: its rows as text in one order, hashed (timestamps in UTC), and how many. */
const HUELLA = (tabla: string) =>
  `select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as h from public."${tabla}" t`;

test('conectar con el proyecto y mover a Supabase los datos de demostración: cada tabla igual en ambos lados', async ({ page, sesion, app, api }) => {
  test.setTimeout(240_000);
  const alojado = new Alojado(page);
  await sesion.entrarComoAdmin();

  // 'Probar conexión' against the real PostgREST: the anon key and the schema are right.
  await alojado.escribirProyecto(proyecto.url, proyecto.anonKey);
  await alojado.probarConexion();
  expect(await findClipped(page)).toEqual([]);
  await alojado.captura('conexion-probada', true);

  // The move, to the project's PostgreSQL.
  await alojado.moverASupabase(proyecto.url, proyecto.anonKey, proyecto.databaseUrl);
  // The database behind the session was replaced: the page goes to the sign-in (its session died with the
  // embedded database, so the move's end is read again once signed in on hosted, below).
  await expect(page.getByPlaceholder('Ingresa tu email')).toBeVisible({ timeout: 180_000 });

  // Every table the embedded database has, row for row, in the project (the embedded one is closed now).
  const local = await openPgliteInProcess(join(app.dataDir, 'pgdata'));
  const remoto = new pg.Client({ connectionString: proyecto.databaseUrl, options: '-c TimeZone=UTC' });
  await remoto.connect();
  try {
    await local.query(`set timezone = 'UTC'`);
    const tablas = (await local.query<{ t: string }>(`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)).rows.map((r) => r.t);
    const remotas = (await remoto.query<{ t: string }>(`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)).rows.map((r) => r.t);
    expect(tablas.filter((t) => !remotas.includes(t))).toEqual([]);
    expect(tablas.length).toBeGreaterThan(20);
    const distintas: string[] = [];
    let filas = 0;
    for (const tabla of tablas) {
      const [a] = (await local.query<{ n: number; h: string }>(HUELLA(tabla))).rows;
      const [b] = (await remoto.query<{ n: number; h: string }>(HUELLA(tabla))).rows;
      filas += a!.n;
      if (a!.n !== b!.n || a!.h !== b!.h) distintas.push(`${tabla}: ${a!.n} / ${b!.n}`);
    }
    expect(distintas).toEqual([]);
    expect(filas).toBeGreaterThan(100); // the demo data, not empty tables
    const usuarios = async (q: (sql: string) => Promise<Array<{ email: string; encrypted_password: string }>>) =>
      (await q('select email, encrypted_password from auth.users order by email')).map((u) => `${u.email} ${u.encrypted_password}`);
    expect(await usuarios(async (s) => (await local.query<{ email: string; encrypted_password: string }>(s)).rows)).toEqual(
      await usuarios(async (s) => (await remoto.query<{ email: string; encrypted_password: string }>(s)).rows),
    );
  } finally {
    await local.cerrar();
    await remoto.end();
  }

  // Now hosted: the embedded session is gone; the moved administrator signs in with the same password, and an
  // operator made in the project (as the Supabase dashboard would) signs in too.
  await sesion.iniciarSesion(ADMIN_PRUEBAS.email, ADMIN_PRUEBAS.password);
  await expect(page).toHaveURL(/\/dashboard\/resumen$/, { timeout: 30_000 });
  expect(await api.llamar('conexion', 'backend')).toMatchObject({ activo: 'hosted', backend: 'hosted' });
  const movida = await api.llamar<{ mensaje: string }>('datos', 'actividad');
  expect(movida).toMatchObject({ tipo: 'traslado', estado: 'terminado' });
  // The switch ended the embedded session before the page could see the move end: the page remembered the move
  // it followed, and shows its outcome once signed in on the hosted project (the host kept it) — and stays.
  await expect(page.locator('.mantine-Notifications-root').getByText(movida.mensaje)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/dashboard\/resumen$/);
  await alojado.captura('traslado-terminado');
  await sesion.cerrarSesion();
  await proyecto.crearOperador(OPERADORA.email, OPERADORA.password, { admin: true, nombre: OPERADORA.nombre });
  await sesion.iniciarSesion(OPERADORA.email, OPERADORA.password);
  await expect(page).toHaveURL(/\/dashboard\/resumen$/, { timeout: 30_000 });
  // No Realtime in this project: the header says the screens refresh on their own.
  await expect(alojado.avisoSinEnVivo).toHaveText(Alojado.TEXTO_SIN_EN_VIVO, { timeout: 30_000 });
  expect(await findClipped(page)).toEqual([]);
  await alojado.captura('resumen-sin-en-vivo');

  // 'Guardar y reconectar' with the key kept in the keychain (left blank): tested, saved, signed out.
  await alojado.escribirProyecto(proyecto.url, '');
  await alojado.probarConexion();
  await alojado.guardarYReconectar();
  await sesion.iniciarSesion(OPERADORA.email, OPERADORA.password);
  await expect(page).toHaveURL(/\/dashboard\/resumen$/, { timeout: 30_000 });
});

test('en el proyecto: campaña, CSV con duplicados y llamadas masivas cuyo progreso avanza sin canal en vivo', async ({ page, sesion, api, hooks, llamadas }) => {
  test.setTimeout(180_000);
  const alojado = new Alojado(page);
  await sesion.entrarComoAdmin(OPERADORA);
  await api.webhooks({ llamadaSaliente: `${hooks.url}/llamar` });

  await llamadas.crearCampana('Campaña Alojada', 150);
  await page.goto('/dashboard/equipo');
  await llamadas.elegirCampana('Campaña activa', 'Campaña Alojada');
  await expect(page.getByTestId('tile-total-valor')).toHaveText('0');
  await llamadas.abrirImportacion('clientes.csv', 'Nombre;Apellido;Email;Teléfono\r\nAna;Ruiz;ana@alojada.co;+573001220001\r\nBeto;Paz;beto@alojada.co;+573001220002\r\n');
  await expect(page.getByTestId('csv-agregar')).toHaveText('Se agregarán 2 clientes');
  await page.getByTestId('guardar-csv').click();
  await expect(page.getByTestId('tile-total-valor')).toHaveText('2');
  // Again with one already in the campaign: the database's duplicate check (a jsonb array from PostgREST).
  await llamadas.abrirImportacion('mas.csv', 'Nombre;Apellido;Email;Teléfono\r\nAna;Ruiz;ana@alojada.co;+573001220001\r\nCarla;Gil;carla@alojada.co;+573001220003\r\n');
  await page.getByTestId('guardar-csv').click();
  await expect(page.getByText('Se omitieron 1 clientes duplicados.')).toBeVisible();
  await expect(page.getByTestId('tile-total-valor')).toHaveText('3');
  await expect(page.getByTestId('fila-cliente')).toHaveCount(3);
  await llamadas.configurarAgente('agent_alojado', 'phnum_alojado');

  // The platform holds every call until the spec has seen the batch waiting under the fallback.
  const plataforma = compuerta();
  hooks.respond(async (_req, res: ServerResponse) => {
    await plataforma.abierta;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{}');
  });
  const confirmacion = await llamadas.llamarPagina();
  await expect(confirmacion).toContainText('¿Deseas iniciar las llamadas a los 3 clientes seleccionados?');
  await confirmacion.getByRole('button', { name: 'Sí, llamar' }).click();
  const progreso = page.getByTestId('lote-progreso');
  await expect(progreso).toHaveText('0 de 3');
  await expect(alojado.avisoSinEnVivo).toHaveText(Alojado.TEXTO_SIN_EN_VIVO);
  await expect.poll(() => hooks.requests.length).toBe(1);
  await alojado.captura('lote-esperando');
  plataforma.abrir();
  // No notice can announce the outcomes: the slow refresh brings them (every 15 s).
  await expect(progreso).toHaveText('3 de 3', { timeout: 60_000 });
  await expect(page.getByTestId('lote-exitosas')).toHaveText('3');
  await expect(alojado.avisoSinEnVivo).toBeVisible();
  expect(await findClipped(page)).toEqual([]);
  await alojado.captura('lote-terminado');
  expect(hooks.requests.map((r) => (r.json as { phone: string }).phone).sort()).toEqual(['+573001220001', '+573001220002', '+573001220003']);
});

test('en el proyecto: el histórico de una llamada trasladada, con su audio', async ({ page, sesion, api, llamadas }) => {
  test.setTimeout(120_000);
  await sesion.entrarComoAdmin(OPERADORA);
  const hits = await api.llamar<Array<{ type: string; data: { phone: string; campana: number; conversationId: string } }>>('shell', 'buscar', { q: 'done' });
  const conAudio = hits.find((h) => h.type === 'llamada')!.data;
  const campanas = await api.llamar<Array<{ id: number; nombre: string }>>('llamadas', 'listarCampanas', {});
  const nombreCampana = campanas.find((c) => c.id === Number(conAudio.campana))!.nombre;
  // The audio comes from the project's Edge Function (audio-llamada), which reads registro_audio_llamadas.
  const audio = await api.llamar<{ base64: string }>('llamadas', 'audio', { conversationId: conAudio.conversationId });
  const segundos = duracionMp3(Buffer.from(audio.base64, 'base64'));
  expect(segundos).toBeGreaterThan(1);

  await page.goto('/dashboard/equipo');
  await llamadas.elegirCampana('Campaña activa', nombreCampana);
  await page.getByRole('textbox', { name: 'Teléfono' }).fill(conAudio.phone.slice(1));
  await expect(page.getByTestId('fila-cliente')).toHaveCount(1);
  await llamadas.abrirHistorial('done');
  const total = await llamadas.escucharAudio();
  await expect(page.getByTestId('detalle-llamada')).toContainText(conAudio.conversationId);
  await expect(total).toHaveText(fmt(segundos), { timeout: 15_000 });
  expect(proyecto.requests.some((r) => r.path.startsWith('/functions/v1/audio-llamada') && r.status === 200)).toBe(true);
  await llamadas.captura('alojado-historial-audio');
});

test('en el proyecto: un proyecto con su servicio aprovisionado, y la conversación de un bot trasladado', async ({ page, sesion, api, hooks, gestion, bots }) => {
  test.setTimeout(120_000);
  await sesion.entrarComoAdmin(OPERADORA);
  await api.webhooks({ flujoBots: `${hooks.url}/webhook/crear-flujo`, agentesBase: 'https://n8n.agencia.co/webhook' });

  await page.goto('/dashboard/proyectos');
  await page.getByRole('button', { name: 'Nuevo Proyecto' }).click();
  await page.getByRole('dialog').getByLabel('Nombre').fill('Tienda Alojada');
  await gestion.elegir('Plan', /Plan Profesional/);
  await gestion.elegir('Empresa', 'Café Origen');
  await page.getByRole('dialog').getByLabel('Descripción').fill('Pedidos por la web, en el proyecto alojado');
  await page.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText('Proyecto creado correctamente')).toBeVisible();
  await page.getByRole('button', { name: 'Gestionar servicios Tienda Alojada' }).click();
  await page.getByRole('checkbox', { name: 'Bot WordPress' }).check();
  await page.getByRole('button', { name: 'Aplicar Cambios' }).click();
  await expect(page.getByText('Servicios actualizados correctamente')).toBeVisible({ timeout: 30_000 });
  // Provisioning made the bot's message table in the project (create_message_table through PostgREST).
  await expect(gestion.servicioAdjunto('bot_wordpress')).toContainText('tienda_alojada_bot_wordpress_registro_bot_wordpress');
  expect((await proyecto.sql(`select to_regclass('public.tienda_alojada_bot_wordpress_registro_bot_wordpress') as t`))[0]!.t).not.toBeNull();
  expect(hooks.requests.map((r) => r.path)).toEqual(['/webhook/crear-flujo']);
  await gestion.captura('alojado-servicios');
  await page.keyboard.press('Escape');

  // A moved bot's messages and one conversation.
  await page.goto('/dashboard/wp/mensajes');
  const tabla = 'clinica_dental_sonrisa_registro_bot_wordpress';
  await page.getByLabel('Empresa').selectOption(tabla);
  const todas = await api.llamar<{ sessionId: string }[]>('mensajes', 'exportar', { tabla });
  expect(todas.length).toBeGreaterThan(10);
  await expect(page.getByTestId('fila-sesion')).toHaveCount(10);
  await expect(page.getByText(`Mostrando 1-10 de ${todas.length} sesiones`)).toBeVisible();
  await page.getByTestId('fila-sesion').first().getByRole('button', { name: /Ver conversación/ }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('contador-mensajes')).toHaveText(/\d+ mensajes?/);
  await bots.captura('alojado-conversacion', false);
});

test('en el proyecto: el agente de marketing guarda el archivo en Storage y "Descargar archivo" lo devuelve', async ({ page, sesion, api, hooks }) => {
  hooks.respond((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify([{ output: JSON.stringify(PROPUESTA) }]));
  });
  await sesion.entrarComoAdmin(OPERADORA);
  await api.webhooks({ analisisArchivo: `${hooks.url}/archivo` });
  const marketing = new Marketing(page);
  await marketing.abrir();
  const pdf = Buffer.from(tinyPdf());
  await marketing.analizarPdf('Brief Alojado.pdf', pdf);
  const fila = marketing.filas.filter({ hasText: 'Brief Alojado.pdf' });
  await expect(fila).toContainText(OPERADORA.email);
  const bajado = await marketing.descargar(fila);
  expect(bajado.nombre).toBe('Brief Alojado.pdf');
  expect(bajado.bytes).toEqual(pdf);
  expect(proyecto.requests.some((r) => r.method === 'POST' && r.path.startsWith('/storage/v1/object/agente-marketing-files/') && r.status === 200)).toBe(true);
});

test('en el proyecto: la empresa entra a su portal con las credenciales generadas', async ({ sesion, portal, nuevoCliente }) => {
  await sesion.entrarComoAdmin(OPERADORA);
  const cafe = await portal.generarCredenciales('Café Origen');
  const cliente = await nuevoCliente();
  await cliente.goto(cafe.enlace);
  await Portal.ingresar(cliente, cafe, 'Incorrecta1');
  await expect(cliente.getByTestId('portal-error')).toHaveText('Usuario o contraseña incorrectos');
  await Portal.ingresar(cliente, cafe);
  await expect(cliente).toHaveURL(`${cafe.enlace}/servicios`);
  await expect(cliente.getByTestId('portal-empresa')).toHaveText('Café Origen');
  await expect(cliente.getByTestId('portal-servicio').filter({ hasText: 'Afiliación Plan Salud Familiar' })).toBeVisible();
  // Through the project's data API, as anon: the portal's functions.
  expect(proyecto.requests.some((r) => r.path.startsWith('/rest/v1/rpc/portal_') && r.clave === 'anon' && r.status === 200)).toBe(true);
  await portal.capturas.pagina(cliente, 'alojado-servicios');
});
