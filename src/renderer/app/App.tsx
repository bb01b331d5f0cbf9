import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { es } from '../../shared/i18n/es';
import { AuthProvider } from './auth';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';
import { ScrollManager } from './ScrollManager';
import { TOAST_ERROR_MS, theme } from './theme';

/** Providers, outermost first: router, data cache, theme, toasts, modals, auth. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <BrowserRouter>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} defaultColorScheme="light">
          <Notifications position="top-right" autoClose={TOAST_ERROR_MS} limit={5} />
          <ModalsProvider labels={{ confirm: es.shell.confirmar, cancel: es.shell.cancelar }}>
            <AuthProvider onSignedOut={() => queryClient.clear()}>
              <ScrollManager />
              <AppRoutes />
            </AuthProvider>
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>
    </BrowserRouter>
  );
}
