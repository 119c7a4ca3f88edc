import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { languageHeader } from '../../src/shared/constants'
import { orderCsvHeader } from '../../src/server/orders/admin-orders.service'
import { auditLogs, orders, products, vendors } from '../../src/server/db/schema'
import {
  orderDeliveryColumns,
  orderImportColumns,
  type OrderImportResult,
} from '../../src/shared/schemas/order'
import {
  createProduct,
  placeOrder,
  productInStock as shopProductInStock,
  registeredVendor,
  rowCount,
  simpleProduct,
  variantProduct,
  variantRow,
  type RegisteredVendor,
  twoShopsAndAdmin,
} from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { parseCsv } from '../fixtures/read-files'
import type { createTestApp } from '../fixtures/test-app'
import { textsIn } from '../fixtures/texts'

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

/** A product of `vendor` with one variant of `stock` at `price`, and the ids an order for it needs. */
const productInStock = (vendor: RegisteredVendor, stock = 20, price = 5_000, name?: string) =>
  shopProductInStock(t, vendor, { stock, price, name })

const stockOf = async (variantId: string) => (await variantRow(t.db, variantId))?.stock
const ordersOf = (variantId: string) => t.db.select().from(orders).where(eq(orders.variantId, variantId))

/** The admin list for one query string. */
const list = (query: string, cookie = adminCookie) => t.get(`/api/admin/orders?${query}`, { cookie })

