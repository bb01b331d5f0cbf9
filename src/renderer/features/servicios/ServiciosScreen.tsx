/**
 * 'Administración de Servicios' (part 2 §2, §3, §5, §8): catalogue cards grouped by category, create/edit
 * with the full §5 validation and the templates, activate/deactivate; the built-in catalogue when loading fails.
 */
import { ActionIcon, Alert, Badge, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconPlayerPause, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api, clave, consultas } from '../../api/client';
import { es } from '../../../shared/i18n/es';
import type { Contract, InputOf } from '../../../shared/contract';
import { CATALOGO_INTEGRADO, CATEGORIAS_SERVICIO, ICONOS_SERVICIO, PLANTILLAS_SERVICIO, plantilla, reglasServicio, type ServicioDisponible } from '../../../shared/areas/servicios/rules';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { notifyError } from '../../components/toast';
import { PieFormulario, useFormulario, useGuardarFormulario } from '../proyectos/comun';
import { ICONOS, IconoServicio } from '../proyectos/iconos';
import { AccionFila } from '../../components/AccionFila';
import { TituloConVolver } from '../../components/TituloConVolver';
import { useAccionAvisada } from '../../components/accion-avisada';

const t = es.servicios;

/** The contract's input, every field present; category and icon are '' until one is chosen. */
type Form = Omit<Required<InputOf<Contract['servicios']['crear']>>, 'categoria' | 'icono'> & { categoria: string; icono: string };

function ServicioModal({ servicio, onClose }: { servicio: ServicioDisponible | null; onClose: () => void }) {
  const { valores: f, setValores: setF, errores, setErrores, set } = useFormulario<Form>(() => ({
    nombre: servicio?.nombre ?? '',
    tipo: servicio?.tipo ?? '',
    descripcion: servicio?.descripcion ?? '',
    categoria: servicio?.categoria ?? '',
    icono: servicio?.icono ?? '',
    permiteMultiple: servicio?.permiteMultiple ?? false,
    activo: servicio?.activo ?? true,
    configuracionDefault: servicio ? JSON.stringify(servicio.configuracionDefault, null, 2) : '',
  }));
  const aplicarPlantilla = (clave: string | null) => {
    if (!clave) return;
    try {
      const p = plantilla(clave);
      setF((x) => ({ ...x, categoria: p.categoria, icono: p.icono, configuracionDefault: JSON.stringify(p.configuracion, null, 2) }));
    } catch {
      notifyError(t.plantillaNoEncontrada);
    }
  };
  const guardar = useGuardarFormulario({
    area: 'servicios',
    editando: servicio !== null,
    textos: t,
    guardar: () => {
      const datos = { ...f, categoria: f.categoria as (typeof CATEGORIAS_SERVICIO)[number], icono: f.icono as (typeof ICONOS_SERVICIO)[number] };
      return servicio ? api.servicios.actualizar({ id: servicio.id, ...datos }) : api.servicios.crear(datos);
    },
    onClose,
  });
  const enviar = () => {
    const e: Partial<Record<keyof Form, string>> = {};
    const reglas: Array<[keyof Form, string | null]> = [
      ['nombre', reglasServicio.nombre(f.nombre)],
      ['tipo', reglasServicio.tipo(f.tipo)],
      ['descripcion', reglasServicio.descripcion(f.descripcion)],
      ['categoria', reglasServicio.categoria(f.categoria)],
      ['icono', reglasServicio.icono(f.icono)],
      ['configuracionDefault', reglasServicio.configuracion(f.configuracionDefault)],
    ];
    for (const [k, m] of reglas) if (m) e[k] = m;
    setErrores(e);
    if (Object.keys(e).length === 0) guardar.mutate();
  };
  const IconoElegido = ICONOS[f.icono];
  return (
    <Modal opened onClose={onClose} title={servicio ? t.modalEditar : t.modalNuevo} size="lg" centered>
      <Stack gap="sm">
        <Select
          label={t.campoPlantilla}
          placeholder={t.placeholderPlantilla}
          data={Object.keys(PLANTILLAS_SERVICIO).map((k) => ({ value: k, label: t.plantillas[k as keyof typeof t.plantillas] }))}
          onChange={aplicarPlantilla}
          value={null}
          clearable
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t.campoNombre} withAsterisk value={f.nombre} error={errores.nombre} onChange={(e) => set('nombre', e.currentTarget.value)} maxLength={100} />
          <TextInput label={t.campoTipo} withAsterisk value={f.tipo} error={errores.tipo} onChange={(e) => set('tipo', e.currentTarget.value)} maxLength={50} placeholder="bot_ejemplo" />
        </SimpleGrid>
        <Textarea label={t.campoDescripcion} withAsterisk autosize minRows={2} maxLength={500} value={f.descripcion} error={errores.descripcion} onChange={(e) => set('descripcion', e.currentTarget.value)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label={t.campoCategoria} withAsterisk data={[...CATEGORIAS_SERVICIO]} value={f.categoria || null} error={errores.categoria} onChange={(v) => set('categoria', v ?? '')} />
          <Select
            label={t.campoIcono}
            withAsterisk
            data={[...ICONOS_SERVICIO]}
            value={f.icono || null}
            error={errores.icono}
            onChange={(v) => set('icono', v ?? '')}
            leftSection={IconoElegido ? <IconoElegido size={16} /> : null}
            searchable
          />
        </SimpleGrid>
        <Group>
          <Switch label={t.campoPermiteMultiple} checked={f.permiteMultiple} onChange={(e) => set('permiteMultiple', e.currentTarget.checked)} />
          <Switch label={t.campoActivo} checked={f.activo} onChange={(e) => set('activo', e.currentTarget.checked)} />
        </Group>
        <Textarea
          label={t.campoConfiguracion}
          autosize
          minRows={4}
          maxRows={12}
          styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
          value={f.configuracionDefault}
          error={errores.configuracionDefault}
          onChange={(e) => set('configuracionDefault', e.currentTarget.value)}
        />
        <PieFormulario cancelar={t.cancelar} enviar={t.guardar} onCancelar={onClose} onEnviar={enviar} ocupado={guardar.isPending} />
      </Stack>
    </Modal>
  );
}

