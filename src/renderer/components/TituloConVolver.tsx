import { ActionIcon, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { TituloPantalla } from './TituloPantalla';

/** A page title and subtitle with the back button before them (the management screens under Proyectos). */
export function TituloConVolver({ titulo, subtitulo, volverA, volverLabel }: { titulo: string; subtitulo: string; volverA: string; volverLabel: string }) {
  const navigate = useNavigate();
  return (
    <Group gap="sm" align="flex-start">
      <ActionIcon variant="default" size="lg" onClick={() => navigate(volverA)} aria-label={volverLabel}>
        <IconArrowLeft size={18} />
      </ActionIcon>
      <TituloPantalla titulo={titulo} subtitulo={subtitulo} gap={4} />
    </Group>
  );
}
