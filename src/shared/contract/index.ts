import { z } from 'zod';
import { op, type InputOf, type OutputOf } from './define';
import type { Operator } from '../domain/operator';
import type { SearchResult } from '../domain/search';
import type { AppNotification } from '../domain/notifications';
import { es } from '../i18n/es';
import { passwordProblem } from '../domain/password';

export { op } from './define';
export type { OperationDef, InputOf, OutputOf, ParsedInputOf } from './define';

const email = z.string().trim().min(1, es.login.camposIncompletos);
const password = z.string().min(1, es.login.camposIncompletos);

export interface AuthState {
  /** No operator exists yet: show the first-administrator screen. */
  needsSetup: boolean;
  operator: Operator | null;
  backend: 'embedded' | 'hosted';
}

/**
 * The one list of operations. Each transport (IPC, HTTP, direct) and the renderer client are generated
 * from this object; createApi implements every entry.
 */
export const contract = {
  auth: {
    estado: op<AuthState>()(z.object({}), { public: true }),
    crearPrimerAdmin: op<Operator>()(
      z.object({
        nombre: z.string().trim().min(1, es.primerAdmin.nombreObligatorio),
        email: z.string().trim().email(es.primerAdmin.emailInvalido),
        password: z.string().superRefine((value, ctx) => {
          const problem = passwordProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      }),
      { public: true },
    ),
    iniciarSesion: op<Operator>()(z.object({ email, password }), { public: true }),
    cerrarSesion: op<null>()(z.object({}), { public: true }),
  },
  shell: {
    buscar: op<SearchResult[]>()(z.object({ q: z.string().max(200) })),
    notificaciones: op<AppNotification[]>()(z.object({})),
    marcarLeida: op<null>()(z.object({ id: z.string().min(1).max(200) })),
    marcarTodasLeidas: op<null>()(z.object({})),
    eliminarNotificacion: op<null>()(z.object({ id: z.string().min(1).max(200) })),
  },
} as const;

export type Contract = typeof contract;
export type Area = keyof Contract;
export type OperationName<A extends Area> = keyof Contract[A] & string;

/** The client-side shape: api.area.operation(input) → Promise<output>. */
export type ApiClient = {
  [A in Area]: {
    [O in OperationName<A>]: (input: InputOf<Contract[A][O]>) => Promise<OutputOf<Contract[A][O]>>;
  };
};

/** Every "area.operation" name, e.g. for IPC channel names and HTTP paths. */
export function operationNames(): Array<{ area: Area; name: string }> {
  return (Object.keys(contract) as Area[]).flatMap((area) =>
    Object.keys(contract[area]).map((name) => ({ area, name })),
  );
}

export function getOperation(area: string, name: string) {
  if (!Object.hasOwn(contract, area)) return undefined;
  const group = contract[area as Area] as Record<string, { input: z.ZodType; public?: boolean }>;
  return Object.hasOwn(group, name) ? group[name] : undefined;
}
