/**
 * Live screens (issue 15 §2), the database half, on both databases: a write to a table the calls or messages
 * screens read becomes one notice of its area (one per statement, one per transaction), anything else on the
 * channel is ignored, and 1,000 separate writes reach a screen as a handful of coalesced notices. The timers
 * of the coalescer are a manual clock: counted, never timed. The embedded backend's worker forwards the same
 * notices (Backend.cambios).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATED_BACKENDS } from '../support/databases';
import { RelojManual } from '../support/reloj-manual';
import type { SqlClient } from '../../src/shared/ports/sql';
import type { AreaCambio } from '../../src/shared/ports';
import { cambiosDeBase, CANAL_CAMBIOS, type CambiosDeBase, type Escuchable } from '../../src/main/cambios/escucha';
import { coalescerCambios } from '../../src/main/cambios/coalescer';
import { openEmbeddedBackend } from '../../src/main/motores/embebido/open-embedded';

const ESPERA = { timeout: 30_000, interval: 10 };

describe.each(MIGRATED_BACKENDS)('avisos de cambios en %s', (_name, open) => {
  let db: SqlClient;
  let vivo: CambiosDeBase | undefined;
  afterEach(async () => {
    await vivo?.cerrar();
    vivo = undefined;
    await db?.cerrar();
  });

  async function escuchando(): Promise<CambiosDeBase> {
    db = await open();
    // Both databases' clients listen (PGlite in this thread, node-postgres): the backends rely on it.
    const escuchable = db as SqlClient & Partial<Escuchable>;
    expect(typeof escuchable.escuchar).toBe('function');
    vivo = await cambiosDeBase(escuchable as SqlClient & Escuchable);
    return vivo;
  }

  /** A last notice of its own: once it arrives, every notice committed before it has arrived too. */
  const marca = () => db.query(`select pg_notify('${CANAL_CAMBIOS}', 'mensajes')`);

  it('una escritura es un aviso de su área; una sentencia de muchas filas o una transacción, también uno', async () => {
    const { cambios } = await escuchando();
    const recibidos: AreaCambio[] = [];
    cambios.suscribir((area) => recibidos.push(area));

    await db.query(`insert into public.campanas (nombre) values ('Cartera')`);
    await db.query(`insert into public.campanas (nombre) select 'Lote ' || g from generate_series(1, 50) g`);
    await db.transaction(async (tx) => {
      await tx.query(`update public.campanas set minutos = 10 where nombre = 'Cartera'`);
      await tx.query(`update public.campanas set minutos = 20 where nombre = 'Lote 1'`);
      await tx.query(`delete from public.campanas where nombre = 'Lote 2'`);
    });
    // Not an area: ignored. A rolled-back write: never announced.
    await db.query(`select pg_notify('${CANAL_CAMBIOS}', 'otra cosa')`);
    await db.transaction(async (tx) => {
      await tx.query(`insert into public.campanas (nombre) values ('Nunca')`);
      throw new Error('deshacer');
    }).catch(() => undefined);
    await db.query(`insert into public.mensajes_resumen_sesiones (tabla, session_id, mensajes) values ('n8n_chat_demo', 's1', 1)`);
    await marca();

    await vi.waitFor(() => expect(recibidos.filter((a) => a === 'mensajes')).toHaveLength(2), ESPERA);
    // The deletion inside the transaction is also a row of the audit trail (issue 27), its own area's notice.
    expect(recibidos.filter((a) => a !== 'auditoria')).toEqual(['llamadas', 'llamadas', 'llamadas', 'mensajes', 'mensajes']);
    expect(recibidos.filter((a) => a === 'auditoria')).toHaveLength(1);
  });

  it('1.000 escrituras sueltas llegan a la pantalla como unos pocos avisos', async () => {
    const { cambios } = await escuchando();
    const reloj = new RelojManual();
    const pantalla = coalescerCambios(cambios, { reloj });
    let crudos = 0;
    cambios.suscribir(() => crudos++);
    const avisos: AreaCambio[] = [];
    pantalla.suscribir((area) => avisos.push(area));

    const { rows } = await db.query<{ id: number }>(`insert into public.campanas (nombre) values ('Masiva') returning id`);
    await vi.waitFor(() => expect(crudos).toBe(1), ESPERA);
    reloj.avanzar(1_000);
    expect(avisos).toEqual(['llamadas']);

    // Four bursts of 250 separate statements, each arriving within the coalescer's wait.
    for (let tanda = 1; tanda <= 4; tanda++) {
      for (let i = 0; i < 250; i++) await db.query('update public.campanas set minutos = minutos + 1 where id = $1', [rows[0]!.id]);
      await vi.waitFor(() => expect(crudos).toBe(1 + tanda * 250), ESPERA);
      reloj.avanzar(100); // within the quiet time: nothing yet
      expect(avisos).toHaveLength(tanda);
      reloj.avanzar(1_000);
      expect(avisos).toHaveLength(tanda + 1);
    }
    expect(crudos).toBe(1_001);
    expect(avisos).toEqual(Array(5).fill('llamadas'));
    expect(reloj.pendientes).toBe(0);
    pantalla.cerrar();
  });
});

describe('base embebida (PGlite en su hilo)', () => {
  it('el backend reenvía los avisos del hilo de la base y deja de escuchar al cerrarse', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'consola-cambios-'));
    const embebida = await openEmbeddedBackend({ dataDir: dir, seedDemoData: false });
    try {
      const recibidos: AreaCambio[] = [];
      const dejar = embebida.backend.cambios!.suscribir((area) => recibidos.push(area));
      await embebida.db.query(`insert into public.campanas (nombre) values ('Hilo')`);
      await embebida.db.query(`insert into public.mensajes_resumen_sesiones (tabla, session_id, mensajes) values ('n8n_chat_demo', 's1', 1)`);
      await vi.waitFor(() => expect(recibidos).toEqual(['llamadas', 'mensajes']), ESPERA);
      dejar();
      const otro: AreaCambio[] = [];
      embebida.backend.cambios!.suscribir((area) => otro.push(area));
      await embebida.db.query(`update public.campanas set minutos = 5`);
      await vi.waitFor(() => expect(otro).toEqual(['llamadas']), ESPERA);
      expect(recibidos).toEqual(['llamadas', 'mensajes']);
    } finally {
      await embebida.cerrar();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
