import { type APIRequestContext, type Page } from '@playwright/test'
import { formatRwf } from '../../src/shared/money'
import { orderDeliveryColumns, orderImportColumns } from '../../src/shared/schemas/order'
import type { TextKey } from '../../src/web/i18n/keys'
import {
  adminApi,
  adminCredentials,
  approvedShopWithProduct,
  button,
  choose,
  chooseLanguageBeforehand,
  exactly,
  expect,
  expectFieldError,
  field,
  listed,
  openAdminArea,
  openFromMenu,
  searchList,
  statusSaying,
  t,
  test,
  testLanguages,
  type Language,
} from './support'

/**
 * A marketplace operator's day, end to end, as the admin and then the shop see it: a payout paid after its full
 * destination was shown on purpose (A.1, and on the audit trail), orders typed and imported with the customer's
 * phone and a Rwandan delivery address, the same file not imported twice unasked, a vendor's message answered,
 * and the shop's view of all of it with what runs low. Every input refused on the way says why beside its field
 * and changes nothing. Every populated screen fits its window: 1280 px in English, 375 px in Kinyarwanda (playwright.config.ts).
 */

/** The page fits its window: nothing makes it scroll sideways once the screen's rows are in. */
async function expectNoSidewaysScroll(page: Page) {
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 15_000 })
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }))
  expect(widths.scroll, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(widths.window)
}

const dialog = (page: Page, lang: Language, titleKey: TextKey) =>
  page.getByRole('dialog', { name: t(lang, titleKey) })

/**
 * A message naming a date in this year and a count of 1: its fixed words in order, the date's year among them.
 * (The date is written the way the screen's language writes it; its year is the same in both.)
 */
function withDateThisYear(lang: Language, key: TextKey) {
  const year = new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Africa/Kigali' }).format(
    new Date(),
  )
  const text = t(lang, key, { date: '\u0000', count: 1 })
  const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(text.split('\u0000').map(escape).join(`[^]*?${year}[^]*?`))
}

type ListedOrder = { id: string }

/** The orders whose shop, product or customer carries `tag`: the day's shop has one (the basket's) before it starts. */
async function ordersTagged(admin: APIRequestContext, tag: string): Promise<ListedOrder[]> {
  const response = await admin.get(`/api/admin/orders?q=${encodeURIComponent(tag)}&pageSize=100`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { items: ListedOrder[] }).items
}

/**
 * What the day starts from, made through the API: an approved shop with a coffee bag (30 in stock) and a basket
 * of which one sold (3 left, under the default threshold of 5), the sale completed and a payout asked for out of
 * it, and a message from the shop to the team.
 */
async function shopBeforeTheDay(admin: APIRequestContext, tag: string) {
  const shop = await approvedShopWithProduct(admin, {
    shopName: `Inzuki ${tag}`,
    product: { name: `Coffee bag ${tag}`, description: 'Washed Arabica from Huye', price: 6_000 },
    // Paid to an M-Pesa number in Kenya, which no mobile-money provider of this marketplace reaches: paid by hand.
    payoutDetails: { provider: 'mpesa', mobileNumber: '+254712343456' },
  })
  const { vendor, vendorApi } = shop
  const basket = { name: `Agaseke ${tag}`, price: 12_000 }
  const message = {
    subject: `Stock question ${tag}`,
    content: `Muraho! When is my payout sent? (${tag})`,
  }
  const [created, sent] = await Promise.all([
    vendorApi.post('/api/vendor/products', {
      data: {
        name: basket.name,
        category: 'Home Decor',
        price: basket.price,
        images: [],
        hasVariants: false,
        colors: [],
        sizes: [],
        variants: [{ price: basket.price, stock: 4 }],
      },
    }),
    vendorApi.post('/api/messages', {
      data: { type: 'support', subject: message.subject, content: message.content },
    }),
  ])
  expect(created.status(), await created.text()).toBe(201)
  expect(sent.status(), await sent.text()).toBe(201)
  const basketProduct = (await created.json()) as { id: string; variants: { id: string }[] }
  const ordered = await admin.post('/api/admin/orders', {
    data: {
      vendorId: vendor.vendorId,
      productId: basketProduct.id,
      variantId: basketProduct.variants[0]!.id,
      customerName: `Mugisha ${tag}`,
      customerEmail: 'mugisha@example.rw',
      quantity: 1,
    },
  })
  expect(ordered.status(), await ordered.text()).toBe(201)
  const { id: orderId } = (await ordered.json()) as { id: string }
  const completed = await vendorApi.patch(`/api/vendor/orders/${orderId}/status`, {
    data: { status: 'completed' },
  })
  expect(completed.status(), await completed.text()).toBe(200)
  const requested = await vendorApi.post('/api/vendor/payouts', { data: { amount: 9_000 } })
  expect(requested.status(), await requested.text()).toBe(201)
  const payout = { ...((await requested.json()) as { id: string }), amount: 9_000 }
  return { ...shop, basket: { ...basket, id: basketProduct.id }, message, payout }
}

