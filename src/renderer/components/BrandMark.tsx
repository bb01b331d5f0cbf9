import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { es } from '../../shared/i18n/es';

/** The product mark: a green bolt and, unless compact, the product name. */
export function BrandMark({ compact = false, size = 36 }: { compact?: boolean; size?: number }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon size={size} radius="md" variant="gradient" gradient={{ from: 'green.7', to: 'teal.5', deg: 135 }}>
        <IconBolt size={size * 0.6} stroke={2} />
      </ThemeIcon>
      {!compact && (
        <Text fw={700} size="sm" lh={1.2} maw={170}>
          {es.app.nombre}
        </Text>
      )}
    </Group>
  );
}
