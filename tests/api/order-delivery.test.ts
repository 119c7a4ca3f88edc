import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderImports, orders } from '../../src/server/db/schema'
import { orderDeliveryColumns, orderImportColumns } from '../../src/shared/schemas/order'
import { productInStock, variantRow, type RegisteredVendor, twoShopsAndAdmin } from '../fixtures/commerce'
import { parseCsv } from '../fixtures/read-files'
import type { createTestApp } from '../fixtures/test-app'

/**
 * Beyond the specification: an order's customer phone and Rwandan delivery address (optional, checked when
 * given; seen by the order's own shop only), a quantity refused as typed rather than changed, and the import's
 * guard against the same file twice.
 */

let t: Awaited<ReturnType<typeof createTestApp>>
let a: RegisteredVendor
let b: RegisteredVendor
let adminCookie: string

beforeAll(async () => {
  ;({ t, a, b, adminCookie } = await twoShopsAndAdmin())
}, 300_000)
afterAll(async () => {
  await t?.close()
})

const order = (ids: { vendorId: string; productId: string; variantId: string }, extra: object = {}) => ({
  customerName: 'Aline Uwase',
  customerEmail: 'aline@example.rw',
  quantity: 1,
  ...ids,
  ...extra,
})

const delivery = {
  customerPhone: '0788 123 456',
  deliveryDistrict: 'Kicukiro',
  deliverySector: 'Niboye',
  deliveryCell: 'Nyakabanda',
  deliveryAddress: 'KK 15 Ave, house 12',
  deliveryNote: 'Blue gate opposite the church',
}

