/**
 * The change-password form rules (part 3 §2.8, §5), in the order the dialog and the api check them.
 * Returns the first message, or null when the change may be sent.
 */
import { es } from '../i18n/es';
import { PASSWORD_MIN_LENGTH, passwordProblem } from './password';

export interface CambioContrasena {
  actual: string;
  nueva: string;
  confirmacion: string;
}

export function problemaCambioContrasena({ actual, nueva, confirmacion }: CambioContrasena): string | null {
  if (!actual || !nueva || !confirmacion) return es.configuracion.camposRequeridos;
  if (nueva !== confirmacion) return es.configuracion.nuevasNoCoinciden;
  if (nueva.length < PASSWORD_MIN_LENGTH) return es.configuracion.minimoNueva;
  return passwordProblem(nueva);
}

/** The live match indicator: null while the confirmation is empty. */
export function indicadorCoincidencia(nueva: string, confirmacion: string): { coinciden: boolean; texto: string } | null {
  if (!confirmacion) return null;
  const coinciden = nueva === confirmacion;
  return { coinciden, texto: coinciden ? es.configuracion.coinciden : es.configuracion.noCoinciden };
}

/** Submit is enabled only when every field is filled, the new password is valid and both match. */
export function puedeEnviarCambio(form: CambioContrasena): boolean {
  return problemaCambioContrasena(form) === null;
}
