import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test'
import sharp from 'sharp'
import { languageStorageKey, type Language } from '../../src/shared/constants'
import { formatRwf } from '../../src/shared/money'
import en from '../../src/web/i18n/en.json' with { type: 'json' }
import rw from '../../src/web/i18n/rw.json' with { type: 'json' }
import type { KeysUnder, TextKey } from '../../src/web/i18n/keys'
import { ADMIN_FILE, RESULTS_DIR, SCREENSHOT_DIR, SERVER_LOG } from './paths'

export { SERVER_LOG }
export type { Language }

/**
 * Playwright's test, plus a record of what went wrong in the browser (failed requests, console errors,
 * uncaught exceptions), attached to the report when a test fails.
 */
export const test = base.extend<{ browserProblems: string[] }>({
  browserProblems: [
    async ({ page }, use, testInfo) => {
      const problems: string[] = []
      const at = () => new Date().toISOString().slice(11, 23)
      page.on('requestfailed', (request) =>
        problems.push(
          `${at()} request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`,
        ),
      )
      page.on('response', (response) => {
        if (response.status() >= 500) problems.push(`${at()} HTTP ${response.status()} ${response.url()}`)
      })
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`${at()} console error: ${message.text()}`)
      })
      page.on('pageerror', (error) => problems.push(`${at()} page error: ${error.message}`))
      await use(problems)
      if (testInfo.status !== testInfo.expectedStatus && problems.length) {
        await testInfo.attach('browser-problems', { body: problems.join('\n'), contentType: 'text/plain' })
      }
    },
    { auto: true },
  ],
})
export { expect }

// ---------------------------------------------------------------------------------------------------------------
// Words: every accessible name comes from the bundles the screens use, so a test never spells a label twice.

const bundles: Record<Language, unknown> = { en, rw }
export const testLanguages: Language[] = ['en', 'rw']

function lookup(bundle: unknown, key: string): string | undefined {
  let node: unknown = bundle
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' ? node : undefined
}

/**
 * The text a screen shows for `key` in `language`, as i18next renders it: English when the Kinyarwanda text
 * is missing, `{{name}}` interpolation, and `_one`/`_other` plural forms chosen by `count`.
 */
export function t(language: Language, key: TextKey, params: Record<string, string | number> = {}): string {
  const candidates: string[] = [key]
  if (typeof params.count === 'number') {
    candidates.unshift(`${key}_${new Intl.PluralRules(language).select(params.count)}`, `${key}_other`)
  }
  for (const bundle of [bundles[language], bundles.en]) {
    for (const candidate of candidates) {
      const text = lookup(bundle, candidate)
      if (text !== undefined)
        return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_, name: string, format?: string) => {
          const value = params[name] ?? ''
          // `{{amount, rwf}}`: money as the app writes it (src/web/i18n/formats.ts).
          return format === 'rwf' && typeof value === 'number' ? formatRwf(value) : String(value)
        })
    }
  }
  throw new Error(`No text for ${key} in ${language} or en`)
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Matches exactly this text; a required field's trailing asterisk is tolerated. */
export const exactly = (text: string) => new RegExp(`^\\s*${escapeRegExp(text)}\\s*\\*?\\s*$`)

/** Matches a plural-aware message whatever the number: 'Redirecting to login in 3 seconds...' */
export function anyCount(language: Language, key: TextKey): RegExp {
  const own = ['one', 'other']
    .map((form) => lookup(bundles[language], `${key}_${form}`))
    .filter(Boolean) as string[]
  const forms = own.length
    ? own
    : (['one', 'other'].map((form) => lookup(bundles.en, `${key}_${form}`)).filter(Boolean) as string[])
  if (!forms.length) throw new Error(`No plural forms for ${key}`)
  const pattern = (text: string) =>
    text
      .split(/\{\{\s*count\s*\}\}/)
      .map(escapeRegExp)
      .join('\\d+')
  return new RegExp(forms.map(pattern).join('|'))
}

