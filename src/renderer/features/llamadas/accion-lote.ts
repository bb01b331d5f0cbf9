import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../components/toast';
import { clave } from '../../api/client';
import { mensajeDe } from '../../lib/mensaje-error';
import { t } from './comun';

/**
 * Pause, resume or cancel a batch, from the panel's row or from the batch's window: which batch is busy, the
 * api's message when it fails, and the 'llamadas' reads refreshed afterwards whatever happened (the batch's
 * state may have moved even when the action was refused).
 */
export function useAccionLote() {
  const qc = useQueryClient();
  const [ocupado, setOcupado] = useState<string | null>(null);
  const refrescar = () => qc.invalidateQueries({ queryKey: clave('llamadas') });
  const hacer = async (id: string, fn: () => Promise<unknown>, ok: string) => {
    setOcupado(id);
    try {
      await fn();
      notifySuccess(ok);
    } catch (e) {
      notifyError(mensajeDe(e, t.panelLotes.errorAccion));
    } finally {
      setOcupado(null);
      await refrescar();
    }
  };
  return { ocupado, setOcupado, refrescar, hacer };
}
