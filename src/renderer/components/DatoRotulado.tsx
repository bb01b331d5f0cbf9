import { Text } from '@mantine/core';

/**
 * One value under its small dimmed label: a summary's figure (`destacado`: bold and large, as in a project's
 * details or a site's structure) or a plain detail line (as the backups' last and next run).
 */
export function DatoRotulado({ etiqueta, valor, destacado = false }: { etiqueta: string; valor: string; destacado?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {etiqueta}
      </Text>
      {destacado ? (
        <Text fw={700} size="lg">
          {valor}
        </Text>
      ) : (
        <Text size="sm" fw={500}>
          {valor}
        </Text>
      )}
    </div>
  );
}
