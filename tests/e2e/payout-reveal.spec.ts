import { request as playwrightRequest } from '@playwright/test'
import {
  adminApi,
  approveVendor,
  button,
  chooseLanguageBeforehand,
  createVendorWithShop,
  expect,
  openAdminArea,
  searchList,
  serverOrigin,
  t,
  test,
} from './support'

const lang = 'en' as const

/*
 * A.1: the payout dialog shows where the money goes masked; "Show full details" asks the server, which records
 * the reveal in the audit log, and the full number then shows with a button that copies it.
 */
test('the admin reveals a payout’s full payment details on purpose, and the reveal is in the audit log', async ({
  page,
}) => {
  const tag = `reveal${Date.now().toString(36)}`
  const admin = await adminApi()
  const vendorApi = await playwrightRequest.newContext({ baseURL: serverOrigin() })
  const vendor = await createVendorWithShop(vendorApi, { shopName: `Reveal ${tag}` })
  await approveVendor(admin, vendor.vendorId)
  const created = await vendorApi.post('/api/vendor/products', {
    data: { name: `Basket ${tag}`, category: 'Food', price: 4_000, variants: [{ price: 4_000, stock: 5 }] },
  })
  expect(created.status(), await created.text()).toBe(201)
  const product = (await created.json()) as { id: string; variants: { id: string }[] }
  const ordered = await admin.post('/api/admin/orders', {
    data: {
      vendorId: vendor.vendorId,
      productId: product.id,
      variantId: product.variants[0]!.id,
      customerName: `Keza ${tag}`,
      customerEmail: 'keza@example.rw',
      quantity: 1,
    },
  })
  expect(ordered.status(), await ordered.text()).toBe(201)
  const { id: orderId } = (await ordered.json()) as { id: string }
  const completed = await vendorApi.patch(`/api/vendor/orders/${orderId}/status`, {
    data: { status: 'completed' },
  })
  expect(completed.status(), await completed.text()).toBe(200)
  const requested = await vendorApi.post('/api/vendor/payouts', { data: { amount: 3_000 } })
  expect(requested.status(), await requested.text()).toBe(201)
  const { id: payoutId } = (await requested.json()) as { id: string }
  await vendorApi.dispose()

  await chooseLanguageBeforehand(page, lang)
  await openAdminArea(page)
  await page.goto('/admin/payouts')
  await searchList(page, lang, 'admin.payouts.search.label', vendor.shopName)
  await page
    .getByRole('button', {
      name: t(lang, 'admin.payouts.viewLabel', { id: payoutId.slice(0, 8), shop: vendor.shopName }),
    })
    .click()
  const dialog = page.getByRole('dialog', { name: t(lang, 'admin.payouts.details.title') })
  await expect(dialog).toContainText('•••• 3456')
  await expect(dialog).not.toContainText('788123456')
  await expect(dialog).toContainText(t(lang, 'admin.payouts.reveal.audited'))

  await button(dialog, lang, 'admin.payouts.reveal.show').click()
  await expect(dialog.getByText(t(lang, 'admin.payouts.reveal.title'))).toBeVisible()
  await expect(dialog).toContainText(/\+?250788123456|0788123456/)
  await expect(
    dialog.getByRole('button', {
      name: t(lang, 'admin.payouts.reveal.copyLabel', { shop: vendor.shopName }),
    }),
  ).toBeVisible()

  const trail = await admin.get(`/api/admin/audit-logs?q=${payoutId}&days=1`)
  expect(trail.status(), await trail.text()).toBe(200)
  const entries = ((await trail.json()) as { items: { targetTable: string; targetId: string }[] }).items
  expect(
    entries.filter((entry) => entry.targetTable === 'disclosures' && entry.targetId === payoutId),
  ).toHaveLength(1)
  await admin.dispose()
})
