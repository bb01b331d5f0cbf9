/** A project's details: information, status history (newest first) and the report aggregate of §3. */
import { Badge, Center, Group, Loader, Modal, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconCalendarEvent, IconClockHour4, IconFlag, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { consultas } from '../../api/client';
import { es } from '../../../shared/i18n/es';
import { etiquetaEstadoProyecto, type ProyectoResumen } from '../../../shared/areas/proyectos/rules';
import { formatoCosto } from '../../../shared/areas/planes/rules';
import { formatDate, formatDateTime } from '../../lib/format';
import { EstadoProyectoBadge, EstadoServicioBadge } from './comun';
import { DatoRotulado } from '../../components/DatoRotulado';

const t = es.proyectos;

/** A section of the report under its icon and title, or its dimmed line when it has nothing to list. */
function SeccionDetalle({ icono, titulo, vacia, textoVacia, children }: { icono: React.ReactNode; titulo: string; vacia: boolean; textoVacia: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group gap={6} mb="sm">
        {icono}
        <Text fw={600}>{titulo}</Text>
      </Group>
      {vacia ? (
        <Text size="sm" c="dimmed">
          {textoVacia}
        </Text>
      ) : (
        children
      )}
    </Paper>
  );
}

function Cifra({ titulo, valor, icono }: { titulo: string; valor: string; icono: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size={36} radius="md">
          {icono}
        </ThemeIcon>
        <DatoRotulado destacado etiqueta={titulo} valor={valor} />
      </Group>
    </Paper>
  );
}

/** The report's services counted one way (by status, by category): each count drawn by `children`, or 'Sin servicios'. */
function Recuento({ titulo, conteos, children }: { titulo: string; conteos: Record<string, number>; children: (conteo: [string, number]) => React.ReactNode }) {
  const filas = Object.entries(conteos);
  return (
    <Paper withBorder p="md" radius="md">
      <Text fw={600} mb="xs">
        {titulo}
      </Text>
      <Group gap="xs">
        {filas.length === 0 ? <Text size="sm" c="dimmed">{t.sinServicios}</Text> : null}
        {filas.map(children)}
      </Group>
    </Paper>
  );
}

export function DetallesModal({ proyecto, onClose }: { proyecto: ProyectoResumen; onClose: () => void }) {
  const reporte = useQuery(consultas.proyectos.reporte({ id: proyecto.id }));
  const r = reporte.data;
  return (
    <Modal opened onClose={onClose} size="xl" title={t.detallesTitulo(proyecto.nombre)} styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }} centered>
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Stack gap={6}>
            <Group justify="space-between">
              <Text fw={600}>{t.detallesInformacion}</Text>
              <EstadoProyectoBadge estado={proyecto.estado} />
            </Group>
            {proyecto.descripcion ? <Text size="sm">{proyecto.descripcion}</Text> : null}
            <Group gap="lg">
              <Text size="sm" c="dimmed">
                {t.campoPlan}: <b>{proyecto.planTitle ?? t.sinPlan}</b>
                {proyecto.planCost !== null ? ` · ${formatoCosto(proyecto.planCost)}` : ''}
              </Text>
              <Text size="sm" c="dimmed">
                {t.campoEmpresa}: <b>{proyecto.empresaNombre ?? '—'}</b>
              </Text>
              <Text size="sm" c="dimmed">
                {t.fechaInicio}: {proyecto.fechaInicio ? formatDate(`${proyecto.fechaInicio}T12:00:00Z`) : t.sinFecha} · {t.fechaFin}:{' '}
                {proyecto.fechaFin ? formatDate(`${proyecto.fechaFin}T12:00:00Z`) : t.sinFecha}
              </Text>
            </Group>
          </Stack>
        </Paper>
        {reporte.isLoading || !r ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Cifra titulo={t.detallesTiempoVida} valor={t.dias(r.diasVida)} icono={<IconClockHour4 size={20} />} />
              <Paper withBorder p="md" radius="md" data-testid="progreso-estimado">
                <Stack gap={6}>
                  <Group justify="space-between">
                    <Text size="xs" c="dimmed">
                      {t.detallesProgresoEstimado}
                    </Text>
                    <Text fw={700}>{r.progreso}%</Text>
                  </Group>
                  <Progress value={r.progreso} radius="xl" size="lg" aria-label={t.detallesProgresoEstimado} />
                </Stack>
              </Paper>
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Recuento titulo={t.detallesServiciosPorEstado} conteos={r.serviciosPorEstado}>
                {([estado, n]) => (
                  <Group key={estado} gap={4}>
                    <EstadoServicioBadge estado={estado} />
                    <Text size="sm" fw={600}>
                      {n}
                    </Text>
                  </Group>
                )}
              </Recuento>
              <Recuento titulo={t.detallesServiciosPorCategoria} conteos={r.serviciosPorCategoria}>
                {([cat, n]) => (
                  <Badge key={cat} variant="light" radius="sm">
                    {cat}: {n}
                  </Badge>
                )}
              </Recuento>
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <SeccionDetalle icono={<IconHistory size={18} />} titulo={t.detallesHistorial} vacia={r.historial.length === 0} textoVacia={t.detallesSinHistorial}>
                <Timeline bulletSize={14} lineWidth={2} data-testid="historial-estados">
                  {r.historial.map((h, k) => (
                    <Timeline.Item key={`${h.fecha}-${k}`} title={t.cambioEstado(h.estadoAnterior ? etiquetaEstadoProyecto(h.estadoAnterior) : null, etiquetaEstadoProyecto(h.estadoNuevo))}>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(h.fecha)} · {h.usuario ?? t.usuarioDesconocido}
                      </Text>
                    </Timeline.Item>
                  ))}
                </Timeline>
              </SeccionDetalle>
              <SeccionDetalle icono={<IconCalendarEvent size={18} />} titulo={t.detallesHitos} vacia={r.hitos.length === 0} textoVacia={t.detallesSinHitos}>
                <Stack gap="xs">
                  {r.hitos.map((h, k) => (
                    <Group key={k} gap="sm" wrap="nowrap">
                      <ThemeIcon size={26} variant="light" color={h.tipo === 'deadline' ? 'red' : 'blue'}>
                        <IconFlag size={14} />
                      </ThemeIcon>
                      <Stack gap={0}>
                        <Text size="sm">{h.tipo === 'deadline' ? t.hitoFin : t.hitoRevision(h.descripcion ?? '')}</Text>
                        <Text size="xs" c="dimmed">
                          {formatDate(h.fecha)} · {t.hitoTipo[h.tipo]}
                        </Text>
                      </Stack>
                    </Group>
                  ))}
                </Stack>
              </SeccionDetalle>
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Modal>
  );
}