/** An input found by its label, as a person reads the form. */
export const field = (page: Page | Locator, language: Language, key: TextKey) =>
  page.getByLabel(exactly(t(language, key)))

/** A button found by its accessible name, exactly (so 'Sign In' does not also match 'Sign in with Google'). */
export const button = (
  page: Page | Locator,
  language: Language,
  key: TextKey,
  params?: Record<string, string | number>,
) => page.getByRole('button', { name: exactly(t(language, key, params)) })

// ---------------------------------------------------------------------------------------------------------------
// The browser's state

/**
 * A visitor who chose `language` earlier (the modal was answered). Set only when nothing is stored yet,
 * so a test that switches language keeps the new choice across reloads.
 */
export async function chooseLanguageBeforehand(page: Page, language: Language) {
  await page.addInitScript(
    ([key, value]) => {
      try {
        if (!window.localStorage.getItem(key!)) window.localStorage.setItem(key!, value!)
      } catch {
        // about:blank has no storage
      }
    },
    [languageStorageKey, language],
  )
}

export const storedLanguage = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), languageStorageKey)

/** The floating EN/RW toggle: a language button pinned near the bottom-right corner of the window. */
export async function floatingLanguageToggles(page: Page, language: Language): Promise<Locator[]> {
  const toggles = page.getByRole('button', { name: exactly(toggleLabel(language)) })
  const viewport = page.viewportSize()!
  const floating: Locator[] = []
  for (const toggle of await toggles.all()) {
    const box = await toggle.boundingBox()
    if (box && box.y + box.height > viewport.height - 120 && box.x + box.width > viewport.width - 120)
      floating.push(toggle)
  }
  return floating
}

export const toggleLabel = (language: Language) =>
  t(language, 'language.toggleLabel', {
    code: language.toUpperCase(),
    current: t(language, `language.${language}`),
  })

/**
 * In CI the pictures are not kept (a fresh clone each run, nothing read from its folder) and each costs a settling
 * pause and a PNG of the whole page, at twice the pixels on the phone: taken when E2E_SCREENSHOTS=1 asks for them
 * there, always elsewhere. A failing test still keeps its picture (`screenshot: 'only-on-failure'`).
 */
const keepsScreenshots = !process.env.CI || process.env.E2E_SCREENSHOTS === '1'

/**
 * Keeps a screenshot as test-results/screenshots/<project>-<lang>-<name>.png and attaches it to the report.
 * The whole page by default; `{ fullPage: false }` for what the window shows, e.g. a dialog over the page.
 */
export async function screenshot(
  page: Page,
  testInfo: TestInfo,
  language: Language,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
) {
  if (!keepsScreenshots) return
  // Let fonts, transitions and lazily loaded screens settle, so the picture shows what a person sees.
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  // From the top: a full-page picture of a scrolled page draws fixed elements (the area's header, the skip link
  // parked above the window) in the middle of the page, where a person never sees them.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0))
  await page.waitForTimeout(300)
  const file = path.join(SCREENSHOT_DIR, `${testInfo.project.name}-${language}-${name}.png`)
  await page.screenshot({ path: file, fullPage })
  await testInfo.attach(`${language}-${name}`, { path: file, contentType: 'image/png' })
}

/** Every URL the page shows during a test, including the router's history changes (redirects). */
export function recordUrls(page: Page): string[] {
  const urls: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url())
  })
  return urls
}

type HistoryChange = { path: string; at: number }
type WithHistoryChanges = { __isokoHistoryChanges?: HistoryChange[] }

/**
 * Notes, on the page's own clock (performance.now()), each path the router moves to with the History API,
 * so a test can time a client-side redirect precisely.
 */
