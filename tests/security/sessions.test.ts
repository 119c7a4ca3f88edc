import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app'
import { passwordResetsSettled, RESET_LIMITS } from '../../src/server/account/password-reset.service'
import { loadConfig } from '../../src/server/config'
import { sessions, users, verifications } from '../../src/server/db/schema'
import { createLogger } from '../../src/server/lib/logger'
import { timings } from '../../src/shared/constants'
import { sessionCookie } from '../fixtures/cookies'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor, findUserByEmail, mailsTo, registerVendor, signIn } from '../fixtures/factories'
import { createTestApp, httpClient, TEST_PUBLIC_URL, type TestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const sessionsOf = (userId: string) => t.db.select().from(sessions).where(eq(sessions.userId, userId))
const isSignedIn = async (app: Pick<TestApp, 'get'>, cookie: string) =>
  (await app.get('/api/account/me', { cookie })).status === 200
const NEW_PASSWORD = 'a-new-secret-456'

/** The newest reset mail to `email`, its link and the token in the link's query. */
async function latestResetMail(email: string) {
  const mail = (await mailsTo(t.db, email)).find((row) => row.link?.includes('/reset-password?'))
  if (!mail) throw new Error(`no reset mail to ${email} in the outbox`)
  const link = mail.link!
  return { mail, link, token: new URL(link).searchParams.get('token')! }
}

const resetMailsTo = async (email: string) =>
  (await mailsTo(t.db, email)).filter((row) => row.link?.includes('/reset-password?'))

/** Asks for a reset mail, and waits for the mail work the answer does not wait for. */
const forgot = async (email: string, ip?: string) => {
  const answer = await t.post('/api/account/forgot-password', { email }, { ip })
  await passwordResetsSettled(t.deps)
  return answer
}

const reset = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  t.post('/api/account/reset-password', { token, password, confirmPassword })

/** A confirmed vendor whose reset link is in the outbox. */
async function vendorWithResetLink() {
  const vendor = await confirmedVendor(t)
  expect((await forgot(vendor.email)).status).toBe(200)
  return { vendor, ...(await latestResetMail(vendor.email)) }
}

describe('the session cookie', () => {
  // HttpOnly: a script injected into a page cannot read the session. SameSite: another site's form or
  // image request does not carry it.
  it('is HttpOnly, SameSite=Lax or Strict, for the whole site, and not marked Secure over plain http', async () => {
    const { email, password } = await confirmedVendor(t)

    const response = await t.post('/api/account/login', { email, password })

    const cookie = sessionCookie(response.setCookies)
    expect(cookie, response.setCookies.join('\n')).toBeDefined()
    expect(cookie!.name).toBe('isoko.session_token')
    expect(cookie!.attributes.httponly).toBe(true)
    expect(['lax', 'strict']).toContain(String(cookie!.attributes.samesite).toLowerCase())
    expect(cookie!.attributes.path).toBe('/')
    // Over http a Secure cookie would never come back, and nobody could stay signed in on a local run.
    expect(cookie!.attributes.secure).toBeUndefined()
  })

  // Behind HTTPS the session must never travel over plain HTTP, where anyone on the network reads it.
  it('is Secure (and __Secure- prefixed) when PUBLIC_URL is https', async () => {
    const secureApp = t.withConfig({ PUBLIC_URL: 'https://isoko.example.rw' })
    const { email, password } = await confirmedVendor(secureApp)

    const response = await secureApp.post('/api/account/login', { email, password })

    expect(response.status).toBe(200)
    const cookie = sessionCookie(response.setCookies)
    expect(cookie!.name).toBe('__Secure-isoko.session_token')
    expect(cookie!.attributes.secure).toBe(true)
    expect(cookie!.attributes.httponly).toBe(true)
    expect(['lax', 'strict']).toContain(String(cookie!.attributes.samesite).toLowerCase())
  })
})

describe('cross-site requests (CSRF)', () => {
  const evil = 'https://evil.example'
  const formBodies: Array<
    [string, () => { rawBody?: string; form?: FormData; headers?: Record<string, string> }]
  > = [
    [
      'application/x-www-form-urlencoded',
      () => ({ rawBody: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    ],
    ['text/plain', () => ({ rawBody: '{"a":1}', headers: { 'content-type': 'text/plain' } })],
    ['multipart/form-data', () => ({ form: Object.assign(new FormData(), { a: '1' }) })],
  ]

  // A page on another site can make the browser post a form with the user's cookie; such a post must
  // change nothing (here: it must not sign the user out).
  it.each(formBodies)(
    'refuses a %s post from another origin with 403, and the session stays',
    async (_type, body) => {
      const vendor = await confirmedVendor(t)
      const { rawBody, form, headers } = body()

      const response = await t.request('POST', '/api/account/logout', {
        rawBody,
        form,
        cookie: vendor.cookie,
        headers: { ...headers, origin: evil, 'sec-fetch-site': 'cross-site' },
      })

      expectError(response, { status: 403, code: 'FORBIDDEN', messageKey: 'errors.forbidden' })
      expect(await isSignedIn(t, vendor.cookie)).toBe(true)
      expect(await sessionsOf(vendor.user.id)).toHaveLength(1)
    },
  )

  // Sandboxed frames and some redirects send the literal Origin "null": it names no site we trust.
  it.each(formBodies)('refuses a %s post with Origin: null', async (_type, body) => {
    const vendor = await confirmedVendor(t)
    const { rawBody, form, headers } = body()

    const response = await t.request('POST', '/api/account/logout', {
      rawBody,
      form,
      cookie: vendor.cookie,
      headers: { ...headers, origin: 'null' },
    })

    expectError(response, { status: 403, code: 'FORBIDDEN', messageKey: 'errors.forbidden' })
    expect(await isSignedIn(t, vendor.cookie)).toBe(true)
  })

  it('refuses a cross-site form post that asks for a reset mail, and queues none', async () => {
    const vendor = await confirmedVendor(t)

    const response = await t.request('POST', '/api/account/forgot-password', {
      rawBody: `email=${encodeURIComponent(vendor.email)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: evil },
    })

    expectError(response, { status: 403, code: 'FORBIDDEN', messageKey: 'errors.forbidden' })
    expect(await resetMailsTo(vendor.email)).toHaveLength(0)
  })

  // The pair of the refusals above: the guard looks at where the post comes from, not at its type.
  it('lets the same text/plain post through from the app’s own origin', async () => {
    const vendor = await confirmedVendor(t)

    const response = await t.request('POST', '/api/account/logout', {
      rawBody: '{}',
      cookie: vendor.cookie,
      headers: { 'content-type': 'text/plain', origin: TEST_PUBLIC_URL },
    })

    expect(response.status).toBe(200)
    expect(await isSignedIn(t, vendor.cookie)).toBe(false)
  })
})

describe('signing out', () => {
  // A copied cookie (a shared computer, a stolen backup) must die with the sign-out, not at its expiry.
  it('ends the session on the server: the old cookie no longer signs anyone in', async () => {
    const vendor = await confirmedVendor(t)
    const copied = vendor.cookie
    expect(await isSignedIn(t, copied)).toBe(true)

    const response = await t.post('/api/account/logout', undefined, { cookie: vendor.cookie })

    expect(response.status).toBe(200)
    expect(await sessionsOf(vendor.user.id)).toHaveLength(0)
    expectError(await t.get('/api/account/me', { cookie: copied }), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
  })
})

describe('POST /api/account/forgot-password', () => {
  // The answer's timing must not tell whether the address has an account (a known one cost 47 ms against
  // 20.5 ms): the token and the mail are made after the answer, the same for both.
  it('answers before the reset link is made, so a known address costs what an unknown one does', async () => {
    const vendor = await confirmedVendor(t)
    const api = t.deps.auth.api
    const original = api.requestPasswordReset
    let open!: () => void
    const gate = new Promise<void>((resolve) => {
      open = resolve
    })
    api.requestPasswordReset = (async (...args: Parameters<typeof original>) => {
      await gate
      return original(...args)
    }) as typeof original
    try {
      const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3_000))
      const answer = await Promise.race([
        t.post('/api/account/forgot-password', { email: vendor.email }),
        waited,
      ])
      expect(answer).not.toBe('waited')
      expect(answer).toMatchObject({ status: 200, body: { ok: true } })
      expect(await resetMailsTo(vendor.email)).toHaveLength(0)
    } finally {
      api.requestPasswordReset = original
      open()
    }
    await passwordResetsSettled(t.deps)
    expect(await resetMailsTo(vendor.email)).toHaveLength(1)
  })

  // No account enumeration: the form must not tell a stranger which addresses have an account.
  it('answers a known, an unconfirmed and an unknown address alike, and mails only the accounts', async () => {
    const known = await confirmedVendor(t)
    const unconfirmed = await registerVendor(t)
    const unknown = `nobody-${Date.now()}@example.rw`

    const answers = await Promise.all([forgot(known.email), forgot(unconfirmed.email), forgot(unknown)])

    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.text).toBe(answers[0]!.text)
      expect(answer.cookie).toBe('')
    }
    expect(answers[0]!.body).toEqual({ ok: true })
    expect(await resetMailsTo(known.email)).toHaveLength(1)
    expect(await resetMailsTo(unconfirmed.email)).toHaveLength(1)
    expect(await mailsTo(t.db, unknown)).toHaveLength(0)
  })

  it('mails a link to /reset-password?token=…, valid for the configured time, stored only as a hash', async () => {
    const vendor = await confirmedVendor(t)

    await forgot(vendor.email.toUpperCase())

    const { link, token, mail } = await latestResetMail(vendor.email)
    expect(link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{20,}$`))
    expect(mail.text).toContain(link)
    expect(mail.text).toContain(`${timings.passwordResetLinkMinutes} minutes`)
    const rows = await t.db.select().from(verifications).where(eq(verifications.value, vendor.user.id))
    expect(rows).toHaveLength(1)
    // A database leak must not hand out working links.
    expect(rows[0]!.identifier).not.toContain(token)
    const minutesValid = (rows[0]!.expiresAt.getTime() - Date.now()) / 60_000
    expect(minutesValid).toBeGreaterThan(timings.passwordResetLinkMinutes - 1)
    expect(minutesValid).toBeLessThanOrEqual(timings.passwordResetLinkMinutes)
  })

  // Mail is read in the language the person uses the screens in; before they ever have, in both.
  it('writes the mail in the account’s language, or in English and Kinyarwanda when none is known', async () => {
    const rwVendor = await confirmedVendor(t)
    await t.db.update(users).set({ language: 'rw' }).where(eq(users.id, rwVendor.user.id))
    const fresh = await registerVendor(t)

    await forgot(rwVendor.email)
    await forgot(fresh.email)

    const rwMail = (await latestResetMail(rwVendor.email)).mail
    expect(rwMail.subject).toBe("Hindura ijambo ry'ibanga rya Isoko")
    expect(rwMail.text).toContain('Muraho')
    expect(rwMail.text).not.toContain('Hello')
    const bothMail = (await latestResetMail(fresh.email)).mail
    expect(bothMail.subject).toBe("Reset your Isoko password / Hindura ijambo ry'ibanga rya Isoko")
    expect(bothMail.text).toContain('Hello')
    expect(bothMail.text).toContain('Muraho')
  })

  // Otherwise anyone could fill a stranger's mailbox with reset mail; the limit counts attempts, so an
  // unknown address is limited exactly like a known one (the limit reveals nothing either).
  it.each([
    ['a known', true],
    ['an unknown', false],
  ])(
    `refuses the ${RESET_LIMITS.perAccount + 1}th request for %s address within 15 minutes with 429`,
    async (_what, isKnown) => {
      const email = isKnown ? (await confirmedVendor(t)).email : `nobody-${Date.now()}@example.rw`
      for (let attempt = 1; attempt <= RESET_LIMITS.perAccount; attempt += 1) {
        expect((await forgot(email)).status, `attempt ${attempt}`).toBe(200)
      }

      const over = await forgot(email)

      expectError(over, { status: 429, code: 'RATE_LIMITED', messageKey: 'errors.rateLimited' })
      expect(over.body.error.params.seconds).toBeGreaterThanOrEqual(1)
      expect(over.body.error.params.seconds).toBeLessThanOrEqual(15 * 60)
      expect(await resetMailsTo(email)).toHaveLength(isKnown ? RESET_LIMITS.perAccount : 0)
    },
  )

  // One machine cannot walk through many addresses either.
  it(`refuses the ${RESET_LIMITS.perAddress + 1}th request from one address with 429`, async () => {
    const ip = '192.0.2.77'
    for (let attempt = 1; attempt <= RESET_LIMITS.perAddress; attempt += 1) {
      expect((await forgot(`walk-${attempt}-${Date.now()}@example.rw`, ip)).status).toBe(200)
    }

    expectError(await forgot(`walk-last-${Date.now()}@example.rw`, ip), {
      status: 429,
      code: 'RATE_LIMITED',
      messageKey: 'errors.rateLimited',
    })
    expect((await forgot(`walk-other-${Date.now()}@example.rw`, '192.0.2.78')).status).toBe(200)
  })

  it.each([
    ['missing', {}, 'errors.required'],
    ['malformed', { email: 'not-an-email' }, 'errors.emailInvalid'],
  ])('refuses a %s e-mail with 422', async (_why, body, messageKey) => {
    const response = await t.post('/api/account/forgot-password', body)
    expectError(response, { status: 422, code: 'VALIDATION', messageKey, fields: { email: messageKey } })
  })
})

describe('POST /api/account/reset-password', () => {
  it('sets the new password: the new one signs in, the old one no longer does', async () => {
    const { vendor, token } = await vendorWithResetLink()

    const response = await reset(token)

    expect(response.status).toBe(200)
    expect(response.body).toEqual({ ok: true })
    expect((await t.post('/api/account/login', { email: vendor.email, password: NEW_PASSWORD })).status).toBe(
      200,
    )
    expectError(await t.post('/api/account/login', { email: vendor.email, password: vendor.password }), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'auth.login.invalidCredentials',
    })
  })

  // Whoever had the account open (a stolen cookie, a forgotten shared computer) is signed out by a reset.
  it('ends every session of the account', async () => {
    const { vendor, token } = await vendorWithResetLink()
    const otherDevice = await signIn(t, vendor.email, vendor.password)
    const bystander = await confirmedVendor(t)
    expect(await sessionsOf(vendor.user.id)).toHaveLength(2)

    expect((await reset(token)).status).toBe(200)

    expect(await sessionsOf(vendor.user.id)).toHaveLength(0)
    expect(await isSignedIn(t, vendor.cookie)).toBe(false)
    expect(await isSignedIn(t, otherDevice)).toBe(false)
    // Only that account's sessions: another vendor stays signed in.
    expect(await isSignedIn(t, bystander.cookie)).toBe(true)
  })

  // A reset link works once: a forwarded or leaked mail cannot be replayed.
  it('refuses a link that was already used with 404 auth.reset.linkInvalid', async () => {
    const { vendor, token } = await vendorWithResetLink()
    expect((await reset(token)).status).toBe(200)

    const again = await reset(token, 'someone-elses-789')

    expectError(again, { status: 404, code: 'NOT_FOUND', messageKey: 'auth.reset.linkInvalid' })
    expect((await t.post('/api/account/login', { email: vendor.email, password: NEW_PASSWORD })).status).toBe(
      200,
    )
  })

  // A link found later in an old mailbox must not change anything.
  it('refuses an expired link and keeps the old password', async () => {
    const { vendor, token } = await vendorWithResetLink()
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, vendor.user.id))

    const response = await reset(token)

    expectError(response, { status: 404, code: 'NOT_FOUND', messageKey: 'auth.reset.linkInvalid' })
    expect(
      (await t.post('/api/account/login', { email: vendor.email, password: vendor.password })).status,
    ).toBe(200)
  })

  it('refuses a token that was never issued', async () => {
    const response = await reset('x'.repeat(24))
    expectError(response, { status: 404, code: 'NOT_FOUND', messageKey: 'auth.reset.linkInvalid' })
  })

  // Two requests, two mails: once one link is used, the other must not work any more.
  it('spends the other links waiting in the mailbox once one is used', async () => {
    const vendor = await confirmedVendor(t)
    await forgot(vendor.email)
    const first = await latestResetMail(vendor.email)
    await forgot(vendor.email)
    const second = await latestResetMail(vendor.email)
    expect(second.token).not.toBe(first.token)

    expect((await reset(second.token)).status).toBe(200)

    expectError(await reset(first.token, 'someone-elses-789'), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'auth.reset.linkInvalid',
    })
  })

  // The same password rules as registration (shared schema), and a refusal does not spend the link.
  it.each([
    ['shorter than 6 characters', '12345', '12345', 'auth.register.passwordTooShort', 'password'],
    [
      'not confirmed alike',
      NEW_PASSWORD,
      `${NEW_PASSWORD}x`,
      'auth.register.passwordMismatch',
      'confirmPassword',
    ],
    ['too long', 'p'.repeat(129), 'p'.repeat(129), 'errors.tooLong', 'password'],
  ])(
    'refuses a new password %s with 422 and keeps the link usable',
    async (_why, password, confirm, messageKey, field) => {
      const { token } = await vendorWithResetLink()

      const response = await reset(token, password, confirm)

      expectError(response, { status: 422, code: 'VALIDATION', messageKey, fields: { [field]: messageKey } })
      expect((await reset(token)).status).toBe(200)
    },
  )

  // The link reached the mailbox, which is what confirming an address proves.
  it('confirms the address of an account that never confirmed it, so the new password signs in', async () => {
    const unconfirmed = await registerVendor(t)
    await forgot(unconfirmed.email)
    const { token } = await latestResetMail(unconfirmed.email)

    expect((await reset(token)).status).toBe(200)

    expect((await findUserByEmail(t.db, unconfirmed.email))!.emailVerified).toBe(true)
    expect(
      (await t.post('/api/account/login', { email: unconfirmed.email, password: NEW_PASSWORD })).status,
    ).toBe(200)
  })

  // Someone who forgot their password has usually used up their sign-in attempts guessing it.
  it('lifts the sign-in limit the owner ran into', async () => {
    const { vendor, token } = await vendorWithResetLink()
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      await t.post('/api/account/login', { email: vendor.email, password: `wrong-${attempt}` })
    }
    expect(
      (await t.post('/api/account/login', { email: vendor.email, password: vendor.password })).status,
    ).toBe(429)

    expect((await reset(token)).status).toBe(200)

    expect((await t.post('/api/account/login', { email: vendor.email, password: NEW_PASSWORD })).status).toBe(
      200,
    )
  })
})

