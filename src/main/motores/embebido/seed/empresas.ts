/**
 * The client companies (the agency's customers). Their portal passwords are crypto-random per install and
 * stored only as bcrypt hashes: nobody is told them; an operator generates a new one to hand out.
 */
import { randomBytes } from 'node:crypto';
import type { Siembra } from './contexto';
import empresas from './datos/empresas.json';
import type { Rng } from './rng';
import { daysBefore } from './tiempo';

/** The client companies (datos/empresas.json). */
export const EMPRESAS = empresas;

/** A demo company's portal password nobody is told: 24 characters from 18 random bytes of node:crypto. */
export function contrasenaPortalNueva(): string {
  return randomBytes(18).toString('base64url');
}

/** The same while seeding: the seeded PRNG still draws the 8 characters it used to, so every other demo value stays. */
function portalPassword(rng: Rng): string {
  rng.password(8);
  return contrasenaPortalNueva();
}

/** Inserts the client companies; answers their ids (index = position in EMPRESAS). */
export async function seedEmpresas({ tx, rng, nowMs }: Siembra): Promise<string[]> {
  const empresaIds = EMPRESAS.map(() => rng.uuid());
  await tx.query(
    `insert into public.empresas
       (id, nombre, descripcion, ruc, direccion, telefono, email, website, activo, usuario_cliente, contrasena_cliente, created_at)
     -- Portal passwords are only ever stored as bcrypt hashes (operators generate a new one to hand out).
     select x.id, x.nombre, x.descripcion, x.ruc, x.direccion, x.telefono, x.email, x.website, x.activo, x.usuario_cliente,
            crypt(x.contrasena_cliente, gen_salt('bf', 10)), x.created_at
       from jsonb_to_recordset($1::jsonb) as x(
       id uuid, nombre text, descripcion text, ruc text, direccion text, telefono text, email text, website text,
       activo boolean, usuario_cliente text, contrasena_cliente text, created_at timestamptz)`,
    [JSON.stringify(EMPRESAS.map((e, k) => ({
      ...e,
      id: empresaIds[k],
      usuario_cliente: `usuario_${e.nombre.toLowerCase().replace(/\s+/g, '_')}`,
      contrasena_cliente: portalPassword(rng),
      created_at: daysBefore(nowMs, 170 - k * 20),
    })))],
  );
  return empresaIds;
}
