import { and, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { limits } from '../../shared/constants'
import type { AdminDashboard, PendingPayoutItem } from '../../shared/schemas/dashboard'
import type { Db, Tx } from '../db/client'
import { orders, payouts, products, users, vendors } from '../db/schema'
import { ownedBy, type AdminScope } from '../lib/scope'

/** The rows each figure may count: for an admin every shop's, through the same filter every service uses. */
const vendorsIn = (scope: AdminScope) => ownedBy(vendors.id, scope)
const productsIn = (scope: AdminScope) => ownedBy(products.vendorId, scope)
const ordersIn = (scope: AdminScope) => ownedBy(orders.vendorId, scope)
const payoutsIn = (scope: AdminScope) => ownedBy(payouts.vendorId, scope)

/** `count(*) filter (where …)`: one pass over a table gives its total and each status's share. */
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number)
/** A sum of RWF amounts (bigint; PostgreSQL answers numeric), 0 when nothing matches. */
const sumWhere = (column: SQLWrapper, condition: SQL) =>
  sql<number>`coalesce(sum(${column}) filter (where ${condition}), 0)::bigint`.mapWith(Number)

/**
 * Every dashboard figure in one statement: one aggregate per table, cross-joined into a single row (each
 * derived table has exactly one row), so the database does all the counting and summing in one round trip.
 */
async function dashboardFigures(tx: Tx, scope: AdminScope): Promise<AdminDashboard['stats']> {
  const vendorFigures = tx
    .select({
      total: count().as('vendors_total'),
      approved: countWhere(eq(vendors.status, 'approved')).as('vendors_approved'),
      pending: countWhere(eq(vendors.status, 'pending')).as('vendors_pending'),
    })
    .from(vendors)
    .where(vendorsIn(scope))
    .as('vendor_figures')
  const productFigures = tx
    .select({
      total: count().as('products_total'),
      approved: countWhere(eq(products.status, 'approved')).as('products_approved'),
    })
    .from(products)
    .where(productsIn(scope))
    .as('product_figures')
  const orderFigures = tx
    .select({
      total: count().as('orders_total'),
      completed: countWhere(eq(orders.status, 'completed')).as('orders_completed'),
      // Specification §9: on the dashboard, revenue is the total of completed orders only.
      revenue: sumWhere(orders.totalAmount, eq(orders.status, 'completed')).as('orders_revenue'),
    })
    .from(orders)
    .where(ordersIn(scope))
    .as('order_figures')
  const payoutFigures = tx
    .select({
      pending: countWhere(eq(payouts.status, 'pending')).as('payouts_pending'),
      pendingAmount: sumWhere(payouts.amount, eq(payouts.status, 'pending')).as('payouts_pending_amount'),
    })
    .from(payouts)
    .where(payoutsIn(scope))
    .as('payout_figures')

  const [row] = await tx
    .select({
      vendorsTotal: vendorFigures.total,
      vendorsApproved: vendorFigures.approved,
      vendorsPending: vendorFigures.pending,
      productsTotal: productFigures.total,
      productsApproved: productFigures.approved,
      ordersTotal: orderFigures.total,
      ordersCompleted: orderFigures.completed,
      revenue: orderFigures.revenue,
      payoutsPending: payoutFigures.pending,
      payoutsPendingAmount: payoutFigures.pendingAmount,
    })
    .from(vendorFigures)
    .crossJoin(productFigures)
    .crossJoin(orderFigures)
    .crossJoin(payoutFigures)
  // Aggregates without GROUP BY always answer one row; the fallback only satisfies the type.
  const n = (value: number | undefined) => Number(value ?? 0)
  return {
    vendors: {
      total: n(row?.vendorsTotal),
      approved: n(row?.vendorsApproved),
      pending: n(row?.vendorsPending),
    },
    products: { total: n(row?.productsTotal), approved: n(row?.productsApproved) },
    orders: { total: n(row?.ordersTotal), completed: n(row?.ordersCompleted) },
    revenue: n(row?.revenue),
    payouts: { pending: n(row?.payoutsPending), pendingAmount: n(row?.payoutsPendingAmount) },
  }
}

/** The latest pending payout requests, newest first (specification §9: at most 10), with shop and owner. */
async function latestPendingPayouts(tx: Tx, scope: AdminScope): Promise<PendingPayoutItem[]> {
  const rows = await tx
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
    .innerJoin(users, eq(users.id, vendors.userId))
    .where(and(eq(payouts.status, 'pending'), payoutsIn(scope)))
    // The id breaks ties between requests made in the same instant, so the order never changes between reads.
    .orderBy(desc(payouts.requestedAt), desc(payouts.id))
    .limit(limits.adminPendingPayoutsLimit)
  return rows.map((row) => ({ ...row, requestedAt: row.requestedAt.toISOString() }))
}

/**
 * The admin dashboard: the figures and the pending list read from one snapshot (a read-only, repeatable-read
 * transaction), so the pending count on the card and the list under the bell never disagree.
 */
export async function getAdminDashboard(db: Db, scope: AdminScope): Promise<AdminDashboard> {
  return db.transaction(
    async (tx) => {
      const stats = await dashboardFigures(tx, scope)
      const pendingPayouts = await latestPendingPayouts(tx, scope)
      return { stats, pendingPayouts }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}
