import { AppError } from '../../shared/errors';
import { es } from '../../shared/i18n/es';

/**
 * The text a screen shows for a failure: the api's own Spanish message whenever it has one ('No tienes
 * permiso para esta operación.', a conflict, a validation), else the screen's `porDefecto`. Only an
 * AppError carries a message meant for a person (anything else — a browser exception, a bug — may be
 * English or internal), and the dispatcher's generic 'Error inesperado' says less than the screen's own
 * line ('Error al eliminar el plan'), so both fall back. One home: every screen calls this.
 */
export function mensajeDe(error: unknown, porDefecto: string = es.app.errorInesperado): string {
  if (!AppError.is(error) || !error.message.trim() || error.message === es.app.errorInesperado) return porDefecto;
  return error.message;
}
