import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  auditLogs,
  commissionRules,
  ledgerEntries,
  ledgerLines,
  marketplaceSettings,
} from '../../src/server/db/schema'
import type { CommissionRuleInput } from '../../src/shared/schemas/commission'
import {
  placeOrder,
  productInStock,
  registeredVendor,
  rowCount,
  simpleProduct,
  createProduct,
  twoShopsAndAdmin,
  type RegisteredVendor,
} from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { expectStatus } from '../fixtures/factories'
import type { createTestApp } from '../fixtures/test-app'

/**
 * Commission rules and the money settings (beyond the specification: with no rule, commission is 0). The rules are
 * applied by the database when an order completes (commission_memo, functions.sql) and frozen on the sale's ledger
 * entry; these tests complete orders through the vendor's API and read what was posted.
 */

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

// Each test starts from no rule and the settings as the migration left them.
beforeEach(async () => {
  await t.db.delete(commissionRules)
  await t.db
    .update(marketplaceSettings)
    .set({
      vatRateBp: 1800,
      holdDays: 0,
      debtLimit: null,
      adjustmentApprovalAbove: 100_000,
      marketplaceName: 'Isoko',
      marketplaceTin: null,
      updatedBy: null,
    })
    .where(eq(marketplaceSettings.id, 1))
})

const RULES = '/api/admin/commission-rules'
const SETTINGS = '/api/admin/money-settings'

/** A rule's amounts with nothing but a rate. */
const rated = (rateBp: number) => ({ rateBp })

async function addRule(body: CommissionRuleInput) {
  return expectStatus(await t.post(RULES, body, { cookie: adminCookie }), 201, 'add rule').body as {
    id: string
  }
}

/** A product of `shop` at `price` in `category` (one variant, in stock). */
async function productOf(shop: RegisteredVendor, price: number, category = 'Books') {
  const product = await createProduct(
    t,
    shop.cookie,
    simpleProduct({ category: category as never, price, variants: [{ price, stock: 50 }] }),
  )
  return { vendorId: shop.vendorId, productId: product.id, variantId: product.variants[0]!.id }
}

/** An order placed by the admin and completed by its shop through the vendor's API. */
async function completedOrder(
  shop: RegisteredVendor,
  ids: Awaited<ReturnType<typeof productOf>>,
  quantity = 1,
) {
  const order = await placeOrder(t, adminCookie, { ...ids, quantity })
  expectStatus(
    await t.patch(`/api/vendor/orders/${order.id}/status`, { status: 'completed' }, { cookie: shop.cookie }),
    200,
    'complete order',
  )
  return order
}

type Line = { account: string; kind: string; amount: number }

/** The entry of `kind` an order posted (its latest), with its lines. */
async function entryOf(orderId: string, kind: 'sale' | 'refund') {
  const [entry] = await t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, kind)))
  if (!entry) throw new Error(`no ${kind} entry for order ${orderId}`)
  const lines = await t.db
    .select({ account: ledgerLines.account, kind: ledgerLines.kind, amount: ledgerLines.amount })
    .from(ledgerLines)
    .where(eq(ledgerLines.entryId, entry.id))
    .orderBy(asc(ledgerLines.id))
  return { entry, lines: lines as Line[] }
}

/** The lines a sale of `total` posts with `commission` and `vat`: the shop's first, then the marketplace's. */
const saleLines = (total: number, commission: number, vat: number): Line[] =>
  [
    { account: 'vendor_payable', kind: 'sale', amount: total },
    { account: 'vendor_payable', kind: 'commission', amount: -commission },
    { account: 'vendor_payable', kind: 'commission_vat', amount: -vat },
    { account: 'marketplace_cash', kind: 'sale', amount: -total },
    { account: 'commission_income', kind: 'commission', amount: commission },
    { account: 'vat_on_commission_payable', kind: 'commission_vat', amount: vat },
  ].filter((line) => line.amount !== 0)

const commissionOf = async (orderId: string) => {
  const { entry } = await entryOf(orderId, 'sale')
  return { commission: entry.memo!.commission, vat: entry.memo!.vat, ruleId: entry.memo!.rule_id }
}

const written = async () => ({
  rules: await t.db.select().from(commissionRules).orderBy(asc(commissionRules.id)),
  settings: await t.db.select().from(marketplaceSettings),
  audit: await rowCount(t.db, auditLogs),
})

