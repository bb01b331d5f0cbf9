/**
 * The company portal on its own (part 3 §2.1, §2.10): router, data cache and theme, and only the four
 * /accesoempresas routes with the minimal layout. Nothing of the operators' app (auth provider, api client,
 * dashboard) is imported, which keeps the portal's first load small. The same screens also run inside the
 * operators' app (app/routes.tsx) when a signed-in operator opens an access link in the same tab.
 */
import { Anchor, Center, MantineProvider, Stack, Title } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, useEffect, useState } from 'react';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router-dom';
import { es } from '../../shared/i18n/es';
import { AppError } from '../../shared/errors';
import { PortalLayout } from '../app/PortalLayout';
import { PORTAL_ROUTES } from '../app/route-paths';
import { buildTheme, cssVariablesResolver } from '../app/theme';
import { PageLoader } from '../components/PageLoader';

const Login = lazy(() => import('../features/portal/PortalLoginScreen'));
const Servicios = lazy(() => import('../features/portal/PortalServiciosScreen'));
const Equipo = lazy(() => import('../features/portal/PortalEquipoScreen'));
const Conversaciones = lazy(() => import('../features/portal/PortalConversacionesScreen'));

const theme = buildTheme('green');
const FINAL: ReadonlySet<string> = new Set(['validation', 'unauthenticated', 'forbidden', 'not_found', 'config']);

function crearQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => !(AppError.is(error) && FINAL.has(error.code)) && failures < 1,
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
    },
  });
}

/**
 * Any other address belongs to the operators' app: load it (a full page load boots that tree). An unknown
 * address under /accesoempresas/{id} stays here, as a 'page not found' with the way back to the login.
 */
function FueraDelPortal() {
  const { pathname, search, hash } = useLocation();
  const delPortal = /^\/accesoempresas\/([^/]+)/.exec(pathname);
  useEffect(() => {
    if (!delPortal) window.location.replace(`${pathname}${search}${hash}`);
  }, [delPortal, pathname, search, hash]);
  if (!delPortal) return <PageLoader fullScreen />;
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm">
        <Title order={2}>{es.app.paginaNoEncontrada}</Title>
        <Anchor component={Link} to={`/accesoempresas/${delPortal[1]}`}>
          {es.portal.accesoEmpresa}
        </Anchor>
      </Stack>
    </Center>
  );
}

export function PortalApp() {
  const [queryClient] = useState(crearQueryClient);
  return (
    <BrowserRouter>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
          <Routes>
            <Route element={<PortalLayout />}>
              <Route path={PORTAL_ROUTES.login} element={<Login />} />
              <Route path={PORTAL_ROUTES.servicios} element={<Servicios />} />
              <Route path={PORTAL_ROUTES.equipo} element={<Equipo />} />
              <Route path={PORTAL_ROUTES.conversaciones} element={<Conversaciones />} />
              <Route path="/accesoempresas/:id/*" element={<FueraDelPortal />} />
            </Route>
            <Route path="*" element={<FueraDelPortal />} />
          </Routes>
        </MantineProvider>
      </QueryClientProvider>
    </BrowserRouter>
  );
}
