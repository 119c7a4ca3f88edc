import { and, eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  marketplaceTotals,
  orderDays,
  orderHours,
  orders,
  products,
  productWindowSales,
  reportCalendar,
  reportWindows,
  vendorTotals,
  vendors,
  vendorWindowSales,
} from '../../src/server/db/schema'
import { findTotalsDrift, rebuildTotals } from '../../src/server/db/totals'
import { getAdminReport } from '../../src/server/reports/reports.service'
import { categories } from '../../src/shared/constants'
import { reportRanges, type ReportRange } from '../../src/shared/schemas/report'
import { adminOf, placeOrder, productInStock } from '../fixtures/commerce'
import { expectStatus } from '../fixtures/factories'
import { insertOrders, registeredVendor } from '../fixtures/money'
import { whileAnOrderChangeIsInFlight } from '../fixtures/report-lock'
import { createTestApp } from '../fixtures/test-app'

/**
 * Dashboards, balances and report cards read running totals instead of summing every order (migration 0008,
 * docs/decisions/007). The database keeps them in the transaction of each change; these tests move every
 * figure through the API and compare the totals with the rows, and show the check finds a wrong total.
 */

let t: Awaited<ReturnType<typeof createTestApp>>
let admin: ReturnType<typeof adminOf>

beforeAll(async () => {
  t = await createTestApp()
  admin = adminOf(t)
})
afterAll(async () => {
  await t?.close()
})

const totalsOf = async (vendorId: string) =>
  (await t.db.select().from(vendorTotals).where(eq(vendorTotals.vendorId, vendorId)))[0]
const shopsByStatus = async () => (await t.db.select().from(marketplaceTotals))[0]!
const hoursOf = (hour: string) =>
  t.db
    .select()
    .from(orderHours)
    .where(eq(orderHours.hour, new Date(hour)))
    .orderBy(orderHours.status)

