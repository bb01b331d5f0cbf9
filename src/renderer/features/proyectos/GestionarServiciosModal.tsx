/**
 * 'Gestionar Servicios' (part 2 §2, §5, §7, §8): pick catalogue services with instance names, choose an
 * existing WhatsApp company, 'Aplicar Cambios' (a provisioning job with progress), the attached services with
 * their company, table and webhook, 'Completar aprovisionamiento' for an incomplete one, and delete.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Divider,
  Group,
  Modal,
  Paper,
  Progress,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconPlayerPlay, IconPlugConnected, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api, clave, consultas } from '../../api/client';
import type { Consulta } from '../../api/queries';
import { useTrabajo } from '../../api/useTrabajo';
import { es } from '../../../shared/i18n/es';
import { validarNombreInstancia } from '../../../shared/domain/bot-tablas';
import { CATALOGO_INTEGRADO } from '../../../shared/areas/servicios/rules';
import { nombreInstanciaSugerido, aprovisionamientoPendiente, type InstanciaServicio } from '../../../shared/areas/proyectos/rules';
import { etiquetaTipoServicio, type ProyectoResumen, type ResultadoAprovisionamiento } from '../../../shared/areas/proyectos/rules';
import type { TrabajoCon } from '../../../shared/domain/trabajos';
import { notifyError, notifySuccess } from '../../components/toast';
import { confirmarEliminar, EstadoServicioBadge } from './comun';
import { mensajeDe } from '../../lib/mensaje-error';
import { IconoServicio } from './iconos';
import { AccionFila } from '../../components/AccionFila';
import { useAccionAvisada } from '../../components/accion-avisada';

const t = es.proyectos;

interface Eleccion {
  marcado: boolean;
  nombre: string;
  empresaWhatsapp: string | null;
}

function Copiable({ etiqueta, valor }: { etiqueta: string; valor: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed" w={60}>
        {etiqueta}
      </Text>
      <Code style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 360 }}>{valor}</Code>
      <CopyButton value={valor}>
        {({ copied, copy }) => (
          <ActionIcon size="sm" variant="subtle" color={copied ? 'green' : 'gray'} onClick={copy} aria-label={etiqueta}>
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        )}
      </CopyButton>
    </Group>
  );
}

function InstanciaCard({ instancia, onEliminar, onReintentar, ocupado }: { instancia: InstanciaServicio; onEliminar: () => void; onReintentar: () => void; ocupado: boolean }) {
  const cfg = instancia.configuracion;
  const pendiente = aprovisionamientoPendiente(instancia);
  return (
    <Card withBorder radius="md" padding="md" data-testid="servicio-adjunto" data-tipo={instancia.tipoServicio}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconoServicio tipo={instancia.tipoServicio} />
          <Stack gap={2}>
            <Text fw={600}>{instancia.nombreInstancia}</Text>
            <Group gap={6}>
              <Badge variant="light" color="gray" radius="sm">
                {etiquetaTipoServicio(instancia.tipoServicio)}
              </Badge>
              <EstadoServicioBadge estado={instancia.estado} />
              {cfg.aprovisionamiento === 'completo' ? (
                <Badge color="green" variant="light" radius="sm" leftSection={<IconPlugConnected size={12} />}>
                  {t.aprovisionamientoCompleto}
                </Badge>
              ) : pendiente ? (
                <Badge color="orange" variant="light" radius="sm" leftSection={<IconAlertTriangle size={12} />}>
                  {t.aprovisionamientoIncompleto}
                </Badge>
              ) : null}
            </Group>
          </Stack>
        </Group>
        <AccionFila label={t.accionEliminar} icon={<IconTrash size={18} />} color="red" onClick={onEliminar} aria-label={`${t.accionEliminar} ${instancia.nombreInstancia}`} />
      </Group>
      <Stack gap={4} mt="sm">
        {cfg.table_supabase ? <Copiable etiqueta={t.tabla} valor={cfg.table_supabase} /> : null}
        {cfg.webhook_n8n ? <Copiable etiqueta={t.webhook} valor={cfg.webhook_n8n} /> : null}
        {cfg.campana_nombre ? (
          <Text size="sm">
            {t.campana}: <b>{cfg.campana_nombre}</b> · {t.minutosTope(Number(cfg.minutos_tope ?? 0))}
          </Text>
        ) : null}
        {cfg.reutiliza_empresa_existente && cfg.comparte_tabla_con ? (
          <Text size="xs" c="dimmed">
            {t.reutiliza(cfg.comparte_tabla_con)}
          </Text>
        ) : null}
      </Stack>
      {pendiente && cfg.error_aprovisionamiento ? (
        <Alert mt="sm" color="orange" variant="light" icon={<IconAlertTriangle size={16} />}>
          <Stack gap="xs">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {cfg.error_aprovisionamiento}
            </Text>
            {cfg.error_detalle ? (
              <Text size="xs" c="dimmed" data-testid="detalle-aprovisionamiento">
                {t.detalle(cfg.error_detalle)}
              </Text>
            ) : null}
            <Group>
              <Button size="xs" variant="light" color="orange" leftSection={<IconRefresh size={14} />} onClick={onReintentar} loading={ocupado}>
                {t.completarAprovisionamiento}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
    </Card>
  );
}

export function GestionarServiciosModal({ proyectoId, onClose }: { proyectoId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [elecciones, setElecciones] = useState<Record<string, Eleccion>>({});
  /** The provisioning job being followed (null: none). */
  const [trabajo, setTrabajo] = useState<TrabajoCon<ResultadoAprovisionamiento> | null>(null);

  const proyecto = useQuery(consultas.proyectos.obtener({ id: proyectoId }));
  const catalogo = useQuery({ ...consultas.servicios.listar({ soloActivos: true }), retry: false });
  const empresasWa = useQuery(consultas.proyectos.empresasWhatsapp({}));
  // §8: if loading the available services fails, the built-in catalogue is used.
  const disponibles = catalogo.isError ? CATALOGO_INTEGRADO : (catalogo.data ?? []);

  const refrescar = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: clave('proyectos') });
  }, [queryClient]);

  /** When the provisioning job ends: the §8 toasts. */
  const alTerminar = useCallback(
    (estado: TrabajoCon<ResultadoAprovisionamiento>) => {
      setTrabajo(null);
      refrescar();
      void queryClient.invalidateQueries({ queryKey: clave('jobs') });
      const fallidos = estado.resultado?.agregados.filter((a) => !a.completo) ?? [];
      if (estado.estado === 'fallido' || estado.estado === 'interrumpido') notifyError(estado.mensaje ?? t.errorActualizar, t.errorActualizarTitulo);
      else if (fallidos.length > 0) {
        const primero = fallidos[0]!;
        const detalle = primero.detalle ? `\n${t.detalle(primero.detalle)}` : '';
        notifyError(`${primero.error ?? ''}${detalle}\n${t.algunosFallaron(fallidos.length)}`, t.errorActualizarTitulo);
      } else if (estado.estado === 'terminado') notifySuccess(t.serviciosActualizados);
    },
    [refrescar, queryClient],
  );
  // Work on this project still running (the page was reloaded, or the modal closed and opened again): followed.
  const enCurso = useQuery({ ...consultas.jobs.listar({ tipo: 'aprovisionamiento', referencia: proyectoId }), staleTime: 0 });
  const retomado = (enCurso.data?.find((j) => j.estado === 'en_curso') ?? null) as TrabajoCon<ResultadoAprovisionamiento> | null;
  const seguido = trabajo ?? retomado;
  const job = useTrabajo(seguido ? (consultas.jobs.estado({ id: seguido.id }) as Consulta<TrabajoCon<ResultadoAprovisionamiento>>) : null, {
    alTerminar,
    ...(seguido ? { inicial: seguido } : {}),
  });
  const estadoJob = job.estado;
  // Each step saves the instance as it goes: the attached services follow the job's progress.
  useEffect(() => {
    if (estadoJob) refrescar();
  }, [estadoJob, refrescar]);
  // The job could not be read (e.g. the app restarted): it is no longer followed (see `ocupado`); say why.
  useEffect(() => {
    if (!job.perdido) return;
    notifyError(mensajeDe(job.error, t.errorActualizar), t.errorActualizarTitulo);
    refrescar();
  }, [job.perdido, job.error, refrescar]);

  const existentes = useMemo(() => new Set((proyecto.data?.instancias ?? []).map((i) => i.tipoServicio)), [proyecto.data]);

  const aplicar = useMutation({
    mutationFn: (servicios: Array<{ tipo: string; nombreInstancia: string; empresaWhatsappUuid?: string | null }>) =>
      api.proyectos.aplicarServicios({ proyectoId, servicios }),
    onSuccess: (estado) => {
      setElecciones({});
      refrescar();
      setTrabajo(estado);
    },
    onError: (e) => notifyError(mensajeDe(e, t.errorActualizar), t.errorActualizarTitulo),
  });

  const reintentar = useMutation({
    mutationFn: (id: string) => api.proyectos.reintentarAprovisionamiento({ instanciaId: id }),
    onSuccess: (estado) => setTrabajo(estado),
    onError: (e) => notifyError(mensajeDe(e, t.errorActualizar), t.errorActualizarTitulo),
  });

  const eliminar = useAccionAvisada({
    hacer: (id: string) => api.proyectos.eliminarServicio({ instanciaId: id }),
    exito: t.servicioEliminado,
    error: t.errorEliminarServicio,
    despues: refrescar,
  });

  const nombreDe = (p: ProyectoResumen | undefined, nombreServicio: string) => nombreInstanciaSugerido(p?.nombre ?? '', nombreServicio);

  const alternar = (tipo: string, nombreServicio: string, marcado: boolean) =>
    setElecciones((prev) => ({ ...prev, [tipo]: { marcado, nombre: prev[tipo]?.nombre ?? nombreDe(proyecto.data, nombreServicio), empresaWhatsapp: prev[tipo]?.empresaWhatsapp ?? null } }));

  const enviar = () => {
    const pedidos = disponibles.filter((s) => elecciones[s.tipo]?.marcado && !existentes.has(s.tipo));
    if (pedidos.length === 0) {
      notifyError(t.ningunServicio, t.errorValidacionTitulo);
      return;
    }
    for (const s of pedidos) {
      const problema = validarNombreInstancia(s.tipo, elecciones[s.tipo]!.nombre);
      if (problema) {
        notifyError(problema, t.errorValidacionTitulo);
        return;
      }
    }
    aplicar.mutate(pedidos.map((s) => ({ tipo: s.tipo, nombreInstancia: elecciones[s.tipo]!.nombre.trim(), empresaWhatsappUuid: s.tipo === 'whatsapp' ? elecciones[s.tipo]!.empresaWhatsapp : null })));
  };

  const ocupado = (seguido !== null && !job.terminado && !job.perdido) || aplicar.isPending || reintentar.isPending;
  const instancias = proyecto.data?.instancias ?? [];

  return (
    <Modal opened onClose={onClose} fullScreen title={t.gestionarTitulo} styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }} transitionProps={{ transition: 'fade', duration: 150 }}>
      <Stack gap="lg" maw={1200} mx="auto">
        <Text c="dimmed">{t.gestionarSubtitulo(proyecto.data?.nombre ?? '')}</Text>
        {catalogo.isError ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />}>
            {es.servicios.catalogoIntegrado}
          </Alert>
        ) : null}
        {ocupado ? (
          <Paper withBorder p="md" radius="md" data-testid="progreso-aprovisionamiento">
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {estadoJob?.fase || t.aplicando}
              </Text>
              <Progress value={estadoJob && estadoJob.total > 0 ? (estadoJob.hechos / estadoJob.total) * 100 : 5} animated striped aria-label={t.aplicando} />
            </Stack>
          </Paper>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="sm">
            <Title order={4}>{t.disponibles}</Title>
            {disponibles.map((s) => {
              const ya = existentes.has(s.tipo);
              const el = elecciones[s.tipo];
              return (
                <Card key={s.tipo} withBorder radius="md" padding="md" data-testid="servicio-disponible" data-tipo={s.tipo} opacity={ya ? 0.6 : 1}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <IconoServicio tipo={s.tipo} icono={s.icono} />
                      <Stack gap={2}>
                        <Text fw={600}>{s.nombre}</Text>
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {s.descripcion}
                        </Text>
                      </Stack>
                    </Group>
                    {ya ? (
                      <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
                        {t.yaAgregado}
                      </Badge>
                    ) : (
                      <Checkbox aria-label={s.nombre} checked={el?.marcado ?? false} onChange={(e) => alternar(s.tipo, s.nombre, e.currentTarget.checked)} disabled={ocupado} />
                    )}
                  </Group>
                  {el?.marcado && !ya ? (
                    <Stack gap="xs" mt="sm">
                      <TextInput
                        label={s.tipo === 'llamadas' ? t.nombreCampana : t.nombreInstancia}
                        value={el.nombre}
                        onChange={(e) => {
                          const v = e.currentTarget.value;
                          setElecciones((prev) => ({ ...prev, [s.tipo]: { ...prev[s.tipo]!, nombre: v } }));
                        }}
                        error={el.nombre !== '' && validarNombreInstancia(s.tipo, el.nombre) ? validarNombreInstancia(s.tipo, el.nombre) : undefined}
                      />
                      {s.tipo === 'whatsapp' ? (
                        <Select
                          label={t.empresaWhatsapp}
                          description={t.empresaWhatsappAyuda}
                          placeholder={t.empresaWhatsappNueva}
                          clearable
                          data={(empresasWa.data ?? []).map((e) => ({ value: e.uuid, label: `${e.name} (${e.tableSupabase})` }))}
                          value={el.empresaWhatsapp}
                          onChange={(v) => setElecciones((prev) => ({ ...prev, whatsapp: { ...prev.whatsapp!, empresaWhatsapp: v } }))}
                        />
                      ) : null}
                    </Stack>
                  ) : null}
                </Card>
              );
            })}
            <Group justify="flex-end">
              <Button leftSection={<IconPlayerPlay size={16} />} onClick={enviar} loading={ocupado}>
                {t.aplicar}
              </Button>
            </Group>
          </Stack>
          <Stack gap="sm">
            <Title order={4}>{t.adjuntos}</Title>
            <Divider />
            {instancias.length === 0 ? (
              <Stack align="center" gap={6} py="xl">
                <ThemeIcon variant="light" color="gray" size={44} radius="xl">
                  <IconPlugConnected size={24} />
                </ThemeIcon>
                <Text c="dimmed">{t.sinAdjuntos}</Text>
              </Stack>
            ) : (
              <ScrollArea.Autosize mah="70vh" offsetScrollbars>
                <Stack gap="sm">
                  {instancias.map((i) => (
                    <InstanciaCard
                      key={i.id}
                      instancia={i}
                      ocupado={ocupado}
                      onReintentar={() => reintentar.mutate(i.id)}
                      onEliminar={() => confirmarEliminar(i.nombreInstancia, () => eliminar.mutate(i.id))}
                    />
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </Stack>
        </SimpleGrid>
      </Stack>
    </Modal>
  );
}
