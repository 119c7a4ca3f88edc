import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { request as playwrightRequest, type Page } from '@playwright/test'
import { reportCsvHeader } from '../../src/server/reports/reports.service'
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
  screenshot,
  serverOrigin,
  t,
  test,
  testLanguages,
  type Language,
} from './support'
import type { TextKey } from '../../src/web/i18n/keys'

/** Large enough that this shop leads the top 5 whatever the other scenarios sell meanwhile. */
const PRICE = 900_000_000

/** A shop that sold once today: registered, approved, one product, one order placed by the admin. */
async function shopWithAnOrder() {
  const vendorApi = await playwrightRequest.newContext({ baseURL: serverOrigin() })
  const vendor = await createVendorWithShop(vendorApi)
  const admin = await adminApi()
  await approveVendor(admin, vendor.vendorId)
  // One plain product (no colours or sizes), priced PRICE, and one order of it.
  const plain = { hasVariants: false, colors: [], sizes: [], images: [], category: 'Home Decor' }
  const name = `Imigongo ${Date.now().toString(36)}`
  const created = await vendorApi.post('/api/vendor/products', {
    data: {
      ...plain,
      name,
      description: 'Imigongo from Nyakarimbi',
      price: PRICE,
      variants: [{ price: PRICE, stock: 3 }],
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const product = (await created.json()) as { id: string; variants: { id: string }[] }
  const customer = { customerName: 'Claudine Mukamana', customerEmail: 'claudine@example.rw', quantity: 1 }
  const order = await admin.post('/api/admin/orders', {
    headers: { Origin: serverOrigin() },
    data: {
      ...customer,
      vendorId: vendor.vendorId,
      productId: product.id,
      variantId: product.variants[0]!.id,
    },
  })
  expect(order.status(), await order.text()).toBe(201)
  await admin.dispose()
  await vendorApi.dispose()
  return { shopName: vendor.shopName, productName: name }
}

/** Nothing on the page is wider than the window (no sideways scrolling on a phone). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)

const cardLabels = [
  'vendors',
  'products',
  'orders',
  'revenue',
  'periodRevenue',
  'pendingPayouts',
  'newVendors',
] as const

for (const lang of testLanguages) {
  test(`an admin reads the report of 30 days, its charts, and exports it (${lang})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    const shop = await shopWithAnOrder()
    const chartRequests: string[] = []
    page.on('request', (request) => {
      if (/\/assets\/report-charts-[^/]*\.js$/.test(request.url())) chartRequests.push(request.url())
    })

    await chooseLanguageBeforehand(page, lang)
    await openAdminArea(page)
    await expect(
      page.getByRole('heading', { level: 1, name: t(lang, 'admin.dashboard.title') }),
    ).toBeVisible()
    // The charts' code is the reports screen's own: the dashboard did not fetch it.
    expect(chartRequests).toEqual([])
    await openFromMenu(page, lang, 'nav.reports')
    await expect(page).toHaveURL(/\/admin\/reports$/)
    await expect(page.getByRole('heading', { level: 1, name: t(lang, 'admin.reports.title') })).toBeVisible()

    await test.step('choose 30 days: the address keeps it', async () => {
      await page
        .getByRole('combobox', { name: exactly(t(lang, 'admin.reports.rangeLabel')) })
        .selectOption('30')
      await expect(page).toHaveURL(/\/admin\/reports\?days=30$/)
      await expect(
        page.getByText(t(lang, 'admin.reports.cards.newVendorsHint', { days: 30 }), { exact: true }),
      ).toBeVisible()
    })

    await test.step('the six cards', async () => {
      const figures = page.getByRole('region', { name: t(lang, 'admin.reports.cards.label') })
      for (const card of cardLabels) {
        await expect(figures.getByText(t(lang, `admin.reports.cards.${card}`), { exact: true })).toBeVisible()
      }
      // Revenue in francs, never in dollars.
      await expect(figures).toContainText('RWF')
      await expect(figures).not.toContainText('$')
      await expect(page.getByRole('region', { name: t(lang, 'admin.reports.growth.title') })).toBeVisible()
    })

    await test.step('the charts arrive, each a named figure with its text', async () => {
      const charts = page.getByRole('region', { name: t(lang, 'admin.reports.charts.label') })
      const revenue = charts.getByRole('figure', { name: t(lang, 'admin.reports.charts.revenuePerDay') })
      await expect(revenue).toBeVisible()
      // The lazily loaded module drew its chart (recharts' SVG) inside the figure.
      await expect(revenue.locator('svg.recharts-surface').first()).toBeVisible()
      expect(chartRequests.length).toBeGreaterThan(0)
      await expect(
        charts.getByRole('figure', { name: t(lang, 'admin.reports.charts.ordersByStatus') }),
      ).toBeVisible()
      const topShops = charts.getByRole('figure', { name: t(lang, 'admin.reports.charts.topVendors') })
      await expect(topShops).toContainText(shop.shopName)
      await expect(
        charts.getByRole('figure', { name: t(lang, 'admin.reports.charts.topProducts') }),
      ).toContainText(shop.productName)
      // The day-by-day figures as a table, for whoever would rather read than look.
      await revenue.getByText(t(lang, 'admin.reports.charts.showTable')).click()
      await expect(revenue.getByRole('table')).toBeVisible()
      await expect(revenue.getByRole('table').getByRole('row')).toHaveCount(31)
      expect(await overflowsSideways(page)).toBe(false)
      await screenshot(page, testInfo, lang, 'admin-reports')
    })

    await test.step("the marketplace's earnings: its cards and its commission per day", async () => {
      const earnings = page.getByRole('region', { name: t(lang, 'moneyReport.title') })
      for (const card of ['commission', 'vat', 'fees', 'owed'] as const)
        await expect(earnings.getByText(t(lang, `moneyReport.cards.${card}`), { exact: true })).toBeVisible()
      await expect(earnings.getByRole('figure', { name: t(lang, 'moneyReport.chart.title') })).toBeVisible()
      expect(await overflowsSideways(page)).toBe(false)
    })

    await test.step('Export Report: a dated CSV of the 30 days', async () => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: t(lang, 'admin.reports.export') }).click(),
      ])
      expect(download.suggestedFilename()).toMatch(/^report-\d{4}-\d{2}-\d{2}\.csv$/)
      const bytes = readFileSync((await download.path())!)
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const rows = parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, ''))
      // In the reader's language, as the screen is.
      expect(rows[0]).toEqual(reportCsvHeader.map(({ key }) => t(lang, key as TextKey)))
      const days = t(lang, 'admin.reports.csv.days')
      expect(rows.find((row) => row[0] === days)).toEqual([days, '30', '30', ''])
      const dayHeader = rows.findIndex((row) => row[0] === t(lang, 'admin.reports.csv.day'))
      expect(
        rows.slice(dayHeader + 1, dayHeader + 31).every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row[0]!)),
      ).toBe(true)
      expect(rows.some((row) => row[0] === shop.shopName && Number(row[2]) >= PRICE)).toBe(true)
    })

    await test.step('the export is on the audit trail', async () => {
      await openFromMenu(page, lang, 'nav.auditLogs')
      await page
        .getByRole('searchbox', { name: exactly(t(lang, 'admin.auditLogs.search.label')) })
        .fill('"reports"')
      const exports = listed(page, t(lang, 'admin.auditLogs.tables.exports'))
      await expect(exports.first()).toBeVisible()
      await expect(exports.first()).toContainText(t(lang, 'admin.auditLogs.actions.create'))
    })
  })
}

// A year of days on a phone: the charts stack and thin their axis labels; nothing scrolls sideways. And the
// screen, charts included, must be usable with a screen reader and a keyboard.
test('the report of a year scrolls only down, at either width, with no serious accessibility violations', async ({
  page,
}, testInfo) => {
  const lang: Language = 'en'
  await chooseLanguageBeforehand(page, lang)
  await openAdminArea(page)
  await page.goto('/admin/reports?days=365')
  const perDay = page.getByRole('figure', { name: t(lang, 'admin.reports.charts.ordersPerDay') })
  await expect(perDay.locator('svg.recharts-surface').first()).toBeVisible()
  expect(await overflowsSideways(page)).toBe(false)
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  await testInfo.attach('axe-results', { body: JSON.stringify(results.violations, null, 2) })
  expect(blocking, blocking.join('\n')).toEqual([])
})
