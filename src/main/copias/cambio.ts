import type { BaseEmbebida } from '../motores/embebido/pglite-worker-client';

/** A change of the data folder the host applies between closing the backend and opening it again (host.ts reopen). */
export interface CambioDeDatos {
  aplicar(): Promise<void>;
  /** Puts things back when the backend does not open after `aplicar`. */
  deshacer(): Promise<void>;
  /**
   * Reads, from the database about to close (null: none embedded), what must outlive the change. Called once
   * nothing new is handed that database (the inbound listener answers 'unavailable' meanwhile).
   */
  antesDeCerrar?(base: BaseEmbebida | null): Promise<void>;
  /** Writes it into the database just opened, before anything else is handed it; a failure undoes the change. */
  alAbrir?(base: BaseEmbebida | null): Promise<void>;
}
