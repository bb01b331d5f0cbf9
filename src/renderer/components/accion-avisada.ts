import { useMutation } from '@tanstack/react-query';
import { mensajeDe } from '../lib/mensaje-error';
import { notifyError, notifySuccess } from './toast';

/**
 * An action whose outcome the user reads in a toast (delete a row, switch it on or off, close a session): on
 * success `exito`, then `despues` (usually the list's refresh); on failure the api's Spanish message, else `error`.
 */
export function useAccionAvisada<E>({ hacer, exito, error, despues }: { hacer: (entrada: E) => Promise<unknown>; exito: string; error: string; despues: () => unknown }) {
  return useMutation({
    mutationFn: hacer,
    onSuccess: () => {
      notifySuccess(exito);
      void despues();
    },
    onError: (e) => notifyError(mensajeDe(e, error)),
  });
}
