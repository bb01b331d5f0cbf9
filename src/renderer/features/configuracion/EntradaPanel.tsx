import { Alert, Badge, Button, Code, CopyButton, Group, Modal, NumberInput, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { pedirConfirmacion } from '../../components/confirmacion';
import { IconAlertCircle, IconAlertTriangle, IconCheck, IconCopy, IconDownload, IconInbox, IconKey, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { esDireccionEscucha, esLoopback, type EntradaInfo, type RutaEntrada } from '../../../shared/areas/conexion/entrada';
import { archivoFlujo, flujoN8n, type FlujoN8n } from '../../../shared/areas/conexion/flujos-n8n';
import { es } from '../../../shared/i18n/es';
import { api, consultas } from '../../api/client';
import { notifyError, notifySuccess } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { descargar } from '../metricas/guardar-csv';
import { TarjetaAjustes, TarjetaAjustesEnEspera } from './TarjetaAjustes';
import { mensajeDe } from '../../lib/mensaje-error';
import { AvisoDeError } from '../../components/AvisoDeError';

const t = es.conexion.entrada;

/**
 * Configuración → Conexión → Entrada de resultados (n8n): on/off, where to listen, the two addresses to paste
 * into n8n and each one's secret, rotated here and shown ONCE. Hosted Supabase: n8n writes the tables itself.
 */
export function EntradaCard() {
  const info = useQuery(consultas.conexion.entrada({}));
  if (info.isPending) return <TarjetaAjustesEnEspera alto={180} />;
  if (info.isError) return <AvisoDeError error={info.error} color="red" icon={<IconAlertCircle size={18} />} />;
  return (
    <TarjetaAjustes icono={<IconInbox size={18} />} titulo={t.titulo} detalle={info.data.disponible ? t.detalle : undefined} data-testid="entrada-resultados">
      {info.data.disponible ? (
        <EntradaForm key={`${info.data.activo}-${info.data.escucharEn}-${info.data.puerto}`} info={info.data} />
      ) : (
        <Text size="sm" c="dimmed">
          {t.alojada}
        </Text>
      )}
    </TarjetaAjustes>
  );
}

function EntradaForm({ info }: { info: EntradaInfo }) {
  const queryClient = useQueryClient();
  const consulta = consultas.conexion.entrada({});
  const [activo, setActivo] = useState(info.activo);
  const [escucharEn, setEscucharEn] = useState(info.escucharEn);
  const [puerto, setPuerto] = useState<number | string>(info.puerto);
  const [secreto, setSecreto] = useState<{ ruta: RutaEntrada; valor: string } | null>(null);

  const guardar = useMutation({
    mutationFn: () => api.conexion.guardarEntrada({ activo, escucharEn: escucharEn.trim(), puerto: Number(puerto) }),
    onSuccess: (data) => {
      queryClient.setQueryData(consulta.queryKey, data);
      notifySuccess(t.guardada);
    },
    onError: (e) => notifyError(mensajeDe(e)),
  });
  const rotar = useMutation({
    mutationFn: (ruta: RutaEntrada) => api.conexion.rotarSecretoEntrada({ ruta }),
    onSuccess: (data) => {
      queryClient.setQueryData(consulta.queryKey, data.info);
      setSecreto({ ruta: data.ruta, valor: data.secreto });
    },
    onError: (e) => notifyError(mensajeDe(e)),
  });

  const confirmarRotar = (ruta: RutaEntrada) =>
    pedirConfirmacion({
      titulo: t.rotarTitulo,
      pregunta: t.rotarConfirmar(t.rutas[ruta]),
      si: t.rotarAceptar, no: t.cancelar,
      centrado: true,
      alConfirmar: () => rotar.mutate(ruta),
    });

  const direccion = escucharEn.trim();
  const enRed = esDireccionEscucha(direccion) && !esLoopback(direccion);

  return (
    <Stack gap="md">
      <Switch label={t.activa} checked={activo} onChange={(e) => setActivo(e.currentTarget.checked)} data-testid="entrada-activa" />
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label={t.escucharEn}
          description={t.escucharEnDetalle}
          value={escucharEn}
          onChange={(e) => setEscucharEn(e.currentTarget.value)}
          style={{ minWidth: 260 }}
          data-testid="entrada-direccion"
        />
        <NumberInput label={t.puerto} value={puerto} onChange={setPuerto} min={1024} max={65535} allowDecimal={false} style={{ maxWidth: 160 }} data-testid="entrada-puerto" />
      </Group>
      {enRed && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t.avisoRed}
        </Alert>
      )}
      <Estado info={info} />
      <Group justify="flex-end">
        <Button variant="light" loading={guardar.isPending} onClick={() => guardar.mutate()}>
          {t.guardar}
        </Button>
      </Group>
      {info.rutas.map((r) => (
        <Paper key={r.ruta} withBorder p="md" radius="md" data-testid={`entrada-${r.ruta}`}>
          <Group justify="space-between" mb="xs" wrap="wrap">
            <Text fw={600}>{t.rutas[r.ruta]}</Text>
            <Badge variant="light" color={r.secreto ? 'green' : 'yellow'} leftSection={<IconKey size={12} />}>
              {r.secreto ? t.secretoConfigurado : t.sinSecreto}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" mb={4}>
            {t.url}
          </Text>
          <Group gap="xs" wrap="nowrap" align="center">
            <Code style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} data-testid={`entrada-url-${r.ruta}`}>
              {r.url}
            </Code>
            <BotonCopiar valor={r.url} etiqueta={t.copiarUrl} nombre={`${t.copiarUrl}: ${t.rutas[r.ruta]}`} />
          </Group>
          <Group justify="space-between" mt="sm" wrap="wrap">
            <Text size="xs" c="dimmed">
              {r.rotadoEn ? t.rotadoEl(formatDateTime(r.rotadoEn)) : ''}
            </Text>
            <Group gap="xs">
              <BotonFlujo flujo={r.ruta} url={r.url} nombre={t.rutas[r.ruta]} />
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} />}
                loading={rotar.isPending && rotar.variables === r.ruta}
                onClick={() => confirmarRotar(r.ruta)}
                aria-label={`${t.rotar}: ${t.rutas[r.ruta]}`}
              >
                {t.rotar}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
      <Paper withBorder p="md" radius="md" data-testid="entrada-saliente">
        <Text fw={600} mb={4}>
          {t.salienteTitulo}
        </Text>
        <Text size="xs" c="dimmed" mb="sm">
          {t.salienteDetalle}
        </Text>
        <Group justify="flex-end">
          <BotonFlujo flujo="saliente" nombre={t.salienteTitulo} />
        </Group>
      </Paper>
      <SecretoUnaVez secreto={secreto} onClose={() => setSecreto(null)} />
    </Stack>
  );
}