describe("the auth library's own reset endpoints", () => {
  // They would bypass the rate limits and the error model: only Isoko's routes above are reachable.
  it.each(['/api/auth/request-password-reset', '/api/auth/reset-password', '/api/auth/forget-password'])(
    'does not expose POST %s',
    async (urlPath) => {
      const vendor = await confirmedVendor(t)
      const response = await t.post(urlPath, { email: vendor.email, newPassword: NEW_PASSWORD, token: 'x' })
      expectError(response, { status: 404, code: 'NOT_FOUND', messageKey: 'errors.notFound' })
      expect(await resetMailsTo(vendor.email)).toHaveLength(0)
    },
  )
})

describe('security headers', () => {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'isoko-web-'))
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }))

  /** The app serving a built front end (a stand-in index.html), on the test database. */
  function appWithWebBuild() {
    writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
    )
    const config = loadConfig(
      { NODE_ENV: 'test', DATA_DIR: webRoot, PUBLIC_URL: TEST_PUBLIC_URL, LOG_LEVEL: 'silent' },
      { readDotenv: false },
    )
    const { app } = createApp({
      config,
      database: t.database,
      logger: createLogger('silent', false),
      webRoot,
    })
    return httpClient(app, config.publicUrl)
  }

  const directives = (csp: string | null) =>
    new Map(
      (csp ?? '')
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name, ...values]) => [name!, values]),
    )

  function expectSecurityHeaders(headers: Headers) {
    const csp = directives(headers.get('content-security-policy'))
    // Scripts only from the app's own files: an injected inline script or a foreign one does not run.
    expect(csp.get('default-src')).toEqual(["'self'"])
    expect(csp.get('script-src')).toEqual(["'self'"])
    expect(csp.get('object-src') ?? csp.get('default-src')).not.toContain('*')
    // No other site may frame the app (clickjacking), by either header.
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(headers.get('x-frame-options')).toBe('DENY')
    expect(headers.get('x-content-type-options')).toBe('nosniff')
    // The reset page's address carries its token: it must never leave in a Referer header.
    expect(['no-referrer', 'same-origin']).toContain(headers.get('referrer-policy'))
  }

  it('are on API answers, successful and refused', async () => {
    const health = await t.get('/api/health')
    const refused = await t.get('/api/account/me')
    expect(health.status).toBe(200)
    expect(refused.status).toBe(401)
    expectSecurityHeaders(health.headers)
    expectSecurityHeaders(refused.headers)
  })

  it("are on the single-page app's HTML, including the reset page", async () => {
    const web = appWithWebBuild()

    for (const page of ['/login', '/forgot-password', '/reset-password?token=abc']) {
      const response = await web.get(page)
      expect(response.status, page).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/html')
      expectSecurityHeaders(response.headers)
    }
  })

  // The policy allows scripts only from files: the page the build starts from must hold no inline script
  // (the e2e suite listens for violations on the built pages too).
  it('are satisfied by the app’s HTML entry: no inline script or event handler', () => {
    const html = readFileSync(path.resolve('index.html'), 'utf8')
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/)
      expect(body!.trim()).toBe('')
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i)
  })
})
