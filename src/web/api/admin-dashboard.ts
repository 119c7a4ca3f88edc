import { useQuery } from '@tanstack/react-query'
import type { AdminDashboard } from '../../shared/schemas/dashboard'
import { api, call, withSignal } from './client'
import { dashboardKeys } from './query-keys'

/**
 * Every realtime topic but messages invalidates the dashboards (realtime.ts): a vendor's payout request,
 * application, product or order refreshes the figures and the bell on whichever admin screen is open.
 */
const dashboardKey = dashboardKeys.named('admin')

const dashboardQuery = {
  queryKey: dashboardKey,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    call(api.admin.dashboard.$get(undefined, withSignal(signal))),
}

/** The admin dashboard's figures and the latest pending payout requests (GET /api/admin/dashboard). */
export function useAdminDashboard() {
  return useQuery(dashboardQuery)
}

const pendingPayoutsOf = (dashboard: AdminDashboard) => ({
  items: dashboard.pendingPayouts,
  total: dashboard.stats.payouts.pending,
})

/**
 * The header bell's slice of the same query (one request and one cache entry serve both): the latest pending
 * payout requests and how many are pending in all.
 */
export function usePendingPayoutRequests() {
  return useQuery({ ...dashboardQuery, select: pendingPayoutsOf })
}