export async function recordHistoryChanges(page: Page) {
  await page.addInitScript(() => {
    const changes: { path: string; at: number }[] = []
    ;(window as WithHistoryChanges).__isokoHistoryChanges = changes
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = window.history[method].bind(window.history)
      window.history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args)
        changes.push({ path: window.location.pathname + window.location.search, at: performance.now() })
      }
    }
  })
}

/** When (page clock, ms) the router first moved to `path`; needs recordHistoryChanges before the page opened. */
export async function historyChangeTime(page: Page, path: string): Promise<number> {
  const changes = await page.evaluate(() => (window as WithHistoryChanges).__isokoHistoryChanges ?? [])
  const change = changes.find((entry) => entry.path === path)
  if (!change) throw new Error(`The router never moved to ${path}: ${JSON.stringify(changes)}`)
  return change.at
}

// ---------------------------------------------------------------------------------------------------------------
// The server log (test-results/server.log): mail is kept in the outbox and its link printed there.

type LogLine = { level?: number; time?: number; msg?: string; to?: string; link?: string; subject?: string }

function logLines(): LogLine[] {
  if (!existsSync(SERVER_LOG)) return []
  const lines: LogLine[] = []
  for (const raw of readFileSync(SERVER_LOG, 'utf8').split('\n')) {
    if (!raw.startsWith('{')) continue
    try {
      lines.push(JSON.parse(raw) as LogLine)
    } catch {
      // a line being written right now
    }
  }
  return lines
}

