/**
 * 'Resumen de WhatsApp' (part 3 §2.4): company, session search, refresh, the four cards, AI and human
 * percentages, the average per session, a pie of AI vs. human and a bar chart of the last 7 days. Every
 * number comes from one SQL function; the sessions below use the same paged query as the message screens.
 */
import { Center, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMessageChatbot, IconRobot, IconUser } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip as ChartTooltip } from 'chart.js';
import { useState } from 'react';
import { Bar, Pie } from 'react-chartjs-2';
import { consultas } from '../../api/client';
import { es } from '../../../shared/i18n/es';
import { porcentajes } from '../../../shared/areas/whatsapp-resumen/rules';
import type { ResumenWhatsapp } from '../../../shared/areas/whatsapp-resumen/contract';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { TablaSesiones } from '../../components/conversaciones/TablaSesiones';
import { Tarjeta, TarjetasEstadisticas } from '../../components/conversaciones/TarjetasEstadisticas';
import { CampoBusqueda, useBusquedaPaginada } from '../../components/conversaciones/busqueda';
import { BotonActualizar, useRefrescar } from '../../components/conversaciones/Actualizar';
import { ConversacionSesion, SelectorEmpresa, useErrorToast } from '../mensajes/componentes';

ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, ChartTooltip, Legend);

const t = es.whatsappResumen;
const tm = es.mensajes;
const COLOR_IA = '#2f9e44';
const COLOR_HUMANO = '#1c7ed6';
/** The two shares of the messages, each a card with its percentage, its count and a bar. */
const PARTES = [
  { quien: 'ia', etiqueta: t.porcentajeIa, icono: <IconRobot size={22} />, color: 'green' },
  { quien: 'humanos', etiqueta: t.porcentajeHumanos, icono: <IconUser size={22} />, color: 'blue' },
] as const;

const etiquetaDia = new Intl.DateTimeFormat('es-CO', { timeZone: 'UTC', weekday: 'short', day: '2-digit', month: '2-digit' });
/** 'YYYY-MM-DD' (already a Colombia date) → 'sáb, 21/11'. */
function diaCorto(dia: string): string {
  const d = new Date(`${dia}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? dia : etiquetaDia.format(d);
}

function Graficos({ resumen }: { resumen: ResumenWhatsapp }) {
  const hayMensajes = resumen.humanos + resumen.ia > 0;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder p="md" radius="lg" shadow="xs">
        <Text fw={700} mb="sm">
          {t.graficoTorta}
        </Text>
        <Center h={280}>
          {hayMensajes ? (
            <Pie
              aria-label={t.graficoTorta}
              data={{
                labels: [t.etiquetaIa, t.etiquetaHumanos],
                datasets: [{ data: [resumen.ia, resumen.humanos], backgroundColor: [COLOR_IA, COLOR_HUMANO], borderColor: '#fff', borderWidth: 2 }],
              }}
              options={{ maintainAspectRatio: false, plugins: { legend: { position: 'bottom' } } }}
            />
          ) : (
            <Text c="dimmed">{t.sinDatos}</Text>
          )}
        </Center>
      </Paper>
      <Paper withBorder p="md" radius="lg" shadow="xs">
        <Text fw={700} mb="sm">
          {t.graficoBarras}
        </Text>
        <div style={{ height: 280 }}>
          <Bar
            aria-label={t.graficoBarras}
            data={{
              labels: resumen.dias.map((d) => diaCorto(d.dia)),
              datasets: [
                { label: t.etiquetaIa, data: resumen.dias.map((d) => d.ia), backgroundColor: COLOR_IA, borderRadius: 4, stack: 'm' },
                { label: t.etiquetaHumanos, data: resumen.dias.map((d) => d.humanos), backgroundColor: COLOR_HUMANO, borderRadius: 4, stack: 'm' },
              ],
            }}
            options={{
              maintainAspectRatio: false,
              plugins: { legend: { position: 'bottom' } },
              scales: { x: { stacked: true, grid: { display: false } }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
            }}
          />
        </div>
      </Paper>
    </SimpleGrid>
  );
}

export default function WhatsappResumenScreen() {
  useDocumentTitle(t.titulo);
  const [tabla, setTabla] = useState('');
  const [sesionAbierta, setSesionAbierta] = useState<string | null>(null);
  const { busqueda, q, pagina, porPagina, buscar, primeraPagina, paginacion } = useBusquedaPaginada();

  const empresas = useQuery(consultas.mensajes.empresas({ canal: 'whatsapp' }));
  useErrorToast(empresas.error, tm.errorDatos);
  const resumen = useQuery({ ...consultas.whatsappResumen.resumen({ tabla, busqueda: q }), enabled: tabla !== '', placeholderData: keepPreviousData });
  useErrorToast(resumen.error, tm.errorDatos);
  const sesiones = useQuery({
    ...consultas.mensajes.sesiones({ tabla, busqueda: q, pagina, porPagina }),
    enabled: tabla !== '',
    placeholderData: keepPreviousData,
  });
  useErrorToast(sesiones.error, tm.errorCargar);

  const datos = tabla ? resumen.data : undefined;
  const p = datos ? porcentajes(datos) : null;
  const actualizar = useRefrescar(
    [
      ['whatsappResumen', 'resumen'],
      ['mensajes', 'sesiones'],
    ],
    { tabla },
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{t.titulo}</Title>
        <Group gap="sm" align="flex-end">
          <SelectorEmpresa
            empresas={empresas.data ?? []}
            value={tabla}
            loading={empresas.isLoading}
            onChange={(v) => {
              setTabla(v);
              primeraPagina();
            }}
          />
          <BotonActualizar onClick={actualizar} disabled={!tabla} loading={Boolean(tabla) && resumen.isFetching} />
        </Group>
      </Group>

      <CampoBusqueda etiqueta={t.buscar} valor={busqueda} onBuscar={buscar} maw={420} />

      <TarjetasEstadisticas stats={datos ?? null} />

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {PARTES.map(({ quien, etiqueta, icono, color }) => (
          <Tarjeta
            key={quien}
            testId={`indicador-${etiqueta}`}
            label={etiqueta}
            value={p ? `${p[quien]}%` : '—'}
            detalle={datos ? t.delTotal(datos[quien]) : undefined}
            icon={icono}
            color={color}
            progreso={p?.[quien] ?? 0}
          />
        ))}
        <Tarjeta testId={`indicador-${t.promedio}`} label={t.promedio} value={p ? String(p.promedioPorSesion) : '—'} icon={<IconMessageChatbot size={22} />} color="grape" />
      </SimpleGrid>

      {datos ? (
        <Graficos resumen={datos} />
      ) : (
        <Paper withBorder p="xl" radius="lg" shadow="xs">
          <Center>
            <Text c="dimmed">{tm.seleccionaEmpresa}</Text>
          </Center>
        </Paper>
      )}

      <Stack gap="xs">
        <Title order={4}>{t.sesionesRecientes}</Title>
        <TablaSesiones
          sesiones={tabla ? (sesiones.data?.sesiones ?? []) : []}
          cargando={Boolean(tabla) && sesiones.isLoading}
          vacio={tabla ? tm.sinSesiones : tm.seleccionaEmpresa}
          onVer={setSesionAbierta}
          fechaSinCorte
          paginacion={{ total: tabla ? (sesiones.data?.total ?? 0) : 0, ...paginacion }}
        />
      </Stack>
      <ConversacionSesion tabla={tabla} sessionId={sesionAbierta} onClose={() => setSesionAbierta(null)} />
    </Stack>
  );
}
