/**
 * 'Gestión de Proyectos' (part 2 §2, §4, §8): the table (name and description, plan title and cost, instances
 * grouped by type, status badge with progress, actions), header buttons, create/edit, manage services,
 * details and delete with confirmation.
 */
import { Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconBuilding, IconChartBar, IconEye, IconFolders, IconLink, IconPencil, IconPlus, IconSettings, IconTool, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, clave, consultas } from '../../api/client';
import { es } from '../../../shared/i18n/es';
import { agruparPorTipo, etiquetaTipoServicio, type ProyectoResumen } from '../../../shared/areas/proyectos/rules';
import { formatoCosto } from '../../../shared/areas/planes/rules';
import { TituloPantalla } from '../../components/TituloPantalla';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { notifyError, notifySuccess } from '../../components/toast';
import { confirmarEliminarEnUso, EstadoProyectoBadge, NombreConDescripcion } from './comun';
import { mensajeDe } from '../../lib/mensaje-error';
import { ProyectoFormModal } from './ProyectoFormModal';
import { GestionarServiciosModal } from './GestionarServiciosModal';
import { DetallesModal } from './DetallesModal';
import { IconoServicio } from './iconos';
import { TablaDatos, type Columna } from '../../components/TablaDatos';
import { AccionFila } from '../../components/AccionFila';
import { useEsAdministrador } from '../../app/rol';

const t = es.proyectos;

/** The header's ways to the area's other screens. */
const PANTALLAS = [
  { ruta: '/dashboard/proyectos/metricas', texto: t.botonMetricas, icono: <IconChartBar size={16} /> },
  { ruta: '/dashboard/proyectos/administrar-servicios', texto: t.botonServicios, icono: <IconSettings size={16} /> },
  { ruta: '/dashboard/proyectos/administrar-empresas', texto: t.botonEmpresas, icono: <IconBuilding size={16} /> },
  { ruta: '/dashboard/proyectos/asignar-empresas-wordpress', texto: t.botonAsignarWordpress, icono: <IconLink size={16} /> },
] as const;

/** The project's services grouped by type; a group with a failed provisioning is red (estado 'error' until completed). */
function ServiciosDelProyecto({ proyecto: p }: { proyecto: ProyectoResumen }) {
  return (
    p.instancias.length === 0 ? (
      <Text size="sm" c="dimmed">
        {t.sinServicios}
      </Text>
    ) : (
      <Group gap={6}>
        {agruparPorTipo(p.instancias).map((g) => {
          // A service whose provisioning failed is in estado 'error' until it is completed: red here.
          const conError = g.instancias.filter((i) => i.estado === 'error').length;
          return (
            <Tooltip
              key={g.tipo}
              label={g.instancias.map((i) => (i.estado === 'error' ? `${i.nombreInstancia} (${t.estadosServicio.error})` : i.nombreInstancia)).join(' · ')}
            >
              <Badge
                variant="light"
                radius="sm"
                color={conError > 0 ? 'red' : 'gray'}
                leftSection={conError > 0 ? <IconAlertTriangle size={14} /> : <IconoServicio tipo={g.tipo} size={16} />}
                pl={4}
                data-testid="servicio-proyecto"
                data-estado={conError > 0 ? 'error' : 'ok'}
              >
                {etiquetaTipoServicio(g.tipo)}
                {g.instancias.length > 1 ? ` ×${g.instancias.length}` : ''}
                {conError > 0 ? ` · ${t.estadosServicio.error}` : ''}
              </Badge>
            </Tooltip>
          );
        })}
      </Group>
    )
  );
}

