/** Global search (part 1 §2.4, §5, §9). */
import { z } from 'zod';

/** One result (the shell contract's answer to `buscar`). */
export const searchResultSchema = z.object({
  id: z.string(),
  type: z.enum(['cliente', 'campana', 'llamada']),
  title: z.string(),
  subtitle: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export type SearchResultType = SearchResult['type'];

export const SEARCH_LIMITS: Record<SearchResultType, number> = { cliente: 5, campana: 3, llamada: 5 };
export const SEARCH_DEBOUNCE_MS = 300;

/** Where selecting a result goes (part 1 §2.4). */
export const SEARCH_TARGET: Record<SearchResultType, string> = {
  cliente: '/dashboard/equipo',
  campana: '/dashboard/campanas',
  llamada: '/dashboard/resumen',
};

/** An empty or blank query clears the results (part 1 §5). */
export function normalizeSearchQuery(q: string): string | null {
  const trimmed = q.trim();
  return trimmed ? trimmed : null;
}
