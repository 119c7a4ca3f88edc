import {
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test'
import { formatRwf } from '../../src/shared/money'
import { orderImportColumns } from '../../src/shared/schemas/order'
import {
  adminApi,
  approveVendor,
  button,
  chooseLanguageBeforehand,
  createConfirmedVendor,
  createVendorWithShop,
  exactly,
  expect,
  field,
  openAdminArea,
  serverOrigin,
  signInByApi,
  statusSaying,
  t,
  test,
  approvedShopWithProduct,
} from './support'

/*
 * The main flows done with the keyboard alone (WCAG 2.1.1 Keyboard, 2.4.3 Focus Order): Tab, Shift+Tab, Enter,
 * Space, the arrow keys and Escape; never a click. Focus is checked at every stop. The flows' rules are the
 * subject of the other scenarios; here only how they are reached. Desktop, English: the keyboard paths do not
 * change with the language, and a phone is used by touch.
 */

const lang = 'en' as const

test.skip(({ isMobile }) => isMobile, 'Keyboard walks run at desktop width')

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has focus, as a keyboard user moves through the page;
 * fails when it is never reached, which means it cannot be reached by keyboard.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  await expect(target).toBeVisible()
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) break
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
  }
  await expect(target).toBeFocused()
}

/** Signs the page in with the session an API context holds (the sign-in form is access.spec.ts's subject). */
async function useSessionOf(page: Page, api: APIRequestContext) {
  await page.context().addCookies((await api.storageState()).cookies)
}

/** An approved shop with one product (RWF 4,000, 30 in stock), made through the API. */
const shopWithProduct = (admin: APIRequestContext, tag: string) =>
  approvedShopWithProduct(admin, {
    shopName: `Keyboard ${tag}`,
    product: { name: `Basket ${tag}`, price: 4_000 },
  })

const heading = (page: Page, level: number, key: Parameters<typeof t>[1]) =>
  page.getByRole('heading', { level, name: t(lang, key) })

test('the registration wizard: fields typed after tabbing to them, steps moved with Enter', async ({
  page,
  request,
}) => {
  const vendor = await createConfirmedVendor(request)
  await signInByApi(request, vendor)
  await useSessionOf(page, request)
  await chooseLanguageBeforehand(page, lang)
  await page.goto('/vendor/register')
  await expect(heading(page, 1, 'vendor.register.title')).toBeVisible()

  // Step 1: the name given at sign-up is offered; the keyboard replaces it, then the phone.
  const fullName = field(page, lang, 'fields.fullName')
  await tabTo(page, fullName)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('Aline Uwase Keyboard')
  await tabTo(page, field(page, lang, 'vendor.register.fields.phone'))
  await page.keyboard.type('0788123456')
  await tabTo(page, button(page, lang, 'vendor.register.next'))
  await page.keyboard.press('Enter')

  // Step 2: focus moves to the step's heading, so the next Tab lands in its first field.
  const shopHeading = heading(page, 2, 'vendor.register.stepTitles.shop')
  await expect(shopHeading).toBeFocused()
  const shopName = field(page, lang, 'fields.shopName')
  await page.keyboard.press('Tab')
  await expect(shopName).toBeFocused()
  await page.keyboard.type(`Keyboard Crafts ${Date.now().toString(36)}`)
  await page.keyboard.press('Tab')
  await expect(field(page, lang, 'fields.businessAddress')).toBeFocused()
  await page.keyboard.type('KN 4 Ave, Kigali')
  await tabTo(page, button(page, lang, 'vendor.register.next'))
  await page.keyboard.press('Enter')
  await expect(heading(page, 2, 'vendor.register.stepTitles.branding')).toBeFocused()

  // Back with the keyboard: the step's values are kept.
  await tabTo(page, button(page, lang, 'vendor.register.previous'))
  await page.keyboard.press('Space')
  await expect(shopHeading).toBeFocused()
  await expect(field(page, lang, 'fields.businessAddress')).toHaveValue('KN 4 Ave, Kigali')
  // A required field left empty: Next puts focus on it.
  await tabTo(page, field(page, lang, 'fields.businessAddress'))
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Backspace')
  await tabTo(page, button(page, lang, 'vendor.register.next'))
  await page.keyboard.press('Enter')
  await expect(field(page, lang, 'fields.businessAddress')).toBeFocused()
  await expect(field(page, lang, 'fields.businessAddress')).toHaveAttribute('aria-invalid', 'true')
})

test('the product dialog: opened, filled and saved with the keyboard; focus comes back', async ({ page }) => {
  const tag = Date.now().toString(36)
  const admin = await adminApi()
  const vendorApi = await playwrightRequest.newContext({ baseURL: serverOrigin() })
  const vendor = await createVendorWithShop(vendorApi, { shopName: `Keys ${tag}` })
  await approveVendor(admin, vendor.vendorId)
  await admin.dispose()
  await useSessionOf(page, vendorApi)
  await vendorApi.dispose()
  await chooseLanguageBeforehand(page, lang)
  await page.goto('/vendor/products')
  const title = heading(page, 1, 'vendor.products.title')
  await expect(title).toBeVisible()

  await tabTo(page, button(page, lang, 'vendor.products.addFirst'))
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: t(lang, 'vendor.products.dialog.createTitle') })
  await expect(dialog).toBeVisible()
  // The name has focus as the dialog opens.
  const name = `Keyboard basket ${tag}`
  await expect(field(dialog, lang, 'vendor.products.fields.name')).toBeFocused()
  await page.keyboard.type(name)
  await page.keyboard.press('Tab')
  await expect(field(dialog, lang, 'vendor.products.fields.category')).toBeFocused()
  await page.keyboard.type(t(lang, 'categories.Food'))
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(field(dialog, lang, 'vendor.products.fields.category')).toHaveValue(t(lang, 'categories.Food'))
  const price = dialog.getByRole('textbox', { name: exactly(t(lang, 'vendor.products.fields.price')) })
  await tabTo(page, price)
  await page.keyboard.type('4500')
  const variant = t(lang, 'vendor.products.variants.default')
  const stock = dialog.getByRole('textbox', {
    name: exactly(t(lang, 'vendor.products.variants.stockOf', { variant })),
  })
  await tabTo(page, stock)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('12')
  await tabTo(page, button(dialog, lang, 'vendor.products.dialog.save'))
  await page.keyboard.press('Enter')

  await expect(dialog).toBeHidden()
  await expect(statusSaying(page, t(lang, 'vendor.products.saved.created', { name }))).toBeVisible()
  // The button that opened it went with the empty list: focus goes to the screen's heading.
  await expect(title).toBeFocused()
  const card = page.getByRole('article', { name })
  await expect(card).toContainText(formatRwf(4_500))
})

