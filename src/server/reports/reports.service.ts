import { randomUUID } from 'node:crypto'
import type { PgSelect } from 'drizzle-orm/pg-core'
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  lte,
  sql,
  type SQL,
  type SQLWrapper,
  type Subquery,
} from 'drizzle-orm'
import type { OrderStatus } from '../../shared/constants'
import type { LedgerAccount } from '../../shared/ledger'
import {
  reportRanges,
  type AdminReport,
  type ComparedFigure,
  type ReportMoney,
  type ReportQuery,
  type ReportRange,
} from '../../shared/schemas/report'
import type { Db, Tx } from '../db/client'
import {
  ledgerBalances,
  ledgerDays,
  marketplaceTotals,
  ledgerLines,
  orderDays,
  orderHours,
  orders,
  productDays,
  payoutPendingSpan,
  payouts,
  products,
  users,
  vendorTotals,
  vendors,
} from '../db/schema'
import { ownerOfShop } from '../db/joins'
import { recordAudit } from '../audit/record-audit'
import { calendarDay } from '../lib/calendar'
import { csvFileName, csvLabel, type CsvCell, type CsvExport, type CsvValue } from '../lib/csv'
import { ownedBy, type AdminScope } from '../lib/scope'
import { daysCountedIn, recountDays } from './report-days'
import {
  moveWindow,
  underReportLock,
  windowCovers,
  windowTopProductRows,
  windowTopProducts,
  windowTopVendors,
} from './report-windows'
import { preparedPerDatabase } from '../db/prepared'

/** The lists and rankings of a report (specification §9: 5 recent orders, 5 new vendors). */
const LIST_SIZE = 5

type Period = AdminReport['period']
type Options = { timeZone: string; now?: Date }
/**
 * A report's range as its statements take it: the values of a Period, or the parameters of a prepared statement
 * (reportQuery), each as SQL.
 */
type PeriodParams = { days: number | SQL; from: string | SQL; to: string | SQL; previousFrom: string | SQL }
type Zone = string | SQL

/** 'YYYY-MM-DD' `offset` calendar days after `day` (before, when negative). */
const addDays = (day: string, offset: number) => {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + offset)
  return date.toISOString().slice(0, 10)
}

/**
 * The range: `days` calendar days of `timeZone` ending today (today included), and the `days` days before it.
 */
export function reportPeriod(days: number, now: Date, timeZone: string): Period {
  const today = calendarDay(now, timeZone)
  const from = addDays(today, 1 - days)
  return { days, from, to: today, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) }
}

/** Midnight at the start of `day` on the marketplace's calendar, as a point in time (timestamptz). */
const midnight = (day: string | SQL, timeZone: Zone) =>
  sql`((${day})::date::timestamp at time zone ${timeZone})`

/** The calendar day after `day`. */
const dayAfter = (day: string | SQL) => sql`((${day})::date + 1)`

/** The boundaries of a report, as points in time: previous range [previousStart, start), range [start, end). */
function boundsOf(period: PeriodParams, timeZone: Zone) {
  return {
    previousStart: midnight(period.previousFrom, timeZone),
    start: midnight(period.from, timeZone),
    end: midnight(dayAfter(period.to), timeZone),
  }
}
type Bounds = ReturnType<typeof boundsOf>

/**
 * Where a report counts its orders: the days of its own time zone (order_days, docs/decisions/016), 3 rows a
 * day; or, while those are counted in another zone, the UTC hours (order_hours), 72 rows a day, each placed in
 * its day of the report's zone. Either way, a table of orders per status with their total (its columns status,
 * orders, amount); `dayIndex` is a row's day within the range (0 for its first day).
 */
function orderBuckets(source: 'days' | 'hours', period: PeriodParams, bounds: Bounds, timeZone: Zone) {
  // A day's row is placed by its date, an hour's by its instant: either way the range is [start, end) and the
  // range before it [previousStart, start).
  const { table, column, previousStart, start, end, dayIndex } =
    source === 'days'
      ? {
          table: orderDays,
          column: orderDays.day,
          previousStart: sql`(${period.previousFrom})::date`,
          start: sql`(${period.from})::date`,
          end: dayAfter(period.to),
          dayIndex: sql<number>`${orderDays.day} - ${period.from}::date`,
        }
      : {
          table: orderHours,
          column: orderHours.hour,
          ...bounds,
          // Midnight in the report's zone falls on a UTC hour, as in every whole-hour time zone.
          dayIndex: sql<number>`(${orderHours.hour} at time zone ${timeZone})::date - ${period.from}::date`,
        }
  return {
    table,
    firstDay: period.from,
    since: gte(column, start),
    until: lt(column, end),
    previousRange: within(column, previousStart, start),
    dayIndex,
  }
}
type OrderBuckets = ReturnType<typeof orderBuckets>

const within = (column: SQLWrapper, from: SQL | string, until: SQL | string) =>
  and(gte(column, from), lt(column, until))

