import { auditLogFilters, auditLogListDto, auditLogListQuery } from '../../shared/schemas/audit'
import { csvDownload } from '../lib/csv'
import { adminScope, adminRouteGroup } from '../auth/guards'
import { createRouter } from '../lib/http'
import type { Deps } from '../deps'
import { responds, respondsCsv } from '../lib/openapi'
import { exportAuditLogs, listAuditLogs } from './audit-logs.service'

const adminRoute = adminRouteGroup('Admin audit logs')

/** The audit trail (admin §2 "/admin/audit-logs"): every recorded change, for admins only. */
export function auditLogRoutes(deps: Deps) {
  const db = deps.database.db
  return createRouter()
    .openapi(
      adminRoute('get', '/api/admin/audit-logs', {
        summary:
          'Recorded changes, newest first, over the last 1, 7, 30 or 90 days (days, default 7): q (user name or e-mail, target table or id, details), action; with the total, approvals, updates and deletions of the same filters',
        request: { query: auditLogListQuery },
        responses: responds(auditLogListDto, 'One page of entries', 422),
      }),
      async (c) => c.json(await listAuditLogs(db, adminScope(c), c.req.valid('query')), 200),
    )
    .openapi(
      adminRoute('get', '/api/admin/audit-logs/export', {
        summary:
          'The filtered entries as CSV (UTF-8 with BOM, RFC 4180, formula-safe), newest first; the export itself is recorded',
        request: { query: auditLogFilters },
        responses: respondsCsv(422),
      }),
      async (c) =>
        csvDownload(
          c,
          await exportAuditLogs(db, adminScope(c), c.req.valid('query'), { timeZone: deps.config.timeZone }),
          'audit log',
        ),
    )
}
