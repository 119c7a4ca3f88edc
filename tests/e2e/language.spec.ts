import {
  button,
  chooseLanguageBeforehand,
  exactly,
  expect,
  floatingLanguageToggles,
  screenshot,
  storedLanguage,
  t,
  test,
  testLanguages,
  toggleLabel,
} from './support'

for (const lang of testLanguages) {
  const other = lang === 'en' ? 'rw' : 'en'

  test.describe(`language: ${lang}`, () => {
    // The specification asks once, until a language is set, and keeps the answer in app.language.
    test('a fresh visitor is asked to choose a language once, on /login', async ({ page }, testInfo) => {
      await page.goto('/')
      await expect(page).toHaveURL(/\/login$/)

      // Before any choice the screens speak the default language, English.
      const modal = page.getByRole('dialog', { name: t('en', 'language.modalTitle') })
      await expect(modal).toBeVisible()
      await screenshot(page, testInfo, lang, 'language-modal')
      const choice = lang === 'rw' ? 'language.chooseKinyarwanda' : 'language.continueEnglish'
      await modal.getByRole('button', { name: exactly(t('en', choice)) }).click()

      await expect(modal).toBeHidden()
      await expect(button(page, lang, 'auth.login.submit')).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      expect(await storedLanguage(page)).toBe(lang)
      await screenshot(page, testInfo, lang, 'login')

      await page.reload()
      await expect(button(page, lang, 'auth.login.submit')).toBeVisible()
      // The modal opens with the first render; give it the time it would need before declaring it gone.
      await page.waitForTimeout(750)
      await expect(page.getByRole('dialog')).toHaveCount(0)
      expect(await storedLanguage(page)).toBe(lang)
    })

    // Public pages carry a floating EN/RW toggle; the choice is remembered like the modal's.
    test('the floating EN/RW toggle switches the language on public pages', async ({ page }, testInfo) => {
      await chooseLanguageBeforehand(page, lang)
      await page.goto('/login')
      await expect(button(page, lang, 'auth.login.submit')).toBeVisible()

      let toggles = await floatingLanguageToggles(page, lang)
      expect(toggles, 'one floating language toggle on /login').toHaveLength(1)
      await expect(toggles[0]!).toHaveText(lang.toUpperCase())
      await toggles[0]!.click()

      await expect(button(page, other, 'auth.login.submit')).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', other)
      expect(await storedLanguage(page)).toBe(other)
      await expect(page.getByRole('button', { name: exactly(toggleLabel(other)) })).toHaveText(
        other.toUpperCase(),
      )
      await screenshot(page, testInfo, lang, 'login-switched')

      // The other public pages have it too, and the choice follows the visitor there and across reloads.
      await page.goto('/register')
      await expect(button(page, other, 'auth.register.submit')).toBeVisible()
      toggles = await floatingLanguageToggles(page, other)
      expect(toggles, 'one floating language toggle on /register').toHaveLength(1)
      await toggles[0]!.click()
      await expect(button(page, lang, 'auth.register.submit')).toBeVisible()
      await page.reload()
      await expect(button(page, lang, 'auth.register.submit')).toBeVisible()
      expect(await storedLanguage(page)).toBe(lang)
    })
  })
}
