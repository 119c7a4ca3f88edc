import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { accounts, sessions, users } from '../../src/server/db/schema'
import { PER_ADDRESS } from '../../src/server/account/account.service'
import { hashToken } from '../../src/server/auth/one-time-tokens'
import { createSetupLink } from '../../src/server/setup/setup.service'
import { sessionCookie } from '../fixtures/cookies'
import { expectError } from '../fixtures/expect-error'
import {
  accountRowCounts,
  confirmEmail,
  confirmedVendor,
  createAdmin,
  expireToken,
  findUserByEmail,
  latestConfirmation,
  mailsTo,
  registerVendor,
  setupTokenOf,
  tokenRow,
  vendorInput,
  type RegisterBody,
} from '../fixtures/factories'
import { createTestApp, TEST_PUBLIC_URL } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const sessionsOf = (userId: string) => t.db.select().from(sessions).where(eq(sessions.userId, userId))

describe('POST /api/account/register', () => {
  it('creates an unconfirmed vendor with a hashed password and no shop yet', async () => {
    const input = vendorInput({ fullName: '  Amina Uwase  ' })

    const response = await t.post('/api/account/register', input)

    expect(response.status).toBe(201)
    expect(response.body).toEqual({ email: input.email })
    const user = await findUserByEmail(t.db, input.email)
    expect(user).toMatchObject({ fullName: 'Amina Uwase', role: 'vendor', emailVerified: false })
    const [credential] = await t.db.select().from(accounts).where(eq(accounts.userId, user!.id))
    expect(credential).toMatchObject({ providerId: 'credential' })
    expect(credential!.password).toBeTruthy()
    expect(credential!.password).not.toContain(input.password)
    // Registration alone signs nobody in: the address must be confirmed first.
    expect(response.cookie).toBe('')
    expect(await sessionsOf(user!.id)).toHaveLength(0)
  })

  it('mails a single-use confirmation link whose token is stored only as a hash', async () => {
    const { email, user } = await registerVendor(t)

    const mails = await mailsTo(t.db, email)
    expect(mails).toHaveLength(1)
    const { link, token } = await latestConfirmation(t.db, email)
    expect(link.startsWith(`${TEST_PUBLIC_URL}/confirm-email#access_token=`)).toBe(true)
    const row = await tokenRow(t.db, token)
    expect(row).toMatchObject({
      purpose: 'confirm_email',
      userId: user.id,
      usedAt: null,
      tokenHash: hashToken(token),
    })
    const hoursValid = (row!.expiresAt.getTime() - Date.now()) / 3_600_000
    expect(hoursValid).toBeGreaterThan(23.9)
    expect(hoursValid).toBeLessThanOrEqual(24)
  })

  // People type their address with capitals; one mailbox is one account.
  it('stores the e-mail in lower case', async () => {
    const input = vendorInput()
    const mixedCase = input.email.replace('vendor', 'Vendor').toUpperCase()

    const response = await t.post('/api/account/register', { ...input, email: mixedCase })

    expect(response.status).toBe(201)
    expect((await findUserByEmail(t.db, input.email))!.email).toBe(input.email.toLowerCase())
  })

  // The limits themselves are allowed: 6 characters is the specification's minimum password length.
  it('accepts a 6-character password, a 100-character name and an explicit vendor account type', async () => {
    const response = await t.post(
      '/api/account/register',
      vendorInput({ password: 'abc123', fullName: 'N'.repeat(100), role: 'vendor' }),
    )
    expect(response.status).toBe(201)
  })

  // Specification §5: fullName, email and password required; password ≥ 6 and confirmed; account type only vendor.
  // Every refusal must leave nothing behind: no user, no credential, no mail, no token.
  it.each<{ why: string; body: RegisterBody; messageKey: string; fields: Record<string, string> }>([
    {
      why: 'the full name is missing',
      body: { fullName: undefined },
      messageKey: 'errors.required',
      fields: { fullName: 'errors.required' },
    },
    {
      why: 'the full name is only spaces',
      body: { fullName: '   ' },
      messageKey: 'errors.required',
      fields: { fullName: 'errors.required' },
    },
    {
      why: 'the e-mail is missing',
      body: { email: undefined },
      messageKey: 'errors.required',
      fields: { email: 'errors.required' },
    },
    {
      why: 'the e-mail is empty',
      body: { email: '' },
      messageKey: 'errors.required',
      fields: { email: 'errors.required' },
    },
    {
      why: 'the password is missing',
      body: { password: undefined, confirmPassword: 'secret-123' },
      messageKey: 'errors.required',
      fields: { password: 'errors.required' },
    },
    {
      why: 'the confirmation is missing',
      body: { confirmPassword: undefined },
      messageKey: 'errors.required',
      fields: { confirmPassword: 'errors.required' },
    },
    {
      why: 'the password is shorter than 6 characters',
      body: { password: '12345' },
      messageKey: 'auth.register.passwordTooShort',
      fields: { password: 'auth.register.passwordTooShort' },
    },
    {
      why: 'the passwords do not match',
      body: { password: 'secret-123', confirmPassword: 'secret-124' },
      messageKey: 'auth.register.passwordMismatch',
      fields: { confirmPassword: 'auth.register.passwordMismatch' },
    },
    {
      why: 'the account type is admin',
      body: { role: 'admin' },
      messageKey: 'auth.register.roleInvalid',
      fields: { role: 'auth.register.roleInvalid' },
    },
    {
      why: 'the e-mail is malformed',
      body: { email: 'not-an-email' },
      messageKey: 'errors.emailInvalid',
      fields: { email: 'errors.emailInvalid' },
    },
    {
      why: 'the full name is too long',
      body: { fullName: 'N'.repeat(101) },
      messageKey: 'errors.tooLong',
      fields: { fullName: 'errors.tooLong' },
    },
    {
      why: 'the e-mail is too long',
      body: { email: `${'a'.repeat(250)}@example.rw` },
      messageKey: 'errors.tooLong',
      fields: { email: 'errors.tooLong' },
    },
    {
      why: 'the password is too long',
      body: { password: 'p'.repeat(129) },
      messageKey: 'errors.tooLong',
      fields: { password: 'errors.tooLong' },
    },
    {
      why: 'the full name is not text',
      body: { fullName: 42 },
      messageKey: 'errors.required',
      fields: { fullName: 'errors.required' },
    },
  ])('refuses with 422 and writes nothing when $why', async ({ body, messageKey, fields }) => {
    const before = await accountRowCounts(t.db)

    const response = await t.post('/api/account/register', vendorInput(body))

    expectError(response, { status: 422, code: 'VALIDATION', messageKey, fields })
    expect(await accountRowCounts(t.db)).toEqual(before)
  })

  it('refuses an admin account type without creating any user', async () => {
    const input = vendorInput({ role: 'admin' })

    const response = await t.post('/api/account/register', input)

    expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'auth.register.roleInvalid' })
    expect(await findUserByEmail(t.db, input.email)).toBeUndefined()
  })

  // One mailbox is one account, whatever the capitals.
  it('refuses an e-mail already registered in another case, keeping exactly one account and one mail', async () => {
    const { email } = await registerVendor(t)
    const before = await accountRowCounts(t.db)

    const response = await t.post(
      '/api/account/register',
      vendorInput({ email: email.toUpperCase(), fullName: 'Someone Else' }),
    )

    expectError(response, { status: 409, code: 'CONFLICT', messageKey: 'auth.register.emailTaken' })
    expect(await accountRowCounts(t.db)).toEqual(before)
    expect((await findUserByEmail(t.db, email))!.fullName).not.toBe('Someone Else')
  })

  // A double-clicked submit sends two registrations at once: the second is told the address is taken.
  // The two meet at different points (both past Isoko's own look, or one already created when the library looks),
  // so the race is run several times, the second request a little later each time.
  it('answers two simultaneous registrations of one e-mail with one account and one 409', async () => {
    for (let delay = 0; delay < 6; delay += 1) {
      const input = vendorInput()

      const responses = await Promise.all([
        t.post('/api/account/register', input),
        new Promise<void>((resolve) => setTimeout(resolve, delay * 3)).then(() =>
          t.post('/api/account/register', input),
        ),
      ])

      expect(responses.map((r) => r.status).sort()).toEqual([201, 409])
      expectError(
        responses.find((r) => r.status === 409)!,
        { status: 409, code: 'CONFLICT', messageKey: 'auth.register.emailTaken' },
      )
      expect(await t.db.select().from(users).where(eq(users.email, input.email))).toHaveLength(1)
      expect(await mailsTo(t.db, input.email)).toHaveLength(1)
    }
  })

  it('answers malformed JSON with 422 errors.invalidJson and writes nothing', async () => {
    const before = await accountRowCounts(t.db)

    const response = await t.request('POST', '/api/account/register', {
      rawBody: '{"fullName": "Amina", "email": ',
    })

    expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'errors.invalidJson' })
    expect(await accountRowCounts(t.db)).toEqual(before)
  })
})

