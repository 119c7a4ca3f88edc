import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { AuditLogEntry, AuditLogFilters, AuditLogList } from '../../shared/schemas/audit'
import type { PageQuery } from '../../shared/schemas/pagination'
import type { Db } from '../db/client'
import { auditLogs } from '../db/schema'
import { recordAudit } from '../lib/audit'
import { csvDateTime, csvFileName, type CsvExport, type CsvValue } from '../lib/csv'
import { countCapFor } from '../lib/paginate'
import type { Scope } from '../lib/scope'
import { auditFilter, auditSummary, entryRows, type EntryRow } from './audit-logs.queries'

const toEntry = ({
  entry: { adminId, createdAt, ...entry },
  actorEmail,
  actorName,
  actorRole,
}: EntryRow): AuditLogEntry => ({
  ...entry,
  createdAt: createdAt.toISOString(),
  actor:
    adminId && actorEmail !== null
      ? { id: adminId, email: actorEmail, fullName: actorName ?? '', role: actorRole ?? 'vendor' }
      : null,
})

/** One page of the scope's audit trail (only admins see entries), newest first, with the four figures of the same filters. */
export async function listAuditLogs(
  db: Db,
  scope: Scope,
  query: AuditLogFilters & PageQuery,
  now = new Date(),
): Promise<AuditLogList> {
  const where = auditFilter(scope, query, now)
  const cap = countCapFor(query.q)
  const summarised = auditSummary(db, where, cap)
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

/** One record's history, oldest first: every entry about it, with who acted (an order's details dialog). */
export async function historyOf(db: Db, targetTable: string, targetId: string): Promise<AuditLogEntry[]> {
  const rows = await entryRows
    .select(db)
    .where(and(eq(auditLogs.targetTable, targetTable), eq(auditLogs.targetId, targetId)))
    .orderBy(auditLogs.createdAt, auditLogs.id)
  return rows.map(toEntry)
}

export const auditCsvHeader = [
  'Time',
  'User',
  'Role',
  'Action',
  'Target table',
  'Target id',
  'Old values',
  'New values',
  'Details',
  'Request id',
  'IP address',
  'User agent',
] as const

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
  const toCsv = (row: EntryRow): CsvValue[] => [
    csvDateTime(row.entry.createdAt, options.timeZone),
    row.actorEmail ?? '',
    row.actorRole ?? '',
    row.entry.action,
    row.entry.targetTable,
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
