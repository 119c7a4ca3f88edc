import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test'
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
  screenshot,
  searchList,
  serverOrigin,
  signIn,
  statusSaying,
  t,
  test,
  testLanguages,
} from './support'

/** The page fits its window: nothing makes it scroll sideways (375 px on the phone, in Kinyarwanda too). */
async function expectNoSidewaysScroll(page: Page) {
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 15_000 })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0)
}

/** A product of one variant with `stock` in it, made through the vendor's API. */
async function productWithStock(vendorApi: APIRequestContext, name: string, stock: number) {
  const response = await vendorApi.post('/api/vendor/products', {
    data: {
      name,
      category: 'Home Decor',
      price: 12_000,
      images: [],
      hasVariants: false,
      colors: [],
      sizes: [],
      variants: [{ price: 12_000, stock }],
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as { id: string; variants: { id: string }[] }
}

for (const lang of testLanguages) {
  test(`a vendor sees what runs low and completes orders as a selection (${lang})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000)
    const tag = Date.now().toString(36)
    const vendorApi = await playwrightRequest.newContext({ baseURL: serverOrigin() })
    const vendor = await createVendorWithShop(vendorApi, { shopName: `Agaseke Nziza ${tag}` })
    const admin = await adminApi()
    await approveVendor(admin, vendor.vendorId)
    // Low at the default threshold of 5 (3 left), and plenty (40 left, 50 left).
    const low = { name: `Agaseke gato ${tag}`, stock: 3 }
    const plenty = { name: `Igitenge cy'ubururu ${tag}`, stock: 40 }
    const more = { name: `Inkweto z'uruhu ${tag}`, stock: 50 }
    const [lowProduct, plentyProduct] = await Promise.all([
      productWithStock(vendorApi, low.name, low.stock),
      productWithStock(vendorApi, plenty.name, plenty.stock),
      productWithStock(vendorApi, more.name, more.stock),
    ])
    const customers = [
      { name: 'Mukamana Divine', phone: '0788 450 112' },
      { name: 'Habimana Eric', phone: '0722 610 904' },
      { name: 'Uwimana Grace', phone: '0735 118 207' },
    ]
    for (const [at, customer] of customers.entries()) {
      const product = at === 0 ? lowProduct : plentyProduct
      const placed = await admin.post('/api/admin/orders', {
        headers: { Origin: serverOrigin() },
        data: {
          vendorId: vendor.vendorId,
          productId: product.id,
          variantId: product.variants[0]!.id,
          quantity: 1,
          customerName: customer.name,
          customerEmail: `client${at}.${tag}@example.rw`,
          customerPhone: customer.phone,
        },
      })
      expect(placed.status(), await placed.text()).toBe(201)
    }
    await admin.dispose()
    await chooseLanguageBeforehand(page, lang)
    await signIn(page, lang, vendor)
    await expect(page.getByRole('heading', { level: 1, name: vendor.shopName })).toBeVisible()

    await test.step('the dashboard counts the products low on stock and leads to them', async () => {
      const card = page.getByRole('region', {
        name: t(lang, 'vendor.dashboard.lowStock.title', { count: 1 }),
      })
      await expect(card).toBeVisible()
      await expectNoSidewaysScroll(page)
      await screenshot(page, testInfo, lang, 'vendor-dashboard-low-stock')
      await card.getByRole('link', { name: t(lang, 'vendor.dashboard.lowStock.view') }).click()
      await expect(page).toHaveURL(/\/vendor\/products\?stock=low$/)
      await expect(page.getByRole('article')).toHaveCount(1)
      await expect(listed(page, low.name)).toContainText(t(lang, 'vendor.products.card.lowStock'))
      await expectNoSidewaysScroll(page)
      await screenshot(page, testInfo, lang, 'vendor-products-low-stock')
    })

    await test.step('a threshold of 45 on the profile makes the 40 left low too', async () => {
      await openFromMenu(page, lang, 'nav.profile')
      const section = page.getByRole('region', { name: t(lang, 'vendor.profile.lowStock.title') })
      await section.getByRole('button', { name: new RegExp(t(lang, 'actions.edit')) }).click()
      const threshold = field(section, lang, 'vendor.profile.lowStock.label')
      await threshold.fill('2000000')
      await button(section, lang, 'actions.saveChanges').click()
      await expect(section.getByText(t(lang, 'vendor.lowStock.thresholdInvalid'))).toBeVisible()
      await threshold.fill('45')
      await expectNoSidewaysScroll(page)
      await screenshot(page, testInfo, lang, 'vendor-profile-low-stock')
      await button(section, lang, 'actions.saveChanges').click()
      await expect(statusSaying(section, t(lang, 'vendor.profile.lowStock.saved'))).toBeVisible()
      await expect(section.getByText(t(lang, 'vendor.profile.lowStock.current', { count: 45 }))).toBeVisible()
      await openFromMenu(page, lang, 'nav.products')
      // The filter's buttons are the labels of radios drawn over them (Mantine's segmented control).
      await page
        .locator('label')
        .filter({ hasText: exactly(t(lang, 'vendor.products.stockFilter.low')) })
        .click()
      await expect(page).toHaveURL(/\/vendor\/products\?stock=low$/)
      await expect(page.getByRole('article')).toHaveCount(2)
      await expect(listed(page, more.name)).toHaveCount(0)
    })

    await test.step('the orders are searched by phone, then the pending ones completed together', async () => {
      await openFromMenu(page, lang, 'nav.orders')
      await searchList(page, lang, 'vendor.orders.search.label', '0722 610 904')
      await expect(listed(page, 'Habimana Eric')).toHaveCount(1)
      await expect(listed(page, 'Mukamana Divine')).toHaveCount(0)
      await page.getByRole('button', { name: t(lang, 'actions.clearSearch') }).click()
      await expect(listed(page, 'Mukamana Divine')).toHaveCount(1)

      // Select every pending order on the page, then Mark Completed: asked first, naming how many.
      await page.getByRole('checkbox', { name: t(lang, 'vendor.orders.selectAll') }).check()
      const bar = page.getByRole('region', { name: t(lang, 'vendor.orders.bulk.label') })
      await expect(bar).toContainText(t(lang, 'vendor.orders.bulk.selected', { count: 3 }))
      await expectNoSidewaysScroll(page)
      await screenshot(page, testInfo, lang, 'vendor-orders-selected')
      await button(bar, lang, 'vendor.orders.bulk.complete').click()
      const dialog = page.getByRole('dialog', {
        name: t(lang, 'vendor.orders.bulk.confirmTitle', { count: 3 }),
      })
      await expect(dialog).toBeVisible()
      await screenshot(page, testInfo, lang, 'vendor-orders-complete-dialog', { fullPage: false })
      await dialog.getByRole('button', { name: t(lang, 'vendor.orders.bulk.confirm', { count: 3 }) }).click()
      await expect(statusSaying(page, t(lang, 'vendor.orders.bulk.done', { count: 3 }))).toBeVisible()
      await expect(bar).toHaveCount(0)
      for (const customer of customers) {
        await expect(listed(page, customer.name)).toContainText(t(lang, 'status.completed'))
      }
    })

    await test.step("the admin's products list shows the stock and filters by each shop's threshold", async () => {
      await page.context().clearCookies()
      await openAdminArea(page)
      await page.goto(`/admin/products?stock=low&q=${encodeURIComponent(tag)}`)
      await expect(listed(page, low.name)).toContainText(t(lang, 'admin.products.lowStock'))
      await expect(listed(page, plenty.name)).toHaveCount(1)
      await expect(listed(page, more.name)).toHaveCount(0)
      await expectNoSidewaysScroll(page)
      await screenshot(page, testInfo, lang, 'admin-products-low-stock')
    })
    await vendorApi.dispose()
  })
}