describe('registrations and sign-ins per address', () => {
  // Operators behind one shared address (carrier NAT, an onboarding day at a market office) can raise these.
  it('follow REGISTRATIONS_PER_ADDRESS and SIGN_INS_PER_ADDRESS', async () => {
    const strict = t.withConfig({ REGISTRATIONS_PER_ADDRESS: '2', SIGN_INS_PER_ADDRESS: '1' })
    const ip = '10.200.0.7'
    const register = (n: number) =>
      strict.post(
        '/api/account/register',
        {
          fullName: 'Aline Uwase',
          email: `limit-${n}-${Date.now()}@example.rw`,
          password: 'secret-123',
          confirmPassword: 'secret-123',
        },
        { ip },
      )
    expect((await register(1)).status).toBe(201)
    expect((await register(2)).status).toBe(201)
    expectError(await register(3), { status: 429, code: 'RATE_LIMITED', messageKey: 'errors.rateLimited' })
    const login = () =>
      strict.post('/api/account/login', { email: 'nobody@example.rw', password: 'secret-123' }, { ip })
    expect((await login()).status).toBe(401)
    expectError(await login(), { status: 429, code: 'RATE_LIMITED', messageKey: 'errors.rateLimited' })
  })
})

describe("the auth library's own endpoints", () => {
  // Sign-up must go through Isoko's rules (vendor only, rate limits, single-use links), never around them.
  it('does not expose /api/auth/sign-up/email, even to a body asking for an admin', async () => {
    const input = vendorInput()
    const before = await accountRowCounts(t.db)

    const response = await t.post('/api/auth/sign-up/email', {
      email: input.email,
      password: input.password,
      name: input.fullName,
      role: 'admin',
    })

    expectError(response, { status: 404, code: 'NOT_FOUND', messageKey: 'errors.notFound' })
    expect(await accountRowCounts(t.db)).toEqual(before)
  })

  // Sign-in, session reads and the library's reusable verification link all bypass the error model and limits.
  it.each([
    ['POST', '/api/auth/sign-in/email'],
    ['GET', '/api/auth/verify-email?token=abc'],
    ['GET', '/api/auth/get-session'],
    ['POST', '/api/auth/update-user'],
    ['POST', '/api/auth/change-password'],
  ])('does not expose %s %s', async (method, path) => {
    const response = await t.request(method, path, method === 'POST' ? { body: {} } : {})
    expectError(response, { status: 404, code: 'NOT_FOUND', messageKey: 'errors.notFound' })
  })

  // The role is never taken from the client (docs/architecture.md): even a direct library call asking for admin makes a vendor.
  it('makes a vendor when signUpEmail is called directly with role admin', async () => {
    const input = vendorInput()
    // Should the rule break, the admin it made must not change what later tests in this file see.
    onTestFinished(async () => {
      await t.db.delete(users).where(eq(users.email, input.email))
    })

    await t.deps.auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name: input.fullName, role: 'admin' } as never,
    })

    const user = await findUserByEmail(t.db, input.email)
    expect(user).toBeDefined()
    expect(user!.role).toBe('vendor')
  })
})

