import { Alert, Badge, Box, Button, Grid, Group, Modal, Paper, ScrollArea, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileText, IconPhoneOff, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ClienteFila, LlamadaRegistro } from '../../../shared/areas/llamadas/contract';
import { COLOR_TONO, etiquetaEstadoLlamada, formatCosto, parseTranscript, tonoLlamada } from '../../../shared/areas/llamadas/rules';
import { formatDateTime } from '../../lib/format';
import { consultas } from '../../api/client';
import { TablaDatos, type Columna } from '../../components/TablaDatos';
import { AudioPlayer } from './AudioPlayer';
import { t } from './comun';
import { mensajeDe } from '../../lib/mensaje-error';

const h = t.historial;
const na = (v: ReactNode) => (v === null || v === undefined || v === '' ? h.noDisponible : v);
const estadoDe = (l: LlamadaRegistro) => l.status ?? l.resultado;

function BadgeLlamada({ status }: { status: string | null }) {
  return (
    <Badge color={COLOR_TONO[tonoLlamada(status)]} variant="light" size="sm" title={status ?? undefined} data-testid="estado-llamada">
      {etiquetaEstadoLlamada(status) ?? h.noDisponible}
    </Badge>
  );
}

/** The history table's columns; 'Ver transcripción' opens the call's detail (setDetalle). */
function columnas(setDetalle: (l: LlamadaRegistro) => void): Array<Columna<LlamadaRegistro>> {
  return [
    { titulo: h.colFecha, celda: (l) => <Text size="sm">{l.createdAt ? formatDateTime(l.createdAt) : h.noDisponible}</Text> },
    {
      titulo: h.colAgente,
      celda: (l) => (
        <Text size="sm" ff="monospace" lineClamp={1} maw={180}>
          {na(l.agentId)}
        </Text>
      ),
    },
    {
      titulo: h.colTelefono,
      celda: (l) => (
        <Text size="sm" ff="monospace">
          {na(l.phone)}
        </Text>
      ),
    },
    { titulo: h.colEstado, tipo: 'estado', celda: (l) => <BadgeLlamada status={estadoDe(l)} /> },
    { titulo: h.colDuracion, celda: (l) => <Text size="sm">{l.duracionSeg === null ? h.noDisponible : `${l.duracionSeg} s`}</Text> },
    {
      titulo: h.colAcciones,
      tipo: 'acciones',
      celda: (l) => (
        <Button size="xs" variant="light" leftSection={<IconFileText size={14} />} onClick={() => setDetalle(l)}>
          {h.verTranscripcion}
        </Button>
      ),
    },
  ];
}

/** Call history of a client (part 2 §2, §4, §5): search, count, table, detail with transcript and audio. */
export function HistorialModal({ cliente, onClose }: { cliente: ClienteFila; onClose: () => void }) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 250);
  const [detalle, setDetalle] = useState<LlamadaRegistro | null>(null);
  const datos = useQuery(consultas.llamadas.historial({ telefono: cliente.telefono, q: debounced || undefined }));
  const filas = datos.data ?? [];
  const cols = columnas(setDetalle);

  return (
    <>
      <Modal opened closeButtonProps={{ 'aria-label': t.lote.cerrar }} onClose={onClose} title={<Text fw={700}>{`${h.titulo} · ${cliente.nombre} ${cliente.apellido}`}</Text>} size={1000} centered>
        <Stack>
          <Group justify="space-between" wrap="wrap">
            <TextInput leftSection={<IconSearch size={14} />} placeholder={h.buscar} aria-label={h.buscar} value={q} onChange={(e) => setQ(e.currentTarget.value)} style={{ flex: '1 1 320px' }} />
            <Text size="sm" c="dimmed" data-testid="historial-conteo">
              {h.encontrados(filas.length)}
            </Text>
          </Group>
          {datos.isError ? <Alert color="red">{mensajeDe(datos.error, t.clientes.errorCargarLlamadas)}</Alert> : null}
          <Box data-testid="tabla-historial">
            <TablaDatos etiqueta={h.titulo} columnas={cols} anchoMinimo={640}
              filas={filas} cargando={datos.isLoading}
              vacio={{ icono: <IconPhoneOff size={24} />, texto: h.vacio }}
              propsFila={() => ({ 'data-testid': 'fila-llamada' })}
            />
          </Box>
        </Stack>
      </Modal>
      {detalle ? <DetalleLlamada llamada={detalle} onClose={() => setDetalle(null)} /> : null}
    </>
  );
}

function Campo({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Box fz="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Box>
    </Stack>
  );
}

/** 'Detalle de Llamada' with the 'Transcripción' panel beside it (part 2 §2). */
function DetalleLlamada({ llamada, onClose }: { llamada: LlamadaRegistro; onClose: () => void }) {
  const turnos = parseTranscript(llamada.transcript);
  return (
    <Modal opened closeButtonProps={{ 'aria-label': t.lote.cerrar }} onClose={onClose} title={<Text fw={700}>{h.detalle}</Text>} size={1100} centered zIndex={300}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md" data-testid="detalle-llamada">
            <SimpleGrid cols={2} spacing="md">
              <Campo label={h.fecha}>{llamada.createdAt ? formatDateTime(llamada.createdAt) : h.noDisponible}</Campo>
              <Campo label={h.estado}>
                <BadgeLlamada status={estadoDe(llamada)} />
              </Campo>
              <Campo label={h.agente}>{na(llamada.agentId)}</Campo>
              <Campo label={h.telefono}>{na(llamada.phone)}</Campo>
              <Campo label={h.campana}>{na(llamada.campanaNombre ?? (llamada.campana === null ? null : String(llamada.campana)))}</Campo>
              <Campo label={h.conversacion}>
                <Text size="xs" ff="monospace">
                  {na(llamada.conversationId)}
                </Text>
              </Campo>
              <Campo label={h.costo}>{llamada.costo === null ? h.noDisponible : formatCosto(llamada.costo)}</Campo>
              <Campo label={h.duracion}>{na(llamada.duracionSeg)}</Campo>
            </SimpleGrid>
            <Campo label={h.resumen}>{na(llamada.summary)}</Campo>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {h.cerrar}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md" radius="md" bg="gray.0" data-testid="transcripcion">
            <Title order={5} mb="sm">
              {h.transcripcion}
            </Title>
            <Box mb="sm">{llamada.conversationId ? <AudioPlayer conversationId={llamada.conversationId} /> : null}</Box>
            <ScrollArea.Autosize mah="50vh" type="auto">
              {turnos.length === 0 ? (
                <Text c="dimmed" size="sm" ta="center" py="md">
                  {h.sinTranscripcion}
                </Text>
              ) : (
                <Stack gap="xs" pr="sm">
                  {turnos.map((turno, i) => {
                    const agente = turno.rol === 'agente';
                    return (
                      <Group key={i} justify={agente ? 'flex-start' : 'flex-end'} data-testid="burbuja">
                        <Paper p="xs" px="sm" radius="lg" maw="80%" bg={agente ? 'white' : 'green.1'} withBorder={agente} shadow={agente ? 'xs' : undefined}>
                          <Text size="xs" fw={700} c={agente ? 'green.8' : 'dark.4'}>
                            {agente ? h.rolAgente : h.rolUsuario}
                          </Text>
                          <Text size="sm">{turno.mensaje}</Text>
                        </Paper>
                      </Group>
                    );
                  })}
                </Stack>
              )}
            </ScrollArea.Autosize>
          </Paper>
        </Grid.Col>
      </Grid>
    </Modal>
  );
}
