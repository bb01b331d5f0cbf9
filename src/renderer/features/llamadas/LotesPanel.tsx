import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { pedirConfirmacion } from '../../components/confirmacion';
import { IconEye, IconPlayerPause, IconPlayerPlay, IconStack2, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AccionFila } from '../../components/AccionFila';
import { TablaDatos, type Columna } from '../../components/TablaDatos';
import { formatDateTime } from '../../lib/format';
import { api, consultas } from '../../api/client';
import { t } from './comun';
import { useAccionLote } from './accion-lote';
import { mensajeDe } from '../../lib/mensaje-error';
import { COLOR_ESTADO_LOTE, esActivo, sePuedeCancelar, sePuedePausar, sePuedeReanudar, type LoteResumen } from './lotes';

/** A batch's outcomes in one short line: the started and failed calls, and the rest only when there are any. */
function resumenLote(l: LoteResumen): string {
  const p = t.panelLotes;
  return [p.iniciadas(l.ok), p.fallidas(l.failed), l.omitidas > 0 ? p.omitidas(l.omitidas) : null, l.sinConfirmacion > 0 ? p.sinConfirmacion(l.sinConfirmacion) : null]
    .filter(Boolean)
    .join(' · ');
}

/** Finished batches shown before 'Mostrar todos'. */
const RECIENTES_VISIBLES = 5;

/**
 * The campaign's batches on the client screen: running and scheduled first, then the recent ones, with their
 * progress and outcomes; pause, resume, cancel, and the details (attempts and outcomes). The list is a read of
 * the 'llamadas' area, so it follows the live updates of the rows (no polling here).
 */
export function LotesPanel({ campanaId, onAbrir }: { campanaId: number; onAbrir: (id: string) => void }) {
  const p = t.panelLotes;
  const [todos, setTodos] = useState(false);
  const { ocupado, hacer } = useAccionLote();
  const lotes = useQuery({ ...consultas.llamadas.lotes({ campanaId }), staleTime: 0, refetchOnMount: 'always' });
  const lista = lotes.data ?? [];
  const activos = lista.filter((l) => esActivo(l.estado) || l.estado === 'interrumpido');
  const recientes = lista.filter((l) => !activos.includes(l));
  const visibles = todos ? lista : [...activos, ...recientes.slice(0, RECIENTES_VISIBLES)];
  const ocultos = lista.length - visibles.length;

  const cancelar = (l: LoteResumen) =>
    pedirConfirmacion({
      titulo: p.confirmarCancelarTitulo,
      pregunta: p.confirmarCancelar,
      si: p.siCancelar, no: p.volver,
      peligro: true, centrado: true, cerrar: t.lote.cerrar,
      alConfirmar: () => void hacer(l.id, () => api.llamadas.cancelarLote({ id: l.id }), p.cancelado),
    });

  const nombre = (l: LoteResumen) => formatDateTime(l.creadoAt);
  const columnas: Array<Columna<LoteResumen>> = [
    {
      titulo: t.clientes.colEstado,
      tipo: 'estado',
      celda: (l) => (
        <Badge color={COLOR_ESTADO_LOTE[l.estado] ?? 'gray'} variant="light" data-testid="lote-fila-estado">
          {t.lote.estadoLote[l.estado] ?? l.estado}
        </Badge>
      ),
    },
    {
      titulo: p.colFecha,
      celda: (l) => (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {l.estado === 'programado' && l.programadoPara ? t.lote.programadoPara(formatDateTime(l.programadoPara)) : formatDateTime(l.creadoAt)}
          </Text>
          {l.operadorNombre ? (
            <Text size="xs" c="dimmed">
              {l.operadorNombre}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      titulo: p.colProgreso,
      miw: 200,
      celda: (l) => (
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} data-testid="lote-fila-progreso">
              {p.progreso(l.done, l.total)}
            </Text>
            {l.reintentos > 0 ? (
              <Text size="xs" c="cyan.8" style={{ whiteSpace: 'nowrap' }}>
                {p.reintentosPendientes(l.reintentos)}
              </Text>
            ) : null}
          </Group>
          <Progress value={l.total > 0 ? (l.done / l.total) * 100 : 0} striped={esActivo(l.estado)} animated={l.estado === 'en_curso'} aria-label={p.progreso(l.done, l.total)} />
        </Stack>
      ),
    },
    { titulo: p.colResultado, tipo: 'texto', anchoMaximo: 300, celda: (l) => resumenLote(l) },
    {
      titulo: t.clientes.colAcciones,
      tipo: 'acciones',
      celda: (l) => (
        <Group gap={2} justify="flex-end" wrap="nowrap">
          {sePuedeReanudar(l.estado) ? (
            <AccionFila label={p.reanudar} icon={<IconPlayerPlay size={16} />} color="green" aria-label={`${p.reanudar} ${nombre(l)}`} loading={ocupado === l.id} onClick={() => void hacer(l.id, () => api.llamadas.reanudarLote({ id: l.id }), p.reanudado)} />
          ) : null}
          {sePuedePausar(l.estado) ? (
            <AccionFila label={p.pausar} icon={<IconPlayerPause size={16} />} color="yellow" aria-label={`${p.pausar} ${nombre(l)}`} loading={ocupado === l.id} onClick={() => void hacer(l.id, () => api.llamadas.pausarLote({ id: l.id }), p.pausado)} />
          ) : null}
          {sePuedeCancelar(l.estado) ? <AccionFila label={p.cancelar} icon={<IconX size={16} />} color="red" aria-label={`${p.cancelar} ${nombre(l)}`} disabled={ocupado === l.id} onClick={() => cancelar(l)} /> : null}
          <AccionFila label={p.verDetalle} icon={<IconEye size={16} />} color="blue" aria-label={`${p.verDetalle} ${nombre(l)}`} onClick={() => onAbrir(l.id)} />
        </Group>
      ),
    },
  ];

  return (
    <Paper withBorder p="lg" shadow="xs" data-testid="panel-lotes">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Stack gap={0}>
          <Title order={4}>{p.titulo}</Title>
          <Text size="sm" c="dimmed">
            {p.descripcion}
          </Text>
        </Stack>
        {ocultos > 0 || todos ? (
          <Button variant="subtle" size="xs" onClick={() => setTodos((v) => !v)}>
            {todos ? p.mostrarMenos : p.mostrarTodos(lista.length)}
          </Button>
        ) : null}
      </Group>
      {lotes.isError ? (
        <Alert color="red">{mensajeDe(lotes.error, p.errorCargar)}</Alert>
      ) : (
        <TablaDatos
          etiqueta={p.titulo}
          filas={visibles}
          columnas={columnas}
          cargando={lotes.isLoading}
          vacio={{ icono: <IconStack2 size={28} />, texto: p.vacio }}
          anchoMinimo={760}
          propsFila={(l) => ({ 'data-testid': 'lote-fila', 'data-estado': l.estado, 'data-id': l.id })}
        />
      )}
    </Paper>
  );
}
