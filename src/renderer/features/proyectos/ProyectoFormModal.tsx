/** Create/edit project (part 2 §2, §5): nombre, plan, descripcion, empresa, estado required; dates optional. */
import { Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, consultas } from '../../api/client';
import { es } from '../../../shared/i18n/es';
import { ESTADOS_FORMULARIO, type ProyectoResumen } from '../../../shared/areas/proyectos/rules';
import { formatoCosto } from '../../../shared/areas/planes/rules';
import { PieFormulario, useFormulario, useGuardarFormulario } from './comun';

const t = es.proyectos;

interface Form {
  nombre: string;
  planId: string | null;
  descripcion: string;
  empresaId: string | null;
  estado: string | null;
  fechaInicio: string;
  fechaFin: string;
}

type Errores = Partial<Record<keyof Form, string>>;

function validar(f: Form): Errores {
  const e: Errores = {};
  if (!f.nombre.trim()) e.nombre = t.nombreObligatorio;
  if (!f.planId) e.planId = t.planObligatorio;
  if (!f.descripcion.trim()) e.descripcion = t.descripcionObligatoria;
  if (!f.empresaId) e.empresaId = t.empresaObligatoria;
  if (!f.estado) e.estado = t.estadoObligatorio;
  if (f.fechaInicio && f.fechaFin && f.fechaFin < f.fechaInicio) e.fechaFin = t.fechasInvalidas;
  return e;
}

export function ProyectoFormModal({ proyecto, onClose }: { proyecto: ProyectoResumen | null; onClose: () => void }) {
  const { valores: form, errores, setErrores, set } = useFormulario<Form>(() => ({
    nombre: proyecto?.nombre ?? '',
    planId: proyecto?.planId ?? null,
    descripcion: proyecto?.descripcion ?? '',
    empresaId: proyecto?.empresaId ?? null,
    estado: proyecto?.estado ?? 'activo',
    fechaInicio: proyecto?.fechaInicio ?? '',
    fechaFin: proyecto?.fechaFin ?? '',
  }));
  const planes = useQuery(consultas.planes.listar({}));
  const empresas = useQuery(consultas.empresas.listar({}));

  const guardar = useGuardarFormulario({
    area: 'proyectos',
    editando: proyecto !== null,
    textos: t,
    guardar: async () => {
      const datos = {
        nombre: form.nombre,
        planId: form.planId ?? '',
        descripcion: form.descripcion,
        empresaId: form.empresaId ?? '',
        estado: form.estado as (typeof ESTADOS_FORMULARIO)[number],
        fechaInicio: form.fechaInicio || null,
        fechaFin: form.fechaFin || null,
      };
      return proyecto ? api.proyectos.actualizar({ id: proyecto.id, ...datos }) : api.proyectos.crear(datos);
    },
    onClose,
  });

  const enviar = () => {
    const e = validar(form);
    setErrores(e);
    if (Object.keys(e).length === 0) guardar.mutate();
  };
  // The form offers four statuses (§4); an existing project in another status keeps it selectable.
  const estados = [...new Set([...ESTADOS_FORMULARIO, ...(proyecto ? [proyecto.estado] : [])])];

  return (
    <Modal opened onClose={onClose} title={proyecto ? t.modalEditar : t.modalNuevo} size="lg" centered>
      <Stack gap="sm">
        <TextInput label={t.campoNombre} withAsterisk value={form.nombre} error={errores.nombre} onChange={(e) => set('nombre', e.currentTarget.value)} data-autofocus />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t.campoPlan}
            withAsterisk
            placeholder={t.placeholderPlan}
            data={(planes.data ?? []).map((p) => ({ value: p.id, label: `${p.title} (${formatoCosto(p.cost)})` }))}
            value={form.planId}
            error={errores.planId}
            onChange={(v) => set('planId', v)}
            searchable
          />
          <Select
            label={t.campoEmpresa}
            withAsterisk
            placeholder={t.placeholderEmpresa}
            data={(empresas.data ?? []).map((e) => ({ value: e.id, label: e.nombre }))}
            value={form.empresaId}
            error={errores.empresaId}
            onChange={(v) => set('empresaId', v)}
            searchable
          />
        </SimpleGrid>
        <Textarea label={t.campoDescripcion} withAsterisk autosize minRows={2} value={form.descripcion} error={errores.descripcion} onChange={(e) => set('descripcion', e.currentTarget.value)} />
        <Select
          label={t.campoEstado}
          withAsterisk
          data={estados.map((e) => ({ value: e, label: t.estados[e as keyof typeof t.estados] ?? e }))}
          value={form.estado}
          error={errores.estado}
          onChange={(v) => set('estado', v)}
          allowDeselect={false}
        />
        <SimpleGrid cols={2}>
          <TextInput type="date" label={t.campoFechaInicio} value={form.fechaInicio} onChange={(e) => set('fechaInicio', e.currentTarget.value)} />
          <TextInput type="date" label={t.campoFechaFin} value={form.fechaFin} error={errores.fechaFin} onChange={(e) => set('fechaFin', e.currentTarget.value)} />
        </SimpleGrid>
        <PieFormulario cancelar={t.cancelar} enviar={proyecto ? t.actualizar : t.crear} onCancelar={onClose} onEnviar={enviar} ocupado={guardar.isPending} />
      </Stack>
    </Modal>
  );
}
