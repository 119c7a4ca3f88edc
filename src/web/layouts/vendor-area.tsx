import { RequireRole } from '../components/require-role'
import { AreaShell } from './area-shell'
import { vendorNav } from './nav-items'

/** /vendor/*: vendors only (anyone else goes to /login), inside the shared area frame. */
export default function VendorArea() {
  return (
    <RequireRole role="vendor">
      <AreaShell items={vendorNav} areaLabelKey="nav.vendorArea" />
    </RequireRole>
  )
}
