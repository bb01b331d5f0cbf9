import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import type { Trabajo } from '../../src/shared/domain/trabajos';
import type { ProyectoResumen } from '../../src/shared/areas/proyectos/rules';
import { LATIDO_VENCIDO_MS } from '../../src/shared/areas/jobs/motor';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, Clock, embeddedApi } from '../support/operators';
import { startWebhookServer, type WebhookServer } from '../support/webhook-server';
import { hasta } from '../support/esperar';
import { es } from '../../src/shared/i18n/es';

/**
 * The one model of long work, durable: provisioning is a row of `trabajos` written as the operator who started
 * it (RLS: his own; administrators read all). A quit records a running job 'interrumpido'; after a crash the
 * next process reads a row nobody beats any more as 'interrumpido' — never 'en_curso' forever — and a late
 * end of the old process never turns it back. On PGlite and PostgreSQL 15, with a real local HTTP server
 * standing in for n8n that holds its answer behind a gate.
 */
describe.each(MIGRATED_BACKENDS)('trabajos largos durables en %s', (_name, fresh) => {
  let db: SqlClient;
  let hooks: WebhookServer;
  const clock = new Clock();
  /** The n8n stand-in answers only once the test opens the gate. */
  let abrir: () => void = () => {};

  async function nuevaApi() {
    const api = await embeddedApi(db, clock);
    const admin = new Caller();
    const entrada = (await api.dispatch('auth', 'iniciarSesion', { email: ADMIN.email, password: ADMIN.password }, admin)) as Envelope<unknown>;
    if (!entrada.ok) throw new Error(entrada.error.message);
    await ok(api, admin, 'conexion', 'guardarWebhook', { name: 'flujoBots', url: `${hooks.url}/webhook/crear-flujo`, auth: 'bearer', token: 'tok-bots-123' });
    return { api, admin };
  }
  type Api = Awaited<ReturnType<typeof embeddedApi>>;
  async function call<T>(api: Api, caller: Caller, area: string, op: string, input: unknown) {
    return (await api.dispatch(area, op, input, caller)) as Envelope<T>;
  }
  async function ok<T>(api: Api, caller: Caller, area: string, op: string, input: unknown): Promise<T> {
    const r = await call<T>(api, caller, area, op, input);
    if (!r.ok) throw new Error(`${area}.${op}: ${r.error.message}`);
    return r.data;
  }
  const fila = async (id: string) =>
    (await db.query<{ estado: string; operador_id: string; referencia: string; mensaje: string | null; fin: unknown }>('select estado, operador_id::text, referencia, mensaje, fin from public.trabajos where id = $1', [id])).rows[0]!;

  /** An admin's project with one bot to provision (its flow waits for the gate). */
  async function aprovisionar(api: Api, caller: Caller, nombre: string): Promise<{ proyecto: ProyectoResumen; job: Trabajo }> {
    const planId = (await ok<{ id: string }>(api, caller, 'planes', 'crear', { title: `Plan ${nombre}`, description: 'Plan de prueba', cost: 10 })).id;
    const empresaId = (await ok<{ empresa: { id: string } }>(api, caller, 'empresas', 'crear', { nombre: `Empresa ${nombre}`, usuarioCliente: `usuario_${nombre.toLowerCase()}`, contrasenaCliente: 'Abc12345', activo: true })).empresa.id;
    const proyecto = await ok<ProyectoResumen>(api, caller, 'proyectos', 'crear', { nombre: `Proyecto ${nombre}`, planId, descripcion: 'Proyecto de prueba', empresaId, estado: 'en_proceso' });
    const antes = hooks.requests.length;
    const job = await ok<Trabajo>(api, caller, 'proyectos', 'aplicarServicios', { proyectoId: proyecto.id, servicios: [{ tipo: 'bot_shopify', nombreInstancia: `Tienda ${nombre} Shop` }] });
    await hasta(() => hooks.requests.length > antes, 'el flujo llega al stand-in de n8n');
    return { proyecto, job };
  }

  let principal: { api: Api; admin: Caller };

  beforeAll(async () => {
    db = await fresh();
    hooks = await startWebhookServer();
    hooks.respond(async (_req, res) => {
      await new Promise<void>((r) => (abrir = r));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"id":"wf_1"}');
    });
    const api = await embeddedApi(db, clock);
    const r = (await api.dispatch('auth', 'crearPrimerAdmin', ADMIN, new Caller())) as Envelope<unknown>;
    if (!r.ok) throw new Error(r.error.message);
    await api.cerrar();
    principal = await nuevaApi();
  });
  afterAll(async () => {
    abrir();
    await principal?.api.cerrar();
    await hooks?.close();
    await db?.cerrar();
  });

  it('el aprovisionamiento es una fila: progreso y fin en el vocabulario único; su dueño y los administradores lo ven, otro operador no', async () => {
    const { api, admin } = principal;
    const { proyecto, job } = await aprovisionar(api, admin, 'Aurora');
    expect(job).toMatchObject({ tipo: 'aprovisionamiento', estado: 'en_curso', total: 1, hechos: 0, mensaje: null, fin: null });
    expect(await fila(job.id)).toMatchObject({ estado: 'en_curso', referencia: proyecto.id });
    // The screen opened again (reload, new sign-in) finds it by its project.
    expect((await ok<Trabajo[]>(api, admin, 'jobs', 'listar', { tipo: 'aprovisionamiento', referencia: proyecto.id })).map((j) => [j.id, j.estado])).toEqual([[job.id, 'en_curso']]);

    const alta = await ok<{ contrasena: string }>(api, admin, 'operadores', 'agregar', { email: 'luis@agencia.co', nombre: 'Luis', rol: 'operador' });
    const luis = new Caller();
    await ok(api, luis, 'auth', 'iniciarSesion', { email: 'luis@agencia.co', password: alta.contrasena });
    expect(await call(api, luis, 'jobs', 'estado', { id: job.id })).toMatchObject({ ok: false, error: { code: 'not_found', message: es.trabajos.noEncontrado } });
    expect(await ok<Trabajo[]>(api, luis, 'jobs', 'listar', {})).toEqual([]);
    expect(await call(api, luis, 'jobs', 'cancelar', { id: job.id })).toMatchObject({ ok: false, error: { code: 'not_found' } });

    abrir();
    await api.jobs.esperar(job.id);
    const fin = await ok<Trabajo>(api, admin, 'jobs', 'estado', { id: job.id });
    expect(fin).toMatchObject({ estado: 'terminado', hechos: 1, ok: 1, fallidos: 0, mensaje: es.proyectos.serviciosActualizados });
    expect(await fila(job.id)).toMatchObject({ estado: 'terminado', mensaje: es.proyectos.serviciosActualizados });
    expect((await fila(job.id)).fin).not.toBeNull();
  });

  it('cancelar: el trabajo ve la señal y la fila termina cancelada', async () => {
    const { api, admin } = principal;
    const { job } = await aprovisionar(api, admin, 'Cancelada');
    const pedido = await ok<Trabajo>(api, admin, 'jobs', 'cancelar', { id: job.id });
    expect(pedido.id).toBe(job.id);
    await api.jobs.esperar(job.id);
    expect(await ok<Trabajo>(api, admin, 'jobs', 'estado', { id: job.id })).toMatchObject({ estado: 'cancelado', mensaje: es.trabajos.cancelado });
    expect(await fila(job.id)).toMatchObject({ estado: 'cancelado' });
    abrir();
  });

  it('reinicio: cerrar la aplicación deja el trabajo interrumpido; el proceso nuevo lo encuentra así', async () => {
    const viejo = await nuevaApi();
    const { proyecto, job } = await aprovisionar(viejo.api, viejo.admin, 'Cerrada');
    await viejo.api.cerrar();
    expect(await fila(job.id)).toMatchObject({ estado: 'interrumpido', mensaje: es.trabajos.interrumpido });

    const nuevo = await nuevaApi();
    try {
      expect(await ok<Trabajo>(nuevo.api, nuevo.admin, 'jobs', 'estado', { id: job.id })).toMatchObject({ estado: 'interrumpido', mensaje: es.trabajos.interrumpido });
      expect((await ok<Trabajo[]>(nuevo.api, nuevo.admin, 'jobs', 'listar', { referencia: proyecto.id })).map((j) => j.estado)).toEqual(['interrumpido']);
    } finally {
      abrir();
      await nuevo.api.cerrar();
    }
  });

  it('caída: una fila que nadie late se lee interrumpida, y el fin tardío del proceso viejo no la revive', async () => {
    const viejo = await nuevaApi();
    const { job } = await aprovisionar(viejo.api, viejo.admin, 'Caida');
    const nuevo = await nuevaApi();
    try {
      // Another process may still be running it while its sign of life is recent.
      expect(await ok<Trabajo>(nuevo.api, nuevo.admin, 'jobs', 'estado', { id: job.id })).toMatchObject({ estado: 'en_curso' });
      clock.advance(LATIDO_VENCIDO_MS + 60_000);
      expect(await ok<Trabajo>(nuevo.api, nuevo.admin, 'jobs', 'estado', { id: job.id })).toMatchObject({ estado: 'interrumpido', mensaje: es.trabajos.interrumpido });
      expect(await fila(job.id)).toMatchObject({ estado: 'interrumpido' });
      abrir();
      await viejo.api.jobs.esperar(job.id);
      expect(await fila(job.id)).toMatchObject({ estado: 'interrumpido' });
      expect(await ok<Trabajo>(nuevo.api, nuevo.admin, 'jobs', 'estado', { id: job.id })).toMatchObject({ estado: 'interrumpido' });
    } finally {
      await viejo.api.cerrar();
      await nuevo.api.cerrar();
    }
  });
});