describe('POST /api/account/confirm-email', () => {
  it('confirms the address and spends the token', async () => {
    const { email, user } = await registerVendor(t)
    const { token } = await latestConfirmation(t.db, email)

    const response = await t.post('/api/account/confirm-email', { token })

    expect(response.status).toBe(200)
    expect(response.body).toEqual({ ok: true })
    expect((await findUserByEmail(t.db, email))!.emailVerified).toBe(true)
    expect((await tokenRow(t.db, token))!.usedAt).toBeInstanceOf(Date)
    expect(user.emailVerified).toBe(false)
  })

  // E-mail links work once (docs/architecture.md): a forwarded or leaked mail cannot be replayed.
  it('refuses a link that was already used with 409 auth.confirm.used', async () => {
    const { email } = await registerVendor(t)
    const { token } = await latestConfirmation(t.db, email)
    expect((await t.post('/api/account/confirm-email', { token })).status).toBe(200)

    const response = await t.post('/api/account/confirm-email', { token })

    expectError(response, { status: 409, code: 'CONFLICT', messageKey: 'auth.confirm.used' })
  })

  it('refuses a token that was never issued with 404 auth.confirm.invalid', async () => {
    const response = await t.post('/api/account/confirm-email', { token: 'x'.repeat(43) })
    expectError(response, { status: 404, code: 'NOT_FOUND', messageKey: 'auth.confirm.invalid' })
  })

  it('refuses a token too short to be one with 422 auth.token.invalid', async () => {
    const response = await t.post('/api/account/confirm-email', { token: 'abc' })
    expectError(response, {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'auth.token.invalid',
      fields: { token: 'auth.token.invalid' },
    })
  })

  it('refuses a request without a token with 422 errors.required', async () => {
    const response = await t.post('/api/account/confirm-email', {})
    expectError(response, {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.required',
      fields: { token: 'errors.required' },
    })
  })

  // Links expire (24 hours): an old mail found later must not confirm anything.
  it('refuses an expired link with 422 auth.confirm.expired and leaves the address unconfirmed', async () => {
    const { email } = await registerVendor(t)
    const { token } = await latestConfirmation(t.db, email)
    await expireToken(t.db, token)

    const response = await t.post('/api/account/confirm-email', { token })

    expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'auth.confirm.expired' })
    expect((await findUserByEmail(t.db, email))!.emailVerified).toBe(false)
  })

  // Tokens are bound to their purpose: the first-admin setup link is not an e-mail confirmation.
  it('does not accept a setup token, and leaves that token unused', async () => {
    const link = await createSetupLink(t.db, t.config.publicUrl)
    const token = setupTokenOf(link!)

    const response = await t.post('/api/account/confirm-email', { token })

    expectError(response, { status: 404, code: 'NOT_FOUND', messageKey: 'auth.confirm.invalid' })
    expect((await tokenRow(t.db, token))!.usedAt).toBeNull()
  })
})

