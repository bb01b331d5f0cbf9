import { ActionIcon, Alert, Badge, Button, Checkbox, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Tabs, Text, TextInput, Textarea, Title, Tooltip, type NumberInputProps } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ConfiguracionLlamadas } from '../../../shared/areas/llamadas/contract';
import { HORARIO_DEFECTO, MAX_SIMULTANEAS } from '../../../shared/areas/llamadas/rules';
import { notifyError, notifySuccess } from '../../components/toast';
import { api, consultas } from '../../api/client';
import { t } from './comun';
import { mensajeDe } from '../../lib/mensaje-error';

type Franja = { dia: number; inicio: string; fin: string };
type Resultado = ConfiguracionLlamadas['reintentarResultados'][number];

/** Monday first, as a week reads here (0 = domingo in the contract). */
const ORDEN_DIAS = [1, 2, 3, 4, 5, 6, 0];
const RESULTADOS: readonly Resultado[] = ['no_contesta', 'ocupado', 'fallida'];
const POLITICA_DEFECTO = { reintentosMax: 1, reintentoMinutos: 30 } as const;
const esFechaValida = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/**
 * Call configuration of a campaign (part 1 §2.7): agent id, phone number id, prompt, the calling window and
 * concurrency; and (issue 15) the window per weekday, the dates with no calls and the retry policy.
 */
export function ConfiguracionPanel({ campanaId, configuracion, cargando, error }: { campanaId: number; configuracion: ConfiguracionLlamadas | null | undefined; cargando: boolean; error: string | null }) {
  if (cargando) return <Paper withBorder p="lg" shadow="xs" mih={200} />;
  return <Formulario key={configuracion?.id ?? 'nueva'} campanaId={campanaId} configuracion={configuracion ?? null} error={error} />;
}

/** A whole number from 1 to `max`: what is typed is kept within them, and an empty or unreadable box counts as 1. */
function CampoEntero({ max, valor, alCambiar, ...props }: Omit<NumberInputProps, 'value' | 'onChange' | 'min' | 'max' | 'allowDecimal'> & { max: number; valor: number; alCambiar: (n: number) => void }) {
  return <NumberInput {...props} value={valor} onChange={(x) => alCambiar(Math.min(max, Math.max(1, Number(x) || 1)))} min={1} max={max} allowDecimal={false} />;
}

