import { readFileSync } from 'node:fs'
import { request as playwrightRequest } from '@playwright/test'
import { auditCsvHeader } from '../../src/server/audit/audit-logs.service'
import type { TextKey } from '../../src/web/i18n/keys'
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
} from './support'

for (const lang of testLanguages) {
  test(`an admin finds a decision in the audit log and exports it (${lang})`, async ({ page }, testInfo) => {
    test.setTimeout(120_000)
    // A shop approved just now: its approval is the entry to find, by the shop's name kept in its details.
    const vendorApi = await playwrightRequest.newContext({ baseURL: serverOrigin() })
    const vendor = await createVendorWithShop(vendorApi)
    await vendorApi.dispose()
    const admin = await adminApi()
    await approveVendor(admin, vendor.vendorId)
    await admin.dispose()

    await chooseLanguageBeforehand(page, lang)
    await openAdminArea(page)
    // The dashboard has settled (its figures arrived) before the menu is used.
    await expect(
      page.getByRole('heading', { level: 1, name: t(lang, 'admin.dashboard.title') }),
    ).toBeVisible()
    await openFromMenu(page, lang, 'nav.auditLogs')
    await expect(page).toHaveURL(/\/admin\/audit-logs/)
    await expect(
      page.getByRole('heading', { level: 1, name: t(lang, 'admin.auditLogs.title') }),
    ).toBeVisible()
    // The four figures of the last 7 days.
    const summary = page.getByRole('region', { name: t(lang, 'admin.auditLogs.summary.label') })
    await expect(
      summary.getByText(t(lang, 'admin.auditLogs.summary.approvals'), { exact: true }),
    ).toBeVisible()

    await page
      .getByRole('searchbox', { name: exactly(t(lang, 'admin.auditLogs.search.label')) })
      .fill(vendor.shopName)
    const entry = listed(page, vendor.vendorId.slice(0, 8))
    await expect(entry).toHaveCount(1)
    await expect(entry).toContainText(t(lang, 'admin.auditLogs.actions.approve'))
    // The field and its values in words: 'Status: Pending → Approved'.
    const [field, before, after] = [
      t(lang, 'admin.auditLogs.fields.status'),
      t(lang, 'status.pending'),
      t(lang, 'status.approved'),
    ]
    await expect(entry).toContainText(`${field}: ${before} → ${after}`)
    await screenshot(page, testInfo, lang, 'admin-audit-logs')

    // Export Logs: the same search, as a dated CSV with the entry in it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: t(lang, 'admin.auditLogs.export') }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^audit-logs-\d{4}-\d{2}-\d{2}\.csv$/)
    const rows = parseCsv(readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, ''))
    expect(rows[0]).toEqual(auditCsvHeader.map(({ key }) => t(lang, key as TextKey)))
    const found = rows.filter((row) => row[5] === vendor.vendorId)
    expect(found).toHaveLength(1)
    expect(found[0]![3]).toBe(t(lang, 'admin.auditLogs.actions.approve'))
  })
}
