import { readFileSync } from 'node:fs'
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Download,
  type Locator,
  type Page,
} from '@playwright/test'
import type { Color } from '../../src/shared/constants'
import { slugify } from '../../src/shared/sku'
import { parseCsv, pictureExtension, readZip } from '../fixtures/read-files'
import { shopifyProductColumns } from '../fixtures/shopify'
import {
  adminApi,
  approveVendor,
  button,
  chooseLanguageBeforehand,
  createVendorWithShop,
  exactly,
  expect,
  field,
  listed,
  openAdminArea,
  openFromMenu,
  pngFile,
  screenshot,
  serverOrigin,
  statusSaying,
  t,
  test,
  testLanguages,
  type Language,
} from './support'

type Product = {
  id: string
  name: string
  description: string
  images: { url: string }[]
  variants: { id: string; attributes: { color?: string | null; size?: string | null } }[]
}

type Shop = { shopName: string; api: APIRequestContext }

type CsvRow = Record<string, string>

/** An alert saying this: a failure or a refusal flashed over the list. */
const alertSaying = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text })

const rowButton = (row: Locator, lang: Language, key: 'admin.products.approve' | 'admin.products.view') =>
  row.getByRole('button', { name: exactly(t(lang, key)) })

const selectBox = (page: Page, lang: Language, product: Product) =>
  page.getByRole('checkbox', { name: exactly(t(lang, 'admin.products.selectOne', { name: product.name })) })

/** Today on Kigali's calendar, as the server dates its export files. */
const kigaliDay = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Kigali' }).format(new Date())

/** A product picture the vendor uploads, a solid square of its own colour. */
async function uploadPicture(
  api: APIRequestContext,
  name: string,
  color: { r: number; g: number; b: number },
) {
  const response = await api.post('/api/uploads', {
    headers: { Origin: serverOrigin() },
    multipart: { purpose: 'product_image', file: await pngFile(name, 96, color) },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { id: string }).id
}

async function createProduct(api: APIRequestContext, body: Record<string, unknown>): Promise<Product> {
  const response = await api.post('/api/vendor/products', { data: body })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as Product
}

/** An approved shop in a request context of its own, signed in as its vendor. */
async function approvedShop(admin: APIRequestContext, shopName: string): Promise<Shop> {
  const api = await playwrightRequest.newContext({ baseURL: serverOrigin() })
  const vendor = await createVendorWithShop(api, { shopName })
  await approveVendor(admin, vendor.vendorId)
  return { shopName, api }
}

/** Clicks a tool and waits for the file it hands to the browser. */
async function downloadFrom(page: Page, tool: Locator): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), tool.click()])
  expect(await download.failure()).toBeNull()
  return { download, bytes: readFileSync(await download.path()) }
}

/** The CSV's records keyed by the header, after checking that the header is Shopify's, exactly. */
function csvRows(bytes: Buffer): CsvRow[] {
  // UTF-8 with a byte-order mark, so that a spreadsheet reads Kinyarwanda names correctly.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const [header, ...records] = parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, ''))
  expect(header).toEqual(shopifyProductColumns)
  for (const record of records) expect(record).toHaveLength(shopifyProductColumns.length)
  return records.map((record) =>
    Object.fromEntries(shopifyProductColumns.map((column, i) => [column, record[i]!])),
  )
}

const filledColumns = (row: CsvRow) =>
  Object.entries(row)
    .filter(([, value]) => value !== '')
    .map(([column]) => column)
    .sort()

/**
 * A product's records in a Shopify export: a row per variant sharing the handle with the product's own fields
 * on the first only, the first image on that row, then a row per further image holding nothing but the handle,
 * the image's address and its position.
 */
