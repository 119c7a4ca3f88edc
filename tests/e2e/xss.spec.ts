import { readFileSync } from 'node:fs'
import { request as playwrightRequest, type Locator, type Page } from '@playwright/test'
import { orderCsvHeader } from '../../src/server/orders/admin-orders.service'
import { auditCsvHeader } from '../../src/server/audit/audit-logs.service'
import type { TextKey } from '../../src/web/i18n/keys'
import { formatRwf } from '../../src/shared/money'
import { orderImportColumns } from '../../src/shared/schemas/order'
import { parseCsv } from '../fixtures/read-files'
import {
  adminApi,
  approveVendor,
  chooseLanguageBeforehand,
  createVendorWithShop,
  exactly,
  expect,
  listed,
  openAdminArea,
  openFromMenu,
  searchList,
  serverOrigin,
  t,
  test,
} from './support'

/*
 * Whatever a vendor, a customer (through an order) or an admin types is shown as text on every screen: React
 * writes it as text, nothing in the SPA sets innerHTML, and the Content-Security-Policy (script-src 'self')
 * would block an inline handler that slipped through. These scenarios put markup in every kind of user text
 * and check that it reads literally, runs nothing and makes no element. Rendering does not depend on the
 * language: English only, at both widths.
 */

const lang = 'en' as const

// Each payload sets window.__xss to its own number if it ever runs.
const img = (n: number) => `<img src=x onerror="window.__xss=${n}">`
/** Without quotes: the audit log's search reads the entry's JSON, where a quote is written \". */
const bareImg = (n: number) => `<img src=x onerror=window.__xss=${n}>`
const script = (n: number) => `<script>window.__xss=${n}</script>`
const svg = (n: number) => `"><svg onload=window.__xss=${n}>`

/**
 * Content-Security-Policy violations in the page, from the browser's own report (the securitypolicyviolation
 * event, kept across navigations) and from its console (as password-reset.spec.ts records them).
 */
