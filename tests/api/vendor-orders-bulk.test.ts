import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, orders } from '../../src/server/db/schema'
import { bulkCompleteMax, type OrderDto } from '../../src/shared/schemas/order'
import { adminOf, registeredVendor, type RegisteredVendor } from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>
let a: RegisteredVendor
let b: RegisteredVendor

beforeAll(async () => {
  t = await createTestApp()
  ;[a, b] = await Promise.all([
    registeredVendor(t, { status: 'approved' }),
    registeredVendor(t, { status: 'approved' }),
  ])
})
afterAll(async () => {
  await t?.close()
})

let sequence = 0

/** Orders of one shop, written directly (how they were placed is not what these tests are about). */
async function ordersOf(
  vendor: RegisteredVendor,
  count: number,
  values: Partial<typeof orders.$inferInsert> = {},
) {
  return t.db
    .insert(orders)
    .values(
      Array.from({ length: count }, () => {
        sequence += 1
        return {
          vendorId: vendor.vendorId,
          productName: `Agaseke ${sequence}`,
          sku: `agaseke-${sequence}-default`,
          unitPrice: 5_000,
          quantity: 1,
          totalAmount: 5_000,
          customerName: `Umukiriya ${sequence}`,
          customerEmail: `client${sequence}@example.rw`,
          status: 'pending' as const,
          ...values,
        }
      }),
    )
    .returning()
}

const statusesOf = async (ids: string[]) =>
  Object.fromEntries(
    (await t.db.select().from(orders).where(inArray(orders.id, ids))).map((order) => [
      order.id,
      order.status,
    ]),
  )
const auditOf = (ids: string[]) =>
  t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.targetTable, 'orders'), inArray(auditLogs.targetId, ids)))

const complete = (vendor: RegisteredVendor, ids: string[]) =>
  t.post('/api/vendor/orders/complete', { ids }, { cookie: vendor.cookie })

describe('GET /api/vendor/orders?q=', () => {
  const search = async (vendor: RegisteredVendor, q: string) => {
    const response = await t.get(`/api/vendor/orders?q=${encodeURIComponent(q)}&pageSize=100`, {
      cookie: vendor.cookie,
    })
    expect(response.status, response.text).toBe(200)
    return (response.body.items as OrderDto[]).map((order) => order.id)
  }

  // The vendor finds an order as the customer names it on the phone: by name, number, product or order number.
  it("finds the vendor's orders by customer name, phone, product name and order number", async () => {
    const [byName] = await ordersOf(a, 1, { customerName: 'Mukamana Divine' })
    const [byPhone] = await ordersOf(a, 1, { customerPhone: '+250788765432' })
    const [byProduct] = await ordersOf(a, 1, { productName: 'Inkweto za Kinyarwanda' })
    const [other] = await ordersOf(a, 1)

    expect(await search(a, 'mukamana')).toEqual([byName!.id])
    // As people write a number: with its 0 and spaces, with the country code, or its last digits.
    expect(await search(a, '0788 765 432')).toEqual([byPhone!.id])
    expect(await search(a, '+250 788765432')).toEqual([byPhone!.id])
    expect(await search(a, '765432')).toEqual([byPhone!.id])
    expect(await search(a, 'inkweto')).toEqual([byProduct!.id])
    // The order number as the screens show it ("Order #3f2b8c1e"), or the id's start.
    expect(await search(a, `#${other!.id.slice(0, 8)}`)).toEqual([other!.id])
    expect(await search(a, other!.id.slice(0, 13).toUpperCase())).toEqual([other!.id])
    expect(await search(a, 'no such customer')).toEqual([])
  })

  // A search runs within the vendor's own orders: another shop's customers are not found.
  it("vendor B does not find vendor A's orders; vendor A does", async () => {
    const [order] = await ordersOf(a, 1, { customerName: 'Habimana Eric', customerPhone: '+250722111333' })
    expect(await search(b, 'habimana')).toEqual([])
    expect(await search(b, '0722 111 333')).toEqual([])
    expect(await search(b, order!.id.slice(0, 8))).toEqual([])
    expect(await search(a, 'habimana')).toEqual([order!.id])
  })

  // The admin takes the customer's call too: any shop's order, found by the number through its trigram index.
  it("finds any shop's order by the customer's phone for the admin", async () => {
    const [order] = await ordersOf(b, 1, { customerPhone: '+250733444555' })
    const admin = await adminOf(t)()
    const response = await t.get(`/api/admin/orders?q=${encodeURIComponent('0733 444 555')}`, {
      cookie: admin.cookie,
    })
    expect(response.status, response.text).toBe(200)
    expect(response.body.items.map((found: OrderDto) => found.id)).toEqual([order!.id])
  })

  it('searches within a status filter, and refuses a search longer than 200 characters', async () => {
    const [pending, completed] = await ordersOf(a, 2, { customerName: 'Uwimana Grace' })
    await t.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, completed!.id))
    const response = await t.get('/api/vendor/orders?q=uwimana&status=pending', { cookie: a.cookie })
    expect(response.body.items.map((order: OrderDto) => order.id)).toEqual([pending!.id])
    expectError(await t.get(`/api/vendor/orders?q=${'a'.repeat(201)}`, { cookie: a.cookie }), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.tooLong',
    })
  })
})