const auditOf = (targetId: string) =>
  t.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.targetId, targetId))
    .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id))

describe('who may read and change the rules and the settings', () => {
  const changes = () => [
    { method: 'PUT', url: SETTINGS, body: { ...settingsBody(), vatRateBp: 0 } },
    { method: 'POST', url: RULES, body: { scope: 'default', rateBp: 9_000 } },
    { method: 'PATCH', url: `${RULES}/${ruleId}`, body: { rateBp: 9_000 } },
    { method: 'DELETE', url: `${RULES}/${ruleId}` },
  ]
  const reads = () => [SETTINGS, RULES, `${RULES}/preview?vendorId=${a.vendorId}&amount=1000`]
  let ruleId: string

  beforeEach(async () => {
    ruleId = (await addRule({ scope: 'shop', vendorId: a.vendorId, ...rated(500) })).id
  })

  // The rates decide what every shop is paid: a vendor must not read other shops' terms, nor set their own.
  it('refuses a vendor (403), the shop’s own rule included, and changes nothing', async () => {
    const before = await written()
    for (const url of reads()) {
      expectError(await t.get(url, { cookie: a.cookie }), {
        status: 403,
        code: 'FORBIDDEN',
        messageKey: 'errors.forbidden',
      })
    }
    for (const { method, url, body } of changes()) {
      const response = await t.request(method, url, { cookie: a.cookie, ...(body ? { body } : {}) })
      expectError(response, { status: 403, code: 'FORBIDDEN', messageKey: 'errors.forbidden' })
    }
    expect(await written()).toEqual(before)
  })

  it('refuses a signed-out request (401) and changes nothing', async () => {
    const before = await written()
    for (const url of reads()) {
      expectError(await t.get(url), {
        status: 401,
        code: 'UNAUTHENTICATED',
        messageKey: 'errors.unauthenticated',
      })
    }
    for (const { method, url, body } of changes()) {
      const response = await t.request(method, url, body ? { body } : {})
      expectError(response, { status: 401, code: 'UNAUTHENTICATED', messageKey: 'errors.mustBeLoggedIn' })
    }
    expect(await written()).toEqual(before)
  })

  it('lets the admin read and change them', async () => {
    for (const url of reads()) expectStatus(await t.get(url, { cookie: adminCookie }), 200, url)
    for (const { method, url, body } of changes()) {
      const response = await t.request(method, url, { cookie: adminCookie, ...(body ? { body } : {}) })
      expect(response.status, `${method} ${url}: ${response.text}`).toBeLessThan(300)
    }
  })
})

function settingsBody() {
  return {
    vatRateBp: 1800,
    holdDays: 0,
    debtLimit: null,
    adjustmentApprovalAbove: 100_000,
    marketplaceName: 'Isoko',
    marketplaceTin: null,
  }
}

