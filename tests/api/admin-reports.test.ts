import { and, eq, gte, lt, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { auditLogs, orders, payouts, products, vendors } from '../../src/server/db/schema'
import { expectError } from '../fixtures/expect-error'
import { createProduct, registeredVendor, rowCount, type RegisteredVendor } from '../fixtures/commerce'
import { theAdmin } from '../fixtures/money'
import { parseCsv } from '../fixtures/read-files'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
/** Rwanda keeps UTC+2 all year (no daylight saving): a Kigali day starts at 22:00 UTC the day before. */
const KIGALI_OFFSET = 2 * HOUR

/**
 * The report is asked for at a pinned moment: noon in Kigali today. M0 is today's Kigali midnight; every row
 * is placed relative to it, so the range's ends are known to the millisecond whatever the hour of the run.
 */
const M0 = Math.floor((Date.now() + KIGALI_OFFSET) / DAY) * DAY - KIGALI_OFFSET
const NOW = new Date(M0 + 12 * HOUR)
/** Noon in Kigali `n` days ago. */
const daysAgo = (n: number) => new Date(M0 - n * DAY + 12 * HOUR)
/** The Kigali calendar day `n` days ago, written as the report writes it (YYYY-MM-DD). */
const kigaliDay = (n: number) => new Date(M0 - n * DAY + KIGALI_OFFSET).toISOString().slice(0, 10)
/** The first instant of the 7-day range (today and the 6 days before it). */
const START_7 = new Date(M0 - 6 * DAY)
const justBefore = (date: Date) => new Date(date.getTime() - 1)

/** GET a report path with the server's clock pinned at `now` (only Date is faked; timers and I/O run as usual). */
async function getAt(path: string, cookie: string | undefined, now = NOW) {
  vi.useFakeTimers({ toFake: ['Date'], now })
  try {
    return await t.get(path, cookie ? { cookie } : {})
  } finally {
    vi.useRealTimers()
  }
}
const report = (cookie: string | undefined, query = '') => getAt(`/api/admin/reports${query}`, cookie)
const exportOf = (cookie: string | undefined, query = '') =>
  getAt(`/api/admin/reports/export${query}`, cookie)

/**
 * The export as a browser receives it: the bytes decoded keeping the byte-order mark (the test client's text
 * has it decoded away).
 */
async function download(cookie: string, query: string) {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW })
  try {
    const connection = { incoming: { socket: { remoteAddress: '10.9.9.9', remotePort: 40000 } } }
    const response = await t.app.request(
      `/api/admin/reports/export${query}`,
      { headers: { cookie } },
      connection as never,
    )
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
    return { status: response.status, headers: response.headers, text }
  } finally {
    vi.useRealTimers()
  }
}

const setVendor = (vendor: RegisteredVendor, values: Partial<typeof vendors.$inferInsert>) =>
  t.db.update(vendors).set(values).where(eq(vendors.id, vendor.vendorId))

/** An order as the orders service leaves it, at a chosen time (the orders service is not what is tested here). */
async function order(
  vendor: RegisteredVendor,
  values: {
    total: number
    at: Date
    productId?: string | null
    quantity?: number
    status?: 'pending' | 'completed' | 'refunded'
    name?: string
  },
) {
  const quantity = values.quantity ?? 1
  const [row] = await t.db
    .insert(orders)
    .values({
      vendorId: vendor.vendorId,
      productId: values.productId ?? null,
      productName: values.name ?? 'Agaseke',
      sku: 'agaseke-default',
      unitPrice: Math.round(values.total / quantity),
      quantity,
      totalAmount: values.total,
      customerName: 'Umukiriya',
      customerEmail: 'client@example.rw',
      status: values.status ?? 'completed',
      createdAt: values.at,
    })
    .returning()
  return row!
}

/** A product of an approved shop, made through the API, then dated. */
async function productOf(vendor: RegisteredVendor, at: Date) {
  const product = await createProduct(t, vendor.cookie)
  await t.db.update(products).set({ createdAt: at }).where(eq(products.id, product.id))
  return product
}

