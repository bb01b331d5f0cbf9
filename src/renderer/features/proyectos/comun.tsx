/**
 * Pieces shared by the screens of projects, services, client companies and plans: the §8 confirmation
 * dialogs, status badges, the name-and-description cell, errors, and the form modals' state, save and footer.
 */
import { Alert, Badge, Button, Group, List, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clave, type Consulta } from '../../api/queries';
import type { Area } from '../../../shared/contract';
import { notifyError, notifySuccess } from '../../components/toast';
import { mensajeDe } from '../../lib/mensaje-error';
import { CargandoEnLinea } from '../../components/CargandoEnLinea';
import { es } from '../../../shared/i18n/es';
import { consecuenciasEliminacion, type DependenciasEliminacion } from '../../../shared/areas/proyectos/rules';
import {
  COLOR_ESTADO_PROYECTO,
  COLOR_ESTADO_SERVICIO,
  descripcionEstadoProyecto,
  estadoProyectoConocido,
  etiquetaEstadoProyecto,
  progresoBadge,
  type EstadoServicio,
} from '../../../shared/areas/proyectos/rules';
import { PieDeModal } from '../../components/PieDeModal';

const c = es.proyectos.confirmacion;

/** '¿Estás seguro?' / '¿Deseas eliminar "{name}"? Esta acción no se puede deshacer.' — 'Sí, eliminar' / 'Cancelar'. */
export function confirmarEliminar(nombre: string, onConfirm: () => void, mensaje?: string) {
  modals.openConfirmModal({
    title: c.titulo,
    children: <Text size="sm">{mensaje ?? c.eliminar(nombre)}</Text>,
    labels: { confirm: c.si, cancel: c.cancelar },
    confirmProps: { color: 'red', 'data-testid': 'confirmar-eliminar' },
    onConfirm,
  });
}

/** A record's name in its table's first column, its description dimmed below (cut at `lineas`) when it has one. */
export function NombreConDescripcion({ nombre, descripcion, lineas }: { nombre: string; descripcion: string | null; lineas: number }) {
  return (
    <>
      <Text fw={600}>{nombre}</Text>
      {descripcion ? (
        <Text size="xs" c="dimmed" lineClamp={lineas}>
          {descripcion}
        </Text>
      ) : null}
    </>
  );
}

function CuerpoEliminacion({ nombre, consulta, onConfirm, cerrar }: { nombre: string; consulta: Consulta<DependenciasEliminacion>; onConfirm: () => void; cerrar: () => void }) {
  const e = es.proyectos.eliminacion;
  // Read fresh each time the dialog opens: what depends on the record may have changed since.
  const dep = useQuery({ ...consulta, retry: false, gcTime: 0, staleTime: 0 });
  const lineas = dep.data ? consecuenciasEliminacion(dep.data) : [];
  return (
    <Stack gap="sm" data-testid="dependencias-eliminacion">
      <Text size="sm">{c.eliminar(nombre)}</Text>
      {dep.isLoading ? (
        <CargandoEnLinea texto={e.cargando} />
      ) : dep.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={16} />} role="alert">
          {e.errorCargar}
        </Alert>
      ) : lineas.length === 0 ? (
        <Text size="sm" c="dimmed">
          {e.nadaDepende}
        </Text>
      ) : (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={16} />} title={e.queOcurrira}>
          <Stack gap="xs">
            {lineas.map((l) => (
              <div key={l.texto}>
                <Text size="sm">{l.texto}</Text>
                {l.elementos.length > 0 ? (
                  <List size="sm" withPadding>
                    {l.elementos.map((x) => (
                      <List.Item key={x}>{x}</List.Item>
                    ))}
                  </List>
                ) : null}
              </div>
            ))}
          </Stack>
        </Alert>
      )}
      <PieDeModal cancelar={c.cancelar} onCancelar={cerrar} mt="xs">
        <Button
          color="red"
          data-testid="confirmar-eliminar"
          disabled={!dep.isSuccess}
          onClick={() => {
            cerrar();
            onConfirm();
          }}
        >
          {c.si}
        </Button>
      </PieDeModal>
    </Stack>
  );
}

