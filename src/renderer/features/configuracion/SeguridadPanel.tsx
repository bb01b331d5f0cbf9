import { Badge, Button, Code, CopyButton, Group, Image, Modal, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { pedirConfirmacion } from '../../components/confirmacion';
import { IconCheck, IconCopy, IconDeviceDesktop, IconDownload, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import type { Sesion } from '../../../shared/areas/seguridad/contract';
import { mensajeDe } from '../../lib/mensaje-error';
import { AvisoDeError } from '../../components/AvisoDeError';
import { es } from '../../../shared/i18n/es';
import { api, clave, consultas } from '../../api/client';
import { useAuth } from '../../app/auth';
import { AccionFila } from '../../components/AccionFila';
import { TablaDatos, type Columna } from '../../components/TablaDatos';
import { notifyError, notifySuccess } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { descargar } from '../metricas/guardar-csv';
import { TarjetaAjustes } from './TarjetaAjustes';
import { PieDeModal } from '../../components/PieDeModal';
import { AvisoError } from '../../components/CamposAcceso';
import { useAccionAvisada } from '../../components/accion-avisada';

const t = es.seguridad;

/** Configuración → Seguridad: my second factor, the agency's rule (administrators), my open sessions. */
export function SeguridadPanel() {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <DosPasos />
        <ReglaAgencia />
      </SimpleGrid>
      <Sesiones />
    </Stack>
  );
}

function DosPasos() {
  const queryClient = useQueryClient();
  const estado = useQuery(consultas.seguridad.estado({}));
  const [inscribiendo, setInscribiendo] = useState(false);
  const [desactivando, setDesactivando] = useState(false);
  const [codigos, setCodigos] = useState<string[] | null>(null);
  const actualizar = () => void queryClient.invalidateQueries({ queryKey: clave('seguridad') });
  const activa = estado.data?.dosPasos === true;
  return (
    <TarjetaAjustes icono={<IconShieldLock size={18} />} titulo={t.dosPasosTitulo} detalle={t.dosPasosSubtitulo} data-testid="tarjeta-dos-pasos">
      <Stack gap="md">
        <AvisoDeError error={estado.error} texto={t.errorCargar} color="red" variant="light" />
        <Group justify="space-between">
          <Badge variant="light" color={activa ? 'green' : 'gray'} data-testid="estado-dos-pasos">
            {activa ? t.activa : t.inactiva}
          </Badge>
          {estado.data && estado.data.disponible && (
            activa ? (
              <Button variant="light" color="red" onClick={() => setDesactivando(true)}>
                {t.desactivar}
              </Button>
            ) : (
              <Button onClick={() => setInscribiendo(true)}>{t.activar}</Button>
            )
          )}
        </Group>
        {activa && estado.data?.codigosRestantes != null && (
          <Text size="sm" c="dimmed">
            {t.codigosRestantes(estado.data.codigosRestantes)}
          </Text>
        )}
        {estado.data?.disponible && estado.data.recuperacion === 'administrador' && (
          <Text size="sm" c="dimmed" data-testid="recuperacion-administrador">
            {t.recuperacionAdministrador}
          </Text>
        )}
      </Stack>
      {inscribiendo && (
        <InscribirModal
          onClose={() => setInscribiendo(false)}
          onActivada={(c) => {
            setInscribiendo(false);
            // Hosted: Supabase gives no recovery codes, so there is nothing to show once.
            if (c.length > 0) {
              setCodigos(c);
              notifySuccess(t.activada);
            } else notifySuccess(t.activadaSinCodigos);
            actualizar();
          }}
        />
      )}
      {desactivando && (
        <DesactivarModal
          detalle={estado.data?.recuperacion === 'administrador' ? t.desactivarDetalleAlojado : t.desactivarDetalle}
          onClose={() => setDesactivando(false)}
          onHecho={() => {
            setDesactivando(false);
            notifySuccess(t.desactivada);
            actualizar();
          }}
        />
      )}
      {codigos && <CodigosRecuperacion codigos={codigos} onClose={() => setCodigos(null)} />}
    </TarjetaAjustes>
  );
}

/**
 * The code a two-step dialog asks for, and its error line: on submit an empty code is refused on the form
 * ('codigoVacio'), else the trimmed code goes to the dialog's `alEnviar`.
 */
function useCodigoDosPasos() {
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enviarCon = (alEnviar: (codigo: string) => void) => (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!codigo.trim()) return setError(t.codigoVacio);
    alEnviar(codigo.trim());
  };
  return { codigo, setCodigo, error, setError, enviarCon };
}

