import { Alert, Box, Button, CloseButton, Group, Loader, Modal, Stack, Tabs, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconFileTypePdf, IconFileUpload, IconLink, IconWorldSearch } from '@tabler/icons-react';
import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { ACCEPT_ARCHIVO } from '../../../shared/areas/marketing/archivos';
import { problemaUrl, type ResultadoAnalisis } from '../../../shared/areas/marketing/rules';
import { AppError } from '../../../shared/errors';
import { es } from '../../../shared/i18n/es';
import { api } from '../../api/client';
import { leerArchivo } from './archivo-navegador';
import { EstructuraSitio, TextoCrudo } from './EstructuraSitio';
import { mensajeDe } from '../../lib/mensaje-error';

const m = es.marketing;

type Tono = 'progreso' | 'exito' | 'aviso' | 'error';
interface Mensaje {
  tono: Tono;
  texto: string;
}
const COLOR: Record<Tono, string> = { progreso: 'blue', exito: 'green', aviso: 'yellow', error: 'red' };


/** Load-context dialog (part 3 §2.7, §4, §5, §8): a document or a website address, analysed and saved. */
export function CargarContextoModal({ opened, onClose, onSaved }: { opened: boolean; onClose: () => void; onSaved: () => void }) {
  const [tab, setTab] = useState<'archivo' | 'url'>('archivo');
  const [archivo, setArchivo] = useState<{ nombre: string; base64: string; bytes: number } | null>(null);
  const [url, setUrl] = useState('');
  const [mensajes, setMensajes] = useState<Mensaje[]>([]);
  const [resultado, setResultado] = useState<ResultadoAnalisis | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const run = useRef(0);

  const reset = () => {
    run.current++;
    setArchivo(null);
    setUrl('');
    setMensajes([]);
    setResultado(null);
    setBusy(false);
    if (input.current) input.current.value = '';
  };

  const close = () => {
    reset();
    setTab('archivo');
    onClose();
  };

  const elegir = async (file: File | undefined) => {
    reset();
    if (!file) return;
    const leido = await leerArchivo(file);
    if (!leido.ok) {
      setMensajes([{ tono: 'error', texto: leido.mensaje }]);
      if (input.current) input.current.value = '';
      return;
    }
    setArchivo({ nombre: leido.nombre, base64: leido.base64, bytes: leido.bytes });
  };

  /** Analysis, then the automatic save (part 3 §4). */
  const procesar = async (analisis: () => Promise<ResultadoAnalisis>, progreso: string, fallo: string, origen: string, conArchivo: boolean) => {
    const id = ++run.current;
    const live = () => run.current === id;
    setBusy(true);
    setResultado(null);
    setMensajes([{ tono: 'progreso', texto: progreso }]);
    let r: ResultadoAnalisis;
    try {
      r = await analisis();
    } catch (error) {
      if (live()) {
        setMensajes([{ tono: 'error', texto: mensajeDe(error, fallo) }]);
        setBusy(false);
      }
      return;
    }
    if (!live()) return;
    setResultado(r);
    const analizado: Mensaje = { tono: 'exito', texto: r.mensaje };
    setMensajes([analizado, { tono: 'progreso', texto: conArchivo ? m.subiendo : m.guardando }]);
    try {
      const saved = await api.marketing.guardar({
        nombreArchivoUrl: origen,
        dominio: r.dominio,
        contenido: r.contenido,
        ...(conArchivo && archivo ? { archivo: { nombre: archivo.nombre, contenidoBase64: archivo.base64 } } : {}),
      });
      if (!live()) return;
      setMensajes([analizado, { tono: saved.archivoGuardado || !conArchivo ? 'exito' : 'aviso', texto: saved.mensaje }]);
      onSaved();
    } catch (error) {
      if (live()) setMensajes([analizado, { tono: 'error', texto: AppError.is(error) && error.code === 'unauthenticated' ? m.debesAutenticarte : m.errorGuardar }]);
    } finally {
      if (live()) setBusy(false);
    }
  };

  const procesarArchivo = () => {
    if (!archivo) {
      setMensajes([{ tono: 'error', texto: m.seleccionaArchivo }]);
      return;
    }
    void procesar(
      () => api.marketing.analizarArchivo({ nombre: archivo.nombre, contenidoBase64: archivo.base64 }),
      m.procesandoArchivo,
      m.errorArchivo,
      archivo.nombre,
      true,
    );
  };

  const analizarUrl = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const problem = problemaUrl(url);
    if (problem) {
      setResultado(null);
      setMensajes([{ tono: 'error', texto: problem }]);
      return;
    }
    const target = url.trim();
    void procesar(() => api.marketing.analizarUrl({ url: target }), m.analizandoSitio, m.errorSitio, target, false);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) void elegir(event.dataTransfer.files[0]);
  };

  const exito = mensajes.some((msg) => msg.tono === 'exito' || msg.tono === 'aviso') && !busy;

  return (
    <Modal opened={opened} onClose={close} title={m.dialogoTitulo} size="xl" centered radius="lg" closeOnClickOutside={!busy}>
      <Stack gap="md">
        <Tabs
          value={tab}
          onChange={(v) => {
            // Switching tabs resets every input and result (part 3 §2.7).
            reset();
            setTab(v === 'url' ? 'url' : 'archivo');
          }}
        >
          <Tabs.List grow>
            <Tabs.Tab value="archivo" leftSection={<IconFileUpload size={16} />} disabled={busy}>
              {m.tabArchivo}
            </Tabs.Tab>
            <Tabs.Tab value="url" leftSection={<IconWorldSearch size={16} />} disabled={busy}>
              {m.tabUrl}
            </Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="archivo" pt="md">
            <Stack gap="sm">
              <Box
                component="label"
                onDragOver={(e: DragEvent<HTMLElement>) => {
                  e.preventDefault();
                  setDragging(true);
                }}
                onDragLeave={() => setDragging(false)}
                onDrop={onDrop}
                style={{
                  display: 'block',
                  cursor: busy ? 'not-allowed' : 'pointer',
                  border: `2px dashed ${dragging ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                  borderRadius: 'var(--mantine-radius-md)',
                  padding: 'var(--mantine-spacing-lg)',
                  textAlign: 'center',
                }}
              >
                <input
                  ref={input}
                  type="file"
                  accept={ACCEPT_ARCHIVO}
                  hidden
                  disabled={busy}
                  data-testid="archivo-input"
                  onChange={(e) => void elegir(e.currentTarget.files?.[0])}
                />
                <Stack align="center" gap={6}>
                  <ThemeIcon size={48} radius="xl" variant="light">
                    <IconFileUpload size={26} />
                  </ThemeIcon>
                  <Text fw={600}>{m.seleccionarArchivo}</Text>
                  <Text size="sm" c="dimmed">
                    {m.arrastrarArchivo}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {m.pistaArchivo}
                  </Text>
                </Stack>
              </Box>
              {archivo && (
                <Group justify="space-between" wrap="nowrap" p="xs" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}>
                  <Group gap="xs" wrap="nowrap">
                    <IconFileTypePdf size={20} />
                    <Text size="sm" truncate>
                      {m.archivoListo(archivo.nombre)}
                    </Text>
                  </Group>
                  <CloseButton aria-label={m.quitarArchivo} onClick={reset} disabled={busy} />
                </Group>
              )}
              <Group justify="flex-end">
                <Button onClick={procesarArchivo} loading={busy} disabled={busy}>
                  {m.procesar}
                </Button>
              </Group>
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="url" pt="md">
            <form onSubmit={analizarUrl} noValidate>
              <Stack gap="sm">
                <TextInput
                  label={m.urlLabel}
                  placeholder={m.urlPlaceholder}
                  leftSection={<IconLink size={16} />}
                  value={url}
                  disabled={busy}
                  onChange={(e) => {
                    setUrl(e.currentTarget.value);
                    setMensajes([]);
                  }}
                />
                <Group justify="flex-end">
                  <Button type="submit" loading={busy} disabled={busy}>
                    {m.analizar}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Tabs.Panel>
        </Tabs>

        {mensajes.map((msg, i) => (
          <Alert
            key={`${i}-${msg.texto}`}
            color={COLOR[msg.tono]}
            variant="light"
            data-tono={msg.tono}
            role={msg.tono === 'error' ? 'alert' : 'status'}
            icon={
              msg.tono === 'progreso' ? <Loader size={16} /> : msg.tono === 'exito' ? <IconCircleCheck size={18} /> : msg.tono === 'aviso' ? <IconAlertTriangle size={18} /> : <IconAlertCircle size={18} />
            }
          >
            {msg.texto}
          </Alert>
        ))}

        {resultado?.tipo === 'propuesta' && <EstructuraSitio propuesta={resultado.propuesta} />}
        {resultado?.tipo === 'texto' && <TextoCrudo valor={resultado.texto} />}

        <Group justify="flex-end">
          <Button variant="default" onClick={reset} disabled={busy}>
            {m.limpiar}
          </Button>
          <Button variant="default" onClick={close}>
            {m.cerrar}
          </Button>
          {exito && <Button onClick={close}>{m.continuar}</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
