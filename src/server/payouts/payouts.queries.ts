import { and, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { AdminPayoutFilters } from '../../shared/schemas/payout'
import type { Db } from '../db/client'
import { payouts, users, vendorTotals, vendors } from '../db/schema'
import { availableBalance } from '../ledger/ledger'
import { ownerOfShop } from '../db/joins'
import { withinDays } from '../lib/calendar'
import { keysetRows, positionOf } from '../lib/paginate'
import { payoutsIn, totalsIn, type Scope } from '../lib/scope'
import { idStartsWith, isOfShopNamedOrOwnedBy, likePattern, money } from '../lib/search'

/**
 * The payouts resource (docs/decisions/018): its columns and joins, the scope filter, search, filters and keyset
 * order, read by the vendor's history and the admin's list, details and export alike.
 */

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
          isOfShopNamedOrOwnedBy(payouts.vendorId, pattern),
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
