import { Alert, Badge, Button, Center, Group, Loader, Modal, Paper, ScrollArea, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconDownload, IconEye, IconFileText, IconPlugConnected, IconRefresh, IconTrash, IconUpload, IconWorld } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { RegistroMarketing } from '../../../shared/areas/marketing/rules';
import { leerContenidoGuardado } from '../../../shared/areas/marketing/propuesta';
import { AppError } from '../../../shared/errors';
import { es } from '../../../shared/i18n/es';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../components/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatDateTime } from '../../lib/format';
import { guardarDescarga } from './archivo-navegador';
import { CargarContextoModal } from './CargarContextoModal';
import { EstructuraSitio, TextoCrudo } from './EstructuraSitio';
import { AccionFila } from '../../components/AccionFila';

const m = es.marketing;
/** The screen waits this long after loading before checking authentication (part 3 §4, §9). */
export const ESPERA_AUTENTICACION_MS = 1000;
const KEY = ['marketing', 'registros'] as const;

type Conexion = 'autenticando' | 'conectado' | 'desconectado';
const messageOf = (error: unknown, fallback: string) => (AppError.is(error) && error.message ? error.message : fallback);

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
    void queryClient.invalidateQueries({ queryKey: KEY });
  };

  const registros = useQuery({ queryKey: KEY, queryFn: () => api.marketing.registros({}), enabled: conexion === 'conectado' });

  const eliminar = useMutation({
    mutationFn: (id: number) => api.marketing.eliminar({ id }),
    onSuccess: () => notifySuccess(m.registroEliminado),
    onError: (error) => notifyError(messageOf(error, m.errorEliminar)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const descargar = useMutation({
    mutationFn: (id: number) => api.marketing.descargarArchivo({ id }),
    onSuccess: (file) => guardarDescarga(file.nombre, file.tipo, file.contenidoBase64),
    onError: (error) => notifyError(messageOf(error, m.errorDescargar)),
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
        <div>
          <Title order={2}>{m.titulo}</Title>
          <Text c="dimmed" size="sm">
            {m.subtitulo}
          </Text>
        </div>
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

      <Paper withBorder shadow="xs" p={0}>
        <Group px="md" py="sm" justify="space-between">
          <Text fw={700}>{m.registros}</Text>
          {registros.data && (
            <Badge variant="light" color="gray">
              {registros.data.length}
            </Badge>
          )}
        </Group>
        <ScrollArea type="auto">
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover striped miw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.colSitio}</Table.Th>
                <Table.Th>{m.colArchivo}</Table.Th>
                <Table.Th>{m.colUsuario}</Table.Th>
                <Table.Th>{m.colFecha}</Table.Th>
                <Table.Th ta="right">{m.colAcciones}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {conexion === 'autenticando' || registros.isLoading ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Center py="lg">
                      <Loader size="sm" />
                    </Center>
                  </Table.Td>
                </Table.Tr>
              ) : registros.isError ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="red" ta="center" py="lg">
                      {messageOf(registros.error, m.errorCargar)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : !registros.data || registros.data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center" py="lg">
                      {m.sinRegistros}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                registros.data.map((r) => (
                  <Table.Tr key={r.id} data-testid="registro-marketing">
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {r.dominioExtraido}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={280}>
                      <Group gap={6} wrap="nowrap">
                        {r.archivoStoragePath ? <IconFileText size={16} /> : <IconWorld size={16} />}
                        <Text size="sm" truncate>
                          {r.nombreArchivoUrl}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.nombrePersona ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(r.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <AccionFila label={m.ver} icon={<IconEye size={18} />} aria-label={m.ver} onClick={() => setDetalle(r)} />
                        {r.archivoStoragePath && (
                          <AccionFila label={m.descargar} icon={<IconDownload size={18} />} color="blue" aria-label={m.descargar} loading={descargar.isPending && descargar.variables === r.id} onClick={() => descargar.mutate(r.id)} />
                        )}
                        <AccionFila label={m.eliminar} icon={<IconTrash size={18} />} color="red" aria-label={m.eliminar} onClick={() => confirmarEliminar(r)} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>

      <CargarContextoModal
        opened={cargarOpen}
        onClose={() => setCargarOpen(false)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: KEY })}
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
