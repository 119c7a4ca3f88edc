import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test'
import { formatRwf } from '../../src/shared/money'
import { languageHeader } from '../../src/shared/constants'
import { decisionMail } from '../../src/server/mail/decision-mail'
import {
  adminApi,
  chooseLanguageBeforehand,
  createVendorWithShop,
  exactly,
  expect,
  field,
  listed,
  openAdminArea,
  openFromMenu,
  readMail,
  screenshot,
  serverOrigin,
  signIn,
  statusSaying,
  t,
  test,
  testLanguages,
  type Language,
  type VendorWithShop,
} from './support'

/**
 * A vendor with a shop, in a request context of its own (signed in as that vendor), whose calls say they
 * come from screens in `lang`, as the app's do: mail to the vendor is written in it.
 */
async function vendorInItsOwnContext(
  lang: Language,
): Promise<{ vendor: VendorWithShop; api: APIRequestContext }> {
  const api = await playwrightRequest.newContext({
    baseURL: serverOrigin(),
    extraHTTPHeaders: { [languageHeader]: lang },
  })
  return { vendor: await createVendorWithShop(api), api }
}

/** Searches the list as an admin types (the search waits for a pause in typing). */
async function search(page: Page, lang: Language, labelKey: Parameters<typeof t>[1], text: string) {
  await page.getByRole('searchbox', { name: exactly(t(lang, labelKey)) }).fill(text)
  await expect(listed(page, text)).toHaveCount(1)
}

