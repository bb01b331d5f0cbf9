import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { AppError } from '../../shared/errors';
import { UNAUTHENTICATED_EVENT } from './auth';

function reportUnauthenticated(error: unknown): void {
  if (AppError.is(error) && error.code === 'unauthenticated') {
    window.dispatchEvent(new Event(UNAUTHENTICATED_EVENT));
  }
}

/** Errors a retry cannot fix. */
const FINAL: ReadonlySet<string> = new Set(['validation', 'unauthenticated', 'forbidden', 'not_found', 'conflict', 'config']);

export function crearClienteConsultas(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportUnauthenticated }),
    mutationCache: new MutationCache({ onError: reportUnauthenticated }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => !(AppError.is(error) && FINAL.has(error.code)) && failures < 1,
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
      mutations: { retry: false },
    },
  });
}
