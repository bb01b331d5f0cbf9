import { Alert, Badge, Button, Group, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconDownload, IconEye, IconFileText, IconPlugConnected, IconRefresh, IconTrash, IconUpload, IconWorld } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { RegistroMarketing } from '../../../shared/areas/marketing/rules';
import { leerContenidoGuardado } from '../../../shared/areas/marketing/propuesta';
import { es } from '../../../shared/i18n/es';
import { api, clave, consultas } from '../../api/client';
import { notifyError, notifySuccess } from '../../components/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatDateTime } from '../../lib/format';
import { guardarDescarga } from './archivo-navegador';
import { CargarContextoModal } from './CargarContextoModal';
import { EstructuraSitio, TextoCrudo } from './EstructuraSitio';
import { AccionFila } from '../../components/AccionFila';
import { TituloPantalla } from '../../components/TituloPantalla';
import { TablaDatos } from '../../components/TablaDatos';
import { mensajeDe } from '../../lib/mensaje-error';

const m = es.marketing;
/** The screen waits this long after loading before checking authentication (part 3 §4, §9). */
export const ESPERA_AUTENTICACION_MS = 1000;
const REGISTROS = clave('marketing', 'registros');

type Conexion = 'autenticando' | 'conectado' | 'desconectado';

/** Marketing agent (part 3 §2.6): connection badge, records, details, load-context dialog. */
export default function AgenteMarketingScreen() {
  useDocumentTitle(m.titulo);
  const queryClient = useQueryClient();
  const [conexion, setConexion] = useState<Conexion>('autenticando');
  const [cargarOpen, setCargarOpen] = useState(false);
  const [detalle, setDetalle] = useState<RegistroMarketing | null>(null);

  const verificar = useCallback(async () => {
    try {
      const estado = await api.marketing.estadoConexion({});
      setConexion(estado.autenticado ? 'conectado' : 'desconectado');
    } catch {
      setConexion('desconectado');
      notifyError(m.errorVerificar);
    }
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => void verificar(), ESPERA_AUTENTICACION_MS);
    return () => clearTimeout(timer);
  }, [verificar]);

  const reconectar = () => {
    setConexion('autenticando');
    void verificar();
    void queryClient.invalidateQueries({ queryKey: REGISTROS });
  };

  const registros = useQuery({ ...consultas.marketing.registros({}), enabled: conexion === 'conectado' });

  const eliminar = useMutation({
    mutationFn: (id: number) => api.marketing.eliminar({ id }),
    onSuccess: () => notifySuccess(m.registroEliminado),
    onError: (error) => notifyError(mensajeDe(error, m.errorEliminar)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REGISTROS }),
  });
  const descargar = useMutation({
    mutationFn: (id: number) => api.marketing.descargarArchivo({ id }),
    onSuccess: (file) => guardarDescarga(file.nombre, file.tipo, file.contenidoBase64),
    onError: (error) => notifyError(mensajeDe(error, m.errorDescargar)),
  });

  const confirmarEliminar = (registro: RegistroMarketing) =>
    modals.openConfirmModal({
      title: m.confirmarEliminarTitulo,
      centered: true,
      children: <Text size="sm">{m.confirmarEliminar}</Text>,
      labels: { confirm: m.eliminar, cancel: es.shell.cancelar },
      confirmProps: { color: 'red' },
      onConfirm: () => eliminar.mutate(registro.id),
    });

  const noAutenticado = conexion === 'desconectado';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TituloPantalla titulo={m.titulo} subtitulo={m.subtitulo} />
        <Group gap="sm">
          <Badge
            size="lg"
            variant="light"
            color={conexion === 'conectado' ? 'green' : conexion === 'desconectado' ? 'red' : 'gray'}
            leftSection={conexion === 'autenticando' ? <Loader size={10} color="gray" /> : <IconPlugConnected size={14} />}
            data-testid="estado-conexion"
          >
            {conexion === 'conectado' ? m.conectado : conexion === 'desconectado' ? m.desconectado : m.autenticando}
          </Badge>
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={reconectar} disabled={conexion === 'autenticando'}>
            {m.reconectar}
          </Button>
          <Button leftSection={<IconUpload size={16} />} onClick={() => setCargarOpen(true)} disabled={conexion !== 'conectado'}>
            {m.cargarContexto}
          </Button>
        </Group>
      </Group>

      {noAutenticado && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {m.noAutenticado}
        </Alert>
      )}

      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={700}>{m.registros}</Text>
          {registros.data && (
            <Badge variant="light" color="gray">
              {registros.data.length}
            </Badge>
          )}
        </Group>
        <TablaDatos etiqueta={m.registros} anchoMinimo={720}
          filas={registros.data ?? []} cargando={conexion === 'autenticando' || registros.isLoading}
          // A failed read says so where the records would be.
          vacio={registros.isError ? { icono: <IconAlertCircle size={22} />, texto: mensajeDe(registros.error, m.errorCargar) } : { icono: <IconFileText size={22} />, texto: m.sinRegistros }}
          propsFila={() => ({ 'data-testid': 'registro-marketing' })}
          columnas={[
            { titulo: m.colSitio, tipo: 'texto', celda: (r) => r.dominioExtraido },
            {
              titulo: m.colArchivo,
              maw: 280,
              celda: (r) => (
                <Group gap={6} wrap="nowrap">
                  {r.archivoStoragePath ? <IconFileText size={16} /> : <IconWorld size={16} />}
                  <Text size="sm" truncate>
                    {r.nombreArchivoUrl}
                  </Text>
                </Group>
              ),
            },
            { titulo: m.colUsuario, tipo: 'texto', celda: (r) => r.nombrePersona ?? '—' },
            { titulo: m.colFecha, tipo: 'estado', celda: (r) => <Text size="sm">{formatDateTime(r.createdAt)}</Text> },
            {
              titulo: m.colAcciones,
              tipo: 'acciones',
              celda: (r) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <AccionFila label={m.ver} icon={<IconEye size={18} />} aria-label={m.ver} onClick={() => setDetalle(r)} />
                  {r.archivoStoragePath && (
                    <AccionFila label={m.descargar} icon={<IconDownload size={18} />} color="blue" aria-label={m.descargar} loading={descargar.isPending && descargar.variables === r.id} onClick={() => descargar.mutate(r.id)} />
                  )}
                  <AccionFila label={m.eliminar} icon={<IconTrash size={18} />} color="red" aria-label={m.eliminar} onClick={() => confirmarEliminar(r)} />
                </Group>
              ),
            },
          ]}
        />
      </Stack>

      <CargarContextoModal
        opened={cargarOpen}
        onClose={() => setCargarOpen(false)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: REGISTROS })}
      />
      <DetalleModal registro={detalle} onClose={() => setDetalle(null)} />
    </Stack>
  );
}

