import { and, eq, getTableColumns, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { OrderStatus } from '../../shared/constants'
import type { AdminOrderFilters } from '../../shared/schemas/order'
import type { Db } from '../db/client'
import { orders, vendorTotals, vendors } from '../db/schema'
import { withinDays } from '../lib/calendar'
import { countWhere, keysetRows, positionOf, summaryOfSample } from '../lib/paginate'
import { ordersIn, totalsIn, type Scope } from '../lib/scope'
import { idStartsWith, isOfShopNamed, likePattern, money, phoneContains } from '../lib/search'

/**
 * The orders resource (docs/decisions/018): its columns and joins, the scope filter, search, filters and keyset
 * order, read by the vendor's and the admin's list, details, export and count alike.
 */

/**
 * An order's columns as the services read and return them: all but `search_text`, which only the search reads,
 * in the database (a list, a detail or an export of a million orders need not carry it back).
 */
const { searchText: _searchText, ...readColumns } = getTableColumns(orders)
export const orderColumns = readColumns
export type OrderRow = Omit<typeof orders.$inferSelect, 'searchText'>

/** Each order with its shop's name, newest first. Every order has its shop (the foreign key restricts deletion). */
export const orderRows = keysetRows(orders, orders.createdAt, 'order', (db) =>
  db
    .select({ order: orderColumns, shopName: vendors.shopName, position: positionOf(orders.createdAt) })
    .from(orders)
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .$dynamic(),
)

export type OrderFilters = Pick<AdminOrderFilters, 'status'> & Partial<AdminOrderFilters>

/**
 * The scope's orders the filters keep (admin §2 "/admin/orders", and the vendor's list): status, shop, the days
 * they were placed on (from and to, both included, on the calendar of `timeZone`), and q in the customer's name or
 * e-mail or phone, the product's name as the order keeps it (whatever the case, LIKE wildcards taken literally),
 * the start of the order's id (its number on screen), and for an admin the shop's name (a vendor's orders are all
 * of their own shop). Orders whose product was deleted still show: they keep what was sold (README: deliberate
 * divergences). Every condition is on the orders row itself (the shop's name through its ids), so each has an
 * index and the count needs no join; the phone is looked for only when q can be part of a phone number; the days
 * bound the (…, created_at, id) indexes the list's order already reads.
 */
export function orderFilter(scope: Scope, filters: OrderFilters, timeZone: string): SQL | undefined {
  const q = filters.q ?? ''
  const pattern = likePattern(q)
  return and(
    ordersIn(scope),
    filters.status === 'all' ? undefined : eq(orders.status, filters.status),
    filters.vendorId ? eq(orders.vendorId, filters.vendorId) : undefined,
    withinDays(orders.createdAt, filters, timeZone),
    q
      ? or(
          idStartsWith(orders.id, q),
          // The customer's name or e-mail, or the product's name: their lower-cased text (as ILIKE would compare
          // them, for a fifth of its cost), through its trigram index.
          sql`${orders.searchText} like lower(${pattern})`,
          // The customers by their number, as people type it (a vendor calls them to deliver; an admin takes the
          // call): through the phone's trigram index, beside the other columns' ones.
          phoneContains(orders.customerPhone, q),
          scope.role === 'admin' ? isOfShopNamed(orders.vendorId, pattern) : undefined,
        )
      : undefined,
  )
}

/**
 * The four cards of a search or a range of days, with its count, over the first sampleSize(cap) orders it keeps
 * in the list's order (one statement): exact up to `cap` orders (1,000 for a search, 10,000 for days alone:
 * countCapFor), and beyond (`totalIsCapped`) the figures of those newest cap + 1, the same on every read. A search
 * as wide as a common family name, or a year of a busy marketplace, then costs the same on a million orders, and
 * a figure shown twice reads the same. (The shops' running totals count every day: they cannot answer for a few.)
 */
export async function sampleSummary(db: Db, where: SQL | undefined, cap: number) {
  const sample = orderRows
    .sample(
      db
        .select({ id: orders.id, time: orders.createdAt, status: orders.status, amount: orders.totalAmount })
        .from(orders)
        .where(where)
        .$dynamic(),
      cap,
    )
    .as('sample')
  return summaryOfSample(db, sample, cap, 'orders', {
    pending: countWhere<OrderStatus>(sample.status, 'pending'),
    completed: countWhere<OrderStatus>(sample.status, 'completed'),
    revenue: money(sql`coalesce(sum(${sample.amount}) filter (where ${sample.status} <> 'refunded'), 0)`),
  })
}

/**
 * The four cards of a status or shop filter, from the shops' running totals (docs/decisions/007): one row
 * per shop of the scope instead of every order, so the list's first screen costs the same at a million orders.
 */
export async function totalsSummary(db: Db, scope: Scope, filters: OrderFilters) {
  const t = vendorTotals
  const shows = (status: OrderStatus) => filters.status === 'all' || filters.status === status
  const when = (status: OrderStatus, column: SQLWrapper) => (shows(status) ? sql`${column}` : sql`0`)
  const added = (value: SQL) => money(sql`coalesce(sum(${value}), 0)`)
  const [summary] = await db
    .select({
      orders: added(
        sql`${when('pending', t.ordersPending)} + ${when('completed', t.ordersCompleted)} + ${when('refunded', t.ordersRefunded)}`,
      ),
      pending: added(when('pending', t.ordersPending)),
      completed: added(when('completed', t.ordersCompleted)),
      // Revenue leaves refunded orders out, as the search's count does.
      revenue: added(sql`${when('pending', t.amountPending)} + ${when('completed', t.amountCompleted)}`),
    })
    .from(t)
    .where(and(totalsIn(scope), filters.vendorId ? eq(t.vendorId, filters.vendorId) : undefined))
  return { summary: summary!, summaryIsCapped: false }
}
