import { passwordProblem, passwordStrengthText } from '../../../shared/areas/auth/rules';
import { es } from '../../../shared/i18n/es';
import type { PrimerAdmin } from '../../../shared/areas/auth/contract';

// First-administrator form rules (part 3 §5 strength rules, in order), kept pure for unit tests.

/** What the operation receives, plus the confirmation only the form has. */
export type FirstAdminValues = Required<PrimerAdmin> & { confirmacion: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function looksLikeEmail(email: string): boolean {
  return EMAIL.test(email.trim());
}

export interface FirstAdminView {
  strength: { text: string; valid: boolean } | null;
  match: { text: string; ok: boolean } | null;
  canSubmit: boolean;
}

export function firstAdminView(values: FirstAdminValues, busy = false): FirstAdminView {
  const strength = values.password ? { text: passwordStrengthText(values.password), valid: passwordProblem(values.password) === null } : null;
  const matches = values.password === values.confirmacion;
  const match = values.confirmacion ? { text: matches ? es.primerAdmin.coinciden : es.primerAdmin.noCoinciden, ok: matches } : null;
  const canSubmit =
    !busy &&
    values.nombre.trim() !== '' &&
    looksLikeEmail(values.email) &&
    passwordProblem(values.password) === null &&
    values.confirmacion !== '' &&
    matches;
  return { strength, match, canSubmit };
}
