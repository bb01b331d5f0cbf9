import { collapsibleKeys } from './navigation';

/** localStorage keys of the sidebar (part 1 §2.3: collapsed state and open sections survive a reload). */
export const SIDEBAR_COLLAPSED_KEY = 'consola.sidebar.colapsado';
export const SIDEBAR_SECTIONS_KEY = 'consola.sidebar.secciones';

/** The subset of Storage used here, so tests can pass a Map-backed fake. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function readCollapsed(storage: KeyValueStorage | null): boolean {
  try {
    return storage?.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeCollapsed(storage: KeyValueStorage | null, collapsed: boolean): void {
  try {
    storage?.setItem(SIDEBAR_COLLAPSED_KEY, collapsed ? 'true' : 'false');
  } catch {
    // Storage full or blocked: the preference just is not remembered.
  }
}

/** Open sections: a JSON array of entry keys; unknown keys and malformed values are dropped. */
export function readOpenSections(storage: KeyValueStorage | null, valid: readonly string[] = collapsibleKeys()): string[] {
  try {
    const raw = storage?.getItem(SIDEBAR_SECTIONS_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const seen = new Set<string>();
    for (const item of parsed) if (typeof item === 'string' && valid.includes(item)) seen.add(item);
    return [...seen];
  } catch {
    return [];
  }
}

export function writeOpenSections(storage: KeyValueStorage | null, sections: readonly string[]): void {
  try {
    storage?.setItem(SIDEBAR_SECTIONS_KEY, JSON.stringify([...new Set(sections)]));
  } catch {
    // See writeCollapsed.
  }
}

/** window.localStorage when there is one (it can throw in locked-down browsers). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
