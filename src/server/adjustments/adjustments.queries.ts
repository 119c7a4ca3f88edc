import { and, eq, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { AdjustmentListQuery } from '../../shared/schemas/adjustment'
import { ledgerAdjustments, users, vendors } from '../db/schema'
import { keysetRows, positionOf } from '../lib/paginate'
import { ownedBy, type Scope } from '../lib/scope'

/**
 * The adjustments resource (docs/decisions/018): an adjustment with its shop, the admin who asked for it and the
 * one who decided it, the scope filter, filters and keyset order, read by the list and before every decision.
 */

const requester = alias(users, 'requester')
const decider = alias(users, 'decider')

/** Adjustments in the scope: every shop's for an admin (a vendor's own only, should a vendor ever read them). */
export const adjustmentsIn = (scope: Scope) => ownedBy(ledgerAdjustments.vendorId, scope)

/** Each adjustment with its shop's name and the admins who asked for and decided it, newest first. */
export const adjustmentRows = keysetRows(ledgerAdjustments, ledgerAdjustments.createdAt, 'adjustment', (db) =>
  db
    .select({
      adjustment: ledgerAdjustments,
      shopName: vendors.shopName,
      requester: { id: requester.id, fullName: requester.fullName, email: requester.email },
      decider: { id: decider.id, fullName: decider.fullName, email: decider.email },
      position: positionOf(ledgerAdjustments.createdAt),
    })
    .from(ledgerAdjustments)
    // The foreign keys restrict deleting a shop or an admin with adjustments: inner joins.
    .innerJoin(vendors, eq(vendors.id, ledgerAdjustments.vendorId))
    .innerJoin(requester, eq(requester.id, ledgerAdjustments.requestedBy))
    .leftJoin(decider, eq(decider.id, ledgerAdjustments.decidedBy))
    .$dynamic(),
)

export type AdjustmentRow = NonNullable<Awaited<ReturnType<typeof adjustmentRows.first>>>

/**
 * The scope's adjustments the filters keep: a status (ledger_adjustments_status_idx) and one shop
 * (ledger_adjustments_vendor_idx), both in the list's order.
 */
export const adjustmentFilter = (
  scope: Scope,
  filters: Pick<AdjustmentListQuery, 'status' | 'vendorId'>,
): SQL | undefined =>
  and(
    adjustmentsIn(scope),
    filters.status === 'all' ? undefined : eq(ledgerAdjustments.status, filters.status),
    filters.vendorId ? eq(ledgerAdjustments.vendorId, filters.vendorId) : undefined,
  )
