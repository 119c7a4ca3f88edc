import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, payouts } from '../../src/server/db/schema'
import { adminOf, registeredVendor, type RegisteredVendor } from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { parseCsv } from '../fixtures/read-files'
import { createTestApp } from '../fixtures/test-app'

// The order and payout lists, their CSV exports and their counts narrowed to days (?from=&to=): days on Kigali's
// calendar (UTC+2), both included, read in the query modules with the caller's scope.

let t: Awaited<ReturnType<typeof createTestApp>>
let a: RegisteredVendor
let b: RegisteredVendor
let adminCookie: string

/**
 * The times the rows are placed at, around 2 to 4 March 2026 in Kigali (UTC+2): each pair straddles a midnight
 * there, a microsecond or an hour either side of it.
 */
const times = {
  beforeSecond: '2026-03-01T21:59:59.999999Z', // 1 March, 23:59:59.999999 in Kigali
  startOfSecond: '2026-03-01T22:00:00Z', // 2 March, 00:00
  third: '2026-03-03T12:00:00Z', // 3 March, 14:00
  lateThird: '2026-03-03T21:30:00Z', // 3 March, 23:30
  earlyFourth: '2026-03-03T22:30:00Z', // 4 March, 00:30
}
type When = keyof typeof times
/** Shop B's order and payout: 3 March, 13:00 in Kigali. */
const bTime = '2026-03-03T11:00:00Z'

/** The rows each test reads, by when they were placed: shop A's at every time, shop B's on 3 March at 13:00. */
const ofA: Partial<Record<When, string>> = {}
const ofA_payouts: Partial<Record<When, string>> = {}
let ofB: string
let ofB_payout: string

/** An order of `vendorId` placed at `time`, as the table keeps it (the service is not what is tested here). */
async function orderAt(vendorId: string, time: string, status: 'pending' | 'completed' | 'refunded') {
  const [row] = await t.db
    .insert(orders)
    .values({
      vendorId,
      productName: 'Agaseke basket',
      sku: 'AGA-1',
      unitPrice: 1_000,
      quantity: 1,
      totalAmount: 1_000,
      customerName: 'Aline Uwase',
      customerEmail: 'aline@example.rw',
      status,
      createdAt: sql`${time}::timestamptz`,
    })
    .returning({ id: orders.id })
  return row!.id
}

async function payoutAt(vendorId: string, time: string) {
  const [row] = await t.db
    .insert(payouts)
    .values({ vendorId, amount: 500, status: 'rejected', requestedAt: sql`${time}::timestamptz` })
    .returning({ id: payouts.id })
  return row!.id
}

beforeAll(async () => {
  t = await createTestApp()
  const [first, second, admin] = await Promise.all([
    registeredVendor(t, { status: 'approved' }),
    registeredVendor(t, { status: 'approved' }),
    adminOf(t)(),
  ])
  ;[a, b, adminCookie] = [first, second, admin.cookie]
  for (const when of Object.keys(times) as When[]) {
    ofA[when] = await orderAt(a.vendorId, times[when], when === 'lateThird' ? 'refunded' : 'completed')
    ofA_payouts[when] = await payoutAt(a.vendorId, times[when])
  }
  ofB = await orderAt(b.vendorId, bTime, 'pending')
  ofB_payout = await payoutAt(b.vendorId, bTime)
}, 120_000)
afterAll(async () => {
  await t?.close()
})

const ids = (body: { items: { id: string }[] }) => body.items.map((item) => item.id)
const get = async (path: string, cookie = adminCookie) => {
  const response = await t.get(path, { cookie })
  expect(response.status, response.text).toBe(200)
  return response
}
/** The first cells of the CSV's rows (header left out) in column `column`. */
const column = (text: string, index: number) =>
  parseCsv(text.replace(/^\uFEFF/, ''))
    .slice(1)
    .map((row) => row[index])

const second = 'from=2026-03-02&to=2026-03-03'

describe('orders by day', () => {
  it('keeps both days whole in Kigali: 00:00 of the first and 23:30 of the last are in, 23:59 before and 00:30 after are out', async () => {
    const listed = await get(`/api/admin/orders?${second}`)
    expect(ids(listed.body)).toEqual([ofA.lateThird, ofA.third, ofB, ofA.startOfSecond])
    expect(listed.body).toMatchObject({ total: 4, totalIsCapped: false })
    // The cards count those days only (the shops' running totals count every day): 1 pending, 2 completed, and
    // the revenue of the 3 not refunded.
    expect(listed.body.summary).toEqual({ orders: 4, pending: 1, completed: 2, revenue: 3_000 })

    expect(ids((await get('/api/admin/orders?to=2026-03-01')).body)).toEqual([ofA.beforeSecond])
    expect(ids((await get('/api/admin/orders?from=2026-03-04')).body)).toEqual([ofA.earlyFourth])
    expect((await get('/api/admin/orders?from=2026-03-03&to=2026-03-03&status=completed')).body.total).toBe(1)
  })

  it('exports the same days to CSV', async () => {
    const file = await get(`/api/admin/orders/export?${second}`)
    // Order ID is the 7th column.
    expect(column(file.text, 6)).toEqual([ofA.lateThird, ofA.third, ofB, ofA.startOfSecond])
  })

  // A range of days narrows the caller's own orders: it must never reach another shop's.
  it("vendor A's list of those days holds A's orders only, never B's; B's holds B's", async () => {
    expect(ids((await get(`/api/vendor/orders?${second}`, a.cookie)).body)).toEqual([
      ofA.lateThird,
      ofA.third,
      ofA.startOfSecond,
    ])
    expect(ids((await get(`/api/vendor/orders?${second}`, b.cookie)).body)).toEqual([ofB])
    expect(ids((await get('/api/vendor/orders?from=2026-03-04', b.cookie)).body)).toEqual([])
  })
})

