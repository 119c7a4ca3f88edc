import { adminReportDto, reportQuery } from '../../shared/schemas/report'
import { csvDownload } from '../lib/csv'
import { adminScope, adminRouteGroup } from '../auth/guards'
import { createRouter } from '../lib/http'
import type { Deps } from '../deps'
import { responds, respondsCsv } from '../lib/openapi'
import { exportAdminReport, getAdminReport } from './reports.service'

const adminRoute = adminRouteGroup('Admin reports')

/** The marketplace's report over a range of Kigali calendar days (admin §2 "/admin/reports"), for admins only. */
export function reportRoutes(deps: Deps) {
  const db = deps.database.db
  const timeZone = deps.config.timeZone
  return createRouter()
    .openapi(
      adminRoute('get', '/api/admin/reports', {
        summary:
          'The last 7, 30, 90 or 365 calendar days (days, default 7; today included) beside the days before them: the six cards, the growth overview, orders and revenue per day, orders and vendors by status, the top 5 shops and products by revenue, the 5 newest orders and vendors; the marketplace money (commission earned net of refunds, VAT on it, plan fees, adjustments, per day beside the previous range) and what shops owe now',
        request: { query: reportQuery },
        responses: responds(adminReportDto, 'The report', 422),
      }),
      async (c) => c.json(await getAdminReport(db, adminScope(c), c.req.valid('query'), { timeZone }), 200),
    )
    .openapi(
      adminRoute('get', '/api/admin/reports/export', {
        summary:
          'The same report as CSV (UTF-8 with BOM, RFC 4180, formula-safe): the figures, the marketplace money, the days, the top shops and products; the export is recorded in the audit log',
        request: { query: reportQuery },
        responses: respondsCsv(422),
      }),
      async (c) =>
        csvDownload(
          c,
          await exportAdminReport(db, adminScope(c), c.req.valid('query'), { timeZone }),
          'report',
        ),
    )
}
