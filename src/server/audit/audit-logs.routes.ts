import { auditLogFilters, auditLogListDto, auditLogListQuery } from '../../shared/schemas/audit'
import { adminRouteGroup } from '../auth/guards'
import { createRouter } from '../lib/http'
import type { Deps } from '../deps'
import { exportAuditLogs, listAuditLogs } from './audit-logs.service'

const adminRoute = adminRouteGroup('Admin audit logs')

/** The audit trail (admin §2 "/admin/audit-logs"): every recorded change, for admins only. */
export function auditLogRoutes(deps: Deps) {
  const db = deps.database.db
  return createRouter()
    .openapi(
      ...adminRoute.list(
        '/api/admin/audit-logs',
        {
          summary:
            'Recorded changes, newest first, over the last 1, 7, 30 or 90 days (days, default 7): q (user name or e-mail, target table or id, details), action; with the total, approvals, updates and deletions of the same filters',
          query: auditLogListQuery,
        },
        [auditLogListDto, 'One page of entries'],
        (scope, query) => listAuditLogs(db, scope, query),
      ),
    )
    .openapi(
      ...adminRoute.csv(
        '/api/admin/audit-logs/export',
        {
          summary:
            'The filtered entries as CSV (UTF-8 with BOM, RFC 4180, formula-safe), newest first; the export itself is recorded',
          query: auditLogFilters,
        },
        'audit log',
        (scope, query) => exportAuditLogs(db, scope, query, { timeZone: deps.config.timeZone }),
      ),
    )
}
