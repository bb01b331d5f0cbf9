/** /accesoempresas/{id}/servicios: only the services assigned to the company (part 3 §2.10), with status and type. */
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconPackage, IconPhoneCall } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { portal as t } from '../../../shared/areas/portal/texts';
import { formatFechaHora } from '../../../shared/domain/dates';
import type { PortalServicio } from '../../../shared/areas/portal/rules';
import { portalApi } from './cliente';
import { PortalProtegido, rutaLogin } from './sesion';
import { usePortalTitulo } from './titulo';
import { CuerpoTabla } from '../../components/CuerpoTabla';

const COLOR_ESTADO: Record<string, string> = {
  activo: 'green',
  en_proceso: 'blue',
  completado: 'teal',
  mantenimiento: 'yellow',
  inactivo: 'gray',
  error: 'red',
};

export function EstadoBadge({ estado }: { estado: string }) {
  return (
    <Badge variant="light" color={COLOR_ESTADO[estado] ?? 'gray'} radius="sm" miw="max-content">
      {t.estados[estado] ?? estado}
    </Badge>
  );
}

function Servicios({ id }: { id: string }) {
  const q = useQuery({ queryKey: ['portal', 'servicios', id], queryFn: () => portalApi.servicios({ empresaId: id }) });
  const servicios: PortalServicio[] = q.data ?? [];
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t.servicios}</Title>
        <Text c="dimmed" size="sm">
          {t.serviciosSubtitulo}
        </Text>
      </div>
      {q.error ? (
        <Alert color="red">{q.error instanceof Error ? q.error.message : t.errorCargar}</Alert>
      ) : null}
      <Paper withBorder radius="lg" shadow="xs">
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-label={t.servicios}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.columnaServicio}</Table.Th>
                <Table.Th>{t.columnaTipo}</Table.Th>
                <Table.Th>{t.columnaProyecto}</Table.Th>
                <Table.Th>{t.columnaEstado}</Table.Th>
                <Table.Th>{t.columnaDesde}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <CuerpoTabla
              columnas={6}
              cargando={q.isLoading}
              vacio={servicios.length === 0}
              iconoVacio={<IconPackage size={24} />}
              textoVacio={t.sinServicios}
            >
              {servicios.map((s) => (
                <Table.Tr key={s.id} data-testid="portal-servicio">
                  <Table.Td>
                    <Text fw={600}>{s.nombreInstancia}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{s.servicio ?? s.tipoServicio}</Text>
                    {s.categoria ? (
                      <Text size="xs" c="dimmed">
                        {s.categoria}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{s.proyecto ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <EstadoBadge estado={s.estado} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatFechaHora(s.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      {s.campanaId ? (
                        <Button component={Link} to={`${rutaLogin(id)}/equipo/${s.campanaId}`} size="xs" variant="light" leftSection={<IconPhoneCall size={14} />}>
                          {t.verLlamadas}
                        </Button>
                      ) : null}
                      {s.tablaWhatsapp ? (
                        <Button component={Link} to={`${rutaLogin(id)}/conversaciones`} size="xs" variant="light" color="teal" leftSection={<IconBrandWhatsapp size={14} />}>
                          {t.verConversaciones}
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </CuerpoTabla>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}

export default function PortalServiciosScreen() {
  usePortalTitulo(t.servicios);
  return <PortalProtegido>{(_empresa, id) => <Servicios id={id} />}</PortalProtegido>;
}