describe('POST /api/account/login', () => {
  // Specification: the account is usable only after the e-mail is confirmed.
  it('refuses an unconfirmed account with 403 auth.login.emailNotConfirmed and opens no session', async () => {
    const { email, password, user } = await registerVendor(t)

    const response = await t.post('/api/account/login', { email, password })

    expectError(response, { status: 403, code: 'FORBIDDEN', messageKey: 'auth.login.emailNotConfirmed' })
    expect(response.cookie).toBe('')
    expect(await sessionsOf(user.id)).toHaveLength(0)
  })

  it('refuses a wrong password with 401 auth.login.invalidCredentials', async () => {
    const { email, user } = await registerVendor(t)
    await confirmEmail(t, email)

    const response = await t.post('/api/account/login', { email, password: 'not-the-password' })

    expectError(response, {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'auth.login.invalidCredentials',
    })
    expect(response.cookie).toBe('')
    expect(await sessionsOf(user.id)).toHaveLength(0)
  })

  // The same answer for an unknown address, so the form cannot be used to find out who has an account.
  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const { email } = await registerVendor(t)
    await confirmEmail(t, email)
    const wrongPassword = await t.post('/api/account/login', { email, password: 'not-the-password' })

    const unknown = await t.post('/api/account/login', {
      email: 'nobody-here@example.rw',
      password: 'not-the-password',
    })

    expectError(unknown, {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'auth.login.invalidCredentials',
    })
    expect(unknown.body).toEqual(wrongPassword.body)
  })

  it('signs in a confirmed vendor with an HttpOnly, SameSite=Lax session cookie', async () => {
    const { email, password, user } = await registerVendor(t, { fullName: 'Jean Claude' })
    await confirmEmail(t, email)

    const response = await t.post('/api/account/login', { email, password })

    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      user: { id: user.id, email, fullName: 'Jean Claude', role: 'vendor', emailVerified: true },
      vendor: null,
    })
    const cookie = sessionCookie(response.setCookies)
    expect(cookie, response.setCookies.join('\n')).toBeDefined()
    // HttpOnly: page scripts (and so injected ones) cannot read the session. Lax: other sites cannot post with it.
    expect(cookie!.attributes.httponly).toBe(true)
    expect(String(cookie!.attributes.samesite).toLowerCase()).toBe('lax')
    expect(cookie!.attributes.path).toBe('/')
    expect(await sessionsOf(user.id)).toHaveLength(1)
  })

  it('accepts the e-mail in any case', async () => {
    const { email, password } = await registerVendor(t)
    await confirmEmail(t, email)

    const response = await t.post('/api/account/login', { email: email.toUpperCase(), password })

    expect(response.status).toBe(200)
  })

  // Behind HTTPS the cookie must never travel over plain HTTP.
  it('marks the session cookie Secure when the public URL is https', async () => {
    const secureApp = t.withConfig({ PUBLIC_URL: 'https://isoko.example.rw' })
    const { email, password } = await registerVendor(secureApp)
    await confirmEmail(secureApp, email)

    const response = await secureApp.post('/api/account/login', { email, password })

    expect(response.status).toBe(200)
    const cookie = sessionCookie(response.setCookies)
    expect(cookie!.attributes.secure).toBe(true)
    expect(cookie!.attributes.httponly).toBe(true)
  })

  it.each([
    ['e-mail', { password: 'secret-123' }, { email: 'errors.required' }],
    ['password', { email: 'someone@example.rw' }, { password: 'errors.required' }],
  ])('refuses a missing %s with 422 errors.required', async (_field, body, fields) => {
    const response = await t.post('/api/account/login', body)
    expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'errors.required', fields })
  })

  // Ten tries per account per 15 minutes, whatever the address they come from, so a password cannot be guessed
  // quickly even by many machines; the limit counts attempts, so the right password is refused too once it is hit.
  it('refuses the 11th attempt for one e-mail within 15 minutes with 429 errors.rateLimited', async () => {
    const { email, password } = await registerVendor(t)
    await confirmEmail(t, email)
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await t.post('/api/account/login', { email, password: `wrong-${attempt}` })
      expect(response.status, `attempt ${attempt}`).toBe(401)
    }

    const eleventh = await t.post('/api/account/login', { email, password })

    expectError(eleventh, { status: 429, code: 'RATE_LIMITED', messageKey: 'errors.rateLimited' })
    expect(eleventh.body.error.params.seconds).toBeGreaterThanOrEqual(1)
    expect(eleventh.body.error.params.seconds).toBeLessThanOrEqual(15 * 60)
    expect(eleventh.cookie).toBe('')
  })

  // The limit is per account: one vendor under attack does not lock the others out.
  it('still signs in another account while one is rate limited', async () => {
    const target = await registerVendor(t)
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      await t.post('/api/account/login', { email: target.email, password: `wrong-${attempt}` })
    }
    const other = await registerVendor(t)
    await confirmEmail(t, other.email)

    const response = await t.post('/api/account/login', { email: other.email, password: other.password })

    expect(response.status).toBe(200)
  })
})