describe('running totals', () => {
  // A dashboard or a balance read from a total is only right if every change moves the total with it.
  it('follow a shop through its application, products, orders and payouts, each change counted once', async () => {
    const { cookie: adminCookie } = await admin()
    const before = await shopsByStatus()
    const shop = await registeredVendor(t)
    expect(await shopsByStatus()).toMatchObject({ vendorsPending: before.vendorsPending + 1 })

    expectStatus(
      await t.patch(
        `/api/admin/vendors/${shop.vendorId}/status`,
        { status: 'approved' },
        { cookie: adminCookie },
      ),
      200,
      'approve shop',
    )
    expect(await shopsByStatus()).toMatchObject({
      vendorsPending: before.vendorsPending,
      vendorsApproved: before.vendorsApproved + 1,
    })

    const { ids } = await productInStock(t, shop, { price: 7_500, stock: 10 })
    await productInStock(t, shop, { price: 1_000 })
    const placed = [
      await placeOrder(t, adminCookie, ids),
      await placeOrder(t, adminCookie, ids),
      await placeOrder(t, adminCookie, { ...ids, quantity: 2 }),
    ]
    for (const order of placed.slice(0, 2)) {
      expectStatus(
        await t.patch(
          `/api/vendor/orders/${order.id}/status`,
          { status: 'completed' },
          { cookie: shop.cookie },
        ),
        200,
        'complete',
      )
    }
    expectStatus(
      await t.patch(
        `/api/vendor/orders/${placed[1]!.id}/status`,
        { status: 'refunded' },
        { cookie: shop.cookie },
      ),
      200,
      'refund',
    )
    // Completed 7,500, refunded 7,500, pending 15,000 (2 pieces).
    expect(await totalsOf(shop.vendorId)).toMatchObject({
      ordersPending: 1,
      ordersCompleted: 1,
      ordersRefunded: 1,
      amountPending: 15_000,
      amountCompleted: 7_500,
      amountRefunded: 7_500,
    })
    expectStatus(
      await t.delete(`/api/admin/orders/${placed[2]!.id}`, { cookie: adminCookie }),
      200,
      'delete order',
    )

    const request = async (amount: number) =>
      expectStatus(
        await t.post('/api/vendor/payouts', { amount }, { cookie: shop.cookie }),
        201,
        'request payout',
      ).body as { id: string }
    const paid = await request(5_000)
    expectStatus(
      await t.patch(
        `/api/admin/payouts/${paid.id}`,
        { status: 'approved', paymentReference: 'MTN-TX-1' },
        { cookie: adminCookie },
      ),
      200,
      'approve payout',
    )
    const refused = await request(2_000)
    expectStatus(
      await t.patch(`/api/admin/payouts/${refused.id}`, { status: 'rejected' }, { cookie: adminCookie }),
      200,
      'reject payout',
    )
    await request(1_500)

    expect(await totalsOf(shop.vendorId)).toEqual({
      vendorId: shop.vendorId,
      ordersPending: 0,
      ordersCompleted: 1,
      ordersRefunded: 1,
      amountPending: 0,
      amountCompleted: 7_500,
      amountRefunded: 7_500,
      payoutsPending: 1,
      payoutsApproved: 1,
      payoutsRejected: 1,
      payoutsPendingAmount: 1_500,
      payoutsApprovedAmount: 5_000,
      payoutsRejectedAmount: 2_000,
      productsPending: 0,
      productsApproved: 2,
      productsRejected: 0,
    })
    // What the screens read from them: 7,500 completed − 5,000 approved − 1,500 pending.
    const payoutsPage = expectStatus(
      await t.get('/api/vendor/payouts', { cookie: shop.cookie }),
      200,
      'payouts',
    )
    expect(payoutsPage.body).toMatchObject({ availableBalance: 1_000, pendingTotal: 1_500 })
    const dashboard = expectStatus(
      await t.get('/api/vendor/dashboard', { cookie: shop.cookie }),
      200,
      'dashboard',
    )
    expect(dashboard.body.stats).toEqual({
      products: 2,
      orders: 2,
      revenue: 7_500,
      pendingPayouts: 1_500,
      lowStockProducts: 0,
    })
    expect(await findTotalsDrift(t.db)).toEqual([])
  })

  // Reports group orders by Kigali day from hourly totals: an hour must be the UTC hour, whatever the session's zone.
  it('count each order in the UTC hour it was placed, and move it when its time or status changes', async () => {
    const shop = await registeredVendor(t)
    // 21:59:59 UTC is 23:59:59 in Kigali; 22:00 UTC is the next Kigali day.
    const [late] = await insertOrders(t.db, shop.vendorId, [1_000], 'pending')
    const [next] = await insertOrders(t.db, shop.vendorId, [2_000], 'completed')
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Africa/Kigali'`)
      await tx
        .update(orders)
        .set({ createdAt: new Date('2025-03-01T21:59:59Z') })
        .where(eq(orders.id, late!.id))
      await tx
        .update(orders)
        .set({ createdAt: new Date('2025-03-01T22:00:00Z') })
        .where(eq(orders.id, next!.id))
    })
    expect(await hoursOf('2025-03-01T21:00:00Z')).toEqual([
      { hour: new Date('2025-03-01T21:00:00Z'), status: 'pending', orders: 1, amount: 1_000 },
    ])
    expect(await hoursOf('2025-03-01T22:00:00Z')).toEqual([
      { hour: new Date('2025-03-01T22:00:00Z'), status: 'completed', orders: 1, amount: 2_000 },
    ])

    await t.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, late!.id))
    expect(await hoursOf('2025-03-01T21:00:00Z')).toEqual([
      { hour: new Date('2025-03-01T21:00:00Z'), status: 'completed', orders: 1, amount: 1_000 },
      { hour: new Date('2025-03-01T21:00:00Z'), status: 'pending', orders: 0, amount: 0 },
    ])
    expect(await findTotalsDrift(t.db)).toEqual([])
  })

  it('let a shop without orders be removed with its products, leaving nothing behind', async () => {
    const shop = await registeredVendor(t)
    await productInStock(t, shop)
    const before = await shopsByStatus()
    await t.db.delete(vendors).where(eq(vendors.id, shop.vendorId))
    expect(await totalsOf(shop.vendorId)).toBeUndefined()
    expect(await shopsByStatus()).toMatchObject({ vendorsPending: before.vendorsPending - 1 })
    expect(await findTotalsDrift(t.db)).toEqual([])
  })

  // A check that cannot fail proves nothing: a total moved behind the triggers' back is found, and repaired.
  it('find a total that disagrees with its rows, and rebuild every total from the rows', async () => {
    const shop = await registeredVendor(t)
    await insertOrders(t.db, shop.vendorId, [4_000, 6_000])
    await t.db
      .update(vendorTotals)
      .set({ amountCompleted: sql`${vendorTotals.amountCompleted} + 1` })
      .where(eq(vendorTotals.vendorId, shop.vendorId))
    await t.db
      .update(marketplaceTotals)
      .set({ vendorsApproved: sql`${marketplaceTotals.vendorsApproved} + 3` })

    const drift = await findTotalsDrift(t.db)
    expect(drift).toEqual(
      expect.arrayContaining([
        {
          table: 'vendor_totals',
          key: { vendor_id: shop.vendorId },
          figure: 'amount_completed',
          stored: 10_001,
          expected: 10_000,
        },
        expect.objectContaining({ table: 'marketplace_totals', figure: 'vendors_approved' }),
      ]),
    )
    expect(drift).toHaveLength(2)

    await rebuildTotals(t.db)
    expect(await findTotalsDrift(t.db)).toEqual([])
    expect(await totalsOf(shop.vendorId)).toMatchObject({ ordersCompleted: 2, amountCompleted: 10_000 })
  })
})