describe('GET and PUT /api/admin/money-settings', () => {
  it('reads the settings the migration set', async () => {
    const response = await t.get(SETTINGS, { cookie: adminCookie })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({ ...settingsBody(), updatedByName: null })
  })

  it('saves them and audits only what changed, old and new, in the same change', async () => {
    const auditBefore = await rowCount(t.db, auditLogs)
    const body = {
      ...settingsBody(),
      vatRateBp: 1550,
      holdDays: 7,
      debtLimit: 50_000,
      marketplaceName: '  Isoko Rwanda  ',
      marketplaceTin: '100200300',
    }
    const response = await t.put(SETTINGS, body, { cookie: adminCookie })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({ ...body, marketplaceName: 'Isoko Rwanda' })
    expect(response.body.updatedByName).toMatch(/^Admin /)
    const [row] = await t.db.select().from(marketplaceSettings)
    expect(row).toMatchObject({ vatRateBp: 1550, holdDays: 7, debtLimit: 50_000, updatedBy: adminId })
    expect(await rowCount(t.db, auditLogs)).toBe(auditBefore + 1)
    const entry = (await auditOf('1')).at(-1)
    expect(entry).toMatchObject({
      adminId,
      action: 'update',
      targetTable: 'marketplace_settings',
      oldValues: {
        vat_rate_bp: 1800,
        hold_days: 0,
        debt_limit: null,
        marketplace_name: 'Isoko',
        marketplace_tin: null,
      },
      newValues: {
        vat_rate_bp: 1550,
        hold_days: 7,
        debt_limit: 50_000,
        marketplace_name: 'Isoko Rwanda',
        marketplace_tin: '100200300',
      },
    })
    // The same settings again: nothing changed, nothing recorded.
    expectStatus(await t.put(SETTINGS, body, { cookie: adminCookie }), 200, 'save again')
    expect(await rowCount(t.db, auditLogs)).toBe(auditBefore + 1)
  })

  // Each bound is the database's own check; the API refuses first, with the field and a message the screen shows.
  it.each([
    ['vatRateBp', 10_001, 'errors.moneyVatRateInvalid'],
    ['vatRateBp', -1, 'errors.moneyVatRateInvalid'],
    ['vatRateBp', 18.5, 'errors.moneyVatRateInvalid'],
    ['holdDays', 91, 'errors.moneyHoldDaysInvalid'],
    ['holdDays', '7', 'errors.moneyHoldDaysInvalid'],
    ['debtLimit', -1, 'errors.moneyAmountInvalid'],
    ['adjustmentApprovalAbove', 1.5, 'errors.moneyAmountInvalid'],
    ['adjustmentApprovalAbove', null, 'errors.moneyAmountInvalid'],
    ['marketplaceName', '   ', 'errors.required'],
    ['marketplaceName', 'x'.repeat(101), 'errors.tooLong'],
    ['marketplaceTin', '12345678', 'errors.moneyTinInvalid'],
    ['marketplaceTin', '', 'errors.moneyTinInvalid'],
  ])('refuses %s = %j with 422 %s and changes nothing', async (field, value, messageKey) => {
    const before = await written()
    const response = await t.put(SETTINGS, { ...settingsBody(), [field]: value }, { cookie: adminCookie })
    expectError(response, { status: 422, code: 'VALIDATION', messageKey, fields: { [field]: messageKey } })
    expect(await written()).toEqual(before)
  })
})

