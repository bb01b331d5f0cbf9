/**
 * The pieces every sign-in form shares (login, first administrator, password change): the error above the
 * fields, the e-mail field and the password field with their icons. One place, so the forms look alike.
 */
import { Alert, PasswordInput, TextInput, type AlertProps, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { IconAlertCircle, IconLock, IconMail } from '@tabler/icons-react';

/**
 * The form's error, announced to screen readers; nothing when there is none. The dialogs of Configuración
 * (two-step sign-in, a new operator) show it without the icon.
 */
export function AvisoError({ mensaje, conIcono = true, ...alerta }: { mensaje: string | null; conIcono?: boolean } & Omit<AlertProps, 'children' | 'color' | 'variant' | 'icon' | 'role'>) {
  if (!mensaje) return null;
  return (
    <Alert {...alerta} color="red" variant="light" icon={conIcono ? <IconAlertCircle size={18} /> : undefined} role="alert">
      {mensaje}
    </Alert>
  );
}

type Campo<P> = Omit<P, 'value' | 'onChange' | 'leftSection'> & { value: string; onValue: (value: string) => void };

/** A password field with the lock icon; `onValue` receives the text. */
export function CampoContrasena({ onValue, ...props }: Campo<PasswordInputProps>) {
  return <PasswordInput leftSection={<IconLock size={16} />} onChange={(event) => onValue(event.currentTarget.value)} {...props} />;
}

/**
 * The e-mail field of a sign-in form (the browser may offer the saved user name). A text field with the
 * e-mail keyboard, not type="email": the browser strips an e-mail field's value, so blanks typed there read
 * as an empty field and the form could only disable its button, where part 1 §5 says to tell the person
 * 'Por favor, completa todos los campos.'.
 */
export function CampoEmail({ onValue, ...props }: Campo<TextInputProps>) {
  return (
    <TextInput type="text" inputMode="email" autoComplete="username" leftSection={<IconMail size={16} />} onChange={(event) => onValue(event.currentTarget.value)} {...props} />
  );
}
