import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, payouts, products, vendors } from '../../src/server/db/schema'
import {
  adminOf,
  createProduct,
  placeOrder,
  registeredVendor,
  rowCount,
  simpleProduct,
  type RegisteredVendor,
} from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { createTestApp, type ApiResponse } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>
let theAdmin: ReturnType<typeof adminOf>

beforeAll(async () => {
  t = await createTestApp()
  theAdmin = adminOf(t)
})
afterAll(async () => {
  await t?.close()
})

type Change = { name: string; send: (vendor: RegisteredVendor, setup: Setup) => Promise<ApiResponse> }
type Setup = { productId: string; orderId: string }

/** Every change a vendor can make to their shop, catalogue, orders and payouts. */
const changes: Change[] = [
  {
    name: 'add a product',
    send: (v) => t.post('/api/vendor/products', simpleProduct(), { cookie: v.cookie }),
  },
  {
    name: 'edit a product',
    send: async (v, s) => {
      // As the edit form does: with the version it read (a rejected vendor can still read their products).
      const read = await t.get(`/api/vendor/products/${s.productId}`, { cookie: v.cookie })
      const version = (read.body as { version?: string }).version
      return t.put(
        `/api/vendor/products/${s.productId}`,
        { ...simpleProduct(), version },
        { cookie: v.cookie },
      )
    },
  },
  {
    name: 'delete a product',
    send: (v, s) => t.delete(`/api/vendor/products/${s.productId}`, { cookie: v.cookie }),
  },
  {
    name: 'complete an order',
    send: (v, s) =>
      t.patch(`/api/vendor/orders/${s.orderId}/status`, { status: 'completed' }, { cookie: v.cookie }),
  },
  {
    name: 'request a payout',
    send: (v) => t.post('/api/vendor/payouts', { amount: 1 }, { cookie: v.cookie }),
  },
  {
    name: 'edit the profile',
    send: (v) =>
      t.patch('/api/vendor/profile', { businessAddress: 'KG 11 Ave, Kigali' }, { cookie: v.cookie }),
  },
  {
    name: 'remove the logo',
    send: (v) => t.put('/api/vendor/profile/logo', { fileId: null }, { cookie: v.cookie }),
  },
  {
    name: 'replace business documents',
    send: (v) => t.put('/api/vendor/profile/business-documents', { fileIds: [] }, { cookie: v.cookie }),
  },
  {
    name: 'change plan',
    send: (v) => t.put('/api/vendor/subscription', { plan: 'growth' }, { cookie: v.cookie }),
  },
]

/** A vendor with one product, one completed order (so a payout of 1 RWF is possible) and one pending order. */
async function vendorWithSales(status: 'approved' | 'pending' | 'rejected') {
  const vendor = await registeredVendor(t, { status: 'approved', plan: 'unlimited' })
  const product = await createProduct(
    t,
    vendor.cookie,
    simpleProduct({ variants: [{ price: 1_000, stock: 10 }] }),
  )
  const admin = await theAdmin()
  const ids = { vendorId: vendor.vendorId, productId: product.id, variantId: product.variants[0]!.id }
  const sold = await placeOrder(t, admin.cookie, ids)
  await t.patch(`/api/vendor/orders/${sold.id}/status`, { status: 'completed' }, { cookie: vendor.cookie })
  const order = await placeOrder(t, admin.cookie, ids)
  await t.db.update(vendors).set({ status }).where(eq(vendors.id, vendor.vendorId))
  return { vendor, setup: { productId: product.id, orderId: order.id } }
}

describe('a rejected vendor', () => {
  // Specification: rejected = "cannot access the platform"; the screens say 'Account Rejected'.
  it.each(changes)('cannot $name (403 vendor.accountRejected, nothing written)', async ({ send }) => {
    const { vendor, setup } = await vendorWithSales('rejected')
    const before = { products: await rowCount(t.db, products), payouts: await rowCount(t.db, payouts) }
    const [row] = await t.db.select().from(vendors).where(eq(vendors.id, vendor.vendorId))
    expectError(await send(vendor, setup), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'vendor.accountRejected',
    })
    expect({ products: await rowCount(t.db, products), payouts: await rowCount(t.db, payouts) }).toEqual(
      before,
    )
    expect((await t.db.select().from(vendors).where(eq(vendors.id, vendor.vendorId)))[0]).toEqual(row)
  })

  it('still reads the dashboard and profile, so the screen can say why', async () => {
    const { vendor } = await vendorWithSales('rejected')
    const dashboard = await t.get('/api/vendor/dashboard', { cookie: vendor.cookie })
    expect(dashboard.status, dashboard.text).toBe(200)
    expect(dashboard.body.vendor.status).toBe('rejected')
    expect((await t.get('/api/vendor/profile', { cookie: vendor.cookie })).status).toBe(200)
  })
})