for (const lang of testLanguages) {
  test(`an operator's day: a payout paid, orders typed and imported with phone and address, a message answered, and the shop's view of it (${lang})`, async ({
    page,
  }, testInfo) => {
    // About 30 s on a quiet machine; a busy one (two browsers and the server on two cores) takes several times that.
    test.setTimeout(180_000)
    const tag = `day${testInfo.project.name.slice(0, 1)}${lang}${Date.now().toString(36)}`
    const admin = await adminApi()
    const { vendor, vendorApi, product, variant, basket, message, payout } = await shopBeforeTheDay(
      admin,
      tag,
    )
    const payoutStatus = async () => {
      const response = await admin.get(`/api/admin/payouts/${payout.id}`)
      expect(response.status()).toBe(200)
      return ((await response.json()) as { status: string }).status
    }

    await chooseLanguageBeforehand(page, lang)
    await openAdminArea(page)
    await expectNoSidewaysScroll(page)

    await test.step('the payout: its destination shown on purpose, then paid with its reference', async () => {
      await openFromMenu(page, lang, 'nav.payouts')
      await searchList(page, lang, 'admin.payouts.search.label', vendor.shopName)
      const about = { id: payout.id.slice(0, 8), amount: formatRwf(payout.amount), shop: vendor.shopName }
      const row = listed(page, vendor.shopName)
      await expect(row).toContainText(t(lang, 'status.pending'))
      await expectNoSidewaysScroll(page)

      // Masked until asked for; asking is said to be recorded.
      await page.getByRole('button', { name: t(lang, 'admin.payouts.viewLabel', about) }).click()
      const details = dialog(page, lang, 'admin.payouts.details.title')
      await expect(details).toContainText('•••• 3456')
      await expect(details).not.toContainText('712343456')
      await expect(details).toContainText(t(lang, 'admin.payouts.reveal.audited'))
      await button(details, lang, 'admin.payouts.reveal.show').click()
      await expect(details.getByText(t(lang, 'admin.payouts.reveal.title'))).toBeVisible()
      await expect(details).toContainText(/\+?254712343456/)
      await expect(
        details.getByRole('button', {
          name: t(lang, 'admin.payouts.reveal.copyLabel', { shop: vendor.shopName }),
        }),
      ).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(details).toBeHidden()

      // Paid by hand, so an approval needs the transfer's reference: without one it is refused, and stays pending.
      await page.getByRole('button', { name: t(lang, 'admin.payouts.approveLabel', about) }).click()
      const approve = dialog(page, lang, 'admin.payouts.approveDialog.title')
      const reference = field(approve, lang, 'admin.payouts.approveDialog.referenceLabel')
      await button(approve, lang, 'admin.payouts.approveDialog.confirm').click()
      await expectFieldError(reference, t(lang, 'payouts.referenceRequired'))
      await expect(reference).toBeFocused()
      expect(await payoutStatus()).toBe('pending')
      const paymentReference = `MP${tag}`.toUpperCase()
      await reference.fill(paymentReference)
      await button(approve, lang, 'admin.payouts.approveDialog.confirm').click()
      await expect(statusSaying(page, t(lang, 'admin.payouts.approved'))).toBeVisible()
      await expect(approve).toBeHidden()
      await expect(row).toContainText(t(lang, 'status.approved'))
      await expect(row).toContainText(t(lang, 'admin.payouts.receipt.pendingReceipt'))
      await expect(
        page.getByRole('button', { name: t(lang, 'admin.payouts.approveLabel', about) }),
      ).toHaveCount(0)
      expect(await payoutStatus()).toBe('approved')

      // The audit trail: the one reveal of this payout's destination, and the approval with its reference.
      await openFromMenu(page, lang, 'nav.auditLogs')
      await searchList(page, lang, 'admin.auditLogs.search.label', payout.id)
      await expect(listed(page, t(lang, 'admin.auditLogs.tables.disclosures'))).toHaveCount(1)
      // The payout's entries (its request, the reveal, the approval): the approval is the one with the reference.
      const approval = listed(page, paymentReference)
      await expect(approval).toHaveCount(1)
      await expect(approval).toContainText(t(lang, 'admin.auditLogs.tables.payouts'))
      await expectNoSidewaysScroll(page)
    })

    await test.step('an order typed in: a quantity above the stock and a wrong phone refused, then placed', async () => {
      await openFromMenu(page, lang, 'nav.orders')
      await button(page, lang, 'admin.orders.create.open').click()
      const form = dialog(page, lang, 'admin.orders.create.title')
      await choose(page, field(form, lang, 'admin.orders.create.vendor'), vendor.shopName, tag)
      await choose(page, field(form, lang, 'admin.orders.create.product'), product.name)
      await choose(page, field(form, lang, 'admin.orders.create.variant'), new RegExp(variant.sku))
      await field(form, lang, 'admin.orders.create.customerName').fill(`Keza ${tag}`)
      await field(form, lang, 'admin.orders.create.customerEmail').fill('keza@example.rw')
      // Refused with how many there are, and kept as typed: never lowered to the stock.
      const quantity = field(form, lang, 'admin.orders.create.quantity')
      await quantity.fill('100000')
      await button(form, lang, 'admin.orders.create.submit').click()
      await expectFieldError(quantity, t(lang, 'orders.quantityOverStock', { available: 30 }))
      await expect(quantity).toHaveValue('100000')
      await quantity.fill('-3')
      await expectFieldError(quantity, t(lang, 'orders.quantityDigits'))
      await expect(quantity).toHaveValue('-3')
      await quantity.fill('2.5')
      await expectFieldError(quantity, t(lang, 'orders.quantityDigits'))
      expect(await ordersTagged(admin, tag)).toHaveLength(1)
      await quantity.fill('2')
      const phone = field(form, lang, 'admin.orders.create.customerPhone')
      await phone.fill('12345')
      await button(form, lang, 'admin.orders.create.submit').click()
      await expectFieldError(phone, t(lang, 'orders.phoneInvalid'))
      expect(await ordersTagged(admin, tag)).toHaveLength(1)

      await phone.fill('0722 555 111')
      await choose(page, field(form, lang, 'admin.orders.create.district'), 'Kicukiro', 'Kicu')
      await field(form, lang, 'admin.orders.create.sector').fill('Niboye')
      await field(form, lang, 'admin.orders.create.cell').fill('Nyakabanda')
      await field(form, lang, 'admin.orders.create.address').fill('KK 15 Ave, house 12')
      await field(form, lang, 'admin.orders.create.deliveryNote').fill(`Blue gate ${tag}`)
      await button(form, lang, 'admin.orders.create.submit').click()
      await expect(statusSaying(page, t(lang, 'admin.orders.create.success'))).toBeVisible()
      await expect(form).toBeHidden()
      await expect(listed(page, `Keza ${tag}`)).toHaveCount(1)
      await expectNoSidewaysScroll(page)
    })

    await test.step('a CSV of orders with phone and address, then the same file again: asked first', async () => {
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
      expect(await ordersTagged(admin, tag)).toHaveLength(3)

      // Chosen again, the file is recognised: the preview and the import both say when it was imported and how
      // many orders it made, and nothing is created until the operator confirms.
      await button(importer, lang, 'admin.orders.import.chooseAnother').click()
      await importer.locator('input[type="file"]').setInputFiles(file)
      await button(importer, lang, 'admin.orders.import.preview').click()
      await expect(
        importer.getByText(withDateThisYear(lang, 'admin.orders.import.previewRepeat')),
      ).toBeVisible()
      await button(importer, lang, 'admin.orders.import.submit').click()
      const question = importer
        .getByRole('alert')
        .filter({ hasText: t(lang, 'admin.orders.import.repeatTitle') })
      await expect(question).toContainText(withDateThisYear(lang, 'admin.orders.import.repeatQuestion'))
      expect(await ordersTagged(admin, tag)).toHaveLength(3)
      await button(question, lang, 'admin.orders.import.importAgain').click()
      await expect(importer.getByRole('status')).toContainText(
        t(lang, 'admin.orders.import.success', { success: 1 }),
      )
      expect(await ordersTagged(admin, tag)).toHaveLength(4)
      await button(importer, lang, 'actions.close').last().click()
      await expect(importer).toBeHidden()
      await expect(listed(page, `Ganza ${tag}`)).toHaveCount(2)
      await expectNoSidewaysScroll(page)
    })

    const reply = `Murakoze: it was sent today, reference on your payouts screen (${tag}).`
    await test.step("the shop's message answered: an empty reply refused, then sent, and marked answered", async () => {
      await openFromMenu(page, lang, 'nav.messages')
      await searchList(page, lang, 'admin.messages.search.label', tag)
      const row = listed(page, message.subject)
      await expect(row).toContainText(t(lang, 'admin.messages.notAnswered'))
      await expectNoSidewaysScroll(page)
      await row
        .getByRole('button', {
          name: t(lang, 'admin.messages.openLabel', { sender: vendor.fullName, subject: message.subject }),
        })
        .click()
      const details = page.getByRole('dialog', { name: message.subject })
      await expect(details).toContainText(message.content)
      await button(details, lang, 'admin.messages.details.reply').click()
      const replyDialog = page.getByRole('dialog', {
        name: t(lang, 'admin.messages.replyDialog.title', { sender: vendor.fullName }),
      })
      const replyField = field(replyDialog, lang, 'admin.messages.replyDialog.content')
      await button(replyDialog, lang, 'admin.messages.replyDialog.send').click()
      await expectFieldError(replyField, t(lang, 'messages.contentRequired'))
      await expect(details.getByRole('listitem')).toHaveCount(1)
      await replyField.fill(reply)
      await button(replyDialog, lang, 'admin.messages.replyDialog.send').click()
      await expect(replyDialog).toBeHidden()
      await expect(statusSaying(details, t(lang, 'admin.messages.details.replySent'))).toBeVisible()
      const answeredBy = t(lang, 'admin.messages.answeredBy', { name: adminCredentials().fullName })
      await expect(details.getByRole('listitem')).toHaveCount(2)
      await expect(details.getByRole('listitem').last()).toContainText(reply)
      await expect(details.getByRole('listitem').first()).toContainText(answeredBy)
      await page.keyboard.press('Escape')
      await expect(details).toBeHidden()
      await expect(row).toContainText(answeredBy)
      await expect(row).not.toContainText(t(lang, 'admin.messages.notAnswered'))
    })
    await admin.dispose()

    // The shop, signed in on the same device (375 px on the phone run).
    const { cookies } = await vendorApi.storageState()
    await page.context().clearCookies()
    await page.context().addCookies(cookies)
    await page.goto('/vendor')
    await expect(page.getByRole('heading', { level: 1, name: vendor.shopName })).toBeVisible()

    await test.step('the dashboard flags what runs low and leads to the low-stock list', async () => {
      const card = page.getByRole('region', {
        name: t(lang, 'vendor.dashboard.lowStock.title', { count: 1 }),
      })
      await expect(card).toBeVisible()
      await expectNoSidewaysScroll(page)
      await card.getByRole('link', { name: t(lang, 'vendor.dashboard.lowStock.view') }).click()
      await expect(page).toHaveURL(/\/vendor\/products\?stock=low$/)
      await expect(page.getByRole('article')).toHaveCount(1)
      const basketCard = listed(page, basket.name)
      await expect(basketCard).toContainText(t(lang, 'vendor.products.card.lowStock'))
      await expect(listed(page, product.name)).toHaveCount(0)
      await expectNoSidewaysScroll(page)

      // A negative price is refused beside the field, kept as typed, and the product keeps its price.
      await basketCard.getByRole('button', { name: `${t(lang, 'actions.edit')} ${basket.name}` }).click()
      const editor = dialog(page, lang, 'vendor.products.dialog.editTitle')
      const price = editor.getByRole('textbox', { name: exactly(t(lang, 'vendor.products.fields.price')) })
      await price.fill('-5000')
      await button(editor, lang, 'vendor.products.dialog.save').click()
      await expectFieldError(price, t(lang, 'products.priceInvalid'))
      await expect(price).toHaveValue(/^-5,?000$/)
      await button(editor, lang, 'actions.cancel').click()
      await expect(editor).toBeHidden()
      await expect(basketCard).toContainText(formatRwf(basket.price))
      const saved = await vendorApi.get(`/api/vendor/products/${basket.id}`)
      const { variants } = (await saved.json()) as { variants: { price: number }[] }
      expect(variants.map((each) => each.price)).toEqual([basket.price])
    })

    await test.step("the shop's orders show the customer's phone and delivery address", async () => {
      await openFromMenu(page, lang, 'nav.orders')
      const keza = listed(page, `Keza ${tag}`)
      await expect(keza.getByRole('link', { name: /\+250 722 555 111/ })).toHaveAttribute(
        'href',
        'tel:+250722555111',
      )
      await expect(keza).toContainText('KK 15 Ave, house 12')
      await expect(keza).toContainText(t(lang, 'orders.delivery.district', { district: 'Kicukiro' }))
      await expect(keza).toContainText(t(lang, 'orders.delivery.provinces.kigali'))
      await expect(keza).toContainText(`Blue gate ${tag}`)
      const ganza = listed(page, `Ganza ${tag}`)
      await expect(ganza).toHaveCount(2)
      await expect(ganza.first().getByRole('link', { name: /\+250 788 555 222/ })).toHaveAttribute(
        'href',
        'tel:+250788555222',
      )
      await expect(ganza.first()).toContainText('Near the bus park')
      await expect(ganza.first()).toContainText(t(lang, 'orders.delivery.district', { district: 'Musanze' }))
      await expectNoSidewaysScroll(page)
    })

    await test.step("the team's reply is in the shop's conversation", async () => {
      await openFromMenu(page, lang, 'nav.messages')
      await page.getByRole('link').filter({ hasText: message.content }).click()
      const conversation = page
        .getByRole('region', { name: t(lang, 'vendor.messages.detailLabel') })
        .getByRole('list', { name: t(lang, 'messages.conversation.label') })
      await expect(conversation.getByRole('listitem')).toHaveCount(2)
      await expect(conversation.getByRole('listitem').first()).toContainText(message.content)
      await expect(conversation.getByRole('listitem').last()).toContainText(reply)
      await expect(conversation.getByRole('listitem').last()).toContainText(t(lang, 'vendor.messages.team'))
      await expectNoSidewaysScroll(page)
    })
    await vendorApi.dispose()
  })
}
