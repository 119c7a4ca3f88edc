import { randomUUID } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, products } from '../../src/server/db/schema'
import type { AdminProductDto, AdminProductList } from '../../src/shared/schemas/product'
import {
  adminOf,
  createProduct,
  productName,
  productRow,
  registeredVendor,
  rowCount,
  simpleProduct,
  type RegisteredVendor,
} from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { mailsTo } from '../fixtures/factories'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>
let shop: RegisteredVendor
let other: RegisteredVendor
let admin: ReturnType<typeof adminOf>

beforeAll(async () => {
  t = await createTestApp()
  admin = adminOf(t)
  ;[shop, other] = await Promise.all([
    registeredVendor(t, { status: 'approved', plan: 'unlimited' }),
    registeredVendor(t, { status: 'approved', plan: 'unlimited' }),
  ])
})
afterAll(async () => {
  await t?.close()
})

const list = async (query: string) => {
  const response = await t.get(`/api/admin/products${query}`, { cookie: (await admin()).cookie })
  expect(response.status, response.text).toBe(200)
  return response.body as AdminProductList
}

const decide = async (id: string, body: unknown, cookie?: string) =>
  t.patch(`/api/admin/products/${id}/status`, body, { cookie: cookie ?? (await admin()).cookie })

const auditFor = (id: string) => t.db.select().from(auditLogs).where(eq(auditLogs.targetId, id))

describe('GET /api/admin/products', () => {
  it("lists every shop's products newest first, with the shop, variants and reason", async () => {
    const first = await createProduct(t, shop.cookie, simpleProduct({ name: productName('Igitenge wrap') }))
    const second = await createProduct(t, other.cookie, simpleProduct({ name: productName('Agaseke') }))
    const page = await list('?pageSize=100')
    const ids = page.items.map((item) => item.id)
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id))
    const row = page.items.find((item) => item.id === first.id)!
    expect(row.vendor).toEqual({ id: shop.vendorId, shopName: shop.shopName, status: 'approved' })
    expect(row.variants).toHaveLength(1)
    expect(row.decisionReason).toBeNull()
    expect(page.total).toBeGreaterThanOrEqual(2)
  })

  it('searches name, description and shop name, case-insensitively, with wildcards taken literally', async () => {
    const named = await createProduct(
      t,
      shop.cookie,
      simpleProduct({ name: productName('Umutako 50% cotton'), description: 'Handwoven in Huye' }),
    )
    expect((await list('?q=50%25 COTTON')).items.map((item) => item.id)).toEqual([named.id])
    expect((await list('?q=handwoven in huye')).items.map((item) => item.id)).toEqual([named.id])
    // '%' alone is the text '%', not "anything".
    expect((await list('?q=%25')).items.every((item) => item.name.includes('%'))).toBe(true)
    const byShop = await list(`?q=${encodeURIComponent(other.shopName.toUpperCase())}&pageSize=100`)
    expect(byShop.items.length).toBeGreaterThan(0)
    expect(byShop.items.every((item) => item.vendor.id === other.vendorId)).toBe(true)
  })

  it('filters by status and by creation day in Kigali time, both days included', async () => {
    const product = await createProduct(t, shop.cookie, simpleProduct({ name: productName('Late night') }))
    // 22:30 UTC on 3 March is 00:30 on 4 March in Kigali (UTC+2).
    await t.db
      .update(products)
      .set({ createdAt: new Date('2026-03-03T22:30:00Z'), status: 'pending' })
      .where(eq(products.id, product.id))
    const day = async (from: string, to: string) =>
      (await list(`?from=${from}&to=${to}&pageSize=100`)).items.map((item) => item.id)
    expect(await day('2026-03-04', '2026-03-04')).toEqual([product.id])
    expect(await day('2026-03-03', '2026-03-03')).not.toContain(product.id)
    expect((await list('?status=pending&pageSize=100')).items.map((item) => item.id)).toContain(product.id)
    expect((await list('?status=approved&pageSize=100')).items.map((item) => item.id)).not.toContain(
      product.id,
    )
  })

  // A day that does not exist (30 February, year 0) reached the database and failed there with a 500.
  it('refuses a malformed or impossible date, or an unknown status, with 422', async () => {
    const cookie = (await admin()).cookie
    const queries = [
      '?from=04/03/2026',
      '?to=yesterday',
      '?status=live',
      '?from=2026-02-30',
      '?to=0000-01-01',
    ]
    for (const query of queries) {
      expectError(await t.get(`/api/admin/products${query}`, { cookie }), {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'errors.invalidValue',
      })
    }
  })

  // Admin screens are for admins: a vendor or a visitor must not see every shop's catalogue.
  it('refuses a vendor (403) and a signed-out visitor (401); an admin still can', async () => {
    expectError(await t.get('/api/admin/products', { cookie: shop.cookie }), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expectError(await t.get('/api/admin/products'), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
    expect((await t.get('/api/admin/products', { cookie: (await admin()).cookie })).status).toBe(200)
  })
})