// ── Report windows (migration 0009, docs/decisions/015) ──

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
/** Rwanda keeps UTC+2 all year: a Kigali day starts at 22:00 UTC the day before. */
const KIGALI_OFFSET = 2 * HOUR
const TIME_ZONE = 'Africa/Kigali'
/** The Kigali midnight that starts the day of `time`. */
const kigaliMidnight = (time: number) => Math.floor((time + KIGALI_OFFSET) / DAY) * DAY - KIGALI_OFFSET
/** Today's Kigali midnight: every time below is placed from it, so a range's ends are known to the millisecond. */
const M0 = kigaliMidnight(Date.now())
/** `day` days from today (negative: ago), at `hour` in Kigali. */
const kigali = (day: number, hour = 12) => new Date(M0 + day * DAY + hour * HOUR)

const anAdmin = { role: 'admin', userId: '00000000-0000-4000-8000-000000000000' } as const
/** The report as the service answers it at `now` (the routes and their guards are tested in admin-reports). */
const reportAt = (now: Date, days: ReportRange) =>
  getAdminReport(t.db, anAdmin, { days }, { timeZone: TIME_ZONE, now })

/** A shop's sales per window: { days: [orders, amount] }. */
async function windowSalesOf(vendorId: string) {
  const rows = await t.db.select().from(vendorWindowSales).where(eq(vendorWindowSales.vendorId, vendorId))
  return Object.fromEntries(rows.map((row) => [row.days, [row.orders, row.amount]]))
}
/** A shop's products' sales in the window of `days`: { product key: [quantity, amount] }. */
async function productSalesOf(vendorId: string, days: ReportRange) {
  const rows = await t.db
    .select()
    .from(productWindowSales)
    .where(and(eq(productWindowSales.vendorId, vendorId), eq(productWindowSales.days, days)))
  return Object.fromEntries(rows.map((row) => [row.productKey, [row.quantity, row.amount]]))
}

/** A product row of `vendorId` (the products service is not what is tested here). */
async function productRowOf(vendorId: string, name: string) {
  const [row] = await t.db.insert(products).values({ vendorId, name, category: categories[0] }).returning()
  return row!
}

type OrderAt = {
  vendorId: string
  productId?: string | null
  name: string
  quantity?: number
  total: number
  at: Date
}
const orderRows = (list: OrderAt[]) =>
  list.length === 0
    ? Promise.resolve([])
    : t.db
        .insert(orders)
        .values(
          list.map((order) => ({
            vendorId: order.vendorId,
            productId: order.productId ?? null,
            productName: order.name,
            sku: 'sku',
            unitPrice: order.total,
            quantity: order.quantity ?? 1,
            totalAmount: order.total,
            customerName: 'Umukiriya',
            customerEmail: 'client@example.rw',
            createdAt: order.at,
          })),
        )
        .returning()

