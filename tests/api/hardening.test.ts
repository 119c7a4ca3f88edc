import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLogs, orders } from '../../src/server/db/schema'
import { orderImportColumns } from '../../src/shared/schemas/order'
import {
  createProduct,
  productInStock,
  simpleProduct,
  type RegisteredVendor,
  twoShopsAndAdmin,
} from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { parseCsv } from '../fixtures/read-files'
import type { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>
let a: RegisteredVendor
let b: RegisteredVendor
let adminCookie: string

beforeAll(async () => {
  ;({ t, a, b, adminCookie } = await twoShopsAndAdmin())
})
afterAll(async () => {
  await t?.close()
})

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`
const header = orderImportColumns.join(',')

async function importFile(content: string, dryRun = true) {
  const form = new FormData()
  form.append('file', new Blob([content], { type: 'text/csv' }), 'orders.csv')
  return t.request('POST', `/api/admin/orders/import?dryRun=${dryRun}`, { form, cookie: adminCookie })
}

const ordersOf = (variantId: string) => t.db.select().from(orders).where(eq(orders.variantId, variantId))

/** A right-to-left override and its friends turn "gpj.exe" into what reads as "exe.jpg" in a spreadsheet. */
const BIDI = '\u202E\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069\u200E\u200F\u061C'

describe('the order import', () => {
  // JavaScript's Number reads 0x10 as 16 and 1e2 as 100: a spreadsheet's quantity is written in digits.
  it.each(['0x10', '1e2', '+3', '0b11', 'Infinity'])(
    'refuses the quantity %s with a message naming it',
    async (written) => {
      const { product, variant } = await productInStock(t, a, { stock: 500 })
      const response = await importFile(
        csv(header, `Aline,aline@example.rw,${a.shopName},${product.name},${variant.sku},${written}`),
        false,
      )
      expect(response.status, response.text).toBe(200)
      expect(response.body.errors).toEqual([
        expect.objectContaining({
          row: 2,
          messageKey: 'orders.import.rowQuantityNotDigits',
          params: { row: 2, value: written },
        }),
      ])
      expect(await ordersOf(variant.id)).toHaveLength(0)
    },
  )

  it('still takes digits, and a quantity that is no number at all as 1 (specification §5)', async () => {
    const { product, variant } = await productInStock(t, a, { stock: 500 })
    const row = (quantity: string) =>
      `Aline,aline@example.rw,${a.shopName},${product.name},${variant.sku},${quantity}`
    const response = await importFile(csv(header, row('12'), row('abc')), false)
    expect(response.body.errors).toEqual([])
    expect((await ordersOf(variant.id)).map((order) => order.quantity).sort()).toEqual([1, 12])
  })

  // Which of two Quantity columns is meant cannot be guessed: the file is refused, the column named.
  it('refuses a file naming a column twice, in any case and spacing, and imports nothing', async () => {
    const { product, variant } = await productInStock(t, a, { stock: 500 })
    const response = await importFile(
      csv(
        `${header}, quantity `,
        `Aline,aline@example.rw,${a.shopName},${product.name},${variant.sku},2,200`,
      ),
      false,
    )
    expectError(response, {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'orders.import.duplicateColumn',
    })
    expect(response.body.error.params).toEqual({ column: 'quantity' })
    expect(await ordersOf(variant.id)).toHaveLength(0)
  })

  it('keeps no bidirectional control characters in a customer name', async () => {
    const { product, variant } = await productInStock(t, a, { stock: 500 })
    const response = await importFile(
      csv(header, `Al${BIDI}ine,aline@example.rw,${a.shopName},${product.name},${variant.sku},1`),
      false,
    )
    expect(response.body.errors).toEqual([])
    const [order] = await ordersOf(variant.id)
    expect(order!.customerName).toBe('Aline')
  })
})

describe('text that reorders what is around it', () => {
  it('is taken out of a product title and of the order form’s customer name', async () => {
    const product = await createProduct(
      t,
      a.cookie,
      simpleProduct({ name: `Inkweto${BIDI} gpj.exe ${Date.now()}` }),
    )
    expect(product.name).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/)
    expect(product.name.startsWith('Inkweto gpj.exe')).toBe(true)
  })

  it('never reaches a CSV export, even from a row stored before the rule', async () => {
    const { ids } = await productInStock(t, b, { stock: 50 })
    const created = await t.post(
      '/api/admin/orders',
      { ...ids, quantity: 1, customerName: 'Kamali', customerEmail: 'kamali@example.rw' },
      { cookie: adminCookie },
    )
    expect(created.status, created.text).toBe(201)
    // Written past the rules, as an older version of Isoko would have kept it.
    await t.db
      .update(orders)
      .set({ customerName: `Ka${BIDI}mali` })
      .where(eq(orders.id, created.body.id))
    const exported = await t.get('/api/admin/orders/export', { cookie: adminCookie })
    expect(exported.status).toBe(200)
    expect(exported.text).toContain('Kamali')
    expect(exported.text).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/)
  })
})

describe('a vendor deleting a product', () => {
  // Every change to shop data leaves an entry: a deletion is the one nobody can check afterwards otherwise.
  it('leaves an audit entry naming the product, in the same transaction', async () => {
    const product = await createProduct(t, a.cookie)
    const deleted = await t.delete(`/api/vendor/products/${product.id}`, { cookie: a.cookie })
    expect(deleted.status, deleted.text).toBe(200)
    const entries = await t.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.targetTable, 'products'),
          eq(auditLogs.targetId, product.id),
          eq(auditLogs.action, 'delete'),
        ),
      )
    expect(entries).toHaveLength(1)
    expect(entries[0]!.adminId).toBe(a.user.id)
    expect(entries[0]!.oldValues).toMatchObject({ name: product.name })
  })

  it('by another vendor leaves no entry and no change', async () => {
    const product = await createProduct(t, a.cookie)
    expect((await t.delete(`/api/vendor/products/${product.id}`, { cookie: b.cookie })).status).toBe(404)
    const entries = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, product.id), eq(auditLogs.action, 'delete')))
    expect(entries).toHaveLength(0)
  })
})

describe('answers with a signed-in user’s data', () => {
  // A shared computer or a proxy must not keep one user's shop for the next.
  it.each([
    ['a vendor', () => a.cookie, '/api/vendor/products'],
    ['an admin', () => adminCookie, '/api/admin/orders'],
    ['anyone signed in', () => a.cookie, '/api/account/me'],
  ])('are not cached (%s)', async (_who, cookie, path) => {
    const response = await t.get(path, { cookie: cookie() })
    expect(response.status, response.text).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('an export reached from another site', () => {
  // An export writes an audit entry: a link on another site must not make an admin's browser write one.
  it.each(['/api/admin/audit-logs/export?q=attacker%20text', '/api/admin/reports/export?days=30'])(
    'is refused with 403 and writes nothing (%s)',
    async (path) => {
      const before = await t.db.select().from(auditLogs)
      const response = await t.get(path, { cookie: adminCookie, headers: { 'sec-fetch-site': 'cross-site' } })
      expectError(response, { status: 403, code: 'FORBIDDEN', messageKey: 'errors.forbidden' })
      expect(await t.db.select().from(auditLogs)).toHaveLength(before.length)
    },
  )

  it.each(['same-origin', 'none', undefined])(
    'still downloads from the app itself (Sec-Fetch-Site %s)',
    async (site) => {
      const response = await t.get('/api/admin/audit-logs/export?q=own', {
        cookie: adminCookie,
        headers: site ? { 'sec-fetch-site': site } : {},
      })
      expect(response.status, response.text).toBe(200)
      expect(parseCsv(response.text)[0]![0]).toBeTruthy()
    },
  )
})

describe('a signed-out request, in the specification’s words', () => {
  // Each screen of the specification says it its own way; the rest of the API keeps one general sentence.
  it.each([
    [
      'an admin acting on a vendor',
      'PATCH',
      '/api/admin/vendors/00000000-0000-4000-8000-000000000000/status',
      'errors.mustBeLoggedIn',
    ],
    [
      'an admin acting on a product',
      'PATCH',
      '/api/admin/products/00000000-0000-4000-8000-000000000000/status',
      'errors.mustBeLoggedIn',
    ],
    ['a profile update', 'PATCH', '/api/vendor/profile', 'errors.noUserLoggedIn'],
    ['a logo update', 'PUT', '/api/vendor/profile/logo', 'errors.noUserLoggedIn'],
    ['the registration', 'POST', '/api/vendor/registration', 'errors.userNotAuthenticated'],
    ['a read', 'GET', '/api/admin/vendors', 'errors.unauthenticated'],
    ['a vendor’s product', 'POST', '/api/vendor/products', 'errors.unauthenticated'],
  ])('%s is refused with 401 and its own message', async (_what, method, path, messageKey) => {
    const response = await t.request(method, path, method === 'GET' ? {} : { body: {} })
    expectError(response, { status: 401, code: 'UNAUTHENTICATED', messageKey })
  })

  it('reads as the specification words it, and in Kinyarwanda', async () => {
    const en = (await import('../../src/web/i18n/en.json')).default.errors
    const rw = (await import('../../src/web/i18n/rw.json')).default.errors as Record<string, string>
    expect(en).toMatchObject({
      mustBeLoggedIn: 'You must be logged in to perform this action.',
      noUserLoggedIn: 'No user logged in',
      userNotAuthenticated: 'User not authenticated',
    })
    for (const key of ['mustBeLoggedIn', 'noUserLoggedIn', 'userNotAuthenticated'])
      expect(rw[key]).toMatch(/\p{L}{3}/u)
  })
})
