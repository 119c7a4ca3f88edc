import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../src/server/db/schema'
import { expectError } from '../fixtures/expect-error'
import { createProduct, registeredVendor, type RegisteredVendor } from '../fixtures/commerce'
import { insertOrders, insertPayout, theAdmin } from '../fixtures/money'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const dashboard = (cookie?: string) => t.get('/api/admin/dashboard', cookie ? { cookie } : {})
const at = (minute: number) => new Date(Date.UTC(2025, 2, 1, 9, minute))

/**
 * One file, one database: the figures are asserted on a known set of rows, seeded once. Pending, refunded
 * and rejected rows sit beside the ones that count, so a figure that forgot its status filter fails.
 */
describe('GET /api/admin/dashboard', () => {
  // Runs before anything is seeded: an empty table must give 0, never null (a sum over no rows is NULL in SQL).
  it('answers zeros and an empty list on an empty marketplace', async () => {
    const admin = await theAdmin(t)
    const response = await dashboard(admin.cookie)
    expect(response.status, response.text).toBe(200)
    expect(response.body).toEqual({
      stats: {
        vendors: { total: 0, approved: 0, pending: 0 },
        products: { total: 0, approved: 0 },
        orders: { total: 0, completed: 0 },
        revenue: 0,
        payouts: { pending: 0, pendingAmount: 0 },
      },
      pendingPayouts: [],
    })
  })

  describe('on a seeded marketplace', () => {
    let approvedShop: RegisteredVendor
    let otherApprovedShop: RegisteredVendor
    let pendingShop: RegisteredVendor
    let admin: Awaited<ReturnType<typeof theAdmin>>

    beforeAll(async () => {
      admin = await theAdmin(t)
      approvedShop = await registeredVendor(t, { status: 'approved' })
      otherApprovedShop = await registeredVendor(t, { status: 'approved' })
      pendingShop = await registeredVendor(t)
      await registeredVendor(t)
      await registeredVendor(t, { status: 'rejected' })

      // Products: 2 approved, 1 pending and 1 rejected (statuses set directly: moderation is not tested here).
      const statuses = ['pending', 'rejected', 'approved', 'approved'] as const
      const shops = [approvedShop, approvedShop, otherApprovedShop, otherApprovedShop]
      for (const [index, shop] of shops.entries()) {
        const product = await createProduct(t, shop.cookie)
        await t.db.update(products).set({ status: statuses[index] }).where(eq(products.id, product.id))
      }

      // Orders: 3 completed (revenue 10,000 + 2,500 + 40,000), 2 pending and 1 refunded that must not count.
      await insertOrders(t.db, approvedShop.vendorId, [10_000, 2_500])
      await insertOrders(t.db, otherApprovedShop.vendorId, [40_000])
      await insertOrders(t.db, approvedShop.vendorId, [9_000, 1_000], 'pending')
      await insertOrders(t.db, otherApprovedShop.vendorId, [30_000], 'refunded')

      // Payouts: 12 pending across two shops (amounts 100..1,200), plus approved and rejected ones.
      for (let minute = 1; minute <= 12; minute += 1) {
        const shop = minute % 2 === 0 ? approvedShop : otherApprovedShop
        await insertPayout(t.db, shop.vendorId, { amount: minute * 100, requestedAt: at(minute) })
      }
      await insertPayout(t.db, approvedShop.vendorId, {
        amount: 5_000,
        status: 'approved',
        requestedAt: at(30),
      })
      await insertPayout(t.db, approvedShop.vendorId, {
        amount: 7_000,
        status: 'rejected',
        requestedAt: at(31),
      })
    })

    // Specification §9 "Dashboard stats": each figure counts only its status; revenue is completed orders only.
    it('counts every figure in the database, leaving out pending, refunded and rejected rows where they do not belong', async () => {
      const response = await dashboard(admin.cookie)
      expect(response.status, response.text).toBe(200)
      expect(response.body.stats).toEqual({
        vendors: { total: 5, approved: 2, pending: 2 },
        products: { total: 4, approved: 2 },
        orders: { total: 6, completed: 3 },
        revenue: 52_500,
        payouts: { pending: 12, pendingAmount: 7_800 },
      })
    })

    // Specification §9 "Admin pending payout list limit: 10": the newest requests first, never more than ten.
    it('lists the 10 latest pending payout requests, newest first, with shop, owner, amount and date', async () => {
      const response = await dashboard(admin.cookie)
      const list = response.body.pendingPayouts as {
        amount: number
        shopName: string
        ownerName: string
        vendorId: string
        requestedAt: string
      }[]
      expect(list).toHaveLength(10)
      // Minutes 12 down to 3: the two oldest pending and every decided payout are left out.
      expect(list.map((item) => item.amount)).toEqual([
        1_200, 1_100, 1_000, 900, 800, 700, 600, 500, 400, 300,
      ])
      expect(list.map((item) => item.requestedAt)).toEqual(
        [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((minute) => at(minute).toISOString()),
      )
      expect(list[0]).toEqual({
        id: expect.any(String),
        vendorId: approvedShop.vendorId,
        shopName: approvedShop.shopName,
        ownerName: approvedShop.input.fullName,
        amount: 1_200,
        requestedAt: at(12).toISOString(),
      })
      expect(list[1]).toMatchObject({
        vendorId: otherApprovedShop.vendorId,
        shopName: otherApprovedShop.shopName,
        ownerName: otherApprovedShop.input.fullName,
      })
    })

    it('follows a new request at once: the count, the amount and the top of the list', async () => {
      const payout = await insertPayout(t.db, pendingShop.vendorId, { amount: 2_000, requestedAt: at(59) })
      const response = await dashboard(admin.cookie)
      expect(response.body.stats.payouts).toEqual({ pending: 13, pendingAmount: 9_800 })
      expect(response.body.pendingPayouts).toHaveLength(10)
      expect(response.body.pendingPayouts[0]).toMatchObject({ id: payout.id, shopName: pendingShop.shopName })
    })

    // The figures cover every shop: only admins may read them.
    it('refuses a vendor (403) and a signed-out visitor (401), while an admin still reads it', async () => {
      expectError(await dashboard(approvedShop.cookie), {
        status: 403,
        code: 'FORBIDDEN',
        messageKey: 'errors.forbidden',
      })
      expectError(await dashboard(), {
        status: 401,
        code: 'UNAUTHENTICATED',
        messageKey: 'errors.unauthenticated',
      })
      expect((await dashboard(admin.cookie)).status).toBe(200)
    })
  })
})
