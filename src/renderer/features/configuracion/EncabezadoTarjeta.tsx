import { Group, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The header every settings card has: icon, title and, when given, what the card is for. */
export function EncabezadoTarjeta({ icono, titulo, detalle }: { icono: ReactNode; titulo: string; detalle?: string }) {
  return (
    <>
      <Group gap="sm" mb={detalle ? 'xs' : 'md'}>
        <ThemeIcon variant="light" radius="md" size={34}>
          {icono}
        </ThemeIcon>
        <Title order={4}>{titulo}</Title>
      </Group>
      {detalle && (
        <Text size="sm" c="dimmed" mb="md">
          {detalle}
        </Text>
      )}
    </>
  );
}
