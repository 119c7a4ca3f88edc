import type { Page } from '@playwright/test'
import {
  adminCredentials,
  button,
  chooseLanguageBeforehand,
  createConfirmedVendor,
  exactly,
  expect,
  floatingLanguageToggles,
  type Language,
  readSetupLink,
  recordUrls,
  screenshot,
  signIn,
  storedLanguage,
  t,
  test,
  testLanguages,
  toggleLabel,
} from './support'

const pathOf = (url: string) => new URL(url).pathname

/** The area layout's own language toggle; on a phone it may sit in the navigation drawer. */
async function areaLanguageToggle(page: Page, lang: Language) {
  const toggle = page.getByRole('button', { name: exactly(toggleLabel(lang)) })
  if (!(await toggle.first().isVisible())) {
    await page.getByRole('button', { name: exactly(t(lang, 'nav.openMenu')) }).click()
  }
  await expect(toggle).toHaveCount(1)
  await expect(toggle).toBeVisible()
  // Whole inside the window, at 375 px as at 1280: a toggle cut off by the header's edge is half a button.
  const box = await toggle.boundingBox()
  expect(box, 'the language toggle has a box').not.toBeNull()
  expect(box!.x + box!.width, 'the language toggle ends inside the window').toBeLessThanOrEqual(
    page.viewportSize()!.width,
  )
  return toggle
}

for (const lang of testLanguages) {
  test.describe(`access: ${lang}`, () => {
    test.beforeEach(async ({ page }) => chooseLanguageBeforehand(page, lang))

    // The areas are for signed-in vendors and admins only.
    test('a signed-out visitor opening /vendor or /admin is sent to /login', async ({ page }) => {
      for (const path of ['/vendor', '/vendor/products', '/admin', '/admin/vendors']) {
        await page.goto(path)
        await expect(page, `${path} without a session`).toHaveURL(/\/login$/)
        await expect(button(page, lang, 'auth.login.submit')).toBeVisible()
      }
    })

    // A vendor must never reach the admin area (and with it other vendors' data).
    test('a signed-in vendor opening /admin is sent to /login', async ({ page, request }, testInfo) => {
      const vendor = await createConfirmedVendor(request)
      await signIn(page, lang, vendor)
      await expect(page).toHaveURL(/\/vendor\/register$/)

      // Inside /vendor there is no floating language toggle.
      await expect(page.getByRole('heading', { name: t(lang, 'vendor.register.title') })).toBeVisible()
      expect(await floatingLanguageToggles(page, lang)).toHaveLength(0)

      const urls = recordUrls(page)
      await page.goto('/admin')
      // /login then sends a signed-in vendor on to their own area, so the journey may end there.
      await expect(page).toHaveURL(/\/(login|vendor|vendor\/register)$/)
      expect(urls.map(pathOf), 'the router passed through /login').toContain('/login')
      await expect(
        page
          .getByRole('heading', { name: t(lang, 'vendor.register.title') })
          .or(button(page, lang, 'auth.login.submit')),
      ).toBeVisible()
      expect(pathOf(page.url())).not.toMatch(/^\/admin/)
      await screenshot(page, testInfo, lang, 'vendor-opens-admin')
    })

    test('the admin signs in, arrives at /admin, and the area has its own language toggle', async ({
      page,
    }, testInfo) => {
      const other = lang === 'en' ? 'rw' : 'en'
      await signIn(page, lang, adminCredentials())
      await expect(page).toHaveURL(/\/admin\/?$/)
      await screenshot(page, testInfo, lang, 'admin')

      const toggle = await areaLanguageToggle(page, lang)
      expect(await floatingLanguageToggles(page, lang), 'no floating toggle inside /admin').toHaveLength(0)
      await toggle.click()
      await expect(page.getByRole('button', { name: exactly(toggleLabel(other)) })).toHaveCount(1)
      await expect(page.locator('html')).toHaveAttribute('lang', other)
      expect(await storedLanguage(page)).toBe(other)
      expect(await floatingLanguageToggles(page, other), 'no floating toggle inside /admin').toHaveLength(0)
      await screenshot(page, testInfo, lang, 'admin-switched')
    })

    // The first-admin link works once: afterwards it only says an admin exists.
    test('the setup link, once used, no longer offers to create an admin', async ({ page }, testInfo) => {
      await page.goto(await readSetupLink())
      await expect(page.getByRole('status').filter({ hasText: t(lang, 'setup.adminExists') })).toBeVisible()
      await expect(button(page, lang, 'setupAdmin.submit')).toHaveCount(0)
      await screenshot(page, testInfo, lang, 'setup-admin-used')
    })
  })
}