/** Sends a CSV file to the import (dryRun: the preview). */
async function importFile(
  content: string | Uint8Array | null,
  options: { dryRun?: boolean; cookie?: string; name?: string } = {},
) {
  const form = new FormData()
  if (content !== null)
    form.append('file', new Blob([content as BlobPart], { type: 'text/csv' }), options.name ?? 'orders.csv')
  return t.request('POST', `/api/admin/orders/import?dryRun=${options.dryRun ? 'true' : 'false'}`, {
    form,
    cookie: options.cookie ?? adminCookie,
  })
}

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`
const header = orderImportColumns.join(',')

describe('GET /api/admin/orders', () => {
  it("lists every shop's orders newest first, with the shop, filtered by status, shop and search, and the four cards of the filter", async () => {
    const first = await productInStock(a, 50, 4_000, `Imigongo panel ${Date.now()}`)
    const second = await productInStock(b, 50, 10_000)
    const marker = `Kamali ${Date.now()}`
    const one = await placeOrder(t, adminCookie, {
      ...first.ids,
      quantity: 2,
      customerName: `${marker} Alice`,
    })
    const two = await placeOrder(t, adminCookie, {
      ...second.ids,
      quantity: 1,
      customerName: `${marker} Bosco`,
      customerEmail: 'bosco@example.rw',
    })
    const three = await placeOrder(t, adminCookie, {
      ...second.ids,
      quantity: 3,
      customerName: `${marker} Claire`,
    })
    await t.patch(`/api/admin/orders/${two.id}/status`, { status: 'completed' }, { cookie: adminCookie })
    await t.patch(`/api/admin/orders/${three.id}/status`, { status: 'refunded' }, { cookie: adminCookie })

    const all = await list(`q=${encodeURIComponent(marker)}`)
    expect(all.status, all.text).toBe(200)
    expect(all.body.items.map((order: { id: string }) => order.id)).toEqual([three.id, two.id, one.id])
    expect(all.body.items[2]).toMatchObject({
      shopName: a.shopName,
      vendorId: a.vendorId,
      productId: first.product.id,
      variantId: first.variant.id,
      totalAmount: 8_000,
    })
    // Revenue: pending and completed totals; the refunded order's 30,000 went back to its customer.
    expect(all.body.summary).toEqual({ orders: 3, pending: 1, completed: 1, revenue: 8_000 + 10_000 })

    const byStatus = await list(`q=${encodeURIComponent(marker)}&status=completed`)
    expect(byStatus.body.items.map((order: { id: string }) => order.id)).toEqual([two.id])
    expect(byStatus.body.summary).toEqual({ orders: 1, pending: 0, completed: 1, revenue: 10_000 })

    const byShop = await list(`q=${encodeURIComponent(marker)}&vendorId=${b.vendorId}`)
    expect(byShop.body.items.map((order: { id: string }) => order.id)).toEqual([three.id, two.id])

    const searches = {
      email: 'BOSCO@example',
      shop: a.shopName.toUpperCase(),
      product: first.product.name.slice(0, 14).toLowerCase(),
      id: one.id.slice(0, 8),
    }
    expect(
      (await list(`q=${encodeURIComponent(searches.email)}`)).body.items.map((o: { id: string }) => o.id),
    ).toEqual([two.id])
    for (const q of [searches.shop, searches.product, searches.id]) {
      const found = await list(`q=${encodeURIComponent(q)}`)
      expect(
        found.body.items.map((o: { id: string }) => o.id),
        q,
      ).toContain(one.id)
      expect(
        found.body.items.map((o: { id: string }) => o.id),
        q,
      ).not.toContain(two.id)
    }
    // LIKE wildcards are taken literally.
    expect((await list('q=%25')).body.total).toBe(0)
  })

  it('keeps showing an order whose product was deleted, with what was sold', async () => {
    const { ids } = await productInStock(a, 5, 3_000)
    const order = await placeOrder(t, adminCookie, ids)
    expect((await t.delete(`/api/vendor/products/${ids.productId}`, { cookie: a.cookie })).status).toBe(200)
    const found = await list(`q=${order.id}`)
    expect(found.body.items).toHaveLength(1)
    expect(found.body.items[0]).toMatchObject({
      id: order.id,
      productId: null,
      variantId: null,
      sku: order.sku,
    })
  })

  it('pages on the server', async () => {
    const { ids } = await productInStock(b, 30)
    const name = `Pager ${Date.now()}`
    for (let i = 0; i < 5; i += 1) await placeOrder(t, adminCookie, { ...ids, customerName: name })
    const first = await list(`q=${encodeURIComponent(name)}&pageSize=2`)
    const third = await list(`q=${encodeURIComponent(name)}&pageSize=2&page=3`)
    expect([first.body.total, first.body.items.length, third.body.items.length]).toEqual([5, 2, 1])
  })

  it('refuses an unknown status or a malformed shop id with 422', async () => {
    expectError(await list('status=shipped'), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.invalidValue',
    })
    expectError(await list('vendorId=abc'), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.invalidValue',
    })
  })
})

describe('PATCH /api/admin/orders/:id/status', () => {
  it('sets any status, refunded back to pending included, audited with the old and new status; the stock stays', async () => {
    const { ids, variant } = await productInStock(a, 10)
    const order = await placeOrder(t, adminCookie, { ...ids, quantity: 4 })
    for (const status of ['refunded', 'pending', 'completed'] as const) {
      const response = await t.patch(
        `/api/admin/orders/${order.id}/status`,
        { status },
        { cookie: adminCookie },
      )
      expect(response.status, response.text).toBe(200)
      expect(response.body).toMatchObject({ id: order.id, status, shopName: a.shopName })
    }
    expect(await stockOf(variant.id)).toBe(6)
    const entries = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, order.id), eq(auditLogs.action, 'update')))
      .orderBy(auditLogs.createdAt)
    expect(entries.map((entry) => [entry.oldValues, entry.newValues, entry.adminId])).toEqual([
      [{ status: 'pending' }, { status: 'refunded' }, adminId],
      [{ status: 'refunded' }, { status: 'pending' }, adminId],
      [{ status: 'pending' }, { status: 'completed' }, adminId],
    ])
  })

  it('writes nothing when the status is already the one asked', async () => {
    const { ids } = await productInStock(a)
    const order = await placeOrder(t, adminCookie, ids)
    const before = await rowCount(t.db, auditLogs)
    expect(
      (await t.patch(`/api/admin/orders/${order.id}/status`, { status: 'pending' }, { cookie: adminCookie }))
        .status,
    ).toBe(200)
    expect(await rowCount(t.db, auditLogs)).toBe(before)
  })

  it('refuses an unknown status (422) and an unknown or malformed id (404)', async () => {
    const { ids } = await productInStock(a)
    const order = await placeOrder(t, adminCookie, ids)
    expectError(
      await t.patch(`/api/admin/orders/${order.id}/status`, { status: 'shipped' }, { cookie: adminCookie }),
      {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'errors.invalidValue',
        fields: { status: 'errors.invalidValue' },
      },
    )
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expectError(
        await t.patch(`/api/admin/orders/${id}/status`, { status: 'completed' }, { cookie: adminCookie }),
        {
          status: 404,
          code: 'NOT_FOUND',
          messageKey: 'errors.notFound',
        },
      )
    }
  })
})

describe('DELETE /api/admin/orders/:id', () => {
  it("deletes an order, returns a pending order's units to stock and keeps the whole order in the audit entry", async () => {
    const { ids, variant } = await productInStock(a, 10, 2_000)
    const order = await placeOrder(t, adminCookie, { ...ids, quantity: 3 })
    expect(await stockOf(variant.id)).toBe(7)
    const response = await t.delete(`/api/admin/orders/${order.id}`, { cookie: adminCookie })
    expect(response.status, response.text).toBe(200)
    expect(await ordersOf(variant.id)).toHaveLength(0)
    expect(await stockOf(variant.id)).toBe(10)
    const [entry] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, order.id), eq(auditLogs.action, 'delete')))
    expect(entry).toMatchObject({
      adminId,
      oldValues: { status: 'pending', quantity: 3, total_amount: 6_000, sku: order.sku },
      details: { shop_name: a.shopName, stock_returned: 3 },
    })
    expectError(await t.delete(`/api/admin/orders/${order.id}`, { cookie: adminCookie }), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'errors.notFound',
    })
  })

  it('leaves the stock of a completed order alone (its goods left the shop)', async () => {
    const { ids, variant } = await productInStock(a, 10)
    const order = await placeOrder(t, adminCookie, { ...ids, quantity: 2 })
    await t.patch(`/api/admin/orders/${order.id}/status`, { status: 'completed' }, { cookie: adminCookie })
    expect((await t.delete(`/api/admin/orders/${order.id}`, { cookie: adminCookie })).status).toBe(200)
    expect(await stockOf(variant.id)).toBe(8)
  })
})

describe('GET /api/admin/orders/:id', () => {
  it("shows the order's history from the audit trail, oldest first: created by the admin, completed by the vendor", async () => {
    const { ids } = await productInStock(a)
    const order = await placeOrder(t, adminCookie, ids)
    await t.patch(`/api/vendor/orders/${order.id}/status`, { status: 'completed' }, { cookie: a.cookie })
    await t.patch(`/api/admin/orders/${order.id}/status`, { status: 'refunded' }, { cookie: adminCookie })
    const response = await t.get(`/api/admin/orders/${order.id}`, { cookie: adminCookie })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({ id: order.id, shopName: a.shopName, status: 'refunded' })
    expect(
      response.body.history.map((entry: { action: string; actor: { role: string }; newValues: unknown }) => [
        entry.action,
        entry.actor.role,
        entry.action === 'update' ? entry.newValues : null,
      ]),
    ).toEqual([
      ['create', 'admin', null],
      ['update', 'vendor', { status: 'completed' }],
      ['update', 'admin', { status: 'refunded' }],
    ])
  })

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'x']) {
      expect((await t.get(`/api/admin/orders/${id}`, { cookie: adminCookie })).status).toBe(404)
    }
  })
})

describe('the order form choices', () => {
  it('offers approved shops by name for the form, and every shop for the filter', async () => {
    const pending = await registeredVendor(t)
    const forSale = await t.get(`/api/admin/orders/shops?q=${encodeURIComponent('Isoko Shop')}`, {
      cookie: adminCookie,
    })
    const ids = forSale.body.items.map((shop: { id: string }) => shop.id)
    expect(ids).toEqual(expect.arrayContaining([a.vendorId, b.vendorId]))
    expect(ids).not.toContain(pending.vendorId)
    const every = await t.get(
      `/api/admin/orders/shops?forSale=false&q=${encodeURIComponent(pending.shopName)}`,
      {
        cookie: adminCookie,
      },
    )
    expect(every.body.items).toEqual([
      { id: pending.vendorId, shopName: pending.shopName, status: 'pending' },
    ])
  })

  it("offers one approved shop's approved products by name with the variants still sold", async () => {
    const shop = await registeredVendor(t, { status: 'approved', plan: 'unlimited' })
    const shirt = await createProduct(
      t,
      shop.cookie,
      variantProduct(['red'], ['s', 'm'], { name: 'Zebra shirt', price: 9_000, stock: 4 }),
    )
    const basket = await createProduct(
      t,
      shop.cookie,
      simpleProduct({ name: 'agaseke', price: 3_000, variants: [{ price: 3_000, stock: 2 }] }),
    )
    const hidden = await createProduct(t, shop.cookie, simpleProduct({ name: 'Mat' }))
    await t.db.update(products).set({ status: 'rejected' }).where(eq(products.id, hidden.id))
    const response = await t.get(`/api/admin/orders/products?vendorId=${shop.vendorId}`, {
      cookie: adminCookie,
    })
    expect(response.status, response.text).toBe(200)
    expect(response.body.items.map((product: { id: string }) => product.id)).toEqual([basket.id, shirt.id])
    expect(response.body.items[1].variants).toEqual(
      [...shirt.variants]
        .sort((x, y) => x.sku.localeCompare(y.sku))
        .map((variant) => ({
          id: variant.id,
          sku: variant.sku,
          attributes: variant.attributes,
          price: variant.price,
          stock: 4,
        })),
    )
    // A shop that is no longer approved offers nothing.
    await t.db.update(vendors).set({ status: 'rejected' }).where(eq(vendors.id, shop.vendorId))
    expect(
      (await t.get(`/api/admin/orders/products?vendorId=${shop.vendorId}`, { cookie: adminCookie })).body
        .items,
    ).toEqual([])
    expectError(await t.get('/api/admin/orders/products?vendorId=', { cookie: adminCookie }), {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'orders.requiredFields',
    })
  })
})

describe('creating orders at once', () => {
  it('20 orders at once for a variant with stock 10 end with exactly 10 orders and stock 0', async () => {
    const { ids, variant } = await productInStock(a, 10)
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.post(
          '/api/admin/orders',
          { ...ids, customerName: 'Rush', customerEmail: 'rush@example.rw', quantity: 1 },
          { cookie: adminCookie },
        ),
      ),
    )
    const statuses = responses.map((response) => response.status).sort()
    expect(statuses.filter((status) => status === 201)).toHaveLength(10)
    expect(statuses.filter((status) => status === 409)).toHaveLength(10)
    expect(await ordersOf(variant.id)).toHaveLength(10)
    expect(await stockOf(variant.id)).toBe(0)
  })
})

describe('GET /api/admin/orders/export', () => {
  it('writes the filtered orders as a dated, formula-safe CSV that imports again as it is', async () => {
    const { ids, product, variant } = await productInStock(b, 20, 1_500)
    const tag = `Export ${Date.now()}`
    const plain = await placeOrder(t, adminCookie, { ...ids, quantity: 2, customerName: `${tag}, Uwase` })
    await placeOrder(t, adminCookie, { ...ids, quantity: 1, customerName: `=HYPERLINK("x") ${tag}` })

    const response = await t.get(`/api/admin/orders/export?q=${encodeURIComponent(tag)}`, {
      cookie: adminCookie,
    })
    expect(response.status, response.text).toBe(200)
    expect(response.headers.get('content-disposition')).toMatch(/filename="orders-\d{4}-\d{2}-\d{2}\.csv"/)
    const rows = parseCsv(response.text.replace(/^\uFEFF/, ''))
    expect(rows[0]).toEqual([...orderCsvHeader])
    expect(rows.slice(1).map((row) => row[0])).toEqual([`'=HYPERLINK("x") ${tag}`, `${tag}, Uwase`])
    expect(rows[2]!.slice(0, 8)).toEqual([
      `${tag}, Uwase`,
      'jean.mugisha@example.rw',
      b.shopName,
      product.name,
      variant.sku,
      '2',
      plain.id,
      'pending',
    ])

    // Round trip: the file goes back through the import and makes the same two orders again.
    const imported = await importFile(response.text)
    expect(imported.status, imported.text).toBe(200)
    expect(imported.body).toMatchObject({ rows: 2, imported: 2, errors: [] })
    const names = (await ordersOf(variant.id)).map((order) => order.customerName)
    expect(names.filter((name) => name === `=HYPERLINK("x") ${tag}`)).toHaveLength(2)
    expect(await stockOf(variant.id)).toBe(20 - 3 - 3)
  })
})

