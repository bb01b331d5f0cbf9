/**
 * What each function of the schema returns, where PostgREST's JSON answer alone does not say it.
 *
 * PostgREST answers a scalar function with its bare value and a set-returning one with a JSON array: a scalar
 * `jsonb` that is an array (`llamadas_claves_existentes_columnas`) looks exactly like a set of rows or values, a
 * scalar `jsonb` object exactly like one composite row. The Supabase executor reads these functions by the shape
 * written here (the shape the catalogue gives them, `functionFromRow` in catalog.ts), so the hosted backend hands
 * the repositories what the SQL executor hands them. Every other function's answer is unambiguous (a number, a
 * text, null, an array of row objects) and needs no entry.
 *
 * tests/integration/postgrest-real.test.ts compares this list with the migrated schema's pg_proc: a new function
 * returning json, jsonb, an array, one composite row, or a set of json values must be added here.
 */
import type { FunctionShape } from './catalog';

export const FORMAS_RPC: Readonly<Record<string, FunctionShape>> = {
  bots_resumen: 'scalar',
  dependencias_eliminacion: 'scalar',
  eliminar_proyecto: 'scalar',
  eliminar_servicio_instancia: 'scalar',
  llamadas_claves_existentes_columnas: 'scalar',
  llamadas_clientes_pagina: 'scalar',
  llamadas_estadisticas: 'scalar',
  llamadas_importar_clientes: 'scalar',
  llamadas_lote_estimar: 'scalar',
  llamadas_no_llamar_importar: 'scalar',
  llamadas_resumen: 'scalar',
  metricas_dashboard: 'scalar',
  operadores_agregar: 'scalar',
  portal_campana: 'scalar',
  portal_iniciar_sesion: 'scalar',
  portal_servicios: 'scalar',
  portal_sesion: 'scalar',
  portal_whatsapp_conversacion: 'scalar',
  portal_whatsapp_estadisticas: 'scalar',
  portal_whatsapp_sesiones: 'scalar',
  portal_whatsapp_tablas: 'scalar',
  reporte_proyecto: 'scalar',
};

/** True when PostgREST's JSON for a function of this return type cannot tell a scalar from a set or a row. */
export function formaAmbigua(shape: FunctionShape, returnBase: string): boolean {
  if (shape === 'row') return true;
  const json = returnBase === 'json' || returnBase === 'jsonb' || returnBase.startsWith('_');
  return (shape === 'scalar' || shape === 'values') && json;
}
