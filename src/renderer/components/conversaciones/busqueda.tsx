/**
 * The search box and page state every paged list of sessions or clients shares (part 3 §2.3, §9): typing,
 * or choosing another page size, goes back to page 1; the query waits 300 ms after the last key.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { POR_PAGINA_INICIAL, type PorPagina } from '../../../shared/areas/mensajes/rules';

export interface EstadoPaginacion {
  pagina: number;
  porPagina: PorPagina;
  onPagina: (pagina: number) => void;
  onPorPagina: (porPagina: PorPagina) => void;
}

export function useBusquedaPaginada() {
  const [busqueda, setBusqueda] = useState('');
  const [pagina, setPagina] = useState(1);
  const [porPagina, setPorPagina] = useState<PorPagina>(POR_PAGINA_INICIAL);
  const [q] = useDebouncedValue(busqueda.trim(), 300);
  const paginacion: EstadoPaginacion = {
    pagina,
    porPagina,
    onPagina: setPagina,
    onPorPagina: (n) => {
      setPorPagina(n);
      setPagina(1);
    },
  };
  return {
    /** What the box shows, and the trimmed, debounced text the query sends. */
    busqueda,
    q,
    pagina,
    porPagina,
    buscar: (texto: string) => {
      setBusqueda(texto);
      setPagina(1);
    },
    primeraPagina: () => setPagina(1),
    paginacion,
  };
}

/** The search box: its label is also its placeholder. */
export function CampoBusqueda({ etiqueta, valor, onBuscar, ...props }: { etiqueta: string; valor: string; onBuscar: (texto: string) => void } & Omit<TextInputProps, 'value' | 'onChange'>) {
  return (
    <TextInput
      aria-label={etiqueta}
      placeholder={etiqueta}
      leftSection={<IconSearch size={16} />}
      value={valor}
      onChange={(e) => onBuscar(e.currentTarget.value)}
      {...props}
    />
  );
}