describe('POST, PATCH and DELETE /api/admin/commission-rules', () => {
  it('adds a rule of each scope and lists them least specific first, shops by name', async () => {
    const shopCategory = await addRule({
      scope: 'shopCategory',
      vendorId: b.vendorId,
      category: 'Books',
      ...rated(900),
    })
    const shopB = await addRule({ scope: 'shop', vendorId: b.vendorId, ...rated(800) })
    const shopA = await addRule({ scope: 'shop', vendorId: a.vendorId, ...rated(800) })
    const category = await addRule({ scope: 'category', category: 'Books', ...rated(700) })
    const growth = await addRule({ scope: 'plan', plan: 'growth', ...rated(600) })
    const starter = await addRule({ scope: 'plan', plan: 'starter', ...rated(600) })
    const fallback = await addRule({
      scope: 'default',
      rateBp: 500,
      fixedAmount: 100,
      minAmount: 200,
      maxAmount: 5_000,
    })
    const response = await t.get(RULES, { cookie: adminCookie })
    expect(response.status, response.text).toBe(200)
    const shops = [shopA, shopB].sort((x, y) =>
      (x === shopA ? a : b).shopName.toLowerCase() < (y === shopA ? a : b).shopName.toLowerCase() ? -1 : 1,
    )
    expect(response.body.items.map((rule: { id: string }) => rule.id)).toEqual([
      fallback.id,
      starter.id,
      growth.id,
      category.id,
      ...shops.map((rule) => rule.id),
      shopCategory.id,
    ])
    expect(response.body.items[0]).toMatchObject({
      scope: 'default',
      vendorId: null,
      shopName: null,
      category: null,
      plan: null,
      rateBp: 500,
      fixedAmount: 100,
      minAmount: 200,
      maxAmount: 5_000,
    })
    expect(response.body.items.at(-1)).toMatchObject({
      scope: 'shopCategory',
      vendorId: b.vendorId,
      shopName: b.shopName,
      category: 'Books',
      plan: null,
      fixedAmount: 0,
      minAmount: null,
      maxAmount: null,
    })
  })

  it('records the creation, the change and the deletion with old and new values', async () => {
    const rule = await addRule({ scope: 'shop', vendorId: a.vendorId, rateBp: 750, minAmount: 100 })
    const patched = await t.patch(
      `${RULES}/${rule.id}`,
      { rateBp: 800, maxAmount: 3_000 },
      { cookie: adminCookie },
    )
    expect(patched.status, patched.text).toBe(200)
    expect(patched.body).toMatchObject({ rateBp: 800, minAmount: 100, maxAmount: 3_000, fixedAmount: 0 })
    const deleted = await t.delete(`${RULES}/${rule.id}`, { cookie: adminCookie })
    expect(deleted.status, deleted.text).toBe(200)
    expect(await t.db.select().from(commissionRules).where(eq(commissionRules.id, rule.id))).toEqual([])

    const entries = await auditOf(rule.id)
    const full = {
      vendor_id: a.vendorId,
      shop_name: a.shopName,
      category: null,
      plan: null,
      rate_bp: 800,
      fixed_amount: 0,
      min_amount: 100,
      max_amount: 3_000,
    }
    expect(entries.map((entry) => [entry.action, entry.targetTable, entry.adminId])).toEqual([
      ['create', 'commission_rules', adminId],
      ['update', 'commission_rules', adminId],
      ['delete', 'commission_rules', adminId],
    ])
    expect(entries[0]).toMatchObject({
      oldValues: null,
      newValues: { ...full, rate_bp: 750, max_amount: null },
    })
    expect(entries[1]).toMatchObject({
      oldValues: { rate_bp: 750, max_amount: null },
      newValues: { rate_bp: 800, max_amount: 3_000 },
      details: { scope: 'shop', vendor_id: a.vendorId, shop_name: a.shopName },
    })
    expect(entries[2]).toMatchObject({ oldValues: full, newValues: null })
  })

  // Two rules for one scope would leave which applies to chance (commission_rules_scope_unique).
  it('refuses a second rule for the same scope with 409 and changes nothing', async () => {
    await addRule({ scope: 'shopCategory', vendorId: a.vendorId, category: 'Books', ...rated(100) })
    await addRule({ scope: 'default', ...rated(100) })
    const before = await written()
    for (const body of [
      { scope: 'shopCategory', vendorId: a.vendorId, category: 'Books', rateBp: 200 },
      { scope: 'default', rateBp: 300 },
    ]) {
      expectError(await t.post(RULES, body, { cookie: adminCookie }), {
        status: 409,
        code: 'CONFLICT',
        messageKey: 'errors.moneyRuleExists',
      })
    }
    expect(await written()).toEqual(before)
    // The same category for another shop is another scope.
    await addRule({ scope: 'shopCategory', vendorId: b.vendorId, category: 'Books', ...rated(100) })
  })

  it.each([
    ['a rate above 100%', { scope: 'default', rateBp: 10_001 }, { rateBp: 'errors.moneyRateInvalid' }],
    ['a negative rate', { scope: 'default', rateBp: -1 }, { rateBp: 'errors.moneyRateInvalid' }],
    ['a fractional rate', { scope: 'default', rateBp: 7.5 }, { rateBp: 'errors.moneyRateInvalid' }],
    ['no rate', { scope: 'default' }, { rateBp: 'errors.moneyRateInvalid' }],
    [
      'a negative fixed amount',
      { scope: 'default', rateBp: 0, fixedAmount: -5 },
      { fixedAmount: 'errors.moneyAmountInvalid' },
    ],
    [
      'a minimum above the maximum',
      { scope: 'default', rateBp: 0, minAmount: 500, maxAmount: 100 },
      { maxAmount: 'errors.moneyMinAboveMax' },
    ],
    ['a shop rule without its shop', { scope: 'shop', rateBp: 0 }, { vendorId: 'errors.moneyShopRequired' }],
    [
      'a shop and category rule without its category',
      { scope: 'shopCategory', vendorId: randomUUID(), rateBp: 0 },
      { category: 'errors.moneyCategoryRequired' },
    ],
    [
      'an unknown category',
      { scope: 'category', category: 'Cars', rateBp: 0 },
      { category: 'errors.moneyCategoryRequired' },
    ],
    ['an unknown plan', { scope: 'plan', plan: 'gold', rateBp: 0 }, { plan: 'errors.moneyPlanRequired' }],
    [
      'a plan with a category (a plan stands alone)',
      { scope: 'plan', plan: 'growth', category: 'Books', rateBp: 0 },
      { _: 'errors.moneyFieldNotInScope' },
    ],
    ['an unknown scope', { scope: 'everything', rateBp: 0 }, { scope: 'errors.moneyScopeInvalid' }],
  ])('refuses %s with 422 naming the field, and changes nothing', async (_name, body, fields) => {
    const before = await written()
    const response = await t.post(RULES, body, { cookie: adminCookie })
    const messageKey = Object.values(fields)[0]!
    expectError(response, { status: 422, code: 'VALIDATION', messageKey, fields })
    expect(await written()).toEqual(before)
  })

  it('refuses a shop that does not exist (422 on vendorId) and changes nothing', async () => {
    const before = await written()
    for (const body of [
      { scope: 'shop', vendorId: randomUUID(), rateBp: 100 },
      { scope: 'shopCategory', vendorId: randomUUID(), category: 'Books', rateBp: 100 },
    ]) {
      expectError(await t.post(RULES, body, { cookie: adminCookie }), {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'errors.moneyShopUnknown',
        fields: { vendorId: 'errors.moneyShopUnknown' },
      })
    }
    expect(await written()).toEqual(before)
  })

  it('refuses a change that would put the minimum above the maximum, against the rule as it stands', async () => {
    const rule = await addRule({ scope: 'default', rateBp: 100, maxAmount: 1_000 })
    const before = await written()
    for (const body of [{ minAmount: 1_001 }, { minAmount: 50, maxAmount: 10 }]) {
      expectError(await t.patch(`${RULES}/${rule.id}`, body, { cookie: adminCookie }), {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'errors.moneyMinAboveMax',
        fields: { maxAmount: 'errors.moneyMinAboveMax' },
      })
    }
    expectError(await t.patch(`${RULES}/${rule.id}`, { vendorId: b.vendorId }, { cookie: adminCookie }), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.moneyFieldNotInScope',
    })
    expect(await written()).toEqual(before)
    // Lifting the maximum lets the minimum rise.
    const lifted = await t.patch(
      `${RULES}/${rule.id}`,
      { minAmount: 1_001, maxAmount: null },
      { cookie: adminCookie },
    )
    expect(lifted.status, lifted.text).toBe(200)
    expect(lifted.body).toMatchObject({ minAmount: 1_001, maxAmount: null })
  })

  it('answers 404 for a rule that does not exist, or an id that is not one, and changes nothing', async () => {
    const before = await written()
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const notFound = { status: 404, code: 'NOT_FOUND' as const, messageKey: 'errors.notFound' }
      expectError(await t.patch(`${RULES}/${id}`, { rateBp: 1 }, { cookie: adminCookie }), notFound)
      expectError(await t.delete(`${RULES}/${id}`, { cookie: adminCookie }), notFound)
    }
    expect(await written()).toEqual(before)
  })
})

