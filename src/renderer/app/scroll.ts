/**
 * What to do with the scroll position after a navigation (part 1 §2.1): smooth-scroll to the hash target if
 * there is one, else restore the position saved for that history entry, else go to the top.
 */
export type ScrollAction = { kind: 'hash'; id: string } | { kind: 'restore'; y: number } | { kind: 'top' };

export function scrollActionFor(hash: string, saved: number | undefined): ScrollAction {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (raw) {
    let id = raw;
    try {
      id = decodeURIComponent(raw);
    } catch {
      // Keep the raw id.
    }
    return { kind: 'hash', id };
  }
  if (typeof saved === 'number' && Number.isFinite(saved) && saved > 0) return { kind: 'restore', y: saved };
  return { kind: 'top' };
}

/** How long to keep retrying a hash target or a restore while a lazy screen is still rendering. */
export const SCROLL_RETRY_MS = 1000;
/** Positions remembered per history entry (oldest dropped first). */
export const SCROLL_MEMORY_LIMIT = 100;

export class ScrollMemory {
  private readonly positions = new Map<string, number>();

  constructor(private readonly limit = SCROLL_MEMORY_LIMIT) {}

  save(key: string, y: number): void {
    this.positions.delete(key);
    this.positions.set(key, y);
    while (this.positions.size > this.limit) {
      const oldest = this.positions.keys().next().value;
      if (oldest === undefined) break;
      this.positions.delete(oldest);
    }
  }

  get(key: string): number | undefined {
    return this.positions.get(key);
  }
}
