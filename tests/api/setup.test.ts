import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { accounts, users } from '../../src/server/db/schema'
import { createSetupLink } from '../../src/server/setup/setup.service'
import { expectError } from '../fixtures/expect-error'
import {
  accountRowCounts,
  expireToken,
  findUserByEmail,
  latestConfirmation,
  registerVendor,
  setupTokenOf,
  tokenRow,
} from '../fixtures/factories'
import { createTestApp, TEST_PUBLIC_URL } from '../fixtures/test-app'

/**
 * The order matters in this file: everything before "once an admin exists" runs while there is none.
 * (The setup flow is a one-way door: after the first admin, it is closed for good.)
 */
let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const adminInput = (token: string, overrides: Record<string, unknown> = {}) => ({
  token,
  fullName: 'Isoko Admin',
  email: 'admin@isoko.example.rw',
  password: 'admin-pass-1',
  confirmPassword: 'admin-pass-1',
  ...overrides,
})

const freshToken = async () => {
  const link = await createSetupLink(t.db, t.config.publicUrl)
  if (!link) throw new Error('an admin already exists')
  return setupTokenOf(link)
}

/** Set while creating the first admin, reused once one exists. */
let firstToken = ''
let spareToken = ''

const admins = () => t.db.select().from(users).where(eq(users.role, 'admin'))

describe('while no admin exists', () => {
  describe('GET /api/setup/status', () => {
    it('reports that the first admin is still to be created', async () => {
      const response = await t.get('/api/setup/status')
      expect(response.status).toBe(200)
      expect(response.body).toEqual({ adminExists: false })
    })
  })

  describe('createSetupLink', () => {
    it('issues a one-time link on the public URL with the token in the hash', async () => {
      const link = await createSetupLink(t.db, t.config.publicUrl)

      expect(link).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/setup/admin#token=[A-Za-z0-9_-]{43}$`))
      expect(await tokenRow(t.db, setupTokenOf(link!))).toMatchObject({
        purpose: 'admin_setup',
        usedAt: null,
        userId: null,
      })
    })
  })

  describe('POST /api/setup/admin (refusals)', () => {
    // Only whoever holds a link printed by the server may become admin.
    it('refuses a token that was never issued with 422 setup.token.invalid and creates nobody', async () => {
      const before = await accountRowCounts(t.db)

      const response = await t.post('/api/setup/admin', adminInput('y'.repeat(43)))

      expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'setup.token.invalid' })
      expect(await accountRowCounts(t.db)).toEqual(before)
    })

    // A link printed in an old log must not still open the door (24 hours).
    it('refuses an expired token with 422 setup.token.expired', async () => {
      const token = await freshToken()
      await expireToken(t.db, token)

      const response = await t.post('/api/setup/admin', adminInput(token))

      expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'setup.token.expired' })
      expect(await admins()).toHaveLength(0)
    })

    // Tokens are bound to their purpose: a confirmation link from a vendor's mailbox is not a setup link.
    it('refuses an e-mail confirmation token with 422 setup.token.invalid', async () => {
      const vendor = await registerVendor(t)
      const { token } = await latestConfirmation(t.db, vendor.email)

      const response = await t.post('/api/setup/admin', adminInput(token))

      expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'setup.token.invalid' })
      expect(await admins()).toHaveLength(0)
    })

    it('refuses differing passwords with 422 auth.register.passwordMismatch, leaving the token usable', async () => {
      const token = await freshToken()

      const response = await t.post(
        '/api/setup/admin',
        adminInput(token, { confirmPassword: 'something-else' }),
      )

      expectError(response, {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'auth.register.passwordMismatch',
        fields: { confirmPassword: 'auth.register.passwordMismatch' },
      })
      expect((await tokenRow(t.db, token))!.usedAt).toBeNull()
    })

    it('refuses a password shorter than 6 characters with 422 auth.register.passwordTooShort', async () => {
      const token = await freshToken()

      const response = await t.post(
        '/api/setup/admin',
        adminInput(token, { password: '12345', confirmPassword: '12345' }),
      )

      expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'auth.register.passwordTooShort' })
    })

    it.each(['fullName', 'email', 'password'])(
      'refuses a missing %s with 422 errors.required',
      async (field) => {
        const token = await freshToken()

        const response = await t.post('/api/setup/admin', adminInput(token, { [field]: undefined }))

        expect(response.status).toBe(422)
        expect(response.body.error.fields[field]).toBe('errors.required')
      },
    )

    // Setup makes a new admin account; it never turns an existing vendor into an admin.
    it('refuses the e-mail of an existing vendor with 409 auth.register.emailTaken and spends nothing', async () => {
      const vendor = await registerVendor(t)
      const token = await freshToken()

      const response = await t.post(
        '/api/setup/admin',
        adminInput(token, { email: vendor.email.toUpperCase() }),
      )

      expectError(response, { status: 409, code: 'CONFLICT', messageKey: 'auth.register.emailTaken' })
      expect((await findUserByEmail(t.db, vendor.email))!.role).toBe('vendor')
      expect(await admins()).toHaveLength(0)
      expect((await tokenRow(t.db, token))!.usedAt).toBeNull()
    })

    // Ten tries per client address per 15 minutes: setup tokens cannot be guessed by brute force.
    it('refuses the 11th attempt from one address within 15 minutes with 429', async () => {
      const ip = '203.0.113.50'
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const response = await t.post('/api/setup/admin', adminInput(`guess-${attempt}`.padEnd(43, 'z')), {
          ip,
        })
        expect(response.status, `attempt ${attempt}`).toBe(422)
      }

      const eleventh = await t.post('/api/setup/admin', adminInput(await freshToken()), { ip })

      expectError(eleventh, { status: 429, code: 'RATE_LIMITED', messageKey: 'errors.rateLimited' })
      expect(eleventh.body.error.params.seconds).toBeGreaterThan(0)
      expect(await admins()).toHaveLength(0)
    })
  })
})

