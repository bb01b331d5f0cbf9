/** Assignment of WordPress bot companies to a plan (the route of part 2 §2; its original contents are not shown). */
import { Button, Group, Paper, Select, Stack } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, clave, consultas } from '../../api/client';
import { es } from '../../../shared/i18n/es';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { notifyError, notifySuccess } from '../../components/toast';
import { TituloConVolver } from '../../components/TituloConVolver';
import { mensajeDe } from '../../lib/mensaje-error';

const t = es.empresas;

export default function AsignarEmpresasWordpressScreen() {
  useDocumentTitle(t.asignarTitulo);
  const queryClient = useQueryClient();
  const [plan, setPlan] = useState<string | null>(null);
  const [empresa, setEmpresa] = useState<string | null>(null);
  const planes = useQuery(consultas.planes.listar({}));
  const wp = useQuery(consultas.planes.empresasWordpress({}));
  const asignar = useMutation({
    mutationFn: () => {
      if (!empresa) throw new Error(es.proyectos.sinEmpresaWordpress);
      return api.planes.asignarEmpresa({ planId: plan!, empresaWordpressUuid: empresa });
    },
    onSuccess: () => {
      notifySuccess(t.asignada);
      setEmpresa(null);
      void queryClient.invalidateQueries({ queryKey: clave('planes') });
    },
    onError: (e) => notifyError(mensajeDe(e, t.errorAsignar)),
  });
  return (
    <Stack gap="lg">
      <TituloConVolver titulo={t.asignarTitulo} subtitulo={t.asignarSubtitulo} volverA="/dashboard/proyectos" volverLabel={t.volver} />
      <Paper withBorder radius="lg" p="lg" maw={640}>
        <Stack gap="sm">
          <Select label={t.asignarPlan} data={(planes.data ?? []).map((p) => ({ value: p.id, label: p.title }))} value={plan} onChange={setPlan} />
          <Select
            label={t.asignarEmpresa}
            data={(wp.data ?? []).map((e) => ({ value: e.uuid, label: `${e.name} (${e.tableSupabase})` }))}
            value={empresa}
            onChange={setEmpresa}
            nothingFoundMessage={t.asignarVacio}
            searchable
          />
          <Group justify="flex-end">
            <Button leftSection={<IconLink size={16} />} disabled={!plan} onClick={() => asignar.mutate()} loading={asignar.isPending}>
              {t.asignar}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
