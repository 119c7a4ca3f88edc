import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditFilter, entryRows } from '../../src/server/audit/audit-logs.queries'
import { exportAuditLogs, listAuditLogs } from '../../src/server/audit/audit-logs.service'
import { messages, payouts } from '../../src/server/db/schema'
import { calendarDay } from '../../src/server/lib/calendar'
import type { CsvExport } from '../../src/server/lib/csv'
import type { Scope, VendorScope } from '../../src/server/lib/scope'
import { messageFilter, messageRows } from '../../src/server/messages/messages.queries'
import { listMessages } from '../../src/server/messages/messages.service'
import {
  exportAdminOrders,
  getAdminOrder,
  listAdminOrders,
} from '../../src/server/orders/admin-orders.service'
import { orderFilter, orderRows } from '../../src/server/orders/orders.queries'
import { payoutFilter, payoutRows } from '../../src/server/payouts/payouts.queries'
import {
  exportAdminPayouts,
  getAdminPayout,
  listAdminPayouts,
} from '../../src/server/payouts/payouts.service'
import { exportProducts } from '../../src/server/products/product-export'
import { productFilter, productRows } from '../../src/server/products/products.queries'
import { getModerationProduct, listModerationProducts } from '../../src/server/products/products.service'
import { vendorFilter, vendorRows } from '../../src/server/vendors/vendors.queries'
import { getVendorApplication, listVendorApplications } from '../../src/server/vendors/vendors.service'
import { auditLogListQuery } from '../../src/shared/schemas/audit'
import { addDays } from '../../src/shared/schemas/day-range'
import { messageListQuery } from '../../src/shared/schemas/message'
import { adminOrderListQuery } from '../../src/shared/schemas/order'
import { adminPayoutListQuery } from '../../src/shared/schemas/payout'
import { adminProductListQuery } from '../../src/shared/schemas/product'
import { adminVendorListQuery } from '../../src/shared/schemas/vendor'
import {
  adminOf,
  placeOrder,
  productInStock,
  registeredVendor,
  type RegisteredVendor,
} from '../fixtures/commerce'
import { createTestApp, type TestApp } from '../fixtures/test-app'

// Scope lives in the query: the admin's list, details, export and count of each resource take the request's scope,
// so the same functions given a vendor's scope show that vendor's rows only, and another shop's row is not found.

let t: Awaited<ReturnType<typeof createTestApp>>
/** Two approved shops, the admin, and one row of each resource that belongs to shop A. */
let m: Awaited<ReturnType<typeof marketplace>>

const scopeOf = (vendor: RegisteredVendor): VendorScope => ({
  role: 'vendor',
  userId: vendor.user.id,
  vendorId: vendor.vendorId,
  vendorStatus: 'approved',
})
const timeZone = 'Africa/Kigali'
/**
 * Days around today on Kigali's calendar: the order and payout lists below are narrowed to them, so the date filter
 * is shown to keep the scope (a range of days never reaches another shop's rows).
 */
const today = calendarDay(new Date(), timeZone)
const days = { from: addDays(today, -1), to: addDays(today, 1) }

/** Every cell of the first column an export writes (the ids, or the name for products and the time for audit). */
async function exported(file: CsvExport | { batches: AsyncIterable<unknown[][]> }) {
  const cells: string[] = []
  for await (const batch of file.batches) cells.push(...batch.map((row) => String(row[0])))
  return cells
}

const notFound = { code: 'NOT_FOUND' }

async function marketplace(app: TestApp) {
  const theAdmin = await adminOf(app)()
  const a = await registeredVendor(app, { status: 'approved', plan: 'unlimited' })
  const b = await registeredVendor(app, { status: 'approved', plan: 'unlimited' })
  const admin: Scope = { role: 'admin', userId: theAdmin.user.id }
  const stocked = await productInStock(app, a, { stock: 10, price: 4_000 })
  const order = await placeOrder(app, theAdmin.cookie, { ...stocked.ids, customerName: 'Scope Umutoni' })
  const [payout] = await app.db
    .insert(payouts)
    .values({ vendorId: a.vendorId, amount: 1_000, status: 'rejected' })
    .returning()
  const [message] = await app.db
    .insert(messages)
    .values({ senderId: a.user.id, receiverId: null, subject: 'Scope question', content: 'Hello team' })
    .returning()
  const ofA = {
    orderId: order.id,
    productId: stocked.product.id,
    payoutId: payout!.id,
    messageId: message!.id,
  }
  return { a, b, admin, ofA }
}

