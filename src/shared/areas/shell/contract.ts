import { z } from 'zod';
import { nada, op } from '../../operaciones/define';
import { searchResultSchema } from '../../domain/search';

export const appNotificationSchema = z.object({
  /** Stable key of the fact it reports, e.g. 'campana-excedido:<id>'; read state is stored against it. */
  id: z.string(),
  type: z.enum(['warning', 'info', 'success', 'error']),
  title: z.string(),
  message: z.string(),
  /** ISO timestamp of the fact. */
  time: z.string(),
  read: z.boolean(),
  /** Where clicking it leads, if anywhere. */
  link: z.string().optional(),
});

/** The header: global search and notifications (part 1 §2.3, §2.4). */
export const shell = {
  buscar: op(z.array(searchResultSchema))(z.object({ q: z.string().max(200) })),
  notificaciones: op(z.array(appNotificationSchema))(z.object({})),
  marcarLeida: op(nada)(z.object({ id: z.string().min(1).max(200) })),
  marcarTodasLeidas: op(nada)(z.object({})),
  eliminarNotificacion: op(nada)(z.object({ id: z.string().min(1).max(200) })),
} as const;