describe('sign-in limits count failed attempts only', () => {
  // Someone signing in on a phone and a laptop all day, from one office address, is never held up: a sign-in
  // with the right password counts towards neither the account's limit (10) nor the address's.
  it('lets 12 successful sign-ins in a row through, from one address, past both limits', async () => {
    const strict = t.withConfig({ SIGN_INS_PER_ADDRESS: '3' })
    const { email, password } = await registerVendor(t)
    await confirmEmail(t, email)
    const ip = '10.201.0.1'

    for (let attempt = 1; attempt <= 12; attempt += 1) {
      const response = await strict.post('/api/account/login', { email, password }, { ip })
      expect(response.status, `sign-in ${attempt}: ${response.text}`).toBe(200)
      expect(response.cookie).not.toBe('')
    }
  })

  it('refuses the 11th attempt after 10 wrong passwords, even with the right one, with the rate-limit message', async () => {
    const { email, password } = await registerVendor(t)
    await confirmEmail(t, email)
    const ip = '10.201.0.2'
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await t.post('/api/account/login', { email, password: `wrong-${attempt}` }, { ip })
      expect(response.status, `attempt ${attempt}`).toBe(401)
    }

    const eleventh = await t.post('/api/account/login', { email, password }, { ip })

    expectError(eleventh, { status: 429, code: 'RATE_LIMITED', messageKey: 'errors.rateLimited' })
    expect(eleventh.body.error.params.seconds).toBeGreaterThanOrEqual(1)
    expect(eleventh.cookie).toBe('')
    // From another address too: the account's limit holds whatever the address.
    const elsewhere = await t.post('/api/account/login', { email, password }, { ip: '10.201.0.3' })
    expectError(elsewhere, { status: 429, code: 'RATE_LIMITED', messageKey: 'errors.rateLimited' })
  })

  it("does not lock another account, signing in from another address, out with one account's failures", async () => {
    const target = await registerVendor(t)
    await confirmEmail(t, target.email)
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      await t.post(
        '/api/account/login',
        { email: target.email, password: `wrong-${attempt}` },
        { ip: '10.201.0.4' },
      )
    }
    const other = await registerVendor(t)
    await confirmEmail(t, other.email)

    const response = await t.post(
      '/api/account/login',
      { email: other.email, password: other.password },
      { ip: '10.201.0.5' },
    )

    expect(response.status).toBe(200)
  })

  // A few typos before the right password are forgotten once it is given: the next day's typos start from 0.
  it("clears the account's failures when it signs in", async () => {
    const { email, password } = await registerVendor(t)
    await confirmEmail(t, email)
    const fail = () => t.post('/api/account/login', { email, password: 'wrong-password' })
    for (let attempt = 1; attempt <= 9; attempt += 1) expect((await fail()).status).toBe(401)
    expect((await t.post('/api/account/login', { email, password })).status).toBe(200)

    for (let attempt = 1; attempt <= 10; attempt += 1)
      expect((await fail()).status, `attempt ${attempt}`).toBe(401)
    expectError(await fail(), { status: 429, code: 'RATE_LIMITED', messageKey: 'errors.rateLimited' })
  })

  // Each attempt takes its hit before the password is checked: a burst of simultaneous guesses meets the limit.
  it('lets only 10 of 12 simultaneous wrong passwords for one account be tried', async () => {
    const { email } = await registerVendor(t)
    await confirmEmail(t, email)

    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, n) => t.post('/api/account/login', { email, password: `wrong-${n}` })),
    )

    const statuses = outcomes.map((response) => response.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(2)
  })

  // The address keeps its own limit on failures: many accounts guessed from one machine meet it.
  it('still limits failed attempts per address, across accounts', async () => {
    const strict = t.withConfig({ SIGN_INS_PER_ADDRESS: '3' })
    const ip = '10.201.0.6'
    const guess = (n: number) =>
      strict.post('/api/account/login', { email: `guess-${n}@example.rw`, password: 'secret-123' }, { ip })
    for (let attempt = 1; attempt <= 3; attempt += 1) expect((await guess(attempt)).status).toBe(401)

    expectError(await guess(4), { status: 429, code: 'RATE_LIMITED', messageKey: 'errors.rateLimited' })
    // A successful sign-in from elsewhere is not held up by that address.
    const { email, password } = await registerVendor(t)
    await confirmEmail(t, email)
    expect((await strict.post('/api/account/login', { email, password }, { ip: '10.201.0.7' })).status).toBe(
      200,
    )
  })
})

