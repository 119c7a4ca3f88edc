import { adminDashboardDto } from '../../shared/schemas/dashboard'
import { adminScope, adminRouteGroup } from '../auth/guards'
import { createRouter } from '../lib/http'
import type { Deps } from '../deps'
import { responds } from '../lib/openapi'
import { getAdminDashboard } from './dashboard.service'

const adminRoute = adminRouteGroup('Admin dashboard')

/** The admin dashboard's figures and the pending payout requests behind the header's bell. */
export function dashboardRoutes(deps: Deps) {
  const db = deps.database.db
  return createRouter().openapi(
    adminRoute('get', '/api/admin/dashboard', {
      summary:
        'Vendors (total, approved, pending), products (total, approved), orders (total, completed), revenue from completed orders, pending payouts (count, amount) and the latest 10 pending payout requests',
      responses: responds(adminDashboardDto, 'Dashboard'),
    }),
    async (c) => c.json(await getAdminDashboard(db, adminScope(c)), 200),
  )
}
