import { readFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import {
  adminApi,
  approvedShopWithProduct,
  button,
  chooseLanguageBeforehand,
  expect,
  openAdminArea,
  SERVER_LOG,
  signIn,
  statusSaying,
  t,
  test,
  testLanguages,
} from './support'

/**
 * Step 12 in the browser, against the fakes the server starts (PAYOUT_PROVIDER=fake): the admin pays every
 * approved mobile-money payout as one batch and watches it finish; a shop pays its plan by mobile money,
 * "approves on the phone" (the fake's control endpoint) and sees the plan start. In English and Kinyarwanda, at
 * 1280 and 375 px. One test, round after round: "Pay all approved" takes every waiting payout, so two runs side
 * by side would pay each other's.
 */

const PAYOUT = 5_000
const widths = [1280, 375] as const

/** The fake MTN MoMo's address, as the server announced it when it started it. */
function fakeMtnUrl(): string {
  const found = /fake MTN MoMo \((http:\/\/127\.0\.0\.1:\d+)\)/.exec(readFileSync(SERVER_LOG, 'utf8'))
  if (!found) throw new Error(`The server did not announce the fake MTN MoMo in ${SERVER_LOG}`)
  return found[1]!
}

const ok = async (response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200) => {
  expect(response.status(), await response.text()).toBe(status)
  return (await response.json()) as { id: string }
}

/** A shop owed PAYOUT whose payout request the admin approved without a reference: queued for MTN. */
async function queuedPayout(admin: APIRequestContext, tag: string) {
  const shop = await approvedShopWithProduct(admin, {
    shopName: `Isoko rya Mobile ${tag}`,
    product: { name: `Agaseke ${tag}`, price: PAYOUT },
  })
  const order = await ok(
    await admin.post('/api/admin/orders', {
      data: {
        vendorId: shop.vendor.vendorId,
        productId: shop.product.id,
        variantId: shop.variant.id,
        customerName: `Mugisha ${tag}`,
        customerEmail: 'mugisha@example.rw',
        quantity: 1,
      },
    }),
    201,
  )
  await ok(
    await shop.vendorApi.patch(`/api/vendor/orders/${order.id}/status`, { data: { status: 'completed' } }),
  )
  const payout = await ok(await shop.vendorApi.post('/api/vendor/payouts', { data: { amount: PAYOUT } }), 201)
  const approved = await admin.patch(`/api/admin/payouts/${payout.id}`, { data: { status: 'approved' } })
  expect(await approved.json()).toMatchObject({ transferStatus: 'queued', provider: 'mtn' })
  return shop
}

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }))
  expect(widths.scroll, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(widths.window)
}

test('mobile money: the admin pays a batch and watches it finish; a shop pays its plan from the phone', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run: each width is set inside')
  test.setTimeout(300_000)
  const admin = await adminApi()
  for (const width of widths) {
    for (const lang of testLanguages) {
      const tag = `p${width}${lang}${Date.now().toString(36)}`
      await test.step(`${lang} at ${width} px`, async () => {
        const shop = await queuedPayout(admin, tag)
        const context = await browser.newContext({ viewport: { width, height: 800 } })
        const page = await context.newPage()
        await chooseLanguageBeforehand(page, lang)

        await test.step('the admin pays all approved payouts and watches the batch finish', async () => {
          await openAdminArea(page)
          await page.goto('/admin/payouts')
          const panel = page.getByRole('region', { name: t(lang, 'mobileMoney.panel.title') })
          await button(panel, lang, 'mobileMoney.panel.payAll').click()
          const confirm = page.getByRole('dialog', { name: t(lang, 'mobileMoney.payAll.title') })
          // Every approved payout waiting goes, this shop's among them.
          await expect(confirm).toContainText(t(lang, 'mobileMoney.payAll.title'))
          await button(confirm, lang, 'mobileMoney.payAll.confirm').click()
          await expect(statusSaying(page, t(lang, 'mobileMoney.payAll.sent'))).toBeVisible()
          const progress = page.getByRole('progressbar', { name: t(lang, 'mobileMoney.batch.progressLabel') })
          await expect(progress).toBeVisible()
          await expect(page.getByText(t(lang, 'mobileMoney.batch.status.done')).first()).toBeVisible({
            timeout: 30_000,
          })
          await expectNoSidewaysScroll(page)
        })

        await test.step('the shop sees its payout paid by MTN', async () => {
          await context.clearCookies()
          await signIn(page, lang, shop.vendor)
          await page.waitForURL(/\/vendor$/)
          await page.goto('/vendor/payouts')
          await expect(
            page.getByText(t(lang, 'mobileMoney.transfer.paid', { provider: 'MTN Mobile Money' })).first(),
          ).toBeVisible({ timeout: 15_000 })
        })

        await test.step('the shop pays the Growth plan and approves it on the phone', async () => {
          await page.goto('/vendor/subscription')
          await page.getByRole('radio', { name: t(lang, 'vendor.subscription.plans.growth.name') }).check()
          const started = page.waitForResponse(
            (response) =>
              response.url().endsWith('/api/vendor/subscription/mobile-money') &&
              response.request().method() === 'POST',
          )
          await button(page, lang, 'mobileMoney.plan.pay').click()
          const { transferId } = (await (await started).json()) as { transferId: string }
          await expect(page.getByText(t(lang, 'mobileMoney.plan.approveTitle'))).toBeVisible()
          // The payer's "yes" on the phone, once MTN holds the request.
          await expect(async () => {
            const approved = await fetch(`${fakeMtnUrl()}/_fake/requests/${transferId}/approve`, {
              method: 'POST',
            })
            expect(approved.status).toBe(200)
          }).toPass({ timeout: 15_000 })
          const plan = t(lang, 'vendor.subscription.plans.growth.name')
          await expect(page.getByText(t(lang, 'mobileMoney.plan.paid', { plan }))).toBeVisible({
            timeout: 20_000,
          })
          await expectNoSidewaysScroll(page)
        })
        await context.close()
        await shop.vendorApi.dispose()
      })
    }
  }
  await admin.dispose()
})
