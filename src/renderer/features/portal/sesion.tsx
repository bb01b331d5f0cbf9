/**
 * The company session guard of §6 for /servicios, /equipo/{campanaId} and /conversaciones: entry only with
 * a stored empresa_sesion for this address's company, no older than 24 hours, AND a session the server
 * still accepts (the token: cookie or sessionStorage). Otherwise the stored session is removed and the
 * visitor goes to /accesoempresas/{id}.
 */
import { Alert, Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { IconBuildingStore, IconLogout } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { NavLink, useNavigate, useParams } from 'react-router-dom';
import { portal as t } from '../../../shared/areas/portal/texts';
import type { PortalEmpresa } from '../../../shared/areas/portal/contract';
import { PageLoader } from '../../components/PageLoader';
import { PORTAL_SIN_SESION_EVENT, borrarSesionLocal, chequearSesionLocal, consultaPortal, portalApi } from './cliente';

export const rutaLogin = (id: string) => `/accesoempresas/${encodeURIComponent(id)}`;

/** Text the login shows after a redirect (router state). */
export interface EstadoLogin {
  mensaje?: string;
}

export function useIrALogin(id: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (mensaje?: string) => {
      borrarSesionLocal(mensaje === t.sesionExpirada ? id : undefined);
      queryClient.removeQueries({ queryKey: ['portal'] });
      navigate(rutaLogin(id), { replace: true, state: mensaje ? ({ mensaje } satisfies EstadoLogin) : null });
    },
    [id, navigate, queryClient],
  );
}

function Barra({ empresa, id }: { empresa: PortalEmpresa; id: string }) {
  const irALogin = useIrALogin(id);
  const [saliendo, setSaliendo] = useState(false);
  const salir = async () => {
    setSaliendo(true);
    await portalApi.cerrarSesion({}).catch(() => null);
    irALogin();
  };
  const enlace = (to: string, label: string) => (
    <Anchor component={NavLink} to={to} end fw={600} size="sm" style={({ isActive }: { isActive: boolean }) => ({ textDecoration: isActive ? 'underline' : 'none' })}>
      {label}
    </Anchor>
  );
  return (
    <Paper withBorder radius="lg" p="sm" px="md" mb="lg" shadow="xs">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <IconBuildingStore size={20} />
          <Text fw={700} data-testid="portal-empresa">
            {empresa.nombre}
          </Text>
        </Group>
        <Group gap="lg" component="nav" aria-label={t.accesoEmpresa}>
          {enlace(`${rutaLogin(id)}/servicios`, t.navServicios)}
          {enlace(`${rutaLogin(id)}/conversaciones`, t.navConversaciones)}
          <Button variant="subtle" color="gray" size="xs" leftSection={<IconLogout size={16} />} loading={saliendo} onClick={() => void salir()}>
            {t.cerrarSesion}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

export function PortalProtegido({ children }: { children: (empresa: PortalEmpresa, id: string) => ReactNode }) {
  const { id = '' } = useParams();
  const irALogin = useIrALogin(id);
  // Decided once per company address: going to the login clears the stored session, and a re-render that
  // read it again would find it 'ausente' and replace "Tu sesión expiró" with "Inicia sesión para continuar".
  const local = useMemo(() => chequearSesionLocal(id), [id]);
  const sesion = useQuery({
    ...consultaPortal('sesion', { empresaId: id }),
    enabled: local.ok,
    staleTime: 60_000,
    retry: false,
  });

  useEffect(() => {
    if (!local.ok) irALogin(local.motivo === 'expirada' ? t.sesionExpirada : local.motivo === 'ausente' ? t.sinSesion : undefined);
  }, [local, irALogin]);
  useEffect(() => {
    if (sesion.data === null) irALogin(t.sesionExpirada);
  }, [sesion.data, irALogin]);
  useEffect(() => {
    const handler = (e: Event) => irALogin((e as CustomEvent<string>).detail || t.sesionExpirada);
    window.addEventListener(PORTAL_SIN_SESION_EVENT, handler);
    return () => window.removeEventListener(PORTAL_SIN_SESION_EVENT, handler);
  }, [irALogin]);

  if (!local.ok) return <PageLoader />;
  if (sesion.error) {
    return (
      <Alert color="red" title={t.accesoEmpresa}>
        {sesion.error instanceof Error ? sesion.error.message : t.errorCargar}
      </Alert>
    );
  }
  if (!sesion.data) return <PageLoader />;
  return (
    <>
      <Barra empresa={sesion.data.empresa} id={id} />
      {children(sesion.data.empresa, id)}
    </>
  );
}
