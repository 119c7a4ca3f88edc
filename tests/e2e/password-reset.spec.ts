import type { Page } from '@playwright/test'
import { languageHeader, timings } from '../../src/shared/constants'
import {
  button,
  chooseLanguageBeforehand,
  createConfirmedVendor,
  expect,
  expectFieldError,
  field,
  readMail,
  screenshot,
  signIn,
  t,
  test,
  testLanguages,
} from './support'

const newPassword = 'Isoko-new-2025!'

/** The reset mail's subject in the account's language (the one its owner last used the screens in). */
const resetSubject = { en: 'Reset your Isoko password', rw: "Hindura ijambo ry'ibanga rya Isoko" } as const

/**
 * Content-Security-Policy violations in the page, from the browser's own report (the securitypolicyviolation
 * event, kept across navigations) and from its console.
 */
async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = []
  await page.exposeFunction('__isokoCspViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __isokoCspViolation: (text: string) => void })
        .__isokoCspViolation
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`,
      )
    })
  })
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text())
  })
  return violations
}

for (const lang of testLanguages) {
  test(`a vendor who forgot the password gets a link, chooses a new one and signs in with it (${lang})`, async ({
    page,
    request,
  }, testInfo) => {
    const violations = await recordCspViolations(page)
    await chooseLanguageBeforehand(page, lang)
    const vendor = await createConfirmedVendor(request)
    // Signed in elsewhere (here: the API client) in this language, so the mail is written in it; the
    // reset must end that session too.
    const otherDevice = await request.post('/api/account/login', {
      data: { email: vendor.email, password: vendor.password },
      headers: { [languageHeader]: lang },
    })
    expect(otherDevice.status(), await otherDevice.text()).toBe(200)

    await test.step("'Forgot password?' on /login leads to /forgot-password", async () => {
      await page.goto('/login')
      await page.getByRole('link', { name: t(lang, 'auth.login.forgotLink') }).click()
      await expect(page).toHaveURL(/\/forgot-password$/)
      await expect(page.getByRole('heading', { name: t(lang, 'auth.forgot.title') })).toBeVisible()
    })

    await test.step('ask for a link: the page says where it went and for how long it works', async () => {
      await field(page, lang, 'fields.email').fill(vendor.email)
      await button(page, lang, 'auth.forgot.submit').click()
      await expect(
        page.getByRole('status').filter({
          hasText: t(lang, 'auth.forgot.sentBody', {
            email: vendor.email,
            minutes: timings.passwordResetLinkMinutes,
          }),
        }),
      ).toBeVisible()
      await screenshot(page, testInfo, lang, 'forgot-password-sent')
    })

    const mail = await readMail(vendor.email, resetSubject[lang])
    const link = mail.link!
    expect(link).toMatch(/\/reset-password\?token=[\w-]+$/)

    await test.step('open the link and choose a new password under the registration rules', async () => {
      await page.goto(link)
      await expect(page.getByRole('heading', { name: t(lang, 'auth.reset.title') })).toBeVisible()
      await field(page, lang, 'auth.reset.newPassword').fill(newPassword)
      await field(page, lang, 'fields.confirmPassword').fill(`${newPassword}x`)
      await button(page, lang, 'auth.reset.submit').click()
      await expectFieldError(
        field(page, lang, 'fields.confirmPassword'),
        t(lang, 'auth.register.passwordMismatch'),
      )
      await screenshot(page, testInfo, lang, 'reset-password')
      await field(page, lang, 'fields.confirmPassword').fill(newPassword)
      await button(page, lang, 'auth.reset.submit').click()
    })

    await test.step('/login says the password changed; the other session has ended', async () => {
      await expect(page).toHaveURL(/\/login\?reset=true$/)
      await expect(
        page.getByRole('status').filter({ hasText: t(lang, 'auth.login.resetTitle') }),
      ).toBeVisible()
      await screenshot(page, testInfo, lang, 'login-after-reset')
      expect((await request.get('/api/account/me')).status()).toBe(401)
    })

    await test.step('the old password no longer signs in', async () => {
      await field(page, lang, 'fields.email').fill(vendor.email)
      await field(page, lang, 'fields.password').fill(vendor.password)
      await button(page, lang, 'auth.login.submit').click()
      await expect(
        page.getByRole('alert').filter({ hasText: t(lang, 'auth.login.invalidCredentials') }),
      ).toBeVisible()
    })

    await test.step('the new password does', async () => {
      await signIn(page, lang, { ...vendor, password: newPassword })
      // No shop yet: the vendor area sends a new vendor to the registration wizard.
      await expect(page).toHaveURL(/\/vendor\/register$/)
    })

    await test.step('the link works once', async () => {
      await page.goto(link)
      await field(page, lang, 'auth.reset.newPassword').fill('Isoko-third-2026!')
      await field(page, lang, 'fields.confirmPassword').fill('Isoko-third-2026!')
      await button(page, lang, 'auth.reset.submit').click()
      await expect(
        page.getByRole('alert').filter({ hasText: t(lang, 'auth.reset.linkInvalid') }),
      ).toBeVisible()
      await expect(page.getByRole('link', { name: t(lang, 'auth.reset.requestNew') })).toBeVisible()
    })

    // The pages above run under script-src 'self': anything the policy blocked would be missing from them.
    expect(violations).toEqual([])
  })
}