describe('the commission a completed order posts', () => {
  // The most specific rule wins: a shop's terms override its category's, its plan's and the marketplace's.
  it('applies the most specific rule: shop and category, shop, category, plan, default', async () => {
    const aBooks = await productOf(a, 10_000, 'Books')
    const bBooks = await productOf(b, 10_000, 'Books')
    const aToys = await productOf(a, 10_000, 'Toys')
    const steps: Array<[CommissionRuleInput, number]> = [
      [{ scope: 'default', ...rated(500) }, 500],
      [{ scope: 'plan', plan: 'unlimited', ...rated(600) }, 600],
      [{ scope: 'category', category: 'Books', ...rated(700) }, 700],
      [{ scope: 'shop', vendorId: a.vendorId, ...rated(800) }, 800],
      [{ scope: 'shopCategory', vendorId: a.vendorId, category: 'Books', ...rated(900) }, 900],
    ]
    for (const [rule, commission] of steps) {
      const { id } = await addRule(rule)
      const order = await completedOrder(a, aBooks)
      const vat = Math.round(commission * 0.18)
      const { entry, lines } = await entryOf(order.id, 'sale')
      expect(lines, rule.scope).toEqual(saleLines(10_000, commission, vat))
      expect(entry.memo, rule.scope).toMatchObject({ rule_id: id, rate_bp: commission, commission, vat })
    }
    // The pair: shop B's sale in Books takes the category's rule, not shop A's; A's toys take A's shop rule.
    expect(await commissionOf((await completedOrder(b, bBooks)).id)).toMatchObject({
      commission: 700,
      vat: 126,
    })
    expect(await commissionOf((await completedOrder(a, aToys)).id)).toMatchObject({
      commission: 800,
      vat: 144,
    })
  })

  it('posts no commission when no rule applies (the specification’s balance)', async () => {
    await addRule({ scope: 'plan', plan: 'starter', ...rated(1_000) })
    const order = await completedOrder(a, await productOf(a, 4_000))
    const { entry, lines } = await entryOf(order.id, 'sale')
    expect(lines).toEqual(saleLines(4_000, 0, 0))
    expect(entry.memo).toMatchObject({ rule_id: null, commission: 0, vat: 0 })
  })

  it('adds the fixed amount, raises to the minimum, lowers to the maximum, never above the total with its VAT', async () => {
    const product = await productOf(a, 10_000)
    const cases: Array<[Partial<CommissionRuleInput>, number, number]> = [
      [{ rateBp: 200, fixedAmount: 150 }, 1, 350], // 2% of 10,000 + 150
      [{ rateBp: 100, minAmount: 300 }, 1, 300], // 100 raised to 300
      [{ rateBp: 5_000, maxAmount: 2_000 }, 1, 2_000], // 5,000 lowered to 2,000
      [{ rateBp: 750 }, 3, 2_250], // 7.5% of 30,000
      // With its VAT (18%), never more than the order's total: 10,000 × 100/118 is 8,474.6, VAT on 8,474 is 1,525.
      [{ rateBp: 0, fixedAmount: 50_000 }, 1, 8_474],
    ]
    for (const [amounts, quantity, commission] of cases) {
      await t.db.delete(commissionRules)
      await addRule({ scope: 'default', rateBp: 0, ...amounts } as CommissionRuleInput)
      const order = await completedOrder(a, product, quantity)
      expect(await commissionOf(order.id), JSON.stringify(amounts)).toMatchObject({ commission })
    }
  })

  it('charges VAT at the settings’ rate as its own line, rounded half up, and none at 0%', async () => {
    await addRule({ scope: 'default', ...rated(750) }) // 7.5%
    const product = await productOf(a, 1_234)
    // 7.5% of 1,234 is 92.55: 93. VAT at 18% of 93 is 16.74: 17.
    let { lines } = await entryOf((await completedOrder(a, product)).id, 'sale')
    expect(lines).toEqual(saleLines(1_234, 93, 17))
    expectStatus(
      await t.put(SETTINGS, { ...settingsBody(), vatRateBp: 1_550 }, { cookie: adminCookie }),
      200,
      'VAT',
    )
    // 15.5% of 93 is 14.415: 14.
    ;({ lines } = await entryOf((await completedOrder(a, product)).id, 'sale'))
    expect(lines).toEqual(saleLines(1_234, 93, 14))
    expectStatus(
      await t.put(SETTINGS, { ...settingsBody(), vatRateBp: 0 }, { cookie: adminCookie }),
      200,
      'no VAT',
    )
    ;({ lines } = await entryOf((await completedOrder(a, product)).id, 'sale'))
    expect(lines).toEqual(saleLines(1_234, 93, 0))
  })

  it('leaves the shop total − commission − VAT to pay out (GET /api/vendor/payouts)', async () => {
    const shop = await registeredVendor(t, { status: 'approved', plan: 'unlimited' })
    await addRule({ scope: 'shop', vendorId: shop.vendorId, rateBp: 500, fixedAmount: 20 })
    const { ids } = await productInStock(t, shop, { price: 12_000 })
    await completedOrder(shop, ids, 2)
    // 5% of 24,000 + 20 = 1,220; VAT 18% of it = 219.6: 220.
    const response = await t.get('/api/vendor/payouts', { cookie: shop.cookie })
    expect(response.status, response.text).toBe(200)
    expect(response.body.availableBalance).toBe(24_000 - 1_220 - 220)
  })

  // A sale's commission is agreed when it completes: a later change of rule or VAT must not reprice its refund.
  it('reverses a refunded sale’s commission and VAT exactly, under the rule it was posted with', async () => {
    const shop = await registeredVendor(t, { status: 'approved', plan: 'unlimited' })
    const rule = await addRule({ scope: 'shop', vendorId: shop.vendorId, ...rated(1_000) })
    const { ids } = await productInStock(t, shop, { price: 8_000 })
    const order = await completedOrder(shop, ids)
    const sale = await entryOf(order.id, 'sale')
    expect(sale.lines).toEqual(saleLines(8_000, 800, 144))

    expectStatus(
      await t.patch(`${RULES}/${rule.id}`, { rateBp: 2_000 }, { cookie: adminCookie }),
      200,
      'rule',
    )
    expectStatus(
      await t.put(SETTINGS, { ...settingsBody(), vatRateBp: 500 }, { cookie: adminCookie }),
      200,
      'VAT',
    )
    expectStatus(
      await t.patch(`/api/vendor/orders/${order.id}/status`, { status: 'refunded' }, { cookie: shop.cookie }),
      200,
      'refund',
    )
    const refund = await entryOf(order.id, 'refund')
    expect(refund.entry.reversesId).toBe(sale.entry.id)
    expect(refund.lines).toEqual([
      { account: 'vendor_payable', kind: 'refund', amount: -8_000 },
      { account: 'vendor_payable', kind: 'commission_refund', amount: 800 },
      { account: 'vendor_payable', kind: 'commission_vat_refund', amount: 144 },
      { account: 'marketplace_cash', kind: 'refund', amount: 8_000 },
      { account: 'commission_income', kind: 'commission_refund', amount: -800 },
      { account: 'vat_on_commission_payable', kind: 'commission_vat_refund', amount: -144 },
    ])
    // Nothing left for the shop, nor owed by it.
    expect((await t.get('/api/vendor/payouts', { cookie: shop.cookie })).body.availableBalance).toBe(0)
    // The new terms apply to the next sale: 20% of 8,000, VAT 5% of it.
    expect(await commissionOf((await completedOrder(shop, ids)).id)).toMatchObject({
      commission: 1_600,
      vat: 80,
    })
  })
})

