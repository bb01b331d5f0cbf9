/**
 * Texts of Configuración → Datos (issue 16): backups, restore, the move to a hosted project and the diagnostic
 * log. Composed into `es` by src/shared/i18n/es.ts. The engines in src/main (copias/, traslado/, registro/) and
 * the screens read them from here.
 */
import { copias } from './texts-copias';
import { traslado } from './texts-traslado';
import { registro } from './texts-registro';

export const datos = {
  copias,
  traslado,
  registro,
  actividadEnCurso: 'Ya hay una tarea de datos en curso (copia, restauración o traslado). Espera a que termine o cancélala.',
  cancelada: 'Se canceló. No se cambió nada.',
  // Generic outcomes when something unexpected failed (the log has the details).
  falloCopia: 'No se pudo crear la copia de seguridad. Revisa el registro de diagnóstico.',
  falloRestauracion: 'No se pudo restaurar la copia. Tus datos actuales no cambiaron.',
  falloTraslado: 'No se pudo completar el traslado. Puedes reanudarlo; tus datos locales no cambiaron.',
  soloEmbebida: 'Las copias de seguridad son de la base de datos integrada. Con Supabase, usa las copias del proyecto alojado.',
};
