import { Badge, Button, Code, CopyButton, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { pedirConfirmacion } from '../../components/confirmacion';
import { IconCheck, IconCopy, IconKey, IconLockOpen, IconMailOff, IconPlus, IconShieldCheck, IconShieldOff, IconUserCheck, IconUserOff, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ROLES, type Rol } from '../../../shared/ports/operador';
import type { FilaOperador, NuevoOperador } from '../../../shared/areas/operadores/contract';
import { es } from '../../../shared/i18n/es';
import { api, clave, consultas } from '../../api/client';
import { useAuth } from '../../app/auth';
import { AccionFila } from '../../components/AccionFila';
import { TablaDatos, type Columna } from '../../components/TablaDatos';
import { notifyError, notifySuccess } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { TarjetaAjustes } from './TarjetaAjustes';
import { mensajeDe } from '../../lib/mensaje-error';
import { AvisoDeError } from '../../components/AvisoDeError';
import { PieDeModal } from '../../components/PieDeModal';
import { AvisoError } from '../../components/CamposAcceso';

const t = es.operadores;
const ts = es.seguridad;

/** A one-time password, shown once, with its copy button. */
interface Entrega {
  email: string;
  contrasena: string;
}

/** Configuración → Operadores (administrators only): the team, its roles, and who may sign in. */
export function OperadoresPanel() {
  const { operator, backend, refresh } = useAuth();
  const queryClient = useQueryClient();
  const lista = useQuery(consultas.operadores.listar({}));
  const [agregando, setAgregando] = useState(false);
  const [entrega, setEntrega] = useState<Entrega | null>(null);

  const actualizar = () => {
    void queryClient.invalidateQueries({ queryKey: clave('operadores') });
    // A change of one's own role shows at once in the header and the account block.
    void refresh();
  };
  const onError = (otro: string) => (error: unknown) => notifyError(mensajeDe(error, otro));

  const cambiarRol = useMutation({
    mutationFn: (f: { id: string; rol: Rol }) => api.operadores.cambiarRol(f),
    onSuccess: () => {
      notifySuccess(t.rolCambiado);
      actualizar();
    },
    onError: onError(t.errorCambiarRol),
  });
  const cambiarEstado = useMutation({
    mutationFn: (f: { id: string; activo: boolean }) => (f.activo ? api.operadores.reactivar({ id: f.id }) : api.operadores.desactivar({ id: f.id })),
    onSuccess: (_r, f) => {
      notifySuccess(f.activo ? t.reactivado : t.desactivado);
      actualizar();
    },
    onError: onError(t.errorCambiarEstado),
  });
  const restablecer = useMutation({
    mutationFn: (f: FilaOperador) => api.operadores.restablecerContrasena({ id: f.id! }),
    onSuccess: (r, f) => setEntrega({ email: f.email, contrasena: r.contrasena }),
    onError: onError(t.errorRestablecer),
  });
  // Another operator lost his phone: his second factor goes (seguridad_restablecer_dos_pasos decides who may).
  const restablecerDosPasos = useMutation({
    mutationFn: (f: FilaOperador) => api.seguridad.restablecerDosPasos({ operadorId: f.id! }),
    onSuccess: (_r, f) => {
      notifySuccess(ts.restablecida(f.nombre));
      void queryClient.invalidateQueries({ queryKey: clave('seguridad') });
    },
    onError: onError(ts.errorGuardar),
  });
  const cancelar = useMutation({
    mutationFn: (f: FilaOperador) => api.operadores.cancelarInvitacion({ email: f.email }),
    onSuccess: () => {
      notifySuccess(t.invitacionCancelada);
      actualizar();
    },
    onError: onError(t.errorCancelarInvitacion),
  });

  const confirmar = (titulo: string, texto: string, accion: () => void, rojo = false) =>
    pedirConfirmacion({
      titulo,
      pregunta: texto,
      si: t.confirmar, no: t.cancelar,
      peligro: rojo, centrado: true, cerrar: t.cerrar,
      alConfirmar: accion,
    });

  const acciones = (f: FilaOperador) => {
    if (f.pendiente || !f.id) {
      return (
        <AccionFila label={t.cancelarInvitacion} icon={<IconMailOff size={18} />} color="red" onClick={() => cancelar.mutate(f)} aria-label={`${t.cancelarInvitacion} ${f.email}`} />
      );
    }
    const id = f.id;
    const otroRol: Rol = f.rol === 'administrador' ? 'operador' : 'administrador';
    const textoRol = otroRol === 'administrador' ? t.hacerAdministrador : t.hacerOperador;
    return (
      <>
        <AccionFila
          label={textoRol}
          icon={otroRol === 'administrador' ? <IconShieldCheck size={18} /> : <IconShieldOff size={18} />}
          color="blue"
          onClick={() => confirmar(t.cambiarRol, `${textoRol}: ${f.nombre}`, () => cambiarRol.mutate({ id, rol: otroRol }))}
          aria-label={`${textoRol} ${f.email}`}
        />
        {backend !== 'hosted' && (
          <AccionFila
            label={t.restablecer}
            icon={<IconKey size={18} />}
            onClick={() => confirmar(t.restablecerTitulo, t.restablecerConfirmar(f.nombre), () => restablecer.mutate(f))}
            aria-label={`${t.restablecer} ${f.email}`}
          />
        )}
        {id !== operator?.id && (
          <AccionFila
            label={ts.restablecer}
            icon={<IconLockOpen size={18} />}
            color="orange"
            onClick={() =>
              pedirConfirmacion({
                titulo: ts.restablecerTitulo,
                pregunta: ts.restablecerDetalle(f.nombre),
                si: ts.restablecerConfirmar, no: t.cancelar,
                peligro: true, centrado: true, cerrar: t.cerrar,
                alConfirmar: () => restablecerDosPasos.mutate(f),
              })
            }
            aria-label={`${ts.restablecer} ${f.email}`}
          />
        )}
        {f.activo ? (
          <AccionFila
            label={t.desactivar}
            icon={<IconUserOff size={18} />}
            color="red"
            onClick={() => confirmar(t.desactivarTitulo, t.desactivarConfirmar(f.nombre), () => cambiarEstado.mutate({ id, activo: false }), true)}
            aria-label={`${t.desactivar} ${f.email}`}
          />
        ) : (
          <AccionFila
            label={t.reactivar}
            icon={<IconUserCheck size={18} />}
            color="green"
            onClick={() => confirmar(t.reactivarTitulo, t.reactivarConfirmar(f.nombre), () => cambiarEstado.mutate({ id, activo: true }))}
            aria-label={`${t.reactivar} ${f.email}`}
          />
        )}
      </>
    );
  };

  const columnas: Array<Columna<FilaOperador>> = [
    { titulo: t.columnaNombre, tipo: 'texto', anchoMaximo: 220, celda: (f) => (f.id && f.id === operator?.id ? `${f.nombre} ${t.tu}` : f.nombre) },
    { titulo: t.columnaEmail, tipo: 'texto', anchoMaximo: 240, celda: (f) => f.email },
    {
      titulo: t.columnaRol,
      tipo: 'estado',
      celda: (f) => (
        <Badge variant="light" color={f.rol === 'administrador' ? 'grape' : 'blue'}>
          {t.roles[f.rol]}
        </Badge>
      ),
    },
    {
      titulo: t.columnaUltimoAcceso,
      celda: (f) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {f.ultimoAcceso ? formatDateTime(f.ultimoAcceso) : t.nunca}
        </Text>
      ),
    },
    {
      titulo: t.columnaEstado,
      tipo: 'estado',
      celda: (f) => (
        <Badge variant="light" color={f.pendiente ? 'yellow' : f.activo ? 'green' : 'gray'} data-testid="estado-operador">
          {f.pendiente ? t.pendiente : f.activo ? t.activo : t.inactivo}
        </Badge>
      ),
    },
    {
      titulo: t.columnaAcciones,
      tipo: 'acciones',
      celda: (f) => (
        <Group gap={4} justify="center" wrap="nowrap" aria-label={t.acciones(f.nombre)}>
          {acciones(f)}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <TarjetaAjustes icono={<IconUsers size={18} />} titulo={t.titulo} detalle={t.subtitulo}
        accion={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAgregando(true)}>
            {t.agregar}
          </Button>
        }
      >
        <AvisoDeError error={lista.error} texto={t.errorListar} color="red" variant="light" />
      </TarjetaAjustes>
      <TablaDatos etiqueta={t.tabla} columnas={columnas} anchoMinimo={860} claveFila={(f) => f.id ?? `pendiente:${f.email}`}
        filas={lista.data ?? []} cargando={lista.isLoading} textoCargando={t.cargando}
        vacio={{ icono: <IconUsers size={24} />, texto: t.vacio }}
        propsFila={(f) => ({ 'data-testid': 'fila-operador', 'data-email': f.email })}
      />
      {agregando && (
        <AgregarOperadorModal
          onClose={() => setAgregando(false)}
          onAgregado={(r) => {
            setAgregando(false);
            actualizar();
            if (r.contrasena) setEntrega({ email: r.email, contrasena: r.contrasena });
            else if (r.pendiente) modals.open({ title: t.invitacionTitulo, centered: true, children: <Text size="sm">{t.invitacionAlojado(r.email)}</Text> });
            else notifySuccess(t.agregadoExistente(r.email));
          }}
        />
      )}
      <ContrasenaUnaVez entrega={entrega} onClose={() => setEntrega(null)} />
    </Stack>
  );
}

const VACIO: NuevoOperador = { nombre: '', email: '', rol: 'operador' };

function AgregarOperadorModal({ onClose, onAgregado }: { onClose: () => void; onAgregado: (r: { email: string; pendiente: boolean; contrasena: string | null }) => void }) {
  const [valores, setValores] = useState<NuevoOperador>(VACIO);
  const [error, setError] = useState<string | null>(null);
  const agregar = useMutation({
    mutationFn: (v: NuevoOperador) => api.operadores.agregar(v),
    onSuccess: onAgregado,
    onError: (e) => setError(mensajeDe(e, t.errorAgregar)),
  });
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    agregar.mutate(valores);
  };
  return (
    <Modal opened onClose={onClose} title={t.agregarTitulo} centered>
      <form onSubmit={enviar} noValidate>
        <Stack gap="md">
          <AvisoError mensaje={error} conIcono={false} />
          <TextInput label={t.nombreLabel} value={valores.nombre} onChange={(e) => setValores({ ...valores, nombre: e.currentTarget.value })} required data-autofocus />
          <TextInput label={t.emailLabel} type="email" value={valores.email} onChange={(e) => setValores({ ...valores, email: e.currentTarget.value })} required />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="rol-nuevo-operador">
              {t.rolLabel}
            </Text>
            <SegmentedControl
              aria-labelledby="rol-nuevo-operador"
              value={valores.rol}
              onChange={(v) => setValores({ ...valores, rol: v as Rol })}
              data={ROLES.map((r) => ({ value: r, label: t.roles[r] }))}
            />
            <Text size="xs" c="dimmed">
              {t.rolesDetalle[valores.rol]}
            </Text>
          </Stack>
          <PieDeModal cancelar={t.cancelar} onCancelar={onClose}>
            <Button type="submit" loading={agregar.isPending}>
              {t.guardar}
            </Button>
          </PieDeModal>
        </Stack>
      </form>
    </Modal>
  );
}

/** The one-time password: on screen until closed, never again (nothing keeps it). */
function ContrasenaUnaVez({ entrega, onClose }: { entrega: Entrega | null; onClose: () => void }) {
  return (
    <Modal opened={entrega !== null} onClose={onClose} title={t.contrasenaTitulo} centered>
      {entrega && (
        <Stack gap="md">
          <Text size="sm">{t.contrasenaAviso(entrega.email)}</Text>
          <Code block fz="xl" ta="center" style={{ letterSpacing: 2, overflowWrap: 'anywhere' }} data-testid="contrasena-un-uso">
            {entrega.contrasena}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={entrega.contrasena}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'green' : undefined} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                  {copied ? t.copiada : t.copiar}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t.cerrar}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
