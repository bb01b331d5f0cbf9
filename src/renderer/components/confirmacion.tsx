import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/** What a yes/no dialog says and does before an action that needs the user's word. */
export interface Confirmacion {
  titulo: string;
  /** The question: the dialog's one line of small text. */
  pregunta: ReactNode;
  si: string;
  no: string;
  alConfirmar: () => void;
  /** A red confirm button: the action deletes, stops or shuts someone out. */
  peligro?: boolean;
  centrado?: boolean;
  /** The close button's aria-label, where the screen names it. */
  cerrar?: string;
}

/**
 * Opens the confirmation dialog the screens share (Mantine's confirm modal). Only the options given reach the
 * dialog, so the rest keep Mantine's defaults exactly as when each screen opened it by hand.
 */
export function pedirConfirmacion({ titulo, pregunta, si, no, alConfirmar, peligro, centrado, cerrar }: Confirmacion): void {
  modals.openConfirmModal({
    title: titulo,
    ...(centrado ? { centered: true } : {}),
    ...(cerrar ? { closeButtonProps: { 'aria-label': cerrar } } : {}),
    children: <Text size="sm">{pregunta}</Text>,
    labels: { confirm: si, cancel: no },
    ...(peligro ? { confirmProps: { color: 'red' } } : {}),
    onConfirm: alConfirmar,
  });
}
