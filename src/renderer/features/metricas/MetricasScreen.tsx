/**
 * 'Dashboard de Métricas' (part 2 §2, §9): period selector (7/30/90/180/365 days or custom, default 30),
 * refresh (stores today's snapshot), four cards, status distribution, services by category, the 6-month
 * trend, the top-10 table, the four alerts with their navigation and the CSV export. Computed in SQL.
 */
import { Alert, Badge, Button, Card, Center, Group, Loader, Paper, Progress, Select, SimpleGrid, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconActivity, IconAlertTriangle, IconChecklist, IconDownload, IconFolders, IconPlugConnected, IconRefresh, IconCircleCheck } from '@tabler/icons-react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip as ChartTooltip } from 'chart.js';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Bar, Doughnut } from 'react-chartjs-2';
import { useNavigate } from 'react-router-dom';
import { api, clave, consultas } from '../../api/client';
import { es } from '../../../shared/i18n/es';
import { alertasDe, PERIODO_POR_DEFECTO, PERIODOS_DIAS, type DashboardMetricas, type Periodo } from '../../../shared/areas/metricas/rules';
import { COLOR_ESTADO_PROYECTO, ESTADOS_PROYECTO, etiquetaEstadoProyecto } from '../../../shared/areas/proyectos/rules';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { notifyError, notifySuccess } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { EstadoProyectoBadge } from '../proyectos/comun';
import { guardarCsv } from './guardar-csv';
import { TituloConVolver } from '../../components/TituloConVolver';
import { TablaDatos, type Columna } from '../../components/TablaDatos';
import { mensajeDe } from '../../lib/mensaje-error';

ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, ChartTooltip, Legend);

const t = es.metricas;

const COLORES: Record<string, string> = {
  green: '#2f9e44',
  gray: '#868e96',
  blue: '#1c7ed6',
  teal: '#0ca678',
  red: '#e03131',
  yellow: '#f59f00',
};
const PALETA = ['#2f9e44', '#1c7ed6', '#f59f00', '#ae3ec9', '#0ca678', '#e8590c', '#4263eb', '#d6336c'];

