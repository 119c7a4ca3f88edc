import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../src/server/db/schema'
import { crc32 } from '../../src/server/lib/zip'
import { exportProducts } from '../../src/server/products/product-export'
import type { ProductDto } from '../../src/shared/schemas/product'
import { slugify } from '../../src/shared/sku'
import {
  adminOf,
  createProduct,
  productName,
  registeredVendor,
  simpleProduct,
  uploadFile,
  variantProduct,
  type RegisteredVendor,
} from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { parseCsv } from '../fixtures/read-files'
import { shopifyProductColumns, shopifyProductHeader } from '../fixtures/shopify'
import { createTestApp, TEST_PUBLIC_URL } from '../fixtures/test-app'

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

type Row = Record<string, string>

const exportCsv = async (query: string, cookie?: string) =>
  t.get(`/api/admin/products/export${query}`, { cookie: cookie ?? (await admin()).cookie })

/** The CSV's records as objects keyed by the header. */
function rowsOf(text: string): Row[] {
  const [header, ...records] = parseCsv(text.replace(/^\uFEFF/, ''))
  expect(header).toEqual(shopifyProductColumns)
  return records.map((record) =>
    Object.fromEntries(shopifyProductColumns.map((column, i) => [column, record[i] ?? ''])),
  )
}

const rowsFor = (rows: Row[], handle: string) => rows.filter((row) => row['URL handle'] === handle)

const byIds = (...items: { id: string }[]) => `?ids=${items.map((item) => item.id).join(',')}`

async function productWithImages(vendor: RegisteredVendor, count: number, name = productName('Agaseke')) {
  const uploads = []
  for (let i = 0; i < count; i += 1) uploads.push(await uploadFile(t, vendor.cookie))
  const product = await createProduct(
    t,
    vendor.cookie,
    simpleProduct({ name, images: uploads.map((upload) => upload.id) }),
  )
  return { product, uploads }
}

