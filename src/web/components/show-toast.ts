import { notifications, type NotificationData } from '@mantine/notifications'
import { needToasts } from './notifications-host'

/**
 * Shows a toast. The one way screens do (ESLint refuses `notifications` elsewhere): it mounts the toasts, whose
 * code loads only once one is shown (NotificationsHost).
 */
export function showToast(toast: NotificationData) {
  needToasts()
  return notifications.show(toast)
}
