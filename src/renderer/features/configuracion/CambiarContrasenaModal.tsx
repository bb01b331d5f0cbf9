import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { indicadorCoincidencia, puedeEnviarCambio, problemaCambioContrasena } from '../../../shared/areas/configuracion/rules';
import { passwordProblem, passwordStrengthText } from '../../../shared/areas/auth/rules';
import { es } from '../../../shared/i18n/es';
import { api } from '../../api/client';
import { AvisoError, CampoContrasena } from '../../components/CamposAcceso';
import { mensajeDe } from '../../lib/mensaje-error';

/** Closes itself this long after a successful change (part 3 §9). */
export const CIERRE_TRAS_EXITO_MS = 2000;

const c = es.configuracion;
const EMPTY = { actual: '', nueva: '', confirmacion: '' };

/** Change-password dialog (part 3 §2.8, §5, §8): the current password is verified by the backend. */
export function CambiarContrasenaModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const close = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setForm(EMPTY);
    setError(null);
    setSuccess(null);
    setBusy(false);
    onClose();
  };

  const edit = (field: keyof typeof EMPTY) => (value: string) => {
    // Any edit clears the messages (part 3 §4).
    setError(null);
    setSuccess(null);
    setForm((f) => ({ ...f, [field]: value }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || success) return;
    const problem = problemaCambioContrasena(form);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await api.configuracion.cambiarContrasena(form);
      setSuccess(c.exito);
      timer.current = setTimeout(close, CIERRE_TRAS_EXITO_MS);
    } catch (failure) {
      setError(mensajeDe(failure, c.errorInesperado));
    } finally {
      setBusy(false);
    }
  };

  // One of the three fields, with the dialog's own show/hide name. A function, not a component declared
  // here: a component type made anew on each render would remount the input and lose its focus.
  const campo = (nombre: keyof typeof EMPTY, label: string, actual = false) => (
    <CampoContrasena
      label={label}
      autoComplete={actual ? 'current-password' : 'new-password'}
      value={form[nombre]}
      onValue={edit(nombre)}
      visibilityToggleButtonProps={{ 'aria-label': c.mostrar }}
      disabled={busy}
      data-autofocus={actual || undefined}
    />
  );

  const match = indicadorCoincidencia(form.nueva, form.confirmacion);
  const strengthOk = form.nueva ? passwordProblem(form.nueva) === null : false;

  return (
    <Modal opened={opened} onClose={close} title={c.cambiarContrasena} centered radius="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <AvisoError mensaje={error} />
          {success && (
            <Alert color="green" variant="light" icon={<IconCheck size={18} />} role="status">
              {success}
            </Alert>
          )}
          {campo('actual', c.contrasenaActual, true)}
          <div>
            {campo('nueva', c.nuevaContrasena)}
            {form.nueva && (
              <Text size="xs" mt={6} c={strengthOk ? 'green' : 'red'} data-testid="fuerza-contrasena">
                {passwordStrengthText(form.nueva)}
              </Text>
            )}
          </div>
          <div>
            {campo('confirmacion', c.confirmarContrasena)}
            {match && (
              <Group gap={4} mt={6} c={match.coinciden ? 'green' : 'red'}>
                {match.coinciden ? <IconCircleCheck size={14} /> : <IconCircleX size={14} />}
                <Text size="xs" c="inherit">
                  {match.texto}
                </Text>
              </Group>
            )}
          </div>
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close} disabled={busy}>
              {c.cancelar}
            </Button>
            <Button type="submit" loading={busy} disabled={!puedeEnviarCambio(form) || Boolean(success)}>
              {busy ? c.cambiando : c.cambiarContrasena}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
