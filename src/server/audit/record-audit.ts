import { eq, getTableName } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { AuditAction } from '../../shared/constants'
import type { Tx } from '../db/client'
import { auditLogs } from '../db/schema'
import type { Scope } from '../lib/scope'

export type AuditEntry = {
  /** Who acted (audit_logs.admin_id: a vendor's user when a vendor acts), and the request they acted in. */
  by: Scope
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
  await recordAudits(tx, [entry])
}

/**
 * An audit row for what Isoko did by itself, with no person acting (a provider said a payout was paid): admin_id
 * is null, and the row says which service acted.
 */
export async function recordSystemAudit(tx: Tx, entry: Omit<AuditEntry, 'by'> & { system: string }) {
  const { system, ...rest } = entry
  await tx.insert(auditLogs).values({
    ...auditRow({ ...rest, by: { role: 'admin', userId: '' } }),
    adminId: null,
    details: { ...(rest.details ?? {}), system },
  })
}

/**
 * Deletes the row of `table` the entry names, and writes the entry (its target table is the table's own name) in
 * the same transaction: a deletion leaves nothing to look at afterwards but its entry, written with it or not at all.
 */
export async function deleteAudited(
  tx: Tx,
  table: PgTable & { id: PgColumn },
  entry: Omit<AuditEntry, 'action' | 'targetTable'>,
): Promise<void> {
  await tx.delete(table).where(eq(table.id, entry.targetId))
  await recordAudit(tx, { ...entry, action: 'delete', targetTable: getTableName(table) })
}

/** Writes several audit rows in one statement, inside the caller's transaction (an import's orders). */
export async function recordAudits(tx: Tx, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return
  await tx.insert(auditLogs).values(entries.map(auditRow))
}

const auditRow = (entry: AuditEntry) => ({
  adminId: entry.by.userId,
  action: entry.action,
  targetTable: entry.targetTable,
  targetId: entry.targetId,
  oldValues: entry.oldValues ?? null,
  newValues: entry.newValues ?? null,
  details: entry.details ?? null,
  requestId: entry.by.request?.requestId ?? null,
  ipAddress: entry.by.request?.ip ?? null,
  userAgent: entry.by.request?.userAgent ?? null,
})

/**
 * Records an admin's deliberate reveal of where a shop's money goes (every other screen shows it masked), and
 * hands the destination back: the entry (who, when, which shop, and which payout when it was one) is written
 * before anyone reads the details, so no reveal goes unrecorded.
 */
export async function recordDisclosure<D extends Disclosed>(
  tx: Tx,
  by: Scope,
  destination: D,
  about: { targetId: string; payoutId?: string },
): Promise<D> {
  await recordAudit(tx, {
    by,
    action: 'create',
    targetTable: 'disclosures',
    targetId: about.targetId,
    details: {
      disclosed: 'payout_details',
      ...(about.payoutId ? { payout_id: about.payoutId } : {}),
      vendor_id: destination.vendorId,
      shop_name: destination.shopName,
      payout_method: destination.payoutMethod,
    },
  })
  return destination
}

/** What a disclosure names of the shop whose destination is shown. */
type Disclosed = { vendorId: string; shopName: string; payoutMethod: string | null }
