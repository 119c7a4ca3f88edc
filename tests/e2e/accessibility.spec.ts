import AxeBuilder from '@axe-core/playwright'
import { button, chooseLanguageBeforehand, expect, test } from './support'

const lang = 'en'
const screens = [
  { path: '/login', ready: 'auth.login.submit' },
  { path: '/register', ready: 'auth.register.submit' },
] as const

// The first screens everyone meets must be usable with a screen reader and a keyboard.
test.describe('accessibility (axe)', () => {
  test.beforeEach(async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'checked once, at desktop width, in English')
    await chooseLanguageBeforehand(page, lang)
  })

  for (const screen of screens) {
    test(`${screen.path} has no serious or critical violations`, async ({ page }, testInfo) => {
      await page.goto(screen.path)
      await expect(button(page, lang, screen.ready)).toBeVisible()
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze()
      await testInfo.attach('axe-results', {
        body: JSON.stringify(results.violations, null, 2),
        contentType: 'application/json',
      })
      const blocking = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => {
          const where = violation.nodes.map(
            (node) => `\n    ${node.target.join(' ')}: ${node.any[0]?.message ?? node.failureSummary ?? ''}`,
          )
          return `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})${where.join('')}`
        })
      expect(blocking, blocking.join('\n')).toEqual([])
    })
  }
})
