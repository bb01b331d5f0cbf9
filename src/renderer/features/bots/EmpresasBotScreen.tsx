/**
 * 'Configuración de Empresas' (part 3 §2.2, §4, §5, §8): one screen design for Duda, Shopify, WordPress and
 * WhatsApp. Create/edit modal with the suggested table name (only while creating), delete (deactivate) with
 * confirmation, and 'Crear Flujo N8N' (table + workflow, POSTed from the Node side) for active companies
 * without a flow. Changing the table of a connected company, or one with messages, asks first (issue 12).
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Code,
  Group,
  List,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { pedirConfirmacion } from '../../components/confirmacion';
import {
  IconAlertCircle,
  IconCircleCheckFilled,
  IconCircleXFilled,
  IconCopy,
  IconDatabase,
  IconMessages,
  IconPencil,
  IconPlus,
  IconTopologyStar3,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, clave, consultas } from '../../api/client';
import { es } from '../../../shared/i18n/es';
import { CANALES, idCorto } from '../../../shared/areas/bots/rules';
import { normalizarNombreTabla, sqlCrearTablaMensajes, sugerirNombreTabla, validarNombreTabla, type CanalBot } from '../../../shared/domain/bot-tablas';
import { formatFechaHora } from '../../../shared/domain/dates';
import { AppError } from '../../../shared/errors';
import type { CambioTablaPendiente, EmpresaBot } from '../../../shared/areas/bots/contract';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { notifyError, notifySuccess } from '../../components/toast';
import { TablaDatos, type Columna } from '../../components/TablaDatos';
import { AccionFila } from '../../components/AccionFila';
import { ROW_INACTIVA } from '../../components/TablaColumnas';
import { mensajeDe } from '../../lib/mensaje-error';
import { PieDeModal } from '../../components/PieDeModal';
import { AvisoError } from '../../components/CamposAcceso';
import { useAccionAvisada } from '../../components/accion-avisada';

const t = es.bots;


/** The message of an AppError followed by its detail (e.g. 'Error HTTP: 500'), when it carries one. */
function conDetalle(error: unknown, fallback: string): { mensaje: string; detalle: string | null } {
  const d = AppError.is(error) ? (error.details as { detalle?: unknown } | undefined) : undefined;
  return { mensaje: mensajeDe(error, fallback), detalle: typeof d?.detalle === 'string' ? d.detalle : null };
}

/** The api refuses a table change that needs confirmation with a 'conflict' naming both tables. */
function cambioTablaPendiente(error: unknown): CambioTablaPendiente | null {
  if (!AppError.is(error) || error.code !== 'conflict') return null;
  const c = (error.details as { confirmarCambioTabla?: CambioTablaPendiente } | undefined)?.confirmarCambioTabla;
  return c && typeof c.anterior === 'string' && typeof c.nueva === 'string' ? c : null;
}

async function copiarWebhook(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    notifySuccess(t.copiado);
  } catch {
    notifyError(t.errorCopiar);
  }
}

