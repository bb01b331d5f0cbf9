import { Button, Group, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dialog's footer: 'Cancelar' (plain, it only closes) and, after it on the right, the dialog's own action
 * — passed as `children`, since its colour, label and loading state are each dialog's.
 */
export function PieDeModal({ cancelar, onCancelar, cancelarDeshabilitado, children, ...grupo }: { cancelar: string; onCancelar: () => void; cancelarDeshabilitado?: boolean; children: ReactNode } & Omit<GroupProps, 'children'>) {
  return (
    <Group justify="flex-end" {...grupo}>
      <Button variant="default" onClick={onCancelar} disabled={cancelarDeshabilitado}>
        {cancelar}
      </Button>
      {children}
    </Group>
  );
}
