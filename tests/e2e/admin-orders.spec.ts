import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { orderCsvHeader } from '../../src/server/orders/admin-orders.service'
import { formatRwf } from '../../src/shared/money'
import { orderImportColumns } from '../../src/shared/schemas/order'
import { parseCsv } from '../fixtures/read-files'
import {
  adminApi,
  button,
  choose,
  chooseLanguageBeforehand,
  exactly,
  expect,
  field,
  listed,
  openAdminArea,
  openFromMenu,
  screenshot,
  statusSaying,
  t,
  test,
  testLanguages,
  type Language,
  approvedShopWithProduct,
} from './support'

type Variant = { id: string; sku: string; stock: number }
type Product = { id: string; name: string; variants: Variant[] }
type ListedOrder = { id: string; customerName: string; totalAmount: number; status: string }

/** An approved shop with one product of one variant (RWF 4,000, 30 in stock), made through the API. */
const shopWithProduct = (admin: APIRequestContext, tag: string) =>
  approvedShopWithProduct(admin, {
    shopName: `Ubuki ${tag}`,
    product: { name: `Honey jar ${tag}`, description: 'Raw honey from Nyungwe', price: 4_000 },
  })

async function stockOf(vendorApi: APIRequestContext, productId: string) {
  const response = await vendorApi.get(`/api/vendor/products/${productId}`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as Product).variants[0]!.stock
}

async function ordersTagged(admin: APIRequestContext, tag: string): Promise<ListedOrder[]> {
  const response = await admin.get(`/api/admin/orders?q=${encodeURIComponent(tag)}&pageSize=100`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { items: ListedOrder[] }).items
}

const csvFile = (name: string, rows: string[][]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(
    rows
      .map((row) =>
        row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','),
      )
      .join('\r\n'),
  ),
})

/** The dialog open on the page, by its title. */
const dialog = (page: Page, lang: Language, titleKey: Parameters<typeof t>[1]) =>
  page.getByRole('dialog', { name: t(lang, titleKey) })

async function download(page: Page, trigger: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), trigger.click()])
  expect(await file.failure()).toBeNull()
  return {
    name: file.suggestedFilename(),
    text: readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, ''),
  }
}

/** No serious or critical accessibility problem on the page as it stands (checked at desktop width only). */
async function expectAccessible(page: Page, projectName: string) {
  if (projectName !== 'desktop') return
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  expect(blocking, blocking.join('\n')).toEqual([])
}

