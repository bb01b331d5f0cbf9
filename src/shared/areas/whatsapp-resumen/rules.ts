/** The WhatsApp summary (part 3 §2.4): its shape and the percentages the screen shows. */
import type { ResumenWhatsapp } from './contract';

export interface Porcentajes {
  ia: number;
  humanos: number;
  promedioPorSesion: number;
}

/** §2.4: AI and human percentages and messages per session, rounded; 0 when there is nothing. */
export function porcentajes(r: Pick<ResumenWhatsapp, 'totalMensajes' | 'totalSesiones' | 'humanos' | 'ia'>): Porcentajes {
  const total = r.humanos + r.ia;
  return {
    ia: total > 0 ? Math.round((r.ia / total) * 100) : 0,
    humanos: total > 0 ? Math.round((r.humanos / total) * 100) : 0,
    promedioPorSesion: r.totalSesiones > 0 ? Math.round(r.totalMensajes / r.totalSesiones) : 0,
  };
}
