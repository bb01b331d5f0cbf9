/**
 * 'Gestión de Planes' (part 2 §2, §5, §8): the table with the $-prefixed cost and the real number of
 * associated companies, create/edit with the §5 alert rule, delete and unlink with confirmation, and the
 * companies-of-a-plan modal.
 */
import { Badge, Button, Center, Group, Loader, Modal, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconBuildingStore, IconLinkOff, IconPencil, IconPlus, IconReceipt2, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, clave, consultas } from '../../api/client';
import { es } from '../../../shared/i18n/es';
import { formatoCosto, planValido, type EmpresaDePlan, type Plan } from '../../../shared/areas/planes/rules';
import { TituloPantalla } from '../../components/TituloPantalla';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { notifyError, notifySuccess } from '../../components/toast';
import { confirmarEliminar, confirmarEliminarEnUso, PieFormulario, useGuardarFormulario } from '../proyectos/comun';
import { TablaDatos, type Columna } from '../../components/TablaDatos';
import { AccionFila } from '../../components/AccionFila';
import { mensajeDe } from '../../lib/mensaje-error';
import { useEsAdministrador } from '../../app/rol';
import { useAccionAvisada } from '../../components/accion-avisada';

const t = es.planes;

function PlanModal({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const [title, setTitle] = useState(plan?.title ?? '');
  const [description, setDescription] = useState(plan?.description ?? '');
  const [cost, setCost] = useState<number | string>(plan?.cost ?? '');
  const guardar = useGuardarFormulario({
    area: 'planes',
    editando: plan !== null,
    textos: t,
    guardar: () => (plan ? api.planes.actualizar({ id: plan.id, title, description, cost: Number(cost) }) : api.planes.crear({ title, description, cost: Number(cost) })),
    onClose,
  });
  const enviar = () => {
    if (!planValido({ title, description, cost })) {
      notifyError(t.camposIncompletos);
      return;
    }
    guardar.mutate();
  };
  return (
    <Modal opened onClose={onClose} title={plan ? t.modalEditar : t.modalNuevo} centered>
      <Stack gap="sm">
        <TextInput label={t.campoTitulo} withAsterisk value={title} onChange={(e) => setTitle(e.currentTarget.value)} data-autofocus />
        <Textarea label={t.campoDescripcion} withAsterisk autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <NumberInput label={t.campoCosto} withAsterisk prefix="$" step={0.01} min={0} decimalScale={2} value={cost} onChange={setCost} />
        <PieFormulario cancelar={t.cancelar} enviar={t.guardar} onCancelar={onClose} onEnviar={enviar} ocupado={guardar.isPending} />
      </Stack>
    </Modal>
  );
}

function EmpresasPlanModal({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const queryClient = useQueryClient();
  const empresas = useQuery(consultas.planes.empresas({ planId: plan.id }));
  useEffect(() => {
    if (empresas.error) notifyError(t.errorEmpresas);
  }, [empresas.error]);
  const desasociar = useAccionAvisada({
    hacer: (id: string) => api.planes.desasociar({ id }),
    exito: t.desasociada,
    error: t.errorDesasociar,
    despues: () => queryClient.invalidateQueries({ queryKey: clave('planes') }),
  });
  const lista = empresas.data ?? [];
  // Long company and table names are cut (whole in their tooltip) and 'Desasociar' is pinned to the right,
  // so it never leaves the modal.
  const columnasEmpresas: Array<Columna<EmpresaDePlan>> = [
    { titulo: t.colEmpresa, tipo: 'texto', celda: (e) => e.name, anchoMaximo: 200 },
    { titulo: t.colTabla, tipo: 'texto', celda: (e) => e.tableSupabase, anchoMaximo: 160 },
    {
      titulo: t.colEstadoEmpresa,
      tipo: 'estado',
      celda: (e) => (
        <Badge color={e.status ? 'green' : 'gray'} variant="light">
          {e.status ? t.activa : t.inactiva}
        </Badge>
      ),
    },
    {
      titulo: t.colAcciones,
      tipo: 'acciones',
      celda: (e) => (
        <Button size="xs" color="red" variant="subtle" leftSection={<IconLinkOff size={14} />} aria-label={`${t.desasociar} ${e.name}`} onClick={() => confirmarEliminar(e.name, () => desasociar.mutate(e.id), t.desasociarPregunta(e.name))}>
          {t.desasociar}
        </Button>
      ),
    },
  ];
  return (
    <Modal opened onClose={onClose} title={t.empresasTitulo(plan.title)} size="xl" centered>
      {empresas.isLoading ? (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      ) : lista.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {t.empresasVacio}
        </Text>
      ) : (
        <TablaDatos etiqueta={t.empresasTitulo(plan.title)} columnas={columnasEmpresas} filas={lista} compacta anchoMinimo={520}
          propsFila={(e) => ({ 'data-testid': 'fila-empresa-plan', 'data-nombre': e.name })}
        />
      )}
    </Modal>
  );
}

export default function PlanesScreen() {
  useDocumentTitle(t.titulo);
  const queryClient = useQueryClient();
  const [form, setForm] = useState<{ plan: Plan | null } | null>(null);
  const [verEmpresas, setVerEmpresas] = useState<Plan | null>(null);
  const esAdmin = useEsAdministrador();
  const planes = useQuery(consultas.planes.listar({}));
  useEffect(() => {
    if (planes.error) notifyError(t.errorCargar);
  }, [planes.error]);
  const eliminar = useMutation({
    mutationFn: (p: Plan) => api.planes.eliminar({ id: p.id }),
    onSuccess: () => {
      notifySuccess(t.eliminado);
      void queryClient.invalidateQueries({ queryKey: clave('planes') });
      // Its projects are now 'Sin plan'.
      void queryClient.invalidateQueries({ queryKey: clave('proyectos') });
    },
    onError: (e) => notifyError(mensajeDe(e, t.errorEliminar)),
  });
  const lista = planes.data ?? [];
  const columnas: Array<Columna<Plan>> = [
    { titulo: t.colTitulo, celda: (p) => <Text fw={600}>{p.title}</Text> },
    {
      titulo: t.colDescripcion,
      maw: 420,
      celda: (p) => (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {p.description}
        </Text>
      ),
    },
    {
      titulo: t.colCosto,
      ta: 'right',
      celda: (p) => (
        <Text fw={600} ff="monospace">
          {formatoCosto(p.cost)}
        </Text>
      ),
    },
    {
      titulo: t.colEmpresas,
      ta: 'center',
      celda: (p) => (
        <Badge variant="light" radius="sm" data-testid="empresas-asociadas">
          {p.empresasAsociadas}
        </Badge>
      ),
    },
    {
      titulo: t.colAcciones,
      tipo: 'acciones',
      celda: (p) => (
        <Group gap={4} justify="center" wrap="nowrap">
          <AccionFila label={t.accionEditar} icon={<IconPencil size={18} />} onClick={() => setForm({ plan: p })} aria-label={`${t.accionEditar} ${p.title}`} />
          <AccionFila label={t.accionEmpresas} icon={<IconBuildingStore size={18} />} color="blue" onClick={() => setVerEmpresas(p)} aria-label={`${t.accionEmpresas} ${p.title}`} />
          {esAdmin ? <AccionFila label={t.accionEliminar} icon={<IconTrash size={18} />} color="red" onClick={() => confirmarEliminarEnUso(p.title, consultas.planes.dependencias({ id: p.id }), () => eliminar.mutate(p))} aria-label={`${t.accionEliminar} ${p.title}`} /> : null}
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <TituloPantalla titulo={t.titulo} subtitulo={t.subtitulo} gap={4} />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ plan: null })}>
          {t.botonNuevo}
        </Button>
      </Group>
      <TablaDatos etiqueta={t.titulo} columnas={columnas} anchoMinimo={760}
        filas={lista} cargando={planes.isLoading}
        vacio={{ icono: <IconReceipt2 size={24} />, texto: t.vacio }}
        propsFila={(p) => ({ 'data-testid': 'fila-plan', 'data-nombre': p.title })}
      />
      {form ? <PlanModal plan={form.plan} onClose={() => setForm(null)} /> : null}
      {verEmpresas ? <EmpresasPlanModal plan={verEmpresas} onClose={() => setVerEmpresas(null)} /> : null}
    </Stack>
  );
}
