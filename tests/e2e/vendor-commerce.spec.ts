import type { Locator, Page } from '@playwright/test'
import type { Color } from '../../src/shared/constants'
import { formatRwf } from '../../src/shared/money'
import {
  adminApi,
  adminCredentials,
  anyCount,
  approveVendor,
  button,
  chooseLanguageBeforehand,
  createVendorWithShop,
  exactly,
  expect,
  field,
  listed,
  menuLink,
  openFromMenu,
  pngFile,
  screenshot,
  signIn,
  statusSaying,
  t,
  test,
  testLanguages,
  type Language,
} from './support'

type ProductDto = {
  id: string
  name: string
  variants: { id: string; price: number; attributes: { color?: string; size?: string } }[]
}

/** An order as the screen lists it: a table row from 1200 px, a card below; found by its customer. */
const orderOf = (page: Page, customer: string) => listed(page, customer)

/**
 * Ticks a colour or size chip as a person does, by clicking the chip (its checkbox is hidden inside it), and
 * checks that the checkbox a screen reader hears is now ticked.
 */
async function pickChip(scope: Locator, name: string) {
  await scope.getByText(name, { exact: true }).click()
  await expect(scope.getByRole('checkbox', { name: exactly(name) })).toBeChecked()
}

/** "Red / M" as the variants table names a variant. */
const variantName = (lang: Language, color: Color, size: string) =>
  `${t(lang, `colors.${color}`)} / ${size.toUpperCase()}`

