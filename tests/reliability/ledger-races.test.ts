import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findLedgerFaults } from '../../src/server/db/ledger-check'
import { commissionRules, ledgerEntries, orders, payouts, vendors } from '../../src/server/db/schema'
import { availableBalance } from '../../src/server/ledger/ledger'
import { findTotalsDrift } from '../../src/server/db/totals'
import { AppError } from '../../src/server/lib/errors'
import { createAdjustment } from '../../src/server/adjustments/adjustments.service'
import type { AdminScope, VendorScope } from '../../src/server/lib/scope'
import { setAdminOrderStatus } from '../../src/server/orders/admin-orders.service'
import { setVendorOrderStatus } from '../../src/server/orders/orders.service'
import { decidePayout, getPayoutOverview, requestPayout } from '../../src/server/payouts/payouts.service'
import { adminOf, registeredVendor } from '../fixtures/commerce'
import { insertOrders } from '../fixtures/money'
import { createTestApp } from '../fixtures/test-app'

/**
 * Many balance changes of one shop at once (docs/decisions/021): refunds by the shop and by the admin, payout
 * requests, approvals and rejections, adjustments, all started together. However they interleave, the ledger ends exact: every
 * entry balances, each sale refunded at most once, the shop's balance is its completed sales less their frozen
 * commission and VAT, less the payouts pending or paid, and no payout was approved beyond what the shop had.
 */

let t: Awaited<ReturnType<typeof createTestApp>>
let admin: AdminScope
let shop: VendorScope

beforeAll(async () => {
  t = await createTestApp()
  const theAdmin = await adminOf(t)()
  admin = { role: 'admin', userId: theAdmin.user.id }
  const vendor = await registeredVendor(t, { status: 'approved', plan: 'unlimited' })
  shop = { role: 'vendor', userId: vendor.user.id, vendorId: vendor.vendorId, vendorStatus: 'approved' }
  // 10% + 100 RWF on every sale, and 18% VAT on that.
  await t.db.insert(commissionRules).values({ rateBp: 1000, fixedAmount: 100 })
})
afterAll(async () => {
  await t?.close()
})

const settled = async (work: Promise<unknown>) =>
  work.then(
    () => 'done' as const,
    (error: unknown) => {
      if (error instanceof AppError) return 'refused' as const
      throw error
    },
  )

