import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { es } from '../../../shared/i18n/es';
import { useAuth } from '../../app/auth';
import { HOME_AFTER_LOGIN } from '../../app/route-paths';
import { AuthCard } from '../../components/AuthCard';
import { AvisoError, CampoContrasena, CampoEmail } from '../../components/CamposAcceso';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { loginErrorMessage, loginSubmitDisabled, loginValidationMessage } from './login-form';

/** Sign-in screen (part 1 §2.2, §4, §5, §8). Nothing typed here is stored in the browser. */
export default function LoginScreen() {
  const { requiereCodigo } = useAuth();
  return requiereCodigo ? <SegundoPaso /> : <PrimerPaso />;
}

/**
 * A sign-in step's submit: one attempt at a time; what was typed is checked first (its message shown, nothing
 * sent); a failure shows its Spanish message and frees the form; `enviar` answers whether the dashboard follows
 * (otherwise the screen redraws as the next step), and the form stays busy until it does.
 */
function useEnvioDePaso(validar: () => string | null, enviar: () => Promise<unknown>) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const invalid = validar();
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      if (await enviar()) navigate(HOME_AFTER_LOGIN, { replace: true });
    } catch (failure) {
      setError(loginErrorMessage(failure));
      setBusy(false);
    }
  };
  return { busy, error, onSubmit };
}

function PrimerPaso() {
  useDocumentTitle(es.login.boton);
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, onSubmit } = useEnvioDePaso(
    () => loginValidationMessage(email, password),
    // Null: the password was right and the code step follows (this screen redraws as SegundoPaso).
    () => signIn(email.trim(), password),
  );

  return (
    <AuthCard title={es.login.saludo} subtitle={es.login.subtitulo}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <AvisoError mensaje={error} />
          <CampoEmail label={es.login.emailLabel} placeholder={es.login.emailPlaceholder} value={email} onValue={setEmail} disabled={busy} size="md" autoFocus />
          <CampoContrasena
            label={es.login.passwordLabel}
            placeholder={es.login.passwordPlaceholder}
            autoComplete="current-password"
            value={password}
            onValue={setPassword}
            disabled={busy}
            size="md"
          />
          <Button type="submit" size="md" fullWidth mt="xs" disabled={loginSubmitDisabled(email, password, busy)}>
            {busy ? es.login.botonOcupado : es.login.boton}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** Sign-in's second step: the authenticator app's code, or a recovery code (issue 27). */
function SegundoPaso() {
  const t = es.seguridad;
  useDocumentTitle(t.pasoTitulo);
  const { verifyCode, signOut, backend } = useAuth();
  const [codigo, setCodigo] = useState('');
  const { busy, error, onSubmit } = useEnvioDePaso(
    () => (codigo.trim() ? null : t.codigoVacio),
    async () => {
      await verifyCode(codigo.trim());
      return true;
    },
  );

  return (
    <AuthCard title={t.pasoTitulo} subtitle={backend === 'hosted' ? t.pasoSubtituloAlojado : t.pasoSubtitulo}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <AvisoError mensaje={error} />
          <TextInput
            label={t.codigoLabel}
            placeholder={t.codigoPlaceholder}
            autoComplete="one-time-code"
            value={codigo}
            onChange={(e) => setCodigo(e.currentTarget.value)}
            disabled={busy}
            size="md"
            autoFocus
          />
          <Button type="submit" size="md" fullWidth mt="xs" disabled={busy || !codigo.trim()}>
            {busy ? t.pasoOcupado : t.pasoBoton}
          </Button>
          <Button variant="subtle" onClick={() => void signOut().catch(() => undefined)} disabled={busy}>
            {t.pasoVolver}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
