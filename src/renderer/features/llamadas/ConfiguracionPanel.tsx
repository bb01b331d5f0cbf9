import { Alert, Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ConfiguracionLlamadas } from '../../../shared/areas/llamadas/contract';
import { HORARIO_DEFECTO, MAX_SIMULTANEAS } from '../../../shared/areas/llamadas/rules';
import { notifyError, notifySuccess } from '../../components/toast';
import { api, consultas } from '../../api/client';
import { mensajeDe, t } from './comun';

/** Call configuration of a campaign (part 1 §2.7): agent id, phone number id, prompt; plus window and concurrency. */
export function ConfiguracionPanel({ campanaId, configuracion, cargando, error }: { campanaId: number; configuracion: ConfiguracionLlamadas | null | undefined; cargando: boolean; error: string | null }) {
  if (cargando) return <Paper withBorder p="lg" shadow="xs" mih={200} />;
  return <Formulario key={configuracion?.id ?? 'nueva'} campanaId={campanaId} configuracion={configuracion ?? null} error={error} />;
}

function Formulario({ campanaId, configuracion, error }: { campanaId: number; configuracion: ConfiguracionLlamadas | null; error: string | null }) {
  const c = t.configuracion;
  const qc = useQueryClient();
  const [v, setV] = useState({
    agentid: configuracion?.agentid ?? '',
    agentphonenumberid: configuracion?.agentphonenumberid ?? '',
    prompt: configuracion?.prompt ?? '',
    horaInicio: configuracion?.horaInicio ?? HORARIO_DEFECTO.inicio,
    horaFin: configuracion?.horaFin ?? HORARIO_DEFECTO.fin,
    zonaHoraria: configuracion?.zonaHoraria ?? HORARIO_DEFECTO.zona,
    maxSimultaneas: configuracion?.maxSimultaneas ?? 1,
  });
  const completa = Boolean(configuracion?.agentid.trim() && configuracion.agentphonenumberid.trim());
  const horarioMal = v.horaInicio >= v.horaFin;

  const guardar = useMutation({
    mutationFn: () => api.llamadas.guardarConfiguracion({ campanaId, ...v }),
    onSuccess: (r) => {
      notifySuccess(r.creada ? c.guardada : c.actualizada);
      qc.setQueryData(consultas.llamadas.configuracion({ campanaId }).queryKey, r.configuracion);
    },
    onError: (e) => notifyError(mensajeDe(e, c.errorGuardar)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!horarioMal && !guardar.isPending) guardar.mutate();
  };

  return (
    <Paper withBorder p="lg" shadow="xs" data-testid="panel-configuracion">
      <form onSubmit={submit} aria-label={c.titulo}>
        <Group justify="space-between" mb={4}>
          <Title order={4}>{c.titulo}</Title>
          <Badge color={completa ? 'green' : 'orange'} variant="light">
            {completa ? c.configurada : c.sinConfigurar}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" mb="md">
          {c.descripcion}
        </Text>
        {error ? (
          <Alert color="red" mb="sm">
            {error}
          </Alert>
        ) : null}
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={c.agentId} value={v.agentid} onChange={(e) => setV({ ...v, agentid: e.currentTarget.value })} maxLength={300} placeholder="agent_..." />
            <TextInput label={c.agentPhoneNumberId} value={v.agentphonenumberid} onChange={(e) => setV({ ...v, agentphonenumberid: e.currentTarget.value })} maxLength={300} placeholder="phnum_..." />
          </SimpleGrid>
          <Textarea label={c.prompt} placeholder={c.promptPlaceholder} value={v.prompt} onChange={(e) => setV({ ...v, prompt: e.currentTarget.value })} autosize minRows={2} maxRows={6} maxLength={20_000} />
          <SimpleGrid cols={{ base: 2, xl: 4 }}>
            <TextInput label={c.horaInicio} type="time" value={v.horaInicio} onChange={(e) => setV({ ...v, horaInicio: e.currentTarget.value })} />
            <TextInput label={c.horaFin} type="time" value={v.horaFin} onChange={(e) => setV({ ...v, horaFin: e.currentTarget.value })} error={horarioMal ? c.horarioInvalido : null} />
            <TextInput label={c.zonaHoraria} value={v.zonaHoraria} onChange={(e) => setV({ ...v, zonaHoraria: e.currentTarget.value })} maxLength={100} />
            <NumberInput label={c.simultaneas} value={v.maxSimultaneas} onChange={(x) => setV({ ...v, maxSimultaneas: Math.min(MAX_SIMULTANEAS, Math.max(1, Number(x) || 1)) })} min={1} max={MAX_SIMULTANEAS} allowDecimal={false} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {c.simultaneasDescripcion}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={guardar.isPending} disabled={horarioMal}>
              {c.guardar}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
