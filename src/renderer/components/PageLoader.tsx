import { Center, Loader, Stack, Text } from '@mantine/core';
import { es } from '../../shared/i18n/es';

/** Shown while a lazily loaded screen or the auth state is on its way. */
export function PageLoader({ fullScreen = false, label = es.app.cargando }: { fullScreen?: boolean; label?: string }) {
  return (
    <Center h={fullScreen ? '100vh' : 320} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
