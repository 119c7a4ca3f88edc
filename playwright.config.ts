import { defineConfig } from '@playwright/test'

/**
 * E2E: what ships, driven in Debian's Chromium: the built server (dist/server/main.js, plain Node) serving the
 * built SPA (dist/). `npm run test:e2e` builds both first; tests/e2e/global-setup.ts starts the server on a fresh
 * data directory.
 * The server's port is chosen by the global setup and reaches the test workers through E2E_PORT.
 */
const port = Number(process.env.E2E_PORT ?? 3100)
const isCI = Boolean(process.env.CI)

// Never let Playwright fetch a browser of its own: it uses the system's /usr/bin/chromium.
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1'

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
}

/**
 * The areas' scenarios in Kinyarwanda: run at 375 px (below), where the longer words meet the narrow screen; at
 * 1280 px the same scenario runs in English, and every screen is still checked there in Kinyarwanda (axe, page
 * width). Each scenario so runs once per width and once per language.
 */
const kinyarwandaScenarios =
  /(admin-[a-z-]+|vendor-commerce|vendor-shop|vendor-stock|operator-day|money-day)\.spec\.ts .*\(rw\)$/

/**
 * What the phone project (375 px) runs, matched against "file describe-title test-title". The other scenarios
 * add nothing at that width: the public screens (sign-in, sign-up and its confirmation, the password reset, the
 * language choice, the first-admin link) have one layout at every width, and the keyboard walks run at desktop
 * width only.
 */
const phoneScenarios = [
  // No sideways scrolling with long unbroken text on every vendor and admin screen.
  /xss\.spec\.ts /,
  // Every populated screen without sideways scrolling: at 375 px in Kinyarwanda, whose longer words are the harder
  // test of a narrow screen (English at 375 px finds nothing the Kinyarwanda run does not).
  /page-width\.spec\.ts .*\(rw\)$/,
  // The report's charts stack and thin their labels; the menu's links sit in a drawer.
  /the report of a year scrolls only down/,
  /a search typed just before leaving for another screen/,
  // The areas' screens change below 768 px: the menu and the language toggle in a drawer, lists as cards, the
  // status filter as a menu, dialogs full screen, panes one after the other. Their scenarios run at 375 px in
  // Kinyarwanda, whose longer words are the harder test of a narrow screen; in English they check nothing the
  // desktop run does not.
  /access\.spec\.ts access: rw (a signed-in vendor opening \/admin|the admin signs in)/,
  // Among them the operator's day (the admin's lists as cards and the dialogs full screen, then the shop's own view
  // of the orders and messages) and step 11's money of a shop (the rule, the two-admin credit, the statement as
  // cards and the report).
  kinyarwandaScenarios,
]

const desktop = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false }
// A phone-sized Chromium (not a WebKit device profile): 375 px wide, touch, mobile viewport meta honoured.
const phone = { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // Two cores: one browser per core; the server (one embedded database) serves both.
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : [['list']],
  use: {
    ...chromium,
    baseURL: `http://localhost:${port}`,
    locale: 'en-GB',
    timezoneId: 'Africa/Kigali',
    // The browsers ask for less motion, which the app honours (theme.ts): a button is never pressed while its
    // dialog still slides in. On a loaded machine a transition could start after Playwright found the button
    // still, and the press landed where it had been (a refund confirmed, and nothing sent).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'on-first-retry',
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      // The first admin can be created once per server start (single-use link): one test does it, first.
      name: 'admin-setup',
      testMatch: /admin\.setup\.ts$/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      // A small marketplace with every status on screen (screens.setup.ts), made through the API before any
      // scenario adds to the database: what the axe pass reads.
      name: 'screens-seed',
      testMatch: /screens\.setup\.ts$/,
      dependencies: ['admin-setup'],
      use: desktop,
    },
    /*
     * The axe pass (accessibility.spec.ts) on the seeded data, so its time does not grow with the run: axe reads
     * every row on screen, and late in a full run the admin screens took three to four times as long as on a
     * fresh server. These two projects come before `desktop` and `phone` in the seed's phase: Playwright hands the
     * workers a phase's tests in the order of its projects, so both workers take the axe tests first, and one
     * that runs out of them starts on the scenarios rather than wait (the spec lists its longest tests first, so
     * those still running then are the short ones). The scenarios do not depend on them, on purpose: an
     * accessibility failure does not skip the rest of the run, and running one scenario does not first check
     * every screen (it does make the seed, a few seconds). `fullyParallel` lets the two workers share them.
     */
    {
      // Every screen at 1280 px in English and in Kinyarwanda.
      name: 'screens-desktop',
      testMatch: /accessibility\.spec\.ts$/,
      fullyParallel: true,
      dependencies: ['screens-seed'],
      use: desktop,
    },
    {
      // At 375 px in Kinyarwanda (the desktop run checks both languages; the phone's own layouts are the same in
      // either, and the longer words are the harder case).
      name: 'screens-phone',
      testMatch: /accessibility\.spec\.ts$/,
      grep: /\(rw\)$/,
      fullyParallel: true,
      dependencies: ['screens-seed'],
      use: phone,
    },
    {
      name: 'desktop',
      testMatch: /\.spec\.ts$/,
      testIgnore: /accessibility\.spec\.ts$/,
      grepInvert: kinyarwandaScenarios,
      // The seed's phase, after it: see the screens projects above.
      dependencies: ['screens-seed'],
      use: desktop,
    },
    {
      name: 'phone',
      testMatch: /\.spec\.ts$/,
      testIgnore: /accessibility\.spec\.ts$/,
      grep: phoneScenarios,
      dependencies: ['screens-seed'],
      use: phone,
    },
  ],
})
