import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { marketplaceTotals, orderHours, orders, vendorTotals, vendors } from '../../src/server/db/schema'
import { findTotalsDrift, rebuildTotals } from '../../src/server/db/totals'
import { adminOf, placeOrder, productInStock } from '../fixtures/commerce'
import { expectStatus } from '../fixtures/factories'
import { insertOrders, registeredVendor } from '../fixtures/money'
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
      await t.patch(`/api/admin/payouts/${paid.id}`, { status: 'approved' }, { cookie: adminCookie }),
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
    expect(dashboard.body.stats).toEqual({ products: 2, orders: 2, revenue: 7_500, pendingPayouts: 1_500 })
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
