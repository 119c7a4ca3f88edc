import { and, eq } from 'drizzle-orm'
import {
  needsSecondAdmin,
  type AdjustmentDto,
  type AdjustmentList,
  type AdjustmentListQuery,
  type adjustmentInput,
} from '../../shared/schemas/adjustment'
import type { z } from 'zod'
import type { Db, Tx } from '../db/client'
import { ledgerAdjustments, marketplaceSettings, vendors } from '../db/schema'
import { recordAudit } from '../audit/record-audit'
import { AppError, isUuid, notFound, pgError } from '../lib/errors'
import { postLedgerEntry } from '../ledger/ledger'
import { pick } from '../lib/pick'
import { lockInScope, vendorsIn, type AdminScope } from '../lib/scope'
import { mailDecision } from '../mail/decision-mail'
import { notify } from '../realtime/events'
import { adjustmentFilter, adjustmentRows, adjustmentsIn, type AdjustmentRow } from './adjustments.queries'

type AdjustmentRecord = typeof ledgerAdjustments.$inferSelect
type Shop = { id: string; userId: string; shopName: string }

/** The threshold when the settings row is missing (migration 0020 inserts it): the column's default. */
const DEFAULT_APPROVAL_ABOVE = 100_000

/** Decided already (posted or rejected): a second decision changes nothing. */
const notPending = () => new AppError('CONFLICT', 'adjustments.notPending')

/** Two people: the admin who asked for an adjustment may not approve or reject it. */
const ownRequest = () => new AppError('FORBIDDEN', 'adjustments.ownRequest')

function toAdjustmentDto(row: AdjustmentRow, viewer: AdminScope): AdjustmentDto {
  const { adjustment } = row
  return {
    ...pick(adjustment, ['id', 'vendorId', 'amount', 'reason', 'status']),
    shopName: row.shopName,
    requestedBy: row.requester,
    requestedAt: adjustment.createdAt.toISOString(),
    decidedBy: row.decider?.id ? row.decider : null,
    decidedAt: adjustment.decidedAt?.toISOString() ?? null,
    isOwnRequest: adjustment.requestedBy === viewer.userId,
  }
}

/** The adjustment size above which a second admin must approve (RWF, either way). */
async function approvalAbove(db: Tx): Promise<number> {
  const [settings] = await db
    .select({ above: marketplaceSettings.adjustmentApprovalAbove })
    .from(marketplaceSettings)
    .where(eq(marketplaceSettings.id, 1))
  return settings?.above ?? DEFAULT_APPROVAL_ABOVE
}

/**
 * Locks the shop's row (as payouts.service.ts does): every change of one shop's balance (payouts, refunds,
 * adjustments) runs one at a time, and the vendor row is the first lock each takes. Outside the scope, or no
 * shop: not found.
 */
const lockShop = (tx: Tx, admin: AdminScope, vendorId: string): Promise<Shop> =>
  lockInScope(tx, vendors, vendorId, vendorsIn(admin))

/**
 * Posts an adjustment as one balanced entry: the shop's account moves by the amount (credited when positive),
 * the marketplace's adjustments account the other way. Then the shop is told: its screens refresh, and its owner
 * is mailed in their language with the amount and the reason.
 */
async function postAdjustment(tx: Tx, adjustment: AdjustmentRecord, shop: Shop, publicUrl: string) {
  const { id, vendorId, amount, reason } = adjustment
  const entryId = await postLedgerEntry(tx, {
    kind: 'adjustment',
    vendorId,
    adjustmentId: id,
    memo: { reason },
    lines: [
      { account: 'vendor_payable', kind: 'adjustment', amount, vendorId },
      { account: 'adjustments', kind: 'adjustment', amount: -amount, vendorId },
    ],
  })
  await notify(tx, { topic: 'payouts', vendorId, userId: shop.userId, id })
  await mailDecision(tx, {
    userId: shop.userId,
    publicUrl,
    decision: { kind: 'adjustmentPosted', amount, reason },
  })
  return entryId
}

/** The adjustment as the list shows it, read in the caller's transaction (after a change). */
async function readAdjustment(tx: Tx, admin: AdminScope, id: string): Promise<AdjustmentDto> {
  const row = await adjustmentRows.first(tx, and(eq(ledgerAdjustments.id, id), adjustmentsIn(admin)))
  if (!row) throw notFound()
  return toAdjustmentDto(row, admin)
}

/**
 * An admin credits (positive amount) or debits (negative) a shop, with the reason. Up to the operator's threshold
 * it posts at once, in this transaction; above it, it waits (pending) for a second admin. Either way it is
 * audited with the request, and nothing is written when any part is refused.
 */