describe('an approved or pending vendor', () => {
  it.each(
    changes.flatMap((change) => (['approved', 'pending'] as const).map((status) => ({ ...change, status }))),
  )('can still $name ($status)', async ({ send, status }) => {
    const { vendor, setup } = await vendorWithSales(status)
    const response = await send(vendor, setup)
    expect(response.status, response.text).toBeLessThan(300)
  })
})

describe('PATCH /api/admin/vendors/:id/status', () => {
  const decide = (id: string, status: string, cookie: string) =>
    t.patch(
      `/api/admin/vendors/${id}/status`,
      // A rejection says why (the vendor reads it).
      status === 'rejected' ? { status, reason: 'The ID document is unreadable.' } : { status },
      { cookie, headers: { 'user-agent': 'Isoko admin test browser' } },
    )

  // Admin §3: an application is decided once, by an admin, and the decision is audited with the change.
  it.each(['approved', 'rejected'] as const)(
    'an admin %s a pending application once, with its audit entry',
    async (status) => {
      const admin = await theAdmin()
      const vendor = await registeredVendor(t)
      const response = await decide(vendor.vendorId, status, admin.cookie)
      expect(response.status, response.text).toBe(200)
      expect(response.body.status).toBe(status)
      const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, vendor.vendorId))
      expect(audit).toMatchObject([
        {
          adminId: admin.user.id,
          action: status === 'approved' ? 'approve' : 'reject',
          targetTable: 'vendors',
          // Where the decision came from: the request id the server log carries, the address, the browser.
          requestId: response.headers.get('x-request-id'),
          ipAddress: expect.any(String),
          userAgent: 'Isoko admin test browser',
        },
      ])
      expect(audit[0]?.requestId).toBeTruthy()
      const again = await decide(
        vendor.vendorId,
        status === 'approved' ? 'rejected' : 'approved',
        admin.cookie,
      )
      expectError(again, { status: 409, code: 'CONFLICT', messageKey: 'vendor.notPending' })
      expect((await t.db.select().from(vendors).where(eq(vendors.id, vendor.vendorId)))[0]?.status).toBe(
        status,
      )
    },
  )

  it('two decisions at once: exactly one wins and one audit entry is written', async () => {
    const admin = await theAdmin()
    const vendor = await registeredVendor(t)
    const answers = await Promise.all([
      decide(vendor.vendorId, 'approved', admin.cookie),
      decide(vendor.vendorId, 'rejected', admin.cookie),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, vendor.vendorId))).toHaveLength(1)
  })

  // A vendor must not approve their own shop.
  it('refuses a vendor (403) and a signed-out user (401), changing nothing; an admin still can', async () => {
    const vendor = await registeredVendor(t)
    expectError(await decide(vendor.vendorId, 'approved', vendor.cookie), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expect((await decide(vendor.vendorId, 'approved', '')).status).toBe(401)
    expect((await t.db.select().from(vendors).where(eq(vendors.id, vendor.vendorId)))[0]?.status).toBe(
      'pending',
    )
    expect((await decide(vendor.vendorId, 'approved', (await theAdmin()).cookie)).status).toBe(200)
  })

  it('answers 404 for an unknown or malformed id and 422 for an unknown status', async () => {
    const admin = await theAdmin()
    expect((await decide('00000000-0000-4000-8000-000000000000', 'approved', admin.cookie)).status).toBe(404)
    expect((await decide('nope', 'approved', admin.cookie)).status).toBe(404)
    const vendor = await registeredVendor(t)
    expect((await decide(vendor.vendorId, 'suspended', admin.cookie)).status).toBe(422)
  })
})