for (const lang of testLanguages) {
  test(`an admin reviews applications and pays a vendor out (${lang})`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000)
    const [approvedShop, rejectedShop] = [
      await vendorInItsOwnContext(lang),
      await vendorInItsOwnContext(lang),
    ]
    const reason = 'The government ID is unreadable.'

    await chooseLanguageBeforehand(page, lang)
    await openAdminArea(page)
    await expect(page).toHaveURL(/\/admin\/?$/)
    // The dashboard has settled (its figures arrived) before the menu is used.
    await expect(
      page.getByRole('heading', { level: 1, name: t(lang, 'admin.dashboard.title') }),
    ).toBeVisible()

    await test.step('/admin/vendors: Approve in the list asks first, naming the shop; Cancel leaves it pending', async () => {
      await openFromMenu(page, lang, 'nav.vendors')
      await expect(page).toHaveURL(/\/admin\/vendors/)
      await search(page, lang, 'admin.vendors.search.label', approvedShop.vendor.shopName)
      const row = listed(page, approvedShop.vendor.shopName)
      await row.getByRole('button', { name: exactly(t(lang, 'admin.vendors.approve')) }).click()
      const confirm = page.getByRole('dialog', { name: t(lang, 'admin.vendors.approveDialog.title') })
      await expect(confirm).toContainText(
        t(lang, 'admin.vendors.approveDialog.body', { shop: approvedShop.vendor.shopName }),
      )
      await confirm.getByRole('button', { name: exactly(t(lang, 'actions.cancel')) }).click()
      await expect(confirm).toBeHidden()
      await expect(row).toContainText(t(lang, 'status.pending'))
      await expect(row.getByRole('button', { name: exactly(t(lang, 'admin.vendors.approve')) })).toBeVisible()
    })

    await test.step('/admin/vendors: approve a pending application from its View dialog, after its question', async () => {
      await listed(page, approvedShop.vendor.shopName)
        .getByRole('button', { name: exactly(t(lang, 'admin.vendors.view')) })
        .click()
      const dialog = page.getByRole('dialog', { name: t(lang, 'admin.vendors.application.title') })
      await expect(dialog).toContainText(approvedShop.vendor.shopName)
      await expect(dialog).toContainText(approvedShop.vendor.email)
      await screenshot(page, testInfo, lang, 'admin-vendor-application')
      await dialog.getByRole('button', { name: exactly(t(lang, 'admin.vendors.approve')) }).click()
      await expect(dialog).toContainText(
        t(lang, 'admin.vendors.approveDialog.body', { shop: approvedShop.vendor.shopName }),
      )
      await dialog
        .getByRole('button', { name: exactly(t(lang, 'admin.vendors.approveDialog.confirm')) })
        .click()
      await expect(dialog).toContainText(t(lang, 'admin.vendors.application.decision.approved'))
    })

    await test.step('/admin/vendors: reject another from the list, which asks for a reason', async () => {
      await page.keyboard.press('Escape')
      await search(page, lang, 'admin.vendors.search.label', rejectedShop.vendor.shopName)
      await listed(page, rejectedShop.vendor.shopName)
        .getByRole('button', { name: exactly(t(lang, 'admin.vendors.reject')) })
        .click()
      const dialog = page.getByRole('dialog', { name: t(lang, 'admin.vendors.rejectDialog.title') })
      const confirm = dialog.getByRole('button', {
        name: exactly(t(lang, 'admin.vendors.rejectDialog.confirm')),
      })
      // Without a reason the rejection is not sent: the field says one is needed.
      await confirm.click()
      await expect(dialog).toContainText(t(lang, 'errors.reasonRequired'))
      const reasonField = field(dialog, lang, 'fields.rejectionReason')
      await expect(reasonField).toBeFocused()
      await expect(reasonField).toHaveAttribute('aria-invalid', 'true')
      await reasonField.fill(reason)
      await confirm.click()
      await expect(
        statusSaying(
          page,
          t(lang, 'admin.vendors.decided', { status: t(lang, 'admin.vendors.decidedStatus.rejected') }),
        ),
      ).toBeVisible()
      await screenshot(page, testInfo, lang, 'admin-vendor-rejected')
    })

    await test.step('the rejected vendor is mailed the decision and the reason, in their language', async () => {
      const { vendor } = rejectedShop
      const expected = decisionMail({
        to: vendor.email,
        name: vendor.fullName,
        language: lang,
        publicUrl: serverOrigin(),
        decision: { kind: 'vendorRejected', shopName: vendor.shopName, reason },
      })
      const mail = await readMail(vendor.email, expected.subject)
      expect(mail.link).toBe(new URL('/vendor', serverOrigin()).toString())
    })

    await test.step("the rejected vendor sees 'Account Rejected' and the reason", async () => {
      const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
      const vendorPage = await context.newPage()
      await chooseLanguageBeforehand(vendorPage, lang)
      await signIn(vendorPage, lang, rejectedShop.vendor)
      await expect(vendorPage).toHaveURL(/\/vendor\/?$/)
      await expect(vendorPage.getByText(t(lang, 'vendor.status.rejectedTitle'))).toBeVisible()
      await expect(vendorPage.getByText(reason)).toBeVisible()
      await screenshot(vendorPage, testInfo, lang, 'vendor-rejected-with-reason')
      await context.close()
    })

    // The approved shop sells once and asks for its money: the request must reach the admin without a reload.
    const amount = 15_000
    let payoutId = ''
    await test.step('the bell shows a new payout request without a reload', async () => {
      await openFromMenu(page, lang, 'nav.dashboard')
      const { api } = approvedShop
      const created = await api.post('/api/vendor/products', {
        data: {
          name: `Agaseke ${Date.now()}`,
          description: 'Handwoven basket',
          category: 'Home Decor',
          price: amount,
          hasVariants: false,
          colors: [],
          sizes: [],
          images: [],
          variants: [{ price: amount, stock: 5 }],
        },
      })
      expect(created.status(), await created.text()).toBe(201)
      const product = (await created.json()) as { id: string; variants: { id: string }[] }
      const admin = await adminApi()
      const order = await admin.post('/api/admin/orders', {
        data: {
          vendorId: approvedShop.vendor.vendorId,
          productId: product.id,
          variantId: product.variants[0]!.id,
          customerName: 'Jean Bosco',
          customerEmail: 'jean.bosco@example.rw',
          quantity: 1,
        },
      })
      expect(order.status(), await order.text()).toBe(201)
      const { id: orderId } = (await order.json()) as { id: string }
      await admin.dispose()
      const completed = await api.patch(`/api/vendor/orders/${orderId}/status`, {
        data: { status: 'completed' },
      })
      expect(completed.status(), await completed.text()).toBe(200)

      // The bell's name carries the count ('Pending payout requests: 3'): read it before the request.
      const pattern = t(lang, 'admin.dashboard.bell.label', { count: 987654 })
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace('987654', '(\\d+)')
      const bell = page.getByRole('button', { name: new RegExp(`^${pattern}$`) })
      const countOf = async () =>
        Number(new RegExp(pattern).exec((await bell.getAttribute('aria-label')) ?? '')?.[1])
      const countBefore = await countOf()
      const requested = await api.post('/api/vendor/payouts', { data: { amount } })
      expect(requested.status(), await requested.text()).toBe(201)
      payoutId = ((await requested.json()) as { id: string }).id
      // Other shops may ask at the same time (tests run side by side): the count only has to go up.
      await expect.poll(countOf).toBeGreaterThan(countBefore)
      await bell.click()
      const panel = page.getByRole('dialog', { name: t(lang, 'admin.dashboard.bell.title') })
      await expect(panel).toContainText(approvedShop.vendor.shopName)
      await screenshot(page, testInfo, lang, 'admin-bell')
      await page.keyboard.press('Escape')
    })

    await test.step('/admin/payouts: approve it with a payment reference', async () => {
      await openFromMenu(page, lang, 'nav.payouts')
      await search(page, lang, 'admin.payouts.search.label', approvedShop.vendor.shopName)
      const row = listed(page, approvedShop.vendor.shopName)
      await row
        .getByRole('button', {
          name: exactly(
            t(lang, 'admin.payouts.approveLabel', {
              id: payoutId.slice(0, 8),
              amount: formatRwf(amount),
              shop: approvedShop.vendor.shopName,
            }),
          ),
        })
        .click()
      const dialog = page.getByRole('dialog', { name: t(lang, 'admin.payouts.approveDialog.title') })
      await field(dialog, lang, 'admin.payouts.approveDialog.referenceLabel').fill('MTN-7788')
      await dialog
        .getByRole('button', { name: exactly(t(lang, 'admin.payouts.approveDialog.confirm')) })
        .click()
      await expect(statusSaying(page, t(lang, 'admin.payouts.approved'))).toBeVisible()
      await expect(row).toContainText(t(lang, 'admin.payouts.receipt.pendingReceipt'))
    })

    await test.step("the vendor confirms receipt; the admin's list then shows 'Received'", async () => {
      const confirmed = await approvedShop.api.post(`/api/vendor/payouts/${payoutId}/confirm-receipt`, {
        headers: { Origin: serverOrigin() },
      })
      expect(confirmed.status(), await confirmed.text()).toBe(200)
      await expect(listed(page, approvedShop.vendor.shopName)).toContainText(
        t(lang, 'admin.payouts.receipt.received'),
      )
      await screenshot(page, testInfo, lang, 'admin-payout-received')
    })

    await approvedShop.api.dispose()
    await rejectedShop.api.dispose()
  })
}
