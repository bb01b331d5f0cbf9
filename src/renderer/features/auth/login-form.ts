import { AppError } from '../../../shared/errors';
import { es } from '../../../shared/i18n/es';

/** Login rules of part 1 §5 and §8, kept pure so they are unit-tested. */

/** The submit button is disabled while busy or while either field is empty. */
export function loginSubmitDisabled(email: string, password: string, busy: boolean): boolean {
  return busy || email === '' || password === '';
}

/** Both fields must be non-empty after trimming; returns the message to show, or null. */
export function loginValidationMessage(email: string, password: string): string | null {
  return email.trim() === '' || password.trim() === '' ? es.login.camposIncompletos : null;
}

/** The message for a failed sign-in: the server's message, else 'Error de autenticación'; anything else is unexpected. */
export function loginErrorMessage(error: unknown): string {
  if (AppError.is(error)) return error.message.trim() ? error.message : es.login.errorAutenticacion;
  return es.login.errorInesperado;
}
