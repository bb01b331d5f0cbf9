/**
 * /accesoempresas/{id}/equipo/{campanaId}: a calls campaign of the company, read-only: its minute
 * consumption against the cap, calls per status, and the client list with each one's latest call status.
 */
import { Alert, Badge, Button, Center, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconEye, IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { portal as t } from '../../../shared/areas/portal/texts';
import { formatFechaHora } from '../../../shared/domain/dates';
import { badgeCliente, etiquetaEstadoLlamada } from '../../../shared/areas/llamadas/rules';
import { Paginacion } from '../../components/conversaciones/TablaSesiones';
import { TablaDatos, type Columna } from '../../components/TablaDatos';
import type { PortalClienteLlamada } from '../../../shared/areas/portal/contract';
import { CampoBusqueda, useBusquedaPaginada } from '../../components/conversaciones/busqueda';
import { consultaPortal } from './cliente';
import { PortalProtegido, rutaLogin } from './sesion';
import { usePortalTitulo } from './titulo';
import { TituloPantalla } from '../../components/TituloPantalla';

/** The colour of the dashboard's client badge for the same status (the one vocabulary of call outcomes). */
const colorEstado = (estado: string | null) => (estado ? badgeCliente(estado).color : 'gray');

/** Calls per status under their Spanish labels; stored statuses that read the same are added together. */
function porEtiqueta(estados: Array<{ estado: string; llamadas: number }>): Array<{ etiqueta: string; estado: string; llamadas: number }> {
  const out = new Map<string, { etiqueta: string; estado: string; llamadas: number }>();
  for (const e of estados) {
    const etiqueta = etiquetaEstadoLlamada(e.estado) ?? e.estado;
    const prev = out.get(etiqueta);
    if (prev) prev.llamadas += e.llamadas;
    else out.set(etiqueta, { etiqueta, estado: e.estado, llamadas: e.llamadas });
  }
  return [...out.values()];
}

const COLUMNAS_CLIENTES: Array<Columna<PortalClienteLlamada>> = [
  {
    titulo: t.columnaCliente,
    celda: (c) => (
      <>
        <Text fw={600} size="sm">
          {c.nombre} {c.apellido}
        </Text>
        {c.empresa ? (
          <Text size="xs" c="dimmed">
            {c.empresa}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    titulo: t.columnaTelefono,
    celda: (c) => (
      <Text size="sm" ff="monospace">
        {c.telefono}
      </Text>
    ),
  },
  { titulo: t.columnaEmail, celda: (c) => <Text size="sm">{c.email}</Text> },
  {
    titulo: t.columnaUltimoEstado,
    celda: (c) => (
      <Badge variant="light" color={colorEstado(c.ultimoEstado)} radius="sm" miw="max-content">
        {etiquetaEstadoLlamada(c.ultimoEstado) ?? t.sinLlamar}
      </Badge>
    ),
  },
  { titulo: t.columnaUltimaLlamada, celda: (c) => <Text size="sm">{c.ultimaLlamada ? formatFechaHora(c.ultimaLlamada) : '—'}</Text> },
  { titulo: t.columnaLlamadas, ta: 'center', celda: (c) => c.llamadas },
];

function Equipo({ id, campanaId }: { id: string; campanaId: number }) {
  const { busqueda, q, pagina, porPagina, buscar, paginacion } = useBusquedaPaginada();
  const valido = Number.isInteger(campanaId) && campanaId > 0;
  const datos = useQuery({
    ...consultaPortal('campana', { empresaId: id, campanaId, busqueda: q, pagina, porPagina }),
    enabled: valido,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const volver = (
    <Button component={Link} to={`${rutaLogin(id)}/servicios`} variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content" px={0}>
      {t.volverServicios}
    </Button>
  );

  if (!valido || datos.error) {
    return (
      <Stack gap="md">
        {volver}
        <Alert color="red" data-testid="portal-campana-error">
          {!valido ? t.campanaNoEncontrada : datos.error instanceof Error ? datos.error.message : t.errorCargar}
        </Alert>
      </Stack>
    );
  }
  if (!datos.data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const { campana, consumo, estados, clientes, total } = datos.data;
  const tope = consumo.minutosTope;
  const porcentaje = tope > 0 ? Math.min(100, Math.round((consumo.minutosConsumidos / tope) * 100)) : 0;

  return (
    <Stack gap="lg">
      {volver}
      <Group justify="space-between" align="flex-end">
        <TituloPantalla titulo={campana.nombre} subtitulo={t.equipo} />
        <Badge variant="outline" color="gray" leftSection={<IconEye size={12} />}>
          {t.soloLectura}
        </Badge>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Paper withBorder p="md" radius="lg" shadow="xs">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t.consumo}
          </Text>
          <Text fz={22} fw={700} mt={4} data-testid="portal-consumo">
            {t.minutosDe(consumo.minutosConsumidos, tope)}
          </Text>
          {tope > 0 ? <Progress value={porcentaje} mt="sm" color={porcentaje >= 100 ? 'red' : porcentaje >= 80 ? 'orange' : 'green'} aria-label={t.consumo} /> : null}
        </Paper>
        <Paper withBorder p="md" radius="lg" shadow="xs">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t.totalLlamadas}
          </Text>
          <Text fz={28} fw={700} mt={4}>
            {consumo.totalLlamadas.toLocaleString('es-CO')}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="lg" shadow="xs">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t.estadosLlamadas}
          </Text>
          <Group gap={6} mt="sm">
            {estados.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t.sinLlamadas}
              </Text>
            ) : (
              porEtiqueta(estados).map((e) => (
                <Badge key={e.etiqueta} variant="light" color={colorEstado(e.estado)} radius="sm" data-testid="portal-estado">
                  {e.etiqueta}: {e.llamadas}
                </Badge>
              ))
            )}
          </Group>
        </Paper>
      </SimpleGrid>

      <Paper withBorder p="md" radius="lg" shadow="xs">
        <CampoBusqueda etiqueta={t.buscarClientes} valor={busqueda} onBuscar={buscar} maw={420} />
      </Paper>

      <TablaDatos etiqueta={t.totalClientes} columnas={COLUMNAS_CLIENTES} anchoMinimo={760}
        filas={clientes} cargando={false}
        vacio={{ icono: <IconUsers size={24} />, texto: q ? t.sinClientesBusqueda : t.sinClientes }}
        propsFila={() => ({ 'data-testid': 'portal-cliente' })}
        pie={<Paginacion total={total} {...paginacion} mostrando={t.mostrandoClientes} />}
      />
    </Stack>
  );
}

export default function PortalEquipoScreen() {
  usePortalTitulo(t.equipo);
  const { campanaId = '' } = useParams();
  return <PortalProtegido>{(_empresa, id) => <Equipo id={id} campanaId={/^\d{1,15}$/.test(campanaId) ? Number(campanaId) : NaN} />}</PortalProtegido>;
}
