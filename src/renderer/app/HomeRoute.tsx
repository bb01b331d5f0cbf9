import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { useAuth } from './auth';
import { HOME_AFTER_LOGIN } from './route-paths';

const LoginScreen = lazy(() => import('../features/auth/LoginScreen'));
const FirstAdminScreen = lazy(() => import('../features/auth/FirstAdminScreen'));

/** '/': the login, or the first-administrator screen on a fresh install; a signed-in operator goes on to the dashboard. */
export function HomeRoute() {
  const { status, needsSetup } = useAuth();
  if (status === 'loading') return <PageLoader fullScreen />;
  if (status === 'signedIn') return <Navigate to={HOME_AFTER_LOGIN} replace />;
  return needsSetup ? <FirstAdminScreen /> : <LoginScreen />;
}
