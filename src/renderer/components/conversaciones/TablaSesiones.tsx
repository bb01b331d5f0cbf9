import { Badge, Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconEye, IconMessages } from '@tabler/icons-react';
import { mensajes as t } from '../../../shared/areas/mensajes/texts';
import { OPCIONES_POR_PAGINA, rangoMostrado, totalPaginas, ventanaPaginas, type PorPagina } from '../../../shared/areas/mensajes/rules';
import type { Sesion } from '../../../shared/areas/mensajes/formas';
import type { EstadoPaginacion } from './busqueda';
import { fechaColombia } from './fechaColombia';
import { TablaDatos, type Columna } from '../TablaDatos';
import { AccionFila } from '../AccionFila';

/**
 * The sessions of a message table (part 3 §2.3): id, message count, last text, last date and 'Ver
 * conversación'. `vacio` is the text shown without rows; the pagination goes below the table.
 * `fechaSinCorte` keeps the date cell on one line (the operators' screens do; the portal's did not).
 */
export function TablaSesiones({
  sesiones,
  cargando,
  vacio,
  onVer,
  fechaSinCorte = false,
  paginacion,
}: {
  sesiones: Sesion[];
  cargando: boolean;
  vacio: string;
  onVer: (sessionId: string) => void;
  fechaSinCorte?: boolean;
  paginacion: EstadoPaginacion & { total: number };
}) {
  const columnas: Array<Columna<Sesion>> = [
    {
      titulo: t.columnas.sesion,
      celda: (s) => (
        <Text ff="monospace" size="sm" fw={600}>
          {s.sessionId}
        </Text>
      ),
    },
    {
      titulo: t.columnas.total,
      ta: 'center',
      celda: (s) => (
        <Badge variant="light" color="green" radius="sm">
          {s.mensajes}
        </Badge>
      ),
    },
    {
      titulo: t.columnas.ultimo,
      maw: 380,
      celda: (s) => (
        <Text size="sm" lineClamp={2} c={s.ultimoTexto ? undefined : 'dimmed'}>
          {s.ultimoTexto || t.sinMensajes}
        </Text>
      ),
    },
    {
      titulo: t.columnas.fecha,
      tipo: fechaSinCorte ? 'estado' : 'normal',
      celda: (s) => (
        <>
          <Text size="sm">{fechaColombia(s.ultimoMensaje)}</Text>
          {s.ultimoMensajeCrudo ? (
            <Text size="xs" c="dimmed" ff="monospace">
              {s.ultimoMensajeCrudo}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      titulo: t.columnas.acciones,
      ta: 'center',
      celda: (s) => (
        <AccionFila label={t.verConversacion} icon={<IconEye size={18} />} variant="light" color="green" aria-label={`${t.verConversacion} ${s.sessionId}`} onClick={() => onVer(s.sessionId)} />
      ),
    },
  ];
  return (
    <TablaDatos etiqueta="Sesiones" columnas={columnas} anchoMinimo={760} claveFila={(s) => s.sessionId}
      filas={sesiones} cargando={cargando && sesiones.length === 0}
      vacio={{ icono: <IconMessages size={24} />, texto: vacio }}
      propsFila={() => ({ 'data-testid': 'fila-sesion' })}
      pie={<Paginacion {...paginacion} />}
    />
  );
}

/**
 * The footer of a paged table (§2.3, §9): 'Por página' selector and, above one page, 'Mostrando a-b de n …'
 * with the page window. `mostrando` words the range (sessions by default).
 */
export function Paginacion({
  total,
  pagina,
  porPagina,
  onPagina,
  onPorPagina,
  mostrando = t.mostrando,
}: {
  total: number;
  pagina: number;
  porPagina: PorPagina;
  onPagina: (p: number) => void;
  onPorPagina: (n: PorPagina) => void;
  mostrando?: (a: number, b: number, n: number) => string;
}) {
  const paginas = totalPaginas(total, porPagina);
  const { desde, hasta } = rangoMostrado(pagina, porPagina, total);
  return (
    <Group justify="space-between" px="md" py="sm" gap="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t.porPagina}
        </Text>
        <NativeSelect
          aria-label={t.porPagina}
          size="xs"
          value={String(porPagina)}
          onChange={(e) => onPorPagina(Number(e.currentTarget.value) as PorPagina)}
          data={OPCIONES_POR_PAGINA.map((n) => String(n))}
          w={72}
        />
      </Group>
      {paginas > 1 ? (
        <Group gap="sm" data-testid="paginacion">
          <Text size="sm" c="dimmed">
            {mostrando(desde, hasta, total)}
          </Text>
          <Group gap={4}>
            <Button variant="default" size="xs" leftSection={<IconChevronLeft size={14} />} disabled={pagina <= 1} onClick={() => onPagina(pagina - 1)}>
              {t.anterior}
            </Button>
            {ventanaPaginas(pagina, paginas).map((n) => (
              <Button
                key={n}
                size="xs"
                variant={n === pagina ? 'filled' : 'default'}
                aria-label={t.pagina(n)}
                aria-current={n === pagina ? 'page' : undefined}
                onClick={() => onPagina(n)}
                miw={32}
                px={8}
              >
                {n}
              </Button>
            ))}
            <Button variant="default" size="xs" rightSection={<IconChevronRight size={14} />} disabled={pagina >= paginas} onClick={() => onPagina(pagina + 1)}>
              {t.siguiente}
            </Button>
          </Group>
        </Group>
      ) : null}
    </Group>
  );
}
