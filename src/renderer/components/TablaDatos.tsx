import { Paper, Table, type TableTrProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { CuerpoTabla } from './CuerpoTabla';
import { TdAcciones, TdEstado, TdTexto, ThAcciones } from './TablaColumnas';

/**
 * One column of a data table. The kind decides how it behaves at the window's width (TablaColumnas.tsx):
 * - 'texto': one line cut with an ellipsis at `anchoMaximo`, whole in its tooltip (`celda` answers the text);
 * - 'estado': as wide as its badge, never wrapped;
 * - 'acciones': as narrow as its buttons and pinned to the right edge, so no action goes off-screen;
 * - 'normal' (default): the cell as `celda` draws it.
 */
export type Columna<T> =
  | { titulo: ReactNode; tipo: 'texto'; celda: (fila: T) => string; anchoMaximo?: number }
  | { titulo: ReactNode; tipo?: 'normal' | 'estado' | 'acciones'; celda: (fila: T) => ReactNode; ta?: 'left' | 'center' | 'right'; miw?: number; maw?: number };

/**
 * Every table of the app: a bordered paper, a horizontal scroll area below `anchoMinimo`, the header from the
 * column titles, and the loading and empty rows (CuerpoTabla). Rows may carry their own attributes
 * (`propsFila`: test ids, the inactive tint); `pie` goes inside the paper below the table (a pagination).
 * `compacta` is the smaller, striped form for a table inside a modal (a preview, a batch's rows).
 */
export function TablaDatos<T>({
  etiqueta,
  filas,
  claveFila = (fila) => (fila as { id: string | number }).id,
  columnas,
  cargando = false,
  textoCargando,
  vacio,
  anchoMinimo = 800,
  propsFila,
  pie,
  compacta = false,
  testId,
}: {
  etiqueta: string;
  filas: readonly T[];
  /** The row's React key; by default its `id`. */
  claveFila?: (fila: T) => string | number;
  columnas: ReadonlyArray<Columna<T>>;
  cargando?: boolean;
  textoCargando?: string;
  /** What the table shows when there are no rows (nothing when left out: the screen says it elsewhere). */
  vacio?: { icono: ReactNode; texto: string };
  anchoMinimo?: number;
  propsFila?: (fila: T) => TableTrProps & Record<`data-${string}`, string | undefined>;
  pie?: ReactNode;
  compacta?: boolean;
  testId?: string;
}) {
  const forma = compacta
    ? ({ verticalSpacing: 'xs', horizontalSpacing: 'sm', fz: 'sm', striped: true } as const)
    : ({ verticalSpacing: 'sm', horizontalSpacing: 'md', highlightOnHover: true } as const);
  return (
    <Paper withBorder radius={compacta ? 'md' : 'lg'} shadow={compacta ? undefined : 'xs'}>
      {/* Focusable, so a table that scrolls sideways can be scrolled from the keyboard too (axe: scrollable-region-focusable). */}
      <Table.ScrollContainer minWidth={anchoMinimo} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': etiqueta } }}>
        <Table {...forma} aria-label={etiqueta} data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {columnas.map((c, i) =>
                c.tipo === 'acciones' ? (
                  <ThAcciones key={i}>{c.titulo}</ThAcciones>
                ) : (
                  <Table.Th key={i} ta={c.tipo !== 'texto' ? c.ta : undefined}>
                    {c.titulo}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <CuerpoTabla
            columnas={columnas.length}
            cargando={cargando}
            {...(textoCargando ? { textoCargando } : {})}
            vacio={filas.length === 0 && vacio !== undefined}
            iconoVacio={vacio?.icono}
            textoVacio={vacio?.texto ?? ''}
          >
            {filas.map((fila) => (
              <Table.Tr key={claveFila(fila)} {...propsFila?.(fila)}>
                {columnas.map((c, i) => celda(c, fila, i))}
              </Table.Tr>
            ))}
          </CuerpoTabla>
        </Table>
      </Table.ScrollContainer>
      {pie}
    </Paper>
  );
}

function celda<T>(c: Columna<T>, fila: T, i: number): ReactNode {
  switch (c.tipo) {
    case 'texto':
      return <TdTexto key={i} texto={c.celda(fila)} {...(c.anchoMaximo ? { maxWidth: c.anchoMaximo } : {})} />;
    case 'estado':
      return <TdEstado key={i}>{c.celda(fila)}</TdEstado>;
    case 'acciones':
      return <TdAcciones key={i}>{c.celda(fila)}</TdAcciones>;
    default:
      return (
        <Table.Td key={i} ta={c.ta} miw={c.miw} maw={c.maw}>
          {c.celda(fila)}
        </Table.Td>
      );
  }
}