describe('POST /api/vendor/orders/complete', () => {
  // A vendor marks only their own orders completed: a selection holding another shop's order changes nothing.
  it("vendor B cannot complete vendor A's orders in a batch (nothing changes); vendor A can", async () => {
    const ofA = await ordersOf(a, 2)
    const [ofB] = await ordersOf(b, 1)
    const idsOfA = ofA.map((order) => order.id)

    for (const ids of [idsOfA, [ofB!.id, ...idsOfA]]) {
      const refused = await complete(b, ids)
      expectError(refused, { status: 409, code: 'CONFLICT', messageKey: 'orders.bulkComplete.refused' })
      expect(refused.body.error.params).toEqual({ count: idsOfA.length, total: ids.length })
    }
    expect(await statusesOf([...idsOfA, ofB!.id])).toEqual({
      [idsOfA[0]!]: 'pending',
      [idsOfA[1]!]: 'pending',
      [ofB!.id]: 'pending',
    })
    expect(await auditOf([...idsOfA, ofB!.id])).toEqual([])

    const done = await complete(a, idsOfA)
    expect(done.status, done.text).toBe(200)
    expect([...done.body.completed].sort()).toEqual([...idsOfA].sort())
    expect(Object.values(await statusesOf(idsOfA))).toEqual(['completed', 'completed'])
  })

  // Each order keeps its own history, as when it is marked completed alone.
  it('writes one audit entry per order, as the single Mark Completed does', async () => {
    const batch = await ordersOf(a, 3)
    const ids = batch.map((order) => order.id)
    expect((await complete(a, [...ids, ids[0]!])).status).toBe(200)
    const entries = await auditOf(ids)
    expect(entries).toHaveLength(3)
    for (const entry of entries) {
      expect(entry).toMatchObject({
        adminId: a.user.id,
        action: 'update',
        oldValues: { status: 'pending' },
        newValues: { status: 'completed' },
      })
    }
    expect(entries.map((entry) => entry.targetId).sort()).toEqual([...ids].sort())
  })

  // A completed order cannot be completed again: the selection is refused whole, not done in part.
  it('refuses a batch holding an order that is not pending, changing nothing', async () => {
    const [pending, completed, refunded] = await ordersOf(a, 3)
    await t.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, completed!.id))
    await t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, refunded!.id))
    const ids = [pending!.id, completed!.id, refunded!.id, randomUUID()]

    const refused = await complete(a, ids)
    expectError(refused, { status: 409, code: 'CONFLICT', messageKey: 'orders.bulkComplete.refused' })
    expect(refused.body.error.params).toEqual({ count: 3, total: 4 })
    expect(await statusesOf(ids)).toEqual({
      [pending!.id]: 'pending',
      [completed!.id]: 'completed',
      [refunded!.id]: 'refunded',
    })
    expect(await auditOf(ids)).toEqual([])
  })

  it(`refuses more than ${bulkCompleteMax} orders, none, or an id that is not one, changing nothing`, async () => {
    const batch = await ordersOf(a, bulkCompleteMax + 1)
    const ids = batch.map((order) => order.id)
    expectError(await complete(a, ids), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'orders.bulkComplete.tooMany',
    })
    expectError(await complete(a, []), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'orders.bulkComplete.noneSelected',
    })
    expectError(await complete(a, [ids[0]!, 'abc']), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.invalidValue',
    })
    expect(new Set(Object.values(await statusesOf(ids)))).toEqual(new Set(['pending']))
    // The limit itself is allowed.
    expect((await complete(a, ids.slice(0, bulkCompleteMax))).status).toBe(200)
  })
})