describe('GET /api/account/me', () => {
  it('describes the signed-in vendor, who has no shop yet', async () => {
    const vendor = await confirmedVendor(t, { fullName: 'Grace Mukamana' })

    const response = await t.get('/api/account/me', { cookie: vendor.cookie })

    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      user: {
        id: vendor.user.id,
        email: vendor.email,
        fullName: 'Grace Mukamana',
        role: 'vendor',
        emailVerified: true,
      },
      vendor: null,
    })
  })

  // Runs after the setup-token test above, which needs the no-admin state.
  it('describes a signed-in admin as admin', async () => {
    const admin = await createAdmin(t, { fullName: 'Head Office' })

    const response = await t.get('/api/account/me', { cookie: admin.cookie })

    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({ id: admin.user.id, role: 'admin', fullName: 'Head Office' })
  })

  it('answers 401 errors.unauthenticated without a session cookie', async () => {
    const response = await t.get('/api/account/me')
    expectError(response, { status: 401, code: 'UNAUTHENTICATED', messageKey: 'errors.unauthenticated' })
  })

  // A cookie is trusted only if the server signed it and the session exists.
  it('answers 401 to a forged session cookie', async () => {
    const response = await t.get('/api/account/me', { cookie: 'isoko.session_token=forged.value' })
    expectError(response, { status: 401, code: 'UNAUTHENTICATED', messageKey: 'errors.unauthenticated' })
  })
})

