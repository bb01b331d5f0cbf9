import { ActionIcon, AppShell, Box, Burger, Group, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { es } from '../../shared/i18n/es';
import { BrandMark } from '../components/BrandMark';
import { HeaderSearch } from '../components/HeaderSearch';
import { NotificationsMenu } from '../components/NotificationsMenu';
import { PageLoader } from '../components/PageLoader';
import { Sidebar } from '../components/Sidebar';
import { UserMenu } from '../components/UserMenu';
import { useAuth } from './auth';
import { useEsAdministrador } from './rol';
import { SeguimientoActividadDatos } from '../features/datos/actividad';
import { AvisoSinEnVivo } from './CambiosEnVivo';
import { waitForAuth } from './auth-wait';
import { browserStorage, readCollapsed, writeCollapsed } from './sidebar-storage';

export const SIDEBAR_WIDTH = 264;
export const SIDEBAR_COLLAPSED_WIDTH = 76;
export const HEADER_HEIGHT = 64;

/**
 * The dashboard shell (part 1 §2.3): only for a signed-in operator. While the auth state is not signed in it
 * waits (up to 5000 ms, polling every 100 ms) and then sends the visitor to '/'.
 */
export function DashboardLayout() {
  const auth = useAuth();
  const [gaveUp, setGaveUp] = useState(false);
  const signedIn = auth.status === 'signedIn';
  const { getStatus } = auth;

  useEffect(() => {
    if (signedIn) return;
    const controller = new AbortController();
    void waitForAuth(getStatus, { signal: controller.signal }).then((ok) => {
      if (!ok && !controller.signal.aborted) setGaveUp(true);
    });
    return () => controller.abort();
  }, [signedIn, getStatus]);

  if (signedIn) return <Shell />;
  if (gaveUp) return <Navigate to="/" replace />;
  return <PageLoader fullScreen />;
}

function Shell() {
  const [collapsed, setCollapsed] = useState(() => readCollapsed(browserStorage()));
  const [mobileOpened, mobile] = useDisclosure(false);
  const { pathname } = useLocation();

  useEffect(() => {
    writeCollapsed(browserStorage(), collapsed);
  }, [collapsed]);

  const closeMobile = mobile.close;
  useEffect(() => {
    // Close the mobile drawer after every navigation.
    closeMobile();
  }, [pathname, closeMobile]);

  const toggleLabel = collapsed ? es.shell.expandirMenu : es.shell.colapsarMenu;
  const administrador = useEsAdministrador();

  return (
    <>
    {/* A backup, restore or move (administrators) is followed on every screen, so its end is always shown. */}
    {administrador ? <SeguimientoActividadDatos /> : null}
    <AppShell
      layout="alt"
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened },
      }}
      padding={{ base: 'md', md: 'xl' }}
      transitionDuration={180}
    >
      <AppShell.Navbar data-testid="sidebar" data-collapsed={collapsed ? 'true' : 'false'} style={{ overflow: 'hidden' }}>
        <Group h={HEADER_HEIGHT} px={collapsed ? 0 : 'md'} justify={collapsed ? 'center' : 'space-between'} wrap="nowrap">
          <BrandMark compact={collapsed} />
          <Burger opened={mobileOpened} onClick={mobile.close} hiddenFrom="sm" size="sm" aria-label={es.shell.cerrarNavegacion} />
        </Group>
        <Sidebar collapsed={collapsed} onNavigate={mobile.close} />
      </AppShell.Navbar>

      <AppShell.Header px="md">
        <Group h="100%" gap="md" wrap="nowrap">
          <Burger opened={mobileOpened} onClick={mobile.toggle} hiddenFrom="sm" size="sm" aria-label={es.shell.abrirNavegacion} />
          <Tooltip label={toggleLabel} position="right">
            <ActionIcon
              visibleFrom="sm"
              variant="subtle"
              color="gray"
              size="lg"
              radius="md"
              aria-label={toggleLabel}
              aria-pressed={collapsed}
              onClick={() => setCollapsed((c) => !c)}
            >
              {collapsed ? <IconLayoutSidebarLeftExpand size={21} stroke={1.7} /> : <IconLayoutSidebarLeftCollapse size={21} stroke={1.7} />}
            </ActionIcon>
          </Tooltip>
          <HeaderSearch />
          <Group gap="xs" wrap="nowrap" ml="auto">
            <AvisoSinEnVivo />
            <NotificationsMenu />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Main>
        <Box maw={1440} mx="auto">
          <Suspense fallback={<PageLoader label={es.app.cargandoPantalla} />}>
            <Outlet />
          </Suspense>
        </Box>
      </AppShell.Main>
    </AppShell>
    </>
  );
}
