import { mensajes as t } from '../../../shared/areas/mensajes/texts';
import { formatFechaHora } from '../../../shared/domain/dates';
import { instante } from '../../../shared/areas/mensajes/rules';

/** Colombia time of a stored value, 'Fecha inválida' when unreadable, 'N/A' when absent. */
export function fechaColombia(raw: string | null | undefined): string {
  if (!raw) return 'N/A';
  try {
    const d = instante(raw);
    return d ? formatFechaHora(d) : t.fechaInvalida;
  } catch {
    return t.errorConversion;
  }
}