export async function createAdjustment(
  db: Db,
  admin: AdminScope,
  vendorId: string,
  input: z.output<typeof adjustmentInput>,
  publicUrl: string,
): Promise<AdjustmentDto> {
  const { amount, reason } = input
  return db.transaction(async (tx) => {
    const shop = await lockShop(tx, admin, vendorId)
    const above = await approvalAbove(tx)
    const postsNow = !needsSecondAdmin(amount, above)
    const [adjustment] = await tx
      .insert(ledgerAdjustments)
      .values({
        vendorId: shop.id,
        amount,
        reason,
        status: postsNow ? 'posted' : 'pending',
        requestedBy: admin.userId,
        // Posted at once: no second admin decided it (decided_by stays null), it posted now.
        decidedAt: postsNow ? new Date() : null,
      })
      .returning()
    const entryId = postsNow ? await postAdjustment(tx, adjustment!, shop, publicUrl) : null
    // Waiting: the other admins' lists of pending adjustments refresh (the shop's balance has not moved).
    if (!postsNow) await notify(tx, { topic: 'payouts', id: adjustment!.id })
    await recordAudit(tx, {
      by: admin,
      action: 'create',
      targetTable: 'ledger_adjustments',
      targetId: adjustment!.id,
      newValues: { vendor_id: shop.id, amount, reason, status: adjustment!.status },
      details: {
        shop_name: shop.shopName,
        approval_above: above,
        ...(entryId ? { ledger_entry_id: entryId } : {}),
      },
    })
    return readAdjustment(tx, admin, adjustment!.id)
  })
}

/** One page of adjustments, newest first, with the threshold a new one is held to. */
export async function listAdjustments(
  db: Db,
  admin: AdminScope,
  query: AdjustmentListQuery,
): Promise<AdjustmentList> {
  const [page, above] = await Promise.all([
    adjustmentRows.page(db, query, adjustmentFilter(admin, query), {
      toItem: (row) => toAdjustmentDto(row, admin),
    }),
    approvalAbove(db),
  ])
  return { ...page, approvalAbove: above }
}

export type AdjustmentDecision = 'approve' | 'reject'

/**
 * A second admin approves (the adjustment posts, in this transaction) or rejects a pending adjustment. The shop's
 * row is locked first, then the adjustment's: a decision waiting on another sees it decided and is refused, so
 * twenty approvals at once post one entry. The admin who asked for it is refused (and the database's
 * ledger_adjustments_second_admin check refuses it too, should a code path forget). Audited.
 */
export async function decideAdjustment(
  db: Db,
  admin: AdminScope,
  adjustmentId: string,
  decision: AdjustmentDecision,
  publicUrl: string,
): Promise<AdjustmentDto> {
  if (!isUuid(adjustmentId)) throw notFound()
  try {
    return await db.transaction(async (tx) => {
      const [target] = await tx
        .select({ vendorId: ledgerAdjustments.vendorId })
        .from(ledgerAdjustments)
        .where(and(eq(ledgerAdjustments.id, adjustmentId), adjustmentsIn(admin)))
      if (!target) throw notFound()
      // Shop first, then the adjustment: the order every other balance change takes its locks in.
      const shop = await lockShop(tx, admin, target.vendorId)
      const [adjustment] = await tx
        .select()
        .from(ledgerAdjustments)
        .where(eq(ledgerAdjustments.id, adjustmentId))
        .for('update')
      if (!adjustment) throw notFound()
      if (adjustment.status !== 'pending') throw notPending()
      if (adjustment.requestedBy === admin.userId) throw ownRequest()
      const status = decision === 'approve' ? 'posted' : 'rejected'
      const [decided] = await tx
        .update(ledgerAdjustments)
        .set({ status, decidedBy: admin.userId, decidedAt: new Date() })
        .where(and(eq(ledgerAdjustments.id, adjustmentId), eq(ledgerAdjustments.status, 'pending')))
        .returning()
      if (!decided) throw notPending()
      const entryId = status === 'posted' ? await postAdjustment(tx, decided, shop, publicUrl) : null
      if (status === 'rejected') await notify(tx, { topic: 'payouts', id: adjustmentId })
      await recordAudit(tx, {
        by: admin,
        action: decision,
        targetTable: 'ledger_adjustments',
        targetId: adjustmentId,
        oldValues: { status: adjustment.status },
        newValues: { status },
        details: {
          vendor_id: shop.id,
          shop_name: shop.shopName,
          amount: adjustment.amount,
          reason: adjustment.reason,
          requested_by: adjustment.requestedBy,
          ...(entryId ? { ledger_entry_id: entryId } : {}),
        },
      })
      return readAdjustment(tx, admin, adjustmentId)
    })
  } catch (error) {
    const pg = pgError(error)
    if (pg?.code === '23514' && pg.constraint === 'ledger_adjustments_second_admin') throw ownRequest()
    throw error
  }
}
