import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ReportRange } from '../../shared/schemas/report'
import { api, call, withSignal } from './client'
import { reportKeys } from './query-keys'

const query = (days: ReportRange) => ({ query: { days: String(days) } })

/**
 * The report of the last `days` Kigali days (GET /api/admin/reports). A change of the orders, shops, products or
 * payouts it counts, announced live, refreshes it (realtime.ts). While another range loads, the last one stays
 * on screen.
 */
export function useAdminReport(days: ReportRange) {
  return useQuery({
    queryKey: reportKeys.detail(String(days)),
    queryFn: ({ signal }) => call(api.admin.reports.$get(query(days), withSignal(signal))),
    placeholderData: keepPreviousData,
  })
}

/** The same report as CSV (a plain link: the session cookie goes with it). */
export const reportExportPath = (days: ReportRange) => api.admin.reports.export.$path(query(days))
