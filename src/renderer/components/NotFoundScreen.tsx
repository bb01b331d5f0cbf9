import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { es } from '../../shared/i18n/es';
import { useDocumentTitle } from './useDocumentTitle';

/** Spanish 404, full page or inside the dashboard shell. */
export function NotFoundScreen({ fullScreen = false }: { fullScreen?: boolean }) {
  useDocumentTitle(es.app.paginaNoEncontrada);
  return (
    <Center mih={fullScreen ? '100vh' : 420} p="xl">
      <Stack align="center" gap="md">
        <Text fz={72} fw={800} c="green.8" lh={1}>
          404
        </Text>
        <Title order={2}>{es.app.paginaNoEncontrada}</Title>
        <Text c="dimmed" ta="center">
          {es.app.paginaNoEncontradaDetalle}
        </Text>
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={16} />} variant="light">
          {es.app.volverAlInicio}
        </Button>
      </Stack>
    </Center>
  );
}
