import { existsSync, readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Page, TestInfo } from '@playwright/test'
import { SCREENS_FILE } from './paths'
import {
  button,
  chooseLanguageBeforehand,
  expect,
  openAdminArea,
  openScreen,
  t,
  test,
  testLanguages,
  type Language,
} from './support'

type Cookies = Parameters<BrowserContext['addCookies']>[0]

/** The sessions screens.setup.ts left: its shop (approved, rows in every status) and its newcomer (no shop yet). */
function seededSessions(): { shop: Cookies; newcomer: Cookies } {
  if (!existsSync(SCREENS_FILE))
    throw new Error(`${SCREENS_FILE} is missing: the screens-seed project has not run`)
  return JSON.parse(readFileSync(SCREENS_FILE, 'utf8')) as { shop: Cookies; newcomer: Cookies }
}

/**
 * Every screen of both areas and the public pages, with their main dialogs open, checked with axe against
 * WCAG 2.2 A and AA (and Label in Name, WCAG 2.5.3, which axe keeps among its experimental rules), at both
 * widths (the screens-desktop and screens-phone projects) and in both languages: no serious or critical
 * violation. Each screen shows the marketplace screens.setup.ts made (a few rows of every kind, every status),
 * checked before the other scenarios add theirs.
 */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

type Problem = string

/** The serious and critical violations on the page as it stands, each named with where it was found. */
async function violations(page: Page, where: string): Promise<Problem[]> {
  const results = await new AxeBuilder({ page })
    .withTags(tags)
    .options({
      rules: { 'label-content-name-mismatch': { enabled: true } },
      // Only what is read below is worked out node by node (selectors and snippets); passes are counted, not listed.
      resultTypes: ['violations', 'incomplete'],
    })
    .analyze()
  // Text the colour of its own background is not read as a violation by axe but as "incomplete" (it cannot tell
  // text meant to be hidden): here it is always a mistake (the active menu item and light buttons once were).
  const invisibleText = results.incomplete
    .filter((result) => result.id === 'color-contrast')
    .map((result) => ({
      ...result,
      impact: 'serious' as const,
      nodes: result.nodes.filter((node) =>
        node.any.some((check) => (check.data as { messageKey?: string } | null)?.messageKey === 'equalRatio'),
      ),
    }))
    .filter((result) => result.nodes.length > 0)
  return [...results.violations, ...invisibleText]
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${where}: ${violation.id} (${violation.help}) at ${violation.nodes
          .map((node) => `${node.target.join(' ')} [${node.any[0]?.message ?? node.failureSummary ?? ''}]`)
          .join(', ')}`,
    )
}

/**
 * Waits until no transition or animation that ends is still running (a dialog fading in, a drawer sliding),
 * however slow the machine; endless ones (a spinner) are not waited for.
 */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  )

/** Opens a screen (as the app's links do, once it runs: openScreen) and waits for it to settle. */
async function visit(page: Page, path: string, load: boolean) {
  await openScreen(page, path, { load })
  await settled(page)
}

/** Checks each screen in turn (and what `then` opens on it), then reports every problem found at once. */
async function auditScreens(
  page: Page,
  testInfo: TestInfo,
  screens: { path: string; then?: (page: Page) => Promise<string | void> }[],
) {
  const problems: Problem[] = []
  // How long each screen took to open and to check, for the report: a slow one shows where the time goes.
  const timings: string[] = []
  for (const [index, screen] of screens.entries()) {
    const started = Date.now()
    // The first screen of a group is loaded whole: the group may begin as another user.
    await visit(page, screen.path, index === 0)
    const opened = Date.now()
    problems.push(...(await violations(page, screen.path)))
    timings.push(`${screen.path}: opened in ${opened - started} ms, checked in ${Date.now() - opened} ms`)
    if (screen.then) {
      const dialog = await screen.then(page)
      if (dialog) problems.push(...(await violations(page, `${screen.path} ${dialog}`)))
      await page.keyboard.press('Escape')
    }
  }
  await testInfo.attach('axe-timings', { body: timings.join('\n'), contentType: 'text/plain' })
  await testInfo.attach('axe-problems', { body: problems.join('\n') || 'none', contentType: 'text/plain' })
  expect(problems, problems.join('\n')).toEqual([])
}

/** Clicks the button named by `key` and waits for the dialog it opens; returns a label for the report. */
const openDialog = (lang: Language, key: Parameters<typeof t>[1]) => async (page: Page) => {
  await button(page, lang, key).first().click()
  await expect(page.getByRole('dialog')).toBeVisible()
  // Checked once it has faded in (mid-transition its colours are not yet the ones a person reads), with the
  // pointer out of the way: the dialog may open under it, and a hovered button's colours are not its own.
  await page.mouse.move(0, 0)
  await settled(page)
  return `with "${t(lang, key)}" open`
}

for (const lang of testLanguages) {
  test.describe(`accessibility (axe), ${lang}`, () => {
    test.beforeEach(async ({ page }) => {
      await chooseLanguageBeforehand(page, lang)
    })

    // The longest first: the workers take these tests in this order before the other scenarios (see
    // playwright.config.ts), so the last ones, still running when the scenarios start, are the short ones.
    test(`admin screens (${lang})`, async ({ page }, testInfo) => {
      // Ten screens and three dialogs, each read whole by axe, with the seeded rows: under a minute on a quiet
      // machine, more than two on a busy one.
      test.setTimeout(300_000)
      await openAdminArea(page)
      await auditScreens(page, testInfo, [
        { path: '/admin' },
        { path: '/admin/vendors' },
        { path: '/admin/products' },
        { path: '/admin/orders', then: openDialog(lang, 'admin.orders.create.open') },
        { path: '/admin/orders', then: openDialog(lang, 'admin.orders.import.open') },
        { path: '/admin/payouts' },
        { path: '/admin/reports' },
        { path: '/admin/messages' },
        { path: '/admin/audit-logs' },
        { path: '/admin/money', then: openDialog(lang, 'money.rules.add') },
      ])
    })

    test(`vendor screens (${lang})`, async ({ page }, testInfo) => {
      test.setTimeout(180_000)
      const sessions = seededSessions()
      // A vendor who has confirmed the address and has not registered a shop yet: the registration wizard.
      await page.context().addCookies(sessions.newcomer)
      await auditScreens(page, testInfo, [{ path: '/vendor/register' }])

      // The seeded shop: every screen of the area, with rows in every status.
      await page.context().clearCookies()
      await page.context().addCookies(sessions.shop)
      await auditScreens(page, testInfo, [
        { path: '/vendor' },
        { path: '/vendor/products', then: openDialog(lang, 'vendor.products.add') },
        { path: '/vendor/orders' },
        { path: '/vendor/payouts' },
        { path: '/vendor/messages' },
        { path: '/vendor/subscription' },
        { path: '/vendor/profile' },
      ])
    })

    test(`public screens (${lang})`, async ({ page }, testInfo) => {
      // Eight screens, each read whole by axe: well under a minute on a quiet machine, more on a busy one.
      test.setTimeout(120_000)
      await auditScreens(page, testInfo, [
        { path: '/login' },
        { path: '/register' },
        { path: '/check-email' },
        { path: '/confirm-email' },
        { path: '/support' },
        { path: '/debug' },
        { path: '/setup/google' },
        { path: '/no-such-page' },
      ])
    })
  })
}
