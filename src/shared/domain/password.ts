import { es } from '../i18n/es';

/**
 * Password strength rules of part 3 §5, checked in order: 8 characters, a lowercase letter, an uppercase
 * letter, a digit. Returns the first failing message, or null when valid.
 */
export const PASSWORD_MIN_LENGTH = 8;

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return es.password.minimo;
  if (!/\p{Ll}/u.test(password)) return es.password.minuscula;
  if (!/\p{Lu}/u.test(password)) return es.password.mayuscula;
  if (!/\d/.test(password)) return es.password.numero;
  return null;
}

/** The live indicator text: the first problem, or 'Contraseña válida'. */
export function passwordStrengthText(password: string): string {
  return passwordProblem(password) ?? es.password.valida;
}
