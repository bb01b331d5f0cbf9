import { useEffect } from 'react';
import { es } from '../../shared/i18n/es';

/** Sets the window title to '<screen> · Consola de Automatización'. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${es.app.nombre}` : es.app.nombre;
  }, [title]);
}