function InscribirModal({ onClose, onActivada }: { onClose: () => void; onActivada: (codigos: string[]) => void }) {
  const { codigo, setCodigo, error, setError, enviarCon } = useCodigoDosPasos();
  const [qr, setQr] = useState<string | null>(null);
  const inscripcion = useMutation({ mutationFn: () => api.seguridad.iniciarDosPasos({}), onError: (e) => setError(mensajeDe(e, t.errorGuardar)) });
  const iniciar = inscripcion.mutate;
  useEffect(() => iniciar(), [iniciar]);
  const uri = inscripcion.data?.uri;
  useEffect(() => {
    if (!uri) return;
    // Drawn here, from the URI: the secret never goes to an outside QR service.
    void QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) =>
      setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
    );
  }, [uri]);
  const confirmar = useMutation({
    mutationFn: (c: string) => api.seguridad.confirmarDosPasos({ codigo: c, ...(inscripcion.data?.factorId ? { factorId: inscripcion.data.factorId } : {}) }),
    onSuccess: (r) => onActivada(r.codigosRecuperacion),
    onError: (e) => setError(mensajeDe(e, t.errorGuardar)),
  });
  return (
    <Modal opened onClose={onClose} title={t.dosPasosTitulo} centered size="md" closeButtonProps={{ 'aria-label': t.cerrar }}>
      <form onSubmit={enviarCon((c) => confirmar.mutate(c))} noValidate>
        <Stack gap="md">
          <AvisoError mensaje={error} conIcono={false} />
          <Text size="sm">{t.escanea}</Text>
          <Group justify="center">
            {qr ? <Image src={qr} alt={t.qrAlt} w={200} h={200} data-testid="qr-dos-pasos" /> : <Text size="sm">{t.cargando}</Text>}
          </Group>
          {inscripcion.data && (
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                {t.claveManual}
              </Text>
              <Code data-testid="clave-manual" style={{ wordBreak: 'break-all' }}>
                {inscripcion.data.secreto}
              </Code>
            </Stack>
          )}
          <TextInput
            label={t.codigoLabel}
            placeholder={t.codigoPlaceholder}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={codigo}
            onChange={(e) => setCodigo(e.currentTarget.value)}
            data-autofocus
          />
          <PieDeModal cancelar={t.cancelar} onCancelar={onClose}>
            <Button type="submit" loading={confirmar.isPending} disabled={!inscripcion.data}>
              {t.confirmar}
            </Button>
          </PieDeModal>
        </Stack>
      </form>
    </Modal>
  );
}

function DesactivarModal({ detalle, onClose, onHecho }: { detalle: string; onClose: () => void; onHecho: () => void }) {
  const { codigo, setCodigo, error, setError, enviarCon } = useCodigoDosPasos();
  const desactivar = useMutation({
    mutationFn: (c: string) => api.seguridad.desactivarDosPasos({ codigo: c }),
    onSuccess: onHecho,
    onError: (e) => setError(mensajeDe(e, t.errorGuardar)),
  });
  return (
    <Modal opened onClose={onClose} title={t.desactivarTitulo} centered closeButtonProps={{ 'aria-label': t.cerrar }}>
      <form onSubmit={enviarCon((c) => desactivar.mutate(c))} noValidate>
        <Stack gap="md">
          <AvisoError mensaje={error} conIcono={false} />
          <Text size="sm">{detalle}</Text>
          <TextInput label={t.codigoLabel} placeholder={t.codigoPlaceholder} autoComplete="one-time-code" value={codigo} onChange={(e) => setCodigo(e.currentTarget.value)} data-autofocus />
          <PieDeModal cancelar={t.cancelar} onCancelar={onClose}>
            <Button type="submit" color="red" loading={desactivar.isPending}>
              {t.desactivar}
            </Button>
          </PieDeModal>
        </Stack>
      </form>
    </Modal>
  );
}

/** The recovery codes, shown once: copy or download them before closing. */
function CodigosRecuperacion({ codigos, onClose }: { codigos: string[]; onClose: () => void }) {
  const texto = codigos.join('\n');
  return (
    <Modal opened onClose={onClose} title={t.recuperacionTitulo} centered closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t.cerrar }}>
      <Stack gap="md">
        <Text size="sm">{t.recuperacionDetalle}</Text>
        <SimpleGrid cols={2} spacing="xs" data-testid="codigos-recuperacion">
          {codigos.map((c) => (
            <Code key={c} ta="center" fz="sm">
              {c}
            </Code>
          ))}
        </SimpleGrid>
        <Group justify="space-between">
          <Group gap="xs">
            <CopyButton value={texto}>
              {({ copied, copy }) => (
                <Button variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                  {copied ? t.recuperacionCopiados : t.recuperacionCopiar}
                </Button>
              )}
            </CopyButton>
            <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => descargar(t.recuperacionArchivo, new Blob([texto + '\n'], { type: 'text/plain;charset=utf-8' }))}>
              {t.recuperacionDescargar}
            </Button>
          </Group>
          <Button onClick={onClose}>{t.recuperacionGuardados}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The agency's rule: administrators only (the SQL function refuses everyone else anyway). */
