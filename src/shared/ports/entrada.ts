/**
 * The inbound results listener of this process (issue 15 §1, src/main/entrada), as Configuración → Conexión
 * sees it: where it listens now, and "apply the saved setting" after an administrator saves it. Absent where
 * no process runs one (tests of other areas); then Conexión says the change applies at the next start.
 */
export interface EstadoEntrada {
  escuchando: { direccion: string; puerto: number } | null;
  /** The command line fixed the address for this run (--entrada-port / --entrada-host): the setting waits. */
  fijadoAlIniciar: boolean;
  /** Why it does not listen where asked (a port taken, say), in Spanish; null when all is well. */
  error: string | null;
}

export interface EntradaPort {
  /** Brings the listener in line with the saved setting; resolves with the state after it. */
  aplicar(): Promise<EstadoEntrada>;
  /** The state once any pending re-application has finished. */
  estado(): Promise<EstadoEntrada>;
}