describe('GET /api/admin/reports', () => {
  // Before anything is seeded: every divisor is at least 1 (no division by zero, no NaN), sums over no rows are 0.
  it('answers zeros, no comparison and seven empty days on an empty marketplace', async () => {
    const admin = await theAdmin(t)
    const response = await report(admin.cookie)
    expect(response.status, response.text).toBe(200)
    const none = { value: 0, previous: 0, change: null }
    expect(response.body).toEqual({
      period: {
        days: 7,
        from: kigaliDay(6),
        to: kigaliDay(0),
        previousFrom: kigaliDay(13),
        previousTo: kigaliDay(7),
      },
      cards: {
        vendors: { ...none, approved: 0, activePercent: 0 },
        products: { ...none, perVendor: 0 },
        orders: { ...none, recent: 0 },
        revenue: { ...none, perOrder: 0, recent: 0 },
        periodRevenue: none,
        pendingPayouts: { ...none, amount: 0 },
        newVendors: none,
      },
      growth: { approvalRate: 0, productsPerVendor: 0, averageOrderValue: 0, recentOrders: 0 },
      daily: [6, 5, 4, 3, 2, 1, 0].map((n) => ({ day: kigaliDay(n), orders: 0, revenue: 0 })),
      money: {
        commission: none,
        vat: none,
        fees: none,
        adjustments: { value: 0, previous: 0 },
        owedByShops: 0,
        shopsOwing: 0,
        daily: [6, 5, 4, 3, 2, 1, 0].map((n) => ({ day: kigaliDay(n), commission: 0, vat: 0, fees: 0 })),
        previousDaily: [13, 12, 11, 10, 9, 8, 7].map((n) => ({
          day: kigaliDay(n),
          commission: 0,
          vat: 0,
          fees: 0,
        })),
      },
      ordersByStatus: { pending: 0, completed: 0, refunded: 0 },
      vendorsByStatus: { pending: 0, approved: 0, rejected: 0 },
      topVendors: [],
      topProducts: [],
      recentOrders: [],
      newVendors: [],
    })
  })

  describe('on a seeded marketplace', () => {
    let admin: Awaited<ReturnType<typeof theAdmin>>
    let a: RegisteredVendor, b: RegisteredVendor, c: RegisteredVendor, d: RegisteredVendor
    let e: RegisteredVendor, g: RegisteredVendor
    const ids: Record<string, string> = {}

    /**
     * Seven vendors, five products, seven orders and five payout requests, each placed so that one figure
     * moves if a boundary or a filter is wrong. The 7-day range starts at START_7 (Kigali midnight, 22:00 UTC).
     */
    beforeAll(async () => {
      admin = await theAdmin(t)
      a = await registeredVendor(t, { status: 'approved' })
      b = await registeredVendor(t, { status: 'approved' })
      g = await registeredVendor(t, { status: 'approved' })
      c = await registeredVendor(t)
      d = await registeredVendor(t, { status: 'rejected' })
      e = await registeredVendor(t)
      const f = await registeredVendor(t, { status: 'rejected' })
      await setVendor(a, { createdAt: daysAgo(20) })
      await setVendor(b, { createdAt: daysAgo(10) }) // the previous range
      await setVendor(g, { createdAt: daysAgo(40) })
      await setVendor(c, { createdAt: daysAgo(3) }) // in range
      await setVendor(d, { createdAt: START_7 }) // in range: its first instant
      await setVendor(e, { createdAt: justBefore(START_7) }) // the previous range's last instant
      await setVendor(f, { createdAt: daysAgo(30) })

      const p1 = await productOf(a, daysAgo(20))
      const p2 = await productOf(a, daysAgo(2))
      const p3 = await productOf(b, daysAgo(10))
      const p4 = await productOf(b, justBefore(START_7))
      const p5 = await productOf(g, daysAgo(0))
      Object.assign(ids, { p1: p1.id, p2: p2.id, p3: p3.id, p4: p4.id, p5: p5.id })

      // In range: 10,000 + 2,500 + 40,000 + 1,001 = 53,501 over 4 orders of every status.
      ids.o1 = (await order(a, { total: 10_000, quantity: 2, at: daysAgo(1), productId: p1.id })).id
      ids.o2 = (await order(a, { total: 2_500, at: START_7, productId: p2.id, status: 'pending' })).id
      ids.o3 = (
        await order(b, {
          total: 40_000,
          quantity: 3,
          at: new Date(M0 + 9 * HOUR),
          productId: p3.id,
          status: 'refunded',
        })
      ).id
      // 01:00 in Kigali today is 23:00 UTC yesterday: it belongs to today's bucket.
      ids.o4 = (await order(g, { total: 1_001, at: new Date(M0 + HOUR), productId: p5.id })).id
      // The previous range: 5,000 + 7,000.
      ids.o5 = (await order(a, { total: 5_000, at: justBefore(START_7), productId: p1.id })).id
      ids.o6 = (await order(b, { total: 7_000, at: daysAgo(8), productId: p4.id })).id
      // Older still, of a product since deleted: the order kept its name.
      ids.o7 = (await order(g, { total: 3_000, at: daysAgo(20), name: 'Ikibindi cyasibwe' })).id

      const payout = (vendor: RegisteredVendor, values: Omit<typeof payouts.$inferInsert, 'vendorId'>) =>
        t.db.insert(payouts).values({ ...values, vendorId: vendor.vendorId })
      await payout(a, { amount: 1_000, status: 'pending', requestedAt: daysAgo(3) })
      await payout(b, { amount: 2_000, status: 'pending', requestedAt: daysAgo(10) })
      await payout(a, { amount: 500, status: 'pending', requestedAt: new Date(NOW.getTime() - HOUR) })
      // Waiting when the range began, decided since.
      await payout(b, {
        amount: 4_000,
        status: 'approved',
        requestedAt: daysAgo(10),
        processedAt: daysAgo(2),
      })
      // Decided before the range began.
      await payout(g, {
        amount: 8_000,
        status: 'rejected',
        requestedAt: daysAgo(12),
        processedAt: daysAgo(8),
      })
    })

    // Specification §9: approval rate and averages with the divisor at least 1, revenue over every order.
    it('counts the six cards and the growth overview, each beside the previous period', async () => {
      const response = await report(admin.cookie)
      expect(response.status, response.text).toBe(200)
      expect(response.body.cards).toEqual({
        // 7 vendors, 5 of them there before the range began: +40%; 3 approved of 7 = 42.857… → 42.9.
        vendors: { value: 7, previous: 5, change: 40, approved: 3, activePercent: 42.9 },
        // 5 products, 3 before: +66.666… → 66.7; 5 / 3 approved vendors = 1.666… → 1.7.
        products: { value: 5, previous: 3, change: 66.7, perVendor: 1.7 },
        // 7 orders, 3 before: +133.3%; 4 within the range (the one at its first instant included).
        orders: { value: 7, previous: 3, change: 133.3, recent: 4 },
        // 68,501 in all, 15,000 before: +356.673… → 356.7; 68,501 / 7 = 9,785.857… → 9,785.86.
        revenue: { value: 68_501, previous: 15_000, change: 356.7, perOrder: 9_785.86, recent: 53_501 },
        // The range's completed orders: 10,000 + 1,001 (the pending 2,500 and refunded 40,000 left out); the
        // previous range's: 5,000 + 7,000. (11,001 - 12,000) / 12,000 = -8.325 → -8.3.
        periodRevenue: { value: 11_001, previous: 12_000, change: -8.3 },
        // Pending now: 1,000 + 2,000 + 500; pending when the range began: the 2,000 and the 4,000 decided since.
        pendingPayouts: { value: 3, previous: 2, change: 50, amount: 3_500 },
        // New within the range: c and d (at its first instant); within the previous: b and e (at its last).
        newVendors: { value: 2, previous: 2, change: 0 },
      })
      expect(response.body.growth).toEqual({
        approvalRate: 42.9,
        productsPerVendor: 1.7,
        averageOrderValue: 9_785.86,
        recentOrders: 4,
      })
      expect(response.body.vendorsByStatus).toEqual({ pending: 2, approved: 3, rejected: 2 })
      expect(response.body.ordersByStatus).toEqual({ pending: 1, completed: 2, refunded: 1 })
    })

    // Report days are Kigali calendar days: a UTC day would move the orders near midnight to the wrong bar.
    it('gives every day of the range, oldest first, days without orders at 0, on the Kigali calendar', async () => {
      const response = await report(admin.cookie)
      expect(response.body.period).toEqual({
        days: 7,
        from: kigaliDay(6),
        to: kigaliDay(0),
        previousFrom: kigaliDay(13),
        previousTo: kigaliDay(7),
      })
      expect(response.body.daily).toEqual([
        { day: kigaliDay(6), orders: 1, revenue: 2_500 },
        { day: kigaliDay(5), orders: 0, revenue: 0 },
        { day: kigaliDay(4), orders: 0, revenue: 0 },
        { day: kigaliDay(3), orders: 0, revenue: 0 },
        { day: kigaliDay(2), orders: 0, revenue: 0 },
        { day: kigaliDay(1), orders: 1, revenue: 10_000 },
        { day: kigaliDay(0), orders: 2, revenue: 41_001 },
      ])
    })

    it('ranks the shops and products of the range by revenue, and lists the 5 newest orders and vendors', async () => {
      const response = await report(admin.cookie)
      expect(response.body.topVendors).toEqual([
        { vendorId: b.vendorId, shopName: b.shopName, orders: 1, revenue: 40_000 },
        { vendorId: a.vendorId, shopName: a.shopName, orders: 2, revenue: 12_500 },
        { vendorId: g.vendorId, shopName: g.shopName, orders: 1, revenue: 1_001 },
      ])
      expect(
        response.body.topProducts.map((p: { productId: string; quantity: number; revenue: number }) => [
          p.productId,
          p.quantity,
          p.revenue,
        ]),
      ).toEqual([
        [ids.p3, 3, 40_000],
        [ids.p1, 2, 10_000],
        [ids.p2, 1, 2_500],
        [ids.p5, 1, 1_001],
      ])
      expect(response.body.topProducts[0]).toMatchObject({ shopName: b.shopName })
      expect(response.body.recentOrders.map((o: { id: string }) => o.id)).toEqual([
        ids.o3,
        ids.o4,
        ids.o1,
        ids.o2,
        ids.o5,
      ])
      expect(response.body.recentOrders[0]).toEqual({
        id: ids.o3,
        customerName: 'Umukiriya',
        productName: 'Agaseke',
        shopName: b.shopName,
        totalAmount: 40_000,
        status: 'refunded',
        createdAt: new Date(M0 + 9 * HOUR).toISOString(),
      })
      expect(response.body.newVendors.map((v: { id: string }) => v.id)).toEqual([
        c.vendorId,
        d.vendorId,
        e.vendorId,
        b.vendorId,
        a.vendorId,
      ])
      expect(response.body.newVendors[1]).toEqual({
        id: d.vendorId,
        shopName: d.shopName,
        ownerName: d.input.fullName,
        ownerEmail: d.email,
        status: 'rejected',
        createdAt: START_7.toISOString(),
      })
    })

    it('widens to 30 days: the older orders join the range, and a deleted product counts under the name its order kept', async () => {
      const response = await report(admin.cookie, '?days=30')
      expect(response.status, response.text).toBe(200)
      expect(response.body.period).toMatchObject({ days: 30, from: kigaliDay(29), previousTo: kigaliDay(30) })
      expect(response.body.daily).toHaveLength(30)
      expect(response.body.daily[0]).toEqual({ day: kigaliDay(29), orders: 0, revenue: 0 })
      expect(response.body.daily[9]).toEqual({ day: kigaliDay(20), orders: 1, revenue: 3_000 })
      // All 7 orders fall within 30 days: nothing before to compare with.
      expect(response.body.cards.orders).toEqual({ value: 7, previous: 0, change: null, recent: 7 })
      // f (30 days ago) and g (40) were there before the range began; the rest are new.
      expect(response.body.cards.vendors).toMatchObject({ value: 7, previous: 2, change: 250 })
      expect(response.body.cards.newVendors).toEqual({ value: 5, previous: 2, change: 150 })
      expect(response.body.topProducts).toContainEqual({
        productId: null,
        name: 'Ikibindi cyasibwe',
        shopName: g.shopName,
        quantity: 1,
        revenue: 3_000,
      })
    })

    // The period's revenue moves with the period (the total does not): the completed orders placed within it,
    // as the rows themselves add up.
    it("gives the period's revenue for 30 days: the sum of its completed orders' totals, as the rows say", async () => {
      const response = await report(admin.cookie, '?days=30')
      expect(response.status, response.text).toBe(200)
      const start = new Date(M0 - 29 * DAY)
      const [fromRows] = await t.db
        .select({ total: sql<number>`coalesce(sum(${orders.totalAmount}), 0)::bigint`.mapWith(Number) })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'completed'),
            gte(orders.createdAt, start),
            lt(orders.createdAt, new Date(M0 + DAY)),
          ),
        )
      expect(fromRows!.total).toBeGreaterThan(0)
      expect(response.body.cards.periodRevenue).toEqual({ value: fromRows!.total, previous: 0, change: null })
      // Of the seeded orders: 10,000 + 1,001 + 5,000 + 7,000 + 3,000 completed, the pending and refunded left out.
      expect(fromRows!.total).toBe(26_001)
      // The total beside it counts every order of every status, whatever the period.
      expect(response.body.cards.revenue.value).toBe(68_501)
      expect((await report(admin.cookie, '?days=90')).body.cards.revenue.value).toBe(68_501)
    })

    // No arrow when there is nothing before: a percent of 0 is not a number.
    it('gives no change over a year, when nothing was there before the range began', async () => {
      const response = await report(admin.cookie, '?days=365')
      expect(response.body.daily).toHaveLength(365)
      expect(response.body.cards.vendors).toMatchObject({ value: 7, previous: 0, change: null })
      expect(response.body.cards.revenue).toMatchObject({
        value: 68_501,
        previous: 0,
        change: null,
        recent: 68_501,
      })
    })

    it('keeps the top lists to 5, most revenue first', async () => {
      for (const [index, total] of [900, 800, 700, 600, 500, 400].entries()) {
        await order(c, { total, at: daysAgo(1), name: `Igikombe ${index}` })
      }
      // Six shops sold within the range: the sixth (200) is left out.
      await order(d, { total: 300, at: daysAgo(1) })
      await order(e, { total: 200, at: daysAgo(1) })
      const response = await report(admin.cookie)
      expect(response.body.topProducts.map((p: { revenue: number }) => p.revenue)).toEqual([
        40_000, 10_000, 2_500, 1_001, 900,
      ])
      expect(response.body.topVendors.map((v: { vendorId: string }) => v.vendorId)).toEqual([
        b.vendorId,
        a.vendorId,
        c.vendorId,
        g.vendorId,
        d.vendorId,
      ])
      expect(response.body.topVendors[2]).toMatchObject({ orders: 6, revenue: 3_900 })
    })

    it('refuses a range it does not offer, with a message saying which it does', async () => {
      for (const query of ['?days=3', '?days=week', '?days=0', '?days=366', '?days=']) {
        expectError(await report(admin.cookie, query), {
          status: 422,
          code: 'VALIDATION',
          messageKey: 'admin.reports.invalidRange',
          fields: { days: 'admin.reports.invalidRange' },
        })
      }
    })

    // The report covers every shop: only admins may read it.
    it('refuses a vendor (403) and a signed-out visitor (401), while an admin still reads it', async () => {
      expectError(await report(a.cookie), { status: 403, code: 'FORBIDDEN', messageKey: 'errors.forbidden' })
      expectError(await report(undefined), {
        status: 401,
        code: 'UNAUTHENTICATED',
        messageKey: 'errors.unauthenticated',
      })
      expect((await report(admin.cookie)).status).toBe(200)
    })
  })
})

