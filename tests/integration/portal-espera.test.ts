/**
 * Issue 24, item 1, on PGlite and on PostgreSQL 15: the portal's slow-down of failed sign-ins never holds a
 * database connection. The SQL decides the delay and says so ('espera' before the company's "not before"
 * instant, `demora_ms` on a failure); the api waits between calls, outside any transaction. Proven with the
 * waits held behind a gate: while 48 wrong passwords from 12 addresses are pending behind their delay, a
 * dashboard call and a signed inbound post are answered; once the gate opens every attempt is answered, and
 * the lock rules hold (no address locked by 4 failures, the fifth locks it, the right password gets in).
 * No durations are measured: the order of events is the proof.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import type { SqlClient } from '../../src/shared/ports/sql';
import type { DataPort } from '../../src/shared/ports/consultas';
import type { Envelope } from '../../src/shared/operaciones/envelope';
import { crearEjecutorSql } from '../../src/shared/consultas/sql-executor';
import { loadCatalog, type Catalog } from '../../src/shared/consultas/catalog';
import { portal as t } from '../../src/shared/areas/portal/texts';
import type { EntradaEnMarcha } from '../../src/main/entrada/servidor';
import { iniciarEntradaDePrueba } from '../support/entrada';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, Clock, TEST_EPOCH, embeddedApi } from '../support/operators';

const EMPRESA = '66666666-6666-4666-8666-666666666666';
const USUARIO = 'usuario_clinica_norte';
const CLAVE = 'Cn8wQ4zt';

type Respuesta = { ok: boolean; motivo?: string; intentos_restantes?: number; espera_ms?: number; demora_ms?: number };

/** A gate the test opens: what awaits `abierta` stays pending until `abrir()`. */
function compuerta() {
  let abrir!: () => void;
  const abierta = new Promise<void>((resolve) => (abrir = resolve));
  return { abierta, abrir };
}

