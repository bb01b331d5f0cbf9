/** 'Actualizar' on the message screens (operators' and portal's): reads every query of the shown table again. */
import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { mensajes as t } from '../../../shared/areas/mensajes/texts';

export function BotonActualizar({ onClick, disabled, loading }: { onClick: () => void; disabled: boolean; loading: boolean }) {
  return (
    <Button leftSection={<IconRefresh size={16} />} variant="light" onClick={onClick} disabled={disabled} loading={loading}>
      {t.actualizar}
    </Button>
  );
}

/**
 * Invalidates the reads of one table: each prefix [area, operation] followed by the inputs that name it
 * (TanStack matches an object in a key by the fields it gives).
 */
export function useRefrescar(prefijos: ReadonlyArray<readonly [string, string]>, entrada: Record<string, unknown>): () => void {
  const queryClient = useQueryClient();
  return () => {
    for (const prefijo of prefijos) void queryClient.invalidateQueries({ queryKey: [...prefijo, entrada] as QueryKey });
  };
}
