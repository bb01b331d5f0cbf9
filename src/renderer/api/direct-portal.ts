/**
 * The "direct" transport of the company portal (ARCHITECTURE.md): a static web build talks to the hosted
 * Supabase project from the browser with the anon key (set at build time: VITE_SUPABASE_URL,
 * VITE_SUPABASE_ANON_KEY). The operations are the api's own (src/shared/areas/portal/operations.ts) run
 * through the shared Supabase executor against the portal SQL functions; nothing secret is needed, and the
 * SQL derives the company from the token, so the anon key gives no access to anyone's data.
 *
 * Loaded lazily (supabase-js is only downloaded when this transport is used). The portal token lives in
 * sessionStorage (it must be readable here to be sent to the functions); see features/portal/cliente.ts.
 */
import { createClient } from '@supabase/supabase-js';
import type { ApiClient } from '../../shared/contract';
import { crearEjecutorSupabase } from '../../shared/consultas/supabase-executor';
import { portalSobreRpc, tokenEnEntrada, type PortalTokenStore } from '../../shared/areas/portal/operations';

type PortalClient = ApiClient['portal'];

export interface DirectConfig {
  url: string;
  anonKey: string;
}

/** Defaults the zod schemas would apply on the Node side. */
const DEFECTOS = { busqueda: '', pagina: 1, porPagina: 10 };

export function crearPortalDirecto(config: DirectConfig): PortalClient {
  const supabase = createClient(config.url, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const data = crearEjecutorSupabase(supabase);
  const ops = portalSobreRpc(async (fn, args) => {
    const { rows } = await data.run<{ value: unknown }>({ kind: 'rpc', fn, args });
    return rows[0]?.value ?? null;
  });
  const client: Record<string, (input: Record<string, unknown>) => Promise<unknown>> = {};
  for (const name of Object.keys(ops) as Array<keyof typeof ops>) {
    client[name] = (input) => {
      const full = { ...DEFECTOS, ...input } as never;
      return (ops[name] as (i: never, t: PortalTokenStore) => Promise<unknown>)(full, tokenEnEntrada(input as { token?: string }));
    };
  }
  return client as unknown as PortalClient;
}