/**
 * The top 5 shops and products of the `days` Kigali days ending on the day of `now`, worked out here from every
 * order in the database, as the report's specification ranks them: shops by revenue, then orders, then id;
 * products (a deleted one by the lower-case name its orders kept, within its shop) by revenue then by the
 * greatest name their orders kept, the 5 then shown by revenue and name; shop id and product key last. Names here are plain ASCII, which
 * every collation orders as JavaScript does.
 */
async function rankingsByHand(now: Date, days: number) {
  const end = kigaliMidnight(now.getTime()) + DAY
  const start = end - days * DAY
  const all = await t.db.select().from(orders)
  const within = all.filter((o) => o.createdAt.getTime() >= start && o.createdAt.getTime() < end)
  const shopNames = new Map(
    (await t.db.select({ id: vendors.id, name: vendors.shopName }).from(vendors)).map((v) => [v.id, v.name]),
  )
  const productNames = new Map(
    (await t.db.select({ id: products.id, name: products.name }).from(products)).map((p) => [p.id, p.name]),
  )
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

  const shops = new Map<string, { vendorId: string; orders: number; revenue: number }>()
  for (const o of within) {
    const shop = shops.get(o.vendorId) ?? { vendorId: o.vendorId, orders: 0, revenue: 0 }
    shop.orders += 1
    shop.revenue += o.totalAmount
    shops.set(o.vendorId, shop)
  }
  const topVendors = [...shops.values()]
    .sort((a, b) => b.revenue - a.revenue || b.orders - a.orders || byText(a.vendorId, b.vendorId))
    .slice(0, 5)
    .map((shop) => ({ ...shop, shopName: shopNames.get(shop.vendorId)! }))

  type Sold = {
    vendorId: string
    productId: string | null
    key: string
    kept: string
    quantity: number
    revenue: number
  }
  const sold = new Map<string, Sold>()
  for (const o of within) {
    const key = o.productId ?? `name:${o.productName.toLowerCase()}`
    const entry = sold.get(`${o.vendorId} ${key}`) ?? {
      vendorId: o.vendorId,
      productId: o.productId,
      key,
      kept: o.productName,
      quantity: 0,
      revenue: 0,
    }
    entry.kept = byText(o.productName, entry.kept) > 0 ? o.productName : entry.kept
    entry.quantity += o.quantity
    entry.revenue += o.totalAmount
    sold.set(`${o.vendorId} ${key}`, entry)
  }
  // The ties left: by shop id, then by product key.
  const lastly = (a: Sold, b: Sold) => byText(a.vendorId, b.vendorId) || byText(a.key, b.key)
  const shown = (entry: Sold) => (entry.productId && productNames.get(entry.productId)) || entry.kept
  const topProducts = [...sold.values()]
    .sort((a, b) => b.revenue - a.revenue || byText(a.kept, b.kept) || lastly(a, b))
    .slice(0, 5)
    .sort((a, b) => b.revenue - a.revenue || byText(shown(a), shown(b)) || lastly(a, b))
    .map((entry) => ({
      productId: entry.productId,
      name: shown(entry),
      shopName: shopNames.get(entry.vendorId)!,
      quantity: entry.quantity,
      revenue: entry.revenue,
    }))
  return { topVendors, topProducts }
}

const rankingsOf = ({ topVendors, topProducts }: Awaited<ReturnType<typeof reportAt>>) => ({
  topVendors,
  topProducts,
})