for (const lang of testLanguages) {
  test(`an admin creates, imports, exports, changes and deletes orders, and finds it all in the audit log (${lang})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000)
    const tag = `${lang}${testInfo.project.name}${Date.now().toString(36)}`
    const admin = await adminApi()
    const { vendor, vendorApi, product, variant } = await shopWithProduct(admin, tag)

    await chooseLanguageBeforehand(page, lang)
    await openAdminArea(page)
    await openFromMenu(page, lang, 'nav.orders')
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'admin.orders.title') })).toBeVisible()
    await expect(page.getByRole('region', { name: t(lang, 'admin.orders.summary.label') })).toBeVisible()

    // ── Create an order: the stock falls by its quantity ──
    await button(page, lang, 'admin.orders.create.open').click()
    const form = dialog(page, lang, 'admin.orders.create.title')
    await expect(form).toBeVisible()
    // Nothing chosen yet: the specification's message, and nothing is sent.
    await button(form, lang, 'admin.orders.create.submit').click()
    await expect(form.getByRole('alert')).toHaveText(t(lang, 'orders.requiredFields'))
    await choose(page, field(form, lang, 'admin.orders.create.vendor'), vendor.shopName, tag)
    await choose(page, field(form, lang, 'admin.orders.create.product'), product.name)
    await choose(page, field(form, lang, 'admin.orders.create.variant'), new RegExp(variant.sku))
    await field(form, lang, 'admin.orders.create.customerName').fill(`Keza ${tag}`)
    await field(form, lang, 'admin.orders.create.customerEmail').fill('keza@example.rw')
    await field(form, lang, 'admin.orders.create.quantity').fill('3')
    await expect(
      form.getByText(t(lang, 'admin.orders.create.total', { total: formatRwf(12_000) })),
    ).toBeVisible()
    await screenshot(page, testInfo, lang, 'admin-order-create', { fullPage: false })
    await expectAccessible(page, testInfo.project.name)
    await button(form, lang, 'admin.orders.create.submit').click()
    await expect(statusSaying(page, t(lang, 'admin.orders.create.success'))).toBeVisible()
    await expect(form).toBeHidden()
    expect(await stockOf(vendorApi, product.id)).toBe(27)

    // ── Import: preview, then import 3 good rows and read the 3 refused rows' messages ──
    const good = (name: string, quantity = '1') => [
      name,
      `${tag}@example.rw`,
      vendor.shopName,
      product.name,
      variant.sku,
      quantity,
    ]
    const file = csvFile(`orders-${tag}.csv`, [
      [...orderImportColumns],
      good(`Uwase, Aline ${tag}`),
      good(`Bosco ${tag}`, '2'),
      ['', `${tag}@example.rw`, vendor.shopName, product.name, variant.sku, '1'],
      good(`Claire ${tag}`, '0'),
      [`Didier ${tag}`, `${tag}@example.rw`, `No shop ${tag}`, product.name, variant.sku, '1'],
      good(`Eric ${tag}`),
    ])
    const refused = [
      t(lang, 'orders.import.rowMissingData', { row: 4 }),
      t(lang, 'orders.import.rowInvalidQuantity', { row: 5 }),
      t(lang, 'orders.import.rowVendorNotFound', { row: 6, shop: `No shop ${tag}` }),
    ]
    await button(page, lang, 'admin.orders.import.open').click()
    const importer = dialog(page, lang, 'admin.orders.import.title')
    await expect(importer).toBeVisible()
    await button(importer, lang, 'admin.orders.import.submit').click()
    await expect(importer.getByText(t(lang, 'orders.import.fileRequired'))).toBeVisible()
    await importer.locator('input[type="file"]').setInputFiles(file)
    await button(importer, lang, 'admin.orders.import.preview').click()
    const results = importer.getByRole('status')
    await expect(results).toContainText(
      t(lang, 'admin.orders.import.previewSummary', { count: 3, rows: 6 }) +
        t(lang, 'admin.orders.import.errorSuffix', { count: 3 }),
    )
    for (const message of refused) await expect(results.getByText(message, { exact: true })).toBeVisible()
    expect(await ordersTagged(admin, tag)).toHaveLength(1)

    await button(importer, lang, 'admin.orders.import.submit').click()
    await expect(results).toContainText(
      t(lang, 'admin.orders.import.success', { success: 3 }) +
        t(lang, 'admin.orders.import.errorSuffix', { count: 3 }),
    )
    for (const message of refused) await expect(results.getByText(message, { exact: true })).toBeVisible()
    await screenshot(page, testInfo, lang, 'admin-order-import', { fullPage: false })
    await expectAccessible(page, testInfo.project.name)
    expect(await stockOf(vendorApi, product.id)).toBe(27 - 4)

    // The refused rows, to fix and import again: the file's header, an Error column, the messages.
    const failed = await download(
      page,
      button(importer, lang, 'admin.orders.import.downloadFailed', { count: 3 }),
    )
    const failedRows = parseCsv(failed.text)
    expect(failedRows[0]).toEqual([...orderImportColumns, t(lang, 'admin.orders.import.errorColumn')])
    expect(failedRows.slice(1).map((row) => row[6])).toEqual(refused)
    await button(importer, lang, 'actions.close').last().click()

    // ── The list: search by the tag finds the four orders, the quoted comma intact ──
    await page.getByRole('searchbox', { name: exactly(t(lang, 'admin.orders.search.label')) }).fill(tag)
    const total = (count: number) => page.getByText(t(lang, 'admin.orders.total', { count }), { exact: true })
    await expect(total(4)).toBeVisible()
    await expect(listed(page, `Uwase, Aline ${tag}`)).toHaveCount(1)
    await expect(listed(page, tag)).toHaveCount(4)
    await screenshot(page, testInfo, lang, 'admin-orders')
    await expectAccessible(page, testInfo.project.name)

    // ── Export what the search shows, and import the file again as it is ──
    const exported = await download(page, page.getByRole('link', { name: t(lang, 'admin.orders.export') }))
    expect(exported.name).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/)
    const exportedRows = parseCsv(exported.text)
    expect(exportedRows[0]).toEqual([...orderCsvHeader])
    expect(exportedRows).toHaveLength(5)
    await button(page, lang, 'admin.orders.import.open').click()
    await importer.locator('input[type="file"]').setInputFiles({
      name: exported.name,
      mimeType: 'text/csv',
      buffer: Buffer.from(exported.text),
    })
    await button(importer, lang, 'admin.orders.import.submit').click()
    await expect(importer.getByRole('status')).toContainText(
      t(lang, 'admin.orders.import.success', { success: 4 }),
    )
    await button(importer, lang, 'actions.close').last().click()
    await expect(total(8)).toBeVisible()
    await expect(listed(page, tag)).toHaveCount(8)
    expect(await stockOf(vendorApi, product.id)).toBe(27 - 4 - 7)

    // ── Change a status from its row, then delete an order after the question ──
    const orders = await ordersTagged(admin, tag)
    const keza = orders.find((order) => order.customerName === `Keza ${tag}`)!
    const about = { id: keza.id.slice(0, 8), customer: keza.customerName, total: formatRwf(keza.totalAmount) }
    await page
      .getByRole('combobox', { name: t(lang, 'admin.orders.statusLabel', about) })
      .selectOption('completed')
    await expect(statusSaying(page, t(lang, 'admin.orders.statusUpdated'))).toBeVisible()

    await page.getByRole('button', { name: t(lang, 'admin.orders.viewLabel', about) }).click()
    const details = dialog(page, lang, 'admin.orders.details.title')
    await expect(details.getByText(t(lang, 'admin.auditLogs.actions.update'))).toBeVisible()
    await expect(details.getByText(t(lang, 'admin.auditLogs.actions.create'))).toBeVisible()
    await expect(
      details.getByText(
        `${t(lang, 'admin.auditLogs.fields.status')}: ${t(lang, 'status.pending')} → ${t(lang, 'status.completed')}`,
      ),
    ).toBeVisible()
    await screenshot(page, testInfo, lang, 'admin-order-details', { fullPage: false })
    await details.getByRole('button', { name: t(lang, 'actions.close') }).click()

    const eric = orders.find((order) => order.customerName === `Eric ${tag}`)!
    await page
      .getByRole('button', {
        name: t(lang, 'admin.orders.deleteLabel', {
          id: eric.id.slice(0, 8),
          customer: eric.customerName,
          total: formatRwf(eric.totalAmount),
        }),
      })
      .first()
      .click()
    const question = dialog(page, lang, 'admin.orders.deleteDialog.title')
    await expect(question.getByText(t(lang, 'admin.orders.deleteDialog.body'))).toBeVisible()
    await button(question, lang, 'admin.orders.deleteDialog.confirm').click()
    await expect(statusSaying(page, t(lang, 'admin.orders.deleted'))).toBeVisible()
    await expect(total(7)).toBeVisible()
    await expect(listed(page, tag)).toHaveCount(7)

    // ── All of it in the audit log: the creations, the status change and the deletion; then exported ──
    await openFromMenu(page, lang, 'nav.auditLogs')
    await page.getByRole('searchbox', { name: exactly(t(lang, 'admin.auditLogs.search.label')) }).fill(tag)
    await expect(listed(page, keza.id.slice(0, 8))).toHaveCount(2)
    await expect(
      listed(page, eric.id.slice(0, 8)).filter({ hasText: t(lang, 'admin.auditLogs.actions.delete') }),
    ).toHaveCount(1)
    await screenshot(page, testInfo, lang, 'admin-orders-audit')
    const exportLogs = page.getByRole('link', { name: t(lang, 'admin.auditLogs.export') })
    await expect(exportLogs).toHaveAttribute('href', new RegExp(tag))
    const log = await download(page, exportLogs)
    const logRows = parseCsv(log.text)
    // Actions and tables in the reader's words.
    const [create, update, remove] = (['create', 'update', 'delete'] as const).map((action) =>
      t(lang, `admin.auditLogs.actions.${action}`),
    )
    const actionsOn = (id: string) => logRows.filter((row) => row[5] === id).map((row) => row[3])
    expect(actionsOn(keza.id).sort()).toEqual([create, update].sort())
    expect(actionsOn(eric.id).sort()).toEqual([create, remove].sort())
    // 1 created + 3 imported + 4 re-imported orders, each created with an entry of its own.
    const orderTable = t(lang, 'admin.auditLogs.tables.orders')
    expect(logRows.filter((row) => row[3] === create && row[4] === orderTable)).toHaveLength(8)

    await vendorApi.dispose()
    await admin.dispose()
  })
}
