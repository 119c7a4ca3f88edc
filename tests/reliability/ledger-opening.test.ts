import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findLedgerFaults } from '../../src/server/db/ledger-check'
import { openLedgerFromRows } from '../../src/server/db/ledger-opening'
import { ledgerEntries, orders, payouts } from '../../src/server/db/schema'
import { findTotalsDrift, rebuildTotals } from '../../src/server/db/totals'
import type { AdminScope, VendorScope } from '../../src/server/lib/scope'
import { setAdminOrderStatus } from '../../src/server/orders/admin-orders.service'
import { decidePayout, getPayoutOverview } from '../../src/server/payouts/payouts.service'
import { adminOf, registeredVendor } from '../fixtures/commerce'
import { createTestApp } from '../fixtures/test-app'

/**
 * A marketplace that ran before the ledger (docs/decisions/021): its orders and payouts are there, its ledger is
 * empty. Migration 0020's opening entries (read from the migration itself) give each shop the balance the
 * specification's rule gives it (completed orders less payouts pending and approved), and what happens next to
 * an order or a payout from before moves it as it would have.
 */

let t: Awaited<ReturnType<typeof createTestApp>>
let admin: AdminScope
const shops: VendorScope[] = []

type Before = {
  orders: { total: number; status: 'pending' | 'completed' | 'refunded' }[]
  payouts: { amount: number; status: 'pending' | 'approved' | 'rejected' }[]
}
const before: Before[] = [
  {
    orders: [
      { total: 120_000, status: 'completed' },
      { total: 45_500, status: 'completed' },
      { total: 9_000, status: 'pending' },
      { total: 30_000, status: 'refunded' },
    ],
    payouts: [
      { amount: 50_000, status: 'approved' },
      { amount: 20_000, status: 'pending' },
      { amount: 70_000, status: 'rejected' },
    ],
  },
  // A refund after a payout: the shop owes.
  { orders: [{ total: 10_000, status: 'completed' }], payouts: [{ amount: 25_000, status: 'approved' }] },
  // Nothing sold yet: no opening entry.
  { orders: [{ total: 5_000, status: 'pending' }], payouts: [] },
]
const specificationBalance = ({ orders: sold, payouts: paid }: Before) =>
  sold.filter((order) => order.status === 'completed').reduce((sum, order) => sum + order.total, 0) -
  paid.filter((payout) => payout.status !== 'rejected').reduce((sum, payout) => sum + payout.amount, 0)

const available = async (shop: VendorScope) =>
  (await getPayoutOverview(t.db, shop, { page: 1, pageSize: 24 }, { timeZone: 'Africa/Kigali' }))
    .availableBalance

beforeAll(async () => {
  t = await createTestApp()
  const theAdmin = await adminOf(t)()
  admin = { role: 'admin', userId: theAdmin.user.id }
  for (const history of before) {
    const vendor = await registeredVendor(t, { status: 'approved' })
    const shop: VendorScope = {
      role: 'vendor',
      userId: vendor.user.id,
      vendorId: vendor.vendorId,
      vendorStatus: 'approved',
    }
    shops.push(shop)
    // As before the ledger: the rows alone, no trigger posting anything.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.insert(orders).values(
        history.orders.map((order, index) => ({
          vendorId: shop.vendorId,
          productName: `Agaseke ${index + 1}`,
          sku: `agaseke-${index + 1}`,
          unitPrice: order.total,
          quantity: 1,
          totalAmount: order.total,
          customerName: 'Umukiriya',
          customerEmail: 'umukiriya@example.rw',
          status: order.status,
        })),
      )
      if (history.payouts.length > 0)
        await tx
          .insert(payouts)
          .values(history.payouts.map((payout) => ({ vendorId: shop.vendorId, ...payout })))
    })
  }
  await rebuildTotals(t.db)
})
afterAll(async () => {
  await t?.close()
})

describe('the ledger opened on a marketplace that ran without it', () => {
  it('gives every shop the balance its rows gave it, in entries that balance', async () => {
    expect(await t.db.select().from(ledgerEntries)).toEqual([])
    const { entries } = await openLedgerFromRows(t.db)
    expect(entries).toBe(2)
    for (const [index, shop] of shops.entries()) {
      expect(await available(shop)).toBe(specificationBalance(before[index]!))
    }
    expect(await available(shops[1]!)).toBe(-15_000)
    expect(await findLedgerFaults(t.db)).toEqual([])
    expect(await findTotalsDrift(t.db)).toEqual([])
    // Opened once: a second opening would count the same money twice.
    await expect(openLedgerFromRows(t.db)).rejects.toThrow(/already has entries/)
  })

  it('moves a balance from before as it always did: a refund, a payout rejected, a payout approved', async () => {
    const [shop] = shops
    const start = await available(shop!)
    const sold = await t.db.select().from(orders).where(eq(orders.vendorId, shop!.vendorId))
    const completed = sold.find((order) => order.totalAmount === 45_500)!
    await setAdminOrderStatus(t.db, admin, completed.id, 'refunded')
    expect(await available(shop!)).toBe(start - 45_500)
    const [pending] = await t.db.select().from(payouts).where(eq(payouts.status, 'pending'))
    await decidePayout(t.db, admin, pending!.id, { status: 'rejected', reason: null }, t.config.publicUrl)
    expect(await available(shop!)).toBe(start - 45_500 + 20_000)
    // Completed again: a sale posted now, under today's rules (none: commission 0), and the balance back.
    await setAdminOrderStatus(t.db, admin, completed.id, 'completed')
    expect(await available(shop!)).toBe(start + 20_000)
    expect(await findLedgerFaults(t.db)).toEqual([])
    expect(await findTotalsDrift(t.db)).toEqual([])
  })
})
