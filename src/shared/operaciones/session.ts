import type { z } from 'zod';
import type { Backend } from '../ports';
import type { AuthSession } from '../ports/auth';
import { contract, type Area } from '../contract';
import type { CallContext } from './context';
import type { ApiImplementation, AreaImplementations, SignedIn } from './types';
import { AppError } from '../errors';
import { comprobarRespuesta } from './respuestas';
import { login } from "../areas/auth/texts";
import { seguridad } from "../areas/seguridad/texts";

/**
 * The caller's live session, or an 'unauthenticated' error (and the stale token is dropped) with the
 * operation's own message when it has one (`sinSesion` in the contract).
 */
export async function requireSession(backend: Backend, ctx: CallContext, sinSesion?: string): Promise<AuthSession> {
  const token = ctx.getToken();
  const session = token ? await backend.auth.getSession(token) : null;
  if (!session) {
    if (token) ctx.setToken(null);
    throw new AppError('unauthenticated', sinSesion ?? (token ? login.sesionExpirada : login.noAutenticado));
  }
  // Password right, second factor still missing: nothing but the code step (auth.verificarCodigo).
  if (session.mfaPendiente) throw new AppError('unauthenticated', seguridad.faltaCodigo);
  return session;
}

/** The SignedIn context of a call: its session and the data port acting as that operator. */
export async function signedIn(backend: Backend, ctx: CallContext, sinSesion?: string): Promise<SignedIn> {
  const session = await requireSession(backend, ctx, sinSesion);
  return {
    getToken: () => ctx.getToken(),
    setToken: (token) => ctx.setToken(token),
    ...(ctx.clientAddress ? { clientAddress: ctx.clientAddress } : {}),
    ...(ctx.userAgent ? { userAgent: ctx.userAgent } : {}),
    session,
    data: backend.dataFor(session),
  };
}

/**
 * The contract's `public` flag made real, in one place: every operation not declared public gets the
 * caller's session resolved (or an 'unauthenticated' error) before its implementation runs. Public ones
 * (login, first run, the portal with its own token) get the call context as the transport built it.
 * With `comprobarRespuestas`, every answer is checked against the operation's answer schema (./respuestas.ts).
 */
export function withSessions(backend: Backend, areas: AreaImplementations, comprobarRespuestas = true): ApiImplementation {
  const api: Record<string, Record<string, (input: unknown, ctx: CallContext) => Promise<unknown>>> = {};
  for (const area of Object.keys(contract) as Area[]) {
    const defs = contract[area] as Record<string, { output: z.ZodType; public?: boolean; sinSesion?: string }>;
    const impls = areas[area] as unknown as Record<string, (input: unknown, ctx: CallContext) => Promise<unknown>>;
    api[area] = {};
    for (const name of Object.keys(defs)) {
      const impl = impls[name];
      if (!impl) throw new Error(`Falta la implementación de ${area}.${name}`);
      const { public: publica, sinSesion, output } = defs[name]!;
      const run: (input: unknown, ctx: CallContext) => Promise<unknown> = publica ? impl : async (input, ctx) => impl(input, await signedIn(backend, ctx, sinSesion));
      api[area][name] = comprobarRespuestas ? async (input, ctx) => comprobarRespuesta(`${area}.${name}`, output, await run(input, ctx)) : run;
    }
  }
  return api as ApiImplementation;
}