describe('GET /api/admin/orders/import/template', () => {
  it('holds the six columns, the optional delivery ones and two example rows that import as they are', async () => {
    const response = await t.get('/api/admin/orders/import/template', { cookie: adminCookie })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toContain('orders-import-template.csv')
    const rows = parseCsv(response.text.replace(/^\uFEFF/, ''))
    expect(rows[0]).toEqual([...orderImportColumns, ...orderDeliveryColumns])
    expect(rows).toHaveLength(3)
    const preview = await importFile(response.text, { dryRun: true })
    expect(preview.body).toMatchObject({ rows: 2, imported: 2, errors: [] })
    expect(rows[1]![11]).toBe('Blue gate opposite the church')
  })

  // The example's words are the reader's; the column names stay those the import reads.
  it('writes its example note in Kinyarwanda for a Kinyarwanda reader', async () => {
    const response = await t.get('/api/admin/orders/import/template', {
      cookie: adminCookie,
      headers: { [languageHeader]: 'rw' },
    })
    const rows = parseCsv(response.text.replace(/^\uFEFF/, ''))
    expect(rows[0]).toEqual([...orderImportColumns, ...orderDeliveryColumns])
    expect(rows[1]![11]).toBe("Irembo ry'ubururu riteganye n'urusengero")
  })
})

