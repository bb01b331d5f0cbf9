/** Shared pieces of the call-campaign screens: campaign selection, dialogs, error text, small widgets. */
import { Badge, Button, Group, Paper, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { Campana } from '../../../shared/areas/llamadas/contract';
import type { EstadoTope } from '../../../shared/areas/llamadas/rules';
import { CLAVE_CAMPANA_SELECCIONADA, elegirCampana } from '../../../shared/areas/llamadas/rules';
import { AppError } from '../../../shared/errors';
import { es } from '../../../shared/i18n/es';
import { consultas } from '../../api/client';

export const t = es.llamadas;

function leerGuardada(): string | null {
  try {
    return window.localStorage.getItem(CLAVE_CAMPANA_SELECCIONADA);
  } catch {
    return null;
  }
}

/** The campaign list and the selected campaign, kept under its local key (part 1 §4). */
export function useCampanaSeleccionada() {
  const campanas = useQuery(consultas.llamadas.listarCampanas({}));
  const [elegida, setElegida] = useState<string | null>(leerGuardada);
  const lista = useMemo(() => campanas.data ?? [], [campanas.data]);
  const campanaId = useMemo(() => elegirCampana(elegida, lista), [elegida, lista]);
  const seleccionar = useCallback((id: number) => {
    setElegida(String(id));
    try {
      window.localStorage.setItem(CLAVE_CAMPANA_SELECCIONADA, String(id));
    } catch {
      // storage unavailable: the choice still holds for this view
    }
  }, []);
  const campana = lista.find((c) => c.id === campanaId) ?? null;
  return { campanas, lista, campanaId, campana, seleccionar };
}

export function SelectorCampana({ lista, value, onChange, label = t.clientes.campanaActiva, w = 320 }: { lista: Campana[]; value: number | null; onChange: (id: number) => void; label?: string; w?: number | string }) {
  return (
    <Select
      label={label}
      placeholder={t.clientes.seleccionarCampana}
      data={lista.map((c) => ({ value: String(c.id), label: c.nombre }))}
      value={value === null ? null : String(value)}
      onChange={(v) => v && onChange(Number(v))}
      allowDeselect={false}
      searchable
      w={w}
      data-testid="selector-campana"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export const COLOR_TOPE: Record<EstadoTope, string> = { ok: 'green', cerca: 'yellow', excedido: 'red' };

export function BadgeTope({ estado, minutos }: { estado: EstadoTope; minutos: number }) {
  if (!(minutos > 0)) return <Badge color="gray" variant="light">{t.tope.sinTope}</Badge>;
  return (
    <Badge color={COLOR_TOPE[estado]} variant="light" data-testid="estado-tope">
      {t.tope[estado]}
    </Badge>
  );
}

/** A dialog with one button (the spec's 'Límite de Minutos Excedido', 'Error de Configuración'...). */
export function dialogo(titulo: string, detalle: ReactNode) {
  const id = modals.open({
    // Its own 'Cerrar' button (and Escape) close it: no unnamed corner button.
    withCloseButton: false,
    title: <Text fw={700}>{titulo}</Text>,
    centered: true,
    children: (
      <Stack>
        <Text size="sm">{detalle}</Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)}>{t.historial.cerrar}</Button>
        </Group>
      </Stack>
    ),
  });
}

/** Errors that the spec shows as a dialog; any other as a toast (returns false). */
export function dialogoSiCorresponde(error: unknown): boolean {
  if (!AppError.is(error)) return false;
  const detalle = (error.details as { detalle?: string } | undefined)?.detalle;
  if (error.message === t.llamar.limiteExcedido) {
    dialogo(t.llamar.limiteExcedido, detalle ?? t.llamar.limiteExcedidoDetalle);
    return true;
  }
  if (error.message === t.llamar.errorConfiguracion) {
    dialogo(t.llamar.errorConfiguracion, detalle ?? t.llamar.errorConfiguracionDetalle);
    return true;
  }
  if (error.message === t.llamar.sinSeleccion) {
    dialogo(t.llamar.sinSeleccion, detalle ?? t.llamar.sinSeleccionDetalle);
    return true;
  }
  return false;
}

export function Encabezado({ titulo, subtitulo, children }: { titulo: string; subtitulo?: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <Stack gap={2}>
        <Title order={2}>{titulo}</Title>
        {subtitulo ? (
          <Text c="dimmed" size="sm">
            {subtitulo}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Group>
  );
}

export function Tile({ label, value, icon, color = 'green', testId }: { label: string; value: ReactNode; icon: ReactNode; color?: string; testId?: string }) {
  return (
    <Paper withBorder p="md" shadow="xs" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fz={26} fw={700} lh={1.1} data-testid={testId ? `${testId}-valor` : undefined}>
            {value}
          </Text>
        </Stack>
        <ThemeIcon size={42} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

const numero = new Intl.NumberFormat('es-CO');
export const fmtNumero = (n: number) => numero.format(n);