describe('GET /api/admin/products/:id', () => {
  it('shows any shop’s product to an admin, and 404 for an unknown or malformed id', async () => {
    const product = await createProduct(t, other.cookie)
    const cookie = (await admin()).cookie
    const response = await t.get(`/api/admin/products/${product.id}`, { cookie })
    expect(response.status, response.text).toBe(200)
    expect((response.body as AdminProductDto).vendor.shopName).toBe(other.shopName)
    for (const id of [randomUUID(), 'not-an-id']) {
      expectError(await t.get(`/api/admin/products/${id}`, { cookie }), {
        status: 404,
        code: 'NOT_FOUND',
        messageKey: 'errors.notFound',
      })
    }
    expectError(await t.get(`/api/admin/products/${product.id}`, { cookie: shop.cookie }), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
  })
})

describe('PATCH /api/admin/products/:id/status', () => {
  // Specification §4: a product moves to any status it is not in; each decision is audited with the change.
  it('rejects with a reason, then approves, each audited with who, what and where from', async () => {
    const product = await createProduct(t, shop.cookie)
    const rejected = await decide(product.id, { status: 'rejected', reason: '  Blurry pictures  ' })
    expect(rejected.status, rejected.text).toBe(200)
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      decisionReason: 'Blurry pictures',
      isVisible: false,
    })
    // The vendor sees the decision on their own product.
    const seen = await t.get(`/api/vendor/products/${product.id}`, { cookie: shop.cookie })
    expect(seen.body.status).toBe('rejected')

    const approved = await decide(product.id, { status: 'approved' })
    expect(approved.body).toMatchObject({ status: 'approved', decisionReason: null, isVisible: true })
    const audit = await auditFor(product.id)
    expect(audit.map((row) => [row.action, row.oldValues, row.newValues])).toEqual(
      expect.arrayContaining([
        ['reject', { status: 'approved' }, { status: 'rejected' }],
        ['approve', { status: 'rejected' }, { status: 'approved' }],
      ]),
    )
    const rejection = audit.find((row) => row.action === 'reject')!
    expect(rejection).toMatchObject({
      adminId: (await admin()).user.id,
      targetTable: 'products',
      details: expect.objectContaining({ reason: 'Blurry pictures' }),
    })
    expect(rejection.requestId).toBeTruthy()
  })

  it('refuses the status the product already has (409 products.alreadyDecided), writing nothing', async () => {
    const product = await createProduct(t, shop.cookie)
    const before = await rowCount(t.db, auditLogs)
    expectError(await decide(product.id, { status: 'approved' }), {
      status: 409,
      code: 'CONFLICT',
      messageKey: 'products.alreadyDecided',
    })
    expect(await rowCount(t.db, auditLogs)).toBe(before)
  })

  it('refuses an unknown status, a reason with NUL or over 500 characters (422), changing nothing', async () => {
    const product = await createProduct(t, shop.cookie)
    for (const body of [
      { status: 'pending' },
      { status: 'rejected', reason: 'bad\u0000reason' },
      { status: 'rejected', reason: 'x'.repeat(501) },
    ]) {
      expect((await decide(product.id, body)).status).toBe(422)
    }
    expect((await productRow(t.db, product.id))?.status).toBe('approved')
  })

  // The vendor must be told what to change: a rejection without a reason is refused, and nothing happens.
  it.each([
    ['no reason', {}],
    ['a blank reason', { reason: ' \n ' }],
  ])(
    'refuses a rejection with %s (422 errors.reasonRequired), changing, auditing and mailing nothing',
    async (_case, body) => {
      const product = await createProduct(t, shop.cookie)
      const auditBefore = await rowCount(t.db, auditLogs)
      const mailsBefore = (await mailsTo(t.db, shop.email)).length

      expectError(await decide(product.id, { status: 'rejected', ...body }), {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'errors.reasonRequired',
        fields: { reason: 'errors.reasonRequired' },
      })

      expect(await productRow(t.db, product.id)).toMatchObject({ status: 'approved', decisionReason: null })
      expect(await rowCount(t.db, auditLogs)).toBe(auditBefore)
      expect(await mailsTo(t.db, shop.email)).toHaveLength(mailsBefore)
      // With a reason it goes through: the vendor reads it on their product and in the decision mail.
      const rejected = await decide(product.id, { status: 'rejected', reason: 'Photos show another model.' })
      expect(rejected.status, rejected.text).toBe(200)
      const seen = await t.get(`/api/admin/products/${product.id}`, { cookie: (await admin()).cookie })
      expect(seen.body).toMatchObject({ status: 'rejected', decisionReason: 'Photos show another model.' })
      const mails = await mailsTo(t.db, shop.email)
      expect(mails).toHaveLength(mailsBefore + 1)
      expect(mails[0]!.text).toContain('Photos show another model.')
    },
  )

  // Only admins moderate: a vendor cannot approve their own product, nor reject a competitor's.
  it('refuses a vendor (403) and a visitor (401), changing nothing; an admin still can', async () => {
    const product = await createProduct(t, other.cookie)
    expectError(await decide(product.id, { status: 'rejected' }, shop.cookie), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expectError(await decide(product.id, { status: 'rejected' }, other.cookie), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expectError(await t.patch(`/api/admin/products/${product.id}/status`, { status: 'rejected' }), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.mustBeLoggedIn',
    })
    expect((await productRow(t.db, product.id))?.status).toBe('approved')
    expect((await decide(product.id, { status: 'rejected', reason: 'Wrong category' })).status).toBe(200)
  })

  it('two admins deciding at once: one change and one audit entry', async () => {
    const product = await createProduct(t, shop.cookie)
    const answers = await Promise.all([
      decide(product.id, { status: 'rejected', reason: 'Wrong category' }),
      decide(product.id, { status: 'rejected', reason: 'Wrong category' }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect((await auditFor(product.id)).filter((row) => row.action === 'reject')).toHaveLength(1)
  })
})

describe('POST /api/admin/products/decisions', () => {
  it('decides several products in one go, each audited, leaving those already decided as they were', async () => {
    const [one, two, three] = await Promise.all([
      createProduct(t, shop.cookie, simpleProduct({ name: productName('Bulk one') })),
      createProduct(t, other.cookie, simpleProduct({ name: productName('Bulk two') })),
      createProduct(t, shop.cookie, simpleProduct({ name: productName('Bulk three') })),
    ])
    await t.db.update(products).set({ status: 'rejected' }).where(eq(products.id, three.id))
    const unknown = randomUUID()
    const response = await t.post(
      '/api/admin/products/decisions',
      { ids: [one.id, two.id, three.id, unknown], status: 'rejected', reason: 'Duplicate listing' },
      { cookie: (await admin()).cookie },
    )
    expect(response.status, response.text).toBe(200)
    expect([...response.body.changed].sort()).toEqual([one.id, two.id].sort())
    expect([...response.body.unchanged].sort()).toEqual([three.id, unknown].sort())
    const rows = await t.db
      .select({ id: products.id, status: products.status, reason: products.decisionReason })
      .from(products)
      .where(inArray(products.id, [one.id, two.id]))
    expect(rows.every((row) => row.status === 'rejected' && row.reason === 'Duplicate listing')).toBe(true)
    const audit = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(auditLogs)
      .where(inArray(auditLogs.targetId, [one.id, two.id, three.id]))
    expect(audit[0]?.count).toBe(2)
  })

  it('refuses a rejection of the selection without a reason (422 errors.reasonRequired), changing nothing', async () => {
    const [one, two] = await Promise.all([
      createProduct(t, shop.cookie, simpleProduct({ name: productName('Reasonless one') })),
      createProduct(t, other.cookie, simpleProduct({ name: productName('Reasonless two') })),
    ])
    const auditBefore = await rowCount(t.db, auditLogs)
    for (const body of [{}, { reason: '   ' }]) {
      expectError(
        await t.post(
          '/api/admin/products/decisions',
          { ids: [one.id, two.id], status: 'rejected', ...body },
          { cookie: (await admin()).cookie },
        ),
        {
          status: 422,
          code: 'VALIDATION',
          messageKey: 'errors.reasonRequired',
          fields: { reason: 'errors.reasonRequired' },
        },
      )
    }
    const rows = await t.db
      .select({ status: products.status })
      .from(products)
      .where(inArray(products.id, [one.id, two.id]))
    expect(rows.map((row) => row.status)).toEqual(['approved', 'approved'])
    expect(await rowCount(t.db, auditLogs)).toBe(auditBefore)
    // An approval of the selection needs none.
    await t.db
      .update(products)
      .set({ status: 'pending' })
      .where(inArray(products.id, [one.id, two.id]))
    const approved = await t.post(
      '/api/admin/products/decisions',
      { ids: [one.id, two.id], status: 'approved' },
      { cookie: (await admin()).cookie },
    )
    expect(approved.status, approved.text).toBe(200)
    expect(approved.body.changed).toHaveLength(2)
  })

  it('refuses an empty selection (422) and a vendor (403)', async () => {
    expect(
      (
        await t.post(
          '/api/admin/products/decisions',
          { ids: [], status: 'approved' },
          { cookie: (await admin()).cookie },
        )
      ).status,
    ).toBe(422)
    const product = await createProduct(t, shop.cookie)
    expectError(
      await t.post(
        '/api/admin/products/decisions',
        { ids: [product.id], status: 'rejected' },
        { cookie: shop.cookie },
      ),
      { status: 403, code: 'FORBIDDEN', messageKey: 'errors.forbidden' },
    )
    expect((await productRow(t.db, product.id))?.status).toBe('approved')
  })
})
