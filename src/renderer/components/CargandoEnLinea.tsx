import { Group, Loader, Text, type GroupProps } from '@mantine/core';

/** A small spinner and its dimmed line ('Calculando…', 'Buscando…') where the answer will appear. */
export function CargandoEnLinea({ texto, ...grupo }: { texto: string } & Omit<GroupProps, 'children'>) {
  return (
    <Group gap="xs" {...grupo}>
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        {texto}
      </Text>
    </Group>
  );
}