describe('POST /api/account/logout', () => {
  // Signing out ends the session on the server, so a copied cookie stops working too.
  it('ends the session: the old cookie no longer signs anyone in', async () => {
    const vendor = await confirmedVendor(t)
    expect((await t.get('/api/account/me', { cookie: vendor.cookie })).status).toBe(200)

    const response = await t.post('/api/account/logout', undefined, { cookie: vendor.cookie })

    expect(response.status).toBe(200)
    expect(response.body).toEqual({ ok: true })
    expect(sessionCookie(response.setCookies)?.attributes['max-age']).toBe('0')
    expect(await sessionsOf(vendor.user.id)).toHaveLength(0)
    expectError(await t.get('/api/account/me', { cookie: vendor.cookie }), {
      status: 401,
      code: 'UNAUTHENTICATED',
      messageKey: 'errors.unauthenticated',
    })
  })

  it('answers 200 when nobody is signed in', async () => {
    const response = await t.post('/api/account/logout')
    expect(response.status).toBe(200)
  })

  it("ends only this device's session", async () => {
    const vendor = await confirmedVendor(t)
    const otherDevice = await t.post('/api/account/login', { email: vendor.email, password: vendor.password })

    await t.post('/api/account/logout', undefined, { cookie: vendor.cookie })

    expect((await t.get('/api/account/me', { cookie: otherDevice.cookie })).status).toBe(200)
  })
})

describe('POST /api/account/resend-confirmation', () => {
  // Specification §5: the check-email screen resends only with the address it was given.
  it.each([
    ['missing', {}],
    ['empty', { email: '' }],
    ['only spaces', { email: '   ' }],
  ])('refuses a %s e-mail with 422 auth.checkEmail.emailMissing', async (_why, body) => {
    const response = await t.post('/api/account/resend-confirmation', body)
    expectError(response, {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'auth.checkEmail.emailMissing',
      fields: { email: 'auth.checkEmail.emailMissing' },
    })
  })

  it('mails a new link to an unconfirmed account, and the new link confirms it', async () => {
    const { email } = await registerVendor(t)
    const first = await latestConfirmation(t.db, email)

    const response = await t.post('/api/account/resend-confirmation', { email: email.toUpperCase() })

    expect(response.status).toBe(200)
    expect(response.body).toEqual({ ok: true })
    expect(await mailsTo(t.db, email)).toHaveLength(2)
    const second = await latestConfirmation(t.db, email)
    expect(second.token).not.toBe(first.token)
    expect((await t.post('/api/account/confirm-email', { token: second.token })).status).toBe(200)
    expect((await findUserByEmail(t.db, email))!.emailVerified).toBe(true)
  })

  // The same answer whether or not the address exists, so it cannot be used to discover accounts.
  it('answers 200 for an unknown e-mail and sends nothing', async () => {
    const before = await accountRowCounts(t.db)

    const response = await t.post('/api/account/resend-confirmation', { email: 'nobody-at-all@example.rw' })

    expect(response.status).toBe(200)
    expect(response.body).toEqual({ ok: true })
    expect(await accountRowCounts(t.db)).toEqual(before)
  })

  it('answers 200 for an already confirmed account and sends nothing', async () => {
    const vendor = await confirmedVendor(t)

    const response = await t.post('/api/account/resend-confirmation', { email: vendor.email })

    expect(response.status).toBe(200)
    expect(await mailsTo(t.db, vendor.email)).toHaveLength(1)
  })

  // At most three resends per address per 15 minutes: the button cannot be used to flood someone's inbox.
  it('refuses the 4th resend for one e-mail within 15 minutes with 429, sending no further mail', async () => {
    const { email } = await registerVendor(t)
    for (let resend = 1; resend <= 3; resend += 1) {
      expect((await t.post('/api/account/resend-confirmation', { email })).status, `resend ${resend}`).toBe(
        200,
      )
    }
    expect(await mailsTo(t.db, email)).toHaveLength(4)

    const fourth = await t.post('/api/account/resend-confirmation', { email })

    expectError(fourth, { status: 429, code: 'RATE_LIMITED', messageKey: 'errors.rateLimited' })
    expect(fourth.body.error.params.seconds).toBeGreaterThan(0)
    expect(await mailsTo(t.db, email)).toHaveLength(4)
  })

  // Ten resends per client address per 15 minutes, so one machine cannot mail thousands of strangers.
  it('refuses resends from one address beyond its limit within 15 minutes with 429', async () => {
    const ip = '198.51.100.7'
    for (let resend = 1; resend <= PER_ADDRESS.resend; resend += 1) {
      const response = await t.post(
        '/api/account/resend-confirmation',
        { email: `stranger-${resend}@example.rw` },
        { ip },
      )
      expect(response.status, `resend ${resend}`).toBe(200)
    }

    const oneTooMany = await t.post(
      '/api/account/resend-confirmation',
      { email: 'stranger-11@example.rw' },
      { ip },
    )

    expectError(oneTooMany, { status: 429, code: 'RATE_LIMITED', messageKey: 'errors.rateLimited' })
    expect(
      (
        await t.post(
          '/api/account/resend-confirmation',
          { email: 'stranger-11@example.rw' },
          { ip: '198.51.100.8' },
        )
      ).status,
    ).toBe(200)
  })
})

