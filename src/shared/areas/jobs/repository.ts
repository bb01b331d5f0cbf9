/**
 * The rows of `trabajos` (migration 20261204000100): the api's long work, written as the operator who started
 * it (RLS: his own; an administrator reads everyone's). The only place that knows the table's columns.
 */
import type { DataPort } from '../../ports/consultas';
import type { Trabajo } from '../../domain/trabajos';
import { estadoTrabajo } from '../../domain/trabajos';
import { LATIDO_VENCIDO_MS } from './motor';
import { trabajos } from "./texts";

const TABLA = 'trabajos';
const COLUMNAS = ['id', 'tipo', 'operador_id', 'referencia', 'estado', 'fase', 'hechos', 'total', 'ok', 'fallidos', 'mensaje', 'resultado', 'proceso', 'latido', 'inicio', 'fin'];

interface Fila {
  id: string;
  tipo: string;
  operador_id: string;
  referencia: string | null;
  estado: string;
  fase: string;
  hechos: number | string;
  total: number | string;
  ok: number | string;
  fallidos: number | string;
  mensaje: string | null;
  resultado: unknown;
  proceso: string;
  latido: string;
  inicio: string;
  fin: string | null;
}

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

function aTrabajo(f: Fila): Trabajo {
  return {
    id: String(f.id),
    tipo: f.tipo,
    estado: estadoTrabajo.parse(f.estado),
    fase: f.fase,
    hechos: Number(f.hechos),
    total: Number(f.total),
    ok: Number(f.ok),
    fallidos: Number(f.fallidos),
    mensaje: f.mensaje,
    ...(f.resultado !== null && f.resultado !== undefined ? { resultado: f.resultado } : {}),
    inicio: iso(f.inicio)!,
    fin: iso(f.fin),
  };
}

function valores(t: Trabajo, ahora: Date) {
  return {
    estado: t.estado,
    fase: t.fase.slice(0, 500),
    hechos: t.hechos,
    total: t.total,
    ok: t.ok,
    fallidos: t.fallidos,
    mensaje: t.mensaje,
    resultado: t.resultado ?? null,
    fin: t.fin,
    latido: ahora.toISOString(),
  };
}

export function trabajosRepository(data: DataPort, proceso: string, now: () => Date) {
  /**
   * A row left 'en_curso' that nobody runs any more: this process does not hold it (it is not in `vivos`),
   * and it is this process's own or its last sign of life is old (another app on the same hosted project may
   * still be running it). It is recorded as 'interrumpido' — only while still 'en_curso', so a late write of
   * the body never turns it back.
   */
  async function honesto(f: Fila, vivo: boolean): Promise<Trabajo> {
    const t = aTrabajo(f);
    if (t.estado !== 'en_curso' || vivo) return t;
    const ahora = now();
    const cortado = f.proceso === proceso || ahora.getTime() - new Date(f.latido).getTime() > LATIDO_VENCIDO_MS;
    if (!cortado) return t;
    const fin: Trabajo = { ...t, estado: 'interrumpido', mensaje: trabajos.interrumpido, fin: ahora.toISOString() };
    await data.run({ kind: 'update', table: TABLA, values: { estado: fin.estado, mensaje: fin.mensaje, fin: fin.fin }, filters: [{ column: 'id', op: 'eq', value: t.id }, { column: 'estado', op: 'eq', value: 'en_curso' }] });
    return fin;
  }

  return {
    async crear(t: Trabajo, referencia: string | null): Promise<void> {
      await data.run({ kind: 'insert', table: TABLA, rows: [{ id: t.id, tipo: t.tipo, referencia, proceso, inicio: t.inicio, ...valores(t, now()) }] });
    },
    /** Writes the job's state; a row that already ended (interrupted meanwhile) stays as it is. */
    async actualizar(t: Trabajo): Promise<void> {
      await data.run({ kind: 'update', table: TABLA, values: valores(t, now()), filters: [{ column: 'id', op: 'eq', value: t.id }, { column: 'estado', op: 'eq', value: 'en_curso' }] });
    },
    /** One job the caller may read (his own; an administrator's view: anyone's), honestly; null when none. */
    async leer(id: string, vivo: (id: string) => boolean): Promise<Trabajo | null> {
      const { rows } = await data.run<Fila>({ kind: 'select', table: TABLA, columns: COLUMNAS, filters: [{ column: 'id', op: 'eq', value: id }] });
      return rows[0] ? honesto(rows[0], vivo(id)) : null;
    },
    /** The operator's own jobs (of a kind, about one thing, when given), running first, then newest first. */
    async listar(operador: string, filtro: { tipo?: string; referencia?: string }, vivo: (id: string) => boolean): Promise<Trabajo[]> {
      const filters = [{ column: 'operador_id', op: 'eq' as const, value: operador }];
      if (filtro.tipo) filters.push({ column: 'tipo', op: 'eq', value: filtro.tipo });
      if (filtro.referencia) filters.push({ column: 'referencia', op: 'eq', value: filtro.referencia });
      const { rows } = await data.run<Fila>({ kind: 'select', table: TABLA, columns: COLUMNAS, filters, order: [{ column: 'inicio', ascending: false }], limit: 50 });
      const todos = await Promise.all(rows.map((f) => honesto(f, vivo(f.id))));
      return todos.sort((a, b) => Number(b.estado === 'en_curso') - Number(a.estado === 'en_curso') || b.inicio.localeCompare(a.inicio));
    },
  };
}
