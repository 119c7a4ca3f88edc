import { and, eq, ilike, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { AdminPayoutFilters } from '../../shared/schemas/payout'
import type { Db } from '../db/client'
import { ledgerBalances, ledgerLines, payouts, users, vendorTotals, vendors } from '../db/schema'
import { ownerOfShop } from '../db/joins'
import { withinDays } from '../lib/calendar'
import { keysetRows, positionOf } from '../lib/paginate'
import { payoutsIn, totalsIn, type Scope } from '../lib/scope'
import { idStartsWith, isAnyOf, likePattern, money } from '../lib/search'

/**
 * The payouts resource (docs/decisions/018): its columns and joins, the scope filter, search, filters and keyset
 * order, read by the vendor's history and the admin's list, details and export alike.
 */

/**
 * What the shop may be paid now (docs/decisions/021): its balance in the ledger (its completed sales, less
 * commission, VAT on commission, refunds, payouts requested or paid, with adjustments), less what is still held
 * (sales not yet available: the few lines whose available_at is ahead). One row and an index range, however many
 * orders the shop has. With no commission and no hold it is the specification's completed order totals minus
 * non-rejected payouts (§9). Not clamped at 0 (docs/decisions/006): a refund after a payout leaves the shop owing,
 * settled by later sales, and no payout is requested or approved while it would exceed this balance.
 */
export const availableBalance = (vendorId: SQLWrapper | string) =>
  money(sql`(${ledgerBalance(vendorId)} - ${heldBalance(vendorId)})`)

/** The shop's balance in the ledger, held sales included. */
export const ledgerBalance = (vendorId: SQLWrapper | string) =>
  money(sql`coalesce((select b.balance from ${ledgerBalances} b
    where b.account = 'vendor_payable' and b.owner = ${vendorId}), 0)`)

/** The part of the shop's balance not yet available (sales within the operator's hold). */
export const heldBalance = (vendorId: SQLWrapper | string) =>
  money(sql`coalesce((select sum(l.amount) from ${ledgerLines} l
    where l.account = 'vendor_payable' and l.vendor_id = ${vendorId} and l.available_at > now()), 0)`)

/** When the next held money becomes available (null: nothing is held). One entry of ledger_lines_held_idx. */
export const nextAvailableAt = (vendorId: SQLWrapper | string) =>
  // Nested: a single-table query writes a top-level fragment's columns without their table (l.id would be taken).
  sql`${sql`(select min(l.available_at) from ${ledgerLines} l
    where l.account = 'vendor_payable' and l.vendor_id = ${vendorId} and l.available_at > now())`}`.mapWith(
    ledgerLines.availableAt,
  )

export const pendingTotal = (vendorId: SQLWrapper | string) =>
  money(
    sql`coalesce((select t.payouts_pending_amount from ${vendorTotals} t where t.vendor_id = ${vendorId}), 0)`,
  )

/**
 * Each payout with its shop, the shop's owner and the shop's balance net of refunds (decisions/006), newest
 * request first.
 */
export const payoutRows = keysetRows(payouts, payouts.requestedAt, 'payout', (db) =>
  db
    .select({
      payout: payouts,
      shopName: vendors.shopName,
      payoutMethod: vendors.payoutMethod,
      payoutDetails: vendors.payoutDetails,
      ownerName: users.fullName,
      ownerEmail: users.email,
      vendorBalance: availableBalance(vendors.id),
      position: positionOf(payouts.requestedAt),
    })
    .from(payouts)
    // Every payout has its shop and the shop its owner (the foreign keys restrict deletion): inner joins.
    .innerJoin(vendors, eq(vendors.id, payouts.vendorId))
    .innerJoin(users, ownerOfShop)
    .$dynamic(),
)

export type PayoutFilters = Pick<AdminPayoutFilters, 'status'> & Partial<AdminPayoutFilters>

/**
 * The scope's payouts the filters keep: the status, the days they were requested on (from and to, both included,
 * on the calendar of `timeZone`: they bound the (…, requested_at, id) indexes the list's order reads), and `q`
 * anywhere in the shop name, the owner's name or e-mail (whatever the case, with LIKE wildcards taken literally),
 * or at the start of the payout's id.
 */
export function payoutFilter(scope: Scope, filters: PayoutFilters, timeZone: string): SQL | undefined {
  const q = (filters.q ?? '').trim()
  const pattern = likePattern(q)
  return and(
    payoutsIn(scope),
    filters.status === 'all' ? undefined : eq(payouts.status, filters.status),
    withinDays(payouts.requestedAt, filters, timeZone),
    q
      ? or(
          idStartsWith(payouts.id, q),
          // The shops through their ids, so every condition is on the payout row and has its index.
          isAnyOf(
            payouts.vendorId,
            new QueryBuilder()
              .select({ id: vendors.id })
              .from(vendors)
              .innerJoin(users, ownerOfShop)
              .where(
                or(
                  ilike(vendors.shopName, pattern),
                  ilike(users.fullName, pattern),
                  ilike(users.email, pattern),
                ),
              ),
          ),
        )
      : undefined,
  )
}

/**
 * The summary figures of the scope's payouts (pending, approved and rejected amounts, and the count of all
 * payouts), whatever the filters: the shops' running totals added up (one row per shop), not a pass over every
 * payout.
 */
export async function payoutSummary(db: Db, scope: Scope) {
  const totalOf = (column: SQLWrapper) => money(sql`coalesce(sum(${column}), 0)`)
  const [summary] = await db
    .select({
      pendingAmount: totalOf(vendorTotals.payoutsPendingAmount),
      approvedAmount: totalOf(vendorTotals.payoutsApprovedAmount),
      rejectedAmount: totalOf(vendorTotals.payoutsRejectedAmount),
      count: totalOf(
        sql`${vendorTotals.payoutsPending} + ${vendorTotals.payoutsApproved} + ${vendorTotals.payoutsRejected}`,
      ),
    })
    .from(vendorTotals)
    .where(totalsIn(scope))
  return {
    pendingAmount: summary?.pendingAmount ?? 0,
    approvedAmount: summary?.approvedAmount ?? 0,
    rejectedAmount: summary?.rejectedAmount ?? 0,
    count: Number(summary?.count ?? 0),
  }
}
