import { useEffect } from 'react';

/** The window title of a portal screen: the screen's own title only (§2.1: 'Acceso Empresa'). */
export function usePortalTitulo(titulo: string): void {
  useEffect(() => {
    document.title = titulo;
  }, [titulo]);
}