describe('report windows', () => {
  // The top shops and products of a report are read from these sales: they must move with every order.
  it('keep each shop’s and product’s sales within each window as orders are placed, changed, moved and deleted', async () => {
    // Windows on today's ranges, whatever the migration opened them on.
    for (const days of reportRanges) await reportAt(kigali(0), days)
    const shop = await registeredVendor(t)
    const basket = await productRowOf(shop.vendorId, 'Igiseke')
    const [today, tenDaysAgo, longAgo] = await orderRows([
      {
        vendorId: shop.vendorId,
        productId: basket.id,
        name: 'Igiseke',
        quantity: 2,
        total: 3_000,
        at: kigali(0, 1),
      },
      { vendorId: shop.vendorId, productId: basket.id, name: 'IGISEKE', total: 1_000, at: kigali(-10) },
      { vendorId: shop.vendorId, productId: basket.id, name: 'Igiseke', total: 5_000, at: kigali(-400) },
    ])
    expect(await windowSalesOf(shop.vendorId)).toEqual({
      7: [1, 3_000],
      30: [2, 4_000],
      90: [2, 4_000],
      365: [2, 4_000],
    })
    expect(await productSalesOf(shop.vendorId, 30)).toEqual({ [basket.id]: [3, 4_000] })

    // Moved into the last 7 days, and changed: out of each window at its old figures, in at its new ones.
    await t.db
      .update(orders)
      .set({ createdAt: kigali(-3) })
      .where(eq(orders.id, tenDaysAgo!.id))
    await t.db.update(orders).set({ quantity: 3, totalAmount: 4_500 }).where(eq(orders.id, today!.id))
    expect(await windowSalesOf(shop.vendorId)).toMatchObject({ 7: [2, 5_500], 365: [2, 5_500] })
    expect(await productSalesOf(shop.vendorId, 7)).toEqual({ [basket.id]: [4, 5_500] })

    // Deleted, the product's orders keep its name: they count under it, whatever its case, within the shop.
    await t.db.delete(products).where(eq(products.id, basket.id))
    expect(await productSalesOf(shop.vendorId, 7)).toEqual({
      [basket.id]: [0, 0],
      'name:igiseke': [4, 5_500],
    })
    await t.db.delete(orders).where(eq(orders.id, today!.id))
    await t.db.delete(orders).where(eq(orders.id, longAgo!.id))
    expect(await windowSalesOf(shop.vendorId)).toMatchObject({ 7: [1, 1_000], 365: [1, 1_000] })
    expect(await productSalesOf(shop.vendorId, 90)).toMatchObject({ 'name:igiseke': [1, 1_000] })
    expect(await findTotalsDrift(t.db)).toEqual([])

    // A check that cannot fail proves nothing: a sale moved behind the trigger's back is found, and repaired.
    await t.db
      .update(productWindowSales)
      .set({ amount: sql`${productWindowSales.amount} + 1` })
      .where(and(eq(productWindowSales.vendorId, shop.vendorId), eq(productWindowSales.days, 30)))
    const drift = await findTotalsDrift(t.db)
    expect(drift).toEqual(
      expect.arrayContaining([
        {
          table: 'product_window_sales',
          key: { days: '30', vendor_id: shop.vendorId, product_key: basket.id },
          figure: 'amount',
          stored: 1,
          expected: 0,
        },
        {
          table: 'product_window_sales',
          key: { days: '30', vendor_id: shop.vendorId, product_key: 'name:igiseke' },
          figure: 'amount',
          stored: 1_001,
          expected: 1_000,
        },
      ]),
    )
    expect(drift).toHaveLength(2)
    await rebuildTotals(t.db)
    expect(await findTotalsDrift(t.db)).toEqual([])

    // Ten days on, the shop has sold nothing within the last 7 days: the window moved, its rows there are gone.
    await reportAt(kigali(10), 7)
    expect(await windowSalesOf(shop.vendorId)).not.toHaveProperty('7')
    expect(await productSalesOf(shop.vendorId, 7)).toEqual({})
    expect(await windowSalesOf(shop.vendorId)).toMatchObject({ 30: [1, 1_000] })
  })

  // The cut of the top 5 falls among products of equal revenue: the name their orders kept decides, as it
  // always has, and the 5 are then shown by their own names.
  it('break a tie at the cut of the top 5 by the name the orders kept', async () => {
    const shop = await registeredVendor(t)
    // Three years ago, where no other test's orders are.
    const day = -1_100
    const tied = []
    for (let n = 1; n <= 7; n += 1) tied.push(await productRowOf(shop.vendorId, `tie ${n}`))
    const best = await productRowOf(shop.vendorId, 'best')
    await orderRows([
      { vendorId: shop.vendorId, productId: best.id, name: 'best', total: 2_000, at: kigali(day) },
      // Product n's order kept the name `kept 8-n`: the later products come first by kept name.
      ...tied.map((product, index) => ({
        vendorId: shop.vendorId,
        productId: product.id,
        name: `kept ${7 - index}`,
        total: 1_000,
        at: kigali(day),
      })),
    ])
    const now = kigali(day)
    const { topProducts } = await reportAt(now, 7)
    expect(topProducts.map((product) => product.name)).toEqual(['best', 'tie 4', 'tie 5', 'tie 6', 'tie 7'])
    expect(rankingsOf(await reportAt(now, 7))).toEqual(await rankingsByHand(now, 7))
  })

  // A window covers fixed instants: the report moves it when the day turns, and the lists must not notice.
  it('move with the days, and rank the same shops and products as the orders say, on any day and range', async () => {
    const shops = [await registeredVendor(t), await registeredVendor(t), await registeredVendor(t)]
    const letters = fc.constantFrom('k', 'm', 'n', 's', 'z')
    const anOrder = fc.record({
      shop: fc.nat({ max: 2 }),
      // A product of the shop (2 each), or none: an order of a product deleted long ago.
      product: fc.option(fc.nat({ max: 1 }), { nil: null }),
      // The name the order kept: the product's, or another it had when ordered (renamed since).
      name: fc.option(fc.string({ unit: letters, minLength: 1, maxLength: 2 }), { nil: null }),
      quantity: fc.integer({ min: 1, max: 3 }),
      // Few amounts, so that shops and products tie.
      total: fc.constantFrom(0, 1_000, 1_000, 1_000, 2_000),
      // Most within the last week (ties at the cut of the top 5), some as far back as the year before.
      day: fc.oneof(fc.integer({ min: -6, max: 0 }), fc.integer({ min: -420, max: 2 })),
      hour: fc.nat({ max: 23 }),
    })
    const anAsk = fc.record({
      day: fc.integer({ min: -30, max: 400 }),
      days: fc.constantFrom(...reportRanges),
    })
    let run = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(anOrder, { maxLength: 40 }),
        fc.array(fc.nat({ max: 5 }), { maxLength: 2 }),
        fc.array(anAsk, { minLength: 1, maxLength: 3 }),
        async (list, deletions, asks) => {
          run += 1
          const made: (typeof products.$inferSelect)[][] = []
          for (const shop of shops) {
            made.push([
              await productRowOf(shop.vendorId, `pa${run}`),
              await productRowOf(shop.vendorId, `pb${run}`),
            ])
          }
          const placed = await orderRows(
            list.map((order) => {
              const product = order.product === null ? null : made[order.shop]![order.product]!
              return {
                vendorId: shops[order.shop]!.vendorId,
                productId: product?.id ?? null,
                name: order.name ?? product?.name ?? 'gone',
                quantity: order.quantity,
                total: order.total,
                at: kigali(order.day, order.hour),
              }
            }),
          )
          try {
            for (const index of deletions) {
              await t.db.delete(products).where(eq(products.id, made.flat()[index]!.id))
            }
            for (const ask of asks) {
              const now = kigali(ask.day, 12)
              expect(rankingsOf(await reportAt(now, ask.days))).toEqual(await rankingsByHand(now, ask.days))
            }
            expect(await findTotalsDrift(t.db)).toEqual([])
          } finally {
            // Each run starts from the same orders, so that a failure shrinks to its own.
            for (const order of placed) await t.db.delete(orders).where(eq(orders.id, order.id))
            for (const product of made.flat()) await t.db.delete(products).where(eq(products.id, product.id))
          }
        },
      ),
      { numRuns: 15 },
    )
  }, 180_000)

  // Orders keep coming while a report moves a window: each is counted under the window as it stood before the
  // move or as it is after, never both, never neither. On PostgreSQL the requests truly overlap.
  it('stay exact while orders are placed as the day turns, and turns back', async () => {
    const { cookie } = await admin()
    const shop = await registeredVendor(t)
    expectStatus(
      await t.patch(`/api/admin/vendors/${shop.vendorId}/status`, { status: 'approved' }, { cookie }),
      200,
      'approve shop',
    )
    const { ids } = await productInStock(t, shop, { price: 1_000, stock: 50 })
    await Promise.all([
      ...Array.from({ length: 10 }, () => placeOrder(t, cookie, ids)),
      reportAt(kigali(1), 7),
      reportAt(kigali(0), 7),
      reportAt(kigali(1), 30),
      reportAt(kigali(2), 7),
      reportAt(kigali(0), 30),
    ])
    expect(await findTotalsDrift(t.db)).toEqual([])
    expect(rankingsOf(await reportAt(kigali(0), 7))).toEqual(await rankingsByHand(kigali(0), 7))
    expect(await windowSalesOf(shop.vendorId)).toMatchObject({ 7: [10, 10_000], 30: [10, 10_000] })
  })

  // A report never waits long on the orders in flight: past the wait, it counts its lists from the orders.
  // (PGlite runs one transaction at a time: no other can hold the lock while a report runs.)
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'count the rankings from the orders, the same lists, when a window cannot move in time',
    async () => {
      const windowOf = async () =>
        (await t.db.select().from(reportWindows).where(eq(reportWindows.days, 7)))[0]
      await reportAt(kigali(0), 7)
      const before = await windowOf()
      await whileAnOrderChangeIsInFlight(t.db, async () => {
        const started = Date.now()
        const report = await reportAt(kigali(3), 7)
        expect(Date.now() - started).toBeGreaterThanOrEqual(2_900)
        expect(rankingsOf(report)).toEqual(await rankingsByHand(kigali(3), 7))
        expect(report.topVendors.length).toBeGreaterThan(0)
        // The window stayed where it was, for the next report to move.
        expect(await windowOf()).toEqual(before)
      })
    },
    30_000,
  )
})

