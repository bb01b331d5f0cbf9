/**
 * What the servicios operations answer, declared once as zod schemas (the types are inferred from them). Their
 * own module, beside the contract that uses them: ./rules.ts names these types and the contract needs the
 * rules, so declaring them in contract.ts would make an import cycle (tests/unit/import-cycles.test.ts).
 */
import { z } from 'zod';

/** One service of the catalogue as every screen sees it. */
export const servicioDisponibleSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  descripcion: z.string(),
  tipo: z.string(),
  icono: z.string(),
  permiteMultiple: z.boolean(),
  activo: z.boolean(),
  categoria: z.string(),
  configuracionDefault: z.record(z.string(), z.unknown()),
  createdAt: z.string().optional(),
});
