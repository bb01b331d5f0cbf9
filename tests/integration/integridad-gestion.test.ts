/**
 * Issue 12, on PGlite and PostgreSQL 15 through the real api, with a real local HTTP server standing in for
 * n8n: one 'Aplicar Cambios' provisions in the order of part 2 §7 whatever order it was asked in; a failed
 * provisioning is estado 'error' (projects table, metrics alert) until it is completed; deleting a plan, a
 * client company or a project first tells what depends on it, and deleting a project deactivates the bot
 * companies only it used (the rule of deleting a service).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import type { TrabajoCon } from '../../src/shared/domain/trabajos';
import type { DashboardMetricas } from '../../src/shared/areas/metricas/rules';
import {
  consecuenciasEliminacion,
  type DependenciasEliminacion,
  type ProyectoResumen,
  type ResultadoAprovisionamiento,
} from '../../src/shared/areas/proyectos/rules';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, embeddedApi } from '../support/operators';
import { startWebhookServer, type WebhookServer } from '../support/webhook-server';
import { puertaDeTrabajos, estadoFinal } from '../support/trabajos';
import { es } from '../../src/shared/i18n/es';

const t = es.proyectos;

describe.each(MIGRATED_BACKENDS)('integridad de proyectos, servicios y borrados en %s', (_name, fresh) => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  let hooks: WebhookServer;
  const caller = new Caller();
  let planId = '';
  let empresaId = '';

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
  const aplicar = async (proyectoId: string, servicios: Array<{ tipo: string; nombreInstancia: string; empresaWhatsappUuid?: string }>) =>
    esperar(await call<TrabajoCon<ResultadoAprovisionamiento>>('proyectos', 'aplicarServicios', { proyectoId, servicios }));
  const nuevoProyecto = (nombre: string, plan = planId, empresa = empresaId) =>
    call<ProyectoResumen>('proyectos', 'crear', { nombre, planId: plan, descripcion: 'Proyecto de pruebas', empresaId: empresa, estado: 'en_proceso' });
  const obtener = (id: string) => call<ProyectoResumen>('proyectos', 'obtener', { id });
  const estadoEmpresa = async (tabla: string, uuid: string) =>
    (await db.query<{ status: boolean }>(`select status from public.${tabla} where uuid = $1`, [uuid])).rows[0]!.status;
  const alertaErrores = async () => (await call<DashboardMetricas>('metricas', 'dashboard', { periodo: { dias: 30 } })).alertas.serviciosError;

  beforeAll(async () => {
    db = await fresh();
    api = await embeddedApi(db);
    terminado = puertaDeTrabajos(api.jobs);
    hooks = await startWebhookServer();
    await call('auth', 'crearPrimerAdmin', ADMIN);
    await call('conexion', 'guardarWebhook', { name: 'flujoBots', url: `${hooks.url}/webhook/crear-flujo`, auth: 'ninguna' });
    await call('conexion', 'guardarWebhook', { name: 'flujoWhatsapp', url: `${hooks.url}/webhook/crear-flujo-wa`, auth: 'ninguna' });
    await call('conexion', 'guardarWebhook', { name: 'agentesBase', url: 'https://n8n.agencia.co/webhook', auth: 'ninguna' });
    planId = (await call<{ id: string }>('planes', 'crear', { title: 'Plan Integridad', description: 'Plan de pruebas', cost: 120 })).id;
    empresaId = (await call<{ empresa: { id: string } }>('empresas', 'crear', { nombre: 'Distribuidora Norte', usuarioCliente: 'usuario_distribuidora_norte', contrasenaCliente: 'Clave123', activo: true })).empresa.id;
  });
  afterAll(async () => {
    await hooks?.close();
    await db?.cerrar();
  });

  it('aprovisiona en el orden de §7 (WhatsApp, Shopify, Duda, otros bots, llamadas) aunque se pidan en otro orden', async () => {
    const p = await nuevoProyecto('Tres Canales');
    hooks.requests.length = 0;
    // The catalogue's alphabetical order, as the screen sends it: Duda first.
    const pedido = [
      { tipo: 'bot_duda', nombreInstancia: 'Tres Canales - Bot Duda' },
      { tipo: 'bot_shopify', nombreInstancia: 'Tres Canales - Bot Shopify' },
      { tipo: 'bot_wordpress', nombreInstancia: 'Tres Canales - Bot WordPress' },
      { tipo: 'llamadas', nombreInstancia: 'Tres Canales - Llamadas' },
      { tipo: 'whatsapp', nombreInstancia: 'Tres Canales - WhatsApp' },
    ];
    const fin = await aplicar(p.id, pedido);
    expect(fin).toMatchObject({ estado: 'terminado', ok: 5, fallidos: 0 });
    // The result lists them as they were asked.
    expect(fin.resultado!.agregados.map((a) => a.tipoServicio)).toEqual(pedido.map((s) => s.tipo));

    const waTabla = 'tres_canales_whatsapp_registro_whatsapp';
    expect(hooks.requests.map((r) => [r.path, (r.json as { name: string }).name, (r.json as { table_supabase: string }).table_supabase])).toEqual([
      ['/webhook/crear-flujo-wa', 'WhatsApp Flow - Tres Canales - WhatsApp', waTabla],
      ['/webhook/crear-flujo', 'shopify Flow - Tres Canales - Bot Shopify', waTabla],
      ['/webhook/crear-flujo', 'Duda Flow - Tres Canales - Bot Duda', waTabla],
      ['/webhook/crear-flujo', 'Wordpress Flow - Tres Canales - Bot WordPress', 'tres_canales_bot_wordpress_registro_bot_wordpress'],
    ]);
    expect(hooks.requests.some((r) => (r.json as { table_supabase: string }).table_supabase.endsWith('_registro_bot_duda'))).toBe(false);

    const inst = (await obtener(p.id)).instancias;
    const por = Object.fromEntries(inst.map((i) => [i.tipoServicio, i]));
    const waUuid = por.whatsapp!.configuracion.empresa_uuid;
    for (const tipo of ['bot_shopify', 'bot_duda']) {
      expect(por[tipo]!.configuracion).toMatchObject({ reutiliza_empresa_existente: true, comparte_tabla_con: waTabla, table_supabase: waTabla, empresa_principal: waUuid, aprovisionamiento: 'completo' });
    }
    expect(por.whatsapp!.configuracion).toMatchObject({ tabla_independiente: true, table_supabase: waTabla });
    expect(por.llamadas!.configuracion).toMatchObject({ minutos_tope: 100, aprovisionamiento: 'completo' });
    // The table Duda would have created first does not exist.
    expect((await db.query(`select to_regclass('public.tres_canales_bot_duda_registro_bot_duda') as t`)).rows[0]).toEqual({ t: null });
  });

  it('un aprovisionamiento fallido queda en estado error (tabla de proyectos y alerta) hasta completarlo', async () => {
    const antes = await alertaErrores();
    const p = await nuevoProyecto('Flujo Caído');
    hooks.respond((_req, res) => {
      res.writeHead(500);
      res.end('error interno');
    });
    try {
      const fin = await aplicar(p.id, [{ tipo: 'bot_shopify', nombreInstancia: 'Flujo Caído Shopify' }]);
      expect(fin.resultado!.agregados[0]).toMatchObject({ completo: false, error: t.errorFlujo, detalle: 'Error HTTP: 500' });
    } finally {
      hooks.respond((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"ok":true}');
      });
    }
    const enLista = (await call<ProyectoResumen[]>('proyectos', 'listar', {})).find((x) => x.id === p.id)!;
    expect(enLista.instancias.map((i) => [i.estado, i.configuracion.aprovisionamiento, i.configuracion.error_detalle])).toEqual([['error', 'incompleto', 'Error HTTP: 500']]);
    expect(await alertaErrores()).toBe(antes + 1);

    // 'Completar aprovisionamiento' succeeding takes it out of the error state.
    const ok = await esperar(await call<TrabajoCon<ResultadoAprovisionamiento>>('proyectos', 'reintentarAprovisionamiento', { instanciaId: enLista.instancias[0]!.id }));
    expect(ok.resultado!.agregados[0]).toMatchObject({ completo: true });
    const despues = (await obtener(p.id)).instancias[0]!;
    expect(despues.estado).toBe('activo');
    expect(despues.configuracion).toMatchObject({ aprovisionamiento: 'completo' });
    expect(despues.configuracion.error_detalle).toBeUndefined();
    expect(await alertaErrores()).toBe(antes);
  });

  it('plan en uso: el diálogo nombra sus proyectos y empresas; al borrarlo quedan «Sin plan»', async () => {
    const plan = await call<{ id: string }>('planes', 'crear', { title: 'Plan Usado', description: 'Con proyectos', cost: 50 });
    const a = await nuevoProyecto('Alfa Usa Plan', plan.id);
    const b = await nuevoProyecto('Beta Usa Plan', plan.id);
    const wp = await call<{ uuid: string; name: string; tableSupabase: string }>('bots', 'guardarEmpresa', { canal: 'wordpress', name: 'Web Plan Usado', tableSupabase: 'web_plan_usado_registro_bot_wordpress' });
    await call('planes', 'asignarEmpresa', { planId: plan.id, empresaWordpressUuid: wp.uuid });

    const dep = await call<DependenciasEliminacion>('planes', 'dependencias', { id: plan.id });
    expect(dep).toMatchObject({ tipo: 'plan', nombre: 'Plan Usado', portal: false, servicios: [], empresasBot: [] });
    expect(dep.proyectos.map((p) => p.nombre)).toEqual(['Alfa Usa Plan', 'Beta Usa Plan']);
    expect(dep.empresasWordpress).toEqual([{ uuid: wp.uuid, name: 'Web Plan Usado', tableSupabase: 'web_plan_usado_registro_bot_wordpress' }]);
    expect(consecuenciasEliminacion(dep)).toEqual([
      { texto: es.planes.eliminacion.planProyectos(2), elementos: ['Alfa Usa Plan', 'Beta Usa Plan'] },
      { texto: es.planes.eliminacion.planEmpresasWordpress(1), elementos: ['Web Plan Usado (web_plan_usado_registro_bot_wordpress)'] },
    ]);

    await call('planes', 'eliminar', { id: plan.id });
    for (const id of [a.id, b.id]) expect(await obtener(id)).toMatchObject({ planId: null, planTitle: null });
    expect(await fail('planes', 'dependencias', { id: plan.id })).toBe(es.planes.noEncontrado);
    // A plan nobody uses: nothing to list.
    const libre = await call<{ id: string }>('planes', 'crear', { title: 'Plan Libre', description: 'Sin uso', cost: 10 });
    expect(consecuenciasEliminacion(await call<DependenciasEliminacion>('planes', 'dependencias', { id: libre.id }))).toEqual([]);
  });

  it('empresa cliente en uso: el diálogo nombra proyectos, empresas de bot y su portal', async () => {
    const { empresa } = await call<{ empresa: { id: string } }>('empresas', 'crear', { nombre: 'Cliente Usado', usuarioCliente: 'usuario_cliente_usado', contrasenaCliente: 'Clave123', activo: true });
    const p = await nuevoProyecto('Proyecto del Cliente', planId, empresa.id);
    await aplicar(p.id, [{ tipo: 'whatsapp', nombreInstancia: 'Cliente Usado WhatsApp' }]);
    const dep = await call<DependenciasEliminacion>('empresas', 'dependencias', { id: empresa.id });
    expect(dep).toMatchObject({ tipo: 'empresa', nombre: 'Cliente Usado', portal: true });
    expect(dep.proyectos.map((x) => x.nombre)).toEqual(['Proyecto del Cliente']);
    expect(dep.empresasBot).toEqual([
      expect.objectContaining({ canal: 'whatsapp', name: 'Cliente Usado WhatsApp', tableSupabase: 'cliente_usado_whatsapp_registro_whatsapp', status: true, webhook: true }),
    ]);
    const lineas = consecuenciasEliminacion(dep);
    expect(lineas.map((l) => l.texto)).toEqual([es.empresas.eliminacion.empresaProyectos(1), es.empresas.eliminacion.empresaBots(1), es.empresas.eliminacion.empresaPortal]);
    expect(lineas[1]!.elementos).toEqual(['Cliente Usado WhatsApp · WhatsApp (cliente_usado_whatsapp_registro_whatsapp)']);

    await call('empresas', 'eliminar', { id: empresa.id });
    expect(await obtener(p.id)).toMatchObject({ empresaId: null, empresaNombre: null });
    expect((await db.query<{ e: string | null }>(`select empresa_id::text as e from public.empresas_whatsapp where name = 'Cliente Usado WhatsApp'`)).rows[0]!.e).toBeNull();
    expect(await fail('empresas', 'dependencias', { id: empresa.id })).toBe(es.empresas.noEncontrada);
  });

  it('borrar un proyecto desactiva las empresas de bot que solo él usaba; las compartidas y las campañas siguen', async () => {
    const x = await nuevoProyecto('Proyecto Equis');
    await aplicar(x.id, [
      { tipo: 'whatsapp', nombreInstancia: 'Equis WhatsApp' },
      { tipo: 'bot_shopify', nombreInstancia: 'Equis Shopify' },
      { tipo: 'llamadas', nombreInstancia: 'Equis Llamadas' },
    ]);
    const instX = (await obtener(x.id)).instancias;
    const wa = instX.find((i) => i.tipoServicio === 'whatsapp')!.configuracion;
    const shop = instX.find((i) => i.tipoServicio === 'bot_shopify')!.configuracion;
    const campana = instX.find((i) => i.tipoServicio === 'llamadas')!.configuracion.campana_id!;
    // Another project shares the WhatsApp company (chosen in 'Gestionar Servicios').
    const y = await nuevoProyecto('Proyecto Ye');
    await aplicar(y.id, [{ tipo: 'whatsapp', nombreInstancia: 'Ye WhatsApp', empresaWhatsappUuid: wa.empresa_uuid! }]);

    const dep = await call<DependenciasEliminacion>('proyectos', 'dependencias', { id: x.id });
    expect(dep.servicios.map((s) => s.nombreInstancia)).toEqual(['Equis WhatsApp', 'Equis Shopify', 'Equis Llamadas']);
    expect(dep.empresasBot.map((b) => [b.canal, b.uuid, b.desactivar])).toEqual([
      ['shopify', shop.empresa_uuid, true],
      ['whatsapp', wa.empresa_uuid, false],
    ]);
    expect(dep.campanas).toEqual([{ id: Number(campana), nombre: 'Equis Llamadas' }]);
    const lineas = consecuenciasEliminacion(dep);
    expect(lineas.map((l) => l.texto)).toEqual([
      t.eliminacion.proyectoServicios(3),
      t.eliminacion.proyectoDesactivar(1),
      t.eliminacion.proyectoConservar(1),
      t.eliminacion.proyectoCampanas(1),
    ]);
    expect(lineas[1]!.elementos).toEqual([`Equis Shopify · Shopify (${shop.table_supabase})`]);

    const r = await call<{ id: string; empresasDesactivadas: Array<{ tipoServicio: string; empresaUuid: string }> }>('proyectos', 'eliminar', { id: x.id });
    expect(r).toEqual({ id: x.id, empresasDesactivadas: [{ tipoServicio: 'bot_shopify', empresaUuid: shop.empresa_uuid }] });
    expect(await estadoEmpresa('empresas_shopify_bots', shop.empresa_uuid!)).toBe(false);
    expect(await estadoEmpresa('empresas_whatsapp', wa.empresa_uuid!)).toBe(true);
    expect((await db.query<{ n: number }>('select count(*)::int as n from public.campanas where id = $1', [campana])).rows[0]!.n).toBe(1);
    expect((await db.query<{ n: number }>('select count(*)::int as n from public.servicios_instancias where proyecto_id = $1', [x.id])).rows[0]!.n).toBe(0);
    expect(await fail('proyectos', 'obtener', { id: x.id })).toBe(t.noEncontrado);

    // Now only 'Proyecto Ye' uses the WhatsApp company: its dialog says so and deleting it deactivates it.
    const depY = await call<DependenciasEliminacion>('proyectos', 'dependencias', { id: y.id });
    expect(depY.empresasBot.map((b) => [b.uuid, b.desactivar])).toEqual([[wa.empresa_uuid, true]]);
    await call('proyectos', 'eliminar', { id: y.id });
    expect(await estadoEmpresa('empresas_whatsapp', wa.empresa_uuid!)).toBe(false);
    expect(await fail('proyectos', 'eliminar', { id: y.id })).toBe(t.noEncontrado);
    expect(await fail('proyectos', 'dependencias', { id: y.id })).toBe(t.noEncontrado);
  });

  it('las funciones de borrado y dependencias rechazan a quien no es operador', async () => {
    const p = await nuevoProyecto('Protegido');
    const sub = '00000000-0000-4000-8000-0000000000bb';
    for (const rol of ['anon', 'authenticated'] as const) {
      for (const sql of [
        `select public.dependencias_eliminacion('proyecto', '${p.id}')`,
        `select public.eliminar_proyecto('${p.id}')`,
        `select public.eliminar_servicio_instancia('x')`,
        `select public.empresa_bot_sin_otro_uso('whatsapp', 'x', '{}')`,
      ]) {
        const code = await db
          .transaction(async (tx) => {
            await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(rol === 'anon' ? { role: 'anon' } : { sub, role: 'authenticated' })]);
            await tx.query(`set local role ${rol}`);
            await tx.query(sql);
          })
          .then(() => 'ok', (e: { code?: string }) => e.code ?? 'error');
        expect(code, `${rol}: ${sql}`).toBe('42501');
      }
    }
    expect(await obtener(p.id)).toMatchObject({ nombre: 'Protegido' });
  });
});