describe('GET /api/admin/reports/export', () => {
  it('writes the figures, the days and the top lists as dated, formula-safe CSV, and records the export', async () => {
    const admin = await theAdmin(t)
    const shop = await registeredVendor(t, { status: 'approved' })
    // A shop named like a formula: a spreadsheet must show the name, not run it.
    const formula = '=HYPERLINK("http://evil.example","Win")'
    await setVendor(shop, { shopName: formula })
    await order(shop, { total: 99_999, at: daysAgo(0), name: '@SUM(A1)' })

    const response = await download(admin.cookie, '?days=30')
    expect(response.status, response.text).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="report-${kigaliDay(0)}.csv"`,
    )
    // The byte-order mark first, so spreadsheet programs read the file as UTF-8.
    expect(response.text.startsWith('\uFEFF')).toBe(true)
    const text = response.text.slice(1)
    expect(text.split('\r\n')[0]).toBe('Figure,Value,Previous period,Change (%)')
    const rows = parseCsv(text)
    const figure = (name: string) => rows.find((row) => row[0] === name)
    expect(figure('Days')).toEqual(['Days', '30', '30', ''])
    expect(figure('From')).toEqual(['From', kigaliDay(29), kigaliDay(59), ''])
    expect(figure('Total vendors')).toEqual(['Total vendors', '8', '2', '300'])
    expect(figure('Vendor approval rate (%)')).toEqual(['Vendor approval rate (%)', '50.0', '', ''])
    expect(figure('Average order value (RWF)')?.[1]).toMatch(/^\d+\.\d{2}$/)
    expect(figure('Total revenue, all time, every status (RWF)')).toEqual([
      'Total revenue, all time, every status (RWF)',
      String(68_501 + 3_900 + 300 + 200 + 99_999),
      '0',
      '',
    ])

    // The per-day series: a header, then each of the 30 days, today last with the new order.
    const dayHeader = rows.findIndex((row) => row[0] === 'Day')
    expect(rows[dayHeader]).toEqual(['Day', 'Orders', 'Revenue (RWF)'])
    const days = rows.slice(dayHeader + 1, dayHeader + 31)
    expect(days.map((row) => row[0])).toEqual(Array.from({ length: 30 }, (_, i) => kigaliDay(29 - i)))
    expect(days[29]).toEqual([kigaliDay(0), '3', String(41_001 + 99_999)])

    // Top shop and top product: written as text, never as a formula.
    const topShop = rows[rows.findIndex((row) => row[0] === 'Top shop') + 1]
    expect(topShop).toEqual([`'${formula}`, '1', '99999'])
    expect(response.text).toContain(`"'=HYPERLINK(""http://evil.example"",""Win"")"`)
    const topProduct = rows[rows.findIndex((row) => row[0] === 'Top product') + 1]
    expect(topProduct).toEqual(["'@SUM(A1)", `'${formula}`, '1', '99999'])

    const recorded = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetTable, 'exports'), eq(auditLogs.adminId, admin.user.id)))
    expect(recorded).toHaveLength(1)
    expect(recorded[0]).toMatchObject({
      action: 'create',
      details: { export: 'reports', days: 30, from: kigaliDay(29), to: kigaliDay(0) },
    })
  })

  // The admin reads the figures in the language of their screens: every label, the numbers as they are.
  it("labels the figures, the days and the top lists in the reader's language", async () => {
    const admin = await theAdmin(t)
    const inRw = parseCsv((await exportOf(`${admin.cookie}; app-language=rw`, '?days=7')).text)
    expect(inRw[0]).toEqual(['Igipimo', 'Agaciro', 'Igihe cyabanje', 'Impinduka (%)'])
    expect(inRw.find((row) => row[0] === 'Iminsi')).toEqual(['Iminsi', '7', '7', ''])
    const labels = inRw.map((row) => row[0])
    for (const label of [
      'Abacuruzi bose',
      'Ibyatumijwe byose',
      'Ibyatumijwe muri iki gihe: byasubijwe',
      'Amafaranga yinjiye yose, kuva mbere, ibyatumijwe byose uko bihagaze (RWF)',
      'Amafaranga yinjiye muri iki gihe, ibyatumijwe byarangiye (RWF)',
      'Ubusabe bwo kwishyurwa butegereje',
    ])
      expect(labels).toContain(label)
    expect(inRw.find((row) => row[0] === 'Umunsi')).toEqual([
      'Umunsi',
      'Ibyatumijwe',
      'Amafaranga yinjiye (RWF)',
    ])
    expect(labels).toContain('Ibicuruzwa byinjije menshi')
    expect(labels).not.toContain('Total vendors')

    const inEnglish = parseCsv((await getAt('/api/admin/reports/export?days=7', admin.cookie)).text).map(
      (row) => row[0],
    )
    expect(inEnglish).toContain('Orders in the period: refunded')
    expect(inEnglish).not.toContain('Abacuruzi bose')
  })

  it('refuses a vendor, a signed-out visitor and an unknown range, and records nothing for them', async () => {
    const vendor = await registeredVendor(t, { status: 'approved' })
    const before = await rowCount(t.db, auditLogs)
    expectError(await exportOf(vendor.cookie), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expectError(await exportOf(undefined), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
    expectError(await exportOf((await theAdmin(t)).cookie, '?days=14'), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'admin.reports.invalidRange',
    })
    expect(await rowCount(t.db, auditLogs)).toBe(before)
  })
})
