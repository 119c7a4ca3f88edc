import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, orders, products, variants, vendors } from '../../src/server/db/schema'
import type { OrderDto } from '../../src/shared/schemas/order'
import {
  createProduct,
  orderBody,
  orderRow,
  placeOrder,
  productInStock as shopProductInStock,
  raceBehindLock,
  registeredVendor,
  rowCount,
  simpleProduct,
  variantProduct,
  variantRow,
  type RegisteredVendor,
  twoShopsAndAdmin,
} from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor } from '../fixtures/factories'
import type { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>
let a: RegisteredVendor
let b: RegisteredVendor
let adminCookie: string
let adminId: string

beforeAll(async () => {
  ;({ t, a, b, adminCookie, adminId } = await twoShopsAndAdmin())
})
afterAll(async () => {
  await t?.close()
})

/** A product of vendor A in stock, and the ids an order for its first variant needs. */
const productInStock = (stock?: number, price?: number) => shopProductInStock(t, a, { stock, price })

const stockOf = async (variantId: string) => (await variantRow(t.db, variantId))?.stock
const written = async () => ({ orders: await rowCount(t.db, orders), audit: await rowCount(t.db, auditLogs) })

describe('POST /api/admin/orders', () => {
  // Admin §7 computed the total and the stock in the browser; here the server does both (README: deliberate divergences).
  it('creates a pending order with a snapshot, a total computed by the server, the stock taken and an audit entry', async () => {
    const product = await createProduct(
      t,
      a.cookie,
      variantProduct(['red', 'blue'], ['m'], { name: 'Kitenge Wrap', price: 6_000, stock: 9 }),
    )
    const blue = product.variants.find((variant) => variant.attributes.color === 'blue')!
    const response = await t.post(
      '/api/admin/orders',
      {
        ...orderBody({ vendorId: a.vendorId, productId: product.id, variantId: blue.id, quantity: 3 }),
        totalAmount: 1,
        unitPrice: 1,
      },
      { cookie: adminCookie },
    )
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({
      status: 'pending',
      productName: 'Kitenge Wrap',
      sku: 'kitenge-wrap-blue-m',
      attributes: { color: 'blue', size: 'm' },
      unitPrice: blue.price,
      quantity: 3,
      totalAmount: blue.price * 3,
      customerName: 'Jean Mugisha',
      customerEmail: 'jean.mugisha@example.rw',
    })
    expect(await stockOf(blue.id)).toBe(6)
    expect(await orderRow(t.db, response.body.id)).toMatchObject({
      vendorId: a.vendorId,
      productId: product.id,
      variantId: blue.id,
    })
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, response.body.id))
    expect(audit).toMatchObject({ adminId, action: 'create', targetTable: 'orders' })
    expect(audit?.newValues).toMatchObject({ variant_id: blue.id, quantity: 3, total_amount: blue.price * 3 })
    const list = await t.get('/api/vendor/orders', { cookie: a.cookie })
    expect(list.body.items[0]).toEqual(response.body)
  })

  it('takes a quantity of 1 when none is given', async () => {
    const { ids, variant } = await productInStock(5)
    const { quantity: _omitted, ...body } = orderBody(ids)
    const response = await t.post('/api/admin/orders', body, { cookie: adminCookie })
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({ quantity: 1, totalAmount: variant.price })
    expect(await stockOf(variant.id)).toBe(4)
  })

  // Admin §5: vendor, product, variant, customer name and e-mail are all required ('Please fill in all required fields').
  it.each(['vendorId', 'productId', 'variantId', 'customerName', 'customerEmail'])(
    'refuses an order without %s with orders.requiredFields, writing nothing',
    async (field) => {
      const { ids, variant } = await productInStock(5)
      const before = await written()
      for (const value of [undefined, '  ']) {
        const response = await t.post(
          '/api/admin/orders',
          { ...orderBody(ids), [field]: value },
          { cookie: adminCookie },
        )
        expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'orders.requiredFields' })
        expect(response.body.error.fields[field]).toBe('orders.requiredFields')
      }
      expect(await written()).toEqual(before)
      expect(await stockOf(variant.id)).toBe(5)
    },
  )

  // Quantity is a whole number from 1; the customer must be reachable by e-mail.
  it.each([
    ['quantity', { quantity: 0 }, 'orders.quantityInvalid'],
    ['quantity', { quantity: 1.5 }, 'orders.quantityInvalid'],
    ['quantity', { quantity: 'two' }, 'orders.quantityInvalid'],
    ['customerEmail', { customerEmail: 'not-an-email' }, 'errors.emailInvalid'],
  ])('refuses an invalid %s (%o) with %s, writing nothing', async (field, overrides, messageKey) => {
    const { ids, variant } = await productInStock(5)
    const before = await written()
    const response = await t.post(
      '/api/admin/orders',
      { ...orderBody(ids), ...overrides },
      { cookie: adminCookie },
    )
    expectError(response, { status: 422, code: 'VALIDATION', messageKey })
    expect(response.body.error.fields[field]).toBe(messageKey)
    expect(await written()).toEqual(before)
    expect(await stockOf(variant.id)).toBe(5)
  })

  // Admin §5: only the chosen vendor's approved products, and only that product's variants ('Selected variant not found').
  it('refuses a variant that is not the chosen product’s, of the chosen vendor, approved and live', async () => {
    const { variant, ids } = await productInStock(5)
    const other = await productInStock(5)
    const bsProduct = await createProduct(t, b.cookie)
    const pending = await productInStock(5)
    await t.db.update(products).set({ status: 'pending' }).where(eq(products.id, pending.product.id))
    const rejected = await productInStock(5)
    await t.db.update(products).set({ status: 'rejected' }).where(eq(products.id, rejected.product.id))
    const archived = await productInStock(5)
    await t.db.update(variants).set({ archivedAt: new Date() }).where(eq(variants.id, archived.variant.id))
    const cases: Record<string, unknown>[] = [
      { ...ids, variantId: other.variant.id },
      { ...ids, productId: other.product.id },
      { ...ids, vendorId: b.vendorId },
      { vendorId: a.vendorId, productId: bsProduct.id, variantId: bsProduct.variants[0]!.id },
      pending.ids,
      rejected.ids,
      archived.ids,
      { ...ids, variantId: randomUUID() },
      { ...ids, variantId: 'not-a-uuid' },
      { ...ids, vendorId: 'nope' },
    ]
    const before = await written()
    for (const order of cases) {
      const response = await t.post('/api/admin/orders', orderBody(order as never), { cookie: adminCookie })
      expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'orders.variantNotFound' })
    }
    expect(await written()).toEqual(before)
    for (const id of [variant.id, other.variant.id, pending.variant.id, archived.variant.id])
      expect(await stockOf(id)).toBe(5)
  })

  // Admin §5: 'Insufficient stock. Available: X, Requested: Y'; an order never sells what is not there.
  it('refuses more than the stock with 409 orders.insufficientStock {available, requested}, writing nothing', async () => {
    const { ids, variant } = await productInStock(3)
    const before = await written()
    const response = await t.post('/api/admin/orders', orderBody({ ...ids, quantity: 4 }), {
      cookie: adminCookie,
    })
    expectError(response, { status: 409, code: 'CONFLICT', messageKey: 'orders.insufficientStock' })
    expect(response.body.error.params).toEqual({ available: 3, requested: 4 })
    expect(await written()).toEqual(before)
    expect(await stockOf(variant.id)).toBe(3)
    const exact = await t.post('/api/admin/orders', orderBody({ ...ids, quantity: 3 }), {
      cookie: adminCookie,
    })
    expect(exact.status, exact.text).toBe(201)
    expect(await stockOf(variant.id)).toBe(0)
  })

  // README: deliberate divergences: stock computed in the browser let two orders at once oversell.
  it('sells exactly the stock when 10 orders for 5 pieces arrive at once, never going below 0', async () => {
    const { ids, variant } = await productInStock(5)
    const responses = await raceBehindLock(
      t,
      'orders',
      () =>
        Array.from({ length: 10 }, () =>
          t.post('/api/admin/orders', orderBody(ids), { cookie: adminCookie }),
        ),
      4,
    )
    expect(responses.filter((response) => response.status === 201)).toHaveLength(5)
    for (const refused of responses.filter((response) => response.status !== 201)) {
      expectError(refused, { status: 409, code: 'CONFLICT', messageKey: 'orders.insufficientStock' })
    }
    expect(await stockOf(variant.id)).toBe(0)
    expect(await t.db.select().from(orders).where(eq(orders.variantId, variant.id))).toHaveLength(5)
  })

  it('is for admins only: 401 signed out, 403 for a vendor (before reading the body), nothing written', async () => {
    const { ids, variant } = await productInStock(5)
    const before = await written()
    expectError(await t.post('/api/admin/orders', orderBody(ids)), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.mustBeLoggedIn',
    })
    for (const body of [orderBody(ids), {}]) {
      expectError(await t.post('/api/admin/orders', body, { cookie: a.cookie }), {
        status: 403,
        code: 'FORBIDDEN',
        messageKey: 'errors.forbidden',
      })
    }
    expect(await written()).toEqual(before)
    expect(await stockOf(variant.id)).toBe(5)
  })
})