describe('POST /api/admin/orders/import: the file', () => {
  const refusals: [string, string | Uint8Array | null, string, Record<string, unknown>?][] = [
    ['no file', null, 'orders.import.fileRequired'],
    ['an empty file', '', 'orders.import.fileEmpty'],
    ['blank lines only', '\r\n \r\n', 'orders.import.fileEmpty'],
    ['a header only', csv(header), 'orders.import.noDataRows'],
    ['a header and blank lines', `${header}\n\n  \n`, 'orders.import.noDataRows'],
    [
      'missing columns',
      csv('Customer Name,Customer Email,Vendor Shop Name,Product Name', 'a,b@c.rw,d,e'),
      'orders.import.missingColumns',
      { cols: 'Variant SKU, Quantity' },
    ],
    ['random bytes', new Uint8Array(randomBytes(100_000)), 'orders.import.notText'],
  ]
  for (const [what, content, messageKey, params] of refusals) {
    it(`refuses ${what} with ${messageKey}, importing nothing`, async () => {
      const before = await rowCount(t.db, orders)
      const response = await importFile(content)
      expectError(response, { status: 422, code: 'VALIDATION', messageKey })
      if (params) expect(response.body.error.params).toEqual(params)
      expect(await rowCount(t.db, orders)).toBe(before)
    })
  }

  // A hand-edited file with broken quotes would be read with cells shifted between columns, or with rows swallowed
  // into one value: refused whole, naming the line to fix (as a text editor numbers it) in the reader's language.
  describe('with broken quoting', () => {
    const good = (n: number) => `Client ${n},client${n}@example.rw,Shop,Product,SKU,1`
    // Twelve rows, one of them with a line break inside its quoted address: the bad value is on line 14.
    const before = [
      header,
      ...Array.from({ length: 10 }, (_, n) => good(n)),
      '"Uwase, Aline",aline@example.rw,Shop,Product,SKU,1,,,,,"KK 15 Ave',
      'house 12"',
    ]
    const cases: [string, string, string][] = [
      [
        'a quote never closed',
        '"Mugisha, Eric,eric@example.rw,Shop,Product,SKU,1',
        'orders.import.unclosedQuote',
      ],
      [
        'a stray quote inside a value',
        'Mugisha 5" Eric,eric@example.rw,Shop,Product,SKU,1',
        'orders.import.strayQuote',
      ],
      [
        'text after a closing quote',
        '"Mugisha" Eric,eric@example.rw,Shop,Product,SKU,1',
        'orders.import.strayQuote',
      ],
      [
        'a space before an opening quote',
        'Eric, "Mugisha",eric@example.rw,Shop,Product,SKU,1',
        'orders.import.strayQuote',
      ],
    ]
    it.each(cases)('refuses %s with its line number, importing nothing', async (_what, bad, messageKey) => {
      const rowsBefore = await rowCount(t.db, orders)
      for (const dryRun of [true, false]) {
        const response = await importFile(csv(...before, bad, good(99)), { dryRun })
        expectError(response, { status: 422, code: 'VALIDATION', messageKey })
        expect(response.body.error.params).toEqual({ line: 14 })
        expect(response.body.error.fields).toEqual({ file: messageKey })
      }
      expect(await rowCount(t.db, orders)).toBe(rowsBefore)
    })

    it('names the line an unclosed quote opened on, even when a later value closes it', async () => {
      const response = await importFile(
        csv(
          header,
          good(1),
          '"Mugisha, Eric,eric@example.rw,Shop,Product,SKU,1',
          good(3),
          '"Uwase, Aline",a@b.rw,Shop,Product,SKU,1',
        ),
      )
      expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'orders.import.unclosedQuote' })
      expect(response.body.error.params).toEqual({ line: 3 })
    })

    it('says so in English and in Kinyarwanda', async () => {
      const [en, rw] = await Promise.all([textsIn('en'), textsIn('rw')])
      expect(en('orders.import.unclosedQuote', { line: 14 })).toMatch(/^Line 14: /)
      expect(rw('orders.import.unclosedQuote', { line: 14 })).toMatch(/^Umurongo wa 14: /)
      expect(rw('orders.import.strayQuote', { line: 14 })).not.toBe(
        en('orders.import.strayQuote', { line: 14 }),
      )
    })
  })

  it('refuses 5 MB of random bytes as too large, before reading it whole', async () => {
    const response = await importFile(new Uint8Array(randomBytes(5 * 1024 * 1024)))
    expect([413, 422]).toContain(response.status)
    expect(response.body.error).toMatchObject({
      messageKey: 'orders.import.tooLarge',
      params: { max: '2 MB' },
    })
  })

  it('refuses a 100,000-row file whole, naming the limit, and more than 10,000 rows with tooManyRows', async () => {
    const { product, variant } = await productInStock(a, 5)
    const line = `Aline,aline@example.rw,${a.shopName},${product.name},${variant.sku},1`
    const before = await rowCount(t.db, orders)
    const huge = await importFile(csv(header, ...Array.from({ length: 100_000 }, () => line)))
    expect(huge.body.error.messageKey).toBe('orders.import.tooLarge')
    const many = await importFile(csv(header, ...Array.from({ length: 10_001 }, () => 'a,b@c.rw,d,e,f,1')))
    expectError(many, { status: 422, code: 'VALIDATION', messageKey: 'orders.import.tooManyRows' })
    expect(many.body.error.params).toEqual({ max: 10_000, rows: 10_001 })
    expect(await rowCount(t.db, orders)).toBe(before)
    expect(await stockOf(variant.id)).toBe(5)
  })
})

