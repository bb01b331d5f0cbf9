import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Group, Text, Tooltip } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { es } from '../../shared/i18n/es';
import { INTERVALO_RESPALDO_MS, refrescarConsultas, respaldoSinEnVivo, suscribirCambios } from '../api/cambios';
import { useAuth } from './auth';

/** Whether live updates cannot come now, so the screens refresh on a timer (read by the header's notice). */
const SinEnVivoContext = createContext(false);

/**
 * Mounted once in the app's providers, around the routes: while an operator is signed in, each live notice
 * (src/renderer/api/cambios.ts) invalidates the reads of its areas, so the screens showing them refetch by
 * themselves; while notices cannot come, every live area is refreshed each INTERVALO_RESPALDO_MS instead and
 * the header says so (AvisoSinEnVivo). Signing out (or another operator signing in) closes the subscription and
 * opens a new one.
 */
export function CambiosEnVivo({ children }: { children?: ReactNode }) {
  const queryClient = useQueryClient();
  const { status, operator } = useAuth();
  const operatorId = status === 'signedIn' ? (operator?.id ?? null) : null;
  const [sinEnVivo, setSinEnVivo] = useState(false);
  useEffect(() => {
    if (!operatorId) return;
    const refresco = refrescarConsultas(queryClient);
    const respaldo = respaldoSinEnVivo({ refrescarTodas: refresco.todas, alAviso: setSinEnVivo });
    const dejar = suscribirCambios({ cambio: refresco.cambio, estado: respaldo.estado });
    return () => {
      dejar();
      respaldo.cerrar();
      setSinEnVivo(false);
    };
  }, [operatorId, queryClient]);
  return <SinEnVivoContext.Provider value={sinEnVivo}>{children}</SinEnVivoContext.Provider>;
}

/**
 * The header's quiet notice that live updates are off and the screens refresh every N s (issue 22 §3); nothing
 * while they are live.
 */
export function AvisoSinEnVivo() {
  const visible = useContext(SinEnVivoContext);
  if (!visible) return null;
  return (
    <Tooltip label={es.shell.sinEnVivoDetalle} multiline w={300} withArrow>
      <Group gap={6} wrap="nowrap" role="status" data-testid="aviso-sin-en-vivo" style={{ flexShrink: 0 }}>
        <IconPlugConnectedX size={16} stroke={1.7} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {es.shell.sinEnVivo(INTERVALO_RESPALDO_MS / 1000)}
        </Text>
      </Group>
    </Tooltip>
  );
}
