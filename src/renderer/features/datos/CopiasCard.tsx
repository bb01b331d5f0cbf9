import { Badge, Button, Code, Group, Modal, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconDatabaseExport, IconFileImport, IconFolder, IconRestore, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { AjustesCopias, CopiaInfo } from '../../../shared/ports/datos';
import { AppError } from '../../../shared/errors';
import { es } from '../../../shared/i18n/es';
import { api, clave, consultas } from '../../api/client';
import { AccionFila } from '../../components/AccionFila';
import { DatoRotulado } from '../../components/DatoRotulado';
import { TablaDatos, type Columna } from '../../components/TablaDatos';
import { notifyError, notifySuccess } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { TarjetaAjustes } from '../configuracion/TarjetaAjustes';
import { useMostrarActividad } from './actividad';
import { tamanoLegible } from './formato';
import { mensajeDe } from '../../lib/mensaje-error';
import { AvisoDeError } from '../../components/AvisoDeError';
import { PieDeModal } from '../../components/PieDeModal';

const t = es.datos.pantallaCopias;

/**
 * Copias de seguridad: where they go and whether the daily ones run, the copies in that folder with Restaurar
 * and Eliminar, 'Crear copia ahora' and a restore from any copy file. `ocupado`: a data activity runs (the
 * host takes one at a time), so nothing new starts.
 */
export function CopiasCard({ ocupado }: { ocupado: boolean }) {
  const info = useQuery(consultas.datos.copias({}));
  const mostrar = useMostrarActividad();
  const crear = useMutation({
    mutationFn: () => api.datos.crearCopia({}),
    onSuccess: mostrar,
    onError: (e) => notifyError(mensajeDe(e)),
  });
  const [desdeArchivo, setDesdeArchivo] = useState(false);

  return (
    <TarjetaAjustes icono={<IconDatabaseExport size={18} />} titulo={t.titulo} detalle={t.detalle} data-testid="copias-seguridad">
      {info.isError ? (
        <AvisoDeError error={info.error} color="yellow" variant="light" icon={<IconAlertCircle size={18} />} data-testid="copias-no-disponibles" />
      ) : (
        <Stack gap="lg">
          {info.data ? <Ajustes key={`${info.data.ajustes.carpeta}-${info.data.ajustes.automaticas}`} ajustes={info.data.ajustes} /> : <Paper h={96} />}
          <Group gap="sm">
            <Button leftSection={<IconDatabaseExport size={16} />} loading={crear.isPending} disabled={ocupado || !info.data} onClick={() => crear.mutate()}>
              {t.crearAhora}
            </Button>
            <Button variant="default" leftSection={<IconFileImport size={16} />} disabled={ocupado || !info.data} onClick={() => setDesdeArchivo(true)}>
              {t.restaurarArchivo}
            </Button>
          </Group>
          <Lista copias={info.data?.copias ?? []} cargando={info.isPending} ocupado={ocupado} />
        </Stack>
      )}
      <RestaurarArchivoModal abierto={desdeArchivo} onClose={() => setDesdeArchivo(false)} />
    </TarjetaAjustes>
  );
}

function Ajustes({ ajustes }: { ajustes: AjustesCopias }) {
  const queryClient = useQueryClient();
  const [editando, setEditando] = useState(false);
  const [carpeta, setCarpeta] = useState('');
  const [error, setError] = useState<string | null>(null);
  const predeterminada = ajustes.carpeta === ajustes.carpetaPredeterminada;
  const guardar = useMutation({
    mutationFn: (input: { carpeta: string | null; automaticas: boolean }) => api.datos.guardarAjustesCopias(input),
    onMutate: () => setError(null),
    onSuccess: () => {
      notifySuccess(t.ajustesGuardados);
      setEditando(false);
      void queryClient.invalidateQueries({ queryKey: clave('datos', 'copias') });
    },
    onError: (e) => setError(mensajeDe(e)),
  });
  // The folder the administrator chose stays chosen when only the switch changes.
  const carpetaElegida = predeterminada ? null : ajustes.carpeta;

  return (
    <Stack gap="md">
      <div>
        <Group gap="xs" mb={4} wrap="nowrap">
          <IconFolder size={16} />
          <Text size="sm" fw={500}>
            {t.carpeta}
          </Text>
          <Badge size="sm" variant="light" color={predeterminada ? 'gray' : 'blue'} style={{ flexShrink: 0 }}>
            {predeterminada ? t.predeterminada : t.elegida}
          </Badge>
        </Group>
        <Code block data-testid="copias-carpeta" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {ajustes.carpeta}
        </Code>
      </div>
      {editando ? (
        <Stack gap="xs">
          <TextInput
            label={t.nuevaCarpeta}
            placeholder={ajustes.carpetaPredeterminada}
            value={carpeta}
            onChange={(e) => setCarpeta(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group gap="sm">
            <Button size="xs" loading={guardar.isPending} disabled={!carpeta.trim()} onClick={() => guardar.mutate({ carpeta: carpeta.trim(), automaticas: ajustes.automaticas })}>
              {t.guardarCarpeta}
            </Button>
            {!predeterminada && (
              <Button size="xs" variant="light" disabled={guardar.isPending} onClick={() => guardar.mutate({ carpeta: null, automaticas: ajustes.automaticas })}>
                {t.usarPredeterminada}
              </Button>
            )}
            <Button size="xs" variant="default" disabled={guardar.isPending} onClick={() => setEditando(false)}>
              {t.cancelar}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button size="xs" variant="light" leftSection={<IconFolder size={14} />} onClick={() => setEditando(true)}>
            {t.cambiarCarpeta}
          </Button>
        </Group>
      )}
      <Switch
        label={t.automaticas}
        description={t.automaticasDetalle}
        checked={ajustes.automaticas}
        disabled={guardar.isPending}
        onChange={(e) => guardar.mutate({ carpeta: carpetaElegida, automaticas: e.currentTarget.checked })}
        data-testid="copias-automaticas"
      />
      {!editando && error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group gap="xl">
        <DatoRotulado etiqueta={t.ultimaAutomatica} valor={ajustes.ultimaAutomatica ? formatDateTime(ajustes.ultimaAutomatica) : t.ninguna} />
        <DatoRotulado
          etiqueta={t.proximaAutomatica}
          valor={!ajustes.automaticas ? t.desactivadas : ajustes.proximaAutomatica ? formatDateTime(ajustes.proximaAutomatica) : '—'}
        />
      </Group>
    </Stack>
  );
}


/**
 * The one confirmation a restore asks for, whatever the reason: what it says first, then that everybody signs in
 * again; the confirm button is red and carries `testid` (the end-to-end tests press it).
 */
function confirmarAntesDeRestaurar(titulo: string, aviso: ReactNode, boton: string, testid: string, restaurar: () => void) {
  modals.openConfirmModal({
    title: titulo,
    centered: true,
    children: (
      <Stack gap="xs">
        {aviso}
        <Text size="sm" fw={500}>
          {t.todosInicianSesion}
        </Text>
      </Stack>
    ),
    labels: { confirm: boton, cancel: t.cancelar },
    confirmProps: { color: 'red', 'data-testid': testid } as Record<string, string>,
    onConfirm: restaurar,
  });
}

/** Asks before a restore: the current data is replaced (kept aside) and everybody signs in again. */
function confirmarRestauracion(origen: string, restaurar: () => void) {
  confirmarAntesDeRestaurar(t.confirmarRestaurarTitulo, <Text size="sm">{t.confirmarRestaurar(origen)}</Text>, t.confirmarRestaurarBoton, 'confirmar-restaurar', restaurar);
}

/**
 * A copy without this install's signature (brought from another computer, or edited): the server names it and
 * says why; the administrator restores it only by confirming that, here.
 */
function confirmarDeOtroEquipo(mensaje: string, restaurar: () => void) {
  const aviso = (
    <Text size="sm" data-testid="copia-de-otro-equipo">
      {mensaje}
    </Text>
  );
  confirmarAntesDeRestaurar(t.deOtroEquipoTitulo, aviso, t.deOtroEquipoBoton, 'confirmar-de-otro-equipo', restaurar);
}

const esDeOtroEquipo = (e: unknown): e is AppError =>
  AppError.is(e) && e.code === 'conflict' && (e.details as { deOtroEquipo?: unknown } | undefined)?.deOtroEquipo === true;

function useRestaurar(alIniciar?: () => void) {
  const mostrar = useMostrarActividad();
  const mutacion = useMutation({
    mutationFn: (pedido: { archivo: string; deOtroEquipo?: boolean }) => api.datos.restaurar(pedido),
    onSuccess: (actividad) => {
      mostrar(actividad);
      alIniciar?.();
    },
    onError: (e, pedido) => {
      if (esDeOtroEquipo(e) && !pedido.deOtroEquipo) confirmarDeOtroEquipo(e.message, () => mutacion.mutate({ archivo: pedido.archivo, deOtroEquipo: true }));
      else notifyError(mensajeDe(e));
    },
  });
  return mutacion;
}

function Lista({ copias, cargando, ocupado }: { copias: CopiaInfo[]; cargando: boolean; ocupado: boolean }) {
  const queryClient = useQueryClient();
  const restaurar = useRestaurar();
  const eliminar = useMutation({
    mutationFn: (nombre: string) => api.datos.eliminarCopia({ nombre }),
    onSuccess: () => {
      notifySuccess(t.eliminada);
      void queryClient.invalidateQueries({ queryKey: clave('datos', 'copias') });
    },
    onError: (e) => notifyError(mensajeDe(e)),
  });

  const columnas: Array<Columna<CopiaInfo>> = [
    { titulo: t.colFecha, celda: (c) => formatDateTime(c.creada), miw: 170 },
    {
      titulo: t.colTipo,
      tipo: 'estado',
      celda: (c) => (
        <Badge variant="light" color={c.tipo === 'manual' ? 'blue' : 'gray'}>
          {es.datos.copias.tipos[c.tipo]}
        </Badge>
      ),
    },
    { titulo: t.colTamano, celda: (c) => tamanoLegible(c.bytes), ta: 'right' },
    { titulo: t.colFilas, celda: (c) => t.filas(c.filas), ta: 'right' },
    { titulo: t.colVersion, celda: (c) => c.version },
    {
      titulo: t.colAcciones,
      tipo: 'acciones',
      celda: (c) => {
        const fecha = formatDateTime(c.creada);
        return (
          <Group gap={4} wrap="nowrap">
            <AccionFila
              label={t.restaurar}
              aria-label={t.restaurarCopia(fecha)}
              icon={<IconRestore size={16} />}
              disabled={ocupado}
              onClick={() => confirmarRestauracion(t.laCopiaDel(fecha), () => restaurar.mutate({ archivo: c.nombre }))}
            />
            <AccionFila
              label={t.eliminar}
              aria-label={t.eliminarCopia(fecha)}
              icon={<IconTrash size={16} />}
              color="red"
              disabled={ocupado}
              onClick={() =>
                modals.openConfirmModal({
                  title: t.confirmarEliminarTitulo,
                  centered: true,
                  children: <Text size="sm">{t.confirmarEliminar(fecha)}</Text>,
                  labels: { confirm: t.confirmarEliminarBoton, cancel: t.cancelar },
                  confirmProps: { color: 'red' },
                  onConfirm: () => eliminar.mutate(c.nombre),
                })
              }
            />
          </Group>
        );
      },
    },
  ];

  return (
    <div>
      <Text size="sm" fw={500} mb="xs">
        {t.lista}
      </Text>
      <TablaDatos
        etiqueta={t.lista}
        filas={copias}
        claveFila={(c) => c.nombre}
        columnas={columnas}
        cargando={cargando}
        vacio={{ icono: <IconDatabaseExport size={28} />, texto: t.vacia }}
        anchoMinimo={640}
        propsFila={(c) => ({ 'data-testid': 'copia', 'data-nombre': c.nombre, 'data-tipo': c.tipo })}
      />
    </div>
  );
}

/** 'Restaurar desde un archivo': a copy file anywhere on this computer, by its full path, then the same confirmation. */
function RestaurarArchivoModal({ abierto, onClose }: { abierto: boolean; onClose: () => void }) {
  const [ruta, setRuta] = useState('');
  const restaurar = useRestaurar(() => {
    setRuta('');
    onClose();
  });
  return (
    <Modal opened={abierto} onClose={onClose} title={t.restaurarArchivo} centered size="lg" closeButtonProps={{ 'aria-label': es.datos.pantallaRegistro.cerrar }}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t.restaurarArchivoDetalle}
        </Text>
        <TextInput
          label={t.rutaArchivo}
          placeholder={t.rutaArchivoPlaceholder}
          value={ruta}
          onChange={(e) => setRuta(e.currentTarget.value)}
          data-autofocus
          data-testid="ruta-copia"
        />
        <PieDeModal cancelar={t.cancelar} onCancelar={onClose} gap="sm">
          <Button
            color="red"
            leftSection={<IconRestore size={16} />}
            disabled={!ruta.trim()}
            loading={restaurar.isPending}
            onClick={() => confirmarRestauracion(t.elArchivo(ruta.trim()), () => restaurar.mutate({ archivo: ruta.trim() }))}
          >
            {t.continuar}
          </Button>
        </PieDeModal>
      </Stack>
    </Modal>
  );
}
