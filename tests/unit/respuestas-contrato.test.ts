/**
 * Issue 26 item 3: every answer is a schema in the contract, and the api checks each answer against it in
 * tests and development (src/shared/operaciones/respuestas.ts), but not in a production build (src/main/modo-respuestas.ts).
 * The whole integration suite runs with the check on; this file proves the check bites and names the operation.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '../../src/shared/contract';
import { withSessions } from '../../src/shared/operaciones/session';
import type { AreaImplementations } from '../../src/shared/operaciones/types';
import type { Backend } from '../../src/shared/ports';
import { crearDespachador, type Implementations } from '../../src/main/dispatch';
import { comprobarRespuestas } from '../../src/main/modo-respuestas';

/** Every operation answers what `respuestas` holds for it (only public ones are called: no session needed). */
function areasQueResponden(respuestas: Record<string, unknown>): AreaImplementations {
  return Object.fromEntries(
    Object.entries(contract).map(([area, ops]) => [
      area,
      Object.fromEntries(Object.keys(ops).map((name) => [name, async () => respuestas[`${area}.${name}`]])),
    ]),
  ) as unknown as AreaImplementations;
}

const backend = {} as Backend;
const ctx = { getToken: () => null, setToken: () => {} };

describe('las respuestas se comprueban contra su forma del contrato', () => {
  it('cada operación declara su respuesta con un esquema zod', () => {
    for (const [area, ops] of Object.entries(contract)) {
      for (const [name, def] of Object.entries(ops as Record<string, { output: unknown }>)) {
        expect(def.output instanceof z.ZodType, `${area}.${name}`).toBe(true);
      }
    }
  });

  it('una respuesta con la forma correcta pasa tal cual (el mismo objeto, sin campos quitados)', async () => {
    const respuesta = { autenticado: true, email: 'ana@agencia.co' };
    const api = withSessions(backend, areasQueResponden({ 'marketing.estadoConexion': respuesta }));
    await expect(api.marketing.estadoConexion({}, ctx)).resolves.toBe(respuesta);
  });

  it('una forma equivocada falla con el nombre de la operación y el campo', async () => {
    const api = withSessions(backend, areasQueResponden({ 'marketing.estadoConexion': { autenticado: 'sí', email: null } }));
    const error = await api.marketing.estadoConexion({}, ctx).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toContain('marketing.estadoConexion');
    expect(error?.message).toContain('autenticado');
  });

  it('por el despachador, el sobre de error lleva el mismo mensaje', async () => {
    const api = withSessions(backend, areasQueResponden({ 'auth.estado': { needsSetup: false, operator: null, backend: 'nube' } }));
    const dispatch = crearDespachador(api as unknown as Implementations);
    const sobre = await dispatch('auth', 'estado', {}, ctx);
    expect(sobre.ok).toBe(false);
    expect(sobre.ok ? '' : sobre.error.message).toMatch(/auth\.estado.*backend/);
  });

  it('sin comprobación (build de producción) la respuesta sale sin mirar', async () => {
    const mala = { autenticado: 'sí' };
    const api = withSessions(backend, areasQueResponden({ 'marketing.estadoConexion': mala }), false);
    await expect(api.marketing.estadoConexion({}, ctx)).resolves.toBe(mala);
  });

  it('el modo: encendido bajo vitest y con CONSOLA_COMPROBAR_RESPUESTAS=1, apagado con =0', () => {
    expect(comprobarRespuestas({})).toBe(true);
    expect(comprobarRespuestas({ CONSOLA_COMPROBAR_RESPUESTAS: '1' })).toBe(true);
    expect(comprobarRespuestas({ CONSOLA_COMPROBAR_RESPUESTAS: '0' })).toBe(false);
  });
});