function Tarjeta({ titulo, valor, detalle, icono, color }: { titulo: string; valor: ReactNode; detalle: string; icono: ReactNode; color: string }) {
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed" fw={500}>
            {titulo}
          </Text>
          <Text fz={30} fw={800} lh={1.1} data-testid={`tarjeta-${titulo}`}>
            {valor}
          </Text>
          <Text size="xs" c="dimmed">
            {detalle}
          </Text>
        </Stack>
        <ThemeIcon size={46} radius="md" variant="light" color={color}>
          {icono}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

function Panel({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs">
      <Text fw={700} mb="md">
        {titulo}
      </Text>
      {children}
    </Paper>
  );
}

/** A chart in its 240 px box, or the dimmed 'Sin datos' line where it would stand when there is nothing to draw. */
function Grafico({ vacio, children }: { vacio: boolean; children: ReactNode }) {
  if (vacio) {
    return (
      <Center h={220}>
        <Text c="dimmed">{t.sinDatos}</Text>
      </Center>
    );
  }
  return <div style={{ height: 240 }}>{children}</div>;
}

function mesCorto(mes: string): string {
  const [y, m] = mes.split('-').map(Number);
  return new Intl.DateTimeFormat('es-CO', { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(new Date(Date.UTC(y!, m! - 1, 15)));
}

type ProyectoTop = DashboardMetricas['top'][number];
const [colProyecto, colEstado, colProgreso, colTotal, colActivos, colCompletados, colDias, colActividad] = t.csvColumnas;
/** The top projects, with the CSV's column titles (§9). */
const COLUMNAS_TOP: Array<Columna<ProyectoTop>> = [
  { titulo: colProyecto, tipo: 'texto', celda: (p) => p.nombre, anchoMaximo: 200 },
  { titulo: colEstado, tipo: 'estado', celda: (p) => <EstadoProyectoBadge estado={p.estado} /> },
  {
    titulo: colProgreso,
    miw: 140,
    celda: (p) => (
      <Group gap={6} wrap="nowrap">
        <Progress value={p.progreso} w={80} size="sm" radius="xl" aria-label={`${p.nombre}: ${p.progreso}%`} />
        <Text size="sm">{p.progreso}%</Text>
      </Group>
    ),
  },
  { titulo: colTotal, celda: (p) => p.totalServicios },
  { titulo: colActivos, celda: (p) => p.serviciosActivos },
  { titulo: colCompletados, celda: (p) => p.serviciosCompletados },
  { titulo: colDias, celda: (p) => p.diasActivo },
  { titulo: colActividad, celda: (p) => <Text size="sm">{formatDateTime(p.ultimaActividad)}</Text> },
];

function Contenido({ d }: { d: DashboardMetricas }) {
  const navigate = useNavigate();
  const alertas = alertasDe(d.alertas);
  const estados = ESTADOS_PROYECTO.filter((e) => (d.estadosProyectos[e] ?? 0) > 0);
  const servEstados = ['activo', 'en_proceso', 'completado', 'inactivo', 'error'] as const;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Tarjeta titulo={t.tarjetaProyectos} valor={d.tarjetas.totalProyectos} detalle={t.crecimiento(d.tarjetas.crecimientoMensual)} icono={<IconFolders size={24} />} color="green" />
        <Tarjeta titulo={t.tarjetaActivos} valor={d.tarjetas.proyectosActivos} detalle={t.completados(d.tarjetas.proyectosCompletados)} icono={<IconActivity size={24} />} color="blue" />
        <Tarjeta titulo={t.tarjetaServicios} valor={d.tarjetas.totalServicios} detalle={t.serviciosActivos(d.tarjetas.serviciosActivos)} icono={<IconPlugConnected size={24} />} color="grape" />
        <Tarjeta titulo={t.tarjetaProgreso} valor={`${d.tarjetas.progresoPromedio}%`} detalle={t.recientes(d.tarjetas.serviciosRecientes)} icono={<IconChecklist size={24} />} color="teal" />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        <Panel titulo={t.distribucion}>
          <Grafico vacio={estados.length === 0}>
            <Doughnut
              aria-label={t.distribucion}
              data={{
                labels: estados.map((e) => etiquetaEstadoProyecto(e)),
                datasets: [{ data: estados.map((e) => d.estadosProyectos[e] ?? 0), backgroundColor: estados.map((e) => COLORES[COLOR_ESTADO_PROYECTO[e]] ?? '#868e96'), borderWidth: 2 }],
              }}
              options={{ maintainAspectRatio: false, plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } }, cutout: '62%' }}
            />
          </Grafico>
        </Panel>
        <Panel titulo={t.porCategoria}>
          <Grafico vacio={d.serviciosPorCategoria.length === 0}>
            <Bar
              aria-label={t.porCategoria}
              data={{
                labels: d.serviciosPorCategoria.map((c) => c.categoria),
                datasets: [{ label: t.tarjetaServicios, data: d.serviciosPorCategoria.map((c) => c.total), backgroundColor: d.serviciosPorCategoria.map((_, k) => PALETA[k % PALETA.length]!), borderRadius: 6 }],
              }}
              options={{ indexAxis: 'y', maintainAspectRatio: false, plugins: { legend: { display: false } }, scales: { x: { beginAtZero: true, ticks: { precision: 0 } } } }}
            />
          </Grafico>
        </Panel>
        <Panel titulo={t.estadoServicios}>
          <Stack gap="sm">
            {servEstados.map((e) => {
              const n = d.serviciosPorEstado[e];
              const total = Math.max(1, d.tarjetas.totalServicios);
              return (
                <Stack key={e} gap={2}>
                  <Group justify="space-between">
                    <Text size="sm">{es.proyectos.estadosServicio[e]}</Text>
                    <Text size="sm" fw={600}>
                      {n}
                    </Text>
                  </Group>
                  <Progress value={(n / total) * 100} color={e === 'error' ? 'red' : e === 'completado' ? 'teal' : e === 'en_proceso' ? 'blue' : e === 'inactivo' ? 'gray' : 'green'} size="sm" radius="xl" aria-label={es.proyectos.estadosServicio[e]} />
                </Stack>
              );
            })}
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t.eliminados}
              </Text>
              <Text size="sm" c="dimmed">
                {d.serviciosPorEstado.eliminados}
              </Text>
            </Group>
          </Stack>
        </Panel>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        <div style={{ gridColumn: 'span 2' }}>
          <Panel titulo={t.tendencia}>
            <div style={{ height: 240 }}>
              <Bar
                aria-label={t.tendencia}
                data={{
                  labels: d.tendencia.map((m) => mesCorto(m.mes)),
                  datasets: [
                    { label: t.tendenciaProyectos, data: d.tendencia.map((m) => m.proyectos), backgroundColor: '#2f9e44', borderRadius: 6 },
                    { label: t.tendenciaServicios, data: d.tendencia.map((m) => m.servicios), backgroundColor: '#74c0fc', borderRadius: 6 },
                  ],
                }}
                options={{ maintainAspectRatio: false, plugins: { legend: { position: 'bottom', labels: { boxWidth: 12 } } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } }}
              />
            </div>
          </Panel>
        </div>
        <Panel titulo={t.alertas}>
          {alertas.length === 0 ? (
            <Group gap="xs">
              <IconCircleCheck color="var(--mantine-color-green-6)" size={20} />
              <Text size="sm" c="dimmed">
                {t.sinAlertas}
              </Text>
            </Group>
          ) : (
            <Stack gap="sm" data-testid="alertas">
              {alertas.map((a) => (
                <Alert key={a.tipo} color={a.color} variant="light" icon={<IconAlertTriangle size={16} />} p="sm">
                  <Stack gap={6}>
                    <Text size="sm">{a.mensaje}</Text>
                    <Group>
                      <Button size="compact-xs" variant="light" color={a.color} onClick={() => navigate(a.ruta)}>
                        {a.accion}
                      </Button>
                    </Group>
                  </Stack>
                </Alert>
              ))}
            </Stack>
          )}
        </Panel>
      </SimpleGrid>

      <Stack gap="xs">
        <Text fw={700}>{t.topProyectos}</Text>
        <TablaDatos etiqueta={t.topProyectos} testId="top-proyectos" columnas={COLUMNAS_TOP} filas={d.top} anchoMinimo={900} vacio={{ icono: <IconFolders size={24} />, texto: t.sinDatos }} />
      </Stack>
    </Stack>
  );
}

