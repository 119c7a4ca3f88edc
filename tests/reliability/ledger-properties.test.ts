import { and, eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Plan } from '../../src/shared/constants'
import { findLedgerFaults } from '../../src/server/db/ledger-check'
import {
  commissionRules,
  ledgerBalances,
  marketplaceSettings,
  orders,
  products,
} from '../../src/server/db/schema'
import { findTotalsDrift } from '../../src/server/db/totals'
import type { AdminScope, VendorScope } from '../../src/server/lib/scope'
import { deleteAdminOrder, setAdminOrderStatus } from '../../src/server/orders/admin-orders.service'
import { decidePayout, getPayoutOverview, requestPayout } from '../../src/server/payouts/payouts.service'
import { AppError } from '../../src/server/lib/errors'
import { createAdjustment } from '../../src/server/adjustments/adjustments.service'
import { adminOf, registeredVendor } from '../fixtures/commerce'
import { createTestApp } from '../fixtures/test-app'

/**
 * The ledger against a model of it (docs/decisions/021): random sequences of orders placed, completed, refunded,
 * reopened and deleted, payouts requested, approved and rejected, adjustments, commission rules and the VAT rate changed, run
 * through the services on one database (PGlite, or PostgreSQL with TEST_DATABASE_URL). After each sequence: every
 * entry balances and each shop's lines follow one another (db:check), the running totals equal the rows and the
 * ledger, each shop's balance is what the model says (completed sales less their commission and VAT as frozen when
 * they completed, less payouts pending or paid), and the marketplace's accounts too. A payout is accepted, and
 * approved, exactly when the model says the shop has the money: never above what was available.
 */

const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 150)
const categories = ['Clothes', 'Phones'] as const
type Category = (typeof categories)[number]
const plans: Plan[] = ['unlimited', 'growth', 'business']

type Rule = {
  vendorId: string | null
  category: Category | null
  plan: Plan | null
  rateBp: number
  fixedAmount: number
  minAmount: number | null
  maxAmount: number | null
}
type Shop = {
  vendorId: string
  plan: Plan
  scope: VendorScope
  products: { id: string; category: Category }[]
}
type ModelOrder = {
  id: string
  shop: Shop
  total: number
  status: 'pending' | 'completed' | 'refunded' | 'deleted'
  /** Commission and VAT as frozen when the order first completed. */
  frozen?: { commission: number; vat: number }
  category: Category
}
type ModelPayout = { id: string; shop: Shop; amount: number; status: 'pending' | 'approved' | 'rejected' }

const roundHalfUp = (value: number, bp: number) => Math.floor((value * bp + 5000) / 10000)

let t: Awaited<ReturnType<typeof createTestApp>>
let admin: AdminScope
const shops: Shop[] = []
const model = {
  rules: new Map<string, Rule>(),
  vatRateBp: 1800,
  orders: [] as ModelOrder[],
  payouts: [] as ModelPayout[],
  /** Adjustments posted, by shop (credit positive). */
  adjustments: [] as { shop: Shop; amount: number }[],
}
const ruleKey = (rule: Pick<Rule, 'vendorId' | 'category' | 'plan'>) =>
  `${rule.vendorId ?? ''}|${rule.category ?? ''}|${rule.plan ?? ''}`

/** The most specific rule for the order, as the database chooses it: shop and category, shop, category, plan, default. */
function commissionOf(shop: Shop, category: Category, total: number) {
  const candidates = [
    ruleKey({ vendorId: shop.vendorId, category, plan: null }),
    ruleKey({ vendorId: shop.vendorId, category: null, plan: null }),
    ruleKey({ vendorId: null, category, plan: null }),
    ruleKey({ vendorId: null, category: null, plan: shop.plan }),
    ruleKey({ vendorId: null, category: null, plan: null }),
  ]
  const rule = candidates.map((key) => model.rules.get(key)).find(Boolean)
  if (!rule) return { commission: 0, vat: 0 }
  const raw = roundHalfUp(total, rule.rateBp) + rule.fixedAmount
  const cap = Math.floor((total * 10_000) / (10_000 + model.vatRateBp))
  const commission = Math.min(cap, Math.max(rule.minAmount ?? 0, Math.min(rule.maxAmount ?? total, raw)))
  return { commission, vat: roundHalfUp(commission, model.vatRateBp) }
}

function shopBalance(shop: Shop) {
  let balance = 0
  for (const order of model.orders) {
    if (order.shop !== shop || order.status !== 'completed') continue
    balance += order.total - order.frozen!.commission - order.frozen!.vat
  }
  for (const payout of model.payouts) {
    if (payout.shop === shop && payout.status !== 'rejected') balance -= payout.amount
  }
  for (const adjustment of model.adjustments) if (adjustment.shop === shop) balance += adjustment.amount
  return balance
}

const completeInModel = (order: ModelOrder) => {
  order.frozen ??= commissionOf(order.shop, order.category, order.total)
  order.status = 'completed'
}

