import { Center, Group, Loader, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The body of a data table: while `cargando`, one row with a loader (and `textoCargando` beside it when
 * given); when `vacio`, one row with `iconoVacio` and `textoVacio`; otherwise `children` (the rows). The
 * state rows span `columnas` columns.
 */
export function CuerpoTabla({
  columnas,
  cargando,
  textoCargando,
  vacio,
  iconoVacio,
  textoVacio,
  children,
}: {
  columnas: number;
  cargando: boolean;
  textoCargando?: string;
  vacio: boolean;
  iconoVacio?: ReactNode;
  textoVacio: string;
  children: ReactNode;
}) {
  return (
    <Table.Tbody>
      {cargando ? (
        <Table.Tr>
          <Table.Td colSpan={columnas}>
            <Center py="xl">
              {textoCargando ? (
                <Group gap="sm">
                  <Loader size="sm" />
                  <Text c="dimmed">{textoCargando}</Text>
                </Group>
              ) : (
                <Loader size="sm" />
              )}
            </Center>
          </Table.Td>
        </Table.Tr>
      ) : vacio ? (
        <Table.Tr>
          <Table.Td colSpan={columnas}>
            <Stack align="center" gap={6} py="xl">
              <ThemeIcon variant="light" color="gray" size={44} radius="xl">
                {iconoVacio}
              </ThemeIcon>
              <Text c="dimmed">{textoVacio}</Text>
            </Stack>
          </Table.Td>
        </Table.Tr>
      ) : (
        children
      )}
    </Table.Tbody>
  );
}
