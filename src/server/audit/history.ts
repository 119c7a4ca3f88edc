import { and, eq } from 'drizzle-orm'
import type { AuditLogEntry } from '../../shared/schemas/audit'
import type { Db } from '../db/client'
import { auditLogs, users } from '../db/schema'

/** An audit entry as the screens read it, with the user who acted: the log's list and one record's history. */
export const entryColumns = {
  entry: auditLogs,
  actorEmail: users.email,
  actorName: users.fullName,
  actorRole: users.role,
}
export type EntryRow = {
  entry: typeof auditLogs.$inferSelect
  actorEmail: string | null
  actorName: string | null
  actorRole: 'admin' | 'vendor' | null
}

export const actorOfEntry = eq(users.id, auditLogs.adminId)

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
  const rows = await db
    .select(entryColumns)
    .from(auditLogs)
    .leftJoin(users, actorOfEntry)
    .where(and(eq(auditLogs.targetTable, targetTable), eq(auditLogs.targetId, targetId)))
    .orderBy(auditLogs.createdAt, auditLogs.id)
  return rows.map(toEntry)
}
