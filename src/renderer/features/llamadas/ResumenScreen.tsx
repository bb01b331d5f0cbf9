import { Alert, Box, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarStats, IconCircleCheck, IconPhoneCall, IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Title as ChartTitle, Tooltip } from 'chart.js';
import { useState } from 'react';
import { Bar } from 'react-chartjs-2';
import type { ResumenLlamadas } from '../../../shared/areas/llamadas/contract';
import { COLOR_BARRAS, RANGO_DEFECTO, VERDES, isoALocalBogota, localBogotaAIso, seriesPorEtiqueta } from '../../../shared/areas/llamadas/rules';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { consultas } from '../../api/client';
import { Encabezado, SelectorCampana, Tile, fmtNumero, t, useCampanaSeleccionada } from './comun';
import { mensajeDe } from '../../lib/mensaje-error';

ChartJS.register(CategoryScale, LinearScale, BarElement, ChartTitle, Tooltip, Legend);

const r = t.resumen;

interface Rango {
  inicio: string;
  fin: string;
}

const aLimites = (rango: Rango) => ({ desde: localBogotaAIso(rango.inicio), hasta: localBogotaAIso(rango.fin, true) });

/** Summary dashboard (part 1 §2.8): campaign, date-time range, four cards, two charts fed by SQL aggregates. */
export default function ResumenScreen() {
  useDocumentTitle(r.titulo);
  const { campanas, lista, campanaId, seleccionar } = useCampanaSeleccionada();
  const [inputs, setInputs] = useState<Rango>({ ...RANGO_DEFECTO });
  const [activo, setActivo] = useState<Rango>({ ...RANGO_DEFECTO });
  const [rangoDe, setRangoDe] = useState<number | null>(null);

  // On campaign change: the range from the earliest and latest call (if any has a date).
  const extremos = useQuery({
    ...consultas.llamadas.resumen({ campanaId: campanaId ?? 0 }),
    enabled: campanaId !== null,
    staleTime: 0,
  });
  // Adjusting state while rendering (not in an effect): React re-renders at once with the new range.
  if (campanaId !== null && rangoDe !== campanaId && extremos.data && !extremos.isFetching) {
    setRangoDe(campanaId);
    const { primera, ultima } = extremos.data;
    if (primera && ultima) {
      const nuevo = { inicio: isoALocalBogota(primera), fin: isoALocalBogota(ultima) };
      setInputs(nuevo);
      setActivo(nuevo);
    }
  }

  const limites = aLimites(activo);
  const listo = campanaId !== null && rangoDe === campanaId;
  const datos = useQuery({
    ...consultas.llamadas.resumen({ campanaId: campanaId ?? 0, desde: limites.desde, hasta: limites.hasta }),
    enabled: listo,
    placeholderData: keepPreviousData,
  });

  const invalido = (inputs.inicio && !localBogotaAIso(inputs.inicio)) || (inputs.fin && !localBogotaAIso(inputs.fin));
  const invertido = Boolean(inputs.inicio && inputs.fin && inputs.inicio > inputs.fin);

  const aplicar = () => {
    if (!invalido && !invertido) setActivo({ ...inputs });
  };
  const restablecer = () => {
    setInputs({ ...RANGO_DEFECTO });
    setActivo({ ...RANGO_DEFECTO });
  };

  const d = datos.data;
  return (
    <Stack gap="lg">
      <Encabezado titulo={r.titulo} subtitulo={r.subtitulo} />
      <Paper withBorder p="md" shadow="xs">
        <Grid align="flex-end">
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <SelectorCampana lista={lista} value={campanaId} onChange={seleccionar} label={r.campana} w="100%" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput type="datetime-local" step={60} label={r.inicio} value={inputs.inicio} onChange={(e) => setInputs({ ...inputs, inicio: e.currentTarget.value })} data-testid="rango-inicio" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput type="datetime-local" step={60} label={r.fin} value={inputs.fin} onChange={(e) => setInputs({ ...inputs, fin: e.currentTarget.value })} error={invertido ? r.rangoInvalido : null} data-testid="rango-fin" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <Group grow gap="xs">
              <Button onClick={aplicar} disabled={Boolean(invalido) || invertido} px="xs">
                {r.aplicar}
              </Button>
              <Button variant="default" onClick={restablecer} px="xs">
                {r.restablecer}
              </Button>
            </Group>
          </Grid.Col>
        </Grid>
      </Paper>

      {campanas.isError || datos.isError ? <Alert color="red">{mensajeDe(campanas.error ?? datos.error, r.errorCargar)}</Alert> : null}
      {!campanas.isLoading && lista.length === 0 ? (
        <Paper withBorder p="xl">
          <Text c="dimmed" ta="center">
            {t.campanas.sinCampanas}
          </Text>
        </Paper>
      ) : null}

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <Tile label={r.totalClientes} value={d ? fmtNumero(d.tarjetas.totalClientes) : '—'} icon={<IconUsers size={22} />} testId="card-clientes" />
        <Tile label={r.totalLlamadas} value={d ? fmtNumero(d.tarjetas.totalLlamadas) : '—'} icon={<IconPhoneCall size={22} />} color="lime" testId="card-llamadas" />
        <Tile label={r.llamadasDone} value={d ? fmtNumero(d.tarjetas.llamadasDone) : '—'} icon={<IconCircleCheck size={22} />} color="teal" testId="card-done" />
        <Tile label={r.enRango} value={d ? fmtNumero(d.tarjetas.enRango) : '—'} icon={<IconCalendarStats size={22} />} color="yellow" testId="card-rango" />
      </SimpleGrid>

      <Grid>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Panel titulo={r.llamadasPorDia} testId="grafico-dia">
            {d && d.porDia.some((n) => n > 0) ? <GraficoDia d={d} /> : <Vacio texto={r.vacioPorDia} />}
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Panel titulo={r.estadosPorDia} testId="grafico-estados">
            {d && d.estados.length > 0 && d.porDia.some((n) => n > 0) ? <GraficoEstados d={d} /> : <Vacio texto={r.vacioEstados} />}
          </Panel>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Panel({ titulo, testId, children }: { titulo: string; testId: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="lg" shadow="xs" h="100%" data-testid={testId}>
      <Title order={4} mb="md">
        {titulo}
      </Title>
      <div style={{ position: 'relative', height: 320 }}>{children}</div>
    </Paper>
  );
}

function Vacio({ texto }: { texto: string }) {
  return (
    <Group justify="center" align="center" h="100%">
      <Text c="gray.6" ta="center" data-testid="grafico-vacio">
        {texto}
      </Text>
    </Group>
  );
}

function GraficoDia({ d }: { d: ResumenLlamadas }) {
  return (
    <Bar
      aria-label={r.llamadasPorDia}
      role="img"
      data={{ labels: d.dias, datasets: [{ label: r.llamadas, data: d.porDia, backgroundColor: COLOR_BARRAS, borderRadius: 4 }] }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: false }, title: { display: false } },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      }}
    />
  );
}

