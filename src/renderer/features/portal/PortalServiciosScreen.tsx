/** /accesoempresas/{id}/servicios: only the services assigned to the company (part 3 §2.10), with status and type. */
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp, IconPackage, IconPhoneCall } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { portal as t } from '../../../shared/areas/portal/texts';
import { formatFechaHora } from '../../../shared/domain/dates';
import type { PortalServicio } from '../../../shared/areas/portal/contract';
import { consultaPortal } from './cliente';
import { PortalProtegido, rutaLogin } from './sesion';
import { usePortalTitulo } from './titulo';
import { TituloPantalla } from '../../components/TituloPantalla';
import { TablaDatos, type Columna } from '../../components/TablaDatos';

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
  const q = useQuery(consultaPortal('servicios', { empresaId: id }));
  const servicios: PortalServicio[] = q.data ?? [];
  const columnas: Array<Columna<PortalServicio>> = [
    { titulo: t.columnaServicio, celda: (s) => <Text fw={600}>{s.nombreInstancia}</Text> },
    {
      titulo: t.columnaTipo,
      celda: (s) => (
        <>
          <Text size="sm">{s.servicio ?? s.tipoServicio}</Text>
          {s.categoria ? (
            <Text size="xs" c="dimmed">
              {s.categoria}
            </Text>
          ) : null}
        </>
      ),
    },
    { titulo: t.columnaProyecto, celda: (s) => <Text size="sm">{s.proyecto ?? '—'}</Text> },
    { titulo: t.columnaEstado, celda: (s) => <EstadoBadge estado={s.estado} /> },
    { titulo: t.columnaDesde, celda: (s) => <Text size="sm">{formatFechaHora(s.createdAt)}</Text> },
    {
      titulo: null,
      celda: (s) => (
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
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <TituloPantalla titulo={t.servicios} subtitulo={t.serviciosSubtitulo} />
      {q.error ? (
        <Alert color="red">{q.error instanceof Error ? q.error.message : t.errorCargar}</Alert>
      ) : null}
      <TablaDatos etiqueta={t.servicios} columnas={columnas} anchoMinimo={720}
        filas={servicios} cargando={q.isLoading}
        vacio={{ icono: <IconPackage size={24} />, texto: t.sinServicios }}
        propsFila={() => ({ 'data-testid': 'portal-servicio' })}
      />
    </Stack>
  );
}

export default function PortalServiciosScreen() {
  usePortalTitulo(t.servicios);
  return <PortalProtegido>{(_empresa, id) => <Servicios id={id} />}</PortalProtegido>;
}
