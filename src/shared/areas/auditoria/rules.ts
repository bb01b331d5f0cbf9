/** Pure rules of Configuración → Actividad (unit-tested): how a row reads and its CSV. */
import { auditoria as t } from './texts';
import type { FilaAuditoria } from './contract';

/** The action as people read it; an action this version does not know yet shows its code. */
export function nombreAccion(accion: string): string {
  return t.acciones[accion] ?? accion;
}

/** The detail as one line: "clave: valor" pairs, nested objects flattened ("arrastra.clientes: 3"). */
export function detalleEnTexto(detalle: Record<string, unknown>, prefijo = ''): string {
  const partes: string[] = [];
  for (const [clave, valor] of Object.entries(detalle)) {
    if (valor === null || valor === undefined || valor === '') continue;
    if (typeof valor === 'object' && !Array.isArray(valor)) {
      const dentro = detalleEnTexto(valor as Record<string, unknown>, `${prefijo}${clave}.`);
      if (dentro) partes.push(dentro);
    } else {
      partes.push(`${prefijo}${clave}: ${Array.isArray(valor) ? valor.join(', ') : String(valor)}`);
    }
  }
  return partes.join('; ');
}

/**
 * One CSV cell: quoted when needed, and a cell a spreadsheet would run as a formula (= + - @, tab, CR) is
 * prefixed with an apostrophe (OWASP's CSV-injection advice): an operator's name is text, not a formula.
 */
export function celdaCsv(valor: string | null | undefined): string {
  let s = valor ?? '';
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvAuditoria(filas: FilaAuditoria[], fecha: (iso: string) => string = (iso) => iso): string {
  const lineas = [t.csvEncabezados.map(celdaCsv).join(',')];
  for (const f of filas) {
    lineas.push(
      [fecha(f.fecha), f.persona, f.email, nombreAccion(f.accion), f.objeto, detalleEnTexto(f.detalle), f.direccion].map(celdaCsv).join(','),
    );
  }
  return lineas.join('\r\n') + '\r\n';
}

/**
 * The date inputs' days (YYYY-MM-DD, as read in Bogotá, which keeps UTC−5 all year) as the search's instants:
 * from the start of "desde" to the end of "hasta" (the start of the next day).
 */
export function rangoDeDias(desde: string, hasta: string): { desde?: string; hasta?: string } {
  const dia = /^\d{4}-\d{2}-\d{2}$/;
  const out: { desde?: string; hasta?: string } = {};
  if (dia.test(desde)) out.desde = new Date(`${desde}T00:00:00-05:00`).toISOString();
  if (dia.test(hasta)) out.hasta = new Date(new Date(`${hasta}T00:00:00-05:00`).getTime() + 86_400_000).toISOString();
  return out;
}
