import type { AuditAction } from '../../shared/constants'
import type { Tx } from '../db/client'
import { auditLogs } from '../db/schema'

export type AuditEntry = {
  /** The user who acted (stored in audit_logs.admin_id; a vendor's user when a vendor acts). */
  actorId: string
  action: AuditAction
  targetTable: string
  targetId: string
  oldValues?: Record<string, unknown> | null
  newValues?: Record<string, unknown> | null
  details?: Record<string, unknown> | null
}

/**
 * Writes one audit row inside the caller's transaction (README: deliberate divergences): the change and its record commit
 * or roll back together, so the log never claims something that did not happen, nor misses what did.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLogs).values({
    adminId: entry.actorId,
    action: entry.action,
    targetTable: entry.targetTable,
    targetId: entry.targetId,
    oldValues: entry.oldValues ?? null,
    newValues: entry.newValues ?? null,
    details: entry.details ?? null,
  })
}
