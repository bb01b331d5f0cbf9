import { Alert } from '@mantine/core';

/**
 * A form's own error line at its top (a field left empty, the api's refusal already turned into Spanish):
 * nothing while there is none. `AvisoDeError` is its sibling for a failed read, which still needs `mensajeDe`.
 */
export function AlertaDeFormulario({ mensaje }: { mensaje: string | null }) {
  if (!mensaje) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {mensaje}
    </Alert>
  );
}
