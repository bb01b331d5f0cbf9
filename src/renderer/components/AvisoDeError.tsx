import { Alert, type AlertProps } from '@mantine/core';
import { mensajeDe } from '../lib/mensaje-error';

/**
 * A failed read's message where its data would be: the api's Spanish message, else the screen's line
 * (`mensajeDe`). It shows nothing while there is no error, so a card writes `<AvisoDeError error={q.error} … />`
 * instead of the same four lines around an Alert.
 */
export function AvisoDeError({ error, texto, ...alerta }: { error: unknown; texto?: string } & Omit<AlertProps, 'children'>) {
  if (!error) return null;
  return <Alert {...alerta}>{mensajeDe(error, texto)}</Alert>;
}