beforeAll(async () => {
  t = await createTestApp()
  m = await marketplace(t)
})
afterAll(async () => {
  await t?.close()
})

describe('orders.queries: the scope', () => {
  const query = adminOrderListQuery.parse({ q: 'Scope Umutoni', ...days })
  it("vendor B cannot list, get, export or count vendor A's orders", async () => {
    const scope = scopeOf(m.b)
    expect((await listAdminOrders(t.db, scope, query, { timeZone })).items).toEqual([])
    await expect(getAdminOrder(t.db, scope, m.ofA.orderId)).rejects.toMatchObject(notFound)
    expect(await exported(exportAdminOrders(t.db, scope, query, { timeZone }))).toEqual([])
    expect(await orderRows.count(t.db, orderFilter(scope, query, timeZone))).toEqual({
      total: 0,
      totalIsCapped: false,
    })
  })
  it('vendor A still can, and the admin too', async () => {
    for (const scope of [scopeOf(m.a), m.admin]) {
      expect(
        (await listAdminOrders(t.db, scope, query, { timeZone })).items.map((order) => order.id),
      ).toEqual([m.ofA.orderId])
      expect((await getAdminOrder(t.db, scope, m.ofA.orderId)).id).toBe(m.ofA.orderId)
      const rows = await exported(exportAdminOrders(t.db, scope, query, { timeZone }))
      expect(rows).toEqual(['Scope Umutoni'])
      expect((await orderRows.count(t.db, orderFilter(scope, query, timeZone))).total).toBe(1)
    }
  })
})

describe('products.queries: the scope', () => {
  const query = adminProductListQuery.parse({})
  const ids = () => ({ ids: [m.ofA.productId], status: 'all' as const })
  it("vendor B cannot list, get, export or count vendor A's products", async () => {
    const scope = scopeOf(m.b)
    const listed = await listModerationProducts(t.db, scope, query, timeZone)
    expect(listed.items.map((product) => product.id)).not.toContain(m.ofA.productId)
    await expect(getModerationProduct(t.db, scope, m.ofA.productId)).rejects.toMatchObject(notFound)
    const file = exportProducts(t.db, scope, ids(), { timeZone, publicUrl: 'http://localhost:3000' })
    expect(await exported(file)).toEqual([])
    expect((await productRows.count(t.db, productFilter(scope, ids(), timeZone))).total).toBe(0)
  })
  it('vendor A still can, and the admin too', async () => {
    for (const scope of [scopeOf(m.a), m.admin]) {
      const listed = await listModerationProducts(t.db, scope, query, timeZone)
      expect(listed.items.map((product) => product.id)).toContain(m.ofA.productId)
      expect((await getModerationProduct(t.db, scope, m.ofA.productId)).id).toBe(m.ofA.productId)
      const file = exportProducts(t.db, scope, ids(), { timeZone, publicUrl: 'http://localhost:3000' })
      expect(await exported(file)).toHaveLength(1)
      expect((await productRows.count(t.db, productFilter(scope, ids(), timeZone))).total).toBe(1)
    }
  })
})

