import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/** Mounts a page's app in its #root under StrictMode: the one start of the dashboard and of the company portal. */
export function montar(app: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('No se encontró el elemento #root');
  createRoot(container).render(<StrictMode>{app}</StrictMode>);
}