describe('one shop’s balance changed from every side at once', () => {
  it('ends exact after 50 refunds, payout requests and decisions started together', async () => {
    const sold = await insertOrders(
      t.db,
      shop.vendorId,
      Array.from({ length: 30 }, (_, index) => 10_000 + index * 1_000),
    )
    // Two payouts wait for a decision before the rush begins.
    const waiting = [await requestPayout(t.db, shop, 20_000), await requestPayout(t.db, shop, 15_000)]

    const work: Promise<'done' | 'refused'>[] = []
    for (const [index, order] of sold.slice(0, 20).entries()) {
      // Each sale refunded twice over, by the shop and by the admin: it is reversed once.
      work.push(settled(setVendorOrderStatus(t.db, shop, order.id, 'refunded')))
      if (index % 2 === 0) work.push(settled(setAdminOrderStatus(t.db, admin, order.id, 'refunded')))
    }
    for (let index = 0; index < 16; index += 1)
      work.push(settled(requestPayout(t.db, shop, 9_000 + index * 500)))
    for (const payout of waiting) {
      work.push(
        settled(
          decidePayout(
            t.db,
            admin,
            payout.id,
            { status: 'approved', paymentReference: 'MP-9' },
            t.config.publicUrl,
          ),
        ),
      )
      work.push(
        settled(
          decidePayout(t.db, admin, payout.id, { status: 'rejected', reason: null }, t.config.publicUrl),
        ),
      )
    }
    // Adjustments by the team meanwhile: credits and debits within the threshold, each posting at once.
    const adjustments = [5_000, -3_000, 2_500, -1_000, 750, -250, 4_000, -2_000]
    for (const amount of adjustments)
      work.push(
        settled(
          createAdjustment(t.db, admin, shop.vendorId, { amount, reason: 'Ikosa' }, t.config.publicUrl),
        ),
      )
    expect(work.length).toBeGreaterThanOrEqual(50)
    const outcomes = await Promise.all(work)
    expect(outcomes).toContain('done')

    expect(await findLedgerFaults(t.db)).toEqual([])
    expect(await findTotalsDrift(t.db)).toEqual([])

    // Every refunded sale reversed exactly once; each order still completed has one sale standing.
    const ids = sold.map((order) => order.id)
    const rows = await t.db.select().from(orders).where(inArray(orders.id, ids))
    const entries = await t.db.select().from(ledgerEntries).where(inArray(ledgerEntries.orderId, ids))
    for (const order of rows) {
      const sales = entries.filter((entry) => entry.orderId === order.id && entry.kind === 'sale')
      const reversals = entries.filter((entry) => entry.orderId === order.id && entry.kind === 'refund')
      expect(sales).toHaveLength(1)
      expect(reversals).toHaveLength(order.status === 'refunded' ? 1 : 0)
    }

    // The balance is what the rows say, with each sale's commission as frozen.
    const net = (total: number) => {
      const commission = Math.floor((total * 1000 + 5000) / 10000) + 100
      return total - commission - Math.floor((commission * 1800 + 5000) / 10000)
    }
    const kept = rows.filter((order) => order.status === 'completed')
    const paid = await t.db.select().from(payouts).where(eq(payouts.vendorId, shop.vendorId))
    const payoutsOut = paid.filter((payout) => payout.status !== 'rejected')
    const expected =
      kept.reduce((sum, order) => sum + net(order.totalAmount), 0) -
      payoutsOut.reduce((sum, payout) => sum + payout.amount, 0) +
      adjustments.reduce((sum, amount) => sum + amount, 0)
    const overview = await getPayoutOverview(
      t.db,
      shop,
      { page: 1, pageSize: 24 },
      { timeZone: 'Africa/Kigali' },
    )
    expect(overview.availableBalance).toBe(expected)
    // Each waiting payout decided once, and its money moved once: requested, then paid or returned.
    for (const payout of waiting) {
      const decided = paid.find((row) => row.id === payout.id)!
      expect(['approved', 'rejected']).toContain(decided.status)
      const payoutEntries = await t.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.payoutId, payout.id))
      expect(payoutEntries.map((entry) => entry.kind).sort()).toEqual(
        ['payout_requested', decided.status === 'approved' ? 'payout_paid' : 'payout_returned'].sort(),
      )
    }
  })

  // A payout's line is dated by its transaction's start. A request that began before another one committed, then
  // waited for the shop's lock, must see that payout as spent, not as money "held until" a moment already past
  // for everyone but itself (held lines are those still ahead of the reading statement, not of its transaction).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a request that began before another payout committed counts that payout once',
    async () => {
      const vendor = await registeredVendor(t, { status: 'approved' })
      const late: VendorScope = {
        role: 'vendor',
        userId: vendor.user.id,
        vendorId: vendor.vendorId,
        vendorStatus: 'approved',
      }
      await insertOrders(t.db, late.vendorId, [10_000])
      const seen = await t.db.transaction(async (tx) => {
        // This transaction's clock starts now; another request pays 7,000 out and commits meanwhile.
        await tx.execute(sql`select now()`)
        await new Promise((resolve) => setTimeout(resolve, 20))
        await requestPayout(t.db, late, 7_000)
        const [row] = await tx
          .select({ available: availableBalance(late.vendorId) })
          .from(vendors)
          .where(eq(vendors.id, late.vendorId))
        return row!.available
      })
      // 10,000 less this file's 10% + 100 commission and its VAT (8,702 to the shop), less the 7,000 paid out.
      expect(seen).toBe(1_702)
      await expect(requestPayout(t.db, late, 7_000)).rejects.toBeInstanceOf(AppError)
    },
  )
})
