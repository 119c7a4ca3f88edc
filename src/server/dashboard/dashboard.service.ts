import { and, count, desc, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm'
import { limits } from '../../shared/constants'
import type { AdminDashboard, MenuCounts, PendingPayoutItem } from '../../shared/schemas/dashboard'
import type { Db, Tx } from '../db/client'
import { marketplaceTotals, messages, payouts, users, vendorTotals, vendors } from '../db/schema'
import { ownerOfShop } from '../db/joins'
import { addressedTo, ownedBy, type AdminScope, type Viewer } from '../lib/scope'

const payoutsIn = (scope: AdminScope) => ownedBy(payouts.vendorId, scope)

/** A sum of running totals (bigint; PostgreSQL answers numeric), 0 over no shops. */
const added = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number)

/**
 * Every dashboard figure from the running totals (docs/decisions/007): the shops by status from the
 * marketplace's one row, the rest added up over one row per shop. The database keeps both in the transaction
 * of every change, so the dashboard costs the same at a hundred orders or at a million.
 */
async function dashboardFigures(tx: Tx, scope: AdminScope): Promise<AdminDashboard['stats']> {
  const t = vendorTotals
  const [[shops], [sums]] = await Promise.all([
    tx.select().from(marketplaceTotals),
    tx
      .select({
        productsTotal: added(sql`${t.productsPending} + ${t.productsApproved} + ${t.productsRejected}`),
        productsApproved: added(t.productsApproved),
        ordersTotal: added(sql`${t.ordersPending} + ${t.ordersCompleted} + ${t.ordersRefunded}`),
        ordersCompleted: added(t.ordersCompleted),
        // Specification §9: on the dashboard, revenue is the total of completed orders only.
        revenue: added(t.amountCompleted),
        payoutsPending: added(t.payoutsPending),
        payoutsPendingAmount: added(t.payoutsPendingAmount),
      })
      .from(t)
      .where(ownedBy(t.vendorId, scope)),
  ])
  const n = (value: number | undefined) => Number(value ?? 0)
  const pending = n(shops?.vendorsPending)
  const approved = n(shops?.vendorsApproved)
  return {
    vendors: { total: pending + approved + n(shops?.vendorsRejected), approved, pending },
    products: { total: n(sums?.productsTotal), approved: n(sums?.productsApproved) },
    orders: { total: n(sums?.ordersTotal), completed: n(sums?.ordersCompleted) },
    revenue: n(sums?.revenue),
    payouts: { pending: n(sums?.payoutsPending), pendingAmount: n(sums?.payoutsPendingAmount) },
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
    .innerJoin(users, ownerOfShop)
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