describe('payouts by day', () => {
  it('keeps the days of the requests whole in Kigali, in the admin list, its count and its CSV', async () => {
    const listed = await get(`/api/admin/payouts?${second}`)
    expect(ids(listed.body)).toEqual([
      ofA_payouts.lateThird,
      ofA_payouts.third,
      ofB_payout,
      ofA_payouts.startOfSecond,
    ])
    expect(listed.body).toMatchObject({ filteredTotal: 4, total: 6 })
    const file = await get(`/api/admin/payouts/export?${second}`)
    expect(column(file.text, 0)).toEqual(ids(listed.body))
    expect(ids((await get('/api/admin/payouts?from=2026-03-04')).body)).toEqual([ofA_payouts.earlyFourth])
  })

  it("vendor A's history of those days holds A's payouts only, never B's; B's holds B's", async () => {
    expect(ids((await get(`/api/vendor/payouts?${second}`, a.cookie)).body)).toEqual([
      ofA_payouts.lateThird,
      ofA_payouts.third,
      ofA_payouts.startOfSecond,
    ])
    expect(ids((await get(`/api/vendor/payouts?${second}`, b.cookie)).body)).toEqual([ofB_payout])
  })
})

describe('bad days', () => {
  const paths = (cookie: string) => [
    ['/api/admin/orders', adminCookie],
    ['/api/admin/orders/export', adminCookie],
    ['/api/admin/payouts', adminCookie],
    ['/api/admin/payouts/export', adminCookie],
    ['/api/vendor/orders', cookie],
    ['/api/vendor/payouts', cookie],
  ]

  // A day that does not exist reached the database and failed there with a 500; a range that ends before it
  // starts would only ever list nothing, which reads as "no orders".
  it('refuses a day that does not exist, a date not written YYYY-MM-DD, or a start after the end, with 422', async () => {
    for (const [path, cookie] of paths(a.cookie)) {
      for (const [query, field] of [
        ['from=2026-02-30', 'from'],
        ['to=04/03/2026', 'to'],
        ['from=0000-01-01', 'from'],
      ] as const) {
        expectError(await t.get(`${path}?${query}`, { cookie }), {
          status: 422,
          code: 'VALIDATION',
          messageKey: 'errors.dateInvalid',
          fields: { [field]: 'errors.dateInvalid' },
        })
      }
      expectError(await t.get(`${path}?from=2026-03-04&to=2026-03-03`, { cookie }), {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'errors.dateRangeReversed',
        fields: { to: 'errors.dateRangeReversed' },
      })
      // One day, from and to the same, is a range.
      expect((await t.get(`${path}?from=2026-03-03&to=2026-03-03`, { cookie })).status).toBe(200)
    }
  })
})

describe('page sizes', () => {
  it('answers 25, 50 or 100 rows a page (25 unless asked), and refuses more than 100 or a size that is not a whole number', async () => {
    await t.db.execute(sql`
      insert into orders (vendor_id, product_name, sku, unit_price, quantity, total_amount, customer_name,
        customer_email, status, created_at)
      select ${a.vendorId}::uuid, 'Imigongo panel', 'IMI-1', 2000, 1, 2000, 'Paged Mugisha', 'paged@example.rw',
        'pending', timestamptz '2026-04-01T08:00:00Z' + make_interval(mins => g)
      from generate_series(1, 101) as g`)
    const paged = (size?: number) =>
      get(`/api/admin/orders?from=2026-04-01${size ? `&pageSize=${size}` : ''}`).then(({ body }) => body)
    expect(await paged()).toMatchObject({ pageSize: 25, total: 101 })
    expect((await paged()).items).toHaveLength(25)
    for (const size of [25, 50, 100]) {
      const body = await paged(size)
      expect([body.pageSize, body.items.length], String(size)).toEqual([size, size])
    }
    for (const size of ['101', '0', '2.5', 'all']) {
      expectError(await t.get(`/api/admin/orders?pageSize=${size}`, { cookie: adminCookie }), {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'errors.pageSizeInvalid',
      })
    }
  })
})
