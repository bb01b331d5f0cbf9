import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { NotFoundScreen } from '../components/NotFoundScreen';
import { PageLoader } from '../components/PageLoader';
import { DashboardLayout } from './DashboardLayout';
import { HomeRoute } from './HomeRoute';
import { PortalLayout } from './PortalLayout';
import { DASHBOARD_CHILDREN, DEFAULT_DASHBOARD_CHILD, PORTAL_ROUTES, ROUTE_ALIASES, aliasTarget } from './route-paths';
import { DASHBOARD_SCREENS, PORTAL_SCREENS } from './screens';

/** A top-level alias (part 1 §2.1) goes to its /dashboard address, query and hash included. */
function AliasRedirect({ alias }: { alias: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={aliasTarget(alias, search, hash) ?? '/'} replace />;
}

const Portal = PORTAL_SCREENS;

/** Every route of part 1 §2.1. Screens are lazy; the shells show a loader while one arrives. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <Routes>
        <Route path="/" element={<HomeRoute />} />

        <Route path="/dashboard" element={<DashboardLayout />}>
          <Route index element={<Navigate to={DEFAULT_DASHBOARD_CHILD} replace />} />
          {DASHBOARD_CHILDREN.map((path) => {
            const Screen = DASHBOARD_SCREENS[path];
            return <Route key={path} path={path} element={<Screen />} />;
          })}
          <Route path="*" element={<NotFoundScreen />} />
        </Route>

        {Object.keys(ROUTE_ALIASES).map((alias) => (
          <Route key={alias} path={alias} element={<AliasRedirect alias={alias} />} />
        ))}

        <Route element={<PortalLayout />}>
          <Route path={PORTAL_ROUTES.login} element={<Portal.login />} />
          <Route path={PORTAL_ROUTES.servicios} element={<Portal.servicios />} />
          <Route path={PORTAL_ROUTES.equipo} element={<Portal.equipo />} />
          <Route path={PORTAL_ROUTES.conversaciones} element={<Portal.conversaciones />} />
        </Route>

        <Route path="*" element={<NotFoundScreen fullScreen />} />
      </Routes>
    </Suspense>
  );
}
