/** Administración de Empresas: client companies and their portal credentials (part 2 §2, §6, §8). */
import { z } from 'zod';
import { op } from '../../operaciones/define';
import { id, registroConNombre, textoOpcional } from '../../operaciones/campos';
import { dependenciasEliminacionSchema } from '../proyectos/formas';
import { empresas as te } from './texts';

export const empresaSchema = registroConNombre.extend({
  ruc: z.string().nullable(),
  direccion: z.string().nullable(),
  telefono: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  logoUrl: z.string().nullable(),
  activo: z.boolean(),
  usuarioCliente: z.string().nullable(),
  /** Never the password itself: only whether one is stored. */
  tieneContrasena: z.boolean(),
  createdAt: z.string(),
});

export const credencialesPortalSchema = z.object({
  empresaId: z.string(),
  usuario: z.string(),
  /** Plain, shown once. */
  contrasena: z.string(),
});

const empresaCampos = {
  nombre: z.string().trim().min(1, te.nombreObligatorio).max(200),
  descripcion: textoOpcional,
  ruc: z.string().trim().max(50).nullable().optional(),
  direccion: textoOpcional,
  telefono: z.string().trim().max(50).nullable().optional(),
  email: z
    .string()
    .trim()
    .max(320)
    .refine((v) => v === '' || z.string().email().safeParse(v).success, te.emailInvalido)
    .nullable()
    .optional(),
  website: z.string().trim().max(500).nullable().optional(),
  logoUrl: z.string().trim().max(1000).nullable().optional(),
  activo: z.boolean().default(true),
  usuarioCliente: z.string().trim().min(1, te.usuarioObligatorio).max(200),
};

export const empresas = {
  listar: op(z.array(empresaSchema))(z.object({})),
  /** Creating stores the password only as a bcrypt hash; the plain one is answered once for the operator to copy. */
  crear: op(z.object({ empresa: empresaSchema, credenciales: credencialesPortalSchema }))(
    z.object({ ...empresaCampos, contrasenaCliente: z.string().min(1, te.contrasenaObligatoria).max(200) }),
  ),
  /** Omit contrasenaCliente (or send '') to keep the stored one. */
  actualizar: op(z.object({ empresa: empresaSchema, credenciales: credencialesPortalSchema.nullable() }))(
    z.object({ id, ...empresaCampos, contrasenaCliente: z.string().max(200).optional() }),
  ),
  cambiarEstado: op(empresaSchema)(z.object({ id, activo: z.boolean() })),
  /** What depends on the company (projects, bot companies, its portal) for the delete dialog. */
  dependencias: op(dependenciasEliminacionSchema)(z.object({ id })),
  eliminar: op(z.object({ id: z.string() }))(z.object({ id })),
  /** A new random password (crypto source), stored hashed, answered once. */
  restablecerContrasena: op(credencialesPortalSchema)(z.object({ id })),
} as const;