test('the order import: opened, given a file, previewed and imported with the keyboard', async ({ page }) => {
  const tag = `kbd${Date.now().toString(36)}`
  const admin = await adminApi()
  const { vendor, vendorApi, product, variant } = await shopWithProduct(admin, tag)
  await vendorApi.dispose()
  await admin.dispose()
  const rows = [
    [...orderImportColumns],
    [`Keza ${tag}`, 'keza@example.rw', vendor.shopName, product.name, variant.sku, '1'],
    [`Bosco ${tag}`, 'bosco@example.rw', vendor.shopName, product.name, variant.sku, '2'],
  ]
  const file = {
    name: `orders-${tag}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(`${rows.map((row) => row.join(',')).join('\r\n')}\r\n`),
  }

  await chooseLanguageBeforehand(page, lang)
  await openAdminArea(page)
  await page.goto('/admin/orders')
  await expect(heading(page, 1, 'admin.orders.title')).toBeVisible()

  const open = button(page, lang, 'admin.orders.import.open')
  await tabTo(page, open)
  await page.keyboard.press('Enter')
  const importer = page.getByRole('dialog', { name: t(lang, 'admin.orders.import.title') })
  await expect(importer).toBeVisible()

  // The file field is reached by Tab; the system's file chooser it opens cannot be driven, so the file is
  // given to the field's input directly.
  const picker = field(importer, lang, 'admin.orders.import.file')
  await tabTo(page, picker)
  await importer.locator('input[type="file"]').setInputFiles(file)
  await expect(picker).toContainText(file.name)

  const results = importer.getByRole('status')
  await tabTo(page, button(importer, lang, 'admin.orders.import.preview'))
  await page.keyboard.press('Enter')
  await expect(results).toContainText(t(lang, 'admin.orders.import.previewSummary', { count: 2, rows: 2 }))
  await tabTo(page, button(importer, lang, 'admin.orders.import.submit'))
  await page.keyboard.press('Enter')
  await expect(results).toContainText(t(lang, 'admin.orders.import.success', { success: 2 }))

  // Escape closes it, and focus goes back to the button that opened it.
  await page.keyboard.press('Escape')
  await expect(importer).toBeHidden()
  await expect(open).toBeFocused()
})

test('a payout approval: Approve reached with Tab, a reference typed, confirmed with Enter', async ({
  page,
}) => {
  const tag = `kbd${Date.now().toString(36)}`
  const admin = await adminApi()
  const { vendor, vendorApi, product, variant } = await shopWithProduct(admin, tag)
  const order = await admin.post('/api/admin/orders', {
    data: {
      vendorId: vendor.vendorId,
      productId: product.id,
      variantId: variant.id,
      customerName: `Keza ${tag}`,
      customerEmail: 'keza@example.rw',
      quantity: 1,
    },
  })
  expect(order.status(), await order.text()).toBe(201)
  const { id: orderId } = (await order.json()) as { id: string }
  const completed = await vendorApi.patch(`/api/vendor/orders/${orderId}/status`, {
    data: { status: 'completed' },
  })
  expect(completed.status(), await completed.text()).toBe(200)
  const requested = await vendorApi.post('/api/vendor/payouts', { data: { amount: 3_000 } })
  expect(requested.status(), await requested.text()).toBe(201)
  const { id: payoutId } = (await requested.json()) as { id: string }
  await vendorApi.dispose()
  await admin.dispose()

  await chooseLanguageBeforehand(page, lang)
  await openAdminArea(page)
  await page.goto('/admin/payouts')
  await expect(heading(page, 1, 'admin.payouts.title')).toBeVisible()

  // The search, typed: only this shop's payout is left to tab through.
  const search = page.getByRole('searchbox', { name: exactly(t(lang, 'admin.payouts.search.label')) })
  await tabTo(page, search)
  await page.keyboard.type(vendor.shopName)
  const approve = page.getByRole('button', {
    name: exactly(
      t(lang, 'admin.payouts.approveLabel', {
        id: payoutId.slice(0, 8),
        amount: formatRwf(3_000),
        shop: vendor.shopName,
      }),
    ),
  })
  await tabTo(page, approve)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: t(lang, 'admin.payouts.approveDialog.title') })
  await expect(dialog).toBeVisible()
  // The reference has focus as the dialog opens.
  await expect(field(dialog, lang, 'admin.payouts.approveDialog.referenceLabel')).toBeFocused()
  await page.keyboard.type('MTN-7788')
  await tabTo(page, button(dialog, lang, 'admin.payouts.approveDialog.confirm'))
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  // The flash message is a status: a screen reader announces it.
  await expect(statusSaying(page, t(lang, 'admin.payouts.approved'))).toBeVisible()
})