export default function ServiciosScreen() {
  useDocumentTitle(t.titulo);
  const queryClient = useQueryClient();
  const [form, setForm] = useState<{ servicio: ServicioDisponible | null } | null>(null);
  const servicios = useQuery({ ...consultas.servicios.listar({}), retry: false });
  useEffect(() => {
    if (servicios.error) notifyError(t.errorCargar);
  }, [servicios.error]);
  const integrado = servicios.isError;
  const grupos = useMemo(() => {
    const lista = integrado ? CATALOGO_INTEGRADO : (servicios.data ?? []);
    const m = new Map<string, ServicioDisponible[]>();
    for (const s of lista) m.set(s.categoria, [...(m.get(s.categoria) ?? []), s]);
    return [...m.entries()].sort(([a], [b]) => a.localeCompare(b, 'es'));
  }, [integrado, servicios.data]);
  const lista = integrado ? CATALOGO_INTEGRADO : (servicios.data ?? []);

  const estado = useAccionAvisada({
    hacer: (s: ServicioDisponible) => api.servicios.cambiarEstado({ id: s.id, activo: !s.activo }),
    exito: t.estadoCambiado,
    error: t.errorEstado,
    despues: () => queryClient.invalidateQueries({ queryKey: clave('servicios') }),
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TituloConVolver titulo={t.titulo} subtitulo={t.subtitulo} volverA="/dashboard/proyectos" volverLabel={t.volver} />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ servicio: null })} disabled={integrado}>
          {t.botonNuevo}
        </Button>
      </Group>
      {integrado ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />}>
          {t.catalogoIntegrado}
        </Alert>
      ) : null}
      {!servicios.isLoading && lista.length === 0 ? <Text c="dimmed">{t.vacio}</Text> : null}
      {grupos.map(([categoria, items]) => (
        <Stack key={categoria} gap="sm">
          <Group gap="xs">
            <Title order={4}>{categoria}</Title>
            <Badge variant="light" radius="sm">
              {items.length}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {items.map((s) => (
              <Card key={s.id} withBorder radius="lg" padding="lg" shadow="xs" data-testid="tarjeta-servicio" data-tipo={s.tipo} opacity={s.activo ? 1 : 0.6}>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Group gap="sm" wrap="nowrap">
                    <IconoServicio tipo={s.tipo} icono={s.icono} size={42} />
                    <Stack gap={0}>
                      <Text fw={700}>{s.nombre}</Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {s.tipo}
                      </Text>
                    </Stack>
                  </Group>
                  <Badge color={s.activo ? 'green' : 'gray'} variant="light" radius="sm">
                    {s.activo ? t.activo : t.inactivo}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed" mt="sm" lineClamp={3} mih={60}>
                  {s.descripcion}
                </Text>
                <Group justify="space-between" mt="md">
                  {s.permiteMultiple ? (
                    <Badge variant="outline" radius="sm" color="gray">
                      {t.permiteMultiple}
                    </Badge>
                  ) : (
                    <span />
                  )}
                  <Group gap={4}>
                    <AccionFila label={t.editar} icon={<IconPencil size={18} />} onClick={() => setForm({ servicio: s })} disabled={integrado} aria-label={`${t.editar} ${s.nombre}`} />
                    <Tooltip label={s.activo ? t.desactivar : t.activar}>
                      <ActionIcon variant="subtle" color={s.activo ? 'orange' : 'green'} onClick={() => estado.mutate(s)} disabled={integrado} aria-label={`${s.activo ? t.desactivar : t.activar} ${s.nombre}`}>
                        {s.activo ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      {form ? <ServicioModal servicio={form.servicio} onClose={() => setForm(null)} /> : null}
    </Stack>
  );
}
