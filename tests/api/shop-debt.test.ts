import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { marketplaceSettings } from '../../src/server/db/schema'
import { expectError } from '../fixtures/expect-error'
import { orderBody, placeOrder, productInStock, twoShopsAndAdmin } from '../fixtures/commerce'
import { expectStatus } from '../fixtures/factories'
import { orderImportColumns } from '../../src/shared/schemas/order'

/**
 * A refund after a payout leaves a shop owing (decision 006): later sales settle it. Past the operator's debt
 * limit the shop takes no new order, from the order form or an import, until the debt is back within it; a shop
 * that owes nothing is not held back, and without a limit nobody is.
 */

let ctx: Awaited<ReturnType<typeof twoShopsAndAdmin>>
let goods: { a: Awaited<ReturnType<typeof productInStock>>; b: Awaited<ReturnType<typeof productInStock>> }

const setDebtLimit = (debtLimit: number | null) =>
  ctx.t.db.update(marketplaceSettings).set({ debtLimit }).where(eq(marketplaceSettings.id, 1))
const balanceOfA = async () =>
  (
    expectStatus(await ctx.t.get('/api/vendor/payouts', { cookie: ctx.a.cookie }), 200, 'overview').body as {
      availableBalance: number
    }
  ).availableBalance

beforeAll(async () => {
  ctx = await twoShopsAndAdmin()
  const { t, a, b, adminCookie } = ctx
  goods = {
    a: await productInStock(t, a, { price: 10_000, stock: 50 }),
    b: await productInStock(t, b, { price: 10_000, stock: 50 }),
  }
  // Shop A sells 10,000, is paid 10,000, then refunds the sale: it owes 10,000.
  const sold = await placeOrder(t, adminCookie, goods.a.ids)
  expectStatus(
    await t.patch(`/api/vendor/orders/${sold.id}/status`, { status: 'completed' }, { cookie: a.cookie }),
    200,
    'complete',
  )
  const payout = expectStatus(
    await t.post('/api/vendor/payouts', { amount: 10_000 }, { cookie: a.cookie }),
    201,
    'payout',
  )
  expectStatus(
    await t.patch(
      `/api/admin/payouts/${payout.body.id}`,
      { status: 'approved', paymentReference: 'MP-77' },
      { cookie: adminCookie },
    ),
    200,
    'approve',
  )
  expectStatus(
    await t.patch(`/api/vendor/orders/${sold.id}/status`, { status: 'refunded' }, { cookie: a.cookie }),
    200,
    'refund',
  )
})
afterAll(async () => {
  await setDebtLimit(null)
  await ctx?.t.close()
})

describe('a shop past the debt limit', () => {
  it('owes what was paid out of a refunded sale', async () => {
    expect(await balanceOfA()).toBe(-10_000)
  })

  it('takes no new order past the limit; a shop that owes nothing still does', async () => {
    await setDebtLimit(5_000)
    expectError(await ctx.t.post('/api/admin/orders', orderBody(goods.a.ids), { cookie: ctx.adminCookie }), {
      status: 409,
      code: 'CONFLICT',
      messageKey: 'orders.shopOwes',
    })
    expect(await balanceOfA()).toBe(-10_000)
    await placeOrder(ctx.t, ctx.adminCookie, goods.b.ids)
  })

  it('takes orders again within the limit, and when no limit is set', async () => {
    await setDebtLimit(10_000)
    await placeOrder(ctx.t, ctx.adminCookie, goods.a.ids)
    await setDebtLimit(null)
    await placeOrder(ctx.t, ctx.adminCookie, goods.a.ids)
  })

  it('refuses the shop’s rows of an import past the limit, and imports the others', async () => {
    await setDebtLimit(0)
    const row = (shop: { shopName: string }, item: typeof goods.a, name: string) =>
      [name, 'umukiriya@example.rw', shop.shopName, item.product.name, item.variant.sku, '1'].join(',')
    const csv = `${[orderImportColumns.join(','), row(ctx.a, goods.a, 'Aline Uwase'), row(ctx.b, goods.b, 'Eric Nkurunziza')].join('\r\n')}\r\n`
    const form = new FormData()
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'orders.csv')
    const response = await ctx.t.request('POST', '/api/admin/orders/import?dryRun=false', {
      form,
      cookie: ctx.adminCookie,
    })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({ rows: 2, imported: 1 })
    expect(JSON.stringify(response.body.errors)).toContain('orders.shopOwes')
  })
})
