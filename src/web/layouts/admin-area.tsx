import { RequireRole } from '../components/require-role'
import { AreaShell } from './area-shell'
import { adminNav } from './nav-items'

/** /admin/*: admins only (anyone else goes to /login), inside the shared area frame. */
export default function AdminArea() {
  return (
    <RequireRole role="admin">
      <AreaShell items={adminNav} areaLabelKey="nav.adminArea" />
    </RequireRole>
  )
}
