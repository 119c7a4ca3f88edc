import { randomUUID } from 'node:crypto'
import type { AuditLogFilters, AuditLogList } from '../../shared/schemas/audit'
import type { PageQuery } from '../../shared/schemas/pagination'
import type { Db } from '../db/client'
import { recordAudit } from './record-audit'
import { toEntry } from './history'
import { csvDateTime, csvFileName, csvLabel, type CsvCell, type CsvExport } from '../lib/csv'
import { countCapFor } from '../lib/paginate'
import type { Scope } from '../lib/scope'
import { auditFilter, auditSummary, entryRows, type EntryRow } from './audit-logs.queries'

/** One page of the scope's audit trail (only admins see entries), newest first, with the four figures of the same filters. */
export async function listAuditLogs(
  db: Db,
  scope: Scope,
  query: AuditLogFilters & PageQuery,
  now = new Date(),
): Promise<AuditLogList> {
  const where = auditFilter(scope, query, now)
  const cap = countCapFor(query.q)
  const summarised = auditSummary(db, scope, query, now, cap)
  const [page, { summary, summaryIsCapped }] = await Promise.all([
    entryRows.page(db, query, where, {
      toItem: toEntry,
      total: summarised.then(({ counted }) => counted),
      countCap: cap,
    }),
    summarised,
  ])
  return { ...page, summary, summaryIsCapped }
}

/** The header, in the reader's language. */
export const auditCsvHeader = [
  'admin.auditLogs.csv.time',
  'admin.auditLogs.csv.user',
  'admin.auditLogs.csv.role',
  'admin.auditLogs.csv.action',
  'admin.auditLogs.csv.targetTable',
  'admin.auditLogs.csv.targetId',
  'admin.auditLogs.csv.oldValues',
  'admin.auditLogs.csv.newValues',
  'admin.auditLogs.csv.details',
  'admin.auditLogs.csv.requestId',
  'admin.auditLogs.csv.ipAddress',
  'admin.auditLogs.csv.userAgent',
].map((key) => csvLabel(key))

const json = (value: Record<string, unknown> | null | undefined) => (value ? JSON.stringify(value) : '')

/**
 * The filtered trail as CSV, newest first, streamed in pages. Exporting the trail is itself an event: it is
 * recorded (who, when, with which filters) before the file is written, so the export shows in the next one.
 */
export async function exportAuditLogs(
  db: Db,
  scope: Scope,
  filters: AuditLogFilters,
  options: { timeZone: string; now?: Date; batchSize?: number },
): Promise<CsvExport> {
  const now = options.now ?? new Date()
  await recordAudit(db, {
    by: scope,
    action: 'create',
    targetTable: 'exports',
    targetId: randomUUID(),
    details: { export: 'audit_logs', q: filters.q, action: filters.action, days: filters.days },
  })
  const where = auditFilter(scope, filters, now)
  // The role, the action and the table in words (a table no key names keeps its name); the values as recorded.
  const toCsv = (row: EntryRow): CsvCell[] => [
    csvDateTime(row.entry.createdAt, options.timeZone),
    row.actorEmail ?? '',
    row.actorRole ? csvLabel(`admin.auditLogs.roles.${row.actorRole}`) : '',
    csvLabel(`admin.auditLogs.actions.${row.entry.action}`),
    csvLabel(`admin.auditLogs.tables.${row.entry.targetTable}`, { otherwise: row.entry.targetTable }),
    row.entry.targetId,
    json(row.entry.oldValues),
    json(row.entry.newValues),
    json(row.entry.details),
    row.entry.requestId,
    row.entry.ipAddress,
    row.entry.userAgent,
  ]
  async function* batches() {
    for await (const rows of entryRows.batches(db, where, options.batchSize ?? 500)) {
      yield rows.map(toCsv)
    }
  }
  return {
    fileName: csvFileName('audit-logs', now, options.timeZone),
    header: auditCsvHeader,
    batches: batches(),
  }
}
