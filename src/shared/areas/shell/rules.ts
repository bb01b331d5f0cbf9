/**
 * Notifications are derived from the data (not sample data): campaigns near or over their minute cap,
 * failed calls in the last 24 h, services in 'error'. The read state is kept per operator.
 */
import type { z } from 'zod';
import type { appNotificationSchema } from './contract';

export type NotificationType = 'warning' | 'info' | 'success' | 'error';

/** One notification; its schema is the shell contract's. */
export type AppNotification = z.infer<typeof appNotificationSchema>;

export function unreadCount(list: readonly AppNotification[]): number {
  return list.reduce((n, item) => n + (item.read ? 0 : 1), 0);
}
