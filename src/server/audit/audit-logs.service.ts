import { randomUUID } from 'node:crypto'
import { and, count, desc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { AuditAction } from '../../shared/constants'
import { DAY_MS } from '../../shared/subscription'
import type { AuditLogFilters, AuditLogList } from '../../shared/schemas/audit'
import type { PageQuery } from '../../shared/schemas/pagination'
import type { Db } from '../db/client'
import { auditLogs, auditSearchText, users } from '../db/schema'
import { recordAudit } from './record-audit'
import { actorOfEntry, entryColumns, toEntry, type EntryRow } from './history'
import { csvDateTime, csvFileName, csvLabel, type CsvCell, type CsvExport } from '../lib/csv'
import { keysetPages, newestFirstAfter } from '../lib/keyset'
import { cappedTotal, countCapFor, listPage, positionOf, sampleSize, type Slice } from '../lib/paginate'
import type { AdminScope } from '../lib/scope'
import { isAnyOf, likePattern } from '../lib/search'

const newestFirst = [desc(auditLogs.createdAt), desc(auditLogs.id)] as const

/** Entries with the user who acted, newest first. */
const entriesNewestFirst = (db: Db, where: SQL | undefined) =>
  db
    .select(entryColumns)
    .from(auditLogs)
    .leftJoin(users, actorOfEntry)
    .where(where)
    .orderBy(...newestFirst)

/**
 * The entries the filters keep: the last `days` days, one action or all, and q in the acting user's name
 * or e-mail, the target table or id, the details (where a shop's or product's name is kept), or the old or
 * new values (an order's customer). The audit trail is the whole marketplace's: only admins reach it (the
 * routes' guard), so no scope narrows it.
 */
function auditWhere(filters: AuditLogFilters, now: Date): SQL | undefined {
  const pattern = filters.q ? likePattern(filters.q) : null
  return and(
    gte(auditLogs.createdAt, new Date(now.getTime() - filters.days * DAY_MS)),
    filters.action === 'all' ? undefined : eq(auditLogs.action, filters.action),
    pattern
      ? or(
          // The acting users through their ids, so every condition is on the entry itself and has its index.
          isAnyOf(
            auditLogs.adminId,
            new QueryBuilder()
              .select({ id: users.id })
              .from(users)
              .where(or(ilike(users.email, pattern), ilike(users.fullName, pattern))),
          ),
          // The target and the values kept, as the one text the search index holds (schema.ts).
          ilike(auditSearchText(auditLogs), pattern),
        )
      : undefined,
  )
}

/** One page of the audit trail, newest first, with the four figures of the same filters. */
export async function listAuditLogs(
  db: Db,
  _admin: AdminScope,
  query: AuditLogFilters & PageQuery,
  now = new Date(),
): Promise<AuditLogList> {
  const where = auditWhere(query, now)
  const cap = countCapFor(query.q)
  const summarised = summaryOf(db, where, cap)
  const [page, { summary, summaryIsCapped }] = await Promise.all([
    listPage(db, query, {
      time: auditLogs.createdAt,
      id: auditLogs.id,
      where,
      rows: (slice: Slice) =>
        db
          .select({ ...entryColumns, position: positionOf(auditLogs.createdAt) })
          .from(auditLogs)
          .leftJoin(users, actorOfEntry)
          .where(slice.where)
          .orderBy(...slice.orderBy)
          .limit(slice.limit)
          .offset(slice.offset),
      counted: (filter) =>
        db
          .select({ one: sql`1` })
          .from(auditLogs)
          .where(filter)
          .$dynamic(),
      idOf: (row) => row.entry.id,
      toItem: toEntry,
      total: summarised.then(({ counted }) => counted),
      countCap: cap,
    }),
    summarised,
  ])
  return { ...page, summary, summaryIsCapped }
}

/**
 * The four cards and the list's count in one statement, over at most sampleSize(cap) of the entries the filters
 * keep: exact up to 10,000 entries (1,000 for a search), lower bounds beyond (`summaryIsCapped`), so a busy
 * trail's 90 days cost what ten thousand entries cost.
 */
async function summaryOf(db: Db, where: SQL | undefined, cap: number) {
  const sample = db
    .select({ action: auditLogs.action })
    .from(auditLogs)
    .where(where)
    .limit(sampleSize(cap))
    .as('sample')
  const whereAction = (action: AuditAction) =>
    sql<number>`count(*) filter (where ${sample.action} = ${action})`.mapWith(Number)
  const [row] = await db
    .select({
      matched: count(),
      approvals: whereAction('approve'),
      updates: whereAction('update'),
      deletions: whereAction('delete'),
    })
    .from(sample)
  const { matched, ...figures } = row!
  const counted = cappedTotal(matched, cap)
  return { counted, summary: { total: counted.total, ...figures }, summaryIsCapped: counted.totalIsCapped }
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
  admin: AdminScope,
  filters: AuditLogFilters,
  options: { timeZone: string; now?: Date; batchSize?: number },
): Promise<CsvExport> {
  const now = options.now ?? new Date()
  await recordAudit(db, {
    by: admin,
    action: 'create',
    targetTable: 'exports',
    targetId: randomUUID(),
    details: { export: 'audit_logs', q: filters.q, action: filters.action, days: filters.days },
  })
  const where = auditWhere(filters, now)
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
    for await (const rows of keysetPages<EntryRow>({
      size: options.batchSize ?? 500,
      after: newestFirstAfter(auditLogs, auditLogs.createdAt, auditLogs.id),
      idOf: (row) => row.entry.id,
      page: (after, limit) => entriesNewestFirst(db, and(where, after)).limit(limit),
    })) {
      yield rows.map(toCsv)
    }
  }
  return {
    fileName: csvFileName('audit-logs', now, options.timeZone),
    header: auditCsvHeader,
    batches: batches(),
  }
}
