/**
 * The message-browser pieces of the portal's 'Conversaciones WhatsApp' (the same search, pagination, stat
 * cards and conversation modal as the operators' screen, part 3 §2.3), bound to the portal operations.
 * Kept here rather than imported from features/mensajes, whose module pulls the operators' api client.
 */
import { ActionIcon, Badge, Box, Button, Center, Group, Loader, Modal, NativeSelect, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconActivity, IconCalendarEvent, IconChecks, IconChevronLeft, IconChevronRight, IconEye, IconMessages, IconRobot, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { mensajes as t } from '../../../shared/i18n/areas/bots';
import { formatFechaHora } from '../../../shared/domain/dates';
import { OPCIONES_POR_PAGINA, instante, parsearMensaje, rangoMostrado, totalPaginas, ventanaPaginas, type Estadisticas, type Sesion } from '../../../shared/domain/mensajes';
import { portalApi } from './cliente';

export function fechaColombia(raw: string | null | undefined): string {
  if (!raw) return 'N/A';
  try {
    const d = instante(raw);
    return d ? formatFechaHora(d) : t.fechaInvalida;
  } catch {
    return t.errorConversion;
  }
}

function Tarjeta({ label, value, icon, color }: { label: string; value: number | null; icon: ReactNode; color: string }) {
  return (
    <Paper withBorder p="md" radius="lg" shadow="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.1} data-testid={`tarjeta-${label}`}>
            {value === null ? '—' : value.toLocaleString('es-CO')}
          </Text>
        </Stack>
        <ThemeIcon variant="light" color={color} size={42} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

export function TarjetasEstadisticas({ stats }: { stats: Estadisticas | null }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Tarjeta label={t.tarjetas.totalMensajes} value={stats?.totalMensajes ?? null} icon={<IconMessages size={22} />} color="green" />
      <Tarjeta label={t.tarjetas.totalSesiones} value={stats?.totalSesiones ?? null} icon={<IconUsers size={22} />} color="blue" />
      <Tarjeta label={t.tarjetas.mensajesHoy} value={stats?.mensajesHoy ?? null} icon={<IconCalendarEvent size={22} />} color="grape" />
      <Tarjeta label={t.tarjetas.sesionesActivas} value={stats?.sesionesActivas ?? null} icon={<IconActivity size={22} />} color="orange" />
    </SimpleGrid>
  );
}

/** 'Por página' selector and, above one page, 'Mostrando a-b de n …' with the page window (§2.3, §9). */
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

export function TablaSesiones({
  sesiones,
  cargando,
  vacio,
  onVer,
  children,
}: {
  sesiones: Sesion[];
  cargando: boolean;
  vacio: string;
  onVer: (sessionId: string) => void;
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
          <Table.Tbody>
            {cargando && sesiones.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Center py="xl">
                    <Loader size="sm" />
                  </Center>
                </Table.Td>
              </Table.Tr>
            ) : sesiones.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Stack align="center" gap={6} py="xl">
                    <ThemeIcon variant="light" color="gray" size={44} radius="xl">
                      <IconMessages size={24} />
                    </ThemeIcon>
                    <Text c="dimmed">{vacio}</Text>
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ) : (
              sesiones.map((s) => (
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
                  <Table.Td>
                    <Text size="sm">{fechaColombia(s.ultimoMensaje)}</Text>
                    {s.ultimoMensajeCrudo ? (
                      <Text size="xs" c="dimmed" ff="monospace">
                        {s.ultimoMensajeCrudo}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="center">
                    <Tooltip label={t.verConversacion}>
                      <ActionIcon variant="light" color="green" aria-label={`${t.verConversacion} ${s.sessionId}`} onClick={() => onVer(s.sessionId)}>
                        <IconEye size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {children}
    </Paper>
  );
}

export function ConversacionModal({ empresaId, tabla, sessionId, onClose }: { empresaId: string; tabla: string; sessionId: string | null; onClose: () => void }) {
  const abierta = Boolean(tabla && sessionId);
  const q = useQuery({
    queryKey: ['portal', 'conversacion', empresaId, tabla, sessionId],
    queryFn: () => portalApi.conversacion({ empresaId, tabla, sessionId: sessionId! }),
    enabled: abierta,
  });
  const mensajes = q.data ?? [];
  return (
    <Modal
      opened={abierta}
      onClose={onClose}
      closeOnClickOutside
      size="xl"
      radius="lg"
      title={
        <Stack gap={0}>
          <Text fw={700} size="lg">
            {t.conversacion}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {sessionId}
          </Text>
        </Stack>
      }
      styles={{ content: { maxHeight: '80vh' } }}
      closeButtonProps={{ 'aria-label': t.cerrar }}
    >
      <ScrollArea h="60vh" type="auto" offsetScrollbars bg="var(--mantine-color-gray-0)" style={{ borderRadius: 12 }}>
        <Stack gap="sm" p="md" data-testid="conversacion">
          {q.isLoading ? (
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          ) : q.error ? (
            <Center py="xl">
              <Text c="red">{q.error instanceof Error && q.error.message ? q.error.message : t.errorConversacion}</Text>
            </Center>
          ) : mensajes.length === 0 ? (
            <Center py="xl">
              <Text c="dimmed">{t.sinMensajesSesion}</Text>
            </Center>
          ) : (
            mensajes.map((m) => {
              const p = parsearMensaje(m.message);
              const humano = p.rol === 'humano';
              return (
                <Group key={m.id} justify={humano ? 'flex-end' : 'flex-start'} align="flex-end" wrap="nowrap" gap={8} data-rol={p.rol}>
                  {!humano ? (
                    <ThemeIcon variant="light" color="gray" radius="xl" size={28}>
                      <IconRobot size={16} />
                    </ThemeIcon>
                  ) : null}
                  <Box
                    maw="70%"
                    px="md"
                    py={8}
                    style={{
                      borderRadius: humano ? '16px 16px 4px 16px' : '16px 16px 16px 4px',
                      background: humano ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-body)',
                      color: humano ? 'white' : undefined,
                      border: humano ? undefined : '1px solid var(--mantine-color-default-border)',
                      boxShadow: '0 1px 2px rgba(0,0,0,0.06)',
                    }}
                  >
                    <Text size="xs" fw={700} mb={2} c={humano ? 'green.1' : 'dimmed'}>
                      {humano ? t.tu : t.ia}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {p.texto}
                    </Text>
                    <Group gap={4} justify="flex-end" mt={4} wrap="nowrap">
                      <Text size="10px" c={humano ? 'green.1' : 'dimmed'} title={m.fechaCruda ?? undefined}>
                        {fechaColombia(m.fecha)}
                      </Text>
                      {humano ? <IconChecks size={14} aria-label="Enviado" /> : null}
                    </Group>
                    {m.fechaCruda ? (
                      <Text size="10px" ta="right" ff="monospace" c={humano ? 'green.2' : 'dimmed'} opacity={0.85}>
                        {m.fechaCruda}
                      </Text>
                    ) : null}
                  </Box>
                </Group>
              );
            })
          )}
        </Stack>
      </ScrollArea>
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed" data-testid="contador-mensajes">
          {t.contador(mensajes.length)}
        </Text>
        <Button variant="default" onClick={onClose}>
          {t.cerrar}
        </Button>
      </Group>
    </Modal>
  );
}