describe('vendors.queries: the scope', () => {
  const query = () => adminVendorListQuery.parse({ q: m.a.shopName })
  it("vendor B cannot list, get or count vendor A's shop record", async () => {
    const scope = scopeOf(m.b)
    expect((await listVendorApplications(t.db, scope, query())).items).toEqual([])
    await expect(getVendorApplication(t.db, scope, m.a.vendorId)).rejects.toMatchObject(notFound)
    expect((await vendorRows.count(t.db, vendorFilter(scope, query()))).total).toBe(0)
  })
  it('vendor A still can, and the admin too', async () => {
    for (const scope of [scopeOf(m.a), m.admin]) {
      expect((await listVendorApplications(t.db, scope, query())).items.map((row) => row.id)).toEqual([
        m.a.vendorId,
      ])
      expect((await getVendorApplication(t.db, scope, m.a.vendorId)).id).toBe(m.a.vendorId)
      expect((await vendorRows.count(t.db, vendorFilter(scope, query()))).total).toBe(1)
    }
  })
})

describe('payouts.queries: the scope', () => {
  const query = () => adminPayoutListQuery.parse({ q: m.a.shopName, ...days })
  it("vendor B cannot list, get, export or count vendor A's payouts", async () => {
    const scope = scopeOf(m.b)
    expect((await listAdminPayouts(t.db, scope, query(), { timeZone })).items).toEqual([])
    await expect(getAdminPayout(t.db, scope, m.ofA.payoutId)).rejects.toMatchObject(notFound)
    expect(await exported(exportAdminPayouts(t.db, scope, query(), { timeZone }))).toEqual([])
    expect((await payoutRows.count(t.db, payoutFilter(scope, query(), timeZone))).total).toBe(0)
  })
  it('vendor A still can, and the admin too', async () => {
    for (const scope of [scopeOf(m.a), m.admin]) {
      expect((await listAdminPayouts(t.db, scope, query(), { timeZone })).items.map((row) => row.id)).toEqual(
        [m.ofA.payoutId],
      )
      expect((await getAdminPayout(t.db, scope, m.ofA.payoutId)).id).toBe(m.ofA.payoutId)
      expect(await exported(exportAdminPayouts(t.db, scope, query(), { timeZone }))).toEqual([m.ofA.payoutId])
      expect((await payoutRows.count(t.db, payoutFilter(scope, query(), timeZone))).total).toBe(1)
    }
  })
})

describe('messages.queries: the scope', () => {
  const query = messageListQuery.parse({ q: 'Scope question' })
  it("vendor B cannot list or count vendor A's messages", async () => {
    const scope = scopeOf(m.b)
    expect((await listMessages(t.db, scope, query)).items).toEqual([])
    expect((await messageRows.count(t.db, messageFilter(scope, query))).total).toBe(0)
  })
  it('vendor A still can, and the admin too', async () => {
    for (const scope of [scopeOf(m.a), m.admin]) {
      expect((await listMessages(t.db, scope, query)).items.map((row) => row.id)).toEqual([m.ofA.messageId])
      expect((await messageRows.count(t.db, messageFilter(scope, query))).total).toBe(1)
    }
  })
})

describe('audit-logs.queries: the scope', () => {
  // The order A's product was sold in is audited; the trail is the admins' alone, a vendor's own entries included.
  const query = auditLogListQuery.parse({ q: 'Scope Umutoni', days: 1 })
  it('a vendor cannot list, export or count audit entries, not even those about their own shop', async () => {
    for (const scope of [scopeOf(m.a), scopeOf(m.b)]) {
      expect((await listAuditLogs(t.db, scope, query)).items).toEqual([])
      expect(await exported(await exportAuditLogs(t.db, scope, query, { timeZone }))).toEqual([])
      expect((await entryRows.count(t.db, auditFilter(scope, query, new Date()))).total).toBe(0)
    }
  })
  it('the admin still can', async () => {
    const listed = await listAuditLogs(t.db, m.admin, query)
    expect(listed.items.map((entry) => entry.targetId)).toContain(m.ofA.orderId)
    expect((await entryRows.count(t.db, auditFilter(m.admin, query, new Date()))).total).toBe(listed.total)
    // The export is itself recorded (with its search) before its rows are read: one entry more.
    expect(await exported(await exportAuditLogs(t.db, m.admin, query, { timeZone }))).toHaveLength(
      listed.total + 1,
    )
  })
})
