import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import type { Role } from '../../shared/constants'
import { useMe } from '../api/account'
import { LoadingScreen } from './loading-screen'
import { paths } from '../paths'

/**
 * The screen-side half of the role rule (the server enforces the same rule on every endpoint):
 * no session, or another role, goes to /login.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const me = useMe()
  if (me.isPending) return <LoadingScreen />
  if (!me.data || me.data.user.role !== role) return <Navigate to={paths.login} replace />
  return <>{children}</>
}
