import { ActionIcon, Tooltip, type ActionIconProps, type ElementProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An icon button of a table row (edit, delete, call…) with its tooltip. `aria-label` names the row too
 * ('Editar Plan Básico'), so screen readers and the e2e tests can tell the rows' buttons apart.
 */
export function AccionFila({
  label,
  icon,
  variant = 'subtle',
  ...props
}: { label: string; icon: ReactNode; 'aria-label': string } & ActionIconProps & ElementProps<'button', keyof ActionIconProps>) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant={variant} {...props}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
