import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { orders, products, productWindowSales, reportWindows, vendors, vendorWindowSales } from '../db/schema'
import { REPORT_WINDOWS_LOCK } from '../db/totals'
import { pgError } from '../lib/errors'
import { ownedBy, type AdminScope } from '../lib/scope'

/**
 * Report windows (migration 0009, docs/decisions/015): for each range the report offers, every shop's and every
 * product's sales within it, kept by a trigger on orders. The top 5 of a range are then the first 5 entries of
 * an index, however many orders the range holds. A window covers fixed instants; when the day turns, the
 * report moves it to its new range: the orders of the day that left are taken out, those of the day that came
 * in are added.
 */

/** A report's range as points in time: [start, end). */
export type WindowRange = { start: SQL; end: SQL }

/** How long a report waits for the order changes in flight to finish before it gives up moving a window. */
const LOCK_WAIT = '3s'
/** PostgreSQL's lock_not_available: lock_timeout ran out. */
const LOCK_NOT_AVAILABLE = '55P03'

/** The window of `days`: a number, or the parameter of a prepared statement. */
type Days = number | SQL

const ofWindow = (days: Days) => sql`${reportWindows.days} = ${days}`

/** Whether the window of `days` covers exactly the range: a query of one row, or none for a range without one. */
export const windowCovers = (db: Db | Tx, days: Days, { start, end }: WindowRange) =>
  db
    .select({
      covers: sql<boolean>`${reportWindows.startsAt} = ${start} and ${reportWindows.endsAt} = ${end}`,
    })
    .from(reportWindows)
    .where(ofWindow(days))

/**
 * The stretches of time between the window as it stands and [start, end), each with the sign of its orders:
 * +1 for those joining the window, -1 for those leaving it. Of the four, those that are empty (a >= b) drop
 * out; a day later, the two left are the day that came in and the day that went out.
 */
function stretches(days: number, { start, end }: WindowRange) {
  const from = sql`(${start})::timestamptz`
  const until = sql`(${end})::timestamptz`
  return sql`(
    select m.a, m.b, m.sign from report_windows w
    cross join lateral (values
      (${from}, least(w.starts_at, ${until}), 1),
      (greatest(w.ends_at, ${from}), ${until}, 1),
      (w.starts_at, least(${from}, w.ends_at), -1),
      (greatest(${until}, w.starts_at), w.ends_at, -1)
    ) as m(a, b, sign)
    where w.days = ${days} and m.a < m.b
  )`
}

/**
 * Makes the window of `days` cover the range, moving it if the day has turned (or the time zone changed) since
 * it last moved, or opening it for a range that has none: the sales of the orders between the two are added or
 * taken out, then the shops and products this left with nothing are dropped. Called holding the report lock
 * (underReportLock), so no order change counts itself meanwhile (each waits, then counts itself in the window
 * as moved).
 */
export async function moveWindow(tx: Tx, days: number, range: WindowRange) {
  const { start, end } = range
  const [window] = await tx
    .select({
      covers: sql<boolean>`${reportWindows.startsAt} = ${start} and ${reportWindows.endsAt} = ${end}`,
      overlaps: sql<boolean>`${reportWindows.startsAt} < ${end} and ${start} < ${reportWindows.endsAt}`,
    })
    .from(reportWindows)
    .where(ofWindow(days))
  // Another request moved it while this one waited for the lock.
  if (window?.covers) return
  // A new window, or one with nothing in common with the range, starts empty at the range's start: filling
  // it from there reads only the range's orders, never the old ones one by one.
  if (!window) {
    await tx.insert(reportWindows).values({ days, startsAt: start, endsAt: start })
  } else if (!window.overlaps) {
    await tx.delete(vendorWindowSales).where(eq(vendorWindowSales.days, days))
    await tx.delete(productWindowSales).where(eq(productWindowSales.days, days))
    await tx.update(reportWindows).set({ startsAt: start, endsAt: start }).where(ofWindow(days))
  }
  await tx.execute(sql`
    insert into vendor_window_sales as s (days, vendor_id, orders, amount)
    select ${days}::int, o.vendor_id, sum(m.sign), sum(m.sign * o.total_amount)::bigint
    from ${stretches(days, range)} m
    join orders o on o.created_at >= m.a and o.created_at < m.b
    group by o.vendor_id
    on conflict (days, vendor_id) do update
      set orders = s.orders + excluded.orders, amount = s.amount + excluded.amount`)
  await tx.execute(sql`
    insert into product_window_sales as s (days, vendor_id, product_key, product_id, quantity, amount)
    select ${days}::int, o.vendor_id, order_product_key(o.product_id, o.product_name), o.product_id,
      sum(m.sign * o.quantity), sum(m.sign * o.total_amount)::bigint
    from ${stretches(days, range)} m
    join orders o on o.created_at >= m.a and o.created_at < m.b
    group by o.vendor_id, order_product_key(o.product_id, o.product_name), o.product_id
    on conflict (days, vendor_id, product_key) do update
      set quantity = s.quantity + excluded.quantity, amount = s.amount + excluded.amount`)
  // Among the shops and products the move touched (found by their keys, not by reading the whole window).
  await tx.execute(sql`
    delete from vendor_window_sales s
    where s.days = ${days} and s.orders = 0 and s.vendor_id in (
      select o.vendor_id from ${stretches(days, range)} m
      join orders o on o.created_at >= m.a and o.created_at < m.b)`)
  await tx.execute(sql`
    delete from product_window_sales s
    where s.days = ${days} and s.quantity = 0 and (s.vendor_id, s.product_key) in (
      select o.vendor_id, order_product_key(o.product_id, o.product_name) from ${stretches(days, range)} m
      join orders o on o.created_at >= m.a and o.created_at < m.b)`)
  await tx.update(reportWindows).set({ startsAt: start, endsAt: end }).where(ofWindow(days))
}