export function EmpresasBotScreen({ canal }: { canal: CanalBot }) {
  useDocumentTitle(`${t.titulo} · ${t.canales[canal]}`);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const info = CANALES[canal];
  const [form, setForm] = useState<{ empresa: EmpresaBot | null } | null>(null);
  const [flujo, setFlujo] = useState<EmpresaBot | null>(null);
  const empresas = useQuery(consultas.bots.listarEmpresas({ canal }));
  useEffect(() => {
    if (!empresas.error) return;
    // §8: on the WhatsApp screen a failed company list is only logged.
    if (canal === 'whatsapp') console.error(t.errorCargar, empresas.error);
    else notifyError(t.errorCargar);
  }, [empresas.error, canal]);

  const refrescar = () => queryClient.invalidateQueries({ queryKey: clave('bots') });

  const eliminar = useAccionAvisada({
    hacer: (e: EmpresaBot) => api.bots.eliminarEmpresa({ canal, clave: e.clave }),
    exito: t.eliminada,
    error: t.errorEliminar,
    despues: refrescar,
  });

  const confirmarEliminar = (e: EmpresaBot) =>
    pedirConfirmacion({
      titulo: t.confirmarEliminarTitulo,
      pregunta: t.confirmarEliminar,
      si: t.eliminarSi, no: t.cancelar,
      peligro: true,
      alConfirmar: () => eliminar.mutate(e),
    });

  const columnas: Array<Columna<EmpresaBot>> = [
    {
      titulo: t.columnas.id,
      tipo: 'estado',
      celda: (e) => (
        <Text ff="monospace" size="sm" c="dimmed" title={e.uuid ?? e.clave}>
          {idCorto(e)}
        </Text>
      ),
    },
    { titulo: t.columnas.nombre, miw: 160, celda: (e) => <Text fw={600}>{e.name}</Text> },
    {
      titulo: t.columnas.tabla,
      // Long table names are cut, whole in the tooltip: the columns after them must stay in view.
      celda: (e) => (
        <Code title={e.tableSupabase} style={{ display: 'block', maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {e.tableSupabase}
        </Code>
      ),
    },
    {
      titulo: t.columnas.webhook,
      tipo: 'estado',
      celda: (e) =>
        e.webhook ? (
          <Group gap={4} wrap="nowrap">
            <Badge color="green" variant="light" radius="sm" tt="none">
              {t.conectado}
            </Badge>
            <AccionFila label={t.copiarWebhook} icon={<IconCopy size={14} />} color="gray" size="sm" aria-label={t.copiarWebhook} onClick={() => void copiarWebhook(e.webhook!)} />
          </Group>
        ) : (
          <Badge color="red" variant="light" radius="sm" tt="none">
            {t.sinConectar}
          </Badge>
        ),
    },
    { titulo: t.columnas.fecha, tipo: 'estado', celda: (e) => <Text size="sm">{e.createdAt ? formatFechaHora(e.createdAt) : t.fechaNoDisponible}</Text> },
    {
      titulo: t.columnas.estado,
      ta: 'center',
      celda: (e) => (
        <Tooltip label={e.status ? t.activa : t.inactiva}>
          <Center>
            {e.status ? (
              <IconCircleCheckFilled size={22} color="var(--mantine-color-green-6)" aria-label={t.activa} />
            ) : (
              <IconCircleXFilled size={22} color="var(--mantine-color-red-6)" aria-label={t.inactiva} />
            )}
          </Center>
        </Tooltip>
      ),
    },
    {
      titulo: t.columnas.acciones,
      tipo: 'acciones',
      celda: (e) => (
        <Group gap={6} justify="center" wrap="nowrap">
          <AccionFila label={t.editar} icon={<IconPencil size={16} />} variant="light" color="blue" aria-label={`${t.editar} ${e.name}`} onClick={() => setForm({ empresa: e })} />
          {/* §4: offered only while there is no webhook; never for a deactivated company. */}
          {!e.webhook && e.status ? (
            <AccionFila label={t.crearFlujoAccion} icon={<IconTopologyStar3 size={16} />} variant="light" color="green" aria-label={`${t.crearFlujoAccion} ${e.name}`} onClick={() => setFlujo(e)} />
          ) : null}
          <Tooltip label={t.eliminar}>
            <ActionIcon variant="light" color="red" aria-label={`${t.eliminar} ${e.name}`} disabled={!e.status} onClick={() => confirmarEliminar(e)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  const lista = empresas.data ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2}>{t.titulo}</Title>
            <Badge variant="light" size="lg" radius="sm">
              {t.canales[canal]}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            {t.descripcion[canal]}
          </Text>
        </Stack>
        <Group gap="sm">
          {info.verMensajes ? (
            <Button variant="default" leftSection={<IconMessages size={16} />} onClick={() => navigate(info.verMensajes!)}>
              {t.verMensajes}
            </Button>
          ) : null}
          <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ empresa: null })}>
            {t.nuevaEmpresa}
          </Button>
        </Group>
      </Group>

      <TablaDatos etiqueta={t.titulo} columnas={columnas} anchoMinimo={1000} claveFila={(e) => e.clave}
        filas={lista} cargando={empresas.isLoading} textoCargando={t.cargando}
        vacio={{ icono: <IconDatabase size={24} />, texto: t.vacio }}
        propsFila={(e) => ({ 'data-testid': 'fila-empresa', 'data-nombre': e.name, bg: e.status ? undefined : ROW_INACTIVA })}
      />

      {form ? <EmpresaFormModal canal={canal} empresa={form.empresa} onClose={() => setForm(null)} onSaved={() => void refrescar()} /> : null}
      {flujo ? <FlujoModal canal={canal} empresa={flujo} onClose={() => setFlujo(null)} onDone={() => void refrescar()} /> : null}
    </Stack>
  );
}

// ------------------------------------------------------------------------------------------------ form

function EmpresaFormModal({ canal, empresa, onClose, onSaved }: { canal: CanalBot; empresa: EmpresaBot | null; onClose: () => void; onSaved: () => void }) {
  const editando = empresa !== null;
  const [name, setName] = useState(empresa?.name ?? '');
  const [tabla, setTabla] = useState(empresa?.tableSupabase ?? '');
  // The suggestion fills the table only while creating, and only until the operator types in it: renaming a
  // company must never move its table (the flow keeps writing the old one).
  const [tablaPropia, setTablaPropia] = useState(editando);
  const [error, setError] = useState<string | null>(null);
  const [pendiente, setPendiente] = useState<CambioTablaPendiente | null>(null);

  const guardar = useMutation({
    mutationFn: (confirmarCambioTabla: boolean) =>
      api.bots.guardarEmpresa({ canal, ...(empresa ? { clave: empresa.clave } : {}), name, tableSupabase: tabla, ...(confirmarCambioTabla ? { confirmarCambioTabla } : {}) }),
    onSuccess: () => {
      setPendiente(null);
      notifySuccess(editando ? t.actualizada : t.creada);
      onSaved();
      onClose();
    },
    onError: (e) => {
      const cambio = cambioTablaPendiente(e);
      if (cambio) {
        setError(null);
        setPendiente(cambio);
        return;
      }
      setPendiente(null);
      const mensaje = mensajeDe(e, t.errorGuardar);
      setError(mensaje);
      notifyError(t.errorGuardar);
    },
  });

  const enviar = () => {
    if (!name.trim() || !tabla.trim()) return setError(t.camposIncompletos);
    const invalida = validarNombreTabla(tabla);
    if (invalida) return setError(invalida);
    setError(null);
    guardar.mutate(false);
  };

  return (
    <>
      <Modal opened={pendiente === null} onClose={onClose} title={<Text fw={700}>{editando ? t.editarEmpresa : t.nuevaEmpresa}</Text>} radius="lg" size="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            enviar();
          }}
          noValidate
        >
          <Stack gap="md">
            <AvisoError mensaje={error} />
            <TextInput
              label={t.nombreLabel}
              placeholder={t.nombrePlaceholder}
              value={name}
              data-autofocus
              required
              onChange={(e) => {
                const v = e.currentTarget.value;
                setName(v);
                if (!tablaPropia) setTabla(sugerirNombreTabla(v, canal));
              }}
            />
            <TextInput
              label={t.tablaLabel}
              description={editando ? t.tablaSeMantiene : t.tablaAyuda}
              placeholder={t.tablaPlaceholder[canal]}
              value={tabla}
              required
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              onChange={(e) => {
                setTabla(e.currentTarget.value);
                setTablaPropia(true);
              }}
              onBlur={() => setTabla((v) => normalizarNombreTabla(v))}
            />
            {editando && empresa.webhook ? (
              <TextInput
                label={t.webhookLabel}
                value={empresa.webhook}
                readOnly
                rightSection={
                  <ActionIcon variant="subtle" color="gray" aria-label={t.copiarWebhook} onClick={() => void copiarWebhook(empresa.webhook!)}>
                    <IconCopy size={16} />
                  </ActionIcon>
                }
              />
            ) : null}
            <PieDeModal cancelar={t.cancelar} onCancelar={onClose} cancelarDeshabilitado={guardar.isPending} mt="sm">
              <Button type="submit" disabled={guardar.isPending}>
                {guardar.isPending ? t.guardando : editando ? t.actualizar : t.crear}
              </Button>
            </PieDeModal>
          </Stack>
        </form>
      </Modal>
      {pendiente ? (
        <Modal opened onClose={() => setPendiente(null)} title={<Text fw={700}>{t.cambioTabla.titulo}</Text>} radius="lg" size="lg">
          <Stack gap="md" data-testid="confirmar-cambio-tabla">
            <Text size="sm" fw={600}>
              {t.cambioTabla.pregunta(pendiente.anterior, pendiente.nueva)}
            </Text>
            <List size="sm" spacing={4} icon={<IconAlertCircle size={16} color="var(--mantine-color-orange-6)" />}>
              <List.Item>{t.cambioTabla.lectura(pendiente.nueva)}</List.Item>
              {pendiente.mensajes ? <List.Item>{t.cambioTabla.mensajes(pendiente.anterior)}</List.Item> : null}
              {pendiente.webhook ? <List.Item>{t.cambioTabla.flujo(pendiente.anterior)}</List.Item> : null}
            </List>
            <PieDeModal cancelar={t.cancelar} onCancelar={() => setPendiente(null)} cancelarDeshabilitado={guardar.isPending}>
              <Button color="orange" onClick={() => guardar.mutate(true)} loading={guardar.isPending}>
                {t.cambioTabla.confirmar}
              </Button>
            </PieDeModal>
          </Stack>
        </Modal>
      ) : null}
    </>
  );
}

