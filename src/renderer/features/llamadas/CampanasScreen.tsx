import { Button, Group, NumberInput, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconPencil, IconPlus, IconSpeakerphone, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Campana } from '../../../shared/areas/llamadas/contract';
import { porcentajeTope } from '../../../shared/areas/llamadas/rules';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { notifyError, notifySuccess } from '../../components/toast';
import { api, clave } from '../../api/client';
import { BadgeTope, COLOR_TOPE, Encabezado, t, useCampanaSeleccionada } from './comun';
import { mensajeDe } from '../../lib/mensaje-error';
import { AccionFila } from '../../components/AccionFila';
import { TablaDatos, type Columna } from '../../components/TablaDatos';

/** Campaigns (part 1 §2.5): create form (name non-blank, minutes > 0) and the table with inline editing. */
export default function CampanasScreen() {
  useDocumentTitle(t.campanas.titulo);
  const { campanas, lista } = useCampanaSeleccionada();
  const qc = useQueryClient();
  const [nombre, setNombre] = useState('');
  const [minutos, setMinutos] = useState<number | string>(0);
  const minutosNum = Number(minutos) || 0;
  const valido = nombre.trim() !== '' && minutosNum > 0;

  const crear = useMutation({
    mutationFn: () => api.llamadas.crearCampana({ nombre: nombre.trim(), minutos: minutosNum }),
    onSuccess: () => {
      setNombre('');
      setMinutos(0);
      notifySuccess(t.campanas.creada);
      void qc.invalidateQueries({ queryKey: clave('llamadas') });
    },
    onError: (e) => notifyError(mensajeDe(e, t.campanas.errorCrear)),
  });

  const edicion = useEdicionCampana();
  const columnas = columnasCampanas(edicion);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valido && !crear.isPending) crear.mutate();
  };

  return (
    <Stack gap="lg">
      <Encabezado titulo={t.campanas.titulo} subtitulo={t.campanas.subtitulo} />
      <Paper withBorder p="lg" shadow="xs">
        <form onSubmit={submit} aria-label={t.campanas.nueva}>
          <Title order={4} mb="md">
            {t.campanas.nueva}
          </Title>
          <Group align="flex-end" wrap="wrap">
            <TextInput label={t.campanas.nombre} placeholder={t.campanas.nombrePlaceholder} value={nombre} onChange={(e) => setNombre(e.currentTarget.value)} maxLength={200} style={{ flex: '1 1 260px' }} required />
            <NumberInput label={t.campanas.minutos} value={minutos} onChange={setMinutos} min={0} step={10} allowDecimal={false} allowNegative={false} w={180} required />
            <Button type="submit" leftSection={<IconPlus size={16} />} disabled={!valido} loading={crear.isPending}>
              {t.campanas.crear}
            </Button>
          </Group>
        </form>
      </Paper>

      <Paper withBorder p="lg" shadow="xs">
        <Title order={4} mb="md">
          {t.campanas.listado}
        </Title>
        {campanas.isError ? (
          <Text c="red">{mensajeDe(campanas.error, t.campanas.errorCargar)}</Text>
        ) : (
          <TablaDatos etiqueta={t.campanas.listado} testId="tabla-campanas" columnas={columnas} filas={lista} cargando={campanas.isLoading} anchoMinimo={640}
            vacio={{ icono: <IconSpeakerphone size={24} />, texto: t.campanas.vacio }}
            propsFila={(c) => ({ 'data-testid': `campana-${c.id}` })}
          />
        )}
      </Paper>
    </Stack>
  );
}

/** The one row being edited in place: its draft, its checks and the save. */
function useEdicionCampana() {
  const qc = useQueryClient();
  const [edicion, setEdicion] = useState<{ id: number; nombre: string; minutos: number | string } | null>(null);
  const minutosNum = Number(edicion?.minutos) || 0;
  const valido = !!edicion && edicion.nombre.trim() !== '' && minutosNum !== 0;
  const guardar = useMutation({
    mutationFn: (e: { id: number; nombre: string; minutos: number }) => api.llamadas.actualizarCampana(e),
    onSuccess: () => {
      setEdicion(null);
      notifySuccess(t.campanas.actualizada);
      void qc.invalidateQueries({ queryKey: clave('llamadas') });
    },
    onError: (e) => notifyError(mensajeDe(e, t.campanas.errorActualizar)),
  });
  return {
    edicion,
    valido,
    guardando: guardar.isPending,
    empezar: (c: Campana) => setEdicion({ id: c.id, nombre: c.nombre, minutos: c.minutos }),
    cambiar: (cambio: Partial<{ nombre: string; minutos: number | string }>) => setEdicion((e) => (e ? { ...e, ...cambio } : e)),
    cancelar: () => setEdicion(null),
    guardar: () => edicion && guardar.mutate({ id: edicion.id, nombre: edicion.nombre.trim(), minutos: minutosNum }),
  };
}

/** The campaigns' columns; the row being edited shows inputs in place of its name and minutes. */
function columnasCampanas(ed: ReturnType<typeof useEdicionCampana>): Array<Columna<Campana>> {
  const en = (c: Campana) => (ed.edicion?.id === c.id ? ed.edicion : null);
  return [
    {
      titulo: t.campanas.colNombre,
      celda: (c) => {
        const e = en(c);
        return e ? (
          <TextInput aria-label={t.campanas.nombre} value={e.nombre} onChange={(ev) => ed.cambiar({ nombre: ev.currentTarget.value })} maxLength={200} size="sm" autoFocus />
        ) : (
          <Text fw={600}>{c.nombre}</Text>
        );
      },
    },
    {
      titulo: t.campanas.colMinutos,
      miw: 140,
      celda: (c) => {
        const e = en(c);
        return e ? (
          <NumberInput aria-label={t.campanas.minutos} value={e.minutos} onChange={(v) => ed.cambiar({ minutos: v })} min={0} allowDecimal={false} allowNegative={false} size="sm" />
        ) : (
          <Text>{c.minutos}</Text>
        );
      },
    },
    {
      titulo: t.campanas.colConsumo,
      miw: 200,
      celda: (c) => (
        <Stack gap={4}>
          <Text size="sm">{c.minutos > 0 ? t.clientes.consumidos(c.minutosConsumidos, c.minutos) : t.clientes.consumidosSinTope(c.minutosConsumidos)}</Text>
          {c.minutos > 0 ? <Progress value={porcentajeTope(c.minutosConsumidos, c.minutos)} color={COLOR_TOPE[c.estadoTope]} size="sm" aria-label={`${c.nombre}: ${t.campanas.colConsumo}`} /> : null}
        </Stack>
      ),
    },
    { titulo: t.campanas.colEstado, tipo: 'estado', celda: (c) => <BadgeTope estado={c.estadoTope} minutos={c.minutos} /> },
    {
      titulo: t.campanas.colAcciones,
      tipo: 'acciones',
      celda: (c) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {en(c) ? (
            <>
              <AccionFila label={t.campanas.guardar} icon={<IconCheck size={16} />} variant="filled" aria-label={t.campanas.guardar} onClick={ed.guardar} disabled={!ed.valido} loading={ed.guardando} />
              <AccionFila label={t.campanas.cancelar} icon={<IconX size={16} />} color="gray" aria-label={t.campanas.cancelar} onClick={ed.cancelar} />
            </>
          ) : (
            <AccionFila label={t.campanas.editar} icon={<IconPencil size={16} />} aria-label={`${t.campanas.editar} ${c.nombre}`} onClick={() => ed.empezar(c)} />
          )}
        </Group>
      ),
    },
  ];
}
