import { Alert, Badge, Button, FileButton, Group, Loader, Modal, Paper, ScrollArea, SimpleGrid, Stack, Table, Tabs, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { contarDuplicados, filasAGuardar, marcarExistentes, mensajeImportacion, claveCliente, type AnalisisCsv } from '../../../shared/areas/llamadas/csv';
import { notifyError } from '../../components/toast';
import { api } from '../../api/client';
import { t } from './comun';
import { mensajeDe } from '../../lib/mensaje-error';
import { leerArchivo, parsearCsv } from './csv';

const MAX_VISTA = 200;

/**
 * CSV import (part 1 §5): parsed here with papaparse, a preview of what will be added and what is skipped
 * (with the reason), then saved in one transaction. A malformed file changes nothing.
 */
export function ImportarCsvModal({ campanaId, onClose, onImported }: { campanaId: number; onClose: () => void; onImported: () => void }) {
  const c = t.csv;
  const [archivo, setArchivo] = useState<string | null>(null);
  const [leyendo, setLeyendo] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [analisis, setAnalisis] = useState<AnalisisCsv | null>(null);
  const [guardando, setGuardando] = useState(false);

  const elegir = async (file: File | null) => {
    if (!file) return;
    setArchivo(file.name);
    setError(null);
    setAnalisis(null);
    setLeyendo(true);
    try {
      const texto = await leerArchivo(file);
      const r = parsearCsv(texto);
      if (!r.ok) {
        setError(r.error);
        return;
      }
      const claves = r.analisis.agregar.map((f) => ({ email: f.email, telefono: f.telefono }));
      const existentes = claves.length ? await api.llamadas.clavesExistentes({ campanaId, claves }) : [];
      setAnalisis(marcarExistentes(r.analisis, new Set(existentes.map(([e, tel]) => claveCliente(e, tel)))));
    } catch (e) {
      setError(mensajeDe(e, c.errorLeer));
    } finally {
      setLeyendo(false);
    }
  };

  const guardar = async () => {
    if (!analisis || analisis.agregar.length === 0) return;
    setGuardando(true);
    try {
      const r = await api.llamadas.importarClientes({ campanaId, filas: filasAGuardar(analisis) });
      // Rows that became duplicates between the preview and the save are counted too.
      const duplicados = contarDuplicados(analisis) + Math.max(0, r.omitidos);
      const m = mensajeImportacion(duplicados);
      notifications.show({ message: m.texto, color: duplicados > 0 ? 'yellow' : 'green', autoClose: m.duracionMs });
      onImported();
      onClose();
    } catch (e) {
      notifyError(mensajeDe(e, c.errorGuardar));
    } finally {
      setGuardando(false);
    }
  };

  return (
    <Modal opened closeButtonProps={{ 'aria-label': t.lote.cerrar }} onClose={onClose} title={c.titulo} size="xl" centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {c.descripcion}
        </Text>
        <Paper withBorder p="md" radius="md" style={{ borderStyle: 'dashed' }}>
          <Group justify="space-between" wrap="nowrap">
            <Group wrap="nowrap">
              <ThemeIcon size={40} variant="light" radius="md">
                <IconFileSpreadsheet size={22} />
              </ThemeIcon>
              <Text size="sm" fw={archivo ? 600 : 400} c={archivo ? undefined : 'dimmed'} data-testid="archivo-csv">
                {archivo ?? c.arrastrar}
              </Text>
            </Group>
            <FileButton onChange={(f) => void elegir(f)} accept=".csv,text/csv,text/plain">
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={leyendo}>
                  {archivo ? c.otroArchivo : c.elegir}
                </Button>
              )}
            </FileButton>
          </Group>
        </Paper>

        {leyendo ? (
          <Group>
            <Loader size="sm" />
            <Text size="sm">{c.leyendo}</Text>
          </Group>
        ) : null}
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={16} />} data-testid="error-csv">
            {error}
          </Alert>
        ) : null}

        {analisis ? (
          <Stack gap="sm" data-testid="vista-previa">
            <SimpleGrid cols={2}>
              <Paper withBorder p="sm">
                <Text size="sm" c="dimmed">
                  {c.vistaPrevia}
                </Text>
                <Text fw={700} c="green.8" data-testid="csv-agregar">
                  {c.seAgregaran(analisis.agregar.length)}
                </Text>
              </Paper>
              <Paper withBorder p="sm">
                <Text size="sm" c="dimmed">
                  {c.omitir}
                </Text>
                <Text fw={700} c={analisis.omitidas.length ? 'orange.8' : undefined} data-testid="csv-omitir">
                  {c.seOmitiran(analisis.omitidas.length)}
                </Text>
              </Paper>
            </SimpleGrid>
            <Tabs defaultValue="agregar">
              <Tabs.List>
                <Tabs.Tab value="agregar" rightSection={<Badge size="xs">{analisis.agregar.length}</Badge>}>
                  {c.agregar}
                </Tabs.Tab>
                <Tabs.Tab value="omitidas" rightSection={<Badge size="xs" color="orange">{analisis.omitidas.length}</Badge>}>
                  {c.omitir}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="agregar" pt="xs">
                <ScrollArea.Autosize mah={280}>
                  <Table striped fz="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{c.colFila}</Table.Th>
                        <Table.Th>{t.clientes.colCliente}</Table.Th>
                        <Table.Th>{t.clientes.colEmail}</Table.Th>
                        <Table.Th>{t.clientes.colTelefono}</Table.Th>
                        <Table.Th>{t.clientes.colEmpresa}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {analisis.agregar.slice(0, MAX_VISTA).map((f) => (
                        <Table.Tr key={f.fila}>
                          <Table.Td>{f.fila}</Table.Td>
                          <Table.Td>{`${f.nombre} ${f.apellido}`.trim()}</Table.Td>
                          <Table.Td>{f.email}</Table.Td>
                          <Table.Td>{f.telefono}</Table.Td>
                          <Table.Td>{f.empresa}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                  {analisis.agregar.length > MAX_VISTA ? (
                    <Text size="xs" c="dimmed" p="xs">
                      {c.masFilas(analisis.agregar.length - MAX_VISTA)}
                    </Text>
                  ) : null}
                </ScrollArea.Autosize>
              </Tabs.Panel>
              <Tabs.Panel value="omitidas" pt="xs">
                <ScrollArea.Autosize mah={280}>
                  <Table striped fz="sm" data-testid="csv-omitidas">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{c.colFila}</Table.Th>
                        <Table.Th>{c.colMotivo}</Table.Th>
                        <Table.Th>{c.colDatos}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {analisis.omitidas.slice(0, MAX_VISTA).map((o) => (
                        <Table.Tr key={`${o.fila}-${o.motivo}`}>
                          <Table.Td>{o.fila}</Table.Td>
                          <Table.Td>
                            <Badge color="orange" variant="light" size="sm">
                              {c.motivo[o.motivo]}
                            </Badge>
                          </Table.Td>
                          <Table.Td>
                            <Text size="xs" c="dimmed" lineClamp={1}>
                              {o.datos}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              </Tabs.Panel>
            </Tabs>
          </Stack>
        ) : null}

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {c.cancelar}
          </Button>
          <Button onClick={() => void guardar()} disabled={!analisis || analisis.agregar.length === 0} loading={guardando} data-testid="guardar-csv">
            {analisis ? c.guardar(analisis.agregar.length) : c.guardar(0)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