/**
 * The §8 confirmation for a record others may depend on (plan, client company, project): the same question
 * and buttons, plus what depends on it and what deleting it will do, read from the api before the operator
 * can confirm (issue 12).
 */
export function confirmarEliminarEnUso(nombre: string, consulta: Consulta<DependenciasEliminacion>, onConfirm: () => void) {
  const id = modals.open({
    title: c.titulo,
    size: 'lg',
    children: <CuerpoEliminacion nombre={nombre} consulta={consulta} onConfirm={onConfirm} cerrar={() => modals.close(id)} />,
  });
}

export function EstadoProyectoBadge({ estado, conProgreso = false }: { estado: string; conProgreso?: boolean }) {
  const e = estadoProyectoConocido(estado);
  const badge = (
    <Tooltip label={descripcionEstadoProyecto(e) || etiquetaEstadoProyecto(e)} disabled={!descripcionEstadoProyecto(e)}>
      <Badge color={COLOR_ESTADO_PROYECTO[e]} variant="light" radius="sm">
        {etiquetaEstadoProyecto(e)}
      </Badge>
    </Tooltip>
  );
  if (!conProgreso) return badge;
  const p = progresoBadge(e);
  return (
    <Stack gap={4} miw={110}>
      <Group gap={6} justify="space-between" wrap="nowrap">
        {badge}
        <Text size="xs" c="dimmed">
          {p}%
        </Text>
      </Group>
      <Progress value={p} size="sm" radius="xl" color={COLOR_ESTADO_PROYECTO[e]} aria-label={`${p}%`} />
    </Stack>
  );
}

export function EstadoServicioBadge({ estado }: { estado: string }) {
  const e = (estado in COLOR_ESTADO_SERVICIO ? estado : 'inactivo') as EstadoServicio;
  return (
    <Badge color={COLOR_ESTADO_SERVICIO[e]} variant="dot" radius="sm">
      {es.proyectos.estadosServicio[e]}
    </Badge>
  );
}

/** A form modal's values and its per-field errors: changing a field clears its error. */
export function useFormulario<F extends object>(inicial: () => F) {
  const [valores, setValores] = useState<F>(inicial);
  const [errores, setErrores] = useState<Partial<Record<keyof F, string>>>({});
  const set = <K extends keyof F>(campo: K, valor: F[K]) => {
    setValores((x) => ({ ...x, [campo]: valor }));
    setErrores((e) => ({ ...e, [campo]: undefined }));
  };
  return { valores, setValores, errores, setErrores, set };
}

/**
 * A form modal's save (plan, service, project): 'creado' or 'actualizado', the area's reads refreshed and the
 * modal closed; on failure the api's message, else the screen's 'errorGuardar' (with its title, if it has one).
 */
export function useGuardarFormulario({ area, editando, textos, guardar, onClose }: { area: Area; editando: boolean; textos: { creado: string; actualizado: string; errorGuardar: string; errorGuardarTitulo?: string }; guardar: () => Promise<unknown>; onClose: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: guardar,
    onSuccess: () => {
      notifySuccess(editando ? textos.actualizado : textos.creado);
      void queryClient.invalidateQueries({ queryKey: clave(area) });
      onClose();
    },
    onError: (e) => notifyError(mensajeDe(e, textos.errorGuardar), textos.errorGuardarTitulo),
  });
}

/** A form modal's footer: 'Cancelar' and the button that sends it (busy while it is saved). */
export function PieFormulario({ cancelar, enviar, onCancelar, onEnviar, ocupado }: { cancelar: string; enviar: string; onCancelar: () => void; onEnviar: () => void; ocupado: boolean }) {
  return (
    <PieDeModal cancelar={cancelar} onCancelar={onCancelar} mt="sm">
      <Button onClick={onEnviar} loading={ocupado}>
        {enviar}
      </Button>
    </PieDeModal>
  );
}
