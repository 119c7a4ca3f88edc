import { Navigate } from 'react-router'
import { useMe } from '../api/account'
import { LoadingScreen } from './loading-screen'
import { paths } from '../paths'

/** `/`: admins to /admin, vendors to /vendor, anyone else to /login. */
export function RootRedirect() {
  const me = useMe()
  if (me.isPending) return <LoadingScreen />
  if (me.data?.user.role === 'admin') return <Navigate to={paths.admin.dashboard} replace />
  if (me.data?.user.role === 'vendor') return <Navigate to={paths.vendor.dashboard} replace />
  return <Navigate to={paths.login} replace />
}