export default function ProyectosScreen() {
  useDocumentTitle(t.titulo);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<{ proyecto: ProyectoResumen | null } | null>(null);
  const [servicios, setServicios] = useState<string | null>(null);
  const [detalles, setDetalles] = useState<ProyectoResumen | null>(null);
  const esAdmin = useEsAdministrador();

  const proyectos = useQuery(consultas.proyectos.listar({}));
  useEffect(() => {
    if (proyectos.error) notifyError(t.errorCarga, t.errorCargaTitulo);
  }, [proyectos.error]);

  const eliminar = useMutation({
    mutationFn: (p: ProyectoResumen) => api.proyectos.eliminar({ id: p.id }),
    onSuccess: (r) => {
      const n = r.empresasDesactivadas.length;
      notifySuccess(n > 0 ? `${t.eliminado}. ${t.eliminacion.desactivadas(n)}` : t.eliminado);
      void queryClient.invalidateQueries({ queryKey: clave('proyectos') });
    },
    onError: (e) => notifyError(mensajeDe(e, t.errorEliminar), t.errorEliminarTitulo),
  });

  const lista = proyectos.data ?? [];
  const columnas: Array<Columna<ProyectoResumen>> = [
    {
      titulo: t.colProyecto,
      maw: 320,
      celda: (p) => <NombreConDescripcion nombre={p.nombre} descripcion={p.descripcion} lineas={2} />,
    },
    {
      titulo: t.colPlan,
      celda: (p) =>
        p.planTitle ? (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {p.planTitle}
            </Text>
            <Text size="xs" c="dimmed">
              {p.planCost !== null ? formatoCosto(p.planCost) : ''}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t.sinPlan}
          </Text>
        ),
    },
    { titulo: t.colServicios, celda: (p) => <ServiciosDelProyecto proyecto={p} /> },
    { titulo: t.colEstado, celda: (p) => <EstadoProyectoBadge estado={p.estado} conProgreso /> },
    {
      titulo: t.colAcciones,
      tipo: 'acciones',
      celda: (p) => (
        <Group gap={4} justify="center" wrap="nowrap">
          <AccionFila label={t.accionEditar} icon={<IconPencil size={18} />} onClick={() => setForm({ proyecto: p })} aria-label={`${t.accionEditar} ${p.nombre}`} />
          <AccionFila label={t.accionServicios} icon={<IconTool size={18} />} color="teal" onClick={() => setServicios(p.id)} aria-label={`${t.accionServicios} ${p.nombre}`} />
          <AccionFila label={t.accionDetalles} icon={<IconEye size={18} />} color="blue" onClick={() => setDetalles(p)} aria-label={`${t.accionDetalles} ${p.nombre}`} />
          {esAdmin ? <AccionFila label={t.accionEliminar} icon={<IconTrash size={18} />} color="red" onClick={() => confirmarEliminarEnUso(p.nombre, consultas.proyectos.dependencias({ id: p.id }), () => eliminar.mutate(p))} aria-label={`${t.accionEliminar} ${p.nombre}`} /> : null}
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TituloPantalla titulo={t.titulo} subtitulo={t.subtitulo} gap={4} />
        <Group gap="xs">
          {PANTALLAS.map((p) => (
            <Button key={p.ruta} variant="default" leftSection={p.icono} onClick={() => navigate(p.ruta)}>
              {p.texto}
            </Button>
          ))}
          <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ proyecto: null })}>
            {t.botonNuevo}
          </Button>
        </Group>
      </Group>

      <TablaDatos etiqueta={t.titulo} columnas={columnas} anchoMinimo={980}
        filas={lista} cargando={proyectos.isLoading} textoCargando={t.cargando}
        vacio={{ icono: <IconFolders size={24} />, texto: t.vacio }}
        propsFila={(p) => ({ 'data-testid': 'fila-proyecto', 'data-nombre': p.nombre })}
      />

      {form ? <ProyectoFormModal proyecto={form.proyecto} onClose={() => setForm(null)} /> : null}
      {servicios ? <GestionarServiciosModal proyectoId={servicios} onClose={() => setServicios(null)} /> : null}
      {detalles ? <DetallesModal proyecto={detalles} onClose={() => setDetalles(null)} /> : null}
    </Stack>
  );
}
