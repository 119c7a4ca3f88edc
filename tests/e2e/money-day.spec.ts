import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test'
import { formatRwf } from '../../src/shared/money'
import type { TextKey } from '../../src/web/i18n/keys'
import {
  adminApi,
  approvedShopWithProduct,
  button,
  choose,
  chooseLanguageBeforehand,
  expect,
  field,
  listed,
  openAdminArea,
  openFromMenu,
  password,
  readConfirmationLink,
  searchList,
  serverOrigin,
  signIn,
  signInByApi,
  statusSaying,
  t,
  test,
  testLanguages,
  uniqueEmail,
  type Language,
} from './support'

/**
 * Step 11 in the browser: the money of one shop, line by line. The admin sets the shop's commission (10% + 100 RWF)
 * on the Commission and fees screen; the shop sells three times, refunds once and is paid; an admin credits it a
 * sum large enough to need a second admin, who approves it; the shop then reads its statement, whose lines add
 * up to the balance its payouts screen shows; the admin finds the commission in the reports. At 1280 px in English
 * and at 375 px in Kinyarwanda (playwright.config.ts). The rule is the shop's own, so runs side by side do not price each other's sales.
 */

const PRICE = 10_000
// 10% of 10,000 + 100, and 18% VAT on it: each sale leaves the shop 10,000 − 1,100 − 198.
const COMMISSION = 1_100
const VAT = 198
const NET = PRICE - COMMISSION - VAT
const PAYOUT = 10_000
// More than the default 100,000 a single admin may post alone.
const CREDIT = 120_000
const BALANCE = 2 * NET - PAYOUT + CREDIT

/** The page fits its window once the screen's rows are in. */
async function expectNoSidewaysScroll(page: Page) {
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 15_000 })
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }))
  expect(widths.scroll, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(widths.window)
}

const dialog = (
  page: Page,
  lang: Language,
  titleKey: TextKey,
  params: Record<string, string | number> = {},
) => page.getByRole('dialog', { name: t(lang, titleKey, params) })

const ok = async (response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200) => {
  expect(response.status(), await response.text()).toBe(status)
  return (await response.json()) as { id: string }
}

