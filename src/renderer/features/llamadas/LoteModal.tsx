import { Alert, Badge, Button, Group, Modal, Paper, Progress, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause, IconPlayerPlay, IconRefresh, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { Campana, LoteEstado } from '../../../shared/areas/llamadas/contract';
import { notifyError, notifySuccess } from '../../components/toast';
import { TOAST_ERROR_MS } from '../../app/theme';
import { api, consultas } from '../../api/client';
import { useJob } from '../../api/useJob';
import { mensajeDe, t } from './comun';

const COLOR: Record<string, string> = { pendiente: 'gray', en_curso: 'blue', exitosa: 'green', fallida: 'red', omitida: 'orange', sin_confirmacion: 'yellow' };

/**
 * Progress of a bulk call (n of N, successes, failures, unconfirmed, each client's outcome), pause/resume,
 * cancel, retry. Opened by the screen that started the run, or by the client screen finding it running.
 */
export function LoteModal({ id, campanas = [], onClose, onReintento }: { id: string; campanas?: Campana[]; onClose: () => void; onReintento: (id: string) => void }) {
  const l = t.lote;
  const [accion, setAccion] = useState(false);
  // The run's own richer state, followed until it ends; its closing line is shown once, as a toast.
  const lote = useJob(consultas.llamadas.estadoLote({ id }), {
    alTerminar: (fin) => {
      if (!fin.message) return;
      if (fin.failed > 0) notifyError(fin.message);
      else if (fin.sinConfirmacion > 0) notifications.show({ message: fin.message, color: 'yellow', autoClose: TOAST_ERROR_MS });
      else notifySuccess(fin.message);
    },
  });
  const s: LoteEstado | undefined = lote.estado;
  // A run this process no longer knows (the app restarted) cannot be followed: say so and let it be closed.
  const perdido = lote.perdido;
  const terminado = s ? s.status !== 'running' : perdido;
  const porRevisar = s ? s.failed + s.sinConfirmacion : 0;

  const hacer = async (fn: () => Promise<unknown>) => {
    setAccion(true);
    try {
      await fn();
      await lote.actualizar();
    } catch (e) {
      notifyError(mensajeDe(e, t.llamar.errorProcesar));
    } finally {
      setAccion(false);
    }
  };

  const reintentar = async () => {
    setAccion(true);
    try {
      const job = await api.llamadas.reintentarFallidas({ id });
      onReintento(job.id);
    } catch (e) {
      notifyError(mensajeDe(e, t.llamar.errorProcesar));
    } finally {
      setAccion(false);
    }
  };

  const pct = s && s.total > 0 ? (s.done / s.total) * 100 : 0;
  return (
    <Modal opened onClose={terminado ? onClose : () => undefined} withCloseButton={terminado} closeOnClickOutside={terminado} closeOnEscape={terminado} title={l.titulo} size="lg" centered>
      {perdido ? (
        <Stack>
          <Alert color="red" data-testid="lote-error">
            {mensajeDe(lote.error, l.noDisponible)}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{l.cerrar}</Button>
          </Group>
        </Stack>
      ) : !s ? (
        <Text size="sm">{t.clientes.titulo}</Text>
      ) : (
        <Stack data-testid="lote">
          {campanas.find((c) => c.id === s.campanaId) ? (
            <Text size="sm" c="dimmed" data-testid="lote-campana">
              {l.campana(campanas.find((c) => c.id === s.campanaId)!.nombre)}
            </Text>
          ) : null}
          <Group justify="space-between">
            <Text fw={700} data-testid="lote-progreso">
              {l.progreso(s.done, s.total)}
            </Text>
            <Badge color={terminado ? (s.status === 'cancelled' ? 'orange' : 'green') : s.pausado ? 'yellow' : 'blue'} variant="light">
              {terminado ? (s.status === 'cancelled' ? l.cancelado : l.finalizado) : s.pausado ? l.pausado : l.enCurso}
            </Badge>
          </Group>
          <Progress value={pct} size="xl" radius="xl" striped={!terminado} animated={!terminado && !s.pausado} aria-label={l.progreso(s.done, s.total)} />
          <SimpleGrid cols={{ base: 2, xs: 4 }}>
            {[
              { etiqueta: l.exitosas, valor: s.ok, color: 'green.8', testId: 'lote-exitosas' },
              { etiqueta: l.fallidas, valor: s.failed, color: 'red.7', testId: 'lote-fallidas' },
              { etiqueta: l.omitidas, valor: s.omitidas, color: 'orange.8', testId: undefined },
              { etiqueta: l.sinConfirmacion, valor: s.sinConfirmacion, color: 'yellow.9', testId: 'lote-sin-confirmacion' },
            ].map((c) => (
              <Paper key={c.etiqueta} withBorder p="xs" ta="center">
                <Text size="xs" c="dimmed">
                  {c.etiqueta}
                </Text>
                <Text fw={700} c={c.color} data-testid={c.testId}>
                  {c.valor}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          {terminado && s.message ? (
            <Alert color={porRevisar > 0 ? 'orange' : 'green'} data-testid="lote-mensaje">
              {s.message}
            </Alert>
          ) : null}
          <ScrollArea.Autosize mah={260}>
            <Table fz="sm" striped>
              <Table.Tbody>
                {s.resultados.map((r) => (
                  <Table.Tr key={r.clienteId} data-testid="lote-cliente">
                    <Table.Td>{r.nombre}</Table.Td>
                    <Table.Td ff="monospace">{r.telefono}</Table.Td>
                    <Table.Td>
                      <Badge color={COLOR[r.estado]} variant="light" size="sm">
                        {l.estado[r.estado]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {r.detalle ?? ''}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            {!terminado ? (
              <>
                {s.pausado ? (
                  <Button variant="light" leftSection={<IconPlayerPlay size={16} />} onClick={() => void hacer(() => api.llamadas.reanudarLote({ id }))} loading={accion}>
                    {l.reanudar}
                  </Button>
                ) : (
                  <Button variant="light" color="yellow" leftSection={<IconPlayerPause size={16} />} onClick={() => void hacer(() => api.llamadas.pausarLote({ id }))} loading={accion}>
                    {l.pausar}
                  </Button>
                )}
                <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => void hacer(() => api.llamadas.cancelarLote({ id }))} loading={accion}>
                  {l.cancelar}
                </Button>
              </>
            ) : (
              <>
                {porRevisar > 0 ? (
                  <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={() => void reintentar()} loading={accion}>
                    {s.sinConfirmacion > 0 ? l.reintentarSinConfirmacion : l.reintentar}
                  </Button>
                ) : null}
                <Button onClick={onClose}>{l.cerrar}</Button>
              </>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