export default function MetricasScreen() {
  useDocumentTitle(t.titulo);
  const queryClient = useQueryClient();
  const [opcion, setOpcion] = useState<string>(String(PERIODO_POR_DEFECTO));
  const [desde, setDesde] = useState('');
  const [hasta, setHasta] = useState('');
  const periodo: Periodo | null = useMemo(() => {
    if (opcion !== 'personalizado') return { dias: Number(opcion) };
    return desde && hasta && desde <= hasta ? { desde, hasta } : null;
  }, [opcion, desde, hasta]);

  // An incomplete custom range reads nothing (and shows no other period's figures).
  const consulta = periodo ? consultas.metricas.dashboard({ periodo }) : null;
  const datos = useQuery({ queryKey: consulta?.queryKey ?? clave('metricas', 'dashboard', null), queryFn: consulta?.queryFn ?? skipToken });
  useEffect(() => {
    if (datos.error) notifyError(t.errorCarga, t.errorCargaTitulo);
  }, [datos.error]);

  const actualizar = useMutation({
    mutationFn: () => api.metricas.actualizar({ periodo: periodo! }),
    onSuccess: (d) => {
      if (consulta) queryClient.setQueryData(consulta.queryKey, d);
      notifySuccess(t.actualizadas);
    },
    onError: (e) => notifyError(mensajeDe(e, t.errorCarga), t.errorCargaTitulo),
  });
  const exportar = useMutation({
    mutationFn: async () => {
      const r = await api.metricas.exportar({ periodo: periodo! });
      return guardarCsv(r.nombreArchivo, r.contenido);
    },
    onSuccess: (guardado) => {
      if (guardado) notifySuccess(t.exportado);
    },
    onError: (e) => notifyError(mensajeDe(e, t.errorExportar), t.errorExportarTitulo),
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TituloConVolver titulo={t.titulo} subtitulo={t.subtitulo} volverA="/dashboard/proyectos" volverLabel={t.volver} />
        <Group gap="xs" align="flex-end">
          <Select
            label={t.periodo}
            w={200}
            data={[...PERIODOS_DIAS.map((n) => ({ value: String(n), label: t.periodos[String(n)]! })), { value: 'personalizado', label: t.periodos.personalizado! }]}
            value={opcion}
            onChange={(v) => setOpcion(v ?? String(PERIODO_POR_DEFECTO))}
            allowDeselect={false}
          />
          {opcion === 'personalizado' ? (
            <>
              <TextInput type="date" label={t.desde} value={desde} onChange={(e) => setDesde(e.currentTarget.value)} />
              <TextInput type="date" label={t.hasta} value={hasta} onChange={(e) => setHasta(e.currentTarget.value)} error={desde && hasta && desde > hasta ? t.rangoInvalido : undefined} />
            </>
          ) : null}
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => actualizar.mutate()} loading={actualizar.isPending} disabled={!periodo}>
            {t.actualizar}
          </Button>
          <Button leftSection={<IconDownload size={16} />} onClick={() => exportar.mutate()} loading={exportar.isPending} disabled={!periodo}>
            {t.exportar}
          </Button>
        </Group>
      </Group>
      {datos.data ? (
        <Contenido d={datos.data} />
      ) : datos.isLoading ? (
        <Center py={80}>
          <Loader />
        </Center>
      ) : (
        <Badge color="gray" variant="light">
          {t.sinDatos}
        </Badge>
      )}
    </Stack>
  );
}
