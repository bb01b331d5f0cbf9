/** A change of the data folder the host applies between closing the backend and opening it again (host.ts reopen). */
export interface CambioDeDatos {
  aplicar(): Promise<void>;
  /** Puts things back when the backend does not open after `aplicar`. */
  deshacer(): Promise<void>;
}
