import { Button, Checkbox, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Campana, Cliente } from '../../../shared/areas/llamadas/contract';
import { notifyError, notifySuccess } from '../../components/toast';
import { api } from '../../api/client';
import { t } from './comun';
import { mensajeDe } from '../../lib/mensaje-error';
import { PieDeModal } from '../../components/PieDeModal';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Create/edit a client (part 1 §5): nombre, apellido, email, telefono and campaña required. */
export function ClienteModal({ cliente, campanaId, campanas, onClose, onSaved }: { cliente: Cliente | null; campanaId: number; campanas: Campana[]; onClose: () => void; onSaved: () => void }) {
  const f = t.formCliente;
  const [v, setV] = useState({
    nombre: cliente?.nombre ?? '',
    apellido: cliente?.apellido ?? '',
    email: cliente?.email ?? '',
    telefono: cliente?.telefono ?? '',
    empresa: cliente?.empresa ?? '',
    cargo: cliente?.cargo ?? '',
    campanaId: String(cliente?.campanaId ?? campanaId),
    noLlamar: cliente?.noLlamar ?? false,
  });
  const [tocado, setTocado] = useState(false);
  const set = (k: keyof typeof v) => (value: string | boolean) => setV((s) => ({ ...s, [k]: value }));

  const errores = {
    nombre: !v.nombre.trim() ? f.obligatorio : null,
    apellido: !v.apellido.trim() ? f.obligatorio : null,
    email: !v.email.trim() ? f.obligatorio : !EMAIL.test(v.email.trim()) ? f.emailInvalido : null,
    telefono: !v.telefono.trim() ? f.obligatorio : !/^\+?[\d\s().-]{5,40}$/.test(v.telefono.trim()) ? f.telefonoInvalido : null,
    campanaId: !v.campanaId ? f.obligatorio : null,
  };
  const valido = Object.values(errores).every((e) => e === null);

  const guardar = useMutation({
    mutationFn: () => {
      const input = {
        nombre: v.nombre.trim(),
        apellido: v.apellido.trim(),
        email: v.email.trim(),
        telefono: v.telefono.trim(),
        empresa: v.empresa.trim() || null,
        cargo: v.cargo.trim() || null,
        campanaId: Number(v.campanaId),
        noLlamar: v.noLlamar,
      };
      return cliente ? api.llamadas.actualizarCliente({ ...input, id: cliente.id }) : api.llamadas.crearCliente(input);
    },
    onSuccess: () => {
      notifySuccess(cliente ? t.clientes.actualizado : t.clientes.creado);
      onSaved();
      onClose();
    },
    onError: (e) => notifyError(mensajeDe(e, t.clientes.errorGuardar)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTocado(true);
    if (valido && !guardar.isPending) guardar.mutate();
  };
  const err = (k: keyof typeof errores) => (tocado ? errores[k] : null);

  return (
    <Modal opened closeButtonProps={{ 'aria-label': t.lote.cerrar }} onClose={onClose} title={cliente ? f.tituloEditar : f.tituloNuevo} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={f.nombre} value={v.nombre} onChange={(e) => set('nombre')(e.currentTarget.value)} error={err('nombre')} required maxLength={200} data-autofocus />
            <TextInput label={f.apellido} value={v.apellido} onChange={(e) => set('apellido')(e.currentTarget.value)} error={err('apellido')} required maxLength={200} />
            <TextInput label={f.email} type="email" value={v.email} onChange={(e) => set('email')(e.currentTarget.value)} error={err('email')} required maxLength={320} />
            <TextInput label={f.telefono} type="tel" value={v.telefono} onChange={(e) => set('telefono')(e.currentTarget.value)} error={err('telefono')} required maxLength={40} placeholder="+573001234567" />
            <TextInput label={f.empresa} value={v.empresa} onChange={(e) => set('empresa')(e.currentTarget.value)} maxLength={200} />
            <TextInput label={f.cargo} value={v.cargo} onChange={(e) => set('cargo')(e.currentTarget.value)} maxLength={200} />
          </SimpleGrid>
          <Select label={f.campana} data={campanas.map((c) => ({ value: String(c.id), label: c.nombre }))} value={v.campanaId} onChange={(x) => set('campanaId')(x ?? '')} error={err('campanaId')} required allowDeselect={false} comboboxProps={{ withinPortal: true }} />
          <Checkbox label={t.clientes.noLlamar} description={t.clientes.noLlamarDescripcion} checked={v.noLlamar} onChange={(e) => set('noLlamar')(e.currentTarget.checked)} />
          <PieDeModal cancelar={f.cancelar} onCancelar={onClose} mt="sm">
            <Button type="submit" loading={guardar.isPending}>
              {f.guardar}
            </Button>
          </PieDeModal>
        </Stack>
      </form>
    </Modal>
  );
}
