import { and, eq, getTableColumns, gte, or, sql, type SQL } from 'drizzle-orm'
import type { AuditAction } from '../../shared/constants'
import type { AuditLogFilters } from '../../shared/schemas/audit'
import { DAY_MS } from '../../shared/subscription'
import { union } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { auditLogs, users } from '../db/schema'
import { countWhere, keysetRows, positionOf, sampleSize, summaryOfSample } from '../lib/paginate'
import { auditEntriesIn, type Scope } from '../lib/scope'
import { accountsNamed, isAnyOf, likePattern } from '../lib/search'

/**
 * The audit entries resource (docs/decisions/018): its columns and join, the scope filter, search, filters and
 * keyset order, read by the list, the export, the count and a record's history.
 */

/**
 * An entry's columns as the list, the history and the export read them: all but `search_text`, which only the
 * search reads, in the database.
 */
const { searchText: _searchText, ...entryColumns } = getTableColumns(auditLogs)

/** Each entry with the user who acted (none for an entry written by the system), newest first. */
export const entryRows = keysetRows(auditLogs, auditLogs.createdAt, 'entry', (db) =>
  db
    .select({
      entry: entryColumns,
      actorEmail: users.email,
      actorName: users.fullName,
      actorRole: users.role,
      position: positionOf(auditLogs.createdAt),
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.adminId))
    .$dynamic(),
)

export type EntryRow = Awaited<ReturnType<typeof entryRows.first>> & {}

/** The scope's entries the filters keep but for the search: the last `days` days, one action or all. */
function auditNarrowing(scope: Scope, filters: AuditLogFilters, now: Date): SQL | undefined {
  return and(
    auditEntriesIn(scope),
    gte(auditLogs.createdAt, new Date(now.getTime() - filters.days * DAY_MS)),
    filters.action === 'all' ? undefined : eq(auditLogs.action, filters.action),
  )
}

/**
 * The two ways an entry matches q: the acting user's name or e-mail, through their ids (so every condition is on
 * the entry itself and has its index), or the target table or id, the details (where a shop's or product's name
 * is kept) or the old or new values (an order's customer), as the one lower-cased text the search index holds
 * (schema.ts).
 */
function auditSearch(q: string): [SQL, SQL] {
  const pattern = likePattern(q)
  return [
    isAnyOf(auditLogs.adminId, accountsNamed(pattern)),
    sql`${auditLogs.searchText} like lower(${pattern})`,
  ]
}

/** The scope's entries the filters keep: the last `days` days, one action or all, and the search. */
export function auditFilter(scope: Scope, filters: AuditLogFilters, now: Date): SQL | undefined {
  return and(auditNarrowing(scope, filters, now), filters.q ? or(...auditSearch(filters.q)) : undefined)
}

/**
 * The four cards and the list's count in one statement, over the first sampleSize(cap) entries the filters keep
 * in the list's order: exact up to 10,000 entries (1,000 for a search), beyond (`summaryIsCapped`) the figures of
 * the newest ones, the same on every read, so a busy trail's 90 days cost what ten thousand entries cost.
 *
 * A search's sample is the newest of each way an entry matches, then the newest of both (a union, so an entry
 * matching both counts once): the acting accounts' entries from their index alone, which holds what the sample
 * reads (schema.ts), the text's through its trigram index. Read as one condition, the two found every match, read
 * each one's row and sorted them all: 9,405 entries for a common name in 90 days, 43 ms against 29.
 */
export async function auditSummary(db: Db, scope: Scope, filters: AuditLogFilters, now: Date, cap: number) {
  const narrowing = auditNarrowing(scope, filters, now)
  const newest = (search?: SQL) =>
    entryRows.sample(
      db
        .select({ id: auditLogs.id, time: auditLogs.createdAt, action: auditLogs.action })
        .from(auditLogs)
        .where(and(narrowing, search))
        .$dynamic(),
      cap,
    )
  const [byActor, byText] = filters.q ? auditSearch(filters.q) : []
  const sample = (
    byActor && byText
      ? union(newest(byActor), newest(byText))
          // The union's own columns: the entries' time and id.
          .orderBy(sql`created_at desc`, sql`id desc`)
          .limit(sampleSize(cap))
      : newest()
  ).as('sample')
  return summaryOfSample(db, sample, cap, 'total', {
    approvals: countWhere<AuditAction>(sample.action, 'approve'),
    updates: countWhere<AuditAction>(sample.action, 'update'),
    deletions: countWhere<AuditAction>(sample.action, 'delete'),
  })
}
