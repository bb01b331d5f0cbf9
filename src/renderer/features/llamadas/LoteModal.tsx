import { Alert, Badge, Button, Group, Loader, Modal, Paper, Progress, ScrollArea, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPause, IconPlayerPlay, IconRefresh, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Campana } from '../../../shared/areas/llamadas/contract';
import { etiquetaEstadoLlamada } from '../../../shared/areas/llamadas/rules';
import { notifyError, notifySuccess } from '../../components/toast';
import { TOAST_ERROR_MS } from '../../app/theme';
import { formatDateTime } from '../../lib/format';
import { api, consultas } from '../../api/client';
import { t } from './comun';
import { useAccionLote } from './accion-lote';
import { mensajeDe } from '../../lib/mensaje-error';
import { COLOR_ESTADO_CLIENTE, COLOR_ESTADO_LOTE, esActivo, sePuedeCancelar, sePuedePausar, sePuedeReanudar, type IntentoLote, type Lote } from './lotes';
import { TablaDatos, type Columna } from '../../components/TablaDatos';

const l = t.lote;
const p = t.panelLotes;

const resultadoLlamada = (r: string) => p.resultadoLlamada(etiquetaEstadoLlamada(r) ?? r);
const BadgeEstadoCliente = ({ estado }: { estado: string }) => (
  <Badge color={COLOR_ESTADO_CLIENTE[estado] ?? 'gray'} variant="light" size="sm">
    {l.estado[estado] ?? estado}
  </Badge>
);

/** Each client of the batch: its state, how many attempts, the call's outcome and the detail. */
const COLUMNAS_CLIENTES: Array<Columna<Lote['resultados'][number]>> = [
  { titulo: p.colCliente, tipo: 'texto', celda: (r) => r.nombre, anchoMaximo: 220 },
  { titulo: t.clientes.colTelefono, celda: (r) => <Text size="sm" ff="monospace">{r.telefono}</Text> },
  { titulo: t.clientes.colEstado, tipo: 'estado', celda: (r) => <BadgeEstadoCliente estado={r.estado} /> },
  { titulo: p.pestanaIntentos, tipo: 'estado', celda: (r) => <Text size="xs" c="dimmed">{r.intentos > 0 ? p.intentos(r.intentos) : ''}</Text> },
  {
    titulo: p.colDetalle,
    celda: (r) => (
      <Text size="xs" c="dimmed">
        {[r.resultadoLlamada ? resultadoLlamada(r.resultadoLlamada) : null, r.detalle].filter(Boolean).join(' · ')}
      </Text>
    ),
  },
];

/** Every attempt: who, which, its outcome, the call's outcome and detail, when. */
const COLUMNAS_INTENTOS: Array<Columna<IntentoLote>> = [
  {
    titulo: p.colCliente,
    celda: (i) => (
      <>
        <Text size="sm">{i.nombre}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {i.telefono}
        </Text>
      </>
    ),
  },
  { titulo: p.colIntento, celda: (i) => i.intento },
  { titulo: p.colResultado, tipo: 'estado', celda: (i) => <BadgeEstadoCliente estado={i.resultado} /> },
  {
    titulo: p.colDetalle,
    celda: (i) => (
      <>
        {i.resultadoLlamada ? (
          <Text size="sm" data-testid="intento-resultado-llamada">
            {resultadoLlamada(i.resultadoLlamada)}
          </Text>
        ) : null}
        {i.detalle ? (
          <Text size="xs" c="dimmed">
            {i.detalle}
          </Text>
        ) : null}
      </>
    ),
  },
  { titulo: p.colFecha, tipo: 'estado', celda: (i) => <Text size="xs">{formatDateTime(i.createdAt)}</Text> },
];

/**
 * A batch's details: progress (n of N, successes, failures, skipped, unconfirmed, retries waiting), each
 * client's state and the attempts with their outcomes; pause, resume, cancel, retry the failed ones. The
 * batch lives in the database: closing this window leaves it running (the panel keeps showing it), and the
 * screen follows it through the live updates of the 'llamadas' reads, never by polling of its own (when live
 * updates cannot come, CambiosEnVivo refreshes those reads on a slow timer, so the progress still moves).
 */