describe('POST /api/setup/admin', () => {
  // Two setup links used at the same moment must not make two admins (the first-admin lock).
  it('creates exactly one admin when two links are used at once', async () => {
    const [first, second] = [await freshToken(), await freshToken()]
    // Back to "no admin" for the next tests, pass or fail (nothing else references these accounts yet).
    onTestFinished(async () => {
      await t.db.delete(users).where(eq(users.role, 'admin'))
    })

    const responses = await Promise.all([
      t.post('/api/setup/admin', adminInput(first, { email: 'racer-1@isoko.example.rw' })),
      t.post('/api/setup/admin', adminInput(second, { email: 'racer-2@isoko.example.rw' })),
    ])

    expect(responses.map((r) => r.status).sort()).toEqual([201, 409])
    expectError(
      responses.find((r) => r.status === 409)!,
      { status: 409, code: 'CONFLICT', messageKey: 'setup.adminExists' },
    )
    expect(await admins()).toHaveLength(1)
  })

  it('creates a confirmed admin who signs in and is described as admin', async () => {
    spareToken = await freshToken()
    firstToken = await freshToken()

    const response = await t.post(
      '/api/setup/admin',
      adminInput(firstToken, { email: 'First.Admin@Isoko.example.rw' }),
    )

    expect(response.status).toBe(201)
    expect(response.body).toEqual({ email: 'first.admin@isoko.example.rw' })
    const [admin] = await admins()
    expect(admin).toMatchObject({
      email: 'first.admin@isoko.example.rw',
      fullName: 'Isoko Admin',
      emailVerified: true,
    })
    const [credential] = await t.db.select().from(accounts).where(eq(accounts.userId, admin!.id))
    expect(credential).toMatchObject({ providerId: 'credential' })
    expect(credential!.password).not.toContain('admin-pass-1')
    expect((await tokenRow(t.db, firstToken))!.usedAt).toBeInstanceOf(Date)

    const login = await t.post('/api/account/login', {
      email: 'first.admin@isoko.example.rw',
      password: 'admin-pass-1',
    })
    expect(login.status).toBe(200)
    const me = await t.get('/api/account/me', { cookie: login.cookie })
    expect(me.status).toBe(200)
    expect(me.body).toEqual({
      user: {
        id: admin!.id,
        email: 'first.admin@isoko.example.rw',
        fullName: 'Isoko Admin',
        role: 'admin',
        emailVerified: true,
      },
      vendor: null,
    })
  })
})

describe('once an admin exists', () => {
  it('reports adminExists true', async () => {
    expect((await t.get('/api/setup/status')).body).toEqual({ adminExists: true })
  })

  // The setup door closes for good after the first admin: no new link is issued...
  it('issues no further setup link', async () => {
    expect(await createSetupLink(t.db, t.config.publicUrl)).toBeNull()
  })

  it('refuses the token that created the admin with 409 setup.adminExists', async () => {
    const before = await accountRowCounts(t.db)

    const response = await t.post(
      '/api/setup/admin',
      adminInput(firstToken, { email: 'second@isoko.example.rw' }),
    )

    expectError(response, { status: 409, code: 'CONFLICT', messageKey: 'setup.adminExists' })
    expect(await accountRowCounts(t.db)).toEqual(before)
    expect(await admins()).toHaveLength(1)
  })

  // ...and a link issued earlier but never used no longer opens it either.
  it('refuses an unused link issued before the admin existed with 409 setup.adminExists', async () => {
    const response = await t.post(
      '/api/setup/admin',
      adminInput(spareToken, { email: 'third@isoko.example.rw' }),
    )

    expectError(response, { status: 409, code: 'CONFLICT', messageKey: 'setup.adminExists' })
    expect(await admins()).toHaveLength(1)
    expect(await findUserByEmail(t.db, 'third@isoko.example.rw')).toBeUndefined()
  })
})