describe('GET /api/vendor/orders', () => {
  it("lists the vendor's own orders, newest first, by status, page by page, with the total", async () => {
    const vendor = await registeredVendor(t, { status: 'approved' })
    const product = await createProduct(
      t,
      vendor.cookie,
      simpleProduct({ variants: [{ price: 1_000, stock: 10 }] }),
    )
    const ids = { vendorId: vendor.vendorId, productId: product.id, variantId: product.variants[0]!.id }
    const first = await placeOrder(t, adminCookie, { ...ids, customerName: 'First' })
    const second = await placeOrder(t, adminCookie, { ...ids, customerName: 'Second' })
    const third = await placeOrder(t, adminCookie, { ...ids, customerName: 'Third' })
    await placeOrder(t, adminCookie, (await productInStock(5)).ids)
    expect(
      (
        await t.patch(
          `/api/vendor/orders/${second.id}/status`,
          { status: 'completed' },
          { cookie: vendor.cookie },
        )
      ).status,
    ).toBe(200)

    const all = await t.get('/api/vendor/orders', { cookie: vendor.cookie })
    expect(all.status, all.text).toBe(200)
    expect(all.body).toMatchObject({ total: 3, page: 1, pageSize: 24 })
    expect(all.body.items.map((order: OrderDto) => order.id)).toEqual([third.id, second.id, first.id])
    const pending = await t.get('/api/vendor/orders?status=pending', { cookie: vendor.cookie })
    expect(pending.body.items.map((order: OrderDto) => order.id)).toEqual([third.id, first.id])
    expect(pending.body.total).toBe(2)
    const completed = await t.get('/api/vendor/orders?status=completed', { cookie: vendor.cookie })
    expect(completed.body.items.map((order: OrderDto) => order.id)).toEqual([second.id])
    const refunded = await t.get('/api/vendor/orders?status=refunded', { cookie: vendor.cookie })
    expect(refunded.body).toMatchObject({ items: [], total: 0 })
    const page2 = await t.get('/api/vendor/orders?page=2&pageSize=2', { cookie: vendor.cookie })
    expect(page2.body.items.map((order: OrderDto) => order.id)).toEqual([first.id])
    expect(page2.body.total).toBe(3)
  })

  it('refuses an unknown status filter', async () => {
    expectError(await t.get('/api/vendor/orders?status=shipped', { cookie: a.cookie }), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.invalidValue',
    })
  })
})

