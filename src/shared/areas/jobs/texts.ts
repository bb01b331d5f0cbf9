/** Texts of long-running jobs. Composed into `es` by src/shared/i18n/es.ts. */
export const trabajos = {
  noEncontrado: 'El proceso ya no existe o no te pertenece.',
  cancelado: 'Proceso cancelado.',
  interrumpido: 'Se interrumpió: la aplicación se cerró mientras corría. Revisa lo que quedó a medias y vuelve a intentarlo.',
  /** The one vocabulary of long work, as a badge reads it (domain/trabajos.ts). */
  estados: { en_curso: 'En curso', terminado: 'Terminado', fallido: 'Falló', cancelado: 'Cancelado', interrumpido: 'Interrumpido' },
  cancelar: 'Cancelar',
  progreso: (hechos: number, total: number) => `${hechos} de ${total}`,
} as const;
