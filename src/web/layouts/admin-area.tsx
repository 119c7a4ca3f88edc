import { PayoutBell } from '../admin-area/dashboard/payout-bell'
import { useRealtime } from '../api/realtime'
import { RequireRole } from '../components/require-role'
import { AreaShell } from './area-shell'
import { adminNav } from './nav-items'

/** /admin/*: admins only (anyone else goes to /login), inside the shared area frame. */
export default function AdminArea() {
  return (
    <RequireRole role="admin">
      <AdminShell />
    </RequireRole>
  )
}

/** Signed in as an admin: every admin screen refreshes live when a vendor or another admin changes something. */
function AdminShell() {
  useRealtime(true)
  return <AreaShell items={adminNav} areaLabelKey="nav.adminArea" headerActions={<PayoutBell />} />
}