describe('GET /api/admin/products/export', () => {
  it('answers a dated CSV attachment with a BOM and exactly the Shopify header row', async () => {
    const product = await createProduct(t, shop.cookie)
    const response = await exportCsv(byIds(product))
    expect(response.status, response.text).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Kigali' }).format(new Date())
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="products-${today}.csv"`)
    const raw = await t.app.request(`/api/admin/products/export${byIds(product)}`, {
      headers: { cookie: (await admin()).cookie },
    })
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x54])
    expect(response.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(shopifyProductHeader)
  })

  it('writes one row per variant sharing the handle, product fields on the first row only', async () => {
    const body = variantProduct(['red', 'blue'], ['s', 'm'], { price: 8_000, stock: 7 })
    const product = await createProduct(t, shop.cookie, body)
    const rows = rowsOf((await exportCsv(byIds(product))).text)
    const handle = slugify(product.name)
    expect(rows).toHaveLength(4)
    expect(rowsFor(rows, handle)).toHaveLength(4)
    const [first, ...rest] = rows
    expect(first).toMatchObject({
      Title: product.name,
      Vendor: shop.shopName,
      'Product category': 'Clothes',
      'Published on online store': 'TRUE',
      Status: 'active',
      'Gift card': 'FALSE',
    })
    for (const row of rest) {
      expect([row.Title, row.Vendor, row['Published on online store'], row.Status]).toEqual(['', '', '', ''])
    }
    const expected = product.variants.map((variant) => ({
      sku: `${handle}-${variant.id.slice(0, 8)}`,
      color: variant.attributes.color,
      size: variant.attributes.size,
      price: String(variant.price),
    }))
    expect(
      rows.map((row) => ({
        sku: row.SKU,
        color: row['Option1 value'],
        size: row['Option2 value'],
        price: row.Price,
      })),
    ).toEqual(expect.arrayContaining(expected))
    for (const row of rows) {
      expect(row).toMatchObject({
        'Option1 name': 'Color',
        'Option2 name': 'Size',
        'Inventory tracker': 'shopify',
        'Inventory quantity': '7',
        'Continue selling when out of stock': 'deny',
        'Requires shipping': 'TRUE',
        'Fulfillment service': 'manual',
      })
    }
  })

  it("gives a product without options 'Title' / 'Default Title', and a refused product the status draft", async () => {
    const product = await createProduct(t, shop.cookie, simpleProduct({ price: 15_000 }))
    await t.db.update(products).set({ status: 'rejected' }).where(eq(products.id, product.id))
    const [row, ...more] = rowsOf((await exportCsv(byIds(product))).text)
    expect(more).toEqual([])
    expect(row).toMatchObject({
      'Option1 name': 'Title',
      'Option1 value': 'Default Title',
      'Option2 name': '',
      Status: 'draft',
      Price: '15000',
      SKU: `${slugify(product.name)}-${product.variants[0]!.id.slice(0, 8)}`,
    })
  })

  it('puts the first image on the first row and each further one on its own row, as absolute URLs', async () => {
    const { product, uploads } = await productWithImages(shop, 3)
    // Entries an importer could not fetch are left out; an absolute link is kept.
    await t.db
      .update(products)
      .set({
        images: [
          uploads[0]!.url,
          '',
          'javascript:alert(1)',
          uploads[1]!.url,
          'https://cdn.example.rw/a.jpg',
          uploads[2]!.url,
        ],
      })
      .where(eq(products.id, product.id))
    const rows = rowsOf((await exportCsv(byIds(product))).text)
    const handle = slugify(product.name)
    expect(rows[0]).toMatchObject({
      'Product image URL': `${TEST_PUBLIC_URL}${uploads[0]!.url}`,
      'Image position': '1',
    })
    const imageRows = rows.slice(1)
    expect(imageRows.map((row) => [row['Product image URL'], row['Image position']])).toEqual([
      [`${TEST_PUBLIC_URL}${uploads[1]!.url}`, '2'],
      ['https://cdn.example.rw/a.jpg', '3'],
      [`${TEST_PUBLIC_URL}${uploads[2]!.url}`, '4'],
    ])
    for (const row of imageRows) {
      const filled = Object.entries(row)
        .filter(([, value]) => value !== '')
        .map(([column]) => column)
      expect(filled.sort()).toEqual(['Image position', 'Product image URL', 'URL handle'])
      expect(row['URL handle']).toBe(handle)
    }
  })

  it('neutralises cells that a spreadsheet would run as a formula, and quotes commas', async () => {
    const product = await createProduct(t, shop.cookie)
    await t.db
      .update(products)
      .set({ name: '=HYPERLINK("http://evil.example","x")', description: '+cmd|calc, then more' })
      .where(eq(products.id, product.id))
    const response = await exportCsv(byIds(product))
    expect(response.text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
    const [row] = rowsOf(response.text)
    expect(row!.Title).toBe(`'=HYPERLINK("http://evil.example","x")`)
    expect(row!.Description).toBe(`'+cmd|calc, then more`)
  })

  it('keeps handles unique within one export (-2, -3 on a clash)', async () => {
    const name = productName('Same name')
    const a = await createProduct(t, shop.cookie, simpleProduct({ name }))
    const b = await createProduct(t, other.cookie, simpleProduct({ name }))
    // Another name with the same slug (a shop cannot hold two such names, so it is renamed directly).
    const c = await createProduct(t, other.cookie)
    await t.db
      .update(products)
      .set({ name: `${name}!` })
      .where(eq(products.id, c.id))
    const rows = rowsOf((await exportCsv(byIds(a, b, c))).text)
    expect(rows.map((row) => row['URL handle']).sort()).toEqual(
      [slugify(name), `${slugify(name)}-2`, `${slugify(name)}-3`].sort(),
    )
  })

  it('exports only the selected products, or with no ids every product the filters match', async () => {
    const marker = `Ikawa ${Date.now()}`
    const a = await createProduct(t, shop.cookie, simpleProduct({ name: productName(`${marker} A`) }))
    const b = await createProduct(t, other.cookie, simpleProduct({ name: productName(`${marker} B`) }))
    const c = await createProduct(t, other.cookie, simpleProduct({ name: productName(`${marker} C`) }))
    await t.db.update(products).set({ status: 'rejected' }).where(eq(products.id, c.id))
    const titles = (rows: Row[]) => rows.map((row) => row.Title).filter(Boolean)

    expect(titles(rowsOf((await exportCsv(byIds(a, c))).text)).sort()).toEqual([a.name, c.name].sort())
    const all = titles(rowsOf((await exportCsv(`?q=${encodeURIComponent(marker)}`)).text))
    // Newest first, as the list shows them.
    expect(all).toEqual([c.name, b.name, a.name])
    const approved = titles(
      rowsOf((await exportCsv(`?q=${encodeURIComponent(marker)}&status=approved`)).text),
    )
    expect(approved).toEqual([b.name, a.name])
    const future = rowsOf((await exportCsv(`?q=${encodeURIComponent(marker)}&from=2999-01-01`)).text)
    expect(future).toEqual([])
  })

  it('streams an export larger than one batch completely', async () => {
    const marker = `Batch ${Date.now()}`
    const made: ProductDto[] = []
    for (let i = 0; i < 3; i += 1) {
      made.push(await createProduct(t, shop.cookie, simpleProduct({ name: productName(`${marker} ${i}`) })))
    }
    const exported = exportProducts(
      t.db,
      { role: 'admin', userId: (await admin()).user.id },
      { q: marker, status: 'all' },
      { timeZone: 'Africa/Kigali', publicUrl: TEST_PUBLIC_URL, batchSize: 2 },
    )
    const batches = []
    for await (const batch of exported.batches) batches.push(batch)
    expect(batches.map((batch) => batch.length)).toEqual([2, 1])
  })

  it('refuses a vendor (403) and a signed-out visitor (401); an admin still can', async () => {
    const product = await createProduct(t, shop.cookie)
    expectError(await exportCsv(byIds(product), shop.cookie), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expectError(await t.get(`/api/admin/products/export${byIds(product)}`), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
    expect((await exportCsv(byIds(product))).status).toBe(200)
  })

  it('refuses malformed ids, an empty list and more than 500 ids (422)', async () => {
    const tooMany = Array.from({ length: 501 }, () => crypto.randomUUID()).join(',')
    for (const query of ['?ids=not-a-uuid', '?ids=,', `?ids=${tooMany}`, '?status=sold']) {
      const response = await exportCsv(query)
      expect(response.status, `${query}: ${response.text}`).toBe(422)
      expect(response.body.error.code).toBe('VALIDATION')
    }
  })
})

describe('GET /api/admin/products/images', () => {
  const imagesZip = async (query: string, cookie?: string) =>
    t.app.request(`/api/admin/products/images${query}`, {
      headers: { cookie: cookie ?? (await admin()).cookie },
    })

  /** Name → bytes of a ZIP, read through its central directory (stored entries). */
  function entriesOf(zip: Buffer) {
    const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
    const count = zip.readUInt16LE(end + 10)
    let at = zip.readUInt32LE(end + 16)
    const entries = new Map<string, Buffer>()
    for (let i = 0; i < count; i += 1) {
      expect(zip.readUInt16LE(at + 10)).toBe(0)
      const crc = zip.readUInt32LE(at + 16)
      const size = zip.readUInt32LE(at + 20)
      const nameLength = zip.readUInt16LE(at + 28)
      const offset = zip.readUInt32LE(at + 42)
      const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8')
      const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28)
      const bytes = Buffer.from(zip.subarray(start, start + size))
      expect(crc32(bytes)).toBe(crc)
      entries.set(name, bytes)
      at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
    }
    return entries
  }

  const storedBytes = async (url: string) => Buffer.from(await (await t.app.request(url)).arrayBuffer())

  it("streams one ZIP of the selected products' stored images, named after each product", async () => {
    const first = await productWithImages(shop, 2, productName('Agaseke, Big!'))
    const second = await productWithImages(other, 1, productName('Igitenge'))
    const none = await createProduct(t, shop.cookie)
    const unselected = await productWithImages(shop, 1)
    // Blank and non-string entries (old data) are skipped.
    await t.db
      .update(products)
      .set({ images: ['', first.uploads[0]!.url, 42, first.uploads[1]!.url] as unknown as string[] })
      .where(eq(products.id, first.product.id))

    const response = await imagesZip(byIds(first.product, second.product, none))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="product-images-\d{4}-\d{2}-\d{2}\.zip"$/,
    )
    expect(response.headers.get('x-image-count')).toBe('3')
    expect(response.headers.get('x-product-count')).toBe('2')
    const entries = entriesOf(Buffer.from(await response.arrayBuffer()))
    const base = (product: ProductDto) => `${slugify(product.name)}-${product.id.slice(0, 8)}`
    expect(base(first.product)).toMatch(/^agaseke-big-\d+-[0-9a-f]{8}$/)
    expect([...entries.keys()].sort()).toEqual(
      [
        `${base(first.product)}-1.webp`,
        `${base(first.product)}-2.webp`,
        `${base(second.product)}-1.webp`,
      ].sort(),
    )
    expect(
      entries.get(`${base(first.product)}-1.webp`)!.equals(await storedBytes(first.uploads[0]!.url)),
    ).toBe(true)
    expect(
      entries.get(`${base(first.product)}-2.webp`)!.equals(await storedBytes(first.uploads[1]!.url)),
    ).toBe(true)
    expect(
      entries.get(`${base(second.product)}-1.webp`)!.equals(await storedBytes(second.uploads[0]!.url)),
    ).toBe(true)
    expect([...entries.keys()].some((name) => name.includes(unselected.product.id.slice(0, 8)))).toBe(false)
  })

  it('answers 404 products.noImages when no selected product has an image', async () => {
    const plain = await createProduct(t, shop.cookie)
    const external = await createProduct(t, shop.cookie)
    await t.db
      .update(products)
      .set({ images: ['https://cdn.example.rw/a.jpg'] })
      .where(eq(products.id, external.id))
    expectError(
      await t.get(`/api/admin/products/images${byIds(plain, external)}`, { cookie: (await admin()).cookie }),
      { status: 404, code: 'NOT_FOUND', messageKey: 'products.noImages' },
    )
  })

  it('refuses a vendor (403) and a signed-out visitor (401); an admin still can', async () => {
    const { product } = await productWithImages(shop, 1)
    expectError(await t.get(`/api/admin/products/images${byIds(product)}`, { cookie: shop.cookie }), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expectError(await t.get(`/api/admin/products/images${byIds(product)}`), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
    expect((await imagesZip(byIds(product))).status).toBe(200)
  })

  it('refuses missing or malformed ids and more than 100 ids (422)', async () => {
    const tooMany = Array.from({ length: 101 }, () => crypto.randomUUID()).join(',')
    for (const query of ['', '?ids=', '?ids=abc', `?ids=${tooMany}`]) {
      const response = await t.get(`/api/admin/products/images${query}`, { cookie: (await admin()).cookie })
      expect(response.status, `${query}: ${response.text}`).toBe(422)
      expect(response.body.error.code).toBe('VALIDATION')
    }
  })
})
