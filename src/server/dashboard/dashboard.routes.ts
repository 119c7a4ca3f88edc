import { adminDashboardDto, menuCountsDto } from '../../shared/schemas/dashboard'
import { adminScope, adminRouteGroup, anySignedIn, signedIn } from '../auth/guards'
import { createRouter } from '../lib/http'
import type { Deps } from '../deps'
import { responds, routeGroup } from '../lib/openapi'
import { getAdminDashboard, getMenuCounts } from './dashboard.service'

const adminRoute = adminRouteGroup('Admin dashboard')
/** Either area's menu: what the signed-in user may count, by their role (never from the request). */
const menuRoute = routeGroup({ middleware: anySignedIn, tags: ['Menu'], errors: [401] })
const menuViewer = (c: Parameters<typeof signedIn>[0]) => {
  const { userId, role } = signedIn(c)
  return { userId, role }
}

/** The admin dashboard's figures and the pending payout requests behind the header's bell; the menu's counts. */
export function dashboardRoutes(deps: Deps) {
  const db = deps.database.db
  return createRouter()
    .openapi(
      adminRoute('get', '/api/admin/dashboard', {
        summary:
          'Vendors (total, approved, pending), products (total, approved), orders (total, completed), revenue from completed orders, pending payouts (count, amount) and the latest 10 pending payout requests',
        responses: responds(adminDashboardDto, 'Dashboard'),
      }),
      async (c) => c.json(await getAdminDashboard(db, adminScope(c)), 200),
    )
    .openapi(
      menuRoute('get', '/api/menu-counts', {
        summary:
          "The counts beside the menu: the user's unread messages (an admin: the team's), and for an admin the shops and payout requests waiting for a decision",
        responses: responds(menuCountsDto, 'The counts'),
      }),
      async (c) => c.json(await getMenuCounts(db, menuViewer(c)), 200),
    )
}
