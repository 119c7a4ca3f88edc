import { desc, ilike } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../src/server/db/schema'
import { searchCountCap } from '../../src/shared/schemas/pagination'
import { adminOf, registeredVendor, type RegisteredVendor } from '../fixtures/commerce'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>
let shop: RegisteredVendor
let adminCookie: string

beforeAll(async () => {
  t = await createTestApp()
  const [vendor, admin] = await Promise.all([
    registeredVendor(t, { status: 'approved', plan: 'unlimited' }),
    adminOf(t)(),
  ])
  ;[shop, adminCookie] = [vendor, admin.cookie]
})
afterAll(async () => {
  await t?.close()
})

// A figure shown twice must read the same: past 1,000 matches a search's cards are summed over a sample, and
// a sample without an order is whatever rows the plan meets first (two identical searches read 299, then 262).
describe("a capped search's cards", () => {
  it('are the figures of the first 1,001 matching orders in the list order, the same on every read', async () => {
    const marker = `Sample ${Date.now()}`
    const matches = searchCountCap + 200
    // Written oldest first, so the rows the table holds first are the oldest: the oldest 199 pending, the rest
    // completed. The newest 1,001 (the list's first rows) hold no pending order; the first 1,001 written, 199.
    const start = Date.now() - matches * 60_000
    await t.db.insert(orders).values(
      Array.from({ length: matches }, (_, at) => ({
        vendorId: shop.vendorId,
        productName: 'Agaseke basket',
        sku: 'AGA-1',
        unitPrice: 1_000 + at,
        quantity: 1,
        totalAmount: 1_000 + at,
        customerName: `${marker} ${at}`,
        customerEmail: `buyer${at}@example.rw`,
        status: at < 199 ? ('pending' as const) : ('completed' as const),
        createdAt: new Date(start + at * 60_000),
      })),
    )
    // The sample the cards must be read over: the first 1,001 matches in the list's order, newest first.
    const sample = await t.db
      .select({ status: orders.status, amount: orders.totalAmount })
      .from(orders)
      .where(ilike(orders.customerName, `%${marker}%`))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(searchCountCap + 1)
    const counted = (status: string) => sample.filter((row) => row.status === status).length
    const revenue = sample.reduce((sum, row) => sum + (row.status === 'refunded' ? 0 : row.amount), 0)

    const search = () => t.get(`/api/admin/orders?q=${encodeURIComponent(marker)}`, { cookie: adminCookie })
    const [first, second] = [await search(), await search()]
    expect(first.status, first.text).toBe(200)
    expect(first.body.summaryIsCapped).toBe(true)
    expect(first.body.summary).toEqual({
      orders: searchCountCap,
      pending: counted('pending'),
      completed: counted('completed'),
      revenue,
    })
    expect(first.body.summary.pending).toBe(0)
    expect(second.body.summary).toEqual(first.body.summary)
  })
})
