import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import type { SearchResult } from '../../src/shared/domain/search';
import type { AppNotification } from '../../src/shared/areas/shell/rules';
import { MIGRATED_BACKENDS } from '../support/databases';
import { ADMIN, Caller, TEST_EPOCH, embeddedApi } from '../support/operators';
import { seedDemoData } from '../../src/main/motores/embebido/seed';

/** The header's operations over the demo data, through the real api as a transport calls it. */
describe.each(MIGRATED_BACKENDS)('búsqueda global y notificaciones en %s', (_name, fresh) => {
  let db: SqlClient;
  let api: Awaited<ReturnType<typeof embeddedApi>>;
  const laura = new Caller();
  const pedro = new Caller();

  beforeAll(async () => {
    db = await fresh();
    // Seeded relative to the api's clock (TEST_EPOCH): which notification is newest must not depend on the day.
    await seedDemoData(db, { now: TEST_EPOCH, audioDir: null });
    api = await embeddedApi(db);
    await api.dispatch('auth', 'crearPrimerAdmin', ADMIN, laura);
    // A second operator, made as an admin would (auth.users + the profile trigger).
    await db.query(
      `insert into auth.users (email, encrypted_password, raw_user_meta_data) values ('pedro@agencia.co', crypt('Segura2026x', gen_salt('bf', 4)), '{"full_name":"Pedro Díaz"}')`,
    );
    await api.dispatch('auth', 'iniciarSesion', { email: 'pedro@agencia.co', password: 'Segura2026x' }, pedro);
  });
  afterAll(async () => db?.cerrar());

  const search = async (q: string) => {
    const r = await api.dispatch('shell', 'buscar', { q }, laura);
    if (!r.ok) throw new Error(r.error.message);
    return r.data as SearchResult[];
  };

  it('una consulta vacía no busca nada', async () => {
    expect(await search('   ')).toEqual([]);
  });

  it('respeta los límites: 5 clientes, 3 campañas, 5 llamadas', async () => {
    const results = await search('a');
    const count = (type: string) => results.filter((r) => r.type === type).length;
    expect(count('cliente')).toBe(5);
    expect(count('campana')).toBe(3);
    expect(count('llamada')).toBeLessThanOrEqual(5);
  });

  it('encuentra clientes por nombre, teléfono o email sin distinguir mayúsculas', async () => {
    const { rows } = await db.query<{ nombre: string; telefono: string; email: string }>(
      'select nombre, telefono, email from clientes order by id limit 1',
    );
    const cliente = rows[0]!;
    for (const q of [cliente.nombre.toUpperCase(), cliente.telefono.slice(-7), cliente.email.split('@')[0]!]) {
      const found = (await search(q)).filter((r) => r.type === 'cliente');
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((r) => JSON.stringify(r.data).toLowerCase().includes(q.toLowerCase()))).toBe(true);
    }
  });

  it('encuentra campañas por nombre y llamadas por teléfono, conversación o estado', async () => {
    const campanas = (await search('cobranza')).filter((r) => r.type === 'campana');
    expect(campanas.map((c) => c.title)).toEqual(['Cobranza Preventiva Cartera']);
    const { rows } = await db.query<{ conversation_id: string }>('select conversation_id from registro_escrito_llamada where conversation_id is not null limit 1');
    const byConversation = (await search(rows[0]!.conversation_id)).filter((r) => r.type === 'llamada');
    expect(byConversation).toHaveLength(1);
    const byStatus = (await search('failed')).filter((r) => r.type === 'llamada');
    expect(byStatus.length).toBeGreaterThan(0);
    expect(byStatus.every((r) => String(r.data.status).toLowerCase().includes('failed'))).toBe(true);
  });

  it('trata % y _ como texto, no como comodines', async () => {
    expect(await search('%')).toEqual([]);
    // Conversation ids look like conv_xxx: 'c_nv' would match them only if _ were a wildcard.
    expect(await search('c_nv')).toEqual([]);
    const literal = (await search('conv_')).filter((r) => r.type === 'llamada');
    expect(literal.length).toBeGreaterThan(0);
  });

  it('las notificaciones salen de los datos y el estado de lectura es de cada operador', async () => {
    const list = async (caller: Caller) => {
      const r = await api.dispatch('shell', 'notificaciones', {}, caller);
      if (!r.ok) throw new Error(r.error.message);
      return r.data as AppNotification[];
    };
    const mine = await list(laura);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((n) => !n.read)).toBe(true);
    expect(mine.some((n) => n.id.startsWith('campana_'))).toBe(true);
    expect(mine.some((n) => n.id.startsWith('llamadas_fallidas:'))).toBe(true);
    expect(mine.some((n) => n.id.startsWith('servicio_error:'))).toBe(true);
    expect(mine.every((n) => n.title && n.message && !Number.isNaN(Date.parse(n.time)))).toBe(true);

    const first = mine[0]!;
    await api.dispatch('shell', 'marcarLeida', { id: first.id }, laura);
    expect((await list(laura)).find((n) => n.id === first.id)?.read).toBe(true);
    expect((await list(pedro)).find((n) => n.id === first.id)?.read).toBe(false);

    await api.dispatch('shell', 'eliminarNotificacion', { id: first.id }, laura);
    expect((await list(laura)).some((n) => n.id === first.id)).toBe(false);
    expect((await list(pedro)).some((n) => n.id === first.id)).toBe(true);

    await api.dispatch('shell', 'marcarTodasLeidas', {}, pedro);
    expect((await list(pedro)).every((n) => n.read)).toBe(true);
    expect((await list(laura)).every((n) => !n.read)).toBe(true);
  });

  it("'Llamadas fallidas' cuenta lo que el vocabulario llama fallida, escrito como lo escriba la plataforma", async () => {
    // Pedro's list: Laura deleted one notification above (maybe this one).
    const cantidad = async () => {
      const r = await api.dispatch('shell', 'notificaciones', {}, pedro);
      if (!r.ok) throw new Error(r.error.message);
      const aviso = (r.data as AppNotification[]).find((n) => n.id.startsWith('llamadas_fallidas:'));
      return Number(/\d+/.exec(aviso?.message ?? '0')?.[0] ?? 0);
    };
    const antes = await cantidad();
    // Three failures in three spellings, and two ordinary outcomes the badge also shows as 'Fallido'.
    for (const status of ['Failure', 'FALLIDA', ' Error ', 'no-answer', 'busy']) {
      await db.query(
        `insert into registro_escrito_llamada (status, phone, created_at) values ($1, '+573001112233', $2::timestamptz - interval '1 hour')`,
        [status, TEST_EPOCH.toISOString()],
      );
    }
    expect(await cantidad()).toBe(antes + 3);
  });

  it('una fuente de búsqueda que falla se omite y las demás responden', async () => {
    // Break one source for real: the operator loses the right to run the calls search.
    await db.exec('revoke execute on function public.buscar_llamadas(text, integer) from public, authenticated');
    try {
      const results = await search('a');
      expect(results.some((r) => r.type === 'cliente')).toBe(true);
      expect(results.some((r) => r.type === 'llamada')).toBe(false);
    } finally {
      await db.exec('grant execute on function public.buscar_llamadas(text, integer) to authenticated');
    }
  });
});