function Formulario({ campanaId, configuracion, error }: { campanaId: number; configuracion: ConfiguracionLlamadas | null; error: string | null }) {
  const c = t.configuracion;
  const pol = t.politica;
  const qc = useQueryClient();
  const [v, setV] = useState({
    agentid: configuracion?.agentid ?? '',
    agentphonenumberid: configuracion?.agentphonenumberid ?? '',
    prompt: configuracion?.prompt ?? '',
    horaInicio: configuracion?.horaInicio ?? HORARIO_DEFECTO.inicio,
    horaFin: configuracion?.horaFin ?? HORARIO_DEFECTO.fin,
    zonaHoraria: configuracion?.zonaHoraria ?? HORARIO_DEFECTO.zona,
    maxSimultaneas: configuracion?.maxSimultaneas ?? 1,
    horarioSemanal: (configuracion?.horarioSemanal ?? null) as Franja[] | null,
    diasSinLlamadas: configuracion?.diasSinLlamadas ?? ([] as string[]),
    reintentosMax: configuracion?.reintentosMax ?? POLITICA_DEFECTO.reintentosMax,
    reintentoMinutos: configuracion?.reintentoMinutos ?? POLITICA_DEFECTO.reintentoMinutos,
    reintentarResultados: configuracion?.reintentarResultados ?? [...RESULTADOS],
  });
  const [pestana, setPestana] = useState<string | null>('general');
  const [feriado, setFeriado] = useState('');
  const completa = Boolean(configuracion?.agentid.trim() && configuracion.agentphonenumberid.trim());
  const horarioMal = v.horaInicio >= v.horaFin;
  const diasMal = (v.horarioSemanal ?? []).filter((f) => f.inicio >= f.fin).map((f) => f.dia);
  const sinResultados = v.reintentosMax > 1 && v.reintentarResultados.length === 0;
  const feriadoRepetido = v.diasSinLlamadas.includes(feriado);
  const invalido = horarioMal || diasMal.length > 0 || sinResultados;

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
    if (invalido) {
      // The error is on another tab: show it.
      setPestana(horarioMal ? 'general' : diasMal.length > 0 ? 'horario' : 'reintentos');
      return;
    }
    if (!guardar.isPending) guardar.mutate();
  };

  const porDia = v.horarioSemanal !== null;
  const franja = (dia: number) => v.horarioSemanal?.find((f) => f.dia === dia) ?? null;
  const cambiarFranja = (dia: number, cambio: Partial<Franja> | null) =>
    setV((x) => {
      const resto = (x.horarioSemanal ?? []).filter((f) => f.dia !== dia);
      if (cambio === null) return { ...x, horarioSemanal: resto };
      const actual = (x.horarioSemanal ?? []).find((f) => f.dia === dia) ?? { dia, inicio: x.horaInicio, fin: x.horaFin };
      return { ...x, horarioSemanal: [...resto, { ...actual, ...cambio }].sort((a, b) => a.dia - b.dia) };
    });
  const alternarPorDia = (on: boolean) =>
    setV((x) => ({ ...x, horarioSemanal: on ? ORDEN_DIAS.map((dia) => ({ dia, inicio: x.horaInicio, fin: x.horaFin })).sort((a, b) => a.dia - b.dia) : null }));
  const agregarFeriado = () => {
    if (!esFechaValida(feriado) || feriadoRepetido) return;
    setV((x) => ({ ...x, diasSinLlamadas: [...x.diasSinLlamadas, feriado].sort() }));
    setFeriado('');
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
        <Text size="sm" c="dimmed" mb="sm">
          {c.descripcion}
        </Text>
        {error ? (
          <Alert color="red" mb="sm">
            {error}
          </Alert>
        ) : null}
        <Tabs value={pestana} onChange={setPestana} keepMounted={false}>
          <Tabs.List mb="sm">
            <Tabs.Tab value="general" c={horarioMal ? 'red' : undefined}>
              {pol.pestanaGeneral}
            </Tabs.Tab>
            <Tabs.Tab value="horario" c={diasMal.length > 0 ? 'red' : undefined}>
              {pol.pestanaHorario}
            </Tabs.Tab>
            <Tabs.Tab value="reintentos" c={sinResultados ? 'red' : undefined}>
              {pol.pestanaReintentos}
            </Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="general">
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
                <CampoEntero label={c.simultaneas} max={MAX_SIMULTANEAS} valor={v.maxSimultaneas} alCambiar={(n) => setV({ ...v, maxSimultaneas: n })} />
              </SimpleGrid>
              <Text size="xs" c="dimmed">
                {c.simultaneasDescripcion}
              </Text>
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="horario">
            <Stack gap="sm">
              <Switch label={pol.porDia} description={pol.porDiaDescripcion} checked={porDia} onChange={(e) => alternarPorDia(e.currentTarget.checked)} data-testid="horario-por-dia" />
              {porDia ? (
                <Stack gap={6} data-testid="horario-semanal">
                  {ORDEN_DIAS.map((dia) => {
                    const nombre = pol.dias[dia]!;
                    const f = franja(dia);
                    return (
                      <Group key={dia} gap="xs" wrap="nowrap" align="center">
                        <Checkbox w={120} label={nombre} aria-label={pol.llamarDia(nombre)} checked={f !== null} onChange={(e) => cambiarFranja(dia, e.currentTarget.checked ? {} : null)} />
                        <TextInput type="time" size="xs" w={110} aria-label={pol.desdeDia(nombre)} value={f?.inicio ?? ''} disabled={!f} onChange={(e) => cambiarFranja(dia, { inicio: e.currentTarget.value })} error={diasMal.includes(dia)} />
                        <TextInput type="time" size="xs" w={110} aria-label={pol.hastaDia(nombre)} value={f?.fin ?? ''} disabled={!f} onChange={(e) => cambiarFranja(dia, { fin: e.currentTarget.value })} error={diasMal.includes(dia)} />
                      </Group>
                    );
                  })}
                  {diasMal.map((dia) => (
                    <Text key={dia} size="xs" c="red">
                      {pol.diaInvalido(pol.dias[dia]!)}
                    </Text>
                  ))}
                </Stack>
              ) : null}
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {pol.feriados}
                </Text>
                <Text size="xs" c="dimmed">
                  {pol.feriadosDescripcion}
                </Text>
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput type="date" size="xs" aria-label={pol.feriado} value={feriado} onChange={(e) => setFeriado(e.currentTarget.value)} error={feriadoRepetido ? pol.feriadoRepetido : null} />
                  <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={agregarFeriado} disabled={!esFechaValida(feriado) || feriadoRepetido}>
                    {pol.agregarFeriado}
                  </Button>
                </Group>
                <Group gap={6} data-testid="dias-sin-llamadas">
                  {v.diasSinLlamadas.length === 0 ? (
                    <Text size="xs" c="dimmed">
                      {pol.sinFeriados}
                    </Text>
                  ) : (
                    v.diasSinLlamadas.map((d) => (
                      <Badge
                        key={d}
                        variant="light"
                        color="gray"
                        tt="none"
                        data-testid="dia-sin-llamadas"
                        rightSection={
                          <Tooltip label={pol.quitarFeriado(d)}>
                            <ActionIcon size="xs" variant="transparent" color="gray" aria-label={pol.quitarFeriado(d)} onClick={() => setV((x) => ({ ...x, diasSinLlamadas: x.diasSinLlamadas.filter((y) => y !== d) }))}>
                              <IconX size={12} />
                            </ActionIcon>
                          </Tooltip>
                        }
                      >
                        {d}
                      </Badge>
                    ))
                  )}
                </Group>
              </Stack>
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="reintentos">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <CampoEntero label={pol.reintentosMax} description={pol.reintentosMaxDescripcion} max={10} valor={v.reintentosMax} alCambiar={(n) => setV({ ...v, reintentosMax: n })} />
                <CampoEntero
                  label={pol.reintentoMinutos}
                  description={pol.reintentoMinutosDescripcion}
                  max={1440}
                  valor={v.reintentoMinutos}
                  alCambiar={(n) => setV({ ...v, reintentoMinutos: n })}
                  disabled={v.reintentosMax <= 1}
                />
              </SimpleGrid>
              <Checkbox.Group
                label={pol.reintentarResultados}
                value={v.reintentarResultados}
                onChange={(x) => setV({ ...v, reintentarResultados: RESULTADOS.filter((r) => x.includes(r)) })}
                error={sinResultados ? pol.sinResultados : null}
              >
                <Group gap="md" mt={6}>
                  {RESULTADOS.map((r) => (
                    <Checkbox key={r} value={r} label={pol.resultados[r]} disabled={v.reintentosMax <= 1} />
                  ))}
                </Group>
              </Checkbox.Group>
            </Stack>
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={guardar.isPending}>
            {c.guardar}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
