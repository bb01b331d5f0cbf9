/** Texts of long-running jobs. Composed into `es` by src/shared/i18n/es.ts. */
export const trabajos = {
  noEncontrado: 'El proceso ya no existe o no te pertenece.',
  cancelado: 'Proceso cancelado.',
  cancelar: 'Cancelar',
  progreso: (hechos: number, total: number) => `${hechos} de ${total}`,
} as const;