function expectShopifyRecords(rows: CsvRow[], product: Product, shopName: string, category: string) {
  const handle = slugify(product.name)
  const indexes = rows.flatMap((row, index) => (row['URL handle'] === handle ? [index] : []))
  const own = indexes.map((index) => rows[index]!)
  const variantCount = product.variants.length
  const imageUrls = product.images.map((image) => `${serverOrigin()}${image.url}`)
  expect(own, `the rows of ${product.name}`).toHaveLength(variantCount + Math.max(imageUrls.length - 1, 0))
  // Together, as an importer reads a product: its rows follow one another.
  expect(indexes.at(-1)! - indexes[0]!).toBe(own.length - 1)

  const [first, ...others] = own
  expect(first).toMatchObject({
    Title: product.name,
    Description: product.description,
    Vendor: shopName,
    'Product category': category,
    'Published on online store': 'TRUE',
    Status: 'active',
    'Gift card': 'FALSE',
  })
  if (imageUrls[0]) expect(first).toMatchObject({ 'Product image URL': imageUrls[0], 'Image position': '1' })
  for (const row of others) {
    expect([row.Title, row.Description, row.Vendor, row['Product category'], row.Status]).toEqual([
      '',
      '',
      '',
      '',
      '',
    ])
  }

  const variantRows = own.slice(0, variantCount)
  const hasOptions = product.variants.some((variant) => variant.attributes.color || variant.attributes.size)
  expect(
    variantRows.map((row) => [
      row.SKU,
      row['Option1 name'],
      row['Option1 value'],
      row['Option2 name'],
      row['Option2 value'],
    ]),
  ).toEqual(
    expect.arrayContaining(
      product.variants.map((variant) => [
        `${handle}-${variant.id.slice(0, 8)}`,
        hasOptions ? 'Color' : 'Title',
        hasOptions ? variant.attributes.color : 'Default Title',
        hasOptions ? 'Size' : '',
        hasOptions ? variant.attributes.size : '',
      ]),
    ),
  )
  for (const row of variantRows) {
    expect(row).toMatchObject({
      'Inventory tracker': 'shopify',
      'Continue selling when out of stock': 'deny',
      'Requires shipping': 'TRUE',
      'Fulfillment service': 'manual',
    })
  }

  const imageRows = own.slice(variantCount)
  expect(imageRows.map((row) => [row['Product image URL'], row['Image position']])).toEqual(
    imageUrls.slice(1).map((url, index) => [url, String(index + 2)]),
  )
  for (const row of imageRows)
    expect(filledColumns(row)).toEqual(['Image position', 'Product image URL', 'URL handle'])
}

