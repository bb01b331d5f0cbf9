import { Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBarrierBlock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { es } from '../../shared/i18n/es';
import { useDocumentTitle } from './useDocumentTitle';

/**
 * The panel of a screen that is not built yet: its title and 'En construcción'. Every not-yet-built screen
 * renders this and nothing else pretends to work.
 */
export function UnderConstruction({ title, description }: { title: string; description?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{title}</Title>
      </Group>
      <Paper withBorder p="xl" shadow="xs">
        <Stack align="center" gap="sm" py="xl">
          <ThemeIcon size={64} radius="xl" variant="light" color="yellow">
            <IconBarrierBlock size={34} stroke={1.6} />
          </ThemeIcon>
          <Badge color="yellow" variant="light" size="lg">
            {es.app.enConstruccion}
          </Badge>
          <Text c="dimmed" ta="center" maw={420}>
            {description ?? es.app.enConstruccionDetalle}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
