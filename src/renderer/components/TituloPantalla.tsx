import { Text, Title } from '@mantine/core';

/** A screen's title and the line under it that says what the screen is for. */
export function TituloPantalla({ titulo, subtitulo }: { titulo: string; subtitulo: string }) {
  return (
    <div>
      <Title order={2}>{titulo}</Title>
      <Text c="dimmed" size="sm">
        {subtitulo}
      </Text>
    </div>
  );
}