// ── Report days (migration 0013, docs/decisions/016) ──

const calendarZone = async () => (await t.db.select().from(reportCalendar))[0]?.timeZone
/** The report of `days` days ending on the day of `now`, in `timeZone`. */
const reportIn = (timeZone: string, now: Date, days: ReportRange) =>
  getAdminReport(t.db, anAdmin, { days }, { timeZone, now })

/**
 * The report's chart and status counts worked out here from every order in the database: the `days` days ending
 * on the day of `now` in a zone `offset` hours east of UTC (one without summer time).
 */
async function dailyByHand(now: Date, days: number, offset: number) {
  const dayOf = (time: number) => Math.floor((time + offset * HOUR) / DAY)
  const last = dayOf(now.getTime())
  const daily = Array.from({ length: days }, (_, n) => ({
    day: new Date((last - days + 1 + n) * DAY).toISOString().slice(0, 10),
    orders: 0,
    revenue: 0,
  }))
  const ordersByStatus = { pending: 0, completed: 0, refunded: 0 }
  for (const order of await t.db.select().from(orders)) {
    const n = dayOf(order.createdAt.getTime()) - (last - days + 1)
    if (n < 0 || n >= days) continue
    daily[n]!.orders += 1
    daily[n]!.revenue += order.totalAmount
    ordersByStatus[order.status] += 1
  }
  return { daily, ordersByStatus }
}
const dailyOf = ({ daily, ordersByStatus }: Awaited<ReturnType<typeof reportAt>>) => ({
  daily,
  ordersByStatus,
})