/** A second admin, invited by the first and joined through the mailed link: their own API session. */
async function secondAdmin(admin: APIRequestContext, tag: string) {
  const who = { fullName: `Keza Admin ${tag}`, email: uniqueEmail('admin2') }
  await ok(await admin.post('/api/admin/team/invitations', { data: who }), 201)
  const link = await readConfirmationLink(who.email)
  const token = new URL(link).hash.replace(/^#token=/, '')
  const api = await playwrightRequest.newContext({ baseURL: serverOrigin() })
  await ok(await api.post('/api/setup/invitation', { data: { token, password, confirmPassword: password } }))
  await signInByApi(api, { email: who.email, password })
  return { ...who, api }
}

for (const lang of testLanguages) {
  test(`the money of a shop: commission set, sales, a refund, a payout, a two-admin credit, the statement and the report (${lang})`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000)
    const tag = `m${testInfo.project.name.slice(0, 1)}${lang}${Date.now().toString(36)}`
    const admin = await adminApi()
    const { vendor, vendorApi, product, variant } = await approvedShopWithProduct(admin, {
      shopName: `Isoko ry'Amafaranga ${tag}`,
      product: { name: `Igitenge ${tag}`, price: PRICE },
    })

    await chooseLanguageBeforehand(page, lang)
    await openAdminArea(page)

    await test.step('the admin sets the shop’s commission: 10% + 100 RWF', async () => {
      await openFromMenu(page, lang, 'nav.money')
      await expect(page.getByRole('heading', { name: t(lang, 'money.title') })).toBeVisible()
      await button(page, lang, 'money.rules.add').click()
      const form = dialog(page, lang, 'money.rules.dialog.addTitle')
      await form.getByRole('radio', { name: t(lang, 'money.rules.scopes.shop'), exact: true }).check()
      await choose(
        page,
        form.getByRole('combobox', { name: t(lang, 'money.rules.dialog.shop') }),
        vendor.shopName,
        tag,
      )
      await field(form, lang, 'money.rules.dialog.rate').fill('10')
      await field(form, lang, 'money.rules.dialog.fixed').fill('100')
      await button(form, lang, 'money.rules.dialog.save').click()
      await expect(statusSaying(page, t(lang, 'money.rules.dialog.added'))).toBeVisible()
      await expect(form).toBeHidden()
      await expect(listed(page, vendor.shopName)).toHaveCount(1)
      await expectNoSidewaysScroll(page)
    })

    await test.step('the shop sells three times, refunds one sale and is paid (through the API)', async () => {
      const sold: string[] = []
      for (let sale = 0; sale < 3; sale += 1) {
        const order = await ok(
          await admin.post('/api/admin/orders', {
            data: {
              vendorId: vendor.vendorId,
              productId: product.id,
              variantId: variant.id,
              customerName: `Uwase ${tag}`,
              customerEmail: 'uwase@example.rw',
              quantity: 1,
            },
          }),
          201,
        )
        await ok(
          await vendorApi.patch(`/api/vendor/orders/${order.id}/status`, { data: { status: 'completed' } }),
        )
        sold.push(order.id)
      }
      await ok(
        await vendorApi.patch(`/api/vendor/orders/${sold[0]}/status`, { data: { status: 'refunded' } }),
      )
      const payout = await ok(await vendorApi.post('/api/vendor/payouts', { data: { amount: PAYOUT } }), 201)
      await ok(
        await admin.patch(`/api/admin/payouts/${payout.id}`, {
          data: { status: 'approved', paymentReference: `MP${tag}`.toUpperCase() },
        }),
      )
    })

    await test.step('a credit above the threshold waits for a second admin, who approves it', async () => {
      await openFromMenu(page, lang, 'nav.vendors')
      await searchList(page, lang, 'admin.vendors.search.label', vendor.shopName)
      await listed(page, vendor.shopName)
        .getByRole('button', { name: t(lang, 'admin.vendors.view') })
        .click()
      const details = page.getByRole('dialog').filter({ hasText: t(lang, 'adjustments.form.title') })
      await field(details, lang, 'adjustments.form.amount').fill(String(CREDIT))
      await field(details, lang, 'adjustments.form.reason').fill(`Parcel damaged in transit ${tag}`)
      await button(details, lang, 'adjustments.form.review').click()
      const confirm = dialog(page, lang, 'adjustments.form.confirmTitle')
      await expect(confirm).toContainText(
        t(lang, 'adjustments.form.needsApproval', { threshold: formatRwf(100_000) }),
      )
      await button(confirm, lang, 'adjustments.form.confirm').click()
      await expect(statusSaying(page, t(lang, 'adjustments.form.pending'))).toBeVisible()

      // The admin who asked cannot approve it; a second admin, in a browser of their own, does.
      const second = await secondAdmin(admin, tag)
      const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
      await context.addCookies((await second.api.storageState()).cookies)
      const other = await context.newPage()
      await chooseLanguageBeforehand(other, lang)
      await other.goto('/admin/payouts')
      const about = { amount: formatRwf(CREDIT), shop: vendor.shopName }
      await other.getByRole('button', { name: t(lang, 'adjustments.pending.approveLabel', about) }).click()
      const approve = dialog(other, lang, 'adjustments.pending.approveTitle')
      await button(approve, lang, 'adjustments.pending.approve').click()
      await expect(statusSaying(other, t(lang, 'adjustments.pending.approved'))).toBeVisible()
      await expectNoSidewaysScroll(other)
      await context.close()
      await second.api.dispose()
    })

    await test.step('the shop reads its statement: its lines add up to the balance shown', async () => {
      await page.context().clearCookies()
      await signIn(page, lang, vendor)
      // The shop's dashboard is up (its menu ready) before the menu is reached for.
      await page.waitForURL(/\/vendor$/)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await openFromMenu(page, lang, 'nav.payouts')
      const balance = formatRwf(BALANCE)
      await expect(page.getByText(balance).first()).toBeVisible()
      const statement = page.getByRole('region', { name: t(lang, 'statement.title') })
      await expect(statement.getByText(t(lang, 'statement.closing'))).toBeVisible()
      // Opening 0 (a new shop), closing the balance the screen shows.
      await expect(statement).toContainText(`${t(lang, 'statement.opening')}${formatRwf(0)}`)
      await expect(statement).toContainText(`${t(lang, 'statement.closing')}${balance}`)
      // Three sales with their commission and VAT, one of them reversed, the payout and the credit: 14 lines.
      const kinds: [string, number, number][] = [
        ['sale', 3, PRICE],
        ['commission', 3, -COMMISSION],
        ['commission_vat', 3, -VAT],
        ['refund', 1, -PRICE],
        ['commission_refund', 1, COMMISSION],
        ['commission_vat_refund', 1, VAT],
        ['payout', 1, -PAYOUT],
        ['adjustment', 1, CREDIT],
      ]
      let sum = 0
      for (const [kind, count, amount] of kinds) {
        const lines = listed(page, t(lang, `statement.kinds.${kind}` as TextKey)).filter({
          hasText: formatRwf(amount),
        })
        await expect(lines, kind).toHaveCount(count)
        sum += count * amount
      }
      expect(sum).toBe(BALANCE)
      await expectNoSidewaysScroll(page)
    })

    await test.step('the admin sees the commission in the reports', async () => {
      await page.context().clearCookies()
      await openAdminArea(page)
      await openFromMenu(page, lang, 'nav.reports')
      const earnings = page.getByRole('region', { name: t(lang, 'moneyReport.title') })
      await expect(earnings.getByText(t(lang, 'moneyReport.cards.commission'), { exact: true })).toBeVisible()
      // Other shops' sales may be in it too: at least this shop's two standing sales' commission.
      const figure = await earnings
        .getByText(/RWF\s[\d,]+/)
        .first()
        .textContent()
      expect(Number(figure!.replace(/[^\d]/g, ''))).toBeGreaterThanOrEqual(2 * COMMISSION)
      await expectNoSidewaysScroll(page)
    })
  })
}
