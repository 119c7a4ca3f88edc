import '@mantine/notifications/styles.layer.css'
import { Notifications } from '@mantine/notifications'

/** The toasts themselves, loaded by NotificationsHost with the first one shown. */
export default function Toasts() {
  return <Notifications position="top-center" limit={3} />
}