async function pollLog<T>(
  what: string,
  find: (lines: LogLine[]) => T | undefined,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = find(logLines())
    if (found !== undefined) return found
    if (Date.now() > deadline)
      throw new Error(`${what} did not appear in ${SERVER_LOG} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The link of the newest mail sent to `email` (the confirmation link after sign-up). */
export function readConfirmationLink(email: string, timeoutMs = 15_000): Promise<string> {
  const address = email.toLowerCase()
  return pollLog(
    `A mail to ${email}`,
    (lines) =>
      lines.findLast((line) => line.to?.toLowerCase() === address && typeof line.link === 'string')?.link,
    timeoutMs,
  )
}

/** The mail with this subject that the server kept in its outbox for `email` (queued mail goes within moments). */
export function readMail(email: string, subject: string, timeoutMs = 20_000): Promise<LogLine> {
  const address = email.toLowerCase()
  return pollLog(
    `A mail to ${email} titled "${subject}"`,
    (lines) => lines.findLast((line) => line.to?.toLowerCase() === address && line.subject === subject),
    timeoutMs,
  )
}

/** The one-time first-admin link the server printed at start (…/setup/admin#token=…). */
export function readSetupLink(timeoutMs = 15_000): Promise<string> {
  return pollLog(
    'The first-admin setup link',
    (lines) => {
      const msg = lines.findLast((line) => line.msg?.includes('Create the first admin'))?.msg
      return msg?.match(/(https?:\/\/\S+)\s*$/)?.[1]
    },
    timeoutMs,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// People

export const password = 'Isoko-e2e-2024!'

/** An address no other test (or earlier run against the same server) uses. */
export const uniqueEmail = (role: string) =>
  `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

export type Credentials = { email: string; password: string; fullName: string }

/** The first admin, created once per server start by admin.setup.ts. */
export function adminCredentials(): Credentials {
  if (!existsSync(ADMIN_FILE))
    throw new Error(`${ADMIN_FILE} is missing: the admin-setup project has not run`)
  return JSON.parse(readFileSync(ADMIN_FILE, 'utf8')) as Credentials
}

/**
 * A vendor who registered and confirmed the e-mail, made through the API (the screens for this path are
 * covered by vendor-onboarding.spec.ts): no vendor record yet.
 */
export async function createConfirmedVendor(
  request: APIRequestContext,
  fullName = 'Aline Uwase',
): Promise<Credentials> {
  const email = uniqueEmail('vendor')
  const registered = await request.post('/api/account/register', {
    data: { fullName, email, password, confirmPassword: password, role: 'vendor' },
  })
  expect(registered.status(), await registered.text()).toBe(201)
  const link = await readConfirmationLink(email)
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('access_token')
  const confirmed = await request.post('/api/account/confirm-email', { data: { token } })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  return { email, password, fullName }
}

/** The server's own origin (as playwright.config.ts builds baseURL): form posts must come from it (CSRF). */
export const serverOrigin = () => `http://localhost:${process.env.E2E_PORT ?? 3100}`

/** Signs `who` in on an API request context: its cookie jar then holds the session. */
export async function signInByApi(request: APIRequestContext, who: Pick<Credentials, 'email' | 'password'>) {
  const response = await request.post('/api/account/login', {
    data: { email: who.email, password: who.password },
  })
  expect(response.status(), await response.text()).toBe(200)
}

export type VendorWithShop = Credentials & { shopName: string; phone: string; vendorId: string }

/**
 * A vendor with a registered shop (pending), made through the API: the five-step wizard is
 * vendor-shop.spec.ts's subject. Mobile money with MTN, the government ID a PDF. Leaves `request` signed in.
 */
export async function createVendorWithShop(
  request: APIRequestContext,
  {
    fullName = 'Aline Uwase',
    shopName = `Aline Crafts ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`,
    // Where its payouts go: the shop's MTN number unless told otherwise.
    payoutDetails,
  }: {
    fullName?: string
    shopName?: string
    payoutDetails?: { provider: string; mobileNumber: string }
  } = {},
): Promise<VendorWithShop> {
  const vendor = await createConfirmedVendor(request, fullName)
  await signInByApi(request, vendor)
  const upload = await request.post('/api/uploads', {
    headers: { Origin: serverOrigin() },
    multipart: { purpose: 'gov_id', file: pdfFile('national-id.pdf', 'National ID') },
  })
  expect(upload.status(), await upload.text()).toBe(201)
  const { id: govId } = (await upload.json()) as { id: string }
  const phone = '0788123456'
  const registered = await request.post('/api/vendor/registration', {
    data: {
      fullName,
      phone,
      shopName,
      businessAddress: 'KN 4 Ave, Nyarugenge, Kigali',
      shopLogo: null,
      govId,
      idDocuments: [],
      businessDocuments: [],
      payoutMethod: 'mobile_money',
      payoutDetails: payoutDetails ?? { provider: 'mtn', mobileNumber: phone },
    },
  })
  expect(registered.status(), await registered.text()).toBe(201)
  const { id: vendorId } = (await registered.json()) as { id: string }
  return { ...vendor, shopName, phone, vendorId }
}

/** Where the admin's API session is kept between tests: the server limits sign-ins per address (10 in 15 min). */
const ADMIN_STATE_FILE = path.join(RESULTS_DIR, 'e2e-admin-state.json')

/**
 * An API request context signed in as the first admin (admin.setup.ts). The session is signed in once and
 * reused while the server still accepts it, so a run does not spend the admin's sign-in allowance.
 * Dispose of it at the end of the test.
 */
export async function adminApi(): Promise<APIRequestContext> {
  const baseURL = serverOrigin()
  if (existsSync(ADMIN_STATE_FILE)) {
    const saved = await playwrightRequest.newContext({ baseURL, storageState: ADMIN_STATE_FILE })
    const me = await saved.get('/api/account/me')
    if (me.ok() && ((await me.json()) as { user?: { role?: string } } | null)?.user?.role === 'admin')
      return saved
    await saved.dispose()
  }
  const fresh = await playwrightRequest.newContext({ baseURL })
  await signInByApi(fresh, adminCredentials())
  writeFileSync(ADMIN_STATE_FILE, JSON.stringify(await fresh.storageState()))
  return fresh
}

/**
 * Opens /admin in `page` already signed in as the admin, with the session adminApi() keeps, rather than
 * through the sign-in form (whose own scenario is access.spec.ts): every admin scenario signing in through
 * the form would spend the account's sign-in allowance (10 in 15 minutes) before a full run ends.
 */
export async function openAdminArea(page: Page) {
  const admin = await adminApi()
  const { cookies } = await admin.storageState()
  await admin.dispose()
  await page.context().addCookies(cookies)
  await page.goto('/admin')
  // The dashboard has rendered (its heading is up) before a scenario reaches for the menu.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

/** An admin approves a vendor's application (a pending shop's products are hidden and cannot be sold). */
export async function approveVendor(admin: APIRequestContext, vendorId: string) {
  const response = await admin.patch(`/api/admin/vendors/${vendorId}/status`, {
    headers: { Origin: serverOrigin() },
    data: { status: 'approved' },
  })
  expect(response.status(), await response.text()).toBe(200)
}

/**
 * An approved shop with one product of one variant (30 in stock), made through the API: the vendor's own API
 * context, the shop, the product and its variant.
 */
export async function approvedShopWithProduct(
  admin: APIRequestContext,
  shop: {
    shopName: string
    product: { name: string; price: number; description?: string }
    payoutDetails?: { provider: string; mobileNumber: string }
  },
) {
  const vendorApi = await playwrightRequest.newContext({ baseURL: serverOrigin() })
  const vendor = await createVendorWithShop(vendorApi, {
    shopName: shop.shopName,
    payoutDetails: shop.payoutDetails,
  })
  await approveVendor(admin, vendor.vendorId)
  const { name, price, description } = shop.product
  const response = await vendorApi.post('/api/vendor/products', {
    data: {
      name,
      ...(description ? { description } : {}),
      category: 'Food',
      price,
      images: [],
      hasVariants: false,
      colors: [],
      sizes: [],
      variants: [{ price, stock: 30 }],
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  const product = (await response.json()) as {
    id: string
    name: string
    variants: { id: string; sku: string; stock: number }[]
  }
  return { vendor, vendorApi, product, variant: product.variants[0]! }
}

/** A status message (role status) saying this, as the flash messages over lists, forms and dialogs are. */
export const statusSaying = (scope: Page | Locator, text: string) =>
  scope.getByRole('status').filter({ hasText: text })

/** One listed item: a table row on a wide screen, a card (article) on a phone; found by a text it shows. */
export const listed = (page: Page, text: string) =>
  page.getByRole('row').or(page.getByRole('article')).filter({ hasText: text })

/** Signs in through the login screen. */
export async function signIn(page: Page, language: Language, who: Credentials) {
  await page.goto('/login')
  await field(page, language, 'fields.email').fill(who.email)
  await field(page, language, 'fields.password').fill(who.password)
  await button(page, language, 'auth.login.submit').click()
}

// ---------------------------------------------------------------------------------------------------------------
// Moving around the vendor and admin areas

/**
 * Opens a screen of the area from its menu, as a person would: the sidebar from 768 px up, the drawer behind
 * the menu button on a phone. `navKey` is the menu entry's key ('nav.profile').
 */
export async function openFromMenu(page: Page, language: Language, navKey: KeysUnder<'nav'>) {
  const menuButton = page.getByRole('button', { name: exactly(t(language, 'nav.openMenu')) })
  if (await menuButton.isVisible()) await menuButton.click()
  await menuLink(page, language, navKey).click()
}

/** A menu entry by its label, whether or not a count follows it ('Messages, 3 unread'). */
export const menuLink = (page: Page, language: Language, navKey: KeysUnder<'nav'>) =>
  page
    .getByRole('navigation', { name: exactly(t(language, 'nav.mainNavigation')) })
    .getByRole('link', { name: new RegExp(`^\\s*${escapeRegExp(t(language, navKey))}(, .+)?$`) })

/**
 * Types `text` into a list's search box and waits until the list was asked for it (the address carries it): what
 * follows reads the searched list, not the one shown before the search box's pause ran out.
 */
export async function searchList(page: Page, language: Language, labelKey: TextKey, text: string) {
  await page.getByRole('searchbox', { name: exactly(t(language, labelKey)) }).fill(text)
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text.trim())
}

/**
 * Picks an option of a Mantine Select: typed into first when a few letters narrow a long list (a searchable one),
 * else opened. The option is clicked once the select is no longer busy: a shop picker shows its last answer,
 * marked `aria-busy`, until the server's answer to the search replaces it, and a click on an option of the list
 * being replaced chooses nothing.
 */
export async function choose(page: Page, input: Locator, option: string | RegExp, typed?: string) {
  if (typed !== undefined) {
    await input.fill(typed)
    await expect(input).not.toHaveAttribute('aria-busy', 'true')
  } else await input.click()
  await page.getByRole('option', { name: option }).click()
}

/** The field is marked invalid and its error is read with it (Mantine ties the message in aria-describedby). */
export async function expectFieldError(input: Locator, message: string) {
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await expect(input).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)))
}

// ---------------------------------------------------------------------------------------------------------------
// Files to upload, made in the test: small, valid, and nothing checked into the repository.

export type FilePayload = { name: string; mimeType: string; buffer: Buffer }

/** A real PNG (a solid square of `size` px), which the server decodes and re-encodes. */
export async function pngFile(
  name: string,
  size = 64,
  color = { r: 14, g: 116, b: 144 },
): Promise<FilePayload> {
  const buffer = await sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer()
  return { name, mimeType: 'image/png', buffer }
}

/** A one-page PDF written by hand, with a correct cross-reference table, saying `text`. */
export function pdfFile(name: string, text = 'Isoko e2e document'): FilePayload {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xrefAt = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') }
}

/** A Windows program ('MZ' header) dressed up as a picture: its name and declared type say PNG. */
export function spoofedPng(name = 'logo.png'): FilePayload {
  const buffer = Buffer.alloc(512)
  buffer.write('MZ', 0, 'latin1')
  buffer.writeUInt32LE(0x80, 0x3c) // e_lfanew: where the PE header starts
  buffer.write('PE\0\0', 0x80, 'latin1')
  return { name, mimeType: 'image/png', buffer }
}

/**
 * Opens a screen of the app by its path and waits until its heading is up and its data has arrived (no skeleton
 * left). Once the app is running in the page, it goes there as the app's own links do (the router follows the
 * address; nothing is loaded again), which is what a person moving through the app sees, and several times
 * quicker than loading the page anew; otherwise, for the screen already shown, or with `load` (after the cookies
 * changed: the running app still holds the last user's session), it loads the page. On a
 * loaded machine Chromium may abort a load that starts while the last screen's requests are in flight
 * (net::ERR_ABORTED): that one is tried again.
 */
export async function openScreen(page: Page, path: string, { load = false }: { load?: boolean } = {}) {
  const shown = page.getByRole('heading', { level: 1 }).first()
  const leaving = (await shown.count()) > 0 ? await shown.elementHandle() : null
  const origin = new URL(page.url() === 'about:blank' ? serverOrigin() : page.url()).origin
  const target = new URL(path, serverOrigin())
  const inApp = !load && leaving !== null && origin === target.origin && page.url() !== target.href
  if (inApp) {
    await page.evaluate((href) => {
      window.history.pushState(null, '', href)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, target.href)
    // The screen left behind has gone (its heading is no longer in the document).
    await page.waitForFunction((heading) => !heading?.isConnected, leaving)
  } else {
    await page.goto(path).catch(async (error: Error) => {
      if (!error.message.includes('ERR_ABORTED')) throw error
      await page.goto(path)
    })
  }
  await expect(page).toHaveURL(target.href)
  await expect(shown).toBeVisible()
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 15_000 })
}