describe('GET /api/account/providers', () => {
  // The screen shows why Google is off instead of a button that would fail.
  it('reports Google sign-in as off, with the reason, until it is configured', async () => {
    const response = await t.get('/api/account/providers')

    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      google: {
        enabled: false,
        reasonKey: 'auth.google.notConfigured',
        redirectUri: `${TEST_PUBLIC_URL}/api/auth/callback/google`,
      },
    })
  })

  it('reports Google sign-in as on once the client id and secret are set', async () => {
    const withGoogle = t.withConfig({
      GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-google-secret',
    })

    const response = await withGoogle.get('/api/account/providers')

    expect(response.body.google).toEqual({
      enabled: true,
      redirectUri: `${TEST_PUBLIC_URL}/api/auth/callback/google`,
    })
  })
})

describe('POST /api/auth/sign-in/social (Google)', () => {
  // Google must hand back a refresh token and always ask for consent (specification §7): offline access, consent prompt.
  it('starts the Google flow with offline access, the consent prompt and our redirect URI', async () => {
    const withGoogle = t.withConfig({
      GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-google-secret',
    })

    const response = await withGoogle.post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/auth/callback',
      errorCallbackURL: '/login?error=auth_failed',
    })

    expect(response.status, response.text).toBe(200)
    const url = new URL(response.body.url)
    expect(url.hostname).toBe('accounts.google.com')
    expect(url.searchParams.get('access_type')).toBe('offline')
    expect(url.searchParams.get('prompt')).toBe('consent')
    expect(url.searchParams.get('client_id')).toBe('test-client.apps.googleusercontent.com')
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/api/auth/callback/google`)
  })

  // A Google sign-in must not wait on strangers: the limit is per client address and kept in PostgreSQL, so every
  // process counts the same attempts (the library's limiter put all visitors in one bucket, in one process's memory).
  it('is limited per client address (SIGN_INS_PER_ADDRESS), never for all visitors at once', async () => {
    const withGoogle = t.withConfig({
      GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-google-secret',
      SIGN_INS_PER_ADDRESS: '2',
    })
    const start = (ip?: string) =>
      withGoogle.post(
        '/api/auth/sign-in/social',
        { provider: 'google', callbackURL: '/auth/callback' },
        { ip },
      )

    const visitors = await Promise.all(Array.from({ length: 6 }, () => start()))
    expect(visitors.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200])
    const ip = '10.200.0.9'
    expect((await start(ip)).status).toBe(200)
    expect((await start(ip)).status).toBe(200)
    expectError(await start(ip), { status: 429, code: 'RATE_LIMITED', messageKey: 'errors.rateLimited' })
  })

  it('is not available while Google is not configured', async () => {
    const response = await t.post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/auth/callback',
    })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
  })
})