describe('GET /api/admin/commission-rules/preview', () => {
  const preview = (query: string) => t.get(`${RULES}/preview?${query}`, { cookie: adminCookie })

  it('gives the rule, the commission and the VAT a completed sale then posts', async () => {
    const rule = await addRule({
      scope: 'shopCategory',
      vendorId: a.vendorId,
      category: 'Books',
      rateBp: 750,
      minAmount: 10,
    })
    await addRule({ scope: 'default', ...rated(300) })
    const response = await preview(`vendorId=${a.vendorId}&category=Books&amount=1234`)
    expect(response.status, response.text).toBe(200)
    expect(response.body).toEqual({
      amount: 1_234,
      rule: {
        id: rule.id,
        scope: 'shopCategory',
        vendorId: a.vendorId,
        shopName: a.shopName,
        category: 'Books',
        plan: null,
        rateBp: 750,
        fixedAmount: 0,
        minAmount: 10,
        maxAmount: null,
      },
      commission: 93,
      vatRateBp: 1_800,
      vat: 17,
      vendorReceives: 1_234 - 93 - 17,
    })
    const sale = await commissionOf((await completedOrder(a, await productOf(a, 1_234, 'Books'))).id)
    expect(sale).toEqual({ commission: 93, vat: 17, ruleId: rule.id })
    // Another category of the same shop falls to the default.
    expect((await preview(`vendorId=${a.vendorId}&category=Toys&amount=1000`)).body).toMatchObject({
      rule: { scope: 'default', shopName: null },
      commission: 30,
      vat: 5,
      vendorReceives: 965,
    })
  })

  it('answers no rule and no commission when none applies', async () => {
    const response = await preview(`vendorId=${b.vendorId}&amount=5000`)
    expect(response.status, response.text).toBe(200)
    expect(response.body).toEqual({
      amount: 5_000,
      rule: null,
      commission: 0,
      vatRateBp: 1_800,
      vat: 0,
      vendorReceives: 5_000,
    })
  })

  it('refuses an unknown shop, a missing one and a wrong amount with 422 naming the field', async () => {
    expectError(await preview(`vendorId=${randomUUID()}&amount=100`), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.moneyShopUnknown',
      fields: { vendorId: 'errors.moneyShopUnknown' },
    })
    expectError(await preview('amount=100'), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.moneyShopRequired',
      fields: { vendorId: 'errors.moneyShopRequired' },
    })
    for (const amount of ['-1', '1.5', 'abc']) {
      expectError(await preview(`vendorId=${a.vendorId}&amount=${amount}`), {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'errors.moneyAmountInvalid',
        fields: { amount: 'errors.moneyAmountInvalid' },
      })
    }
  })
})
