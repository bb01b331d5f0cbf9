import { Alert, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconDatabaseCog, IconPlayerStop } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ActividadDatos, EstadoActividadDatos } from '../../../shared/ports/datos';
import { es } from '../../../shared/i18n/es';
import { api } from '../../api/client';
import { notifyError } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { TarjetaAjustes } from '../configuracion/TarjetaAjustes';
import { mensajeDe } from '../../lib/mensaje-error';

const t = es.datos.actividad;

const COLOR: Record<EstadoActividadDatos, string> = { en_curso: 'blue', terminado: 'green', fallido: 'red', cancelado: 'yellow', interrumpido: 'orange' };

/** The running data activity (phase, progress, Cancelar) or, once it ended, its outcome. */
export function ActividadCard({ actividad }: { actividad: ActividadDatos }) {
  const cancelar = useMutation({
    mutationFn: () => api.datos.cancelar({}),
    onError: (e) => notifyError(mensajeDe(e)),
  });
  const enCurso = actividad.estado === 'en_curso';
  const porcentaje = actividad.total > 0 ? Math.min(100, (actividad.hechos / actividad.total) * 100) : 100;
  return (
    <TarjetaAjustes icono={<IconDatabaseCog size={18} />} titulo={enCurso ? t.titulo : t.ultima} data-testid="actividad-datos" data-estado={actividad.estado} data-tipo={actividad.tipo}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="md">
          <Text fw={600}>{t.tipos[actividad.tipo]}</Text>
          <Badge variant="light" color={COLOR[actividad.estado]} style={{ flexShrink: 0 }}>
            {es.trabajos.estados[actividad.estado]}
          </Badge>
        </Group>
        {enCurso ? (
          <>
            <Text size="sm" data-testid="actividad-fase">
              {actividad.fase || t.preparando}
            </Text>
            <Progress
              value={porcentaje}
              animated={actividad.total === 0}
              striped={actividad.total === 0}
              size="lg"
              aria-label={t.tipos[actividad.tipo]}
            />
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text size="sm" c="dimmed">
                {actividad.total > 0 ? t.progreso(actividad.hechos, actividad.total) : t.iniciada(formatDateTime(actividad.inicio))}
              </Text>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPlayerStop size={14} />}
                loading={cancelar.isPending}
                onClick={() => cancelar.mutate()}
              >
                {t.cancelar}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Alert
              color={COLOR[actividad.estado]}
              variant="light"
              icon={actividad.estado === 'terminado' ? <IconCheck size={18} /> : <IconAlertCircle size={18} />}
              data-testid="actividad-mensaje"
            >
              {actividad.mensaje}
            </Alert>
            {actividad.fin && (
              <Text size="xs" c="dimmed">
                {t.terminadaEn(formatDateTime(actividad.fin))}
              </Text>
            )}
          </>
        )}
      </Stack>
    </TarjetaAjustes>
  );
}
