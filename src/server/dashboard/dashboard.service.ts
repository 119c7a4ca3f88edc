import { and, count, desc, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm'
import { limits } from '../../shared/constants'
import type { AdminDashboard, MenuCounts } from '../../shared/schemas/dashboard'
import type { Db } from '../db/client'
import { marketplaceTotals, messages, payouts, users, vendorTotals, vendors } from '../db/schema'
import { ownerOfShop } from '../db/joins'
import { preparedPerDatabase } from '../db/prepared'
import { addressedTo, ownedBy, type AdminScope, type Viewer } from '../lib/scope'

const payoutsIn = (scope: AdminScope) => ownedBy(payouts.vendorId, scope)

/** A sum of running totals (bigint; PostgreSQL answers numeric), 0 over no shops. */
const added = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number)

/**
 * Every dashboard figure from the running totals (docs/decisions/007): the shops by status from the
 * marketplace's one row, the rest added up over one row per shop. The database keeps both in the transaction
 * of every change, so the dashboard costs the same at a hundred orders or at a million.
 */
function dashboardSums(db: Db, scope: AdminScope) {
  const t = vendorTotals
  return db
    .select({
      productsTotal: added(sql`${t.productsPending} + ${t.productsApproved} + ${t.productsRejected}`).as(
        'products_total',
      ),
      productsApproved: added(t.productsApproved).as('products_approved'),
      ordersTotal: added(sql`${t.ordersPending} + ${t.ordersCompleted} + ${t.ordersRefunded}`).as(
        'orders_total',
      ),
      ordersCompleted: added(t.ordersCompleted).as('orders_completed'),
      // Specification §9: on the dashboard, revenue is the total of completed orders only.
      revenue: added(t.amountCompleted).as('revenue'),
      payoutsPending: added(t.payoutsPending).as('payouts_pending'),
      payoutsPendingAmount: added(t.payoutsPendingAmount).as('payouts_pending_amount'),
    })
    .from(t)
    .where(ownedBy(t.vendorId, scope))
    .as('sums')
}

/** The latest pending payout requests, newest first (specification §9: at most 10), with shop and owner. */
function latestPendingPayouts(db: Db, scope: AdminScope) {
  return (
    db
      .select({
        id: payouts.id,
        vendorId: payouts.vendorId,
        shopName: vendors.shopName,
        ownerName: users.fullName,
        amount: payouts.amount,
        requestedAt: payouts.requestedAt,
      })
      .from(payouts)
      .innerJoin(vendors, eq(vendors.id, payouts.vendorId))
      .innerJoin(users, ownerOfShop)
      .where(and(eq(payouts.status, 'pending'), payoutsIn(scope)))
      // The id breaks ties between requests made in the same instant, so the order never changes between reads.
      .orderBy(desc(payouts.requestedAt), desc(payouts.id))
      .limit(limits.adminPendingPayoutsLimit)
      .as('pending')
  )
}

const adminDashboardQuery = preparedPerDatabase((db, name) => {
  // An admin's scope keeps every shop (lib/scope.ts), so the statement is the same for every admin: built and
  // planned once (db/prepared.ts).
  const everyShop: AdminScope = { role: 'admin', userId: '' }
  const sums = dashboardSums(db, everyShop)
  const pending = latestPendingPayouts(db, everyShop)
  const shops = marketplaceTotals
  return (
    db
      .select({
        vendorsPending: shops.vendorsPending,
        vendorsApproved: shops.vendorsApproved,
        vendorsRejected: shops.vendorsRejected,
        sums: {
          productsTotal: sums.productsTotal,
          productsApproved: sums.productsApproved,
          ordersTotal: sums.ordersTotal,
          ordersCompleted: sums.ordersCompleted,
          revenue: sums.revenue,
          payoutsPending: sums.payoutsPending,
          payoutsPendingAmount: sums.payoutsPendingAmount,
        },
        payout: {
          id: pending.id,
          vendorId: pending.vendorId,
          shopName: pending.shopName,
          ownerName: pending.ownerName,
          amount: pending.amount,
          requestedAt: pending.requestedAt,
        },
      })
      // Aggregates without GROUP BY always answer exactly one row: the marketplace's row and the list join it.
      .from(sums)
      .leftJoin(shops, sql`true`)
      .leftJoin(pending, sql`true`)
      .orderBy(desc(pending.requestedAt), desc(pending.id))
      .prepare(name)
  )
}, 'isoko_admin_dashboard')

/**
 * The admin dashboard: the figures and the pending list in one statement, so from one snapshot (the pending count
 * on the card and the list under the bell never disagree) in one round trip. Its rows are the pending requests,
 * each beside the same figures (one row with no request when none is pending).
 */
export async function getAdminDashboard(db: Db, _scope: AdminScope): Promise<AdminDashboard> {
  const rows = await adminDashboardQuery(db).execute()
  const first = rows[0]
  const n = (value: number | null | undefined) => Number(value ?? 0)
  const pendingVendors = n(first?.vendorsPending)
  const approved = n(first?.vendorsApproved)
  const figures = first?.sums
  return {
    stats: {
      vendors: {
        total: pendingVendors + approved + n(first?.vendorsRejected),
        approved,
        pending: pendingVendors,
      },
      products: { total: n(figures?.productsTotal), approved: n(figures?.productsApproved) },
      orders: { total: n(figures?.ordersTotal), completed: n(figures?.ordersCompleted) },
      revenue: n(figures?.revenue),
      payouts: { pending: n(figures?.payoutsPending), pendingAmount: n(figures?.payoutsPendingAmount) },
    },
    pendingPayouts: rows.flatMap(({ payout }) =>
      payout ? [{ ...payout, requestedAt: payout.requestedAt.toISOString() }] : [],
    ),
  }
}

/**
 * The figures beside the menu, read on every screen and after every change the screen hears of, so each is an
 * index lookup in one statement: the viewer's unread messages (a vendor: addressed to them; an admin: the team's
 * and their own; messages_unread_idx), and for an admin the shops waiting for a decision (the marketplace's one
 * totals row) and the pending payout requests (payouts_status_requested_idx).
 */
export async function getMenuCounts(db: Db, viewer: Viewer): Promise<MenuCounts> {
  const unread = db
    .select({ value: count() })
    .from(messages)
    .where(and(addressedTo(viewer), isNull(messages.readAt)))
  if (viewer.role !== 'admin') {
    const [row] = await unread
    return { messages: Number(row?.value ?? 0) }
  }
  const pendingPayouts = db.select({ value: count() }).from(payouts).where(eq(payouts.status, 'pending'))
  // The totals' one row carries the other two as subqueries: one statement, one round trip.
  const [row] = await db
    .select({
      messages: sql<number>`(${unread})`.mapWith(Number),
      vendors: marketplaceTotals.vendorsPending,
      payouts: sql<number>`(${pendingPayouts})`.mapWith(Number),
    })
    .from(marketplaceTotals)
  return { messages: row?.messages ?? 0, vendors: Number(row?.vendors ?? 0), payouts: row?.payouts ?? 0 }
}
