import { notifications } from '@mantine/notifications';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '../app/theme';

/** Success toast: 3 s (part 1 §9). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ message, title, color: 'green', autoClose: TOAST_SUCCESS_MS });
}

/** Error toast: 4 s (part 1 §9). */
export function notifyError(message: string, title?: string): void {
  notifications.show({ message, title, color: 'red', autoClose: TOAST_ERROR_MS });
}