/**
 * Statuses by day under their Spanish labels (the stored values stay as they are). The legend is HTML
 * below the canvas rather than drawn inside it, so it can be read by assistive technology and checked.
 */
function GraficoEstados({ d }: { d: ResumenLlamadas }) {
  const series = seriesPorEtiqueta(d.estados, d.porEstado);
  const color = (i: number) => VERDES[i % VERDES.length]!;
  return (
    <Stack gap="xs" h="100%">
      <Box style={{ flex: 1, minHeight: 0, position: 'relative' }}>
        <Bar
          aria-label={r.estadosPorDia}
          role="img"
          data={{
            labels: d.dias,
            datasets: series.map((s, i) => ({ label: s.etiqueta, data: s.datos, backgroundColor: color(i), stack: 'estados' })),
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            plugins: { legend: { display: false }, title: { display: false } },
            scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
          }}
        />
      </Box>
      <Group component="ul" gap="md" justify="center" m={0} p={0} style={{ listStyle: 'none' }} aria-label={r.leyendaEstados} data-testid="leyenda-estados">
        {series.map((s, i) => (
          <Group component="li" key={s.etiqueta} gap={6} wrap="nowrap">
            <Box w={12} h={12} style={{ borderRadius: 3, background: color(i), flexShrink: 0 }} aria-hidden />
            <Text size="xs">{s.etiqueta}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
