import { ActionIcon, Button, Group, NumberInput, Paper, Progress, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Campana } from '../../../shared/areas/llamadas/contract';
import { porcentajeTope } from '../../../shared/areas/llamadas/rules';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { notifyError, notifySuccess } from '../../components/toast';
import { api, clave } from '../../api/client';
import { BadgeTope, COLOR_TOPE, Encabezado, t, useCampanaSeleccionada } from './comun';
import { mensajeDe } from '../../lib/mensaje-error';

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
        ) : lista.length === 0 && !campanas.isLoading ? (
          <Text c="dimmed" ta="center" py="xl">
            {t.campanas.vacio}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="tabla-campanas">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.campanas.colNombre}</Table.Th>
                  <Table.Th w={160}>{t.campanas.colMinutos}</Table.Th>
                  <Table.Th w={220}>{t.campanas.colConsumo}</Table.Th>
                  <Table.Th w={150}>{t.campanas.colEstado}</Table.Th>
                  <Table.Th w={110} ta="right">
                    {t.campanas.colAcciones}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lista.map((c) => (
                  <FilaCampana key={c.id} campana={c} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}

function FilaCampana({ campana }: { campana: Campana }) {
  const qc = useQueryClient();
  const [editando, setEditando] = useState(false);
  const [nombre, setNombre] = useState(campana.nombre);
  const [minutos, setMinutos] = useState<number | string>(campana.minutos);
  const minutosNum = Number(minutos) || 0;
  const valido = nombre.trim() !== '' && minutosNum !== 0;

  const guardar = useMutation({
    mutationFn: () => api.llamadas.actualizarCampana({ id: campana.id, nombre: nombre.trim(), minutos: minutosNum }),
    onSuccess: () => {
      setEditando(false);
      notifySuccess(t.campanas.actualizada);
      void qc.invalidateQueries({ queryKey: clave('llamadas') });
    },
    onError: (e) => notifyError(mensajeDe(e, t.campanas.errorActualizar)),
  });

  const empezar = () => {
    setNombre(campana.nombre);
    setMinutos(campana.minutos);
    setEditando(true);
  };

  return (
    <Table.Tr data-testid={`campana-${campana.id}`}>
      <Table.Td>
        {editando ? (
          <TextInput aria-label={t.campanas.nombre} value={nombre} onChange={(e) => setNombre(e.currentTarget.value)} maxLength={200} size="sm" autoFocus />
        ) : (
          <Text fw={600}>{campana.nombre}</Text>
        )}
      </Table.Td>
      <Table.Td>
        {editando ? (
          <NumberInput aria-label={t.campanas.minutos} value={minutos} onChange={setMinutos} min={0} allowDecimal={false} allowNegative={false} size="sm" />
        ) : (
          <Text>{campana.minutos}</Text>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          <Text size="sm">{campana.minutos > 0 ? t.clientes.consumidos(campana.minutosConsumidos, campana.minutos) : t.clientes.consumidosSinTope(campana.minutosConsumidos)}</Text>
          {campana.minutos > 0 ? <Progress value={porcentajeTope(campana.minutosConsumidos, campana.minutos)} color={COLOR_TOPE[campana.estadoTope]} size="sm" aria-label={`${campana.nombre}: ${t.campanas.colConsumo}`} /> : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <BadgeTope estado={campana.estadoTope} minutos={campana.minutos} />
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {editando ? (
            <>
              <Tooltip label={t.campanas.guardar}>
                <ActionIcon variant="filled" aria-label={t.campanas.guardar} onClick={() => guardar.mutate()} disabled={!valido} loading={guardar.isPending}>
                  <IconCheck size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t.campanas.cancelar}>
                <ActionIcon variant="subtle" color="gray" aria-label={t.campanas.cancelar} onClick={() => setEditando(false)}>
                  <IconX size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          ) : (
            <Tooltip label={t.campanas.editar}>
              <ActionIcon variant="subtle" aria-label={`${t.campanas.editar} ${campana.nombre}`} onClick={empezar}>
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