describe('PATCH /api/vendor/orders/:id/status', () => {
  async function pendingOrder() {
    const { ids } = await productInStock(5)
    return placeOrder(t, adminCookie, ids)
  }
  const statusOf = async (id: string) => (await orderRow(t.db, id))?.status

  // Specification §4: pending can be marked completed, completed can be refunded.
  it('moves pending → completed → refunded', async () => {
    const order = await pendingOrder()
    const completed = await t.patch(
      `/api/vendor/orders/${order.id}/status`,
      { status: 'completed' },
      { cookie: a.cookie },
    )
    expect(completed.status, completed.text).toBe(200)
    expect(completed.body).toMatchObject({ id: order.id, status: 'completed' })
    const refunded = await t.patch(
      `/api/vendor/orders/${order.id}/status`,
      { status: 'refunded' },
      { cookie: a.cookie },
    )
    expect(refunded.body.status).toBe('refunded')
    expect(await statusOf(order.id)).toBe('refunded')
  })

  // Specification §4: no skipping to refunded, no going back, and refunded is final.
  it('refuses every other move with 409 orders.invalidTransition {from, to}, changing nothing', async () => {
    const order = await pendingOrder()
    const skip = await t.patch(
      `/api/vendor/orders/${order.id}/status`,
      { status: 'refunded' },
      { cookie: a.cookie },
    )
    expectError(skip, { status: 409, code: 'CONFLICT', messageKey: 'orders.invalidTransition' })
    expect(skip.body.error.params).toEqual({ from: 'pending', to: 'refunded' })
    expect(await statusOf(order.id)).toBe('pending')

    await t.patch(`/api/vendor/orders/${order.id}/status`, { status: 'completed' }, { cookie: a.cookie })
    expectError(
      await t.patch(`/api/vendor/orders/${order.id}/status`, { status: 'completed' }, { cookie: a.cookie }),
      {
        status: 409,
        code: 'CONFLICT',
        messageKey: 'orders.invalidTransition',
      },
    )
    await t.patch(`/api/vendor/orders/${order.id}/status`, { status: 'refunded' }, { cookie: a.cookie })
    for (const status of ['completed', 'refunded']) {
      expectError(await t.patch(`/api/vendor/orders/${order.id}/status`, { status }, { cookie: a.cookie }), {
        status: 409,
        code: 'CONFLICT',
        messageKey: 'orders.invalidTransition',
      })
    }
    expect(await statusOf(order.id)).toBe('refunded')
  })

  it('refuses a status other than completed or refunded with orders.statusInvalid', async () => {
    const order = await pendingOrder()
    for (const status of ['pending', 'shipped', undefined]) {
      expectError(await t.patch(`/api/vendor/orders/${order.id}/status`, { status }, { cookie: a.cookie }), {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'orders.statusInvalid',
      })
    }
    expect(await statusOf(order.id)).toBe('pending')
  })

  // Vendor B changes only B's orders: another vendor's order answers as if it did not exist.
  it("vendor B cannot change vendor A's order (404, unchanged); vendor A can", async () => {
    const order = await pendingOrder()
    expectError(
      await t.patch(`/api/vendor/orders/${order.id}/status`, { status: 'completed' }, { cookie: b.cookie }),
      {
        status: 404,
        code: 'NOT_FOUND',
        messageKey: 'errors.notFound',
      },
    )
    expect(await statusOf(order.id)).toBe('pending')
    const own = await t.patch(
      `/api/vendor/orders/${order.id}/status`,
      { status: 'completed' },
      { cookie: a.cookie },
    )
    expect(own.status, own.text).toBe(200)
    expect(await statusOf(order.id)).toBe('completed')
  })

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'abc']) {
      expectError(
        await t.patch(`/api/vendor/orders/${id}/status`, { status: 'completed' }, { cookie: a.cookie }),
        {
          status: 404,
          code: 'NOT_FOUND',
          messageKey: 'errors.notFound',
        },
      )
    }
  })
})

