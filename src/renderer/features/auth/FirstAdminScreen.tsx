import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconUser } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppError } from '../../../shared/errors';
import { es } from '../../../shared/i18n/es';
import { useAuth } from '../../app/auth';
import { HOME_AFTER_LOGIN } from '../../app/route-paths';
import { AuthCard } from '../../components/AuthCard';
import { AvisoError, CampoContrasena, CampoEmail } from '../../components/CamposAcceso';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { firstAdminView, type FirstAdminValues } from './first-admin-form';
import { mensajeDe } from '../../lib/mensaje-error';

function Indicator({ ok, text, testId }: { ok: boolean; text: string; testId: string }) {
  const Icon = ok ? IconCircleCheck : IconCircleX;
  return (
    <Group gap={6} wrap="nowrap" data-testid={testId} data-ok={ok ? 'true' : 'false'} aria-live="polite">
      <Icon size={16} color={ok ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-red-6)'} />
      <Text size="xs" c={ok ? 'green.8' : 'red.7'} fw={500}>
        {text}
      </Text>
    </Group>
  );
}

/** A field for a password being chosen (the browser may offer to generate one). */
function CampoNueva(props: Omit<Parameters<typeof CampoContrasena>[0], 'autoComplete'>) {
  return <CampoContrasena autoComplete="new-password" {...props} />;
}

/** First run (no operator yet): create the administrator account, then enter the dashboard signed in. */
export default function FirstAdminScreen() {
  useDocumentTitle(es.primerAdmin.titulo);
  const { createFirstAdmin, refresh } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState<FirstAdminValues>({ nombre: '', email: '', password: '', confirmacion: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const view = firstAdminView(values, busy);

  const set = (field: keyof FirstAdminValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!view.canSubmit) return;
    setError(null);
    setBusy(true);
    try {
      await createFirstAdmin({ nombre: values.nombre.trim(), email: values.email.trim(), password: values.password });
      navigate(HOME_AFTER_LOGIN, { replace: true });
    } catch (failure) {
      setBusy(false);
      setError(mensajeDe(failure));
      // Someone else created it meanwhile: show the login.
      if (AppError.is(failure) && failure.code === 'conflict') void refresh();
    }
  };

  return (
    <AuthCard title={es.primerAdmin.titulo} subtitle={es.primerAdmin.subtitulo}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <AvisoError mensaje={error} />
          <TextInput
            label={es.primerAdmin.nombreLabel}
            placeholder={es.primerAdmin.nombrePlaceholder}
            autoComplete="name"
            leftSection={<IconUser size={16} />}
            value={values.nombre}
            onChange={(event) => set('nombre')(event.currentTarget.value)}
            disabled={busy}
            autoFocus
          />
          <CampoEmail label={es.primerAdmin.emailLabel} placeholder={es.primerAdmin.emailPlaceholder} value={values.email} onValue={set('email')} disabled={busy} />
          <Stack gap={6}>
            <CampoNueva label={es.primerAdmin.passwordLabel} placeholder={es.primerAdmin.passwordPlaceholder} value={values.password} onValue={set('password')} disabled={busy} />
            {view.strength && <Indicator ok={view.strength.valid} text={view.strength.text} testId="fuerza-contrasena" />}
          </Stack>
          <Stack gap={6}>
            <CampoNueva label={es.primerAdmin.confirmarLabel} placeholder={es.primerAdmin.confirmarPlaceholder} value={values.confirmacion} onValue={set('confirmacion')} disabled={busy} />
            {view.match && <Indicator ok={view.match.ok} text={view.match.text} testId="coincidencia-contrasena" />}
          </Stack>
          <Button type="submit" size="md" fullWidth mt="xs" disabled={!view.canSubmit}>
            {busy ? es.primerAdmin.botonOcupado : es.primerAdmin.boton}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