describe('report days', () => {
  // The report's chart and status counts read these days: every order must be in its Kigali day and status.
  it('count each order in its day of the marketplace’s time zone, moving it with its time and status', async () => {
    const shop = await registeredVendor(t)
    // Kigali 23:30 is 21:30 UTC, the same day; Kigali 00:30 is 22:30 UTC, the day before.
    const [late, early, older] = await orderRows([
      { vendorId: shop.vendorId, name: 'late', total: 1_000, at: kigali(-2, 23.5) },
      { vendorId: shop.vendorId, name: 'early', total: 2_000, at: kigali(-1, 0.5) },
      { vendorId: shop.vendorId, name: 'older', total: 4_000, at: kigali(-5, 9) },
    ])
    expect(await calendarZone()).toBe(TIME_ZONE)
    expect(dailyOf(await reportAt(kigali(0), 7))).toEqual(await dailyByHand(kigali(0), 7, 2))

    await t.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, late!.id))
    await t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, older!.id))
    await t.db
      .update(orders)
      .set({ createdAt: kigali(-3, 0.5), totalAmount: 2_500 })
      .where(eq(orders.id, early!.id))
    const report = await reportAt(kigali(0), 7)
    expect(dailyOf(report)).toEqual(await dailyByHand(kigali(0), 7, 2))
    expect(await findTotalsDrift(t.db)).toEqual([])
  })

  // A check that cannot fail proves nothing: the chart must come from the days, and a wrong day must be found.
  it('read the chart from the days, where the check finds a day changed behind the triggers’ back', async () => {
    const shop = await registeredVendor(t)
    await orderRows([{ vendorId: shop.vendorId, name: 'one', total: 3_000, at: kigali(-1, 10) }])
    const yesterday = (await dailyByHand(kigali(0), 7, 2)).daily[5]!
    await t.db
      .update(orderDays)
      .set({ orders: sql`${orderDays.orders} + 7` })
      .where(and(eq(orderDays.day, yesterday.day), eq(orderDays.status, 'pending')))
    const shown = (await reportAt(kigali(0), 7)).daily[5]
    expect(shown).toEqual({ ...yesterday, orders: yesterday.orders + 7 })
    expect(await findTotalsDrift(t.db)).toEqual([
      {
        table: 'order_days',
        key: { day: yesterday.day, status: 'pending' },
        figure: 'orders',
        stored: expect.any(Number),
        expected: expect.any(Number),
      },
    ])
    await rebuildTotals(t.db)
    expect(await findTotalsDrift(t.db)).toEqual([])
    expect((await reportAt(kigali(0), 7)).daily[5]).toEqual(yesterday)
  })

  // The time zone is a setting: a report in another one recounts the days in it first, and in the old one again.
  it('recount the days when the report’s time zone changes, and again when it changes back', async () => {
    const shop = await registeredVendor(t)
    // 23:00 UTC: the next day in Kigali, the same day in UTC.
    await orderRows([
      { vendorId: shop.vendorId, name: 'night', total: 5_000, at: kigali(-2, 1) },
      { vendorId: shop.vendorId, name: 'noon', total: 6_000, at: kigali(-2, 12) },
    ])
    const utc = await reportIn('UTC', kigali(0), 7)
    expect(await calendarZone()).toBe('UTC')
    expect(dailyOf(utc)).toEqual(await dailyByHand(kigali(0), 7, 0))
    expect(await findTotalsDrift(t.db)).toEqual([])
    // Orders placed meanwhile are counted in the new zone's days.
    await orderRows([{ vendorId: shop.vendorId, name: 'later', total: 7_000, at: kigali(-1, 1) }])
    expect(dailyOf(await reportIn('UTC', kigali(0), 7))).toEqual(await dailyByHand(kigali(0), 7, 0))
    expect(await findTotalsDrift(t.db)).toEqual([])

    const back = await reportAt(kigali(0), 7)
    expect(await calendarZone()).toBe(TIME_ZONE)
    expect(dailyOf(back)).toEqual(await dailyByHand(kigali(0), 7, 2))
    expect(await findTotalsDrift(t.db)).toEqual([])
  })

  // A recount waits for the order changes in flight, at most 3 s; past that the report groups the UTC hours
  // into its days instead, the same figures. (PGlite runs one transaction at a time.)
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'count the chart from the hours, the same figures, when the days cannot be recounted in time',
    async () => {
      const shop = await registeredVendor(t)
      await orderRows([{ vendorId: shop.vendorId, name: 'dusk', total: 8_000, at: kigali(-1, 1) }])
      await whileAnOrderChangeIsInFlight(t.db, async () => {
        const started = Date.now()
        const report = await reportIn('UTC', kigali(0), 7)
        expect(Date.now() - started).toBeGreaterThanOrEqual(2_900)
        expect(dailyOf(report)).toEqual(await dailyByHand(kigali(0), 7, 0))
        expect(await calendarZone()).toBe(TIME_ZONE)
      })
      expect(dailyOf(await reportIn('UTC', kigali(0), 7))).toEqual(await dailyByHand(kigali(0), 7, 0))
      expect(await calendarZone()).toBe('UTC')
      await reportAt(kigali(0), 7)
      expect(await calendarZone()).toBe(TIME_ZONE)
    },
    30_000,
  )
})
