import { Stack, Text, Title } from '@mantine/core';

/**
 * A screen's title and the line under it that says what the screen is for. With `gap`, the two stand in a
 * Stack that far apart (the screens whose header row also holds buttons); without it, in a plain block.
 */
export function TituloPantalla({ titulo, subtitulo, gap }: { titulo: string; subtitulo: string; gap?: number }) {
  const contenido = (
    <>
      <Title order={2}>{titulo}</Title>
      <Text c="dimmed" size="sm">
        {subtitulo}
      </Text>
    </>
  );
  return gap === undefined ? <div>{contenido}</div> : <Stack gap={gap}>{contenido}</Stack>;
}
