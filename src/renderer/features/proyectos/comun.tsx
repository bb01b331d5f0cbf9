/** Pieces shared by the screens of the projects area: the §8 confirmation dialog, status badges, errors. */
import { Badge, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { es } from '../../../shared/i18n/es';
import {
  COLOR_ESTADO_PROYECTO,
  COLOR_ESTADO_SERVICIO,
  descripcionEstadoProyecto,
  estadoProyectoConocido,
  etiquetaEstadoProyecto,
  progresoBadge,
  type EstadoServicio,
} from '../../../shared/domain/proyectos';

const c = es.proyectos.confirmacion;

/** The message of an AppError (Spanish, from the api), or the screen's §8 fallback. */
export const mensajeDe = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** '¿Estás seguro?' / '¿Deseas eliminar "{name}"? Esta acción no se puede deshacer.' — 'Sí, eliminar' / 'Cancelar'. */
export function confirmarEliminar(nombre: string, onConfirm: () => void, mensaje?: string) {
  modals.openConfirmModal({
    title: c.titulo,
    children: <Text size="sm">{mensaje ?? c.eliminar(nombre)}</Text>,
    labels: { confirm: c.si, cancel: c.cancelar },
    confirmProps: { color: 'red', 'data-testid': 'confirmar-eliminar' },
    onConfirm,
  });
}

export function EstadoProyectoBadge({ estado, conProgreso = false }: { estado: string; conProgreso?: boolean }) {
  const e = estadoProyectoConocido(estado);
  const badge = (
    <Tooltip label={descripcionEstadoProyecto(e) || etiquetaEstadoProyecto(e)} disabled={!descripcionEstadoProyecto(e)}>
      <Badge color={COLOR_ESTADO_PROYECTO[e]} variant="light" radius="sm">
        {etiquetaEstadoProyecto(e)}
      </Badge>
    </Tooltip>
  );
  if (!conProgreso) return badge;
  const p = progresoBadge(e);
  return (
    <Stack gap={4} miw={110}>
      <Group gap={6} justify="space-between" wrap="nowrap">
        {badge}
        <Text size="xs" c="dimmed">
          {p}%
        </Text>
      </Group>
      <Progress value={p} size="sm" radius="xl" color={COLOR_ESTADO_PROYECTO[e]} aria-label={`${p}%`} />
    </Stack>
  );
}

export function EstadoServicioBadge({ estado }: { estado: string }) {
  const e = (estado in COLOR_ESTADO_SERVICIO ? estado : 'inactivo') as EstadoServicio;
  return (
    <Badge color={COLOR_ESTADO_SERVICIO[e]} variant="dot" radius="sm">
      {es.proyectos.estadosServicio[e]}
    </Badge>
  );
}