/**
 * Runs `work` holding the report lock exclusively (a window moved, the days recounted), after the order changes
 * in flight. While this waits for the lock, order changes queue behind it: the wait is bounded by LOCK_WAIT, and
 * past it `work` is not done; the report then counts its rankings from the orders and its days from the hours,
 * and a later report tries again.
 */
export async function underReportLock(db: Db, work: (tx: Tx) => Promise<void>): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_WAIT}'`))
      await tx.execute(sql`select pg_advisory_xact_lock(${REPORT_WINDOWS_LOCK})`)
      await work(tx)
    })
  } catch (error) {
    if (pgError(error)?.code !== LOCK_NOT_AVAILABLE) throw error
  }
}

/**
 * The `limit` shops that sold the most within the window, by revenue, then by orders, then by id: the first
 * entries of the window's ranking index, joined to their shops.
 */
export function windowTopVendors(db: Db | Tx, scope: AdminScope, days: Days, limit: number) {
  const s = vendorWindowSales
  const ranked = db
    .select({ vendorId: s.vendorId, orders: s.orders, revenue: s.amount })
    .from(s)
    // `orders > 0` written as the index's condition, so the planner matches it.
    .where(and(sql`${s.days} = ${days}`, sql`${s.orders} > 0`, ownedBy(s.vendorId, scope)))
    .orderBy(desc(s.amount), desc(s.orders), s.vendorId)
    .limit(limit)
    .as('ranked')
  const { vendorId, revenue } = ranked
  return db
    .select({ vendorId, shopName: vendors.shopName, orders: ranked.orders, revenue })
    .from(ranked)
    .innerJoin(vendors, eq(vendors.id, vendorId))
    .orderBy(desc(revenue), desc(ranked.orders), vendorId)
}

/**
 * The `limit` products that sold the most within the window, by revenue, as the report has always ranked them:
 * ties broken by the name the range's orders kept (the greatest), the list then ordered by the name shown
 * (the product's own, or the kept one once it is deleted); the shop's id and the product's key break the
 * ties left, so the lists never change between reads. Only the window's first entries are read: those
 * above the `limit`th revenue, and those tied with it. A kept name is looked up in the range's orders only
 * where it is needed: for a deleted product (its name), and for those tied at the cut.
 */
export function windowTopProducts(
  db: Db | Tx,
  scope: AdminScope,
  days: Days,
  { start, end }: WindowRange,
  limit: number,
) {
  const s = productWindowSales
  const sold = and(sql`${s.days} = ${days}`, sql`${s.quantity} > 0`, ownedBy(s.vendorId, scope))
  const cut = db
    .select({ amount: s.amount })
    .from(s)
    .where(sold)
    .orderBy(desc(s.amount))
    .offset(limit - 1)
    .limit(1)
  const inRange = sql`${orders.createdAt} >= ${start} and ${orders.createdAt} < ${end}`
  const ofShop = eq(orders.vendorId, s.vendorId)
  const deletedName = db
    .select({ name: sql`max(${orders.productName})` })
    .from(orders)
    // The partial index orders_gone_product_idx: the deleted products' orders, by shop and name.
    .where(
      and(
        sql`${orders.productId} is null`,
        ofShop,
        sql`lower(${orders.productName}) = substr(${s.productKey}, 6)`,
        inRange,
      ),
    )
  const keptName = db
    .select({ name: sql`max(${orders.productName})` })
    .from(orders)
    .where(and(eq(orders.productId, s.productId), ofShop, inRange))
  const isTiedAtCut = sql`${s.amount} = min(${s.amount}) over () and count(*) over () > ${limit}`
  const name = sql<string | null>`case
    when ${s.productId} is null then (${deletedName})
    when ${isTiedAtCut} then (${keptName})
  end`
  const ranked = db
    .select({
      vendorId: s.vendorId,
      productId: s.productId,
      productKey: s.productKey,
      quantity: s.quantity,
      revenue: s.amount,
      keptName: name.as('kept_name'),
    })
    .from(s)
    .where(and(sold, sql`${s.amount} >= coalesce((${cut}), 0)`))
    .orderBy(desc(s.amount), sql`kept_name`, s.vendorId, s.productKey)
    .limit(limit)
    .as('ranked')
  const shown = sql<string>`coalesce(${products.name}, ${ranked.keptName})`
  const { productId, quantity, revenue } = ranked
  // The shop and the product's key, the last of the order, are selected for a caller that orders the rows again
  // (the report as one statement); the list's own rows leave them out (windowTopProductRows).
  return db
    .select({
      productId,
      name: shown.as('shown_name'),
      shopName: vendors.shopName,
      quantity,
      revenue,
      vendorId: ranked.vendorId,
      productKey: ranked.productKey,
    })
    .from(ranked)
    .innerJoin(vendors, eq(vendors.id, ranked.vendorId))
    .leftJoin(products, eq(products.id, productId))
    .orderBy(desc(revenue), shown, ranked.vendorId, ranked.productKey)
}

/** The top products of the window as the report lists them. */
export async function windowTopProductRows(...args: Parameters<typeof windowTopProducts>) {
  const rows = await windowTopProducts(...args)
  return rows.map(({ vendorId: _vendorId, productKey: _productKey, ...product }) => product)
}