function DetalleModal({ registro, onClose }: { registro: RegistroMarketing | null; onClose: () => void }) {
  const contenido = registro ? leerContenidoGuardado(registro.contenido) : null;
  return (
    <Modal opened={Boolean(registro)} onClose={onClose} title={m.detallesTitulo} size="xl" centered radius="lg">
      {registro && contenido && (
        <Stack gap="md">
          <Group gap="lg">
            <Text size="sm">
              <Text span c="dimmed">{`${m.colSitio}: `}</Text>
              {registro.dominioExtraido}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">{`${m.colArchivo}: `}</Text>
              {registro.nombreArchivoUrl}
            </Text>
            <Text size="sm">
              <Text span c="dimmed">{`${m.colFecha}: `}</Text>
              {formatDateTime(registro.createdAt)}
            </Text>
          </Group>
          <Tabs defaultValue={contenido.tipo === 'propuesta' ? 'estructura' : 'contenido'}>
            <Tabs.List>
              {contenido.tipo === 'propuesta' && <Tabs.Tab value="estructura">{m.estructuraSitio}</Tabs.Tab>}
              <Tabs.Tab value="contenido">{m.contenidoCompleto}</Tabs.Tab>
            </Tabs.List>
            {contenido.tipo === 'propuesta' && (
              <Tabs.Panel value="estructura" pt="md">
                <EstructuraSitio propuesta={contenido.propuesta} />
              </Tabs.Panel>
            )}
            <Tabs.Panel value="contenido" pt="md">
              {registro.contenido ? <TextoCrudo valor={prettify(registro.contenido)} /> : <Text c="dimmed">{m.sinContenido}</Text>}
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Modal>
  );
}

function prettify(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
