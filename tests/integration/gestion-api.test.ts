import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import type { TrabajoCon } from '../../src/shared/domain/trabajos';
import type { ProyectoResumen, ResultadoAprovisionamiento } from '../../src/shared/areas/proyectos/rules';
import type { DashboardMetricas } from '../../src/shared/areas/metricas/rules';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, embeddedApi } from '../support/operators';
import { startWebhookServer, type Responder, type WebhookServer } from '../support/webhook-server';
import { puertaDeTrabajos, estadoFinal } from '../support/trabajos';
import { es } from '../../src/shared/i18n/es';

/**
 * Projects, provisioning, catalogue, companies, plans and metrics through the real api (dispatch as the
 * transports do it), on PGlite and PostgreSQL 15, with a real local HTTP server standing in for n8n.
 * The operator, the webhooks, one plan and one client company are set up once; each test makes the rest of
 * what it reads, so any test runs alone (`-t '<name>'`).
 */

/** The flow platform's usual answer (the server's default). */
const FLUJO_OK: Responder = (_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end('{"ok":true}');
};
describe.each(MIGRATED_BACKENDS)('gestión de proyectos y servicios en %s', (_name, fresh) => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  let hooks: WebhookServer;
  const caller = new Caller();
  let operadorId = '';

  async function call<T>(area: string, op: string, input: unknown): Promise<T> {
    const r = (await api.dispatch(area, op, input, caller)) as Envelope<T>;
    if (!r.ok) throw new Error(`${area}.${op}: ${r.error.message}`);
    return r.data;
  }
  async function fail(area: string, op: string, input: unknown): Promise<string> {
    const r = (await api.dispatch(area, op, input, caller)) as Envelope<unknown>;
    expect(r.ok).toBe(false);
    return r.ok ? '' : r.error.message;
  }
  let terminado: (id: string) => Promise<void>;
  /** The job's final state, read through the api once its work has settled (no timer). */
  const esperar = (job: TrabajoCon<ResultadoAprovisionamiento>) =>
    estadoFinal(terminado, (id) => call<TrabajoCon<ResultadoAprovisionamiento>>('jobs', 'estado', { id }), job);
  async function fila<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T> {
    return (await db.query<T & Record<string, unknown>>(sql, params)).rows[0] as T;
  }

  let planId = '';
  let empresaId = '';

  beforeAll(async () => {
    db = await fresh();
    api = await embeddedApi(db);
    terminado = puertaDeTrabajos(api.jobs);
    hooks = await startWebhookServer();
    const r = (await api.dispatch('auth', 'crearPrimerAdmin', ADMIN, caller)) as Envelope<{ operator: { id: string } }>;
    if (!r.ok) throw new Error(r.error.message);
    operadorId = (await fila<{ id: string }>('select id::text as id from public.perfiles limit 1')).id;
    await call('conexion', 'guardarWebhook', { name: 'flujoBots', url: `${hooks.url}/webhook/crear-flujo`, auth: 'bearer', token: 'tok-bots-123' });
    await call('conexion', 'guardarWebhook', { name: 'flujoWhatsapp', url: `${hooks.url}/webhook/crear-flujo-whatsapp`, auth: 'bearer', token: 'tok-wa-456' });
    await call('conexion', 'guardarWebhook', { name: 'agentesBase', url: 'https://n8n.agencia.co/webhook', auth: 'ninguna' });
    planId = (await call<{ id: string }>('planes', 'crear', { title: 'Plan Pruebas', description: 'Plan para las pruebas', cost: 99.5 })).id;
    empresaId = (await call<{ empresa: { id: string } }>('empresas', 'crear', { nombre: 'Ferretería La Esquina', usuarioCliente: 'usuario_ferretería_la_esquina', contrasenaCliente: 'Abc12345', activo: true })).empresa.id;
  });
  beforeEach(() => {
    hooks.respond(FLUJO_OK);
    hooks.requests.length = 0;
  });
  afterAll(async () => {
    await hooks?.close();
    await db?.cerrar();
  });

  const nuevoProyecto = (nombre: string, estado = 'en_proceso') =>
    call<ProyectoResumen>('proyectos', 'crear', { nombre, planId: planId, descripcion: 'Descripción del proyecto', empresaId: empresaId, estado });

  it('proyectos: campos obligatorios, alta, edición y el historial de estados lo escribe la base con el operador', async () => {
    expect(await fail('proyectos', 'crear', { nombre: '', planId: planId, descripcion: 'x', empresaId: empresaId, estado: 'activo' })).toBe(es.proyectos.nombreObligatorio);
    expect(await fail('proyectos', 'crear', { nombre: 'X', descripcion: 'x', empresaId: empresaId, estado: 'activo' })).toBe(es.proyectos.planObligatorio);
    const p = await nuevoProyecto('Historial Demo', 'inactivo');
    expect(p).toMatchObject({ planTitle: 'Plan Pruebas', planCost: 99.5, empresaNombre: 'Ferretería La Esquina', instancias: [] });
    await call('proyectos', 'actualizar', { id: p.id, nombre: 'Historial Demo', planId: planId, descripcion: 'd', empresaId: empresaId, estado: 'en_proceso' });
    await call('proyectos', 'actualizar', { id: p.id, nombre: 'Historial Demo 2', planId: planId, descripcion: 'd', empresaId: empresaId, estado: 'en_proceso' });
    // A path that bypasses the api (a direct update as the operator through the data port) is recorded too.
    const session = (await api.backend.auth.getSession(caller.token!))!;
    await api.backend.dataFor(session).run({ kind: 'update', table: 'proyectos', values: { estado: 'completado' }, filters: [{ column: 'id', op: 'eq', value: p.id }] });
    const rep = await call<{ historial: Array<{ estadoAnterior: string | null; estadoNuevo: string; usuarioId: string; usuario: string }>; progreso: number }>('proyectos', 'reporte', { id: p.id });
    expect(rep.historial.map((h) => [h.estadoAnterior, h.estadoNuevo])).toEqual([
      ['en_proceso', 'completado'],
      ['inactivo', 'en_proceso'],
      [null, 'inactivo'],
    ]);
    expect(rep.historial.every((h) => h.usuarioId === operadorId && h.usuario === ADMIN.nombre)).toBe(true);
    expect(rep.progreso).toBe(100);
    expect(await fail('proyectos', 'reporte', { id: '00000000-0000-4000-8000-000000000000' })).toBe(es.proyectos.noEncontrado);
  });

  it('empresas: la contraseña solo se guarda como hash bcrypt y se muestra una vez; restablecer invalida la anterior', async () => {
    const { empresa, credenciales } = await call<{ empresa: Record<string, unknown>; credenciales: { contrasena: string; usuario: string } }>('empresas', 'crear', {
      nombre: 'Café Origen Pruebas', usuarioCliente: 'usuario_café_origen_pruebas', contrasenaCliente: 'Zx7mP2qa', email: 'hola@cafe.co', activo: true,
    });
    expect(credenciales).toMatchObject({ usuario: 'usuario_café_origen_pruebas', contrasena: 'Zx7mP2qa' });
    expect(empresa).not.toHaveProperty('contrasenaCliente');
    expect(empresa).not.toHaveProperty('contrasena_cliente');
    expect(empresa.tieneContrasena).toBe(true);
    // What is stored is a hash the database's own crypt() verifies: the password matches, another does not.
    const guardada = await fila<{ h: string; ok: boolean; otra: boolean }>(
      'select contrasena_cliente as h, crypt($1, contrasena_cliente) = contrasena_cliente as ok, crypt($2, contrasena_cliente) = contrasena_cliente as otra from public.empresas where id = $3',
      ['Zx7mP2qa', 'Zx7mP2qb', empresa.id],
    );
    expect(guardada.h).not.toContain('Zx7mP2qa');
    expect(guardada).toMatchObject({ ok: true, otra: false });
    const lista = await call<unknown[]>('empresas', 'listar', {});
    expect(JSON.stringify(lista)).not.toContain('$2');

    const nueva = await call<{ contrasena: string }>('empresas', 'restablecerContrasena', { id: empresa.id });
    expect(nueva.contrasena).toMatch(/^[A-Za-z0-9]{8}$/);
    const ver = await fila<{ nueva: boolean; vieja: boolean }>(
      'select crypt($1, contrasena_cliente) = contrasena_cliente as nueva, crypt($2, contrasena_cliente) = contrasena_cliente as vieja from public.empresas where id = $3',
      [nueva.contrasena, 'Zx7mP2qa', empresa.id],
    );
    expect(ver).toEqual({ nueva: true, vieja: false });
    // Editing without a password keeps the hash.
    await call('empresas', 'actualizar', { id: empresa.id, nombre: 'Café Origen Pruebas', usuarioCliente: 'usuario_café_origen_pruebas', activo: false });
    expect((await fila<{ h: string }>('select contrasena_cliente as h from public.empresas where id = $1', [empresa.id])).h).toMatch(/^\$2/);
    expect((await call<{ activo: boolean }>('empresas', 'cambiarEstado', { id: empresa.id, activo: true })).activo).toBe(true);
    expect(await fail('empresas', 'crear', { nombre: 'Otra', usuarioCliente: 'usuario_café_origen_pruebas', contrasenaCliente: 'x', activo: true })).toBe(es.empresas.usuarioDuplicado);
    await call('empresas', 'eliminar', { id: empresa.id });
    expect(await fail('empresas', 'eliminar', { id: empresa.id })).toBe(es.empresas.noEncontrada);
  });

  it('aprovisiona WhatsApp, llamadas y WordPress: empresa, tabla, flujo por POST con bearer y webhook guardado', async () => {
    const p = await nuevoProyecto('Tienda Aurora');
    hooks.requests.length = 0;
    const job = await call<TrabajoCon<ResultadoAprovisionamiento>>('proyectos', 'aplicarServicios', {
      proyectoId: p.id,
      servicios: [
        { tipo: 'whatsapp', nombreInstancia: 'Tienda Aurora - WhatsApp' },
        { tipo: 'llamadas', nombreInstancia: 'Tienda Aurora - Llamadas' },
        { tipo: 'bot_wordpress', nombreInstancia: 'Tienda Aurora - Bot WordPress' },
      ],
    });
    expect(job.total).toBe(3);
    const fin = await esperar(job);
    expect(fin).toMatchObject({ estado: 'terminado', hechos: 3, ok: 3, fallidos: 0 });

    expect(hooks.requests.map((r) => r.path).sort()).toEqual(['/webhook/crear-flujo', '/webhook/crear-flujo-whatsapp']);
    const wa = hooks.requests.find((r) => r.path === '/webhook/crear-flujo-whatsapp')!;
    const wp = hooks.requests.find((r) => r.path === '/webhook/crear-flujo')!;
    expect(wa.headers.authorization).toBe('Bearer tok-wa-456');
    expect(wp.headers.authorization).toBe('Bearer tok-bots-123');
    expect(wa.json).toMatchObject({ name: 'WhatsApp Flow - Tienda Aurora - WhatsApp', table_supabase: 'tienda_aurora_whatsapp_registro_whatsapp' });
    expect(wp.json).toMatchObject({ name: 'Wordpress Flow - Tienda Aurora - Bot WordPress', table_supabase: 'tienda_aurora_bot_wordpress_registro_bot_wordpress' });

    const proyecto = await call<ProyectoResumen>('proyectos', 'obtener', { id: p.id });
    // The JSON mirror is not an edit of the project: its last activity does not move.
    expect(proyecto.updatedAt).toBe(p.updatedAt);
    const por = Object.fromEntries(proyecto.instancias.map((i) => [i.tipoServicio, i]));
    const waUuid = (wa.json as { empresa_id: string }).empresa_id;
    expect(por.whatsapp!.configuracion).toMatchObject({
      empresa_uuid: waUuid, empresa_whatsapp_id: waUuid, table_supabase: 'tienda_aurora_whatsapp_registro_whatsapp',
      webhook_n8n: `https://n8n.agencia.co/webhook/${waUuid}`, aprovisionamiento: 'completo', status: true, tabla_independiente: true,
    });
    expect(por.llamadas!.configuracion).toMatchObject({ campana_nombre: 'Tienda Aurora - Llamadas', minutos_tope: 100, aprovisionamiento: 'completo' });
    expect(por.bot_wordpress!.categoria).toBe('E-commerce');
    const empresaWa = await fila<{ name: string; webhook_n8n: string; status: boolean; empresa_id: string }>('select name, webhook_n8n, status, empresa_id::text from public.empresas_whatsapp where uuid = $1', [waUuid]);
    expect(empresaWa).toEqual({ name: 'Tienda Aurora - WhatsApp', webhook_n8n: `https://n8n.agencia.co/webhook/${waUuid}`, status: true, empresa_id: empresaId });
    const campana = await fila<{ minutos: number }>('select minutos from public.campanas where id = $1', [por.llamadas!.configuracion.campana_id]);
    expect(campana.minutos).toBe(100);
    const tablas = await db.query<{ t: string }>(
      "select table_name as t from information_schema.tables where table_schema = 'public' and table_name in ('tienda_aurora_whatsapp_registro_whatsapp', 'tienda_aurora_bot_wordpress_registro_bot_wordpress') order by 1",
    );
    expect(tablas.rows.map((r) => r.t)).toHaveLength(2);
    // The JSON text column mirrors the table.
    const espejo = await fila<{ s: string }>('select servicios_instancias as s from public.proyectos where id = $1', [p.id]);
    expect((JSON.parse(espejo.s) as unknown[]).length).toBe(3);

    // One instance per type; colliding names get a number suffix.
    const otra = await esperar(await call<TrabajoCon<ResultadoAprovisionamiento>>('proyectos', 'aplicarServicios', {
      proyectoId: p.id,
      servicios: [{ tipo: 'whatsapp', nombreInstancia: 'Otra WhatsApp' }, { tipo: 'bot_duda', nombreInstancia: 'Tienda Aurora - WhatsApp' }],
    }));
    expect(otra.resultado!.omitidos).toEqual(['whatsapp']);
    expect(otra.resultado!.agregados.map((a) => a.nombreInstancia)).toEqual(['Tienda Aurora - WhatsApp 1']);
    // Duda reuses the project's WhatsApp company table (order WhatsApp → Shopify → Duda → other).
    const duda = (await call<ProyectoResumen>('proyectos', 'obtener', { id: p.id })).instancias.find((i) => i.tipoServicio === 'bot_duda')!;
    expect(duda.configuracion).toMatchObject({ reutiliza_empresa_existente: true, comparte_tabla_con: 'tienda_aurora_whatsapp_registro_whatsapp', empresa_principal: waUuid, tabla_independiente: false });
    expect(duda.configuracion.empresa_uuid).not.toBe(waUuid);

    expect(await fail('proyectos', 'aplicarServicios', { proyectoId: p.id, servicios: [{ tipo: 'bot_shopify', nombreInstancia: 'Abc' }] })).toBe(es.proyectos.nombreInstanciaInvalido);
    expect(await fail('proyectos', 'aplicarServicios', { proyectoId: p.id, servicios: [{ tipo: 'bot_shopify', nombreInstancia: 'Tienda: Aurora' }] })).toBe(es.proyectos.nombreInstanciaInvalido);
    expect(await fail('proyectos', 'aplicarServicios', { proyectoId: p.id, servicios: [{ tipo: 'llamadas', nombreInstancia: 'Ab' }] })).toBe(es.proyectos.nombreCampanaInvalido);
    expect(await fail('proyectos', 'aplicarServicios', { proyectoId: p.id, servicios: [{ tipo: 'whatsapp', nombreInstancia: '  ' }] })).toBe(es.proyectos.nombreInstanciaObligatorio);
  });

  it('falla de tabla: WordPress sigue con el flujo y queda pendiente; Duda y WhatsApp abortan; reintentar completa', async () => {
    await db.query('revoke execute on function public.create_message_table(text) from authenticated');
    try {
      const p = await nuevoProyecto('Falla Tablas');
      hooks.requests.length = 0;
      const fin = await esperar(await call<TrabajoCon<ResultadoAprovisionamiento>>('proyectos', 'aplicarServicios', {
        proyectoId: p.id,
        servicios: [{ tipo: 'bot_wordpress', nombreInstancia: 'Falla Tablas WP' }, { tipo: 'bot_duda', nombreInstancia: 'Falla Tablas Duda' }],
      }));
      expect(fin).toMatchObject({ estado: 'terminado', ok: 0, fallidos: 2 });
      const [wp, duda] = fin.resultado!.agregados;
      expect(wp!.error).toContain(es.proyectos.tablaManual('falla_tablas_wp_registro_bot_wordpress'));
      expect(wp!.error).toContain('session_id VARCHAR(255) NOT NULL');
      expect(duda!.error).toBe(es.proyectos.errorTabla('falla_tablas_duda_registro_bot_duda'));
      // WordPress went on to the flow; Duda stopped before it.
      expect(hooks.requests.map((r) => (r.json as { name: string }).name)).toEqual(['Wordpress Flow - Falla Tablas WP']);
      const inst = (await call<ProyectoResumen>('proyectos', 'obtener', { id: p.id })).instancias;
      expect(inst.map((i) => i.configuracion.aprovisionamiento)).toEqual(['incompleto', 'incompleto']);
      expect(inst[0]!.configuracion.webhook_n8n).toMatch(/^https:\/\/n8n\.agencia\.co\/webhook\//);
      expect(inst[1]!.configuracion.webhook_n8n).toBeUndefined();

      await db.query('grant execute on function public.create_message_table(text) to authenticated');
      hooks.requests.length = 0;
      for (const i of inst) {
        const r = await esperar(await call<TrabajoCon<ResultadoAprovisionamiento>>('proyectos', 'reintentarAprovisionamiento', { instanciaId: i.id }));
        expect(r).toMatchObject({ estado: 'terminado', ok: 1 });
      }
      // Only Duda's flow was still missing; no company was created twice.
      expect(hooks.requests.map((r) => (r.json as { name: string }).name)).toEqual(['Duda Flow - Falla Tablas Duda']);
      expect((await fila<{ n: number }>("select count(*)::int as n from public.empresas_bot_duda where name = 'Falla Tablas Duda'")).n).toBe(1);
      const despues = (await call<ProyectoResumen>('proyectos', 'obtener', { id: p.id })).instancias;
      expect(despues.map((i) => i.configuracion.aprovisionamiento)).toEqual(['completo', 'completo']);
    } finally {
      await db.query('grant execute on function public.create_message_table(text) to authenticated');
    }
  });

  // Issue 12 changed this on purpose: a non-OK answer is §8's 'No se pudo crear el flujo en N8N. Verifica la
  // conexión.' with 'Error HTTP: {status}' as the detail (it used to be 'Error HTTP: {status}' alone).
  it('flujo: HTTP no OK da el mensaje de §8 con "Error HTTP: {status}" como detalle, sin conexión el mensaje de §8; reintentar lo completa', async () => {
    const p = await nuevoProyecto('Flujo Fallido');
    hooks.respond((_req, res) => {
      res.writeHead(502);
      res.end('bad gateway');
    });
    const fin = await esperar(await call<TrabajoCon<ResultadoAprovisionamiento>>('proyectos', 'aplicarServicios', { proyectoId: p.id, servicios: [{ tipo: 'bot_shopify', nombreInstancia: 'Flujo Fallido Shop' }] }));
    expect(fin.resultado!.agregados[0]!).toMatchObject({ error: es.proyectos.errorFlujo, detalle: 'Error HTTP: 502' });
    const inst = (await call<ProyectoResumen>('proyectos', 'obtener', { id: p.id })).instancias[0]!;
    expect(inst.configuracion).toMatchObject({ aprovisionamiento: 'incompleto', error_aprovisionamiento: es.proyectos.errorFlujo, error_detalle: 'Error HTTP: 502', tabla_creada: true });

    await call('conexion', 'guardarWebhook', { name: 'flujoBots', url: 'http://127.0.0.1:9/nada', auth: 'bearer' });
    try {
      const sinRed = await esperar(await call<TrabajoCon<ResultadoAprovisionamiento>>('proyectos', 'reintentarAprovisionamiento', { instanciaId: inst.id }));
      expect(sinRed.resultado!.agregados[0]!.error).toBe(es.proyectos.errorFlujo);
    } finally {
      await call('conexion', 'guardarWebhook', { name: 'flujoBots', url: `${hooks.url}/webhook/crear-flujo`, auth: 'bearer' });
    }
    hooks.respond((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"id":"wf_1"}');
    });
    const ok = await esperar(await call<TrabajoCon<ResultadoAprovisionamiento>>('proyectos', 'reintentarAprovisionamiento', { instanciaId: inst.id }));
    expect(ok.resultado!.agregados[0]).toMatchObject({ completo: true });
    expect((await fila<{ n: number }>("select count(*)::int as n from public.empresas_shopify_bots where name = 'Flujo Fallido Shop'")).n).toBe(1);
  });

  it('eliminar servicio: desactiva la empresa solo cuando ninguna otra instancia del mismo tipo la usa; la campaña se conserva', async () => {
    const a = await nuevoProyecto('Compartida Uno');
    const b = await nuevoProyecto('Compartida Dos');
    await esperar(await call<TrabajoCon<ResultadoAprovisionamiento>>('proyectos', 'aplicarServicios', {
      proyectoId: a.id,
      servicios: [{ tipo: 'whatsapp', nombreInstancia: 'Compartida WhatsApp' }, { tipo: 'llamadas', nombreInstancia: 'Campaña Compartida' }],
    }));
    const instA = (await call<ProyectoResumen>('proyectos', 'obtener', { id: a.id })).instancias;
    const waA = instA.find((i) => i.tipoServicio === 'whatsapp')!;
    const opciones = await call<Array<{ uuid: string }>>('proyectos', 'empresasWhatsapp', {});
    expect(opciones.map((o) => o.uuid)).toContain(waA.configuracion.empresa_uuid);
    hooks.requests.length = 0;
    await esperar(await call<TrabajoCon<ResultadoAprovisionamiento>>('proyectos', 'aplicarServicios', {
      proyectoId: b.id,
      servicios: [{ tipo: 'whatsapp', nombreInstancia: 'Compartida WhatsApp B', empresaWhatsappUuid: waA.configuracion.empresa_uuid }],
    }));
    expect(hooks.requests).toHaveLength(0); // the chosen company is reused as it is
    const waB = (await call<ProyectoResumen>('proyectos', 'obtener', { id: b.id })).instancias[0]!;
    expect(waB.configuracion).toMatchObject({ empresa_uuid: waA.configuracion.empresa_uuid, reutiliza_empresa_existente: true, tabla_independiente: false, aprovisionamiento: 'completo' });

    const estado = async () => (await fila<{ status: boolean }>('select status from public.empresas_whatsapp where uuid = $1', [waA.configuracion.empresa_uuid])).status;
    expect(await call('proyectos', 'eliminarServicio', { instanciaId: waA.id })).toEqual({ id: waA.id, empresaDesactivada: false });
    expect(await estado()).toBe(true);
    expect(await call('proyectos', 'eliminarServicio', { instanciaId: waB.id })).toEqual({ id: waB.id, empresaDesactivada: true });
    expect(await estado()).toBe(false);
    const llam = instA.find((i) => i.tipoServicio === 'llamadas')!;
    await call('proyectos', 'eliminarServicio', { instanciaId: llam.id });
    expect((await fila<{ n: number }>('select count(*)::int as n from public.campanas where id = $1', [llam.configuracion.campana_id])).n).toBe(1);
    expect(await fail('proyectos', 'eliminarServicio', { instanciaId: llam.id })).toBe(es.proyectos.servicioNoEncontrado);
    await call('proyectos', 'eliminar', { id: b.id });
    expect(await fail('proyectos', 'obtener', { id: b.id })).toBe(es.proyectos.noEncontrado);
  });

  it('catálogo: validación de §5, tipo único, activar y desactivar', async () => {
    const base = { nombre: 'Bot Instagram', tipo: 'bot_instagram', descripcion: 'Bot para mensajes directos de Instagram', categoria: 'Marketing', icono: 'mobile', configuracionDefault: '{"a":1}' };
    expect(await fail('servicios', 'crear', { ...base, nombre: 'Bo' })).toBe(es.servicios.nombreMinimo);
    expect(await fail('servicios', 'crear', { ...base, tipo: 'Bot-IG' })).toBe(es.servicios.tipoInvalido);
    expect(await fail('servicios', 'crear', { ...base, descripcion: 'corta' })).toBe(es.servicios.descripcionMinima);
    expect(await fail('servicios', 'crear', { ...base, categoria: 'Otra' })).toBe(es.servicios.categoriaInvalida);
    expect(await fail('servicios', 'crear', { ...base, icono: 'rocket' })).toBe(es.servicios.iconoInvalido);
    expect(await fail('servicios', 'crear', { ...base, configuracionDefault: '{malo' })).toBe(es.servicios.configuracionInvalida);
    const s = await call<{ id: string; configuracionDefault: unknown; activo: boolean }>('servicios', 'crear', base);
    expect(s.configuracionDefault).toEqual({ a: 1 });
    expect(await fail('servicios', 'crear', base)).toBe(es.servicios.tipoDuplicado);
    expect((await call<{ activo: boolean }>('servicios', 'cambiarEstado', { id: s.id, activo: false })).activo).toBe(false);
    const activos = await call<Array<{ tipo: string }>>('servicios', 'listar', { soloActivos: true });
    expect(activos.map((x) => x.tipo)).not.toContain('bot_instagram');
    expect((await call<Array<{ tipo: string }>>('servicios', 'listar', {})).map((x) => x.tipo)).toContain('bot_instagram');
    const vacia = await call<{ configuracionDefault: unknown }>('servicios', 'actualizar', { id: s.id, ...base, configuracionDefault: '' });
    expect(vacia.configuracionDefault).toEqual({});
  });

  it('planes: regla de la alerta, costo y el número real de empresas asociadas; desasociar', async () => {
    expect(await fail('planes', 'crear', { title: ' ', description: 'x', cost: 10 })).toBe(es.planes.camposIncompletos);
    expect(await fail('planes', 'crear', { title: 'A', description: 'x', cost: 0 })).toBe(es.planes.camposIncompletos);
    const plan = await call<{ id: string; empresasAsociadas: number; cost: number }>('planes', 'crear', { title: 'Plan Web', description: 'WordPress', cost: '49.90' });
    expect(plan).toMatchObject({ empresasAsociadas: 0, cost: 49.9 });
    // A WordPress bot company of its own to link (as the bots screen registers one).
    const { uuid } = await fila<{ uuid: string }>(
      "insert into public.empresas_wordpress_bots (name, table_supabase, status) values ('Tienda Planes', 'tienda_planes_registro_bot_wordpress', true) returning uuid::text",
    );
    const wp = await call<Array<{ uuid: string }>>('planes', 'empresasWordpress', {});
    expect(wp.map((w) => w.uuid)).toContain(uuid);
    const enlace = await call<{ id: string; name: string }>('planes', 'asignarEmpresa', { planId: plan.id, empresaWordpressUuid: uuid });
    const lista = await call<Array<{ id: string; empresasAsociadas: number }>>('planes', 'listar', {});
    expect(lista.find((p) => p.id === plan.id)!.empresasAsociadas).toBe(1);
    expect((await call<Array<{ id: string }>>('planes', 'empresas', { planId: plan.id })).map((e) => e.id)).toEqual([enlace.id]);
    await call('planes', 'desasociar', { id: enlace.id });
    expect((await call<Array<{ id: string; empresasAsociadas: number }>>('planes', 'listar', {})).find((p) => p.id === plan.id)!.empresasAsociadas).toBe(0);
    await call('planes', 'eliminar', { id: plan.id });
  });

  it('métricas: progreso estimado de §4 en SQL, agregados, alertas, instantánea (upsert) y CSV', async () => {
    // Projects in known states. §4: completado 100, cancelado 0; otherwise the rounded average over the
    // services weighted completado 100, en_proceso 75, activo 50, others 0; 0 without services.
    const casos = [
      { estado: 'completado', servicios: [], progreso: 100 },
      { estado: 'cancelado', servicios: ['completado'], progreso: 0 },
      { estado: 'activo', servicios: [], progreso: 0 },
      { estado: 'activo', servicios: ['completado', 'en_proceso', 'activo', 'error'], progreso: 56 }, // 225/4 = 56.25
      { estado: 'en_proceso', servicios: ['en_proceso', 'activo'], progreso: 63 }, // 62.5 rounds up
    ];
    const session = (await api.backend.auth.getSession(caller.token!))!;
    const tipos = ['whatsapp', 'llamadas', 'bot_duda', 'bot_shopify'];
    const conocidos: Array<{ id: string; progreso: number }> = [];
    for (const [k, c] of casos.entries()) {
      const p = await nuevoProyecto(`Métricas ${k}`, c.estado);
      if (c.servicios.length > 0) {
        await api.backend.dataFor(session).run({
          kind: 'insert',
          table: 'servicios_instancias',
          rows: c.servicios.map((estado, i) => ({ id: `metricas_${k}_${i}`, proyecto_id: p.id, tipo_servicio: tipos[i], nombre_instancia: `Métricas ${k} ${i}`, estado })),
        });
      }
      conocidos.push({ id: p.id, progreso: c.progreso });
    }
    // The project's report and the dashboard's per-project figures compute it the same way.
    for (const c of conocidos) expect((await call<{ progreso: number }>('proyectos', 'reporte', { id: c.id })).progreso).toBe(c.progreso);

    const d = await call<DashboardMetricas>('metricas', 'dashboard', { periodo: { dias: 30 } });
    const proyectos = await call<ProyectoResumen[]>('proyectos', 'listar', {});
    expect(d.tarjetas.totalProyectos).toBe(proyectos.length);
    for (const fila of d.top) {
      const p = proyectos.find((x) => x.id === fila.id)!;
      const conocido = conocidos.find((c) => c.id === fila.id);
      if (conocido) expect(fila.progreso).toBe(conocido.progreso);
      expect(fila.totalServicios).toBe(p.instancias.length);
    }
    expect(d.tendencia).toHaveLength(6);
    expect(d.serviciosPorEstado.eliminados).toBe(0);
    expect(d.alertas.sinNuevos).toBe(false);
    expect(d.alertas.sinServicios).toBe(proyectos.filter((p) => p.instancias.length === 0).length);
    expect(await fail('metricas', 'dashboard', { periodo: { dias: 12 } })).toBe(es.metricas.rangoInvalido);

    await call('metricas', 'actualizar', { periodo: { dias: 30 } });
    await call('metricas', 'actualizar', { periodo: { dias: 30 } });
    const snap = await fila<{ n: number; p: number }>('select count(*)::int as n, count(distinct proyecto_id)::int as p from public.metricas_proyectos');
    expect(snap.n).toBe(snap.p);
    expect(snap.p).toBe(proyectos.length);
    for (const c of conocidos) {
      expect((await fila<{ progreso: number }>("select (metricas ->> 'progreso')::int as progreso from public.metricas_proyectos where proyecto_id = $1", [c.id])).progreso).toBe(c.progreso);
    }

    const csv = await call<{ nombreArchivo: string; contenido: string }>('metricas', 'exportar', { periodo: { dias: 30 } });
    expect(csv.nombreArchivo).toMatch(/^reporte_proyectos_\d{4}-\d{2}-\d{2}\.csv$/);
    const lineas = csv.contenido.trim().split('\r\n');
    expect(lineas[0]).toBe('Proyecto,Estado,Progreso (%),Total Servicios,Servicios Activos,Servicios Completados,Tiempo Activo (días),Última Actividad');
    expect(lineas).toHaveLength(1 + Math.min(10, proyectos.length));
  });
});