for (const lang of testLanguages) {
  test(`a vendor sells: product with variants, orders, a payout and a support reply (${lang})`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(150_000)
    // The shop is registered through the API: the wizard is vendor-shop.spec.ts's subject.
    const vendor = await createVendorWithShop(request)
    const admin = await adminApi()
    // Only an approved shop sells (the admin's review screen comes with the admin area).
    await approveVendor(admin, vendor.vendorId)
    const suffix = Date.now().toString(36)
    const product = { name: `Kitenge dress ${suffix}`, price: 15_000, bluePrice: 18_000 }
    const refunded = { customer: 'Jean Bosco Habimana', email: 'jean.bosco@example.com' }
    const completed = { customer: 'Claudine Mukamana', email: 'claudine@example.com' }
    const images = await Promise.all([
      pngFile('dress-front.png', 96, { r: 220, g: 38, b: 38 }),
      pngFile('dress-back.png', 96, { r: 29, g: 78, b: 216 }),
      pngFile('dress-detail.png', 96, { r: 234, g: 179, b: 8 }),
    ])
    await chooseLanguageBeforehand(page, lang)

    await test.step('sign in on /login and open Products', async () => {
      await signIn(page, lang, vendor)
      await expect(page).toHaveURL(/\/vendor$/)
      await expect(page.getByRole('heading', { level: 1, name: vendor.shopName })).toBeVisible()
      await openFromMenu(page, lang, 'nav.products')
      await expect(page).toHaveURL(/\/vendor\/products$/)
      await expect(page.getByText(t(lang, 'vendor.products.empty.title'))).toBeVisible()
    })

    await test.step('add a Clothes product: 2 colours × 2 sizes, 3 images', async () => {
      await button(page, lang, 'vendor.products.addFirst').click()
      const dialog = page.getByRole('dialog', { name: t(lang, 'vendor.products.dialog.createTitle') })
      await expect(dialog).toBeVisible()
      await field(dialog, lang, 'vendor.products.fields.name').fill(product.name)
      await field(dialog, lang, 'vendor.products.fields.category').click()
      await page.getByRole('option', { name: exactly(t(lang, 'categories.Clothes')) }).click()
      await dialog
        .getByRole('textbox', { name: exactly(t(lang, 'vendor.products.fields.price')) })
        .fill(String(product.price))
      await field(dialog, lang, 'vendor.products.fields.description').fill(
        'Hand-printed cotton kitenge, made in Kigali.',
      )
      // Clothes always come in colours and sizes: the box is ticked and cannot be unticked.
      const hasVariants = dialog.getByRole('checkbox', {
        name: t(lang, 'vendor.products.fields.hasVariants'),
      })
      await expect(hasVariants).toBeChecked()
      await expect(hasVariants).toBeDisabled()

      await dialog
        // The file picker is named by its tile and the field: "Add images Images".
        .getByRole('button', {
          name: exactly(
            `${t(lang, 'vendor.products.images.add')} ${t(lang, 'vendor.products.images.label')}`,
          ),
        })
        .setInputFiles(images)
      const imageList = dialog.getByRole('list', { name: t(lang, 'vendor.products.images.listLabel') })
      await expect(imageList.getByText(t(lang, 'uploads.status.success'))).toHaveCount(3)

      for (const color of ['red', 'blue'] as const) await pickChip(dialog, t(lang, `colors.${color}`))
      for (const size of ['M', 'L']) await pickChip(dialog, size)
      for (const color of ['red', 'blue'] as const) {
        for (const size of ['m', 'l']) {
          const price = dialog.getByRole('textbox', {
            name: exactly(
              t(lang, 'vendor.products.variants.priceOf', { variant: variantName(lang, color, size) }),
            ),
          })
          await expect(price).toHaveValue(product.price.toLocaleString('en-US'))
        }
      }
      await expect(dialog.getByText(t(lang, 'vendor.products.variants.count', { count: 4 }))).toBeVisible()
      await screenshot(page, testInfo, lang, 'product-dialog', { fullPage: false })
      await button(dialog, lang, 'vendor.products.dialog.save').click()

      await expect(dialog).toBeHidden()
      await expect(
        statusSaying(page, t(lang, 'vendor.products.saved.created', { name: product.name })),
      ).toBeVisible()
      const card = page.getByRole('article', { name: product.name })
      await expect(card).toContainText(t(lang, 'categories.Clothes'))
      await expect(card).toContainText(formatRwf(product.price))
      await expect(card).toContainText(t(lang, 'vendor.products.variants.count', { count: 4 }))
      await expect(card).toContainText(t(lang, 'status.approved'))
      await screenshot(page, testInfo, lang, 'products-added')
    })

    await test.step('edit it: Blue / L costs more, and the grid shows the price range', async () => {
      await page
        .getByRole('article', { name: product.name })
        .getByRole('button', { name: `${t(lang, 'actions.edit')} ${product.name}` })
        .click()
      const dialog = page.getByRole('dialog', { name: t(lang, 'vendor.products.dialog.editTitle') })
      await expect(field(dialog, lang, 'vendor.products.fields.name')).toHaveValue(product.name)
      await expect(
        dialog.getByRole('list', { name: t(lang, 'vendor.products.images.listLabel') }).getByRole('img'),
      ).toHaveCount(3)
      const bluePrice = dialog.getByRole('textbox', {
        name: exactly(
          t(lang, 'vendor.products.variants.priceOf', { variant: variantName(lang, 'blue', 'l') }),
        ),
      })
      await bluePrice.fill(String(product.bluePrice))
      await screenshot(page, testInfo, lang, 'product-edit', { fullPage: false })
      await button(dialog, lang, 'vendor.products.dialog.save').click()

      await expect(dialog).toBeHidden()
      await expect(
        statusSaying(page, t(lang, 'vendor.products.saved.updated', { name: product.name })),
      ).toBeVisible()
      await expect(page.getByRole('article', { name: product.name })).toContainText(
        `${formatRwf(product.price)} – ${formatRwf(product.bluePrice)}`,
      )
      await screenshot(page, testInfo, lang, 'products-price-range')
    })

    // Customers do not order through the back office: the admin places two orders through the API.
    await test.step('two orders arrive (placed by the admin through the API)', async () => {
      const me = (await (await page.request.get('/api/account/me')).json()) as { vendor: { id: string } }
      const list = (await (await page.request.get('/api/vendor/products')).json()) as { items: ProductDto[] }
      const saved = list.items.find((item) => item.name === product.name)!
      const variant = (color: string, size: string) =>
        saved.variants.find((entry) => entry.attributes.color === color && entry.attributes.size === size)!
      expect(variant('blue', 'l').price).toBe(product.bluePrice)
      for (const [who, chosen, quantity] of [
        [refunded, variant('red', 'm'), 1],
        [completed, variant('blue', 'l'), 2],
      ] as const) {
        const order = await admin.post('/api/admin/orders', {
          data: {
            vendorId: me.vendor.id,
            productId: saved.id,
            variantId: chosen.id,
            customerName: who.customer,
            customerEmail: who.email,
            quantity,
          },
        })
        expect(order.status(), await order.text()).toBe(201)
      }
    })

    await test.step('/vendor/orders: both marked completed, then one refunded', async () => {
      await openFromMenu(page, lang, 'nav.orders')
      await expect(page).toHaveURL(/\/vendor\/orders$/)
      await expect(page.getByText(t(lang, 'vendor.orders.count', { count: 2 }))).toBeVisible()
      for (const who of [refunded, completed]) {
        const order = orderOf(page, who.customer)
        await expect(order).toContainText(t(lang, 'status.pending'))
        await button(order, lang, 'vendor.orders.markCompleted').click()
        await expect(order).toContainText(t(lang, 'status.completed'))
        await expect(button(order, lang, 'vendor.orders.refund')).toBeVisible()
      }
      await expect(
        statusSaying(page, t(lang, 'vendor.orders.completedDone', { product: product.name })),
      ).toBeVisible()
      await expect(orderOf(page, completed.customer)).toContainText(formatRwf(2 * product.bluePrice))
      await screenshot(page, testInfo, lang, 'orders-completed')

      await button(orderOf(page, refunded.customer), lang, 'vendor.orders.refund').click()
      const dialog = page.getByRole('dialog', { name: t(lang, 'vendor.orders.refundTitle') })
      await expect(dialog).toContainText(
        t(lang, 'vendor.orders.refundBody', {
          customer: refunded.customer,
          total: formatRwf(product.price),
          product: product.name,
        }),
      )
      await screenshot(page, testInfo, lang, 'orders-refund-dialog', { fullPage: false })
      await button(dialog, lang, 'vendor.orders.refundConfirm').click()
      await expect(dialog).toBeHidden()
      await expect(
        statusSaying(page, t(lang, 'vendor.orders.refundDone', { product: product.name })),
      ).toBeVisible()
      const refundedOrder = orderOf(page, refunded.customer)
      await expect(refundedOrder).toContainText(t(lang, 'status.refunded'))
      await expect(refundedOrder).toContainText(t(lang, 'vendor.orders.refundFinal'))
      await expect(refundedOrder.getByRole('button')).toHaveCount(0)
      await screenshot(page, testInfo, lang, 'orders-refunded')
    })

    const balance = 2 * product.bluePrice // the completed order; the refunded one earns nothing
    const payout = 20_000

    await test.step('/vendor/payouts: the balance, and a payout request', async () => {
      await openFromMenu(page, lang, 'nav.payouts')
      await expect(page).toHaveURL(/\/vendor\/payouts$/)
      const summary = page.getByRole('region', { name: t(lang, 'vendor.payouts.summary.label') })
      await expect(summary).toContainText(formatRwf(balance))
      await expect(summary).toContainText(t(lang, 'vendor.profile.payout.methods.mobile_money'))

      const amount = field(page, lang, 'vendor.payouts.request.amount')
      const submit = button(page, lang, 'vendor.payouts.request.submit')
      // More than the balance cannot be asked for.
      await amount.fill(String(balance + 1))
      await expect(submit).toBeDisabled()
      await expect(page.getByText(t(lang, 'payouts.invalidAmount'))).toBeVisible()
      await amount.fill(String(payout))
      await expect(submit).toBeEnabled()
      await screenshot(page, testInfo, lang, 'payouts-request')
      await submit.click()

      await expect(statusSaying(page, t(lang, 'vendor.payouts.requested'))).toBeVisible()
      await expect(summary).toContainText(formatRwf(balance - payout))
      await expect(summary).toContainText(formatRwf(payout))
      const history = page.getByRole('region', { name: t(lang, 'vendor.payouts.history.title') })
      await expect(history).toContainText(t(lang, 'status.pending'))
      await screenshot(page, testInfo, lang, 'payouts-requested')
    })

    await test.step('the admin approves it; the vendor confirms receipt, without reloading', async () => {
      const payouts = (await (await page.request.get('/api/vendor/payouts')).json()) as {
        items: { id: string; amount: number }[]
      }
      const requested = payouts.items.find((item) => item.amount === payout)!
      const decided = await admin.patch(`/api/admin/payouts/${requested.id}`, {
        data: { status: 'approved', paymentReference: 'MTN-TX-1' },
      })
      expect(decided.status(), await decided.text()).toBe(200)

      // The decision arrives over the open event stream: the button appears on the page as it is.
      const history = page.getByRole('region', { name: t(lang, 'vendor.payouts.history.title') })
      await expect(history).toContainText(t(lang, 'status.approved'))
      await button(history, lang, 'vendor.payouts.confirmReceipt').click()
      const dialog = page.getByRole('dialog', { name: t(lang, 'vendor.payouts.confirmTitle') })
      await expect(dialog).toContainText(formatRwf(payout))
      await screenshot(page, testInfo, lang, 'payouts-confirm-dialog', { fullPage: false })
      await button(dialog, lang, 'vendor.payouts.confirm').click()
      await expect(dialog).toBeHidden()
      await expect(statusSaying(page, t(lang, 'vendor.payouts.receiptConfirmed'))).toBeVisible()
      // A receipt is confirmed once.
      await expect(button(history, lang, 'vendor.payouts.confirmReceipt')).toHaveCount(0)
      await screenshot(page, testInfo, lang, 'payouts-confirmed')
    })

    await test.step('/vendor/messages: a support message, and the reply arrives live', async () => {
      await openFromMenu(page, lang, 'nav.messages')
      await expect(page).toHaveURL(/\/vendor\/messages$/)
      await page.getByRole('link', { name: exactly(t(lang, 'vendor.messages.newMessage')) }).click()
      const compose = page.getByRole('form', { name: t(lang, 'vendor.messages.compose.title') })
      await field(compose, lang, 'vendor.messages.compose.type').selectOption('support')
      const subject = `Payout ${suffix}`
      await field(compose, lang, 'vendor.messages.compose.subject').fill(subject)
      await field(compose, lang, 'vendor.messages.compose.content').fill(
        'Hello, when do approved payouts reach my MTN mobile money account?',
      )
      await screenshot(page, testInfo, lang, 'messages-compose')
      await button(compose, lang, 'vendor.messages.compose.send').click()

      await expect(statusSaying(page, t(lang, 'vendor.messages.sendSuccess'))).toBeVisible()
      await expect(page).toHaveURL(/\/vendor\/messages\?id=/)
      const detail = page.getByRole('region', { name: t(lang, 'vendor.messages.detailLabel') })
      await expect(detail.getByRole('heading', { name: subject })).toBeVisible()
      const messageId = new URL(page.url()).searchParams.get('id')!

      // Whatever happens next must happen in this very document: no reload, no navigation.
      await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true))
      const replyText = `Approved payouts reach your account within one business day (${suffix}).`
      const reply = await admin.post(`/api/admin/messages/${messageId}/reply`, {
        data: { content: replyText },
      })
      expect(reply.status(), await reply.text()).toBe(201)

      // The reply joins the open conversation, under the message it answers.
      const conversation = detail.getByRole('list', { name: t(lang, 'messages.conversation.label') })
      await expect(conversation.getByRole('listitem')).toHaveCount(2)
      await expect(conversation.getByRole('listitem').last()).toContainText(replyText)
      // The vendor hears from the team: the replying admin's name and e-mail stay with the admins.
      await expect(conversation).toContainText(t(lang, 'vendor.messages.team'))
      await expect(conversation).not.toContainText(adminCredentials().fullName)
      await expect(conversation).not.toContainText(adminCredentials().email)
      // Shown in the open conversation, so read: no unread count stays, on the screen or in the menu.
      await expect(page.getByRole('main').getByText(anyCount(lang, 'vendor.messages.unread'))).toHaveCount(0)
      await expect(menuLink(page, lang, 'nav.messages')).toHaveAccessibleName(t(lang, 'nav.messages'))
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
      await screenshot(page, testInfo, lang, 'messages-reply')
    })

    await admin.dispose()
  })
}
