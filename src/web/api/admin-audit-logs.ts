import type { AuditActionFilter, AuditRange } from '../../shared/schemas/audit'
import { api, call } from './client'
import { pageQuery, usePagedQuery, type PagePosition } from './queries'
import { auditLogKeys } from './query-keys'

export type AuditLogSearch = { q: string; action: AuditActionFilter; days: AuditRange }

/** One page of the audit trail with its four figures; a change announced live refreshes it (realtime.ts). */
export function useAdminAuditLogs(filters: AuditLogSearch & PagePosition) {
  const { q, action, days } = filters
  return usePagedQuery(auditLogKeys.list(filters), (options) =>
    call(
      api.admin['audit-logs'].$get(
        { query: { q, action, days: String(days), ...pageQuery(filters) } },
        options,
      ),
    ),
  )
}

/** The CSV of what the search, action and range show (a plain link: the session cookie goes with it). */
export const auditLogsExportPath = ({ q, action, days }: AuditLogSearch) =>
  api.admin['audit-logs'].export.$path({ query: { q, action, days: String(days) } })
