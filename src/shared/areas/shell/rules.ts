/**
 * Notifications are derived from the data (not sample data): campaigns near or over their minute cap,
 * failed calls in the last 24 h, services in 'error'. The read state is kept per operator.
 */
export type NotificationType = 'warning' | 'info' | 'success' | 'error';

export interface AppNotification {
  /** Stable key of the fact it reports, e.g. 'campana-excedido:<id>'; read state is stored against it. */
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  /** ISO timestamp of the fact. */
  time: string;
  read: boolean;
  /** Where clicking it leads, if anywhere. */
  link?: string;
}

export function unreadCount(list: readonly AppNotification[]): number {
  return list.reduce((n, item) => n + (item.read ? 0 : 1), 0);
}