/** An aggregate over the rows that match `condition`: one pass over a table gives many figures. */
const counted = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition ?? sql`true`})`.mapWith(Number)
/** A total of RWF (bigint; PostgreSQL sums to numeric), 0 over no rows. */
const summed = (column: SQLWrapper, condition?: SQL) =>
  sql<number>`coalesce(sum(${column}) filter (where ${condition ?? sql`true`}), 0)::bigint`.mapWith(Number)
/** `value` against `previous` in percent of `previous` (1 decimal), null when there is nothing to compare with. */
const changeOf = (value: SQLWrapper, previous: SQLWrapper) =>
  sql<number | null>`round((${value} - ${previous}) * 100.0 / nullif(${previous}, 0), 1)`.mapWith(
    (v: string | number | null) => (v === null ? null : Number(v)),
  )
/** numerator / max(denominator, 1), rounded to `decimals` (specification §9: the divisor is at least 1). */
const ratio = (numerator: SQLWrapper, denominator: SQLWrapper, decimals: number) =>
  sql<number>`round((${numerator})::numeric / greatest(${denominator}, 1), ${sql.raw(String(decimals))})`.mapWith(
    Number,
  )

/** A figure beside the one it is compared with, and the change between them. */
const compare = (value: SQL.Aliased<number>, previous: SQL.Aliased<number>) => ({
  value,
  previous,
  change: changeOf(value, previous),
})

/**
 * Every card and growth figure in one statement: one aggregate per table (a single pass over each, however
 * many orders), cross-joined into one row, the rates and changes computed on that row.
 */
function figureSources(
  tx: Db | Tx,
  scope: AdminScope,
  { previousStart, start, end }: Bounds,
  buckets: OrderBuckets,
) {
  const isNew = (column: SQLWrapper) => within(column, start, end)
  const wasNew = (column: SQLWrapper) => within(column, previousStart, start)
  // The shops by status from the marketplace's running totals (its one row: the report is the whole
  // marketplace's); the shops new since the range before began, counted over those two ranges alone
  // (vendors_created_idx): "before" is the total minus those since the range began (docs/decisions/007).
  const newShops = tx
    .select({
      since: counted(gte(vendors.createdAt, start)).as('vs_since'),
      recent: counted(isNew(vendors.createdAt)).as('vs_recent'),
      previousRecent: counted(wasNew(vendors.createdAt)).as('vs_previous_recent'),
    })
    .from(vendors)
    .where(and(gte(vendors.createdAt, previousStart), ownedBy(vendors.id, scope)))
    .as('vs')
  const shops = marketplaceTotals
  const shopsOf = (column: SQLWrapper) => sql<number>`coalesce(${column}, 0)`.mapWith(Number)
  const allShops = sql`(${shopsOf(shops.vendorsPending)} + ${shopsOf(shops.vendorsApproved)} + ${shopsOf(
    shops.vendorsRejected,
  )})`
  const v = tx
    .select({
      total: sql<number>`${allShops}`.mapWith(Number).as('v_total'),
      before: sql<number>`${allShops} - ${newShops.since}`.mapWith(Number).as('v_before'),
      approved: shopsOf(shops.vendorsApproved).as('v_approved'),
      pending: shopsOf(shops.vendorsPending).as('v_pending'),
      rejected: shopsOf(shops.vendorsRejected).as('v_rejected'),
      recent: sql<number>`${newShops.recent}`.mapWith(Number).as('v_recent'),
      previousRecent: sql<number>`${newShops.previousRecent}`.mapWith(Number).as('v_previous_recent'),
    })
    // An aggregate without GROUP BY answers exactly one row; the marketplace's row joins it.
    .from(newShops)
    .leftJoin(shops, sql`true`)
    .as('v')
  // All-time figures come from the shops' running totals (one row per shop); what happened since the range
  // began is counted over the range alone: "before" is the total minus that (docs/decisions/007).
  const vt = vendorTotals
  const totals = tx
    .select({
      products: summed(sql`${vt.productsPending} + ${vt.productsApproved} + ${vt.productsRejected}`).as(
        't_products',
      ),
      orders: summed(sql`${vt.ordersPending} + ${vt.ordersCompleted} + ${vt.ordersRefunded}`).as('t_orders'),
      // Specification §9: in reports, revenue is the total of every order, whatever its status.
      revenue: summed(sql`${vt.amountPending} + ${vt.amountCompleted} + ${vt.amountRefunded}`).as(
        't_revenue',
      ),
      payoutsPending: summed(vt.payoutsPending).as('t_payouts_pending'),
      payoutsPendingAmount: summed(vt.payoutsPendingAmount).as('t_payouts_pending_amount'),
    })
    .from(vt)
    .where(ownedBy(vt.vendorId, scope))
    .as('t')
  // Products created since the range began, from their days (product_days, a row a day) when the orders are
  // counted from theirs, in the report's zone: the report is the whole marketplace's. Otherwise from the products.
  const p = (
    buckets.table === orderDays
      ? tx
          .select({ since: summed(productDays.products).as('p_since') })
          .from(productDays)
          .where(gte(productDays.day, sql`${buckets.firstDay}::date`))
      : tx
          .select({ since: count().as('p_since') })
          .from(products)
          .where(and(gte(products.createdAt, start), ownedBy(products.vendorId, scope)))
  ).as('p')
  // Orders since the range began, from the days (or hours): a few rows a day per status, however many orders.
  const { table: b, since, until: inRange } = buckets
  const ofStatus = (status: OrderStatus) => and(inRange, eq(b.status, status))
  const o = tx
    .select({
      since: summed(b.orders).as('o_since'),
      revenueSince: summed(b.amount).as('o_revenue_since'),
      recent: summed(b.orders, inRange).as('o_recent'),
      pending: summed(b.orders, ofStatus('pending')).as('o_pending'),
      completed: summed(b.orders, ofStatus('completed')).as('o_completed'),
      refunded: summed(b.orders, ofStatus('refunded')).as('o_refunded'),
      revenueRecent: summed(b.amount, inRange).as('o_revenue_recent'),
      revenueCompleted: summed(b.amount, ofStatus('completed')).as('o_revenue_completed'),
    })
    .from(b)
    .where(since)
    .as('o')
  // The previous range's completed orders, beside the range's: its days (or hours) alone, a few rows a day.
  const op = tx
    .select({ revenueCompleted: summed(b.amount, eq(b.status, 'completed')).as('op_revenue_completed') })
    .from(b)
    .where(buckets.previousRange)
    .as('op')
  // Pending when the range began: asked for before it, and decided only since, or not yet; the payouts whose
  // pending span holds the instant, which its GiST index finds among every payout without walking them.
  const pendingAtStart = sql`${payoutPendingSpan(payouts)} @> (${start})::timestamptz`
  const pay = tx
    .select({ before: count().as('pay_before') })
    .from(payouts)
    .where(and(pendingAtStart, ownedBy(payouts.vendorId, scope)))
    .as('pay')
  const before = (total: SQL.Aliased<number>, since: SQL.Aliased<number>) =>
    sql<number>`(${total} - ${since})`.mapWith(Number)

  const compareTotal = (total: SQL.Aliased<number>, since: SQL.Aliased<number>) => {
    const previous = before(total, since)
    return { value: total, previous, change: changeOf(total, previous) }
  }
  const approvalRate = ratio(sql`${v.approved} * 100`, v.total, 1)
  const productsPerVendor = ratio(totals.products, v.approved, 1)
  const averageOrderValue = ratio(totals.revenue, totals.orders, 2)
  // Selected in the report's own shape: each card, the growth overview and the status counts.
  const selection = {
    vendors: { ...compare(v.total, v.before), approved: v.approved, activePercent: approvalRate },
    products: { ...compareTotal(totals.products, p.since), perVendor: productsPerVendor },
    orders: { ...compareTotal(totals.orders, o.since), recent: o.recent },
    revenue: {
      ...compareTotal(totals.revenue, o.revenueSince),
      perOrder: averageOrderValue,
      recent: o.revenueRecent,
    },
    // The range's own revenue: its orders that are completed (what the dashboard calls revenue), beside the
    // previous range's.
    periodRevenue: compare(o.revenueCompleted, op.revenueCompleted),
    pendingPayouts: { ...compare(totals.payoutsPending, pay.before), amount: totals.payoutsPendingAmount },
    newVendors: compare(v.recent, v.previousRecent),
    growth: { approvalRate, productsPerVendor, averageOrderValue, recentOrders: o.recent },
    ordersByStatus: { pending: o.pending, completed: o.completed, refunded: o.refunded },
    vendorsByStatus: { pending: v.pending, approved: v.approved, rejected: v.rejected },
  }
  // Aggregates without GROUP BY always answer exactly one row: their cross join is one row.
  const joined = <Query extends PgSelect>(query: Query) =>
    query.crossJoin(totals).crossJoin(p).crossJoin(o).crossJoin(op).crossJoin(pay)
  return { selection, v, joined }
}

/** The report's figures as one row: the cards, the growth overview and the status counts. */
function inReportShape<Row extends { growth: unknown; ordersByStatus: unknown; vendorsByStatus: unknown }>(
  row: Row,
): {
  cards: Omit<Row, 'growth' | 'ordersByStatus' | 'vendorsByStatus'>
  growth: Row['growth']
  ordersByStatus: Row['ordersByStatus']
  vendorsByStatus: Row['vendorsByStatus']
} {
  const { growth, ordersByStatus, vendorsByStatus, ...cards } = row
  return { cards, growth, ordersByStatus, vendorsByStatus }
}

async function reportFigures(tx: Tx, scope: AdminScope, bounds: Bounds, buckets: OrderBuckets) {
  const { selection, v, joined } = figureSources(tx, scope, bounds, buckets)
  const [row] = await joined(tx.select(selection).from(v).$dynamic())
  return inReportShape(row!)
}

/** The total of the orders grouped (bigint; PostgreSQL sums to numeric). */
const revenueTotal = sql<number>`sum(${orders.totalAmount})::bigint`.mapWith(Number)

/**
 * Each day of the range with its orders and their total, from the days (or hours) of the range, laid over every
 * day of the range (generate_series), so a day without orders is there with zeros.
 */
function ordersPerDay(tx: Db | Tx, period: PeriodParams, buckets: OrderBuckets) {
  const { table: b, since, until, dayIndex } = buckets
  const perDay = tx
    .select({
      n: dayIndex.as('day_index'),
      orders: summed(b.orders).as('day_orders'),
      revenue: summed(b.amount).as('day_revenue'),
    })
    .from(b)
    .where(and(since, until))
    // By position: the day's expression carries parameters, which PostgreSQL would not match written twice.
    .groupBy(sql`1`)
    .as('per_day')
  return tx
    .select({
      day: sql<string>`to_char((${period.from})::date + g.n, 'YYYY-MM-DD')`.as('day'),
      orders: sql<number>`coalesce(${perDay.orders}, 0)`.mapWith(Number).as('orders'),
      revenue: sql<number>`coalesce(${perDay.revenue}, 0)`.mapWith(Number).as('revenue'),
    })
    .from(sql`generate_series(0, (${period.days})::int - 1) as g(n)`)
    .leftJoin(perDay, sql`${perDay.n} = g.n`)
    .orderBy(sql`g.n`)
}

/**
 * The shops that sold the most within the range, by revenue, then by orders, counted from the range's orders
 * (when its window cannot be used). The orders are ranked on their own first; only the 5 kept are joined to
 * their shops.
 */
async function topVendors(tx: Tx, scope: AdminScope, inRange: SQL | undefined) {
  const ranked = tx
    .select({
      vendorId: orders.vendorId,
      orders: count().as('shop_orders'),
      revenue: revenueTotal.as('shop_revenue'),
    })
    .from(orders)
    .where(and(inRange, ownedBy(orders.vendorId, scope)))
    .groupBy(orders.vendorId)
    .orderBy(desc(revenueTotal), desc(count()), orders.vendorId)
    .limit(LIST_SIZE)
    .as('ranked')
  return tx
    .select({
      vendorId: ranked.vendorId,
      shopName: vendors.shopName,
      orders: ranked.orders,
      revenue: ranked.revenue,
    })
    .from(ranked)
    .innerJoin(vendors, eq(vendors.id, ranked.vendorId))
    .orderBy(desc(ranked.revenue), desc(ranked.orders), ranked.vendorId)
}

/**
 * The products that sold the most within the range, counted from the range's orders (when its window cannot be
 * used). An order keeps its product's name, so a deleted product (its reference gone) still counts, as the
 * name its orders kept, within its shop. Ranked on the orders alone; only the 5 kept are joined to their
 * products and shops for their names. The shop's id and the product's key break the ties left.
 */
async function topProducts(tx: Tx, scope: AdminScope, inRange: SQL | undefined) {
  const keptName = sql<string>`max(${orders.productName})`
  const ranked = tx
    .select({
      vendorId: orders.vendorId,
      productId: orders.productId,
      keptName: keptName.as('kept_name'),
      // The product's key in the report windows (migration 0009): the last tie-breaker, as there.
      productKey: sql<string>`order_product_key(${orders.productId}, ${keptName})`.as('product_key'),
      quantity: sql<number>`sum(${orders.quantity})`.mapWith(Number).as('product_quantity'),
      revenue: revenueTotal.as('product_revenue'),
    })
    .from(orders)
    .where(and(inRange, ownedBy(orders.vendorId, scope)))
    .groupBy(
      orders.vendorId,
      orders.productId,
      sql`case when ${orders.productId} is null then lower(${orders.productName}) end`,
    )
    .orderBy(desc(revenueTotal), keptName, orders.vendorId, sql`product_key`)
    .limit(LIST_SIZE)
    .as('ranked')
  const name = sql<string>`coalesce(${products.name}, ${ranked.keptName})`
  const { productId, quantity, revenue } = ranked
  return tx
    .select({ productId, name, shopName: vendors.shopName, quantity, revenue })
    .from(ranked)
    .innerJoin(vendors, eq(vendors.id, ranked.vendorId))
    .leftJoin(products, eq(products.id, ranked.productId))
    .orderBy(desc(ranked.revenue), name, ranked.vendorId, ranked.productKey)
}

/**
 * The 5 newest rows of a list, newest first (the id breaks ties between rows made in the same instant, so the
 * order never changes between reads), their times as ISO text.
 */
async function newestFive<Row extends { createdAt: Date }>(rows: PromiseLike<Row[]>) {
  return (await rows).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
}

function latestOrders(tx: Db | Tx, scope: AdminScope) {
  const { id, customerName, productName, totalAmount, status, createdAt } = orders
  const shopName = vendors.shopName
  return tx
    .select({ id, customerName, productName, shopName, totalAmount, status, createdAt })
    .from(orders)
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .where(ownedBy(orders.vendorId, scope))
    .orderBy(desc(createdAt), desc(id))
    .limit(LIST_SIZE)
}

function latestVendors(tx: Db | Tx, scope: AdminScope) {
  const { id, shopName, status, createdAt } = vendors
  const owner = { ownerName: users.fullName, ownerEmail: users.email }
  return tx
    .select({ id, shopName, ...owner, status, createdAt })
    .from(vendors)
    .innerJoin(users, ownerOfShop)
    .where(ownedBy(vendors.id, scope))
    .orderBy(desc(createdAt), desc(id))
    .limit(LIST_SIZE)
}

// ── The marketplace's money (docs/decisions/021): its own ledger accounts, per day of the report's zone ──

/** The marketplace's accounts the report sums, by the name the report gives them. */
const moneyAccounts = {
  commission: 'commission_income',
  vat: 'vat_on_commission_payable',
  fees: 'subscription_income',
  adjustments: 'adjustments',
} as const satisfies Record<string, LedgerAccount>

/**
 * What each of those accounts moved on each day of the two ranges that saw a movement, `n` the day's place
 * from the range's first day (-days to days - 1: the previous range's days are negative). From ledger_days, a few
 * rows a day however many sales, when they are counted in the report's zone; otherwise (the days are being
 * recounted in another zone) from the two ranges' lines of those accounts, which their index
 * (ledger_lines_account_created_idx) finds, each placed in its day of the report's zone: the same figures.
 */
function moneyPerDay(
  tx: Db | Tx,
  period: PeriodParams,
  bounds: Bounds,
  source: 'days' | 'lines',
  timeZone: Zone,
) {
  const sums = (account: SQLWrapper, amount: SQLWrapper) => ({
    commission: summed(amount, sql`${account} = ${moneyAccounts.commission}`).as('money_commission'),
    vat: summed(amount, sql`${account} = ${moneyAccounts.vat}`).as('money_vat'),
    fees: summed(amount, sql`${account} = ${moneyAccounts.fees}`).as('money_fees'),
    adjustments: summed(amount, sql`${account} = ${moneyAccounts.adjustments}`).as('money_adjustments'),
  })
  const accounts = Object.values(moneyAccounts)
  const query =
    source === 'days'
      ? tx
          .select({
            n: sql<number>`${ledgerDays.day} - ${period.from}::date`.as('money_day'),
            ...sums(ledgerDays.account, ledgerDays.amount),
          })
          .from(ledgerDays)
          .where(
            and(
              inArray(ledgerDays.account, accounts),
              gte(ledgerDays.day, period.previousFrom),
              lte(ledgerDays.day, period.to),
            ),
          )
      : tx
          .select({
            n: sql<number>`(${ledgerLines.createdAt} at time zone ${timeZone})::date - ${period.from}::date`.as(
              'money_day',
            ),
            ...sums(ledgerLines.account, ledgerLines.amount),
          })
          .from(ledgerLines)
          .where(
            and(
              inArray(ledgerLines.account, accounts),
              within(ledgerLines.createdAt, bounds.previousStart, bounds.end),
            ),
          )
  // By position: the day's expression carries parameters (see ordersPerDay).
  return query.groupBy(sql`1`).as('money_days')
}

/**
 * The marketplace's money over the range beside the previous range, and per day of each, from its days or (while
 * they are counted in another zone) from its lines; what shops owe as it stands (their negative balances: one row
 * per shop in ledger_balances, never their lines). Two statements, in the report's snapshot.
 */
function moneySources(tx: Db | Tx, period: PeriodParams, source: 'days' | 'lines', timeZone: Zone) {
  const d = moneyPerDay(tx, period, boundsOf(period, timeZone), source, timeZone)
  const inRange = sql`${d.n} >= 0`
  const before = sql`${d.n} < 0`
  const m = tx
    .select({
      commission: summed(d.commission, inRange).as('m_commission'),
      previousCommission: summed(d.commission, before).as('m_previous_commission'),
      vat: summed(d.vat, inRange).as('m_vat'),
      previousVat: summed(d.vat, before).as('m_previous_vat'),
      fees: summed(d.fees, inRange).as('m_fees'),
      previousFees: summed(d.fees, before).as('m_previous_fees'),
      adjustments: summed(d.adjustments, inRange).as('m_adjustments'),
      previousAdjustments: summed(d.adjustments, before).as('m_previous_adjustments'),
    })
    .from(d)
    .as('m')
  // A shop's balance is what the marketplace owes it: below 0, the shop owes the marketplace.
  const shop = ledgerBalances
  const owed = tx
    .select({
      amount: summed(sql`-${shop.balance}`).as('owed_amount'),
      shops: count().as('owed_shops'),
    })
    .from(shop)
    .where(and(eq(shop.account, 'vendor_payable'), lt(shop.balance, 0)))
    .as('owed')
  const selection = {
    commission: compare(m.commission, m.previousCommission),
    vat: compare(m.vat, m.previousVat),
    fees: compare(m.fees, m.previousFees),
    adjustments: { value: m.adjustments, previous: m.previousAdjustments },
    owedByShops: owed.amount,
    shopsOwing: owed.shops,
  }
  // Every day of both ranges, the previous range's first (generate_series), a day without movement at zeros.
  const days = tx
    .select({
      day: sql<string>`to_char((${period.from})::date + g.n, 'YYYY-MM-DD')`.as('day'),
      commission: sql<number>`coalesce(${d.commission}, 0)`.mapWith(Number).as('commission'),
      vat: sql<number>`coalesce(${d.vat}, 0)`.mapWith(Number).as('vat'),
      fees: sql<number>`coalesce(${d.fees}, 0)`.mapWith(Number).as('fees'),
    })
    .from(sql`generate_series(-(${period.days})::int, (${period.days})::int - 1) as g(n)`)
    .leftJoin(d, sql`${d.n} = g.n`)
    .orderBy(sql`g.n`)
  // Aggregates without GROUP BY always answer exactly one row: m cross join owed is one row.
  return { selection, m, owed, days }
}

/** Both ranges' days, the previous range's first, as the report's two lists. */
const splitMoneyDays = <Day>(days: readonly Day[], period: Period) => ({
  daily: days.slice(period.days),
  previousDaily: days.slice(0, period.days),
})

export async function marketplaceMoney(
  tx: Tx,
  period: Period,
  source: 'days' | 'lines',
  timeZone: string,
): Promise<ReportMoney> {
  const { selection, m, owed, days } = moneySources(tx, period, source, timeZone)
  const [figures] = await tx.select(selection).from(m).crossJoin(owed)
  return { ...figures!, ...splitMoneyDays(await days, period) }
}

/** Our own field names, as a JSON object's keys written into the statement. */
const jsonKey = (key: string) => {
  if (!/^[A-Za-z]+$/.test(key)) throw new Error(`Not a field name: ${key}`)
  return sql.raw(`'${key}'`)
}

/** A point in time as the API writes it (ISO 8601 in UTC, milliseconds), as `Date.toISOString()` does. */
const isoTime = (column: SQLWrapper) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * The rows of `list` (a subquery) as one JSON array of objects, each key `fields` names with its value, in
 * `order`; [] when there are none.
 */
const jsonRows = <Row>(list: Subquery, fields: Record<string, SQLWrapper>, order: SQL) =>
  sql<Row[]>`(select coalesce(json_agg(json_build_object(${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${jsonKey(key)}, ${value}`),
    sql`, `,
  )}) order by ${order}), '[]'::json) from ${list})`

/**
 * The whole report in one statement, for the ranges whose window and days are ready (almost every read): the
 * figures as one row (figureSources, moneySources), the days and the lists beside them as JSON arrays, and
 * whether the window covers the range and the days are counted in the zone (`ready`; when not, the row is not
 * used: getAdminReport readies them and reads again). One statement sees one snapshot, so the cards, charts and
 * lists agree without a transaction. One statement per length of range the screen offers (its days written
 * in, so each is planned for its own number of days), the range itself its parameters (`from`, `to`,
 * `previousFrom`, `timeZone`): built once per database handle and prepared (db/prepared.ts), PostgreSQL plans it
 * once per connection. The report is the whole marketplace's, the same for every admin (ownedBy adds nothing for an
 * admin), so one statement serves them all.
 */
function reportStatement(db: Db, rangeDays: ReportRange, name: string) {
  const scope: AdminScope = { role: 'admin', userId: 'every admin' }
  const param = (key: string, type: 'date' | 'int' | 'text') =>
    sql`(${sql.placeholder(key)})::${sql.raw(type)}`
  const timeZone = param('timeZone', 'text')
  const period = {
    days: sql`${sql.raw(String(rangeDays))}::int`,
    from: param('from', 'date'),
    to: param('to', 'date'),
    previousFrom: param('previousFrom', 'date'),
  }
  const bounds = boundsOf(period, timeZone)
  const range = { start: bounds.start, end: bounds.end }
  const buckets = orderBuckets('days', period, bounds, timeZone)
  const { selection, v, joined } = figureSources(db, scope, bounds, buckets)
  const money = moneySources(db, period, 'days', timeZone)

  const days = ordersPerDay(db, period, buckets).as('report_days')
  const moneyDays = money.days.as('report_money_days')
  const shops = windowTopVendors(db, scope, period.days, LIST_SIZE).as('report_top_vendors')
  const goods = windowTopProducts(db, scope, period.days, range, LIST_SIZE).as('report_top_products')
  const newOrders = latestOrders(db, scope).as('report_orders')
  const newShops = latestVendors(db, scope).as('report_vendors')
  const report = db
    .select({
      ...selection,
      ...money.selection,
      ready: sql<boolean>`coalesce((${windowCovers(db, period.days, range)}), false)
        and coalesce((${daysCountedIn(db, timeZone)}), false)`,
      days: jsonRows<AdminReport['daily'][number]>(
        days,
        { day: days.day, orders: days.orders, revenue: days.revenue },
        sql`${days.day}`,
      ),
      moneyDays: jsonRows<ReportMoney['daily'][number]>(
        moneyDays,
        { day: moneyDays.day, commission: moneyDays.commission, vat: moneyDays.vat, fees: moneyDays.fees },
        sql`${moneyDays.day}`,
      ),
      topShops: jsonRows<AdminReport['topVendors'][number]>(
        shops,
        { vendorId: shops.vendorId, shopName: shops.shopName, orders: shops.orders, revenue: shops.revenue },
        sql`${shops.revenue} desc, ${shops.orders} desc, ${shops.vendorId}`,
      ),
      topGoods: jsonRows<AdminReport['topProducts'][number]>(
        goods,
        {
          productId: goods.productId,
          name: goods.name,
          shopName: goods.shopName,
          quantity: goods.quantity,
          revenue: goods.revenue,
        },
        sql`${goods.revenue} desc, ${goods.name}, ${goods.vendorId}, ${goods.productKey}`,
      ),
      latestOrders: jsonRows<AdminReport['recentOrders'][number]>(
        newOrders,
        {
          id: newOrders.id,
          customerName: newOrders.customerName,
          productName: newOrders.productName,
          shopName: newOrders.shopName,
          totalAmount: newOrders.totalAmount,
          status: newOrders.status,
          createdAt: isoTime(newOrders.createdAt),
        },
        sql`${newOrders.createdAt} desc, ${newOrders.id} desc`,
      ),
      latestShops: jsonRows<AdminReport['newVendors'][number]>(
        newShops,
        {
          id: newShops.id,
          shopName: newShops.shopName,
          ownerName: newShops.ownerName,
          ownerEmail: newShops.ownerEmail,
          status: newShops.status,
          createdAt: isoTime(newShops.createdAt),
        },
        sql`${newShops.createdAt} desc, ${newShops.id} desc`,
      ),
    })
    .from(v)
    .$dynamic()
  return joined(report).crossJoin(money.m).crossJoin(money.owed).prepare(name)
}

const reportQueries = Object.fromEntries(
  reportRanges.map((range) => [
    range,
    preparedPerDatabase((db, name) => reportStatement(db, range, name), `admin_report_${range}`),
  ]),
) as Record<ReportRange, (db: Db) => ReturnType<typeof reportStatement>>

/** The report from its one statement, or undefined when its window or days are not ready for the range. */
async function readReadyReport(db: Db, period: Period, timeZone: string): Promise<AdminReport | undefined> {
  const { from, to, previousFrom } = period
  // Any other length (a caller of this service's own) is read by the transaction of getAdminReport.
  const query = reportQueries[period.days as ReportRange] as (typeof reportQueries)[ReportRange] | undefined
  if (!query) return undefined
  const [row] = await query(db).execute({ from, to, previousFrom, timeZone })
  if (!row?.ready) return undefined
  const {
    ready: _ready,
    days: daily,
    moneyDays,
    topShops,
    topGoods,
    latestOrders: recentOrders,
    latestShops: newVendors,
    ...rest
  } = row
  const { commission, vat, fees, adjustments, owedByShops, shopsOwing, ...figures } = rest
  const money = { commission, vat, fees, adjustments, owedByShops, shopsOwing }
  return {
    period,
    ...inReportShape(figures),
    daily,
    money: { ...money, ...splitMoneyDays(moneyDays, period) },
    topVendors: topShops,
    topProducts: topGoods,
    recentOrders,
    newVendors,
  }
}

/**
 * /admin/reports: the last `days` Kigali calendar days beside the `days` before them. Every figure is counted
 * and summed by the database (aggregates over the tables, never rows loaded into the server), all of them read
 * from one snapshot so the cards, charts and lists agree: one statement when the range's window and days are
 * ready (readReadyReport), else a read-only, repeatable-read transaction of a statement per part.
 */
export async function getAdminReport(
  db: Db,
  scope: AdminScope,
  query: ReportQuery,
  options: Options,
): Promise<AdminReport> {
  const period = reportPeriod(query.days, options.now ?? new Date(), options.timeZone)
  const ready = await readReadyReport(db, period, options.timeZone)
  if (ready) return ready
  const bounds = boundsOf(period, options.timeZone)
  const inRange = within(orders.createdAt, bounds.start, bounds.end)
  const range = { start: bounds.start, end: bounds.end }
  // The day turned since the window last moved (or the time zone changed, or the range is new): move it, and
  // recount the days if the time zone changed, under one lock; then read again. Should the lock not come in
  // time (docs/decisions/015), the read counts the rankings from the range's orders and the days from the hours
  // (the same figures, slower), in one snapshot.
  await underReportLock(db, async (tx) => {
    await recountDays(tx, options.timeZone)
    await moveWindow(tx, query.days, range)
  })
  const readied = await readReadyReport(db, period, options.timeZone)
  if (readied) return readied
  return db.transaction(
    async (tx): Promise<AdminReport> => {
      const [readiness] = await tx
        .select({
          fromWindow: sql<boolean>`coalesce((${windowCovers(tx, query.days, range)}), false)`,
          fromDays: sql<boolean>`coalesce((${daysCountedIn(tx, options.timeZone)}), false)`,
        })
        .from(sql`(values (1)) as one`)
      const { fromWindow, fromDays } = readiness!
      const buckets = orderBuckets(fromDays ? 'days' : 'hours', period, bounds, options.timeZone)
      return {
        period,
        ...(await reportFigures(tx, scope, bounds, buckets)),
        daily: await ordersPerDay(tx, period, buckets),
        money: await marketplaceMoney(tx, period, fromDays ? 'days' : 'lines', options.timeZone),
        topVendors: fromWindow
          ? await windowTopVendors(tx, scope, query.days, LIST_SIZE)
          : await topVendors(tx, scope, inRange),
        topProducts: fromWindow
          ? await windowTopProductRows(tx, scope, query.days, range, LIST_SIZE)
          : await topProducts(tx, scope, inRange),
        recentOrders: await newestFive(latestOrders(tx, scope)),
        newVendors: await newestFive(latestVendors(tx, scope)),
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

/** The header, in the reader's language. */
export const reportCsvHeader = [
  'admin.reports.csv.figure',
  'admin.reports.csv.value',
  'admin.reports.csv.previous',
  'admin.reports.csv.change',
].map((key) => csvLabel(key))

/** A figure's row: its value, the previous period's and the change, as the cards show them. */
const figureRow = (key: string, { value, previous, change }: ComparedFigure): CsvCell[] => [
  csvLabel(key),
  value,
  previous,
  change,
]
/** A row of one figure for the period alone. */
const periodRow = (key: string, value: CsvValue): CsvCell[] => [csvLabel(key), value, null, null]
const headerRow = (...keys: string[]): CsvCell[] => keys.map((key) => csvLabel(key))

/** The marketplace's money per day, under a header saying whose days they are (the range's or the previous). */
const moneyDaysRows = (dayKey: string, days: ReportMoney['daily']): CsvCell[][] => [
  [],
  headerRow(dayKey, 'moneyReport.csv.dayCommission', 'moneyReport.csv.dayVat', 'moneyReport.csv.dayFees'),
  ...days.map((day): CsvCell[] => [day.day, day.commission, day.vat, day.fees]),
]

/**
 * The report as the rows of its CSV, labelled in the reader's language: the figures (the marketplace's money
 * among them), the days (orders, then the marketplace's money in the range and in the previous range), the top
 * lists.
 */
export function reportCsvRows(report: AdminReport): CsvCell[][] {
  const { period, cards, growth, money } = report
  const fixed = (value: number, decimals: number) => value.toFixed(decimals)
  return [
    [csvLabel('admin.reports.csv.days'), period.days, period.days, null],
    [csvLabel('admin.reports.csv.from'), period.from, period.previousFrom, null],
    [csvLabel('admin.reports.csv.to'), period.to, period.previousTo, null],
    figureRow('admin.reports.csv.vendors', cards.vendors),
    periodRow('admin.reports.csv.activeVendors', cards.vendors.approved),
    periodRow('admin.reports.csv.approvalRate', fixed(growth.approvalRate, 1)),
    figureRow('admin.reports.csv.newVendors', cards.newVendors),
    figureRow('admin.reports.csv.products', cards.products),
    periodRow('admin.reports.csv.productsPerVendor', fixed(growth.productsPerVendor, 1)),
    figureRow('admin.reports.csv.orders', cards.orders),
    periodRow('admin.reports.csv.ordersInPeriod', growth.recentOrders),
    ...(['pending', 'completed', 'refunded'] as const).map((status) =>
      periodRow(`admin.reports.csv.ordersByStatus.${status}`, report.ordersByStatus[status]),
    ),
    figureRow('admin.reports.csv.revenue', cards.revenue),
    periodRow('admin.reports.csv.revenueInPeriod', cards.revenue.recent),
    figureRow('admin.reports.csv.periodRevenue', cards.periodRevenue),
    periodRow('admin.reports.csv.averageOrderValue', fixed(growth.averageOrderValue, 2)),
    figureRow('admin.reports.csv.pendingPayouts', cards.pendingPayouts),
    periodRow('admin.reports.csv.pendingPayoutAmount', cards.pendingPayouts.amount),
    figureRow('moneyReport.csv.commission', money.commission),
    figureRow('moneyReport.csv.vat', money.vat),
    figureRow('moneyReport.csv.fees', money.fees),
    [csvLabel('moneyReport.csv.adjustments'), money.adjustments.value, money.adjustments.previous, null],
    periodRow('moneyReport.csv.owedByShops', money.owedByShops),
    periodRow('moneyReport.csv.shopsOwing', money.shopsOwing),
    [],
    headerRow('admin.reports.csv.day', 'admin.reports.csv.dayOrders', 'admin.reports.csv.dayRevenue'),
    ...report.daily.map((day): CsvCell[] => [day.day, day.orders, day.revenue]),
    ...moneyDaysRows('moneyReport.csv.day', money.daily),
    ...moneyDaysRows('moneyReport.csv.previousDay', money.previousDaily),
    [],
    headerRow('admin.reports.csv.topShop', 'admin.reports.csv.dayOrders', 'admin.reports.csv.dayRevenue'),
    ...report.topVendors.map((shop): CsvCell[] => [shop.shopName, shop.orders, shop.revenue]),
    [],
    headerRow(
      'admin.reports.csv.topProduct',
      'admin.reports.csv.shop',
      'admin.reports.csv.quantity',
      'admin.reports.csv.dayRevenue',
    ),
    ...report.topProducts.map((product): CsvCell[] => [
      product.name,
      product.shopName,
      product.quantity,
      product.revenue,
    ]),
  ]
}

/**
 * The report of a range as CSV (figures, days, top shops and products). Taking a copy of the marketplace's
 * figures is recorded in the audit log, as an export of the audit log is.
 */
export async function exportAdminReport(
  db: Db,
  admin: AdminScope,
  query: ReportQuery,
  options: Options,
): Promise<CsvExport> {
  const now = options.now ?? new Date()
  const report = await getAdminReport(db, admin, query, { ...options, now })
  await recordAudit(db, {
    by: admin,
    action: 'create',
    targetTable: 'exports',
    targetId: randomUUID(),
    details: { export: 'reports', days: query.days, from: report.period.from, to: report.period.to },
  })
  async function* batches() {
    yield reportCsvRows(report)
  }
  return {
    fileName: csvFileName('report', now, options.timeZone),
    header: reportCsvHeader,
    batches: batches(),
  }
}
