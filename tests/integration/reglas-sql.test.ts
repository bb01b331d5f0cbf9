/**
 * Rules that production runs in SQL, tested against the SQL itself on PGlite and PostgreSQL 15 (issue 13: no
 * test-only TypeScript copies of them). Each case here replaced a unit test of such a copy:
 * - deleting a service deactivates its bot company only when no OTHER instance of the same type uses it, and
 *   never for calls (part 2 §8): public.empresa_bot_sin_otro_uso and public.eliminar_servicio_instancia,
 *   20261128000400_integridad_bots.sql — was debeDesactivarEmpresa;
 * - which names create_message_table accepts (a channel suffix after a name that starts with a letter), and
 *   that the names the console suggests are among them (part 2 §5, §7) — was tablaCreablePorFuncion.
 * Rows are inserted by hand as the database owner (the functions' operator check lets the owner through).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import { nombreTablaLibre } from '../../src/shared/domain/bot-tablas';
import type { CanalBot } from '../../src/shared/domain/bot-tablas';
import { MIGRATED_BACKENDS } from '../support/databases';
import { TEST_EPOCH } from '../support/operators';

const CANALES: readonly CanalBot[] = ['duda', 'shopify', 'wordpress', 'whatsapp'];
const CUANDO = TEST_EPOCH.toISOString();

describe.each(MIGRATED_BACKENDS)('reglas que viven en SQL, en %s', (_name, fresh) => {
  let db: SqlClient;
  let proyecto = '';

  const sqlError = (p: Promise<unknown>) =>
    p.then(() => ({ code: 'ok', message: '' }), (e: { code?: string; message?: string }) => ({ code: e.code ?? '', message: e.message ?? '' }));

  async function empresaWhatsapp(nombre: string, tabla: string): Promise<string> {
    const r = await db.query<{ uuid: string }>(
      `insert into public.empresas_whatsapp (name, table_supabase, created_at) values ($1, $2, $3) returning uuid::text as uuid`,
      [nombre, tabla, CUANDO],
    );
    return r.rows[0]!.uuid;
  }
  async function instancia(id: string, tipo: string, configuracion: Record<string, unknown>): Promise<void> {
    await db.query(
      `insert into public.servicios_instancias (id, proyecto_id, tipo_servicio, nombre_instancia, configuracion, created_at, updated_at)
       values ($1, $2, $3, $1, $4::jsonb, $5, $5)`,
      [id, proyecto, tipo, JSON.stringify(configuracion), CUANDO],
    );
  }
  const sinOtroUso = async (tipo: string, uuid: string | null, excluidas: string[]) =>
    (await db.query<{ v: boolean }>(`select public.empresa_bot_sin_otro_uso($1, $2, $3::text[]) as v`, [tipo, uuid, excluidas])).rows[0]!.v;
  const eliminar = async (id: string) =>
    (await db.query<{ v: { empresa_desactivada: boolean; empresa_uuid: string | null } | null }>(`select public.eliminar_servicio_instancia($1) as v`, [id])).rows[0]!.v;
  const estado = async (uuid: string) =>
    (await db.query<{ status: boolean }>(`select status from public.empresas_whatsapp where uuid::text = $1`, [uuid])).rows[0]!.status;
  const existe = async (tabla: string) =>
    (await db.query<{ e: boolean }>(`select exists (select 1 from pg_class where relnamespace = 'public'::regnamespace and relname = $1) as e`, [tabla])).rows[0]!.e;

  beforeAll(async () => {
    db = await fresh();
    proyecto = (
      await db.query<{ id: string }>(
        `insert into public.proyectos (nombre, estado, created_at, updated_at) values ('Reglas SQL', 'en_proceso', $1, $1) returning id::text as id`,
        [CUANDO],
      )
    ).rows[0]!.id;
  });
  afterAll(async () => {
    await db?.cerrar();
  });

  it('empresa_bot_sin_otro_uso: solo si ninguna otra instancia del mismo tipo usa la empresa; llamadas y sin empresa, nunca', async () => {
    const u = await empresaWhatsapp('Compartida', 'compartida_registro_whatsapp');
    await instancia('regla_a', 'whatsapp', { empresa_uuid: u });
    await instancia('regla_b', 'whatsapp', { empresa_uuid: u });
    await instancia('regla_c', 'bot_duda', { empresa_uuid: u });
    // Deleting a while b (same type, same company) stays: the company is still in use.
    expect(await sinOtroUso('whatsapp', u, ['regla_a'])).toBe(false);
    // Without b, only c uses it, and c is another type: it does not count.
    expect(await sinOtroUso('whatsapp', u, ['regla_a', 'regla_b'])).toBe(true);
    // Calls never (campaigns are not deactivated), and an instance without a company has nothing to deactivate.
    expect(await sinOtroUso('llamadas', u, ['regla_x'])).toBe(false);
    expect(await sinOtroUso('llamadas', null, ['regla_x'])).toBe(false);
    expect(await sinOtroUso('whatsapp', null, ['regla_a'])).toBe(false);
    // The four bot types are the ones the rule knows; anything else never deactivates.
    for (const tipo of ['bot_wordpress', 'bot_shopify', 'bot_duda', 'whatsapp']) {
      expect(await sinOtroUso(tipo, '00000000-0000-4000-8000-0000000000ee', []), tipo).toBe(true);
    }
    expect(await sinOtroUso('otro_servicio', '00000000-0000-4000-8000-0000000000ee', [])).toBe(false);
  });

  it('eliminar_servicio_instancia desactiva la empresa del bot solo al quitar su último uso del mismo tipo; llamadas nunca', async () => {
    const u = await empresaWhatsapp('Dos Usos', 'dos_usos_registro_whatsapp');
    const otra = await empresaWhatsapp('Ajena', 'ajena_registro_whatsapp');
    await instancia('borrar_a', 'whatsapp', { empresa_uuid: u });
    await instancia('borrar_b', 'whatsapp', { empresa_uuid: u });
    await instancia('borrar_c', 'bot_duda', { empresa_uuid: u });

    expect(await eliminar('borrar_a')).toMatchObject({ empresa_uuid: u, empresa_desactivada: false });
    expect(await estado(u)).toBe(true);
    // The last WhatsApp instance: deactivated, although a Duda instance names the same uuid.
    expect(await eliminar('borrar_b')).toMatchObject({ empresa_uuid: u, empresa_desactivada: true });
    expect(await estado(u)).toBe(false);

    // A calls instance: deleted, its campaign kept, no company deactivated.
    const campana = (
      await db.query<{ id: string }>(`insert into public.campanas (nombre, created_at) values ('Campaña Regla', $1) returning id::text as id`, [CUANDO])
    ).rows[0]!.id;
    await instancia('borrar_llamadas', 'llamadas', { campana_id: Number(campana) });
    expect(await eliminar('borrar_llamadas')).toMatchObject({ empresa_desactivada: false });
    expect((await db.query(`select 1 from public.campanas where id = $1`, [campana])).rows).toHaveLength(1);
    // A bot instance without a company: deleted, nothing deactivated.
    await instancia('borrar_sin_empresa', 'whatsapp', {});
    expect(await eliminar('borrar_sin_empresa')).toMatchObject({ empresa_uuid: null, empresa_desactivada: false });
    expect(await estado(otra)).toBe(true);

    expect((await db.query(`select id from public.servicios_instancias where id like 'borrar\\_%' order by id`)).rows).toEqual([{ id: 'borrar_c' }]);
    expect(await eliminar('no_existe')).toBeNull();
  });

  it('create_message_table acepta un nombre que empieza con letra y termina con la terminación de un canal; otro, no', async () => {
    for (const tabla of ['x_registro_whatsapp', 'y_registro_bot_duda', 'z_registro_bot_shopify', 'w_registro_bot_wordpress']) {
      expect((await db.query<{ t: string }>(`select public.create_message_table($1) as t`, [tabla])).rows[0], tabla).toEqual({ t: tabla });
      expect(await existe(tabla)).toBe(true);
    }
    for (const tabla of ['tabla_manual', '_registro_whatsapp', 'registro_whatsapp', '1_registro_whatsapp']) {
      expect(await sqlError(db.query(`select public.create_message_table($1)`, [tabla])), tabla).toMatchObject({
        code: '22023',
        message: 'El nombre de la tabla solo puede contener letras, números y guiones bajos',
      });
      expect(await existe(tabla)).toBe(false);
    }
  });

  it('los nombres de tabla que la consola sugiere los acepta create_message_table, en los cuatro canales', async () => {
    for (const canal of CANALES) {
      for (const nombre of ['Tienda Aurora', '2024 Ventas', 'ñandú café', 'x'.repeat(80)]) {
        const tabla = nombreTablaLibre(nombre, canal, new Set());
        expect((await db.query<{ t: string }>(`select public.create_message_table($1) as t`, [tabla])).rows[0], `${canal} ${nombre}`).toEqual({ t: tabla });
        // The next free name, once that one is taken, is accepted too.
        const siguiente = nombreTablaLibre(nombre, canal, new Set([tabla]));
        expect((await db.query<{ t: string }>(`select public.create_message_table($1) as t`, [siguiente])).rows[0], `${canal} ${nombre} 2`).toEqual({ t: siguiente });
      }
    }
  });
});
