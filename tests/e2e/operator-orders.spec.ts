import { type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { orderDeliveryColumns, orderImportColumns } from '../../src/shared/schemas/order'
import {
  adminApi,
  button,
  chooseLanguageBeforehand,
  expect,
  expectFieldError,
  field,
  openAdminArea,
  openFromMenu,
  statusSaying,
  t,
  test,
  testLanguages,
  type Language,
  approvedShopWithProduct,
} from './support'

/**
 * Beyond the specification, as an operator meets it: an order carries the customer's phone and a Rwandan
 * delivery address, from the form and from an import, and the shop sees them on its order; the same file
 * imported twice is asked about first; a quantity the stock cannot cover is refused as typed, never lowered.
 */

type ListedOrder = { id: string; customerName: string; customerPhone: string | null }

const shopWithProduct = (admin: APIRequestContext, tag: string) =>
  approvedShopWithProduct(admin, {
    shopName: `Inzuki ${tag}`,
    product: { name: `Coffee bag ${tag}`, description: 'Washed Arabica from Huye', price: 6_000 },
  })

async function ordersTagged(admin: APIRequestContext, tag: string): Promise<ListedOrder[]> {
  const response = await admin.get(`/api/admin/orders?q=${encodeURIComponent(tag)}&pageSize=100`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { items: ListedOrder[] }).items
}

const dialog = (page: Page, lang: Language, titleKey: Parameters<typeof t>[1]) =>
  page.getByRole('dialog', { name: t(lang, titleKey) })

async function choose(page: Page, input: Locator, option: string | RegExp, typed?: string) {
  if (typed !== undefined) await input.fill(typed)
  else await input.click()
  await page.getByRole('option', { name: option }).click()
}

for (const lang of testLanguages) {
  test(`an operator's orders carry a phone and an address to the shop, a file is not imported twice unasked, and a quantity is refused as typed (${lang})`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'Checked at desktop width')
    test.setTimeout(240_000)
    const tag = `op${lang}${Date.now().toString(36)}`
    const admin = await adminApi()
    const { vendor, vendorApi, product, variant } = await shopWithProduct(admin, tag)

    await chooseLanguageBeforehand(page, lang)
    await openAdminArea(page)
    await openFromMenu(page, lang, 'nav.orders')

    // ── The form: a quantity above the stock is refused with how many there are, never lowered to it ──
    await button(page, lang, 'admin.orders.create.open').click()
    const form = dialog(page, lang, 'admin.orders.create.title')
    await choose(page, field(form, lang, 'admin.orders.create.vendor'), vendor.shopName, tag)
    await choose(page, field(form, lang, 'admin.orders.create.product'), product.name)
    await choose(page, field(form, lang, 'admin.orders.create.variant'), new RegExp(variant.sku))
    await field(form, lang, 'admin.orders.create.customerName').fill(`Keza ${tag}`)
    await field(form, lang, 'admin.orders.create.customerEmail').fill('keza@example.rw')
    const quantity = field(form, lang, 'admin.orders.create.quantity')
    await quantity.fill('100000')
    await button(form, lang, 'admin.orders.create.submit').click()
    await expectFieldError(quantity, t(lang, 'orders.quantityOverStock', { available: 30 }))
    // What was typed stays as typed.
    await expect(quantity).toHaveValue('100000')
    await quantity.fill('-3')
    await expectFieldError(quantity, t(lang, 'orders.quantityDigits'))
    await expect(quantity).toHaveValue('-3')
    await quantity.fill('2.5')
    await expectFieldError(quantity, t(lang, 'orders.quantityDigits'))
    expect(await ordersTagged(admin, tag)).toHaveLength(0)

    // ── With the delivery details: a wrong phone is refused next to the field, then corrected ──
    await quantity.fill('2')
    const phone = field(form, lang, 'admin.orders.create.customerPhone')
    await phone.fill('12345')
    await button(form, lang, 'admin.orders.create.submit').click()
    await expectFieldError(phone, t(lang, 'orders.phoneInvalid'))
    expect(await ordersTagged(admin, tag)).toHaveLength(0)
    await phone.fill('0722 555 111')
    await choose(page, field(form, lang, 'admin.orders.create.district'), 'Kicukiro', 'Kicu')
    await field(form, lang, 'admin.orders.create.sector').fill('Niboye')
    await field(form, lang, 'admin.orders.create.cell').fill('Nyakabanda')
    await field(form, lang, 'admin.orders.create.address').fill('KK 15 Ave, house 12')
    await field(form, lang, 'admin.orders.create.deliveryNote').fill(`Blue gate ${tag}`)
    await button(form, lang, 'admin.orders.create.submit').click()
    await expect(statusSaying(page, t(lang, 'admin.orders.create.success'))).toBeVisible()
    await expect(form).toBeHidden()

    // ── An import with the delivery columns; the same file again asks first ──
    const file = {
      name: `orders-${tag}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          [...orderImportColumns, ...orderDeliveryColumns].join(','),
          [
            `Ganza ${tag}`,
            'ganza@example.rw',
            vendor.shopName,
            product.name,
            variant.sku,
            '1',
            '+250 788 555 222',
            'Musanze',
            'Muhoza',
            'Mpenge',
            'Near the bus park',
            'Call on arrival',
          ].join(','),
        ].join('\r\n'),
      ),
    }
    await button(page, lang, 'admin.orders.import.open').click()
    const importer = dialog(page, lang, 'admin.orders.import.title')
    await importer.locator('input[type="file"]').setInputFiles(file)
    await button(importer, lang, 'admin.orders.import.submit').click()
    await expect(importer.getByRole('status')).toContainText(
      t(lang, 'admin.orders.import.success', { success: 1 }),
    )
    // The import button is gone for this file: a second click cannot import it again.
    await expect(button(importer, lang, 'admin.orders.import.submit')).toHaveCount(0)
    await expect(button(importer, lang, 'admin.orders.import.preview')).toHaveCount(0)
    expect(await ordersTagged(admin, tag)).toHaveLength(2)

    // Chosen again, the same file is asked about, and nothing is created until confirmed.
    await button(importer, lang, 'admin.orders.import.chooseAnother').click()
    await importer.locator('input[type="file"]').setInputFiles(file)
    await button(importer, lang, 'admin.orders.import.preview').click()
    await expect(importer.getByText(withAnyDate(lang, 'admin.orders.import.previewRepeat'))).toBeVisible()
    await button(importer, lang, 'admin.orders.import.submit').click()
    const question = importer
      .getByRole('alert')
      .filter({ hasText: t(lang, 'admin.orders.import.repeatTitle') })
    await expect(question).toContainText(withAnyDate(lang, 'admin.orders.import.repeatQuestion'))
    expect(await ordersTagged(admin, tag)).toHaveLength(2)
    await button(question, lang, 'admin.orders.import.importAgain').click()
    await expect(importer.getByRole('status')).toContainText(
      t(lang, 'admin.orders.import.success', { success: 1 }),
    )
    expect(await ordersTagged(admin, tag)).toHaveLength(3)
    await button(importer, lang, 'actions.close').last().click()

    // ── The shop sees the phone (a link that calls it) and the address on its orders ──
    const { cookies } = await vendorApi.storageState()
    await page.context().clearCookies()
    await page.context().addCookies(cookies)
    await page.goto('/vendor/orders')
    const keza = page.getByRole('row').filter({ hasText: `Keza ${tag}` })
    await expect(keza.getByRole('link', { name: /\+250 722 555 111/ })).toHaveAttribute(
      'href',
      'tel:+250722555111',
    )
    await expect(keza).toContainText('KK 15 Ave, house 12')
    await expect(keza).toContainText(t(lang, 'orders.delivery.district', { district: 'Kicukiro' }))
    await expect(keza).toContainText(t(lang, 'orders.delivery.provinces.kigali'))
    await expect(keza).toContainText(`Blue gate ${tag}`)
    const ganza = page
      .getByRole('row')
      .filter({ hasText: `Ganza ${tag}` })
      .first()
    await expect(ganza.getByRole('link', { name: /\+250 788 555 222/ })).toHaveAttribute(
      'href',
      'tel:+250788555222',
    )
    await expect(ganza).toContainText(t(lang, 'orders.delivery.district', { district: 'Musanze' }))

    await vendorApi.dispose()
    await admin.dispose()
  })
}

/** A message naming a date (any) and a count of 1: its fixed words, in order. */
function withAnyDate(lang: Language, key: Parameters<typeof t>[1]) {
  const text = t(lang, key, { date: '\u0000', count: 1 })
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(text.split('\u0000').map(escape).join('.+?'))
}