function ReglaAgencia() {
  const { operator } = useAuth();
  const queryClient = useQueryClient();
  const estado = useQuery(consultas.seguridad.estado({}));
  const cambiar = useMutation({
    mutationFn: (exigir: boolean) => api.seguridad.exigirAdmin({ exigir }),
    onSuccess: (_r, exigir) => {
      notifySuccess(t.exigirGuardado(exigir));
      void queryClient.invalidateQueries({ queryKey: clave('seguridad') });
    },
    onError: (e) => notifyError(mensajeDe(e, t.errorGuardar)),
  });
  if (operator?.rol !== 'administrador') return null;
  return (
    <TarjetaAjustes icono={<IconShieldLock size={18} />} titulo={t.exigirTitulo} detalle={t.exigirDetalle}>
      <Switch
        checked={estado.data?.exigirAdmin ?? false}
        disabled={!estado.data || cambiar.isPending}
        onChange={(e) => cambiar.mutate(e.currentTarget.checked)}
        label={t.exigirTitulo}
        data-testid="exigir-dos-pasos"
      />
    </TarjetaAjustes>
  );
}

function Sesiones() {
  const queryClient = useQueryClient();
  const lista = useQuery(consultas.seguridad.sesiones({}));
  const actualizar = () => void queryClient.invalidateQueries({ queryKey: clave('seguridad') });
  const cerrar = useAccionAvisada({
    hacer: (id: string) => api.seguridad.cerrarSesion({ id }),
    exito: t.cerrada,
    error: t.errorGuardar,
    despues: actualizar,
  });
  const cerrarOtras = useMutation({
    mutationFn: () => api.seguridad.cerrarOtras({}),
    onSuccess: (r) => {
      notifySuccess(t.cerradas(r.cerradas));
      actualizar();
    },
    onError: (e) => notifyError(mensajeDe(e, t.errorGuardar)),
  });
  const otras = (lista.data ?? []).filter((s) => !s.actual).length;
  const columnas: Array<Columna<Sesion>> = [
    { titulo: t.colDispositivo, tipo: 'texto', anchoMaximo: 260, celda: (s) => s.dispositivo },
    { titulo: t.colDireccion, tipo: 'texto', anchoMaximo: 200, celda: (s) => s.direccion ?? t.direccionDesconocida },
    {
      titulo: t.colUltimoUso,
      celda: (s) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {s.ultimoUso ? formatDateTime(s.ultimoUso) : '—'}
        </Text>
      ),
    },
    {
      titulo: t.colInicio,
      celda: (s) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {s.creada ? formatDateTime(s.creada) : '—'}
        </Text>
      ),
    },
    {
      titulo: t.colEstado,
      tipo: 'estado',
      // One badge under the other: side by side they pushed the row under the pinned Acciones column at 1360×860.
      celda: (s) => (
        <Stack gap={4} align="flex-start">
          {s.actual && (
            <Badge variant="light" color="green">
              {t.estaSesion}
            </Badge>
          )}
          {s.aal2 && (
            <Badge variant="light" color="grape">
              {t.conCodigo}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      titulo: t.colAcciones,
      tipo: 'acciones',
      celda: (s) =>
        s.actual ? null : (
          <AccionFila
            label={t.cerrarSesion}
            icon={<IconLogout size={18} />}
            color="red"
            onClick={() => cerrar.mutate(s.id)}
            aria-label={t.cerrarSesionDe(`${s.dispositivo} (${s.direccion ?? t.direccionDesconocida})`)}
          />
        ),
    },
  ];
  return (
    <Stack gap="md">
      <TarjetaAjustes icono={<IconDeviceDesktop size={18} />} titulo={t.sesionesTitulo} detalle={t.sesionesSubtitulo}
        accion={
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} />}
            disabled={otras === 0}
            loading={cerrarOtras.isPending}
            onClick={() =>
              pedirConfirmacion({
                titulo: t.cerrarOtras,
                pregunta: t.sesionesSubtitulo,
                si: t.cerrarOtras, no: t.cancelar,
                peligro: true, centrado: true,
                alConfirmar: () => cerrarOtras.mutate(),
              })
            }
         
          >
            {t.cerrarOtras}
          </Button>
        }
      >
        <AvisoDeError error={lista.error} texto={t.errorCargar} color="red" variant="light" />
      </TarjetaAjustes>
      <TablaDatos
        etiqueta={t.sesionesTabla}
        columnas={columnas}
        anchoMinimo={860}
        filas={lista.data ?? []}
        cargando={lista.isLoading}
        textoCargando={t.cargando}
        vacio={{ icono: <IconDeviceDesktop size={24} />, texto: t.sinSesiones }}
        propsFila={(s) => ({ 'data-testid': 'fila-sesion', 'data-actual': s.actual ? 'si' : 'no' })}
      />
    </Stack>
  );
}
