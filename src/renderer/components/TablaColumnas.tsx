import { Table, Text, type TableTdProps, type TableThProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The column kinds of a data table, so no table clips what an operator must read or click (issue 12):
 *
 * - actions (`ThAcciones`/`TdAcciones`): as narrow as its buttons, never wrapped, and pinned to the right
 *   edge of the table's scroll area, so on a narrow window the row scrolls under it instead of pushing the
 *   buttons out of sight;
 * - status (`TdEstado`): as wide as its badge, never wrapped (badges themselves never shrink: theme.ts);
 * - long text (`TdTexto`): names, table names, addresses; cut with an ellipsis at `maxWidth` and shown
 *   whole in the tooltip, so they give room to the columns above instead of taking it.
 */
const PINNED: CSSProperties = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  width: '1%',
  whiteSpace: 'nowrap',
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--mantine-color-default-border)',
};

export function ThAcciones({ children, ...props }: TableThProps & { children: ReactNode }) {
  return (
    <Table.Th ta="center" {...props} style={PINNED}>
      {children}
    </Table.Th>
  );
}

export function TdAcciones({ children, ...props }: TableTdProps & { children: ReactNode }) {
  return (
    <Table.Td {...props} style={PINNED}>
      {children}
    </Table.Td>
  );
}

export function TdEstado({ children, ...props }: TableTdProps & { children: ReactNode }) {
  return (
    <Table.Td {...props} style={{ width: '1%', whiteSpace: 'nowrap' }}>
      {children}
    </Table.Td>
  );
}

export function TdTexto({
  texto,
  maxWidth = 260,
  ...props
}: TableTdProps & { texto: string; maxWidth?: number }) {
  return (
    <Table.Td {...props}>
      <Text size="sm" title={texto} style={{ maxWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {texto}
      </Text>
    </Table.Td>
  );
}

/**
 * The background of a deactivated record's row. A tint, not opacity: faded text would fall under 4.5:1, and
 * the row's status badge or icon already says it is inactive.
 */
export const ROW_INACTIVA = 'var(--mantine-color-gray-0)';
