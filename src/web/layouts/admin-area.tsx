import { PayoutBell } from '../admin-area/dashboard/payout-bell'
import { useRealtime } from '../api/realtime'
import { AreaShell } from './area-shell'
import { adminNav } from './nav-items'

/**
 * /admin/*, for admins only (the route says so), inside the shared area frame: every admin screen refreshes live
 * when a vendor or another admin changes something.
 */
export default function AdminArea() {
  useRealtime(true)
  return <AreaShell items={adminNav} areaLabelKey="nav.adminArea" headerActions={<PayoutBell />} />
}
