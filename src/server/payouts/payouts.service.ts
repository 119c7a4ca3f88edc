import { and, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PayoutDto, PayoutOverview } from '../../shared/schemas/payout'
import { receiptNote } from '../../shared/schemas/payout'
import type { Db, Tx } from '../db/client'
import { orders, payouts, vendors } from '../db/schema'
import { recordAudit } from '../lib/audit'
import { AppError, isUuid, notFound } from '../lib/errors'
import { paginate } from '../lib/paginate'
import { maskPayoutDetails } from '../lib/payout-details'
import { ownedBy, type AdminScope, type Scope, type VendorScope } from '../lib/scope'
import { notify } from '../realtime/events'

type PayoutRow = typeof payouts.$inferSelect
type Page = { page: number; pageSize: number }

/** Payouts in the caller's scope: a vendor's own, or every shop's for an admin. */
const payoutsIn = (scope: Scope) => ownedBy(payouts.vendorId, scope)

export type PayoutDecision = 'approved' | 'rejected'

const invalidAmount = () =>
  new AppError('VALIDATION', 'payouts.invalidAmount', undefined, { amount: 'payouts.invalidAmount' })

const hasNoNotes = (notes: string | null) => !notes?.trim()

/** Approved and not yet confirmed: the receipt may be confirmed once (specification §4). */
const canConfirmReceipt = (row: PayoutRow) => row.status === 'approved' && hasNoNotes(row.notes)

export function toPayoutDto(row: PayoutRow): PayoutDto {
  return {
    id: row.id,
    amount: row.amount,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    notes: row.notes,
    canConfirmReceipt: canConfirmReceipt(row),
  }
}

const money = (expression: SQL) => sql<number>`(${expression})::bigint`.mapWith(Number)

/**
 * Completed order totals minus non-rejected payouts (specification §9), in one SQL expression. Not clamped
 * at 0 (docs/decisions/006): a refund after a payout leaves a deficit, shown to the vendor as owed and
 * settled by later sales, and no payout is requested or approved while it would exceed this balance.
 */
const availableBalance = (vendorId: SQLWrapper | string) =>
  money(sql`
    coalesce((select sum(o.total_amount) from ${orders} o where o.vendor_id = ${vendorId} and o.status = 'completed'), 0)
    - coalesce((select sum(p.amount) from ${payouts} p where p.vendor_id = ${vendorId} and p.status <> 'rejected'), 0)`)

const pendingTotal = (vendorId: SQLWrapper | string) =>
  money(
    sql`coalesce((select sum(p.amount) from ${payouts} p where p.vendor_id = ${vendorId} and p.status = 'pending'), 0)`,
  )

/** Balance, pending total, payout method (masked) and one page of the history, newest request first. */
export async function getPayoutOverview(db: Db, scope: VendorScope, page: Page): Promise<PayoutOverview> {
  const where = payoutsIn(scope)
  const [[vendor], history] = await Promise.all([
    db
      .select({
        payoutMethod: vendors.payoutMethod,
        payoutDetails: vendors.payoutDetails,
        availableBalance: availableBalance(vendors.id),
        pendingTotal: pendingTotal(vendors.id),
      })
      .from(vendors)
      .where(eq(vendors.id, scope.vendorId)),
    paginate(page, {
      rows: (limit, offset) =>
        db
          .select()
          .from(payouts)
          .where(where)
          .orderBy(desc(payouts.requestedAt), desc(payouts.id))
          .limit(limit)
          .offset(offset),
      total: () => db.select({ value: count() }).from(payouts).where(where),
      toItem: toPayoutDto,
    }),
  ])
  if (!vendor) throw notFound()
  return {
    availableBalance: vendor.availableBalance,
    pendingTotal: vendor.pendingTotal,
    payoutMethod: vendor.payoutMethod,
    payoutDetails: maskPayoutDetails(vendor.payoutDetails),
    ...history,
  }
}

/** Locks the vendor row: payout requests, approvals, completions and refunds of one shop run one at a time. */
async function lockVendor(tx: Tx, vendorId: string) {
  await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendorId)).for('update')
}

/**
 * The shop's balance, read in its own statement after `lockVendor`: under READ COMMITTED it then sees every
 * payout and refund committed by whoever held the lock before us. (Computed in the locking SELECT itself,
 * the sums would come from the snapshot taken before waiting for the lock, and two requests could both pass.)
 */
async function lockedBalance(tx: Tx, vendorId: string) {
  const [current] = await tx
    .select({ balance: availableBalance(vendors.id) })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
  return current?.balance ?? 0
}

/**
 * A payout request: whole francs, at least 1 and at most the available balance. The balance is computed and
 * checked in the same transaction as the insert, with the vendor row locked, so two requests at once can
 * never overdraw (README: deliberate divergences: the specification's browser-side check did).
 */
