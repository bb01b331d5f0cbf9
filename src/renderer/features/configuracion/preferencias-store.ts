/**
 * The local preferences (dark mode, accent colour, header notifications) as a tiny external store over
 * localStorage: read once at start (no flash of the wrong theme), shared by the theme provider, the
 * header and the settings screen, and kept in step across tabs through the 'storage' event.
 */
import { useSyncExternalStore } from 'react';
import {
  PREFERENCIAS_STORAGE_KEY,
  parsePreferencias,
  serializePreferencias,
  type Preferencias,
} from '../../../shared/areas/configuracion/rules';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(): Preferencias {
  try {
    return parsePreferencias(storage()?.getItem(PREFERENCIAS_STORAGE_KEY));
  } catch {
    return parsePreferencias(null);
  }
}

let current: Preferencias = read();
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === PREFERENCIAS_STORAGE_KEY || event.key === null) {
      current = read();
      emit();
    }
  });
}

export function getPreferencias(): Preferencias {
  return current;
}

export function setPreferencias(update: Partial<Preferencias>): void {
  current = { ...current, ...update };
  try {
    storage()?.setItem(PREFERENCIAS_STORAGE_KEY, serializePreferencias(current));
  } catch {
    // Storage full or blocked: the choice applies now but is not remembered.
  }
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePreferencias(): Preferencias {
  return useSyncExternalStore(subscribe, getPreferencias, getPreferencias);
}
