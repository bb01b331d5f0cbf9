import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';

/** A page title and subtitle with the back button before them (the management screens under Proyectos). */
export function TituloConVolver({ titulo, subtitulo, volverA, volverLabel }: { titulo: string; subtitulo: string; volverA: string; volverLabel: string }) {
  const navigate = useNavigate();
  return (
    <Group gap="sm" align="flex-start">
      <ActionIcon variant="default" size="lg" onClick={() => navigate(volverA)} aria-label={volverLabel}>
        <IconArrowLeft size={18} />
      </ActionIcon>
      <Stack gap={4}>
        <Title order={2}>{titulo}</Title>
        <Text c="dimmed" size="sm">
          {subtitulo}
        </Text>
      </Stack>
    </Group>
  );
}
