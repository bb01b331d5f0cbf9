import { Badge, Button, Group, NativeSelect, Paper, Table, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconEye, IconMessages } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { mensajes as t } from '../../../shared/areas/mensajes/texts';
import { OPCIONES_POR_PAGINA, rangoMostrado, totalPaginas, ventanaPaginas, type Sesion } from '../../../shared/areas/mensajes/rules';
import { fechaColombia } from './fechaColombia';
import { CuerpoTabla } from '../CuerpoTabla';
import { AccionFila } from '../AccionFila';

/**
 * The sessions of a message table (part 3 §2.3): id, message count, last text, last date and 'Ver
 * conversación'. `vacio` is the text shown without rows; `children` goes below the table (the pagination).
 * `fechaSinCorte` keeps the date cell on one line (the operators' screens do; the portal's did not).
 */
export function TablaSesiones({
  sesiones,
  cargando,
  vacio,
  onVer,
  fechaSinCorte = false,
  children,
}: {
  sesiones: Sesion[];
  cargando: boolean;
  vacio: string;
  onVer: (sessionId: string) => void;
  fechaSinCorte?: boolean;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" shadow="xs" pos="relative">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Sesiones">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.columnas.sesion}</Table.Th>
              <Table.Th ta="center">{t.columnas.total}</Table.Th>
              <Table.Th>{t.columnas.ultimo}</Table.Th>
              <Table.Th>{t.columnas.fecha}</Table.Th>
              <Table.Th ta="center">{t.columnas.acciones}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <CuerpoTabla
            columnas={5}
            cargando={cargando && sesiones.length === 0}
            vacio={sesiones.length === 0}
            iconoVacio={<IconMessages size={24} />}
            textoVacio={vacio}
          >
            {sesiones.map((s) => (
              <Table.Tr key={s.sessionId} data-testid="fila-sesion">
                <Table.Td>
                  <Text ff="monospace" size="sm" fw={600}>
                    {s.sessionId}
                  </Text>
                </Table.Td>
                <Table.Td ta="center">
                  <Badge variant="light" color="green" radius="sm">
                    {s.mensajes}
                  </Badge>
                </Table.Td>
                <Table.Td maw={380}>
                  <Text size="sm" lineClamp={2} c={s.ultimoTexto ? undefined : 'dimmed'}>
                    {s.ultimoTexto || t.sinMensajes}
                  </Text>
                </Table.Td>
                <Table.Td style={fechaSinCorte ? { whiteSpace: 'nowrap' } : undefined}>
                  <Text size="sm">{fechaColombia(s.ultimoMensaje)}</Text>
                  {s.ultimoMensajeCrudo ? (
                    <Text size="xs" c="dimmed" ff="monospace">
                      {s.ultimoMensajeCrudo}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="center">
                  <AccionFila label={t.verConversacion} icon={<IconEye size={18} />} variant="light" color="green" aria-label={`${t.verConversacion} ${s.sessionId}`} onClick={() => onVer(s.sessionId)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </CuerpoTabla>
        </Table>
      </Table.ScrollContainer>
      {children}
    </Paper>
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
  porPagina: number;
  onPagina: (p: number) => void;
  onPorPagina: (n: number) => void;
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
          onChange={(e) => onPorPagina(Number(e.currentTarget.value))}
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