describe('who may use /api/vendor/orders', () => {
  // Vendors see only their own orders.
  it("vendor B does not see vendor A's orders; vendor A does", async () => {
    const order = await placeOrder(t, adminCookie, (await productInStock(5)).ids)
    const seenByB = await t.get('/api/vendor/orders?pageSize=100', { cookie: b.cookie })
    expect(seenByB.status).toBe(200)
    expect(seenByB.body.items.map((item: OrderDto) => item.id)).not.toContain(order.id)
    const seenByA = await t.get('/api/vendor/orders?pageSize=100', { cookie: a.cookie })
    expect(seenByA.body.items.map((item: OrderDto) => item.id)).toContain(order.id)
  })

  it('answers 401 signed out, 403 for an admin, 404 vendor.notRegistered without a vendor record', async () => {
    const order = await placeOrder(t, adminCookie, (await productInStock(5)).ids)
    const calls = [
      ['GET', '/api/vendor/orders', undefined],
      ['PATCH', `/api/vendor/orders/${order.id}/status`, { status: 'completed' }],
    ] as const
    const unregistered = await confirmedVendor(t)
    for (const [method, path, body] of calls) {
      expectError(await t.request(method, path, { body }), {
        status: 401,
        code: 'UNAUTHENTICATED',
        messageKey: 'errors.unauthenticated',
      })
      expectError(await t.request(method, path, { body, cookie: adminCookie }), {
        status: 403,
        code: 'FORBIDDEN',
        messageKey: 'errors.forbidden',
      })
      expectError(await t.request(method, path, { body, cookie: unregistered.cookie }), {
        status: 404,
        code: 'NOT_FOUND',
        messageKey: 'vendor.notRegistered',
      })
    }
    expect((await orderRow(t.db, order.id))?.status).toBe('pending')
  })
})

