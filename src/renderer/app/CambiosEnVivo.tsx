import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refrescarConsultas, suscribirCambios } from '../api/cambios';
import { useAuth } from './auth';

/**
 * Mounted once in the app's providers: while an operator is signed in, each live notice (src/renderer/api/
 * cambios.ts) invalidates the reads of its areas, so the screens showing them refetch by themselves. Signing
 * out (or another operator signing in) closes the subscription and opens a new one. Renders nothing.
 */
export function CambiosEnVivo() {
  const queryClient = useQueryClient();
  const { status, operator } = useAuth();
  const operatorId = status === 'signedIn' ? (operator?.id ?? null) : null;
  useEffect(() => {
    if (!operatorId) return;
    return suscribirCambios(refrescarConsultas(queryClient));
  }, [operatorId, queryClient]);
  return null;
}
