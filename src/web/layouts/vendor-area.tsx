import { useRealtime } from '../api/realtime'
import { RequireRole } from '../components/require-role'
import { AreaShell } from './area-shell'
import { vendorNav } from './nav-items'

/** /vendor/*: vendors only (anyone else goes to /login), inside the shared area frame. */
export default function VendorArea() {
  return (
    <RequireRole role="vendor">
      <VendorShell />
    </RequireRole>
  )
}

/** Signed in as a vendor: every vendor screen gets live updates (new messages, orders, payout decisions). */
function VendorShell() {
  useRealtime(true)
  return <AreaShell items={vendorNav} areaLabelKey="nav.vendorArea" />
}
