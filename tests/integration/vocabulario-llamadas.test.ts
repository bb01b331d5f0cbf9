/**
 * Issue 23: the vocabulary of call outcomes and the phone normalisation have ONE home, SQL (the tables
 * llamadas_vocabulario and llamadas_clases, the functions telefono_canonico and llamadas_palabra of
 * 20261129000200_vocabulario_llamadas.sql), which the tiles, the Resumen and the retries read there and which
 * n8n meets when it writes the tables itself. The TypeScript mirror (vocabulario.ts, domain/telefonos.ts) draws
 * the badge and the labels; here, on both databases, the two hold exactly the same rows and give the same
 * answers, and the SQL readers agree with the badge a person sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../src/shared/ports/sql';
import { MIGRATED_BACKENDS } from '../support/databases';
import { CLASES_LLAMADA, VOCABULARIO_LLAMADAS, palabraEstado } from '../../src/shared/areas/llamadas/vocabulario';
import { badgeCliente, etiquetaEstadoLlamada } from '../../src/shared/areas/llamadas/rules';
import { telefonoCanonico, telefonoNormalizado } from '../../src/shared/domain/telefonos';
import { TEST_EPOCH } from '../support/operators';

/** What platforms write, as they write it. */
const ESCRITOS = [
  'done', 'DONE', 'Completed', 'exitosa', 'Exitosa', 'answered', 'Atendido', 'success',
  'failed', 'FALLIDA', 'error', 'no-answer', 'No_Answer', 'NO ANSWER', 'no contestó', 'busy', 'Ocupado', 'voicemail', 'Buzón de voz',
  'opt_out', 'Opt-Out', 'No llamar', 'pending', 'queued', 'in-progress', 'initiated', 'ringing', 'cancelled',
  'algo raro', '', '  ',
];

const TELEFONOS = ['+57 301 615 695', '+57 (301) 615-695', '+57301615695', ' 300.123.4567 ', '+57\u00a0301\u202f615\t695', 'anónimo', '', '320-999-8877'];

describe.each(MIGRATED_BACKENDS)('vocabulario de llamadas y teléfonos en %s', (_name, fresh) => {
  let db: SqlClient;
  beforeAll(async () => {
    db = await fresh();
  });
  afterAll(async () => {
    await db?.cerrar();
  });

  it('la tabla de TypeScript y la de SQL tienen exactamente las mismas filas', async () => {
    const clases = await db.query<{ clase: string; insignia: string; reintento: string | null }>(`select clase, insignia, reintento from public.llamadas_clases order by clase`);
    expect(Object.fromEntries(clases.rows.map((c) => [c.clase, { insignia: c.insignia, reintento: c.reintento }]))).toEqual(CLASES_LLAMADA);
    const palabras = await db.query<{ palabra: string; clase: string; etiqueta: string }>(`select palabra, clase, etiqueta from public.llamadas_vocabulario order by palabra`);
    expect(Object.fromEntries(palabras.rows.map((p) => [p.palabra, [p.clase, p.etiqueta]]))).toEqual(VOCABULARIO_LLAMADAS);
    // Every word is stored as both read it.
    for (const p of palabras.rows) expect(palabraEstado(p.palabra)).toBe(p.palabra);
  });

  it('una palabra se lee igual en los dos lados, y la insignia, el conteo de atendidas y el reintento concuerdan', async () => {
    const r = await db.query<{ x: string; palabra: string; clase: string | null; atendida: boolean; reintento: string }>(
      `select x, public.llamadas_palabra(x) as palabra, public.llamadas_clase_estado(x) as clase,
              public.llamadas_es_atendida(x) as atendida, public.llamadas_clase_resultado(x) as reintento
         from unnest($1::text[]) with ordinality as u (x, n) order by n`,
      [ESCRITOS],
    );
    for (const fila of r.rows) {
      expect(palabraEstado(fila.x), fila.x).toBe(fila.palabra);
      const entrada = VOCABULARIO_LLAMADAS[fila.palabra];
      expect(fila.clase, fila.x).toBe(entrada?.[0] ?? null);
      // The tiles count as attended exactly what the badge shows as 'Atendido'.
      expect(fila.atendida, fila.x).toBe(badgeCliente(fila.x, true).clave === 'atendido');
      expect(fila.reintento, fila.x).toBe((entrada && CLASES_LLAMADA[entrada[0]].reintento) ?? 'otro');
    }
    // What the issue saw: the docs' own words now give the badge their label says.
    expect([badgeCliente('exitosa').etiqueta, etiquetaEstadoLlamada('exitosa')]).toEqual(['Atendido', 'Exitosa']);
    expect([badgeCliente('fallida').etiqueta, etiquetaEstadoLlamada('fallida')]).toEqual(['Fallido', 'Fallida']);
    expect([badgeCliente('no-answer').etiqueta, etiquetaEstadoLlamada('no-answer')]).toEqual(['Fallido', 'Sin respuesta']);
    expect([badgeCliente('algo raro').etiqueta, etiquetaEstadoLlamada('algo raro')]).toEqual(['En proceso', 'algo raro']);
  });

  it('un teléfono se normaliza igual en TypeScript y en SQL, en clientes y en resultados', async () => {
    const r = await db.query<{ x: string; canonico: string; digitos: string }>(
      `select x, public.telefono_canonico(x) as canonico, public.telefono_normalizado(x) as digitos
         from unnest($1::text[]) with ordinality as u (x, n) order by n`,
      [TELEFONOS],
    );
    expect(r.rows.map((f) => f.canonico)).toEqual(TELEFONOS.map(telefonoCanonico));
    expect(r.rows.map((f) => f.digitos)).toEqual(TELEFONOS.map(telefonoNormalizado));
    expect(telefonoCanonico('+57 301 615 695')).toBe('+57301615695');

    // Written any way, a client's phone and an outcome's phone are stored the same, and the outcome reaches him.
    const cuando = TEST_EPOCH.toISOString();
    const campana = Number((await db.query<{ id: number }>(`insert into public.campanas (nombre, created_at) values ('Teléfonos', $1) returning id`, [cuando])).rows[0]!.id);
    await db.query(`insert into public.clientes (nombre, apellido, email, telefono, campana_id, created_at) values ('Ana', 'Ruiz', 'ana@x.co', '+57 (301) 615-695', $1, $2)`, [campana, cuando]);
    await db.query(
      `insert into public.registro_escrito_llamada (conversation_id, phone, campana, status, duration_call_seg, created_at) values ('tel-1', '+57 301 615 695', $1, 'exitosa', 60, $2)`,
      [campana, cuando],
    );
    const guardados = await db.query<{ telefono: string; phone: string }>(
      `select c.telefono, r.phone from public.clientes c, public.registro_escrito_llamada r where c.campana_id = $1 and r.conversation_id = 'tel-1'`,
      [campana],
    );
    expect(guardados.rows).toEqual([{ telefono: '+57301615695', phone: '+57301615695' }]);
    const resumen = await db.query<{ v: { atendidos: number; llamadas_done: number } }>(`select public.llamadas_estadisticas($1) as v`, [campana]);
    expect(resumen.rows[0]!.v).toMatchObject({ atendidos: 1, llamadas_done: 1 });
  });
});
