import { chooseLanguageBeforehand, exactly, expect, openAdminArea, openFromMenu, t, test } from './support'

// On a slow network the next screen's code takes a while to arrive, and the screen being left stays up meanwhile.
// A search typed just before leaving must not be sent then: it writes the old screen's address, and would take
// the user back to the screen they left.
test('a search typed just before leaving for another screen does not bring the user back', async ({
  page,
}) => {
  await chooseLanguageBeforehand(page, 'en')
  await openAdminArea(page)
  await openFromMenu(page, 'en', 'nav.messages')
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'admin.messages.title') })).toBeVisible()

  // The audit log's screen code arrives a second late, as it would over 3G.
  let isHeld = false
  await page.route(/\/assets\/audit-logs-page-[^/]*\.js$/, async (route) => {
    isHeld = true
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    await route.continue()
  })
  await page.getByRole('searchbox', { name: exactly(t('en', 'admin.messages.search.label')) }).fill('kigali')
  // A busy phone: the page is blocked for a moment just after the link is followed, so the search's pause ends
  // before the screen has rendered again (the router's updates are transitions React may put off).
  await page.evaluate(() => {
    document.addEventListener('click', () => {
      const until = Date.now() + 600
      while (Date.now() < until) {
        // The phone is busy.
      }
    })
  })
  await openFromMenu(page, 'en', 'nav.auditLogs')

  await expect(page.getByRole('heading', { level: 1, name: t('en', 'admin.auditLogs.title') })).toBeVisible()
  expect(isHeld).toBe(true)
  await expect(page).toHaveURL(/\/admin\/audit-logs$/)
  // Well past the search's pause: still here.
  await page.waitForTimeout(800)
  await expect(page).toHaveURL(/\/admin\/audit-logs$/)
})