describe('POST /api/admin/orders/import: the rows', () => {
  // A row the database refuses for a reason no rule foresaw is reported in the reader's words, not the database's.
  it('reports a row refused unexpectedly with a message key of its own, and imports the others', async () => {
    const { product, variant } = await productInStock(a, 5)
    await t.db.execute(
      sql.raw(`create function refuse_boom() returns trigger language plpgsql as $$
        begin if new.customer_name = 'Boom' then raise exception 'boom'; end if; return new; end $$`),
    )
    await t.db.execute(
      sql.raw(
        'create trigger refuse_boom before insert on orders for each row execute function refuse_boom()',
      ),
    )
    try {
      const line = (name: string) =>
        `${name},${name.toLowerCase()}@example.rw,${a.shopName},${product.name},${variant.sku},1`
      const response = await importFile(csv(header, line('Boom'), line('Ines')))
      expect(response.status, response.text).toBe(200)
      expect(response.body).toMatchObject({
        imported: 1,
        errors: [
          {
            row: 2,
            messageKey: 'orders.import.rowFailed',
            params: { row: 2, message: 'orders.import.unexpectedError' },
          },
        ],
      })
      const [en, rw] = await Promise.all([textsIn('en'), textsIn('rw')])
      const { params } = response.body.errors[0]
      expect(en('orders.import.rowFailed', { ...params, message: en(params.message) })).toBe(
        `Row 2: Failed to create order - ${en('orders.import.unexpectedError')}`,
      )
      expect(rw(params.message)).not.toBe(en(params.message))
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_boom on orders'))
      await t.db.execute(sql.raw('drop function refuse_boom()'))
    }
  })

  it('previews, then imports the good rows, each refused row with its message, number and cells', async () => {
    const { product, variant } = await productInStock(a, 5, 2_500)
    const other = await productInStock(b, 5)
    const shop = a.shopName
    const file = csv(
      header,
      `"Uwase, Aline",aline@example.rw,${shop},${product.name},${variant.sku},2`,
      `Bosco,bosco@example.rw,${shop.toUpperCase()},${product.name.toLowerCase()},${variant.sku.toUpperCase()},abc`,
      `,nobody@example.rw,${shop},${product.name},${variant.sku},1`,
      `Claire,claire@example.rw,${shop},${product.name},${variant.sku},0`,
      `Didier,didier@example.rw,No Such Shop,${product.name},${variant.sku},1`,
      `Eric,eric@example.rw,${shop},${other.product.name},${variant.sku},1`,
      `Fiona,fiona@example.rw,${shop},${product.name},NO-SKU,1`,
      `Gad,gad@example.rw,${shop},${product.name},${variant.sku},5`,
      `Hope,not-an-email,${shop},${product.name},${variant.sku},1`,
      `Ines,ines@example.rw,${shop},${product.name},${variant.sku},1`,
    )
    const expectedErrors = [
      { row: 4, messageKey: 'orders.import.rowMissingData', params: { row: 4 } },
      { row: 5, messageKey: 'orders.import.rowInvalidQuantity', params: { row: 5 } },
      { row: 6, messageKey: 'orders.import.rowVendorNotFound', params: { row: 6, shop: 'No Such Shop' } },
      {
        row: 7,
        messageKey: 'orders.import.rowProductNotFound',
        params: { row: 7, product: other.product.name, shop },
      },
      { row: 8, messageKey: 'orders.import.rowVariantNotFound', params: { row: 8, sku: 'NO-SKU' } },
      // 2 + 1 taken by rows 2 and 3: 2 left of 5.
      {
        row: 9,
        messageKey: 'orders.import.rowInsufficientStock',
        params: { row: 9, available: 2, requested: 5 },
      },
      { row: 10, messageKey: 'orders.import.rowInvalidEmail', params: { row: 10 } },
    ]
    const before = await rowCount(t.db, orders)
    const preview = await importFile(file, { dryRun: true })
    expect(preview.status, preview.text).toBe(200)
    const previewed = preview.body as OrderImportResult
    expect(previewed).toMatchObject({ dryRun: true, rows: 10, imported: 3, header: [...orderImportColumns] })
    expect(previewed.errors.map(({ values: _values, ...error }) => error)).toEqual(expectedErrors)
    expect(previewed.errors[0]!.values).toEqual([
      '',
      'nobody@example.rw',
      shop,
      product.name,
      variant.sku,
      '1',
    ])
    expect(await rowCount(t.db, orders)).toBe(before)
    expect(await stockOf(variant.id)).toBe(5)

    const response = await importFile(file, { name: 'monday.csv' })
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({ dryRun: false, rows: 10, imported: 3 })
    expect(response.body.errors.map(({ values: _values, ...error }: { values: string[] }) => error)).toEqual(
      expectedErrors,
    )
    const made = await ordersOf(variant.id)
    expect(made.map((order) => [order.customerName, order.quantity, order.totalAmount]).sort()).toEqual([
      ['Bosco', 1, 2_500],
      ['Ines', 1, 2_500],
      ['Uwase, Aline', 2, 5_000],
    ])
    expect(await stockOf(variant.id)).toBe(1)
    const fileEntries = await t.db.select().from(auditLogs).where(eq(auditLogs.targetTable, 'imports'))
    const fileEntry = fileEntries.find((entry) => entry.details?.file === 'monday.csv')
    expect(fileEntry?.details).toMatchObject({ rows: 10, imported: 3, failed: 7 })
  })

  it('reads RFC 4180: a BOM, LF or CRLF, quoted line breaks and quotes, blank lines, extra columns, headers in any case', async () => {
    const { product, variant } = await productInStock(a, 10)
    const file =
      '\uFEFF  customer   NAME ,Note,customer email,VENDOR SHOP NAME,product name,variant sku,quantity\n' +
      `"Line one\nline two","said ""hi"", twice",one@example.rw,${a.shopName},${product.name},${variant.sku},1\n` +
      '\n' +
      `Two,,two@example.rw,"${a.shopName}",${product.name},${variant.sku},2\r\n`
    const response = await importFile(file)
    expect(response.body).toMatchObject({ rows: 2, imported: 2, errors: [] })
    expect((await ordersOf(variant.id)).map((order) => order.customerName).sort()).toEqual([
      'Line one\nline two',
      'Two',
    ])
  })

  // Rows are placed a few hundred to a transaction: each must still be checked against the stock the rows before
  // it left, in the file's order, across the transactions, or a long file would sell stock twice (or refuse it).
  it('a file of 600 rows takes each row against the stock the rows before it left, in order, across transactions', async () => {
    const plenty = await productInStock(a, 400, 1_000)
    const scarce = await productInStock(b, 200, 3_000)
    const line = (i: number) => {
      const [vendor, { product, variant }] = i % 2 === 0 ? [a, plenty] : [b, scarce]
      return `Buyer ${i},buyer${i}@example.rw,${vendor.shopName},${product.name},${variant.sku},1`
    }
    const file = csv(header, ...Array.from({ length: 600 }, (_, i) => line(i)))
    const versionBefore = (await variantRow(t.db, scarce.variant.id))?.version
    const response = await importFile(file, { name: 'long.csv' })
    expect(response.status, response.text).toBe(200)
    // 300 rows for each; the scarce variant's 200 units go to its first 200 rows (file rows 3 to 401), and run
    // out in the middle of the second transaction.
    expect(response.body).toMatchObject({ rows: 600, imported: 500 })
    const refused = response.body.errors as OrderImportResult['errors']
    expect(refused.map((error) => error.row)).toEqual(Array.from({ length: 100 }, (_, i) => 403 + 2 * i))
    for (const error of refused) {
      expect(error.messageKey).toBe('orders.import.rowInsufficientStock')
      expect(error.params).toMatchObject({ available: 0, requested: 1 })
    }
    expect(await stockOf(plenty.variant.id)).toBe(100)
    expect(await stockOf(scarce.variant.id)).toBe(0)
    // The version moves once per order, as with orders placed one by one: a form opened before them is stale.
    expect((await variantRow(t.db, scarce.variant.id))?.version).toBe(versionBefore! + 200)

    // Placed a few hundred to a transaction (the transaction that wrote a row is its xmin), not one by one.
    const written = await t.db.execute<{ transactions: number }>(
      sql`select count(distinct xmin::text)::int as transactions from orders where variant_id in (${plenty.variant.id}, ${scarce.variant.id})`,
    )
    const [{ transactions }] = (written as unknown as { rows: { transactions: number }[] }).rows as [
      { transactions: number },
    ]
    expect(transactions).toBeLessThanOrEqual(3)

    // Each order with its own audit entry naming its row, and its own moment, in the file's order.
    const made = [...(await ordersOf(plenty.variant.id)), ...(await ordersOf(scarce.variant.id))]
    expect(made).toHaveLength(500)
    const number = (order: { customerName: string }) => Number(order.customerName.split(' ')[1])
    const inFileOrder = [...made].sort((x, y) => number(x) - number(y))
    for (let at = 1; at < inFileOrder.length; at++) {
      expect(inFileOrder[at]!.createdAt.getTime()).toBeGreaterThanOrEqual(
        inFileOrder[at - 1]!.createdAt.getTime(),
      )
    }
    const entries = await t.db
      .select({ targetId: auditLogs.targetId, details: auditLogs.details, newValues: auditLogs.newValues })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetTable, 'orders'), eq(auditLogs.action, 'create')))
    const entryOf = new Map(entries.map((entry) => [entry.targetId, entry]))
    for (const order of made) {
      const entry = entryOf.get(order.id)
      expect(entry?.details).toEqual({ source: 'import', file: 'long.csv', row: number(order) + 2 })
      expect(entry?.newValues).toMatchObject({
        customer_name: order.customerName,
        total_amount: order.totalAmount,
      })
    }
  })

  it('two imports at once against a variant with stock 10 end with exactly 10 orders and stock 0', async () => {
    const { product, variant } = await productInStock(b, 10)
    const line = (i: number) =>
      `Buyer ${i},buyer${i}@example.rw,${b.shopName},${product.name},${variant.sku},1`
    const file = csv(header, ...Array.from({ length: 10 }, (_, i) => line(i)))
    // Two files that differ by a blank line: the same file twice would be asked about (order-delivery.test.ts).
    const [first, second] = await Promise.all([importFile(file), importFile(`${file}\r\n`)])
    expect(first.body.imported + second.body.imported).toBe(10)
    expect(first.body.errors.length + second.body.errors.length).toBe(10)
    for (const error of [...first.body.errors, ...second.body.errors]) {
      expect(error.messageKey).toBe('orders.import.rowInsufficientStock')
    }
    expect(await ordersOf(variant.id)).toHaveLength(10)
    expect(await stockOf(variant.id)).toBe(0)
  })
})

