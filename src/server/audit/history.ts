import { and, eq } from 'drizzle-orm'
import type { AuditLogEntry } from '../../shared/schemas/audit'
import type { Db } from '../db/client'
import { auditLogs } from '../db/schema'
import { entryRows, type EntryRow } from './audit-logs.queries'

/** An audit entry as the screens read it, with the user who acted: the log's list and one record's history. */
export const toEntry = ({
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

/** One record's history, oldest first: every entry about it, with who acted (an order's details dialog). */
export async function historyOf(db: Db, targetTable: string, targetId: string): Promise<AuditLogEntry[]> {
  const rows = await entryRows
    .select(db)
    .where(and(eq(auditLogs.targetTable, targetTable), eq(auditLogs.targetId, targetId)))
    .orderBy(auditLogs.createdAt, auditLogs.id)
  return rows.map(toEntry)
}
