/**
 * 'Administración de Empresas' (part 2 §2, §6, §8): table with the count of loaded companies, create/edit,
 * toggle activo, delete, and the portal credentials. The password is stored only as a bcrypt hash: it is shown
 * and copyable right after it is generated or reset; afterwards the operator resets it.
 */
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { pedirConfirmacion } from '../../components/confirmacion';
import { IconBan, IconBuilding, IconCheck, IconCopy, IconInfoCircle, IconKey, IconLink, IconPencil, IconPlus, IconTrash, IconWand } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, clave, consultas } from '../../api/client';
import { es } from '../../../shared/i18n/es';
import type { Contract, InputOf } from '../../../shared/contract';
import { enlaceAccesoEmpresa, generarContrasenaPortal, generarUsuarioPortal, type CredencialesPortal, type Empresa } from '../../../shared/areas/empresas/rules';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { notifyError, notifySuccess } from '../../components/toast';
import { confirmarEliminarEnUso, NombreConDescripcion, PieFormulario, useFormulario } from '../proyectos/comun';
import { mensajeDe } from '../../lib/mensaje-error';
import { TablaDatos, type Columna } from '../../components/TablaDatos';
import { AccionFila } from '../../components/AccionFila';
import { ROW_INACTIVA } from '../../components/TablaColumnas';
import { TituloConVolver } from '../../components/TituloConVolver';
import { useEsAdministrador } from '../../app/rol';
import { useAccionAvisada } from '../../components/accion-avisada';

const t = es.empresas;
const COPIA_MS = 2000;

const enlaceDe = (id: string) => enlaceAccesoEmpresa(window.location.origin, id);

async function copiar(texto: string, ok: string, error: string) {
  try {
    await navigator.clipboard.writeText(texto);
    notifySuccess(ok);
  } catch {
    notifyError(error);
  }
}

/** The contract's input with every field present, empty texts as '' (the api stores them as null). */
type Form = { [K in keyof InputOf<Contract['empresas']['crear']>]-?: NonNullable<InputOf<Contract['empresas']['crear']>[K]> };


function FormModal({ empresa, onClose, onCredenciales }: { empresa: Empresa | null; onClose: () => void; onCredenciales: (c: CredencialesPortal, nombre: string) => void }) {
  const queryClient = useQueryClient();
  // An operator gives a new company its first credentials; an existing company's are an administrator's to change.
  const esAdmin = useEsAdministrador();
  const credencialesFijas = empresa !== null && !esAdmin;
  const { valores: f, errores, setErrores, set } = useFormulario<Form>(() => ({
    nombre: empresa?.nombre ?? '',
    descripcion: empresa?.descripcion ?? '',
    ruc: empresa?.ruc ?? '',
    direccion: empresa?.direccion ?? '',
    telefono: empresa?.telefono ?? '',
    email: empresa?.email ?? '',
    website: empresa?.website ?? '',
    logoUrl: empresa?.logoUrl ?? '',
    activo: empresa?.activo ?? true,
    usuarioCliente: empresa?.usuarioCliente ?? '',
    contrasenaCliente: '',
  }));

  const guardar = useMutation({
    mutationFn: () => {
      const datos = { ...f, contrasenaCliente: f.contrasenaCliente };
      return empresa ? api.empresas.actualizar({ id: empresa.id, ...datos }) : api.empresas.crear(datos);
    },
    onSuccess: (r) => {
      notifySuccess(empresa ? t.actualizada : t.creada);
      void queryClient.invalidateQueries({ queryKey: clave('empresas') });
      onClose();
      if (r.credenciales) onCredenciales(r.credenciales, r.empresa.nombre);
    },
    onError: (e) => notifyError(mensajeDe(e, t.errorGuardar)),
  });

  const generar = () => {
    try {
      set('usuarioCliente', generarUsuarioPortal(f.nombre));
      set('contrasenaCliente', generarContrasenaPortal());
    } catch {
      notifyError(t.errorCredenciales);
    }
  };

  const enviar = () => {
    const e: Partial<Record<keyof Form, string>> = {};
    if (!f.nombre.trim()) e.nombre = t.nombreObligatorio;
    if (!f.usuarioCliente.trim()) e.usuarioCliente = t.usuarioObligatorio;
    if (!empresa && !f.contrasenaCliente) e.contrasenaCliente = t.contrasenaObligatoria;
    if (f.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) e.email = t.emailInvalido;
    setErrores(e);
    if (Object.keys(e).length === 0) guardar.mutate();
  };

  return (
    <Modal opened onClose={onClose} title={empresa ? t.modalEditar : t.modalNueva} size="lg" centered>
      <Stack gap="sm">
        <TextInput label={t.campoNombre} withAsterisk value={f.nombre} error={errores.nombre} onChange={(e) => set('nombre', e.currentTarget.value)} data-autofocus />
        <Textarea label={t.campoDescripcion} autosize minRows={2} value={f.descripcion} onChange={(e) => set('descripcion', e.currentTarget.value)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t.campoRuc} value={f.ruc} onChange={(e) => set('ruc', e.currentTarget.value)} />
          <TextInput label={t.campoTelefono} value={f.telefono} onChange={(e) => set('telefono', e.currentTarget.value)} />
          <TextInput label={t.campoEmail} type="email" value={f.email} error={errores.email} onChange={(e) => set('email', e.currentTarget.value)} />
          <TextInput label={t.campoWebsite} value={f.website} onChange={(e) => set('website', e.currentTarget.value)} />
        </SimpleGrid>
        <TextInput label={t.campoDireccion} value={f.direccion} onChange={(e) => set('direccion', e.currentTarget.value)} />
        <TextInput label={t.campoLogo} value={f.logoUrl} onChange={(e) => set('logoUrl', e.currentTarget.value)} />
        <Switch label={t.campoActivo} checked={f.activo} onChange={(e) => set('activo', e.currentTarget.checked)} />
        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600} size="sm">
                {t.credencialesTitulo}
              </Text>
              {credencialesFijas ? null : (
                <Button size="xs" variant="light" leftSection={<IconWand size={14} />} onClick={generar} disabled={!f.nombre.trim()}>
                  {t.generar}
                </Button>
              )}
            </Group>
            {credencialesFijas ? (
              <>
                <TextInput label={t.campoUsuario} value={f.usuarioCliente} readOnly disabled />
                <Text size="xs" c="dimmed" data-testid="credenciales-solo-admin">
                  {t.credencialesSoloAdmin}
                </Text>
              </>
            ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t.campoUsuario} withAsterisk value={f.usuarioCliente} error={errores.usuarioCliente} onChange={(e) => set('usuarioCliente', e.currentTarget.value)} />
              <PasswordInput
                label={t.campoContrasena}
                withAsterisk={!empresa}
                description={empresa ? t.contrasenaEdicionHint : t.contrasenaHint}
                value={f.contrasenaCliente}
                error={errores.contrasenaCliente}
                onChange={(e) => set('contrasenaCliente', e.currentTarget.value)}
                autoComplete="new-password"
              />
            </SimpleGrid>
            )}
          </Stack>
        </Paper>
        <PieFormulario cancelar={t.cancelar} enviar={t.guardar} onCancelar={onClose} onEnviar={enviar} ocupado={guardar.isPending} />
      </Stack>
    </Modal>
  );
}

