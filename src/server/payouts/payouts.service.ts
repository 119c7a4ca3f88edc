import { and, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PayoutDto, PayoutOverview } from '../../shared/schemas/payout'
import { receiptNote } from '../../shared/schemas/payout'
import type { Db } from '../db/client'
import { orders, payouts, vendors } from '../db/schema'
import { recordAudit } from '../lib/audit'
import { AppError, isUuid, notFound, vendorNotRegistered } from '../lib/errors'
import { notify } from '../realtime/events'
import { maskPayoutDetails } from '../vendors/vendors.service'

type PayoutRow = typeof payouts.$inferSelect
/** A vendor's calls are scoped by the signed-in user; the vendor id is never taken from the client. */
type Scope = { userId: string }
type Page = { page: number; pageSize: number }

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

/** Completed order totals minus non-rejected payouts, never below 0 (specification §9), in one SQL expression. */
const availableBalance = (vendorId: SQLWrapper | string) =>
  money(sql`greatest(0,
    coalesce((select sum(o.total_amount) from ${orders} o where o.vendor_id = ${vendorId} and o.status = 'completed'), 0)
    - coalesce((select sum(p.amount) from ${payouts} p where p.vendor_id = ${vendorId} and p.status <> 'rejected'), 0))`)

const pendingTotal = (vendorId: SQLWrapper | string) =>
  money(
    sql`coalesce((select sum(p.amount) from ${payouts} p where p.vendor_id = ${vendorId} and p.status = 'pending'), 0)`,
  )

/** Balance, pending total, payout method (masked) and one page of the history, newest request first. */
export async function getPayoutOverview(db: Db, scope: Scope, page: Page): Promise<PayoutOverview> {
  const [vendor] = await db
    .select({
      id: vendors.id,
      payoutMethod: vendors.payoutMethod,
      payoutDetails: vendors.payoutDetails,
      availableBalance: availableBalance(vendors.id),
      pendingTotal: pendingTotal(vendors.id),
    })
    .from(vendors)
    .where(eq(vendors.userId, scope.userId))
  if (!vendor) throw vendorNotRegistered()
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(payouts)
      .where(eq(payouts.vendorId, vendor.id))
      .orderBy(desc(payouts.requestedAt), desc(payouts.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: count() }).from(payouts).where(eq(payouts.vendorId, vendor.id)),
  ])
  return {
    availableBalance: vendor.availableBalance,
    pendingTotal: vendor.pendingTotal,
    payoutMethod: vendor.payoutMethod,
    payoutDetails: maskPayoutDetails(vendor.payoutDetails),
    items: rows.map(toPayoutDto),
    total: Number(total?.value ?? 0),
    page: page.page,
    pageSize: page.pageSize,
  }
}

/**
 * A payout request: whole francs, at least 1 and at most the available balance. The balance is computed and
 * checked in the same transaction as the insert, with the vendor row locked, so two requests at once can
 * never overdraw (README: deliberate divergences: the specification's browser-side check did).
 */
export async function requestPayout(db: Db, scope: Scope, amount: number): Promise<PayoutDto> {
  return db.transaction(async (tx) => {
    const [vendor] = await tx
      .select({ id: vendors.id })
      .from(vendors)
      .where(eq(vendors.userId, scope.userId))
      .for('update')
    if (!vendor) throw vendorNotRegistered()
    // A separate statement, after the lock is held: under READ COMMITTED it sees every payout committed by
    // the request that held the lock before us. (Computed in the locking SELECT itself, the sums would come
    // from the snapshot taken before waiting for the lock, and two requests could both pass.)
    const [current] = await tx
      .select({ balance: availableBalance(vendor.id) })
      .from(vendors)
      .where(eq(vendors.id, vendor.id))
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > (current?.balance ?? 0)) throw invalidAmount()
    const [payout] = await tx
      .insert(payouts)
      .values({ vendorId: vendor.id, amount, status: 'pending', requestedAt: new Date() })
      .returning()
    await notify(tx, { topic: 'payouts', vendorId: vendor.id, userId: scope.userId, id: payout!.id })
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
  scope: Scope,
  payoutId: string,
  options: { timeZone: string; now?: Date },
): Promise<PayoutDto> {
  if (!isUuid(payoutId)) throw notFound()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ payout: payouts })
      .from(payouts)
      .innerJoin(vendors, eq(vendors.id, payouts.vendorId))
      .where(and(eq(payouts.id, payoutId), eq(vendors.userId, scope.userId)))
      .for('update', { of: payouts })
    if (!row) throw notFound()
    // The row is locked: a second confirmation waits here and then sees the notes already set.
    if (!canConfirmReceipt(row.payout)) throw new AppError('CONFLICT', 'payouts.cannotConfirm')
    const notes = receiptNote(calendarDate(options.now ?? new Date(), options.timeZone))
    const [updated] = await tx.update(payouts).set({ notes }).where(eq(payouts.id, payoutId)).returning()
    await recordAudit(tx, {
      actorId: scope.userId,
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
 * the announcement to the vendor, all in one transaction. A payout already decided stays as it is.
 */
export async function decidePayout(
  db: Db,
  admin: { userId: string },
  payoutId: string,
  status: PayoutDecision,
): Promise<PayoutDto> {
  if (!isUuid(payoutId)) throw notFound()
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ payout: payouts, vendorUserId: vendors.userId })
      .from(payouts)
      .innerJoin(vendors, eq(vendors.id, payouts.vendorId))
      .where(eq(payouts.id, payoutId))
      .for('update', { of: payouts })
    if (!row) throw notFound()
    if (row.payout.status !== 'pending') throw new AppError('CONFLICT', 'payouts.notPending')
    const [updated] = await tx
      .update(payouts)
      .set({ status, processedAt: new Date(), processedBy: admin.userId })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'pending')))
      .returning()
    await recordAudit(tx, {
      actorId: admin.userId,
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
