import { Alert, Badge, Button, Group, Paper, PasswordInput, Radio, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { pedirConfirmacion } from '../../components/confirmacion';
import { IconAlertCircle, IconCheck, IconDatabase, IconKey, IconPlugConnected, IconWebhook, IconWorldWww } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { WEBHOOK_NAMES, type BackendInfo, type WebhookAuthKind, type WebhookInfo } from '../../../shared/domain/webhooks';
import { AppError } from '../../../shared/errors';
import { es } from '../../../shared/i18n/es';
import { api, clave, consultas } from '../../api/client';
import { useAuth } from '../../app/auth';
import { TarjetaAjustes, TarjetaAjustesEnEspera } from './TarjetaAjustes';
import { EntradaCard } from './EntradaPanel';
import { notifyError, notifySuccess } from '../../components/toast';
import { mensajeDe } from '../../lib/mensaje-error';
import { AvisoDeError } from '../../components/AvisoDeError';

const c = es.configuracion;

/** Configuración → Conexión: the data backend, the web server, the inbound results endpoint and the automation webhooks. Secrets never come back. */
export function ConexionPanel() {
  return (
    <Stack gap="lg">
      <BackendCard />
      <ServidorWebCard />
      <EntradaCard />
      <WebhooksCard />
    </Stack>
  );
}

/** The desktop's local web server: off unless turned on here (it opens the api to this machine's users). */
function ServidorWebCard() {
  const queryClient = useQueryClient();
  const consulta = consultas.conexion.servidorWeb({});
  const info = useQuery(consulta);
  const guardar = useMutation({
    mutationFn: (activo: boolean) => api.conexion.guardarServidorWeb({ activo }),
    onSuccess: (data) => {
      queryClient.setQueryData(consulta.queryKey, data);
      notifySuccess(c.servidorWebGuardado);
    },
    onError: (e) => notifyError(mensajeDe(e)),
  });
  return (
    <TarjetaAjustes icono={<IconWorldWww size={18} />} titulo={c.servidorWeb} detalle={c.servidorWebDetalle}>
      {info.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {mensajeDe(info.error)}
        </Alert>
      ) : (
        <Switch
          label={c.servidorWebActivo}
          description={c.servidorWebReinicio}
          checked={info.data?.activo ?? false}
          disabled={!info.data || guardar.isPending}
          onChange={(e) => guardar.mutate(e.currentTarget.checked)}
          data-testid="servidor-web"
        />
      )}
    </TarjetaAjustes>
  );
}

function BackendCard() {
  const info = useQuery(consultas.conexion.backend({}));
  if (info.isPending) return <TarjetaAjustesEnEspera alto={180} />;
  if (info.isError) return <AvisoDeError error={info.error} color="red" icon={<IconAlertCircle size={18} />} />;
  return <BackendForm key={`${info.data.backend}-${info.data.supabaseUrl}`} initial={info.data} />;
}

