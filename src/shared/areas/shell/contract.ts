import { z } from 'zod';
import { op } from '../../contract/define';
import type { SearchResult } from '../../domain/search';
import type { AppNotification } from './rules';

/** The header: global search and notifications (part 1 §2.3, §2.4). */
export const shell = {
  buscar: op<SearchResult[]>()(z.object({ q: z.string().max(200) })),
  notificaciones: op<AppNotification[]>()(z.object({})),
  marcarLeida: op<null>()(z.object({ id: z.string().min(1).max(200) })),
  marcarTodasLeidas: op<null>()(z.object({})),
  eliminarNotificacion: op<null>()(z.object({ id: z.string().min(1).max(200) })),
} as const;