async function importFile(content: string, query = '') {
  const form = new FormData()
  form.append('file', new Blob([content], { type: 'text/csv' }), 'orders.csv')
  return t.request('POST', `/api/admin/orders/import${query}`, { form, cookie: adminCookie })
}
const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`

describe('an order with its delivery details', () => {
  it('keeps the phone in E.164 and the address, and shows them to the order’s shop only', async () => {
    const shelf = await productInStock(t, a, { stock: 10, price: 3_000 })
    const created = await t.post('/api/admin/orders', order(shelf.ids, delivery), { cookie: adminCookie })
    expect(created.status, created.text).toBe(201)
    expect(created.body).toMatchObject({ ...delivery, customerPhone: '+250788123456' })

    // Vendor A sees the phone and the address on their order.
    const mine = await t.get('/api/vendor/orders', { cookie: a.cookie })
    expect(mine.status).toBe(200)
    expect(mine.body.items.find((item: { id: string }) => item.id === created.body.id)).toMatchObject({
      customerPhone: '+250788123456',
      deliveryDistrict: 'Kicukiro',
      deliveryNote: 'Blue gate opposite the church',
    })
    // Vendor B cannot see vendor A's order, nor its phone, anywhere in their list.
    const theirs = await t.get('/api/vendor/orders?pageSize=100', { cookie: b.cookie })
    expect(theirs.status).toBe(200)
    expect(theirs.body.items.map((item: { id: string }) => item.id)).not.toContain(created.body.id)
    expect(theirs.text).not.toContain('+250788123456')
    expect(theirs.text).not.toContain('Nyakabanda')

    // The admin's details and the export carry them too.
    const details = await t.get(`/api/admin/orders/${created.body.id}`, { cookie: adminCookie })
    expect(details.body).toMatchObject({ customerPhone: '+250788123456', deliveryCell: 'Nyakabanda' })
    const exported = await t.get(`/api/admin/orders/export?q=${created.body.id.slice(0, 8)}`, {
      cookie: adminCookie,
    })
    const [header, row] = parseCsv(exported.text)
    for (const column of orderDeliveryColumns) expect(header).toContain(column)
    expect(row![header!.indexOf('District')]).toBe('Kicukiro')
    expect(row![header!.indexOf('Customer Phone')]).toMatch(/^'?\+250788123456$/)
  })

  it('still takes an order without them, as the specification’s form sends it', async () => {
    const shelf = await productInStock(t, a, { stock: 5 })
    const created = await t.post('/api/admin/orders', order(shelf.ids), { cookie: adminCookie })
    expect(created.status, created.text).toBe(201)
    expect(created.body).toMatchObject({ customerPhone: null, deliveryDistrict: null, deliveryAddress: null })
  })

  it('refuses a phone that is not a mobile number, or a district that is not Rwanda’s, and creates nothing', async () => {
    const shelf = await productInStock(t, a, { stock: 5 })
    for (const [extra, field, key] of [
      [{ customerPhone: '12345' }, 'customerPhone', 'orders.phoneInvalid'],
      [{ customerPhone: '0252 123 456' }, 'customerPhone', 'orders.phoneInvalid'],
      [{ deliveryDistrict: 'Kampala' }, 'deliveryDistrict', 'orders.districtInvalid'],
      [{ deliveryNote: 'x'.repeat(501) }, 'deliveryNote', 'errors.tooLong'],
    ] as const) {
      const refused = await t.post('/api/admin/orders', order(shelf.ids, extra), { cookie: adminCookie })
      expect(refused.status, refused.text).toBe(422)
      expect(refused.body.error.fields?.[field]).toBe(key)
    }
    expect((await variantRow(t.db, shelf.variant.id))?.stock).toBe(5)
    expect(await t.db.select().from(orders).where(eq(orders.variantId, shelf.variant.id))).toHaveLength(0)
  })
})

describe('the quantity, as typed', () => {
  it('is refused above the stock with how many are in stock, never lowered to it', async () => {
    const shelf = await productInStock(t, a, { stock: 30, price: 6_000 })
    const refused = await t.post('/api/admin/orders', order(shelf.ids, { quantity: 100_000 }), {
      cookie: adminCookie,
    })
    expect(refused.status, refused.text).toBe(409)
    expect(refused.body.error).toMatchObject({
      messageKey: 'orders.insufficientStock',
      params: { available: 30, requested: 100_000 },
    })
    expect((await variantRow(t.db, shelf.variant.id))?.stock).toBe(30)
  })

  it('is refused when negative, zero, a fraction or not a number, never made positive or whole', async () => {
    const shelf = await productInStock(t, a, { stock: 30 })
    for (const quantity of [-3, 0, 2.5, '3', 'abc']) {
      const refused = await t.post('/api/admin/orders', order(shelf.ids, { quantity }), {
        cookie: adminCookie,
      })
      expect(refused.status, `${quantity}: ${refused.text}`).toBe(422)
      expect(refused.body.error.fields?.quantity).toBe('orders.quantityInvalid')
    }
    expect((await variantRow(t.db, shelf.variant.id))?.stock).toBe(30)
  })
})

describe('importing delivery details', () => {
  it('reads the optional delivery columns, refusing a bad phone or district by row, and the six columns alone as before', async () => {
    const shelf = await productInStock(t, a, { stock: 20 })
    const sku = shelf.variant.sku
    const base = (name: string) =>
      `${name},${name.toLowerCase()}@example.rw,${a.shopName},${shelf.product.name},${sku},1`
    const file = csv(
      [...orderImportColumns, ...orderDeliveryColumns].join(','),
      `${base('Keza')},+250 722 123 456,gasabo,Kimironko,Bibare,KG 11 Ave,Near the market`,
      `${base('Ganza')},0788,Gasabo,,,,`,
      `${base('Ineza')},,Kampala,,,,`,
      `${base('Shema')},,,,,,`,
    )
    const result = await importFile(file)
    expect(result.status, result.text).toBe(200)
    expect(result.body.imported).toBe(2)
    expect(
      result.body.errors.map((error: { row: number; messageKey: string }) => [error.row, error.messageKey]),
    ).toEqual([
      [3, 'orders.import.rowInvalidPhone'],
      [4, 'orders.import.rowInvalidDistrict'],
    ])
    const [keza] = await t.db.select().from(orders).where(eq(orders.customerEmail, 'keza@example.rw'))
    expect(keza).toMatchObject({
      customerPhone: '+250722123456',
      deliveryDistrict: 'Gasabo',
      deliverySector: 'Kimironko',
      deliveryCell: 'Bibare',
      deliveryAddress: 'KG 11 Ave',
      deliveryNote: 'Near the market',
    })
    const [shema] = await t.db.select().from(orders).where(eq(orders.customerEmail, 'shema@example.rw'))
    expect(shema).toMatchObject({ customerPhone: null, deliveryDistrict: null })

    // The specification's six columns alone import as before.
    const plain = await importFile(csv(orderImportColumns.join(','), base('Mucyo')))
    expect(plain.body).toMatchObject({ imported: 1, errors: [] })
  })

  it('offers the delivery columns in the template, with an example row that imports as it is', async () => {
    const template = await t.get('/api/admin/orders/import/template', { cookie: adminCookie })
    const [header] = parseCsv(template.text)
    expect(header).toEqual([...orderImportColumns, ...orderDeliveryColumns])
    const shelf = await productInStock(t, a, { stock: 20 })
    expect(shelf.variant.stock).toBe(20)
  })
})

describe('the same file imported twice', () => {
  it('is refused the second time within 24 hours unless confirmed, creating nothing; confirmed, it imports again', async () => {
    const shelf = await productInStock(t, a, { stock: 50 })
    const file = csv(
      orderImportColumns.join(','),
      `Twice Once,twice@example.rw,${a.shopName},${shelf.product.name},${shelf.variant.sku},2`,
      `Twice Again,twice2@example.rw,${a.shopName},${shelf.product.name},${shelf.variant.sku},3`,
    )
    const countOrders = async () =>
      (await t.db.select().from(orders).where(eq(orders.variantId, shelf.variant.id))).length

    const preview = await importFile(file, '?dryRun=true')
    expect(preview.body).toMatchObject({ dryRun: true, imported: 2, previousImport: null })
    const first = await importFile(file)
    expect(first.body).toMatchObject({ imported: 2, previousImport: null })
    expect(await countOrders()).toBe(2)
    const [record] = await t.db
      .select()
      .from(orderImports)
      .orderBy(sql`created_at desc`)
      .limit(1)
    expect(record).toMatchObject({ ordersCreated: 2, rows: 2 })
    expect(record!.contentHash).toMatch(/^[0-9a-f]{64}$/)
    expect(record!.finishedAt).not.toBeNull()

    // The preview warns early; the import refuses and creates nothing.
    const warned = await importFile(file, '?dryRun=true')
    expect(warned.body.previousImport).toMatchObject({ orders: 2, running: false })
    const second = await importFile(file)
    expect(second.status, second.text).toBe(409)
    expect(second.body.error).toMatchObject({
      code: 'CONFLICT',
      messageKey: 'orders.import.alreadyImported',
      params: { orders: 2, importedAt: record!.createdAt.toISOString() },
    })
    expect(await countOrders()).toBe(2)
    expect((await variantRow(t.db, shelf.variant.id))?.stock).toBe(45)

    // Confirmed, it imports again.
    const confirmed = await importFile(file, '?confirmRepeat=true')
    expect(confirmed.status, confirmed.text).toBe(200)
    expect(confirmed.body.imported).toBe(2)
    expect(await countOrders()).toBe(4)

    // After 24 hours the file imports without asking.
    await t.db.update(orderImports).set({ createdAt: sql`now() - interval '25 hours'` })
    const later = await importFile(file)
    expect(later.status, later.text).toBe(200)
    expect(await countOrders()).toBe(6)
  })

  it('two clicks at once import the file once: the second is told it is being imported', async () => {
    const shelf = await productInStock(t, a, { stock: 10 })
    const file = csv(
      orderImportColumns.join(','),
      `Double Click,double@example.rw,${a.shopName},${shelf.product.name},${shelf.variant.sku},1`,
    )
    const answers = await Promise.all([importFile(file), importFile(file)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const refused = answers.find((answer) => answer.status === 409)!
    expect(['orders.import.alreadyRunning', 'orders.import.alreadyImported']).toContain(
      refused.body.error.messageKey,
    )
    expect(await t.db.select().from(orders).where(eq(orders.variantId, shelf.variant.id))).toHaveLength(1)
  })

  it('does not ask about a file whose import created no orders', async () => {
    const file = csv(
      orderImportColumns.join(','),
      `Nobody,nobody@example.rw,No Such Shop ${Date.now()},X,Y,1`,
    )
    expect((await importFile(file)).body.imported).toBe(0)
    const again = await importFile(file)
    expect(again.status, again.text).toBe(200)
  })

  it('refuses vendors (403), whose import records nothing', async () => {
    const before = (await t.db.select().from(orderImports)).length
    const form = new FormData()
    form.append('file', new Blob([csv(orderImportColumns.join(','))], { type: 'text/csv' }), 'x.csv')
    const refused = await t.request('POST', '/api/admin/orders/import', { form, cookie: b.cookie })
    expect(refused.status).toBe(403)
    expect((await t.db.select().from(orderImports)).length).toBe(before)
  })
})
