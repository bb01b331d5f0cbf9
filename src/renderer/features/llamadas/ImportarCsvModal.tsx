import { Alert, Badge, Button, FileButton, Group, Loader, Modal, Paper, ScrollArea, SimpleGrid, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { contarDuplicados, filasAGuardar, marcarExistentes, mensajeImportacion, claveCliente, type AnalisisCsv, type FilaOmitida } from '../../../shared/areas/llamadas/csv';
import { notifyError } from '../../components/toast';
import { api } from '../../api/client';
import { t } from './comun';
import { mensajeDe } from '../../lib/mensaje-error';
import { TablaDatos, type Columna } from '../../components/TablaDatos';
import { leerArchivo, parsearCsv } from './csv';
import { PieDeModal } from '../../components/PieDeModal';

const MAX_VISTA = 200;

const COLUMNAS_AGREGAR: Array<Columna<AnalisisCsv['agregar'][number]>> = [
  { titulo: t.csv.colFila, celda: (f) => f.fila },
  { titulo: t.clientes.colCliente, tipo: 'texto', celda: (f) => `${f.nombre} ${f.apellido}`.trim(), anchoMaximo: 200 },
  { titulo: t.clientes.colEmail, tipo: 'texto', celda: (f) => f.email, anchoMaximo: 200 },
  { titulo: t.clientes.colTelefono, celda: (f) => f.telefono },
  { titulo: t.clientes.colEmpresa, tipo: 'texto', celda: (f) => f.empresa, anchoMaximo: 160 },
];

const COLUMNAS_OMITIDAS: Array<Columna<FilaOmitida>> = [
  { titulo: t.csv.colFila, celda: (o) => o.fila },
  {
    titulo: t.csv.colMotivo,
    tipo: 'estado',
    celda: (o) => (
      <Badge color="orange" variant="light" size="sm">
        {t.csv.motivo[o.motivo]}
      </Badge>
    ),
  },
  { titulo: t.csv.colDatos, tipo: 'texto', celda: (o) => o.datos, anchoMaximo: 360 },
];

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
                  <TablaDatos etiqueta={c.agregar} columnas={COLUMNAS_AGREGAR} filas={analisis.agregar.slice(0, MAX_VISTA)} claveFila={(f) => f.fila} compacta anchoMinimo={560} />
                  {analisis.agregar.length > MAX_VISTA ? (
                    <Text size="xs" c="dimmed" p="xs">
                      {c.masFilas(analisis.agregar.length - MAX_VISTA)}
                    </Text>
                  ) : null}
                </ScrollArea.Autosize>
              </Tabs.Panel>
              <Tabs.Panel value="omitidas" pt="xs">
                <ScrollArea.Autosize mah={280}>
                  <TablaDatos etiqueta={c.omitir} testId="csv-omitidas" columnas={COLUMNAS_OMITIDAS} filas={analisis.omitidas.slice(0, MAX_VISTA)} claveFila={(o) => `${o.fila}-${o.motivo}`} compacta anchoMinimo={480} />
                </ScrollArea.Autosize>
              </Tabs.Panel>
            </Tabs>
          </Stack>
        ) : null}

        <PieDeModal cancelar={c.cancelar} onCancelar={onClose}>
          <Button onClick={() => void guardar()} disabled={!analisis || analisis.agregar.length === 0} loading={guardando} data-testid="guardar-csv">
            {analisis ? c.guardar(analisis.agregar.length) : c.guardar(0)}
          </Button>
        </PieDeModal>
      </Stack>
    </Modal>
  );
}
