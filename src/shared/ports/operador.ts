/** The operator as every side sees it (imports only zod, so the ports can name it without a cycle). */
import { z } from 'zod';
/**
 * The two roles (issue 14). The database keeps one flag, perfiles.es_admin; `rol` is the same fact by its
 * name, filled from it in one place (`operador`), so the two never disagree.
 */
export const ROLES = ['administrador', 'operador'] as const;
export type Rol = (typeof ROLES)[number];

export const rolDe = (esAdmin: boolean): Rol => (esAdmin ? 'administrador' : 'operador');

/**
 * The answer schema of every auth operation that answers the operator. Here, not in the contract: the ports
 * name the type, and the contract depends on what depends on the ports.
 */
/** A signed-in staff member (auth user + operator profile); `rol` always follows esAdmin (operador()). */
export const operatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  nombre: z.string(),
  esAdmin: z.boolean(),
  rol: z.enum(ROLES),
  createdAt: z.string(),
});
export type Operator = z.infer<typeof operatorSchema>;

/** The Operator of a profile: every backend builds it here, so the role always follows es_admin. */
export function operador(fields: Omit<Operator, 'rol'>): Operator {
  return { ...fields, rol: rolDe(fields.esAdmin) };
}

/** Display name = full name, else the part of the e-mail before the @, else 'Usuario' (part 1 §3). */
export function displayName(user: { nombre?: string | null; email?: string | null } | null | undefined): string {
  const nombre = user?.nombre?.trim();
  if (nombre) return nombre;
  const local = user?.email?.split('@')[0]?.trim();
  return local ? local : 'Usuario';
}

/** Avatar initial = first letter uppercased, else 'U' (part 1 §3). */
export function avatarInitial(user: { nombre?: string | null; email?: string | null } | null | undefined): string {
  const name = displayName(user);
  const first = name === 'Usuario' && !user?.nombre && !user?.email ? '' : name.charAt(0);
  return first ? first.toUpperCase() : 'U';
}
