import { Alert, Badge, Button, FileButton, Group, Modal, Pagination, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { pedirConfirmacion } from '../../components/confirmacion';
import { notifications } from '@mantine/notifications';
import { IconPhoneOff, IconPlus, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AccionFila } from '../../components/AccionFila';
import { TablaDatos, type Columna } from '../../components/TablaDatos';
import { notifyError, notifySuccess } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { api, clave, consultas } from '../../api/client';
import { t } from './comun';
import { mensajeDe } from '../../lib/mensaje-error';
import { leerArchivo, telefonosDeCsv } from './csv';
import { MAX_TELEFONOS_CSV, TELEFONOS_POR_ENVIO, type FilaNoLlamar } from './lotes';
import { useAccionAvisada } from '../../components/accion-avisada';

const POR_PAGINA = 8;
/** What a person can type as a phone (the api checks again). */
const pareceTelefono = (v: string) => /^\+?[\d\s().-]{5,60}$/.test(v.trim()) && v.replace(/\D/g, '').length >= 5;

type Importacion = { hechos: number; total: number } | null;
type Resumen = { agregados: number; yaEstaban: number; invalidos: number };

/**
 * The shared 'No llamar' list (every campaign): search, add a phone, remove one, import a CSV of phones
 * (parsed here with papaparse, sent in parts with its progress). Checked by the api before every dial.
 */
export function NoLlamarModal({ onClose }: { onClose: () => void }) {
  const m = t.listaNoLlamar;
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const [buscar] = useDebouncedValue(q.trim(), 250);
  const [pagina, setPagina] = useState(1);
  const [nuevo, setNuevo] = useState('');
  const [tocado, setTocado] = useState(false);
  const [importacion, setImportacion] = useState<Importacion>(null);
  const [resumen, setResumen] = useState<Resumen | null>(null);
  const [error, setError] = useState<string | null>(null);

  const lista = useQuery({
    ...consultas.llamadas.noLlamarListar({ ...(buscar ? { q: buscar } : {}), pagina, porPagina: POR_PAGINA }),
    placeholderData: keepPreviousData,
  });
  const refrescar = () => qc.invalidateQueries({ queryKey: clave('llamadas') });

  const agregar = useMutation({
    mutationFn: (telefono: string) => api.llamadas.noLlamarAgregar({ telefono, motivo: 'manual' }),
    onSuccess: (r) => {
      if (r.agregado) notifySuccess(m.agregado);
      else notifications.show({ message: m.yaEstaba, color: 'yellow' });
      setNuevo('');
      setTocado(false);
      void refrescar();
    },
    onError: (e) => notifyError(mensajeDe(e, m.errorGuardar)),
  });

  const quitar = useAccionAvisada({
    hacer: (telefono: string) => api.llamadas.noLlamarQuitar({ telefono }),
    exito: m.quitado,
    error: m.errorGuardar,
    despues: refrescar,
  });

  const confirmarQuitar = (f: FilaNoLlamar) =>
    pedirConfirmacion({
      titulo: m.confirmarQuitarTitulo,
      pregunta: m.confirmarQuitar(f.telefono),
      si: m.siQuitar, no: m.cancelar,
      peligro: true, centrado: true, cerrar: t.lote.cerrar,
      alConfirmar: () => quitar.mutate(f.telefono),
    });

  const nuevoMal = tocado && nuevo.trim() !== '' && !pareceTelefono(nuevo);
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    setTocado(true);
    if (!pareceTelefono(nuevo) || agregar.isPending) return;
    agregar.mutate(nuevo.trim());
  };

  const importar = async (file: File | null) => {
    if (!file || importacion) return;
    setError(null);
    setResumen(null);
    let texto: string;
    try {
      texto = await leerArchivo(file);
    } catch {
      setError(m.errorLeer);
      return;
    }
    const r = telefonosDeCsv(texto, MAX_TELEFONOS_CSV);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    const total = r.telefonos.length;
    const suma: Resumen = { agregados: 0, yaEstaban: 0, invalidos: r.largos };
    setImportacion({ hechos: 0, total });
    let hechos = 0;
    try {
      for (let i = 0; i < total; i += TELEFONOS_POR_ENVIO) {
        const parte = r.telefonos.slice(i, i + TELEFONOS_POR_ENVIO);
        const x = await api.llamadas.noLlamarImportar({ telefonos: parte });
        suma.agregados += x.agregados;
        suma.yaEstaban += x.yaEstaban;
        suma.invalidos += x.invalidos;
        hechos += parte.length;
        setImportacion({ hechos, total });
      }
      setResumen(suma);
      notifySuccess(m.importado(suma.agregados, suma.yaEstaban, suma.invalidos));
    } catch (e) {
      const base = m.errorImportar(hechos);
      setError(hechos > 0 ? base : mensajeDe(e, base));
      if (hechos > 0) setResumen(suma);
    } finally {
      setImportacion(null);
      setPagina(1);
      void refrescar();
    }
  };

  const filas = lista.data?.filas ?? [];
  const total = lista.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / POR_PAGINA));
  const columnas: Array<Columna<FilaNoLlamar>> = [
    {
      titulo: m.colTelefono,
      celda: (f) => (
        <Text size="sm" ff="monospace">
          {f.telefono}
        </Text>
      ),
    },
    {
      titulo: m.colMotivo,
      tipo: 'estado',
      celda: (f) => (
        <Badge variant="light" color={f.motivo === 'opt_out' ? 'red' : f.motivo === 'csv' ? 'grape' : f.motivo === 'cliente' ? 'blue' : 'gray'}>
          {m.motivo[f.motivo] ?? f.motivo}
        </Badge>
      ),
    },
    { titulo: m.colFecha, celda: (f) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDateTime(f.createdAt)}</Text> },
    {
      titulo: m.colAcciones,
      tipo: 'acciones',
      celda: (f) => <AccionFila label={m.quitar(f.telefono)} icon={<IconTrash size={16} />} color="red" aria-label={m.quitar(f.telefono)} onClick={() => confirmarQuitar(f)} />,
    },
  ];

  return (
    <Modal opened closeButtonProps={{ 'aria-label': t.lote.cerrar }} onClose={importacion ? () => undefined : onClose} closeOnEscape={!importacion} closeOnClickOutside={!importacion} withCloseButton={!importacion} title={m.titulo} size="xl" centered>
      <Stack data-testid="no-llamar">
        <Text size="sm" c="dimmed">
          {m.descripcion}
        </Text>
        <form onSubmit={enviar} aria-label={m.agregar}>
          <Group align="flex-start" wrap="nowrap">
            <TextInput
              label={m.telefono}
              placeholder="+57 300 000 0000"
              value={nuevo}
              onChange={(e) => setNuevo(e.currentTarget.value)}
              onBlur={() => setTocado(true)}
              error={nuevoMal ? m.telefonoInvalido : null}
              maxLength={60}
              style={{ flex: 1 }}
            />
            <Button type="submit" mt={24} leftSection={<IconPlus size={16} />} loading={agregar.isPending}>
              {m.agregar}
            </Button>
          </Group>
        </form>
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <TextInput
            aria-label={m.buscar}
            placeholder={m.buscar}
            leftSection={<IconSearch size={14} />}
            value={q}
            onChange={(e) => {
              setQ(e.currentTarget.value);
              setPagina(1);
            }}
            style={{ flex: 1 }}
          />
          <FileButton onChange={(f) => void importar(f)} accept=".csv,text/csv,text/plain">
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} />} disabled={importacion !== null} data-testid="importar-no-llamar">
                {m.importar}
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="xs" c="dimmed">
          {m.importarDescripcion}
        </Text>
        {importacion ? (
          <Stack gap={4} data-testid="no-llamar-progreso">
            <Text size="sm">{m.importando(importacion.hechos, importacion.total)}</Text>
            <Progress value={importacion.total > 0 ? (importacion.hechos / importacion.total) * 100 : 0} striped animated aria-label={m.importando(importacion.hechos, importacion.total)} />
          </Stack>
        ) : null}
        {error ? (
          <Alert color="red" data-testid="no-llamar-error" withCloseButton onClose={() => setError(null)} closeButtonLabel={m.cerrar}>
            {error}
          </Alert>
        ) : null}
        {resumen ? (
          <Alert color="green" data-testid="no-llamar-resultado" withCloseButton onClose={() => setResumen(null)} closeButtonLabel={m.cerrar}>
            {m.importado(resumen.agregados, resumen.yaEstaban, resumen.invalidos)}
          </Alert>
        ) : null}
        {lista.isError ? (
          <Alert color="red">{mensajeDe(lista.error, m.errorCargar)}</Alert>
        ) : (
          <TablaDatos
            etiqueta={m.titulo}
            filas={filas}
            claveFila={(f) => f.telefono}
            columnas={columnas}
            cargando={lista.isLoading}
            vacio={{ icono: <IconPhoneOff size={28} />, texto: buscar ? m.vacioBusqueda : m.vacio }}
            anchoMinimo={560}
            propsFila={(f) => ({ 'data-testid': 'fila-no-llamar', 'data-telefono': f.telefono })}
          />
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="no-llamar-total">
            {m.total(total)}
          </Text>
          <Pagination value={pagina} onChange={setPagina} total={paginas} size="sm" />
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose} disabled={importacion !== null}>
            {m.cerrar}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