describe.each(MIGRATED_BACKENDS)('la espera del portal no retiene la base de datos en %s', (_name, fresh) => {
  let db: SqlClient;
  let catalog: Catalog;
  let env: Awaited<ReturnType<typeof embeddedApi>>;
  let entrada: EntradaEnMarcha;
  let secreto: string;
  const clock = new Clock(TEST_EPOCH);
  const admin = new Caller();

  const desde = (direccion: string): DataPort =>
    crearEjecutorSql(db, { role: 'anon', claims: null, now: clock.now, requestHeaders: { 'x-forwarded-for': direccion } }, catalog);
  const login = async (visitante: DataPort, clave: string): Promise<Respuesta> => {
    const { rows } = await visitante.run<{ value: Respuesta }>({
      kind: 'rpc', fn: 'portal_iniciar_sesion', args: { p_empresa: EMPRESA, p_usuario: USUARIO, p_contrasena: clave },
    });
    return rows[0]!.value;
  };
  const fallos = async () => Number((await db.query<{ n: number | string }>('select coalesce(sum(fallos), 0) as n from public.portal_intentos')).rows[0]!.n);
  const limpiar = async () => {
    await db.query('delete from public.portal_intentos');
    await db.query('delete from public.portal_esperas');
  };

  beforeAll(async () => {
    db = await fresh();
    await db.query(
      `insert into public.empresas (id, nombre, usuario_cliente, contrasena_cliente, activo) values ($1, 'Clínica Norte', $2, $3, true)`,
      [EMPRESA, USUARIO, CLAVE],
    );
    catalog = await loadCatalog(db);
    env = await embeddedApi(db, clock);
    expect(await env.dispatch('auth', 'crearPrimerAdmin', ADMIN, admin)).toMatchObject({ ok: true });
    const rotado = (await env.dispatch('conexion', 'rotarSecretoEntrada', { ruta: 'llamadas' }, admin)) as Envelope<{ secreto: string }>;
    secreto = (rotado as { data: { secreto: string } }).data.secreto;
    entrada = await iniciarEntradaDePrueba(env, clock);
  });
  afterAll(async () => {
    await entrada?.cerrar();
    await db?.cerrar();
  });

  it('en SQL: desde 10 fallos el fallo dice cuánto esperar, y antes de ese instante nada se comprueba ni se cuenta', async () => {
    await limpiar();
    for (let i = 1; i <= 9; i++) expect(await login(desde(`203.0.113.${i}`), 'mala')).not.toHaveProperty('demora_ms');
    // The tenth failure: the company's delay starts (0.1 s), said in the answer, not slept.
    expect(await login(desde('203.0.113.10'), 'mala')).toEqual({ ok: false, motivo: 'credenciales', intentos_restantes: 4, demora_ms: 100 });
    // Before the instant: refused unread, even the right password, and nothing counted.
    expect(await login(desde('203.0.113.11'), 'mala')).toEqual({ ok: false, motivo: 'espera', espera_ms: 100 });
    clock.advance(60);
    expect(await login(desde('198.51.100.1'), CLAVE)).toEqual({ ok: false, motivo: 'espera', espera_ms: 40 });
    expect(await fallos()).toBe(10);
    // After it, the next check runs; its failure asks for a longer wait (capped at 1 s).
    clock.advance(40);
    expect(await login(desde('203.0.113.11'), 'mala')).toEqual({ ok: false, motivo: 'credenciales', intentos_restantes: 4, demora_ms: 200 });
    await db.query('update public.portal_intentos set fallos = 4');
    clock.advance(200);
    expect(await login(desde('203.0.113.12'), 'mala')).toMatchObject({ motivo: 'credenciales', demora_ms: 1000 });
    clock.advance(1000);
    expect(await login(desde('198.51.100.1'), CLAVE)).toMatchObject({ ok: true });
  });

  it('48 contraseñas erradas desde 12 direcciones esperan fuera de la base: el tablero y una entrada firmada responden mientras tanto', async () => {
    await limpiar();
    const compuertaEspera = compuerta();
    const primeraEspera = compuerta();
    let esperando = 0;
    env.backend.esperar = async (ms) => {
      const hasta = clock.now().getTime() + ms;
      esperando++;
      primeraEspera.abrir();
      await compuertaEspera.abierta;
      esperando--;
      // Time moves only as far as the database asked: waiters of one round all reach the same instant.
      const falta = hasta - clock.now().getTime();
      if (falta > 0) clock.advance(falta);
    };
    try {
      const visitantes = Array.from({ length: 12 }, (_, i) => Object.assign(new Caller(), { clientAddress: `127.0.60.${i + 2}` }));
      let respondidos = 0;
      const intentos = visitantes.flatMap((v) =>
        Array.from({ length: 4 }, () =>
          env.dispatch('portal', 'iniciarSesion', { empresaId: EMPRESA, usuario: USUARIO, contrasena: 'mala' }, v).finally(() => respondidos++),
        ),
      );
      const todos = Promise.all(intentos);
      // Some attempt reaches its wait (before the fix none did: the database slept instead, holding everyone).
      expect(await Promise.race([primeraEspera.abierta.then(() => 'esperando'), todos.then(() => 'todos respondidos')])).toBe('esperando');

      // While they wait: the dashboard answers, and so does a signed post from n8n.
      expect(await env.dispatch('auth', 'estado', {}, admin)).toMatchObject({ ok: true, data: { operator: { rol: 'administrador' } } });
      expect(await env.dispatch('planes', 'listar', {}, admin)).toMatchObject({ ok: true });
      const cuerpo = JSON.stringify({ conversation_id: 'conv-espera-1', phone: '+573001112233', status: 'contestada' });
      const fecha = String(Math.floor(clock.now().getTime() / 1000));
      const r = await fetch(`${entrada.url}/entrada/llamadas`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Consola-Fecha': fecha,
          'X-Consola-Firma': `sha256=${createHmac('sha256', secreto).update(`${fecha}.${cuerpo}`).digest('hex')}`,
        },
        body: cuerpo,
      });
      expect(r.status).toBe(200);
      expect(await r.json()).toMatchObject({ ok: true, data: { guardado: true } });
      // ...and the portal attempts are still pending behind their delay.
      expect(esperando).toBeGreaterThan(0);
      expect(respondidos).toBeLessThan(48);

      compuertaEspera.abrir();
      const respuestas = await todos;
      expect(respuestas).toHaveLength(48);
      for (const r of respuestas) expect(r).toMatchObject({ ok: false, error: { code: 'unauthenticated', message: t.credencialesInvalidas } });
    } finally {
      delete env.backend.esperar;
    }

    // The lock rules hold: 4 failures each, no address locked; a fifth locks that address only; the right
    // password from another gets in (after the company's delay, waited by the api).
    const { rows } = await db.query<{ direccion: string; fallos: number; bloqueada: boolean }>(
      'select direccion, fallos, bloqueada_hasta is not null as bloqueada from public.portal_intentos order by direccion',
    );
    expect(rows).toHaveLength(12);
    for (const fila of rows) expect(fila).toMatchObject({ fallos: 4, bloqueada: false });
    env.backend.esperar = async (ms) => clock.advance(ms);
    try {
      const quinto = Object.assign(new Caller(), { clientAddress: '127.0.60.2' });
      expect(await env.dispatch('portal', 'iniciarSesion', { empresaId: EMPRESA, usuario: USUARIO, contrasena: 'mala' }, quinto)).toMatchObject({
        ok: false, error: { code: 'locked', message: t.bloqueada(5) },
      });
      expect(await env.dispatch('portal', 'iniciarSesion', { empresaId: EMPRESA, usuario: USUARIO, contrasena: CLAVE }, quinto)).toMatchObject({ ok: false, error: { code: 'locked' } });
      const otro = Object.assign(new Caller(), { clientAddress: '127.0.60.3' });
      expect(await env.dispatch('portal', 'iniciarSesion', { empresaId: EMPRESA, usuario: USUARIO, contrasena: CLAVE }, otro)).toMatchObject({
        ok: true, data: { empresa: { id: EMPRESA } },
      });
    } finally {
      delete env.backend.esperar;
    }
  });
});