export async function requestPayout(db: Db, scope: VendorScope, amount: number): Promise<PayoutDto> {
  return db.transaction(async (tx) => {
    await lockVendor(tx, scope.vendorId)
    const balance = await lockedBalance(tx, scope.vendorId)
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > balance) throw invalidAmount()
    const [payout] = await tx
      .insert(payouts)
      .values({ vendorId: scope.vendorId, amount, status: 'pending', requestedAt: new Date() })
      .returning()
    await notify(tx, { topic: 'payouts', vendorId: scope.vendorId, userId: scope.userId, id: payout!.id })
    return toPayoutDto(payout!)
  })
}

/** YYYY-MM-DD on the calendar of `timeZone` (Kigali by default: a vendor's "today"). */
export function calendarDate(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date)
  const part = (type: string) => parts.find((p) => p.type === type)?.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

/**
 * The vendor confirms an approved payout arrived, once: the notes get 'Vendor confirmed receipt on {date}'
 * and an audit row records it, in one transaction. Another vendor's payout is not found.
 */
export async function confirmPayoutReceipt(
  db: Db,
  scope: VendorScope,
  payoutId: string,
  options: { timeZone: string; now?: Date },
): Promise<PayoutDto> {
  if (!isUuid(payoutId)) throw notFound()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ payout: payouts })
      .from(payouts)
      .where(and(eq(payouts.id, payoutId), payoutsIn(scope)))
      .for('update')
    if (!row) throw notFound()
    // The row is locked: a second confirmation waits here and then sees the notes already set.
    if (!canConfirmReceipt(row.payout)) throw new AppError('CONFLICT', 'payouts.cannotConfirm')
    const notes = receiptNote(calendarDate(options.now ?? new Date(), options.timeZone))
    const [updated] = await tx.update(payouts).set({ notes }).where(eq(payouts.id, payoutId)).returning()
    await recordAudit(tx, {
      by: scope,
      action: 'update',
      targetTable: 'payouts',
      targetId: payoutId,
      oldValues: { notes: row.payout.notes },
      newValues: { notes },
    })
    await notify(tx, { topic: 'payouts', vendorId: row.payout.vendorId, userId: scope.userId, id: payoutId })
    return toPayoutDto(updated!)
  })
}

/**
 * An admin approves or rejects a pending payout: status, processed_at and processed_by, the audit row and
 * the announcement to the vendor, all in one transaction. A payout already decided stays as it is. An
 * approval re-checks the balance under the vendor lock (docs/decisions/006): a refund since the request can
 * have left less than the payout, and the marketplace must not pay out a refunded sale.
 */
export async function decidePayout(
  db: Db,
  admin: AdminScope,
  payoutId: string,
  status: PayoutDecision,
): Promise<PayoutDto> {
  if (!isUuid(payoutId)) throw notFound()
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ vendorId: payouts.vendorId })
      .from(payouts)
      .where(and(eq(payouts.id, payoutId), payoutsIn(admin)))
    if (!target) throw notFound()
    // Vendor first, then the payout: the order every other balance change takes its locks in.
    await lockVendor(tx, target.vendorId)
    const [row] = await tx
      .select({ payout: payouts, vendorUserId: vendors.userId })
      .from(payouts)
      .innerJoin(vendors, eq(vendors.id, payouts.vendorId))
      .where(eq(payouts.id, payoutId))
      .for('update', { of: payouts })
    if (!row) throw notFound()
    if (row.payout.status !== 'pending') throw new AppError('CONFLICT', 'payouts.notPending')
    if (status === 'approved') {
      // The balance already counts this pending payout: below 0 means it exceeds what the shop is owed.
      const balance = await lockedBalance(tx, row.payout.vendorId)
      if (balance < 0) {
        throw new AppError('CONFLICT', 'payouts.exceedsBalance', {
          amount: row.payout.amount,
          balance: balance + row.payout.amount,
        })
      }
    }
    const [updated] = await tx
      .update(payouts)
      .set({ status, processedAt: new Date(), processedBy: admin.userId })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'pending')))
      .returning()
    await recordAudit(tx, {
      by: admin,
      action: status === 'approved' ? 'approve' : 'reject',
      targetTable: 'payouts',
      targetId: payoutId,
      oldValues: { status: row.payout.status },
      newValues: { status },
      details: { previous_status: row.payout.status, new_status: status, amount: row.payout.amount },
    })
    await notify(tx, {
      topic: 'payouts',
      vendorId: row.payout.vendorId,
      userId: row.vendorUserId,
      id: payoutId,
    })
    return toPayoutDto(updated!)
  })
}