/** Where it listens now, why it could not, and when a change takes effect. */
function Estado({ info }: { info: EntradaInfo }) {
  return (
    <Stack gap={4} data-testid="entrada-estado">
      {info.error ? (
        <Text size="sm" c="red" role="alert">
          {info.error}
        </Text>
      ) : (
        <Text size="sm">{info.escuchando ? t.enMarcha(info.escuchando) : t.detenida}</Text>
      )}
      <Text size="xs" c="dimmed">
        {info.fijadoAlIniciar && info.escuchando ? t.fijadaAlIniciar(info.escuchando) : info.aplicacion === 'inmediata' ? t.aplicaAlInstante : t.aplicaAlReiniciar}
      </Text>
    </Stack>
  );
}

/** Downloads a ready-made n8n workflow (flujos-n8n.ts) with this console's address in it; never a secret. */
function BotonFlujo({ flujo, url, nombre }: { flujo: FlujoN8n; url?: string; nombre: string }) {
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      aria-label={t.descargarFlujoDe(nombre)}
      data-testid={`descargar-flujo-${flujo}`}
      onClick={() => {
        descargar(archivoFlujo(flujo), new Blob([`${JSON.stringify(flujoN8n(flujo, url), null, 2)}\n`], { type: 'application/json' }));
        notifySuccess(flujo === 'saliente' ? t.flujoSalienteDescargado : t.flujoDescargado);
      }}
    >
      {t.descargarFlujo}
    </Button>
  );
}

function BotonCopiar({ valor, etiqueta, nombre }: { valor: string; etiqueta: string; nombre?: string }) {
  return (
    <CopyButton value={valor}>
      {({ copied, copy }) => (
        <Button size="xs" variant="light" color={copied ? 'green' : undefined} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} onClick={copy} aria-label={nombre ?? etiqueta}>
          {copied ? t.copiada : etiqueta}
        </Button>
      )}
    </CopyButton>
  );
}

/** The new secret: on screen until closed, never again (only the keychain keeps it). */
function SecretoUnaVez({ secreto, onClose }: { secreto: { ruta: RutaEntrada; valor: string } | null; onClose: () => void }) {
  return (
    <Modal
      opened={secreto !== null}
      onClose={onClose}
      title={secreto ? `${t.secretoTitulo}: ${t.rutas[secreto.ruta]}` : t.secretoTitulo}
      closeButtonProps={{ 'aria-label': t.cerrar }}
      centered
    >
      {secreto && (
        <Stack gap="md">
          <Text size="sm">{t.secretoAviso}</Text>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="entrada-secreto">
            {secreto.valor}
          </Code>
          <Group justify="flex-end">
            <BotonCopiar valor={secreto.valor} etiqueta={t.copiarSecreto} />
            <Button onClick={onClose}>{t.cerrar}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
