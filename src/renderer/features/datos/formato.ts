const UNIDADES = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const numero = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 });

/** A file's size as people read it: '512 B', '1,5 MB' (powers of 1024, es-CO decimals). */
export function tamanoLegible(bytes: number): string {
  let valor = Math.max(0, bytes);
  let unidad = 0;
  while (valor >= 1024 && unidad < UNIDADES.length - 1) {
    valor /= 1024;
    unidad++;
  }
  return `${numero.format(unidad === 0 ? Math.round(valor) : valor)} ${UNIDADES[unidad]}`;
}