describe('who can sell', () => {
  // Specification: a pending shop's products are hidden until approved; a rejected shop cannot use the platform.
  it.each(['pending', 'rejected'] as const)(
    "refuses an order for a %s shop's product, taking no stock; an approved shop's product still sells",
    async (status) => {
      const vendor = await registeredVendor(t, { status: 'approved' })
      const product = await createProduct(
        t,
        vendor.cookie,
        simpleProduct({ variants: [{ price: 1_000, stock: 4 }] }),
      )
      const ids = { vendorId: vendor.vendorId, productId: product.id, variantId: product.variants[0]!.id }
      await t.db.update(vendors).set({ status }).where(eq(vendors.id, vendor.vendorId))
      const before = await written()
      const refused = await t.post('/api/admin/orders', orderBody(ids), { cookie: adminCookie })
      expectError(refused, { status: 422, code: 'VALIDATION', messageKey: 'orders.vendorNotApproved' })
      expect(await written()).toEqual(before)
      expect(await stockOf(ids.variantId)).toBe(4)
      await t.db.update(vendors).set({ status: 'approved' }).where(eq(vendors.id, vendor.vendorId))
      await placeOrder(t, adminCookie, ids)
      expect(await stockOf(ids.variantId)).toBe(3)
    },
  )

  // A rejected vendor can change nothing: not even complete or refund an order already taken.
  it('a rejected vendor cannot change an order status (403 vendor.accountRejected); an approved vendor still can', async () => {
    const vendor = await registeredVendor(t, { status: 'approved' })
    const product = await createProduct(
      t,
      vendor.cookie,
      simpleProduct({ variants: [{ price: 1_000, stock: 4 }] }),
    )
    const ids = { vendorId: vendor.vendorId, productId: product.id, variantId: product.variants[0]!.id }
    const order = await placeOrder(t, adminCookie, ids)
    await t.db.update(vendors).set({ status: 'rejected' }).where(eq(vendors.id, vendor.vendorId))
    const refused = await t.patch(
      `/api/vendor/orders/${order.id}/status`,
      { status: 'completed' },
      { cookie: vendor.cookie },
    )
    expectError(refused, { status: 403, code: 'FORBIDDEN', messageKey: 'vendor.accountRejected' })
    expect((await orderRow(t.db, order.id))?.status).toBe('pending')
    // Reading stays possible, so the screen can say 'Account Rejected'.
    expect((await t.get('/api/vendor/orders', { cookie: vendor.cookie })).status).toBe(200)
    await t.db.update(vendors).set({ status: 'approved' }).where(eq(vendors.id, vendor.vendorId))
    const allowed = await t.patch(
      `/api/vendor/orders/${order.id}/status`,
      { status: 'completed' },
      { cookie: vendor.cookie },
    )
    expect(allowed.status, allowed.text).toBe(200)
  })
})
