import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, vendors } from '../../src/server/db/schema'
import type { ProductDto } from '../../src/shared/schemas/product'
import {
  createProduct,
  productInStock,
  registeredVendor,
  simpleProduct,
  variantProduct,
  type RegisteredVendor,
  twoShopsAndAdmin,
} from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import type { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>
let a: RegisteredVendor
let b: RegisteredVendor
let adminCookie: string

beforeAll(async () => {
  ;({ t, a, b, adminCookie } = await twoShopsAndAdmin())
})
afterAll(async () => {
  await t?.close()
})

const thresholdOf = async (vendor: RegisteredVendor) =>
  (await t.db.select().from(vendors).where(eq(vendors.id, vendor.vendorId)))[0]!.lowStockThreshold
const setThreshold = (vendor: RegisteredVendor, lowStockThreshold: unknown) =>
  t.patch('/api/vendor/profile', { lowStockThreshold }, { cookie: vendor.cookie })

/** The ids a products list shows (every page's worth: these shops hold a handful). */
async function listed(url: string, cookie: string) {
  const response = await t.get(url, { cookie })
  expect(response.status, response.text).toBe(200)
  return { ids: (response.body.items as ProductDto[]).map((product) => product.id), body: response.body }
}
const lowStockCard = async (vendor: RegisteredVendor) =>
  (await t.get('/api/vendor/dashboard', { cookie: vendor.cookie })).body.stats.lowStockProducts as number

describe("a shop's low stock", () => {
  // The vendor sees at a glance what needs restocking: each product's stock, and which ones are low by their own
  // threshold, in the list's filter and on the dashboard's card alike.
  it('filters the products and counts them on the dashboard by the threshold: 5, then 10', async () => {
    const vendor = await registeredVendor(t, { status: 'approved', plan: 'unlimited' })
    // Low at 5 (one of its variants holds 3), low at 10 only (7 left), never low (20 each).
    const lowAt5 = await createProduct(
      t,
      vendor.cookie,
      variantProduct(['red'], ['s', 'm'], {
        variants: [
          { color: 'red', size: 's', price: 8_000, stock: 3 },
          { color: 'red', size: 'm', price: 8_000, stock: 40 },
        ],
      }),
    )
    const lowAt10 = (await productInStock(t, vendor, { stock: 7 })).product
    const plenty = (await productInStock(t, vendor, { stock: 20 })).product

    const all = await listed('/api/vendor/products?pageSize=100', vendor.cookie)
    const byId = new Map((all.body.items as ProductDto[]).map((product) => [product.id, product]))
    expect(byId.get(lowAt5.id)).toMatchObject({ stock: 43, isLowStock: true })
    expect(byId.get(lowAt10.id)).toMatchObject({ stock: 7, isLowStock: false })
    expect(byId.get(plenty.id)).toMatchObject({ stock: 20, isLowStock: false })

    expect(await thresholdOf(vendor)).toBe(5)
    const atFive = await listed('/api/vendor/products?stock=low', vendor.cookie)
    expect(atFive.ids).toEqual([lowAt5.id])
    // The filtered list says what "low" means here, and still counts every product for the plan's limit.
    expect(atFive.body).toMatchObject({ total: 1, lowStockThreshold: 5, productCount: 3 })
    expect(await lowStockCard(vendor)).toBe(1)

    expect((await setThreshold(vendor, 10)).status).toBe(200)
    const atTen = await listed('/api/vendor/products?stock=low', vendor.cookie)
    expect(atTen.ids.sort()).toEqual([lowAt5.id, lowAt10.id].sort())
    expect(atTen.body.total).toBe(2)
    expect(await lowStockCard(vendor)).toBe(2)
    const lowAt10Now = (await listed('/api/vendor/products', vendor.cookie)).body.items.find(
      (product: ProductDto) => product.id === lowAt10.id,
    )
    expect(lowAt10Now.isLowStock).toBe(true)

    // An edit that refills the low variant takes the product off the list and the card.
    const refill = await t.put(
      `/api/vendor/products/${lowAt10.id}`,
      simpleProduct({
        name: lowAt10.name,
        version: lowAt10.version,
        variants: [{ price: 7_500, stock: 11 }],
      }),
      { cookie: vendor.cookie },
    )
    expect(refill.status, refill.text).toBe(200)
    expect(refill.body).toMatchObject({ stock: 11, isLowStock: false })
    expect((await listed('/api/vendor/products?stock=low', vendor.cookie)).ids).toEqual([lowAt5.id])
    expect(await lowStockCard(vendor)).toBe(1)
  })

  it('refuses a threshold outside 0 to 1,000,000 (or not a whole number) with a message, keeping it', async () => {
    for (const value of [-1, 1_000_001, 2.5, '7', null]) {
      expectError(await setThreshold(a, value), {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'vendor.lowStock.thresholdInvalid',
        fields: { lowStockThreshold: 'vendor.lowStock.thresholdInvalid' },
      })
    }
    expect(await thresholdOf(a)).toBe(5)
    for (const value of [0, 1_000_000]) {
      const response = await setThreshold(a, value)
      expect(response.status, response.text).toBe(200)
      expect(response.body.lowStockThreshold).toBe(value)
    }
    expect(await thresholdOf(a)).toBe(1_000_000)
    await setThreshold(a, 5)
  })

  // A change to how the shop is run is on the team's trail: who moved the stock alert, from what, to what.
  it('audits a change of the threshold with its old and new value', async () => {
    await setThreshold(a, 12)
    const entries = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetTable, 'vendors'), eq(auditLogs.targetId, a.vendorId)))
    expect(entries.at(-1)).toMatchObject({
      adminId: a.user.id,
      action: 'update',
      oldValues: { low_stock_threshold: 5 },
      newValues: { low_stock_threshold: 12 },
    })
    // Saving the same value again changes nothing and records nothing.
    await setThreshold(a, 12)
    expect(
      await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.targetTable, 'vendors'), eq(auditLogs.targetId, a.vendorId))),
    ).toHaveLength(entries.length)
    await setThreshold(a, 5)
  })

  // Each shop sets its own alert: another vendor can neither read nor move it.
  it("vendor B cannot see or change A's threshold; vendor A still can", async () => {
    await setThreshold(a, 8)
    const seenByB = await t.get('/api/vendor/profile', { cookie: b.cookie })
    expect(seenByB.body).toMatchObject({ id: b.vendorId, lowStockThreshold: 5 })
    // B's change (the vendor comes from the session: a vendor id in the body is not read) moves B's alone.
    const changedByB = await t.patch(
      '/api/vendor/profile',
      { lowStockThreshold: 40, vendorId: a.vendorId, id: a.vendorId },
      { cookie: b.cookie },
    )
    expect(changedByB.status, changedByB.text).toBe(200)
    expect(changedByB.body.id).toBe(b.vendorId)
    expect(await thresholdOf(a)).toBe(8)
    expect(await thresholdOf(b)).toBe(40)
    // B's low-stock list holds none of A's products, whatever B's threshold.
    const ofA = (await productInStock(t, a, { stock: 2 })).product
    expect((await listed('/api/vendor/products?stock=low', b.cookie)).ids).not.toContain(ofA.id)
    expect((await listed('/api/vendor/products?stock=low', a.cookie)).ids).toContain(ofA.id)
    const seenByA = await t.get('/api/vendor/profile', { cookie: a.cookie })
    expect(seenByA.body.lowStockThreshold).toBe(8)
    await Promise.all([setThreshold(a, 5), setThreshold(b, 5)])
  })

  // The team's list reads each product against its own shop's threshold, not one for the whole marketplace.
  it("the admin's filter uses each shop's own threshold", async () => {
    await Promise.all([setThreshold(a, 5), setThreshold(b, 10)])
    const eightOfA = (await productInStock(t, a, { stock: 8 })).product
    const eightOfB = (await productInStock(t, b, { stock: 8 })).product
    const fourOfA = (await productInStock(t, a, { stock: 4 })).product
    const low = await listed('/api/admin/products?stock=low&pageSize=100', adminCookie)
    expect(low.ids).toContain(eightOfB.id)
    expect(low.ids).toContain(fourOfA.id)
    expect(low.ids).not.toContain(eightOfA.id)
    const all = await listed('/api/admin/products?pageSize=100', adminCookie)
    const shown = new Map((all.body.items as ProductDto[]).map((product) => [product.id, product]))
    expect(shown.get(eightOfA.id)).toMatchObject({ stock: 8, isLowStock: false })
    expect(shown.get(eightOfB.id)).toMatchObject({ stock: 8, isLowStock: true })
    expectError(await t.get('/api/admin/products?stock=some', { cookie: adminCookie }), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.invalidValue',
    })
    await setThreshold(b, 5)
  })
})
