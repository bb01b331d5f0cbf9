import { Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { EncabezadoTarjeta } from './EncabezadoTarjeta';

/** `data-testid`, `data-estado`…: what the tests and the layout check find a card by. */
type AtributosDatos = { [atributo: `data-${string}`]: string | undefined };

interface TarjetaAjustesProps extends AtributosDatos {
  icono: ReactNode;
  titulo: string;
  /** What the card is for, under the title. */
  detalle?: string | undefined;
  /** The card's one action beside its title (Agregar, Exportar, Cerrar las demás): it never wraps under it. */
  accion?: ReactNode;
  children?: ReactNode;
}

/**
 * Every card of Configuración (General, Seguridad, Conexión, Operadores, Datos, Actividad) is this one: the same
 * frame, header and place for an action, so a new card cannot drift from the others.
 */
export function TarjetaAjustes({ icono, titulo, detalle, accion, children, ...datos }: TarjetaAjustesProps) {
  const encabezado = <EncabezadoTarjeta icono={icono} titulo={titulo} detalle={detalle} />;
  return (
    <Paper withBorder p="lg" shadow="xs" {...datos}>
      {accion ? (
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          {/* The title may shrink (and wrap); the action keeps its size. */}
          <div style={{ minWidth: 0 }}>{encabezado}</div>
          <div style={{ flexShrink: 0, display: 'flex' }}>{accion}</div>
        </Group>
      ) : (
        encabezado
      )}
      {children}
    </Paper>
  );
}

/** A card's place while what it shows loads: the same frame, so the page does not jump when it arrives. */
export function TarjetaAjustesEnEspera({ alto }: { alto: number }) {
  return <Paper withBorder p="lg" shadow="xs" h={alto} aria-busy="true" />;
}