export function LoteModal({ id, campanas = [], onClose, onReintento }: { id: string; campanas?: Campana[]; onClose: () => void; onReintento: (id: string) => void }) {
  const { ocupado, setOcupado, refrescar, hacer: hacerConLote } = useAccionLote();
  const accion = ocupado !== null;
  const hacer = (fn: () => Promise<unknown>, ok: string) => hacerConLote(id, fn, ok);
  const [pestana, setPestana] = useState<string | null>('clientes');
  const lote = useQuery({ ...consultas.llamadas.estadoLote({ id }), staleTime: 0 });
  const intentos = useQuery({ ...consultas.llamadas.intentosLote({ id }), enabled: pestana === 'intentos', staleTime: 0 });
  const s: Lote | undefined = lote.data;
  const activo = s ? esActivo(s.estado) : false;
  const terminado = s ? !activo && s.estado !== 'interrumpido' : false;
  const porRevisar = s ? s.failed + s.sinConfirmacion : 0;
  useAvisoAlTerminar(s);

  const reintentar = async () => {
    setOcupado(id);
    try {
      const nuevo = await api.llamadas.reintentarFallidas({ id });
      onReintento(nuevo.id);
    } catch (e) {
      notifyError(mensajeDe(e, t.llamar.errorProcesar));
    } finally {
      setOcupado(null);
      void refrescar();
    }
  };

  // While it has not ended, the api's line says what the batch is waiting for (the window, the outcomes) or,
  // when interrupted, what was sent and what was not; a plain 'n de N' is already the progress above.
  const descripcion = !s || terminado ? null : s.estado === 'programado' ? p.descripcionProgramado : s.message && s.message !== l.progreso(s.done, s.total) ? s.message : null;
  const campana = s ? campanas.find((c) => c.id === s.campanaId) : undefined;
  const pct = s && s.total > 0 ? (s.done / s.total) * 100 : 0;
  const etiquetaEstado = s ? (s.estado === 'cancelado' ? l.cancelado : s.estado === 'terminado' ? l.finalizado : (l.estadoLote[s.estado] ?? s.estado)) : '';
  return (
    <Modal opened closeButtonProps={{ 'aria-label': t.lote.cerrar }} onClose={onClose} title={l.titulo} size="xl" centered>
      {lote.isError && !s ? (
        <Stack>
          <Alert color="red" data-testid="lote-error">
            {mensajeDe(lote.error, l.noDisponible)}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>{l.cerrar}</Button>
          </Group>
        </Stack>
      ) : !s ? (
        <Group justify="center" p="lg">
          <Loader size="sm" />
        </Group>
      ) : (
        <Stack data-testid="lote" data-estado={s.estado}>
          {campana ? (
            <Text size="sm" c="dimmed" data-testid="lote-campana">
              {l.campana(campana.nombre)}
            </Text>
          ) : null}
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700} data-testid="lote-progreso">
              {l.progreso(s.done, s.total)}
            </Text>
            <Badge color={COLOR_ESTADO_LOTE[s.estado] ?? 'gray'} variant="light" data-testid="lote-estado">
              {etiquetaEstado}
            </Badge>
          </Group>
          <Progress value={pct} size="xl" radius="xl" striped={activo} animated={s.estado === 'en_curso'} aria-label={l.progreso(s.done, s.total)} />
          {s.programadoPara && s.estado === 'programado' ? (
            <Text size="sm" data-testid="lote-programado">
              {l.programadoPara(formatDateTime(s.programadoPara))}
            </Text>
          ) : null}
          {descripcion ? (
            <Alert color={s.estado === 'interrumpido' ? 'red' : 'blue'} variant="light" data-testid="lote-descripcion">
              {descripcion}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 3, sm: 5 }}>
            {[
              { etiqueta: l.exitosas, valor: s.ok, color: 'green.8', testId: 'lote-exitosas' },
              { etiqueta: l.fallidas, valor: s.failed, color: 'red.7', testId: 'lote-fallidas' },
              { etiqueta: l.omitidas, valor: s.omitidas, color: 'orange.8', testId: 'lote-omitidas' },
              { etiqueta: l.sinConfirmacion, valor: s.sinConfirmacion, color: 'yellow.9', testId: 'lote-sin-confirmacion' },
              { etiqueta: p.reintentos, valor: s.reintentos, color: 'cyan.8', testId: 'lote-reintentos' },
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
          {s.proximoIntento && activo ? (
            <Text size="sm" c="dimmed" data-testid="lote-proximo">
              {p.proximoIntento(formatDateTime(s.proximoIntento))}
            </Text>
          ) : null}
          {terminado && s.message ? (
            <Alert color={porRevisar > 0 ? 'orange' : 'green'} data-testid="lote-mensaje">
              {s.message}
            </Alert>
          ) : null}
          <Tabs value={pestana} onChange={setPestana}>
            <Tabs.List>
              <Tabs.Tab value="clientes">{p.pestanaClientes}</Tabs.Tab>
              <Tabs.Tab value="intentos">{p.pestanaIntentos}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="clientes" pt="xs">
              <ScrollArea.Autosize mah={240}>
                <TablaDatos etiqueta={p.pestanaClientes} columnas={COLUMNAS_CLIENTES} filas={s.resultados} claveFila={(r) => r.clienteId} compacta anchoMinimo={560}
                  propsFila={(r) => ({ 'data-testid': 'lote-cliente', 'data-estado': r.estado })}
                />
              </ScrollArea.Autosize>
            </Tabs.Panel>
            <Tabs.Panel value="intentos" pt="xs">
              {intentos.isError ? (
                <Alert color="red">{mensajeDe(intentos.error, p.errorIntentos)}</Alert>
              ) : intentos.isLoading ? (
                <Group justify="center" p="md">
                  <Loader size="sm" />
                </Group>
              ) : (intentos.data ?? []).length === 0 ? (
                <Text size="sm" c="dimmed" ta="center" p="md">
                  {p.sinIntentos}
                </Text>
              ) : (
                <ScrollArea.Autosize mah={240}>
                  <TablaDatos etiqueta={p.pestanaIntentos} testId="lote-intentos" columnas={COLUMNAS_INTENTOS} filas={intentos.data ?? []} claveFila={(i) => `${i.clienteId}-${i.intento}-${i.createdAt}`} compacta anchoMinimo={560}
                    propsFila={() => ({ 'data-testid': 'lote-intento' })}
                  />
                </ScrollArea.Autosize>
              )}
            </Tabs.Panel>
          </Tabs>
          <Group justify="flex-end">
            {sePuedeReanudar(s.estado) ? (
              <Button variant="light" leftSection={<IconPlayerPlay size={16} />} onClick={() => void hacer(() => api.llamadas.reanudarLote({ id }), p.reanudado)} loading={accion}>
                {l.reanudar}
              </Button>
            ) : null}
            {sePuedePausar(s.estado) ? (
              <Button variant="light" color="yellow" leftSection={<IconPlayerPause size={16} />} onClick={() => void hacer(() => api.llamadas.pausarLote({ id }), p.pausado)} loading={accion}>
                {l.pausar}
              </Button>
            ) : null}
            {sePuedeCancelar(s.estado) ? (
              <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => void hacer(() => api.llamadas.cancelarLote({ id }), p.cancelado)} loading={accion}>
                {l.cancelar}
              </Button>
            ) : null}
            {terminado && porRevisar > 0 ? (
              <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={() => void reintentar()} loading={accion}>
                {s.sinConfirmacion > 0 ? l.reintentarSinConfirmacion : l.reintentar}
              </Button>
            ) : null}
            <Button onClick={onClose}>{l.cerrar}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The closing line of a batch seen ending while its window is open, once, as a toast. */
function useAvisoAlTerminar(s: Lote | undefined) {
  const anterior = useRef<string | null>(null);
  useEffect(() => {
    if (!s) return;
    const antes = anterior.current;
    anterior.current = s.estado;
    if (antes === null || !esActivo(antes) || esActivo(s.estado) || !s.message) return;
    if (s.failed > 0) notifyError(s.message);
    else if (s.sinConfirmacion > 0) notifications.show({ message: s.message, color: 'yellow', autoClose: TOAST_ERROR_MS });
    else notifySuccess(s.message);
  }, [s]);
}