for (const lang of testLanguages) {
  test(`an admin moderates products, exports them for Shopify and downloads their images (${lang})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(300_000)
    // Every name carries this run's mark: a search for it lists exactly this test's products.
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
    const rejectReason = 'The photos show a different colour from the one described.'
    const admin = await adminApi()

    const weavers = await approvedShop(admin, `Kigali Weavers ${run}`)
    const crafts = await approvedShop(admin, `Huye Crafts ${run}`)
    const shopOf = new Map<string, string>()
    const add = async (shop: Shop, body: Record<string, unknown>) => {
      const product = await createProduct(shop.api, body)
      shopOf.set(product.id, shop.shopName)
      return product
    }
    const colors: Color[] = ['red', 'blue']
    const sizes = ['s', 'm']
    const shirt = await add(weavers, {
      name: `Kitenge shirt ${run}`,
      description: 'Hand-printed cotton kitenge, sewn in Kigali.',
      category: 'Clothes',
      price: 18_000,
      hasVariants: true,
      colors,
      sizes,
      images: [
        await uploadPicture(weavers.api, 'shirt-front.png', { r: 220, g: 38, b: 38 }),
        await uploadPicture(weavers.api, 'shirt-back.png', { r: 29, g: 78, b: 216 }),
        await uploadPicture(weavers.api, 'shirt-detail.png', { r: 234, g: 179, b: 8 }),
      ],
      variants: colors.flatMap((color, c) =>
        sizes.map((size, s) => ({ color, size, price: 18_000 + (c * 2 + s) * 500, stock: 6 })),
      ),
    })
    const basket = await add(weavers, {
      name: `Agaseke basket ${run}`,
      description: 'Woven sisal basket with a lid, made in Gitarama.',
      category: 'Home Decor',
      price: 12_000,
      hasVariants: false,
      colors: [],
      sizes: [],
      images: [
        await uploadPicture(weavers.api, 'basket.png', { r: 146, g: 64, b: 14 }),
        await uploadPicture(weavers.api, 'basket-lid.png', { r: 120, g: 53, b: 15 }),
      ],
      variants: [{ price: 12_000, stock: 9 }],
    })
    const panel = await add(crafts, {
      name: `Imigongo panel ${run}`,
      description: 'Cow-dung relief art in black and red.',
      category: 'Home Decor',
      price: 35_000,
      hasVariants: false,
      colors: [],
      sizes: [],
      images: [await uploadPicture(crafts.api, 'panel.png', { r: 23, g: 23, b: 23 })],
      variants: [{ price: 35_000, stock: 2 }],
    })
    const coffee = await add(crafts, {
      name: `Ikawa beans ${run}`,
      description: 'Roasted Arabica from Huye, 500 g.',
      category: 'Food',
      price: 7_000,
      hasVariants: false,
      colors: [],
      sizes: [],
      images: [],
      variants: [{ price: 7_000, stock: 40 }],
    })
    const all = [shirt, basket, panel, coffee]

    // A new product is live at once (specification §4): the basket and the panel were turned down earlier.
    for (const product of [basket, panel]) {
      const rejected = await admin.patch(`/api/admin/products/${product.id}/status`, {
        headers: { Origin: serverOrigin() },
        data: { status: 'rejected', reason: 'Please add a photo of the whole product.' },
      })
      expect(rejected.status(), await rejected.text()).toBe(200)
    }
    await admin.dispose()

    await chooseLanguageBeforehand(page, lang)
    await openAdminArea(page)
    await expect(page).toHaveURL(/\/admin\/?$/)
    await expect(
      page.getByRole('heading', { level: 1, name: t(lang, 'admin.dashboard.title') }),
    ).toBeVisible()

    const tools = page.getByRole('group', { name: t(lang, 'admin.products.tools.label') })
    const exportSelected = button(tools, lang, 'admin.products.tools.exportSelected')
    const exportAll = button(tools, lang, 'admin.products.tools.exportAll')
    const downloadImages = button(tools, lang, 'admin.products.tools.downloadImages')
    const bulkBar = page.getByRole('region', { name: t(lang, 'admin.products.bulk.label') })

    await test.step('/admin/products: search for this run, nothing selected yet', async () => {
      await openFromMenu(page, lang, 'nav.products')
      await expect(page).toHaveURL(/\/admin\/products/)
      await expect(
        page.getByRole('heading', { level: 1, name: t(lang, 'admin.products.title') }),
      ).toBeVisible()
      await page.getByRole('searchbox', { name: exactly(t(lang, 'admin.products.search.label')) }).fill(run)
      await expect(
        page.getByText(t(lang, 'admin.products.count', { count: 4 }), { exact: true }),
      ).toBeVisible({
        timeout: 20_000,
      })
      await expect(listed(page, run)).toHaveCount(4)
      const shirtRow = listed(page, shirt.name)
      await expect(shirtRow).toContainText(weavers.shopName)
      await expect(shirtRow).toContainText(t(lang, 'admin.products.shortId', { id: shirt.id.slice(0, 8) }))
      await expect(shirtRow).toContainText(t(lang, 'categories.Clothes'))
      await expect(listed(page, basket.name)).toContainText(t(lang, 'status.rejected'))
      await screenshot(page, testInfo, lang, 'admin-products-list')

      // With nothing selected, Export Selected explains itself and Download Images asks for a selection.
      await expect(exportSelected).toHaveAttribute('aria-disabled', 'true')
      await expect(exportSelected).toHaveAccessibleDescription(
        t(lang, 'admin.products.tools.exportSelectedDisabledHint'),
      )
      await downloadImages.click()
      await expect(alertSaying(page, t(lang, 'admin.products.tools.selectFirst'))).toBeVisible()
    })

    await test.step('approve a rejected product from its row', async () => {
      const row = listed(page, basket.name)
      await rowButton(row, lang, 'admin.products.approve').click()
      await expect(
        statusSaying(
          page,
          t(lang, 'admin.products.decided', { status: t(lang, 'admin.products.decidedStatus.approved') }),
        ),
      ).toBeVisible()
      await expect(row).toContainText(t(lang, 'status.approved'))
      await expect(row).not.toContainText(t(lang, 'status.rejected'))
      // Approved: only Reject is left to offer (specification §4, in the list).
      await expect(rowButton(row, lang, 'admin.products.approve')).toHaveCount(0)
      await screenshot(page, testInfo, lang, 'admin-product-approved-from-row')
    })

    await test.step('open a product with variants and images, reject it from the dialog with a reason', async () => {
      await rowButton(listed(page, shirt.name), lang, 'admin.products.view').click()
      const dialog = page.getByRole('dialog', { name: t(lang, 'admin.products.details.title') })
      await expect(dialog).toContainText(shirt.name)
      await expect(dialog).toContainText(shirt.description)
      await expect(dialog).toContainText(weavers.shopName)
      for (const variant of shirt.variants) {
        const color = variant.attributes.color as Color
        await expect(dialog).toContainText(
          `${t(lang, `colors.${color}`)} / ${variant.attributes.size!.toUpperCase()}`,
        )
        await expect(dialog).toContainText(variant.id.slice(0, 8))
      }
      for (let index = 1; index <= 3; index += 1) {
        await expect(
          dialog.getByRole('img', {
            name: t(lang, 'admin.products.details.images.alt', { name: shirt.name, index, total: 3 }),
          }),
        ).toBeVisible()
      }
      await expect(
        dialog.getByRole('button', { name: exactly(t(lang, 'admin.products.approve')) }),
      ).toHaveCount(0)
      await screenshot(page, testInfo, lang, 'admin-product-details', { fullPage: false })

      await dialog.getByRole('button', { name: exactly(t(lang, 'admin.products.reject')) }).click()
      const confirm = dialog.getByRole('button', {
        name: exactly(t(lang, 'admin.products.rejectDialog.confirm')),
      })
      // A rejection says why: without a reason it is not sent.
      await confirm.click()
      await expect(dialog).toContainText(t(lang, 'errors.reasonRequired'))
      await field(dialog, lang, 'fields.rejectionReason').fill(rejectReason)
      await confirm.click()
      await expect(
        statusSaying(
          dialog,
          t(lang, 'admin.products.decided', { status: t(lang, 'admin.products.decidedStatus.rejected') }),
        ),
      ).toBeVisible()
      await expect(dialog).toContainText(
        t(lang, 'admin.products.details.decision.reason', { reason: rejectReason }),
      )
      // Rejected: the dialog now offers Approve, and no longer Reject.
      await expect(
        dialog.getByRole('button', { name: exactly(t(lang, 'admin.products.approve')) }),
      ).toBeVisible()
      await expect(
        dialog.getByRole('button', { name: exactly(t(lang, 'admin.products.reject')) }),
      ).toHaveCount(0)
      await screenshot(page, testInfo, lang, 'admin-product-rejected-in-dialog', { fullPage: false })

      await dialog.getByRole('button', { name: exactly(t(lang, 'actions.close')) }).click()
      await expect(dialog).toBeHidden()
      const row = listed(page, shirt.name)
      await expect(row).toContainText(t(lang, 'status.rejected'))
      await expect(row).toContainText(t(lang, 'admin.products.reasonLine', { reason: rejectReason }))
    })

    await test.step('select the two rejected products and approve them in one action', async () => {
      for (const product of [shirt, panel]) await selectBox(page, lang, product).check()
      await expect(bulkBar).toContainText(t(lang, 'admin.products.bulk.selected', { count: 2 }))
      await button(bulkBar, lang, 'admin.products.bulk.approve').click()
      const confirm = page.getByRole('dialog', {
        name: t(lang, 'admin.products.bulk.approveTitle', { count: 2 }),
      })
      await expect(confirm).toContainText(t(lang, 'admin.products.bulk.approveBody', { count: 2 }))
      await screenshot(page, testInfo, lang, 'admin-products-bulk-approve', { fullPage: false })
      await button(confirm, lang, 'admin.products.bulk.approve').click()
      await expect(statusSaying(page, t(lang, 'admin.products.bulk.updated', { count: 2 }))).toBeVisible()
      await expect(confirm).toBeHidden()
      // Done with them: the selection is cleared with its bar.
      await expect(bulkBar).toBeHidden()
      for (const product of [shirt, panel]) {
        const row = listed(page, product.name)
        await expect(row).toContainText(t(lang, 'status.approved'))
        await expect(row).not.toContainText(t(lang, 'status.rejected'))
        await expect(selectBox(page, lang, product)).not.toBeChecked()
      }
      await screenshot(page, testInfo, lang, 'admin-products-bulk-approved')
    })

    await test.step('Export Selected: a Shopify CSV of the two selected products', async () => {
      for (const product of [shirt, basket]) await selectBox(page, lang, product).check()
      await expect(bulkBar).toContainText(t(lang, 'admin.products.bulk.selected', { count: 2 }))
      await expect(exportSelected).not.toHaveAttribute('aria-disabled', 'true')
      await screenshot(page, testInfo, lang, 'admin-products-export-selection')
      const dayBefore = kigaliDay()
      const { download, bytes } = await downloadFrom(page, exportSelected)
      expect([`products-${dayBefore}.csv`, `products-${kigaliDay()}.csv`]).toContain(
        download.suggestedFilename(),
      )

      const rows = csvRows(bytes)
      expect(new Set(rows.map((row) => row['URL handle']))).toEqual(
        new Set([slugify(shirt.name), slugify(basket.name)]),
      )
      // The shirt: 4 variant rows and 2 rows for its further images; the basket: 1 variant row and 1 image row.
      expect(rows).toHaveLength(4 + 2 + 1 + 1)
      expectShopifyRecords(rows, shirt, weavers.shopName, 'Clothes')
      expectShopifyRecords(rows, basket, weavers.shopName, 'Home Decor')

      await button(bulkBar, lang, 'admin.products.bulk.clear').click()
      await expect(bulkBar).toBeHidden()
    })

    await test.step('Export All: every product the search shows, in a dated file', async () => {
      const dayBefore = kigaliDay()
      const { download, bytes } = await downloadFrom(page, exportAll)
      expect([`products-${dayBefore}.csv`, `products-${kigaliDay()}.csv`]).toContain(
        download.suggestedFilename(),
      )
      expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/)
      const rows = csvRows(bytes)
      expect(
        rows
          .map((row) => row.Title)
          .filter(Boolean)
          .sort(),
      ).toEqual(all.map((product) => product.name).sort())
      for (const product of all) {
        const category = product === shirt ? 'Clothes' : product === coffee ? 'Food' : 'Home Decor'
        expectShopifyRecords(rows, product, shopOf.get(product.id)!, category)
      }
    })

    await test.step('Download Images: a product without pictures, then every product listed, as one ZIP', async () => {
      await selectBox(page, lang, coffee).check()
      await downloadImages.click()
      await expect(alertSaying(page, t(lang, 'admin.products.tools.noImages'))).toBeVisible()

      await page.getByRole('checkbox', { name: exactly(t(lang, 'admin.products.selectAll')) }).check()
      await expect(bulkBar).toContainText(t(lang, 'admin.products.bulk.selected', { count: 4 }))
      const dayBefore = kigaliDay()
      const { download, bytes } = await downloadFrom(page, downloadImages)
      expect([`product-images-${dayBefore}.zip`, `product-images-${kigaliDay()}.zip`]).toContain(
        download.suggestedFilename(),
      )
      await expect(
        statusSaying(page, t(lang, 'admin.products.tools.imagesStarted', { count: 6, products: 3 })),
      ).toBeVisible()
      await screenshot(page, testInfo, lang, 'admin-products-images-downloaded')

      const entries = readZip(bytes)
      // One entry per picture: the shirt's 3, the basket's 2, the panel's 1; the coffee has none.
      expect(entries).toHaveLength(6)
      for (const product of [shirt, basket, panel]) {
        const base = `${slugify(product.name)}-${product.id.slice(0, 8)}`
        const own = entries.filter((entry) => entry.name.startsWith(`${base}-`))
        expect(own.map((entry) => entry.name.slice(base.length + 1).replace(/\.\w+$/, '')).sort()).toEqual(
          product.images.map((_, index) => String(index + 1)),
        )
        for (const entry of own) {
          expect(entry.name).toMatch(/^[a-z0-9-]+\.(webp|jpg|png|gif)$/)
          // Stored as they are, each a picture whose kind its name's extension tells.
          expect(entry.method).toBe(0)
          expect(entry.data.length).toBe(entry.size)
          expect(pictureExtension(entry.data)).toBe(/\.\w+$/.exec(entry.name)![0])
        }
      }
    })

    await weavers.api.dispose()
    await crafts.api.dispose()
  })
}
