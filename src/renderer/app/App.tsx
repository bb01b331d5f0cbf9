import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { es } from '../../shared/i18n/es';
import { AuthProvider } from './auth';
import { CambiosEnVivo } from './CambiosEnVivo';
import { crearClienteConsultas } from './query-client';
import { AppRoutes } from './routes';
import { ScrollManager } from './ScrollManager';
import { TOAST_ERROR_MS, buildTheme, cssVariablesResolver } from './theme';
import { usePreferencias } from '../features/configuracion/preferencias-store';

/** Providers, outermost first: router, data cache, theme, toasts, modals, auth (and the live notices under it). */
export function App() {
  const [queryClient] = useState(crearClienteConsultas);
  // Local preferences (part 3 §2.5, §3): accent colour and dark mode for the whole app, kept across restarts.
  const { accentColor, darkMode } = usePreferencias();
  const theme = useMemo(() => buildTheme(accentColor), [accentColor]);
  return (
    <BrowserRouter>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme={darkMode ? 'dark' : 'light'}>
          <Notifications position="top-right" autoClose={TOAST_ERROR_MS} limit={5} />
          <ModalsProvider labels={{ confirm: es.shell.confirmar, cancel: es.shell.cancelar }}>
            <AuthProvider onSignedOut={() => queryClient.clear()}>
              <ScrollManager />
              <CambiosEnVivo>
                <AppRoutes />
              </CambiosEnVivo>
            </AuthProvider>
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>
    </BrowserRouter>
  );
}