function BackendForm({ initial }: { initial: BackendInfo }) {
  const navigate = useNavigate();
  const auth = useAuth();
  const [choice, setChoice] = useState<'embedded' | 'hosted'>(initial.backend);
  const [url, setUrl] = useState(initial.supabaseUrl);
  const [key, setKey] = useState('');
  const [test, setTest] = useState<{ ok: boolean; text: string } | null>(null);

  const probar = useMutation({
    mutationFn: () => api.conexion.probarSupabase({ supabaseUrl: url.trim(), ...(key.trim() ? { anonKey: key.trim() } : {}) }),
    onMutate: () => setTest(null),
    onSuccess: (r) => setTest({ ok: true, text: r.mensaje }),
    onError: (e) => setTest({ ok: false, text: mensajeDe(e) }),
  });
  const guardar = useMutation({
    mutationFn: () =>
      choice === 'embedded'
        ? api.conexion.guardarBackend({ backend: 'embedded' })
        : api.conexion.guardarBackend({ backend: 'hosted', supabaseUrl: url.trim(), ...(key.trim() ? { anonKey: key.trim() } : {}) }),
    onSuccess: async () => {
      notifySuccess(c.backendGuardado);
      auth.markSignedOut();
      await auth.refresh();
      navigate('/', { replace: true });
    },
    onError: (e) => setTest({ ok: false, text: mensajeDe(e) }),
  });

  const confirm = () =>
    pedirConfirmacion({
      titulo: c.confirmarCambioTitulo,
      pregunta: c.confirmarCambio,
      si: c.guardarYReconectar, no: c.cancelar,
      centrado: true,
      alConfirmar: () => guardar.mutate(),
    });

  const hostedIncomplete = choice === 'hosted' && (!url.trim() || (!key.trim() && !initial.claveGuardada));

  return (
    <TarjetaAjustes icono={<IconDatabase size={18} />} titulo={c.baseDatos} detalle={c.baseDatosDetalle}>
      <Stack gap="md">
        <Radio.Group value={choice} onChange={(v) => setChoice(v as 'embedded' | 'hosted')} aria-label={c.baseDatos}>
          <Stack gap="xs">
            <Group gap="xs">
              <Radio value="embedded" label={c.embebida} />
              {initial.activo === 'embedded' && <Badge size="sm" variant="light">{c.activa}</Badge>}
            </Group>
            <Group gap="xs">
              <Radio value="hosted" label={c.alojada} />
              {initial.activo === 'hosted' && <Badge size="sm" variant="light">{c.activa}</Badge>}
            </Group>
          </Stack>
        </Radio.Group>
        {choice === 'hosted' && (
          <Stack gap="sm" pl="lg">
            <TextInput
              label={c.supabaseUrl}
              placeholder={c.supabaseUrlPlaceholder}
              value={url}
              onChange={(e) => {
                setUrl(e.currentTarget.value);
                setTest(null);
              }}
            />
            <PasswordInput
              label={c.anonKey}
              placeholder={initial.claveGuardada ? c.enmascarado : c.anonKeyPlaceholder}
              description={initial.claveGuardada ? c.anonKeyGuardada : undefined}
              leftSection={<IconKey size={16} />}
              value={key}
              autoComplete="off"
              onChange={(e) => {
                setKey(e.currentTarget.value);
                setTest(null);
              }}
            />
            <Group>
              <Button variant="default" leftSection={<IconPlugConnected size={16} />} loading={probar.isPending} disabled={hostedIncomplete} onClick={() => probar.mutate()}>
                {c.probarConexion}
              </Button>
            </Group>
          </Stack>
        )}
        {test && (
          <Alert color={test.ok ? 'green' : 'red'} variant="light" icon={test.ok ? <IconCheck size={18} /> : <IconAlertCircle size={18} />} role="status">
            {test.text}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button loading={guardar.isPending} disabled={hostedIncomplete} onClick={confirm}>
            {c.guardarYReconectar}
          </Button>
        </Group>
      </Stack>
    </TarjetaAjustes>
  );
}

function WebhooksCard() {
  const list = useQuery(consultas.conexion.webhooks({}));
  return (
    <TarjetaAjustes icono={<IconWebhook size={18} />} titulo={c.automatizaciones} detalle={c.automatizacionesDetalle}>
      <AvisoDeError error={list.error} color="red" icon={<IconAlertCircle size={18} />} />
      <Stack gap="md">
        {list.data &&
          WEBHOOK_NAMES.map((name) => {
            const info = list.data.find((w) => w.name === name) ?? { name, url: '', auth: 'ninguna' as const, secretoGuardado: false };
            return <WebhookForm key={`${name}-${info.url}-${info.auth}-${info.secretoGuardado}`} info={info} />;
          })}
      </Stack>
    </TarjetaAjustes>
  );
}

/** 'Nombre: valor' per line → headers; null when a line is malformed. */
export function parseCabeceras(text: string): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const line of text.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const i = line.indexOf(':');
    if (i <= 0) return null;
    out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return out;
}

function WebhookForm({ info }: { info: WebhookInfo }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState(info.url);
  const [auth, setAuth] = useState<WebhookAuthKind>(info.auth);
  const [token, setToken] = useState('');
  const [usuario, setUsuario] = useState('');
  const [contrasena, setContrasena] = useState('');
  const [cabeceras, setCabeceras] = useState('');
  const [error, setError] = useState<string | null>(null);
  const stored = info.secretoGuardado && auth === info.auth;

  const save = useMutation({
    mutationFn: () => {
      const input: Parameters<typeof api.conexion.guardarWebhook>[0] = { name: info.name, url: url.trim(), auth };
      if (auth === 'bearer' && token) input.token = token;
      if (auth === 'basic' && usuario) {
        input.usuario = usuario;
        input.contrasena = contrasena;
      }
      if (auth === 'cabeceras' && cabeceras.trim()) {
        const parsed = parseCabeceras(cabeceras);
        if (!parsed) throw new AppError('validation', c.cabecerasMalFormadas);
        input.cabeceras = parsed;
      }
      return api.conexion.guardarWebhook(input);
    },
    onMutate: () => setError(null),
    onSuccess: () => {
      notifySuccess(c.guardado);
      void queryClient.invalidateQueries({ queryKey: clave('conexion', 'webhooks') });
    },
    onError: (e) => {
      setError(mensajeDe(e));
      notifyError(mensajeDe(e));
    },
  });

  const secretPlaceholder = stored ? c.enmascarado : undefined;

  return (
    <Paper withBorder p="md" radius="md" data-testid={`webhook-${info.name}`}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{es.conexion.nombres[info.name]}</Text>
        {info.auth !== 'ninguna' && (
          <Badge variant="light" color={info.secretoGuardado ? 'green' : 'yellow'} leftSection={<IconKey size={12} />}>
            {info.secretoGuardado ? c.secretoGuardado : c.sinSecreto}
          </Badge>
        )}
      </Group>
      <Stack gap="xs">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label={c.url} placeholder="https://n8n.tu-dominio.com/webhook/..." value={url} onChange={(e) => setUrl(e.currentTarget.value)} style={{ minWidth: 260 }} />
          <Select
            label={c.autenticacion}
            value={auth}
            allowDeselect={false}
            onChange={(v) => v && setAuth(v as WebhookAuthKind)}
            data={(['ninguna', 'bearer', 'basic', 'cabeceras'] as const).map((k) => ({ value: k, label: es.conexion.autenticacion[k] }))}
            style={{ minWidth: 200, maxWidth: 280 }}
          />
        </Group>
        {auth === 'bearer' && (
          <PasswordInput label={c.token} placeholder={secretPlaceholder} description={stored ? c.dejarEnBlanco : undefined} value={token} onChange={(e) => setToken(e.currentTarget.value)} autoComplete="off" />
        )}
        {auth === 'basic' && (
          <Group grow align="flex-start">
            <TextInput label={c.usuarioBasic} placeholder={secretPlaceholder} description={stored ? c.dejarEnBlanco : undefined} value={usuario} onChange={(e) => setUsuario(e.currentTarget.value)} autoComplete="off" />
            <PasswordInput label={c.contrasenaBasic} placeholder={secretPlaceholder} value={contrasena} onChange={(e) => setContrasena(e.currentTarget.value)} autoComplete="new-password" />
          </Group>
        )}
        {auth === 'cabeceras' && (
          <Textarea
            label={c.cabeceras}
            placeholder={stored ? c.enmascarado : 'X-Api-Key: ...'}
            description={stored ? c.dejarEnBlanco : undefined}
            autosize
            minRows={2}
            value={cabeceras}
            onChange={(e) => setCabeceras(e.currentTarget.value)}
          />
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button size="sm" variant="light" loading={save.isPending} onClick={() => save.mutate()}>
            {c.guardar}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