async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = []
  await page.exposeFunction('__isokoCspViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __isokoCspViolation: (text: string) => void })
        .__isokoCspViolation
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`)
    })
  })
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text())
  })
  return violations
}

/**
 * The screen shows each text literally (somewhere visible in `scope`), and nothing of the markup came alive:
 * no payload ran, no element it describes exists, and the policy blocked nothing (nothing tried to run); and
 * the page does not scroll sideways, on a phone or at 1280 px.
 */
async function expectShownAsText(
  page: Page,
  violations: string[],
  texts: string[],
  scope: Page | Locator = page,
) {
  for (const text of texts) {
    await expect(scope.getByText(text).filter({ visible: true }).first()).toBeVisible()
  }
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined()
  await expect(page.locator('img[src="x"], svg[onload], [onerror], [onload]')).toHaveCount(0)
  expect(
    await page.evaluate(() => [...document.scripts].filter((s) => s.text.includes('__xss')).length),
  ).toBe(0)
  expect(violations).toEqual([])
  // Long text without spaces (markup, an address) wraps: on a phone and at 1280 px nothing is wider than the
  // window (every screen's own check, with long Kinyarwanda: page-width.spec.ts).
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    'how far the page scrolls sideways',
  ).toBeLessThanOrEqual(0)
}

/** A text box holds the markup as its value, character for character. */
async function expectValue(input: Locator, text: string) {
  await expect(input).toHaveValue(text)
}

/** The signed-in person's name, which the area's header shows (inside the menu drawer on a phone). */
async function expectAccountName(page: Page, violations: string[], name: string) {
  const menuButton = page.getByRole('button', { name: exactly(t(lang, 'nav.openMenu')) })
  const isPhone = await menuButton.isVisible()
  if (isPhone) await menuButton.click()
  await expectShownAsText(page, violations, [name])
  if (isPhone) await page.keyboard.press('Escape')
}

async function download(page: Page, trigger: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), trigger.click()])
  expect(await file.failure()).toBeNull()
  return parseCsv(readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, ''))
}

test('markup in names, products, messages and orders is shown as text on every vendor and admin screen', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const tag = `x${testInfo.project.name}${Date.now().toString(36)}`
  const text = {
    fullName: `${img(1)} ${svg(2)}`,
    shopName: `${script(3)}${bareImg(4)} ${tag}`,
    productName: `${img(5)} ${svg(6)} ${tag}`,
    description: `${script(7)} ${img(8)} ${svg(9)} <b>bold</b> &amp; ${tag}`,
    subject: `${svg(10)} ${img(11)} ${tag}`,
    content: `${script(12)} ${img(13)} ${tag}`,
    reply: `${img(14)} ${svg(15)} ${tag}`,
    customer: `${img(16)} ${tag}`,
    importedCustomer: `${svg(17)} ${script(18)} ${tag}`,
  }

  // ── Everything is made through the API, as the vendor, the admin and an imported file ──
  const admin = await adminApi()
  const vendorApi = await playwrightRequest.newContext({ baseURL: serverOrigin() })
  const vendor = await createVendorWithShop(vendorApi, { fullName: text.fullName, shopName: text.shopName })
  await approveVendor(admin, vendor.vendorId)

  // Variant attributes are chosen from fixed lists (colour, size): a product with variants shows them beside
  // the markup of its name.
  const created = await vendorApi.post('/api/vendor/products', {
    data: {
      name: text.productName,
      description: text.description,
      category: 'Clothes',
      price: 5_000,
      images: [],
      hasVariants: true,
      colors: ['red'],
      sizes: ['m'],
      variants: [{ color: 'red', size: 'm', price: 5_000, stock: 20 }],
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const product = (await created.json()) as { id: string; variants: { id: string; sku: string }[] }
  const variant = product.variants[0]!

  const sent = await vendorApi.post('/api/messages', {
    data: { type: 'support', subject: text.subject, content: text.content },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  const message = (await sent.json()) as { id: string }
  const replied = await admin.post(`/api/admin/messages/${message.id}/reply`, {
    data: { content: text.reply },
  })
  expect(replied.status(), await replied.text()).toBe(201)

  const ordered = await admin.post('/api/admin/orders', {
    data: {
      vendorId: vendor.vendorId,
      productId: product.id,
      variantId: variant.id,
      customerName: text.customer,
      customerEmail: 'keza@example.rw',
      quantity: 1,
    },
  })
  expect(ordered.status(), await ordered.text()).toBe(201)
  const order = (await ordered.json()) as { id: string; totalAmount: number }

  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
  const file = [
    orderImportColumns.join(','),
    [text.importedCustomer, 'imported@example.rw', text.shopName, text.productName, variant.sku, '2']
      .map(cell)
      .join(','),
  ].join('\r\n')
  const imported = await admin.post('/api/admin/orders/import?dryRun=false', {
    headers: { Origin: serverOrigin() },
    multipart: { file: { name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(`${file}\r\n`) } },
  })
  expect(imported.status(), await imported.text()).toBe(200)
  expect(await imported.json()).toMatchObject({ imported: 1, errors: [] })

  // A completed order earns a balance, and a payout request puts the shop on the payouts screens.
  const completed = await vendorApi.patch(`/api/vendor/orders/${order.id}/status`, {
    data: { status: 'completed' },
  })
  expect(completed.status(), await completed.text()).toBe(200)
  const payout = await vendorApi.post('/api/vendor/payouts', { data: { amount: 1_000 } })
  expect(payout.status(), await payout.text()).toBe(201)

  const violations = await recordCspViolations(page)
  await chooseLanguageBeforehand(page, lang)

  await test.step('the vendor screens', async () => {
    await page.context().addCookies((await vendorApi.storageState()).cookies)
    await page.goto('/vendor')
    await expect(page.getByRole('heading', { level: 1, name: text.shopName })).toBeVisible()
    await expectShownAsText(page, violations, [text.shopName])
    await expectAccountName(page, violations, text.fullName)

    await openFromMenu(page, lang, 'nav.products')
    const card = page.getByRole('article', { name: text.productName })
    await expectShownAsText(page, violations, [text.productName], card)
    await card.getByRole('button', { name: `${t(lang, 'actions.edit')} ${text.productName}` }).click()
    const dialog = page.getByRole('dialog', { name: t(lang, 'vendor.products.dialog.editTitle') })
    await expectValue(dialog.getByLabel(exactly(t(lang, 'vendor.products.fields.name'))), text.productName)
    await expectValue(
      dialog.getByLabel(exactly(t(lang, 'vendor.products.fields.description'))),
      text.description,
    )
    await expectShownAsText(page, violations, [])
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    await openFromMenu(page, lang, 'nav.orders')
    await expectShownAsText(page, violations, [text.customer, text.importedCustomer, text.productName])

    await openFromMenu(page, lang, 'nav.payouts')
    await expect(page).toHaveURL(/\/vendor\/payouts$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccountName(page, violations, text.fullName)

    await openFromMenu(page, lang, 'nav.messages')
    await page.getByRole('link').filter({ hasText: text.subject }).first().click()
    const detail = page.getByRole('region', { name: t(lang, 'vendor.messages.detailLabel') })
    // The conversation: the message and the team's reply under it.
    await expectShownAsText(page, violations, [text.subject, text.content, text.reply], detail)

    await openFromMenu(page, lang, 'nav.subscription')
    await expect(page).toHaveURL(/\/vendor\/subscription$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccountName(page, violations, text.fullName)

    await openFromMenu(page, lang, 'nav.profile')
    await expect(page).toHaveURL(/\/vendor\/profile$/)
    await expectShownAsText(page, violations, [text.shopName])
  })

  await test.step('the admin screens', async () => {
    await page.context().clearCookies()
    await openAdminArea(page)
    await expectShownAsText(page, violations, [])
    // The dashboard's bell lists the shops asking for a payout.
    const bell = page.getByRole('button', {
      name: new RegExp(
        `^${t(lang, 'admin.dashboard.bell.label', { count: 987654 })
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace('987654', '\\d+')}$`,
      ),
    })
    await bell.click()
    const panel = page.getByRole('dialog', { name: t(lang, 'admin.dashboard.bell.title') })
    await expectShownAsText(page, violations, [text.shopName], panel)
    await page.keyboard.press('Escape')

    await openFromMenu(page, lang, 'nav.vendors')
    await searchList(page, lang, 'admin.vendors.search.label', tag)
    const vendorRow = listed(page, tag)
    await expect(vendorRow).toHaveCount(1)
    await expectShownAsText(page, violations, [text.shopName, text.fullName], vendorRow)
    await vendorRow.getByRole('button', { name: exactly(t(lang, 'admin.vendors.view')) }).click()
    const application = page.getByRole('dialog', { name: t(lang, 'admin.vendors.application.title') })
    await expectShownAsText(page, violations, [text.shopName, text.fullName], application)
    await page.keyboard.press('Escape')
    await expect(application).toBeHidden()

    await openFromMenu(page, lang, 'nav.products')
    await searchList(page, lang, 'admin.products.search.label', tag)
    const productRow = listed(page, text.productName)
    await expect(productRow).toHaveCount(1)
    await expectShownAsText(page, violations, [text.productName, text.shopName], productRow)
    await productRow.getByRole('button', { name: exactly(t(lang, 'admin.products.view')) }).click()
    const details = page.getByRole('dialog', { name: t(lang, 'admin.products.details.title') })
    await expectShownAsText(page, violations, [text.productName, text.description, text.shopName], details)
    await page.keyboard.press('Escape')
    await expect(details).toBeHidden()

    await openFromMenu(page, lang, 'nav.orders')
    await searchList(page, lang, 'admin.orders.search.label', tag)
    await expect(listed(page, tag)).toHaveCount(2)
    await expectShownAsText(page, violations, [text.customer, text.importedCustomer, text.shopName])
    await page
      .getByRole('button', {
        name: t(lang, 'admin.orders.viewLabel', {
          id: order.id.slice(0, 8),
          customer: text.customer,
          total: formatRwf(order.totalAmount),
        }),
      })
      .click()
    const orderDetails = page.getByRole('dialog', { name: t(lang, 'admin.orders.details.title') })
    await expectShownAsText(page, violations, [text.customer, text.productName, text.shopName], orderDetails)
    await page.keyboard.press('Escape')
    await expect(orderDetails).toBeHidden()
    // The export writes the markup as the literal text of its cells: nothing a spreadsheet would run.
    const orderRows = await download(page, page.getByRole('link', { name: t(lang, 'admin.orders.export') }))
    expect(orderRows[0]).toEqual([...orderCsvHeader])
    const customers = orderRows.slice(1).map((row) => row[0])
    expect(customers.sort()).toEqual([text.customer, text.importedCustomer].sort())
    for (const row of orderRows.slice(1)) {
      expect(row[2]).toBe(text.shopName)
      expect(row[3]).toBe(text.productName)
    }

    await openFromMenu(page, lang, 'nav.payouts')
    await searchList(page, lang, 'admin.payouts.search.label', tag)
    await expectShownAsText(page, violations, [text.shopName], listed(page, tag))

    await page.goto('/admin/reports?days=30')
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'admin.reports.title') })).toBeVisible()
    await expectShownAsText(page, violations, [text.shopName, text.productName])

    await openFromMenu(page, lang, 'nav.messages')
    await searchList(page, lang, 'admin.messages.search.label', vendor.email)
    const messageRow = listed(page, tag)
    await expectShownAsText(page, violations, [text.subject, text.fullName], messageRow)
    await messageRow
      .getByRole('button', {
        name: t(lang, 'admin.messages.openLabel', { sender: text.fullName, subject: text.subject }),
      })
      .click()
    const opened = page.getByRole('dialog', { name: text.subject })
    await expectShownAsText(page, violations, [text.subject, text.content, text.fullName], opened)
    await page.keyboard.press('Escape')
    await expect(opened).toBeHidden()
    await searchList(page, lang, 'admin.messages.search.label', tag)
    await expectShownAsText(page, violations, [text.reply])

    await openFromMenu(page, lang, 'nav.auditLogs')
    await searchList(page, lang, 'admin.auditLogs.search.label', text.shopName)
    // The search reads each entry's details, where the approval names the shop: the entry is found.
    await expect(listed(page, t(lang, 'admin.auditLogs.actions.approve'))).not.toHaveCount(0)
    await expectShownAsText(page, violations, [])
    const logRows = await download(page, page.getByRole('link', { name: t(lang, 'admin.auditLogs.export') }))
    // Found through the entry's details; the export is checked with the vendor's own entries below.
    expect(logRows[0]).toEqual(auditCsvHeader.map(({ key }) => t(lang, key as TextKey)))
    expect(logRows.slice(1).length).toBeGreaterThan(0)
  })

  await test.step("the vendor's own entries on the audit trail, and in its export", async () => {
    await searchList(page, lang, 'admin.auditLogs.search.label', vendor.email)
    // The vendor's own entries: the name as the acting user.
    await expectShownAsText(page, violations, [text.fullName])
    const exportLogs = page.getByRole('link', { name: t(lang, 'admin.auditLogs.export') })
    // The export follows the search once the typing has paused.
    await expect(exportLogs).toHaveAttribute('href', new RegExp(encodeURIComponent(vendor.email)))
    const logRows = await download(page, exportLogs)
    // The vendor's entries carry the markup of what they wrote as plain text in their cells (values as JSON),
    // and no cell starts as a spreadsheet formula would.
    const cells = logRows.slice(1).flat()
    expect(cells.some((value) => value.includes('window.__xss='))).toBe(true)
    for (const value of cells) expect(value).not.toMatch(/^[=+\-@\t\r]/)
  })

  expect(violations).toEqual([])
  await vendorApi.dispose()
  await admin.dispose()
})