const op = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      shop: fc.nat(),
      product: fc.nat(),
      total: fc.integer({ min: 0, max: 250_000 }),
      completed: fc.boolean(),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      order: fc.nat(),
      status: fc.constantFrom('pending' as const, 'completed' as const, 'refunded' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), order: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      shop: fc.nat(),
      share: fc.double({ min: 0, max: 1.3, noNaN: true }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('decide' as const), payout: fc.nat(), approve: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('rule' as const),
      scope: fc.constantFrom('default', 'plan', 'category', 'shop', 'shopCategory', 'remove'),
      shop: fc.nat(),
      category: fc.constantFrom(...categories),
      rateBp: fc.integer({ min: 0, max: 3000 }),
      fixedAmount: fc.constantFrom(0, 100, 500),
      minAmount: fc.option(fc.constantFrom(0, 200, 1000), { nil: null }),
      maxAmount: fc.option(fc.constantFrom(1000, 5000, 50_000), { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      shop: fc.nat(),
      amount: fc.integer({ min: -50_000, max: 50_000 }).filter((amount) => amount !== 0),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('vat' as const), rateBp: fc.constantFrom(0, 1500, 1800) }),
  },
)
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never

const pick = <T>(list: T[], index: number) => (list.length === 0 ? undefined : list[index % list.length])
const refused = (error: unknown) => error instanceof AppError

async function apply(step: Op) {
  switch (step.kind) {
    case 'place': {
      const shop = shops[step.shop % shops.length]!
      const product = shop.products[step.product % shop.products.length]!
      const [row] = await t.db
        .insert(orders)
        .values({
          vendorId: shop.vendorId,
          productId: product.id,
          productName: `Igicuruzwa ${product.category}`,
          sku: 'sku-1',
          unitPrice: step.total,
          quantity: 1,
          totalAmount: step.total,
          customerName: 'Umukiriya',
          customerEmail: 'umukiriya@example.rw',
          status: step.completed ? 'completed' : 'pending',
        })
        .returning({ id: orders.id })
      const order: ModelOrder = {
        id: row!.id,
        shop,
        total: step.total,
        status: 'pending',
        category: product.category,
      }
      if (step.completed) completeInModel(order)
      model.orders.push(order)
      return
    }
    case 'status': {
      const order = pick(
        model.orders.filter((candidate) => candidate.status !== 'deleted'),
        step.order,
      )
      if (!order) return
      await setAdminOrderStatus(t.db, admin, order.id, step.status)
      if (step.status === 'completed') completeInModel(order)
      else order.status = step.status
      return
    }
    case 'delete': {
      const order = pick(
        model.orders.filter((candidate) => candidate.status !== 'deleted'),
        step.order,
      )
      if (!order) return
      await deleteAdminOrder(t.db, admin, order.id)
      order.status = 'deleted'
      return
    }
    case 'request': {
      const shop = shops[step.shop % shops.length]!
      const available = shopBalance(shop)
      const amount = Math.max(1, Math.round(Math.max(available, 1000) * step.share))
      const allowed = amount <= available
      try {
        const payout = await requestPayout(t.db, shop.scope, amount)
        expect(allowed, `a payout of ${amount} was accepted with ${available} available`).toBe(true)
        model.payouts.push({ id: payout.id, shop, amount, status: 'pending' })
      } catch (error) {
        if (!refused(error)) throw error
        expect(allowed, `a payout of ${amount} was refused with ${available} available`).toBe(false)
      }
      return
    }
    case 'decide': {
      const payout = pick(
        model.payouts.filter((candidate) => candidate.status === 'pending'),
        step.payout,
      )
      if (!payout) return
      if (!step.approve) {
        await decidePayout(t.db, admin, payout.id, { status: 'rejected', reason: null }, t.config.publicUrl)
        payout.status = 'rejected'
        return
      }
      // The balance already counts this pending payout: below 0, it would pay out more than the shop is owed.
      const allowed = shopBalance(payout.shop) >= 0
      try {
        await decidePayout(
          t.db,
          admin,
          payout.id,
          { status: 'approved', paymentReference: 'MP-1' },
          t.config.publicUrl,
        )
        expect(allowed, `a payout of ${payout.amount} was approved above the balance`).toBe(true)
        payout.status = 'approved'
      } catch (error) {
        if (!refused(error)) throw error
        expect(allowed, `a payout of ${payout.amount} was refused with the balance enough`).toBe(false)
      }
      return
    }
    case 'rule': {
      const shop = shops[step.shop % shops.length]!
      const rule: Rule = {
        vendorId: step.scope === 'shop' || step.scope === 'shopCategory' ? shop.vendorId : null,
        category: step.scope === 'category' || step.scope === 'shopCategory' ? step.category : null,
        plan: step.scope === 'plan' ? shop.plan : null,
        rateBp: step.rateBp,
        fixedAmount: step.fixedAmount,
        minAmount: step.minAmount,
        maxAmount:
          step.minAmount !== null && step.maxAmount !== null && step.maxAmount < step.minAmount
            ? null
            : step.maxAmount,
      }
      const key = ruleKey(step.scope === 'remove' ? { vendorId: null, category: null, plan: null } : rule)
      await t.db
        .delete(commissionRules)
        .where(
          sql`coalesce(${commissionRules.vendorId}::text, '') || '|' || coalesce(${commissionRules.category}, '') || '|' || coalesce(${commissionRules.plan}, '') = ${key}`,
        )
      model.rules.delete(key)
      if (step.scope === 'remove') return
      await t.db.insert(commissionRules).values(rule)
      model.rules.set(key, rule)
      return
    }
    case 'adjust': {
      // Within the operator's threshold (100,000 by default): it posts at once.
      const shop = shops[step.shop % shops.length]!
      await createAdjustment(
        t.db,
        admin,
        shop.vendorId,
        { amount: step.amount, reason: 'Ikosa ryakosowe' },
        t.config.publicUrl,
      )
      model.adjustments.push({ shop, amount: step.amount })
      return
    }
    case 'vat': {
      await t.db
        .update(marketplaceSettings)
        .set({ vatRateBp: step.rateBp })
        .where(eq(marketplaceSettings.id, 1))
      model.vatRateBp = step.rateBp
      return
    }
  }
}

