import { Alert, Button, Group, List, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { pedirConfirmacion } from '../../components/confirmacion';
import { IconAlertCircle, IconCheck, IconCloudUpload, IconKey, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EstadoTraslado } from '../../../shared/ports/datos';
import { es } from '../../../shared/i18n/es';
import { api, clave, consultas } from '../../api/client';
import { useAuth } from '../../app/auth';
import { notifyError, notifySuccess } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { TarjetaAjustes } from '../configuracion/TarjetaAjustes';
import { useMostrarActividad } from './actividad';
import { mensajeDe } from '../../lib/mensaje-error';
import { AvisoDeError } from '../../components/AvisoDeError';

const t = es.datos.pantallaTraslado;
const c = es.configuracion;

type PropsCampoClave = { label: string; guardada: boolean; detalle?: string; detalleGuardada: string; placeholder: string; value: string; onChange: (valor: string) => void; 'data-testid'?: string };

/**
 * A secret the move needs (anon key, connection string, service key): masked and never filled back in; when
 * one is already in the keychain the field says so and may be left empty.
 */
function CampoClave({ guardada, detalle, detalleGuardada, placeholder, onChange, ...campo }: PropsCampoClave) {
  return (
    <PasswordInput
      {...campo}
      description={guardada ? detalleGuardada : detalle}
      placeholder={guardada ? c.enmascarado : placeholder}
      leftSection={<IconKey size={16} />}
      autoComplete="off"
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/**
 * Mover a Supabase: the hosted project, its anon key (unless stored) and its database's connection string
 * (kept in the keychain only until the move ends); what will happen; start or resume; and, after a finished
 * move, deleting the embedded data from this computer when the administrator says so.
 */
export function TrasladoCard({ ocupado }: { ocupado: boolean }) {
  const estado = useQuery(consultas.datos.traslado({}));
  return (
    <TarjetaAjustes icono={<IconCloudUpload size={18} />} titulo={t.titulo} detalle={t.detalle} data-testid="traslado-supabase">
      {estado.isError ? (
        <AvisoDeError error={estado.error} color="yellow" variant="light" icon={<IconAlertCircle size={18} />} />
      ) : estado.data ? (
        <Traslado key={`${estado.data.supabaseUrl}-${estado.data.conexionGuardada}`} estado={estado.data} ocupado={ocupado} />
      ) : (
        <Paper h={160} />
      )}
    </TarjetaAjustes>
  );
}

function Traslado({ estado, ocupado }: { estado: EstadoTraslado; ocupado: boolean }) {
  const { backend } = useAuth();
  const conexion = useQuery(consultas.conexion.backend({}));
  const claveGuardada = conexion.data?.claveGuardada ?? false;
  const [url, setUrl] = useState(estado.supabaseUrl ?? '');
  const [anonKey, setAnonKey] = useState('');
  const [cadena, setCadena] = useState('');
  const [claveServicio, setClaveServicio] = useState('');
  const mostrar = useMostrarActividad();
  const queryClient = useQueryClient();

  const trasladar = useMutation({
    mutationFn: () =>
      api.datos.trasladar({
        ...(url.trim() ? { supabaseUrl: url.trim() } : {}),
        ...(anonKey.trim() ? { anonKey: anonKey.trim() } : {}),
        ...(cadena.trim() ? { conexionBase: cadena.trim() } : {}),
        ...(claveServicio.trim() ? { claveServicio: claveServicio.trim() } : {}),
      }),
    onSuccess: (actividad) => {
      // The secrets leave the page: the host keeps them in the keychain (and saved the project as Conexión does).
      setAnonKey('');
      setCadena('');
      setClaveServicio('');
      mostrar(actividad);
      void queryClient.invalidateQueries({ queryKey: clave('conexion', 'backend') });
      void queryClient.invalidateQueries({ queryKey: clave('datos', 'traslado') });
    },
    onError: (e) => notifyError(mensajeDe(e)),
  });

  // A finished move runs on hosted; only the embedded database has data to move.
  const enIntegrada = backend !== 'hosted';
  const incompleto = !url.trim() || (!anonKey.trim() && !claveGuardada) || (!cadena.trim() && !estado.conexionGuardada);
  const confirmar = () =>
    pedirConfirmacion({
      titulo: t.confirmarTitulo,
      pregunta: t.confirmar,
      si: estado.pendiente ? t.reanudar : t.confirmarBoton, no: es.datos.pantallaCopias.cancelar,
      centrado: true,
      alConfirmar: () => trasladar.mutate(),
    });

  return (
    <Stack gap="md">
      {estado.terminado && (
        <Alert color="green" variant="light" icon={<IconCheck size={18} />} data-testid="traslado-terminado">
          {t.terminado(formatDateTime(estado.terminado))}
        </Alert>
      )}
      {estado.pendiente && (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} data-testid="traslado-pendiente">
          {t.pendiente(estado.pendiente.tablasHechas, estado.pendiente.tablasTotal, formatDateTime(estado.pendiente.iniciado))}
        </Alert>
      )}
      {estado.terminado ? <DatosLocales estado={estado} /> : null}
      {enIntegrada && !estado.terminado && (
        <>
          <TextInput label={t.proyecto} description={t.proyectoDetalle} placeholder={c.supabaseUrlPlaceholder} value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
          <CampoClave label={t.clave} guardada={claveGuardada} detalleGuardada={t.claveDetalle} placeholder={c.anonKeyPlaceholder} value={anonKey} onChange={setAnonKey} />
          <CampoClave
            label={t.conexion}
            guardada={estado.conexionGuardada}
            detalle={t.conexionDetalle}
            detalleGuardada={t.conexionGuardada}
            placeholder={t.conexionPlaceholder}
            value={cadena}
            onChange={setCadena}
            data-testid="traslado-conexion"
          />
          {estado.documentos > 0 && (
            <CampoClave
              label={t.claveServicio}
              guardada={estado.claveServicioGuardada}
              detalle={t.claveServicioDetalle}
              detalleGuardada={t.claveServicioGuardada}
              placeholder={t.claveServicioPlaceholder}
              value={claveServicio}
              onChange={setClaveServicio}
              data-testid="traslado-clave-servicio"
            />
          )}
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t.queOcurre}
            </Text>
            <List size="sm" type="ordered" spacing={2}>
              {t.pasos.map((paso) => (
                <List.Item key={paso}>{paso}</List.Item>
              ))}
            </List>
          </div>
          <Group justify="flex-end">
            <Button leftSection={<IconCloudUpload size={16} />} loading={trasladar.isPending} disabled={ocupado || incompleto} onClick={confirmar}>
              {estado.pendiente ? t.reanudar : t.iniciar}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** After a finished move: the embedded data stays until the administrator deletes it here. */
function DatosLocales({ estado }: { estado: EstadoTraslado }) {
  const queryClient = useQueryClient();
  const eliminar = useMutation({
    mutationFn: () => api.datos.eliminarDatosLocales({}),
    onSuccess: () => {
      notifySuccess(t.localesEliminados);
      void queryClient.invalidateQueries({ queryKey: clave('datos', 'traslado') });
    },
    onError: (e) => notifyError(mensajeDe(e)),
  });
  if (!estado.datosLocales) {
    return (
      <Text size="sm" c="dimmed">
        {t.sinDatosLocales}
      </Text>
    );
  }
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
        {t.eliminarLocalesDetalle}
      </Text>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} />}
        loading={eliminar.isPending}
        onClick={() =>
          pedirConfirmacion({
            titulo: t.confirmarEliminarLocalesTitulo,
            pregunta: t.confirmarEliminarLocales,
            si: t.confirmarEliminarLocalesBoton, no: es.datos.pantallaCopias.cancelar,
            peligro: true, centrado: true,
            alConfirmar: () => eliminar.mutate(),
          })
        }
      >
        {t.eliminarLocales}
      </Button>
    </Group>
  );
}