function CredencialesModal({ datos, onClose }: { datos: { credenciales: CredencialesPortal; nombre: string }; onClose: () => void }) {
  const [copiada, setCopiada] = useState<'clave' | 'enlace' | null>(null);
  const marcar = (k: 'clave' | 'enlace') => {
    setCopiada(k);
    setTimeout(() => setCopiada(null), COPIA_MS);
  };
  const enlace = enlaceDe(datos.credenciales.empresaId);
  return (
    <Modal opened onClose={onClose} title={`${t.credencialesTitulo} · ${datos.nombre}`} centered size="md">
      <Stack gap="sm">
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={16} />}>
          {t.credencialesAviso}
        </Alert>
        <Text size="sm" c="dimmed">
          {t.campoUsuario}
        </Text>
        <Code block>{datos.credenciales.usuario}</Code>
        <Text size="sm" c="dimmed">
          {t.campoContrasena}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code block style={{ flex: 1, fontSize: 18, letterSpacing: 2 }} data-testid="contrasena-generada">
            {datos.credenciales.contrasena}
          </Code>
          <Button
            variant="light"
            color={copiada === 'clave' ? 'green' : undefined}
            leftSection={copiada === 'clave' ? <IconCheck size={16} /> : <IconCopy size={16} />}
            onClick={() => void copiar(datos.credenciales.contrasena, t.contrasenaCopiada, t.errorCopiarContrasena).then(() => marcar('clave'))}
          >
            {t.copiarContrasena}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t.enlaceAcceso}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code block style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }} data-testid="enlace-acceso">
            {enlace}
          </Code>
          <Button
            variant="light"
            color={copiada === 'enlace' ? 'green' : undefined}
            leftSection={copiada === 'enlace' ? <IconCheck size={16} /> : <IconLink size={16} />}
            onClick={() => void copiar(enlace, t.enlaceCopiado, t.errorCopiarEnlace).then(() => marcar('enlace'))}
          >
            {t.copiarEnlace}
          </Button>
        </Group>
        <Group justify="flex-end" mt="sm">
          <Button onClick={onClose}>{t.cerrar}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default function EmpresasScreen() {
  useDocumentTitle(t.titulo);
  const queryClient = useQueryClient();
  const esAdmin = useEsAdministrador();
  const [form, setForm] = useState<{ empresa: Empresa | null } | null>(null);
  const [credenciales, setCredenciales] = useState<{ credenciales: CredencialesPortal; nombre: string } | null>(null);
  const empresas = useQuery(consultas.empresas.listar({}));
  useEffect(() => {
    if (empresas.error) notifyError(t.errorCargar);
  }, [empresas.error]);
  const refrescar = () => void queryClient.invalidateQueries({ queryKey: clave('empresas') });

  const estado = useAccionAvisada({
    hacer: (e: Empresa) => api.empresas.cambiarEstado({ id: e.id, activo: !e.activo }),
    exito: t.estadoCambiado,
    error: t.errorEstado,
    despues: refrescar,
  });
  const eliminar = useMutation({
    mutationFn: (e: Empresa) => api.empresas.eliminar({ id: e.id }),
    onSuccess: () => {
      notifySuccess(t.eliminada);
      refrescar();
      // Its projects lost their company.
      void queryClient.invalidateQueries({ queryKey: clave('proyectos') });
    },
    onError: (e) => notifyError(mensajeDe(e, t.errorEliminar)),
  });
  const restablecer = useMutation({
    mutationFn: (e: Empresa) => api.empresas.restablecerContrasena({ id: e.id }),
    onSuccess: (c, e) => {
      refrescar();
      setCredenciales({ credenciales: c, nombre: e.nombre });
    },
    onError: (e) => notifyError(mensajeDe(e, t.errorCredenciales)),
  });
  const confirmarRestablecer = (e: Empresa) =>
    pedirConfirmacion({
      titulo: t.restablecerTitulo,
      pregunta: t.restablecerPregunta(e.nombre),
      si: t.restablecer, no: t.cancelar,
      alConfirmar: () => restablecer.mutate(e),
    });

  const lista = empresas.data ?? [];
  const columnas: Array<Columna<Empresa>> = [
    {
      titulo: t.colNombre,
      maw: 300,
      celda: (e) => (
        <>
          <NombreConDescripcion nombre={e.nombre} descripcion={e.descripcion} lineas={1} />
          {e.ruc ? (
            <Text size="xs" c="dimmed">
              {t.campoRuc}: {e.ruc}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      titulo: t.colContacto,
      celda: (e) => (
        <>
          <Text size="sm">{e.email ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {e.telefono ?? ''}
          </Text>
        </>
      ),
    },
    {
      titulo: t.colUsuario,
      celda: (e) => (e.usuarioCliente ? <Code>{e.usuarioCliente}</Code> : <Text size="sm" c="dimmed">{t.sinCredenciales}</Text>),
    },
    {
      titulo: t.colEstado,
      miw: 110,
      celda: (e) => (
        <Badge color={e.activo ? 'green' : 'gray'} variant="light" radius="sm">
          {e.activo ? t.activa : t.inactiva}
        </Badge>
      ),
    },
    {
      titulo: t.colAcciones,
      tipo: 'acciones',
      celda: (e) => (
        <Group gap={4} justify="center" wrap="nowrap">
          <Tooltip label={e.activo ? t.accionDesactivar : t.accionActivar}>
            <ActionIcon variant="subtle" color={e.activo ? 'orange' : 'green'} onClick={() => estado.mutate(e)} aria-label={`${e.activo ? t.accionDesactivar : t.accionActivar} ${e.nombre}`}>
              {e.activo ? <IconBan size={18} /> : <IconCheck size={18} />}
            </ActionIcon>
          </Tooltip>
          <AccionFila label={t.accionEditar} icon={<IconPencil size={18} />} onClick={() => setForm({ empresa: e })} aria-label={`${t.accionEditar} ${e.nombre}`} />
          {esAdmin ? (
            <AccionFila label={t.accionRestablecer} icon={<IconKey size={18} />} color="grape" onClick={() => confirmarRestablecer(e)} aria-label={`${t.accionRestablecer} ${e.nombre}`} />
          ) : null}
          <AccionFila label={t.accionCopiarEnlace} icon={<IconLink size={18} />} color="blue" onClick={() => void copiar(enlaceDe(e.id), t.enlaceCopiado, t.errorCopiarEnlace)} aria-label={`${t.accionCopiarEnlace} ${e.nombre}`} />
          {esAdmin ? <AccionFila label={t.accionEliminar} icon={<IconTrash size={18} />} color="red" onClick={() => confirmarEliminarEnUso(e.nombre, consultas.empresas.dependencias({ id: e.id }), () => eliminar.mutate(e))} aria-label={`${t.accionEliminar} ${e.nombre}`} /> : null}
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TituloConVolver titulo={t.titulo} subtitulo={t.subtitulo} volverA="/dashboard/proyectos" volverLabel={t.volver} />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ empresa: null })}>
          {t.botonNueva}
        </Button>
      </Group>
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={16} />} py="xs" data-testid="empresas-cargadas">
        {t.cargadas(lista.length)}
      </Alert>
      <TablaDatos etiqueta={t.titulo} columnas={columnas} anchoMinimo={900}
        filas={lista} cargando={empresas.isLoading}
        vacio={{ icono: <IconBuilding size={24} />, texto: t.vacio }}
        propsFila={(e) => ({ 'data-testid': 'fila-empresa-cliente', 'data-nombre': e.nombre, bg: e.activo ? undefined : ROW_INACTIVA })}
      />
      {form ? <FormModal empresa={form.empresa} onClose={() => setForm(null)} onCredenciales={(c, nombre) => setCredenciales({ credenciales: c, nombre })} /> : null}
      {credenciales ? <CredencialesModal datos={credenciales} onClose={() => setCredenciales(null)} /> : null}
    </Stack>
  );
}