async function accountBalance(
  account:
    | 'commission_income'
    | 'vat_on_commission_payable'
    | 'payouts_in_transit'
    | 'marketplace_cash'
    | 'adjustments',
) {
  const [row] = await t.db
    .select({ balance: ledgerBalances.balance })
    .from(ledgerBalances)
    .where(
      and(
        eq(ledgerBalances.account, account),
        eq(ledgerBalances.owner, '00000000-0000-0000-0000-000000000000'),
      ),
    )
  return row?.balance ?? 0
}

async function expectLedgerAsModelled() {
  expect(await findLedgerFaults(t.db)).toEqual([])
  expect(await findTotalsDrift(t.db)).toEqual([])
  for (const shop of shops) {
    const overview = await getPayoutOverview(
      t.db,
      shop.scope,
      { page: 1, pageSize: 24 },
      { timeZone: 'Africa/Kigali' },
    )
    expect(overview.availableBalance).toBe(shopBalance(shop))
  }
  const completed = model.orders.filter((order) => order.status === 'completed')
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
  expect(await accountBalance('commission_income')).toBe(
    sum(completed.map((order) => order.frozen!.commission)),
  )
  expect(await accountBalance('vat_on_commission_payable')).toBe(
    sum(completed.map((order) => order.frozen!.vat)),
  )
  const payouts = (status: ModelPayout['status']) =>
    sum(model.payouts.filter((payout) => payout.status === status).map((payout) => payout.amount))
  expect(await accountBalance('payouts_in_transit')).toBe(payouts('pending'))
  expect(await accountBalance('adjustments')).toBe(
    0 - sum(model.adjustments.map((adjustment) => adjustment.amount)) + 0,
  )
  expect(await accountBalance('marketplace_cash')).toBe(
    payouts('approved') - sum(completed.map((order) => order.total)),
  )
}

beforeAll(async () => {
  t = await createTestApp()
  const theAdmin = await adminOf(t)()
  admin = { role: 'admin', userId: theAdmin.user.id }
  for (const plan of plans) {
    const vendor = await registeredVendor(t, { status: 'approved', plan })
    const made = await t.db
      .insert(products)
      .values(
        categories.map((category) => ({
          vendorId: vendor.vendorId,
          name: `Igicuruzwa ${category}`,
          category,
        })),
      )
      .returning({ id: products.id, category: products.category })
    shops.push({
      vendorId: vendor.vendorId,
      plan,
      scope: { role: 'vendor', userId: vendor.user.id, vendorId: vendor.vendorId, vendorStatus: 'approved' },
      products: made.map((product) => ({ id: product.id, category: product.category as Category })),
    })
  }
})
afterAll(async () => {
  await t?.close()
})

describe('the ledger', () => {
  it(
    `stays balanced and as modelled through ${RUNS} random sequences of sales, refunds, payouts, adjustments and rule changes`,
    async () => {
      // Every shop starts from its opening: nothing sold yet, so nothing owed.
      await expectLedgerAsModelled()
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (steps) => {
          for (const step of steps) await apply(step)
          await expectLedgerAsModelled()
        }),
        // The database carries each run's state into the next: a failure is reported as it happened, not shrunk.
        { numRuns: RUNS, endOnFailure: true },
      )
      // The sequences did reach every path: sales with commission, refunds, deletions, payouts paid and refused.
      const states = (list: { status: string }[]) => new Set(list.map((item) => item.status))
      expect(states(model.orders)).toEqual(new Set(['pending', 'completed', 'refunded', 'deleted']))
      expect(states(model.payouts)).toEqual(new Set(['pending', 'approved', 'rejected']))
      expect(model.orders.some((order) => (order.frozen?.commission ?? 0) > 0)).toBe(true)
      expect(model.adjustments.length).toBeGreaterThan(0)
      // Longer runs (LEDGER_PROPERTY_RUNS) check ever more rows after each sequence: a second per sequence at most.
    },
    Math.max(45_000, RUNS * 1_000),
  )
})