describe('who may use /api/admin/orders', () => {
  const reads = [
    '/api/admin/orders',
    '/api/admin/orders/export',
    '/api/admin/orders/shops',
    '/api/admin/orders/import/template',
    '/api/admin/orders/00000000-0000-4000-8000-000000000000',
  ]
  it('refuses visitors (401) and vendors (403) on every read', async () => {
    for (const path of reads) {
      expect((await t.get(path)).status, path).toBe(401)
      expect((await t.get(path, { cookie: a.cookie })).status, path).toBe(403)
    }
  })

  it('vendor B cannot change, delete or import orders (403, nothing changed); the admin still can', async () => {
    const { ids, product, variant } = await productInStock(a, 10)
    const order = await placeOrder(t, adminCookie, ids)
    const file = csv(header, `X,x@example.rw,${a.shopName},${product.name},${variant.sku},1`)
    expect(
      (await t.patch(`/api/admin/orders/${order.id}/status`, { status: 'refunded' }, { cookie: b.cookie }))
        .status,
    ).toBe(403)
    expect((await t.delete(`/api/admin/orders/${order.id}`, { cookie: b.cookie })).status).toBe(403)
    expect((await importFile(file, { cookie: b.cookie })).status).toBe(403)
    expect((await importFile(file, { cookie: '' })).status).toBe(401)
    expect((await ordersOf(variant.id)).map((row) => row.status)).toEqual(['pending'])
    expect(await stockOf(variant.id)).toBe(9)

    expect((await importFile(file)).body.imported).toBe(1)
    expect(
      (await t.patch(`/api/admin/orders/${order.id}/status`, { status: 'refunded' }, { cookie: adminCookie }))
        .status,
    ).toBe(200)
  })
})