// ------------------------------------------------------------------------------------------------ flow

function FlujoModal({ canal, empresa, onClose, onDone }: { canal: CanalBot; empresa: EmpresaBot; onClose: () => void; onDone: () => void }) {
  const [fallo, setFallo] = useState<{ mensaje: string; detalle: string | null } | null>(null);
  const crear = useMutation({
    mutationFn: () => api.bots.crearFlujo({ canal, clave: empresa.clave }),
    onSuccess: (r) => {
      onDone();
      onClose();
      if (r.tablaManual) {
        const { mensaje, sql } = r.tablaManual;
        modals.open({
          title: <Text fw={700}>{t.flujo.tablaManualTitulo}</Text>,
          size: 'lg',
          radius: 'lg',
          children: (
            <Stack gap="sm">
              <Alert color="yellow" icon={<IconAlertCircle size={18} />} role="alert">
                {mensaje}
              </Alert>
              <Code block>{sql}</Code>
              <Group justify="flex-end">
                <Button
                  variant="default"
                  leftSection={<IconCopy size={16} />}
                  onClick={() =>
                    void navigator.clipboard.writeText(sql).then(
                      () => notifySuccess(t.flujo.sqlCopiado),
                      () => undefined,
                    )
                  }
                >
                  {t.flujo.copiarSql}
                </Button>
                <Button onClick={() => modals.closeAll()}>{t.flujo.entendido}</Button>
              </Group>
            </Stack>
          ),
        });
      }
      notifySuccess(t.flujo.exito);
    },
    onError: (e) => {
      // §8's message, with what the platform answered (e.g. 'Error HTTP: 500') as the detail.
      const f = conDetalle(e, t.flujo.sinConexion);
      setFallo(f);
      notifyError(f.detalle ? `${f.mensaje}\n${t.flujo.detalle(f.detalle)}` : f.mensaje);
    },
  });

  return (
    <Modal opened onClose={crear.isPending ? () => undefined : onClose} title={<Text fw={700}>{t.flujo.titulo}</Text>} radius="lg" size="lg">
      <Stack gap="md">
        {fallo ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="error-flujo">
            <Text size="sm">{fallo.mensaje}</Text>
            {fallo.detalle ? (
              <Text size="xs" c="dimmed">
                {t.flujo.detalle(fallo.detalle)}
              </Text>
            ) : null}
          </Alert>
        ) : null}
        <Text size="sm">{t.flujo.intro(empresa.name)}</Text>
        <List size="sm" spacing={4} icon={<IconCircleCheckFilled size={16} color="var(--mantine-color-green-6)" />}>
          {t.flujo.items(canal).map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t.flujo.estructura}
          </Text>
          <Code block>{sqlCrearTablaMensajes(empresa.tableSupabase)}</Code>
        </Stack>
        <PieDeModal cancelar={t.cancelar} onCancelar={onClose} cancelarDeshabilitado={crear.isPending}>
          <Button
            leftSection={<IconTopologyStar3 size={16} />}
            onClick={() => {
              setFallo(null);
              crear.mutate();
            }}
            disabled={crear.isPending}
          >
            {crear.isPending ? t.flujo.creando : t.flujo.boton}
          </Button>
        </PieDeModal>
      </Stack>
    </Modal>
  );
}
