import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SESSION_DAYS } from '../../src/server/auth/auth'
import { cookieValue, verifiedToken } from '../../src/server/auth/session-actor'
import { sessions, vendors } from '../../src/server/db/schema'
import { registeredVendor } from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor } from '../fixtures/factories'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})
afterEach(() => {
  vi.restoreAllMocks()
})

const DAY_MS = 24 * 60 * 60 * 1000
const COOKIE = 'isoko.session_token'

const sessionOf = async (userId: string) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId)))[0]
const me = (cookie: string) => t.get('/api/account/me', { cookie })
const expectSignedOut = async (cookie: string) =>
  expectError(await me(cookie), {
    status: 401,
    code: 'UNAUTHENTICATED',
    messageKey: 'errors.unauthenticated',
  })

/** The token and signature inside a signed-in vendor's cookie. */
function tokenOf(cookie: string) {
  const value = cookieValue(cookie, COOKIE)!
  const dot = value.lastIndexOf('.')
  return { token: value.slice(0, dot), signature: value.slice(dot + 1) }
}
const signed = (token: string, secret: string) =>
  `${COOKIE}=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`

describe('reading the session of a request', () => {
  // The usual request costs one query: the library's read, with its extra lookups, is kept for the rare
  // session that needs a write.
  it('serves a fresh session without the auth library, with the vendor record, in one statement', async () => {
    const shop = await registeredVendor(t, { status: 'approved' })
    const library = vi.spyOn(t.deps.auth.api, 'getSession')

    const response = await t.get('/api/vendor/products', { cookie: shop.cookie })

    expect(response.status).toBe(200)
    expect(library).not.toHaveBeenCalled()
  })

  // The cookie is signed with the server's secret: a session token alone, or one signed with another key,
  // must not sign anyone in (a leaked token list, a guessed token).
  it('refuses a cookie whose signature does not match, and a bare token', async () => {
    const vendor = await confirmedVendor(t)
    const { token } = tokenOf(vendor.cookie)
    expect((await me(vendor.cookie)).status).toBe(200)

    await expectSignedOut(signed(token, 'not-the-server-secret-not-the-server-secret'))
    await expectSignedOut(`${COOKIE}=${token}`)
    await expectSignedOut(`${COOKIE}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`)
    // The same token signed with the right secret is the session (the check above is the signature's).
    expect((await me(signed(token, t.config.authSecret))).status).toBe(200)
  })

  it('refuses a session deleted on the server (signed out elsewhere, revoked)', async () => {
    const vendor = await confirmedVendor(t)
    await t.db.delete(sessions).where(eq(sessions.userId, vendor.user.id))
    await expectSignedOut(vendor.cookie)
  })

  // An old cookie copied from a browser must not outlive its session.
  it('refuses an expired session and deletes it', async () => {
    const vendor = await confirmedVendor(t)
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, vendor.user.id))

    await expectSignedOut(vendor.cookie)

    expect(await sessionOf(vendor.user.id)).toBeUndefined()
  })

  // Someone who uses the app every day stays signed in: once a day the session's end moves a week on.
  it('extends a session used a day after it was last extended', async () => {
    const vendor = await confirmedVendor(t)
    const wasDueAt = new Date(Date.now() + (SESSION_DAYS - 2) * DAY_MS)
    await t.db.update(sessions).set({ expiresAt: wasDueAt }).where(eq(sessions.userId, vendor.user.id))

    expect((await me(vendor.cookie)).status).toBe(200)

    const extended = (await sessionOf(vendor.user.id))!.expiresAt.getTime()
    expect(extended).toBeGreaterThan(Date.now() + (SESSION_DAYS - 1) * DAY_MS)
    // And the next request is served from the one query again.
    const library = vi.spyOn(t.deps.auth.api, 'getSession')
    expect((await me(vendor.cookie)).status).toBe(200)
    expect(library).not.toHaveBeenCalled()
  })

  // A decision on the vendor (approval, rejection) applies to the very next request.
  it("reads the vendor's status as it is now, on every request", async () => {
    const shop = await registeredVendor(t, { status: 'approved' })
    const change = () => t.post('/api/vendor/products', {}, { cookie: shop.cookie })
    expect((await change()).status).toBe(422)

    await t.db.update(vendors).set({ status: 'rejected' }).where(eq(vendors.id, shop.vendorId))

    expectError(await change(), { status: 403, code: 'FORBIDDEN', messageKey: 'vendor.accountRejected' })
  })
})

describe("the library's session settings", () => {
  // Isoko reads sessions without loading the library: its cookie name and timings must be the library's.
  it.each([
    ['http', 'http://localhost:3000'],
    ['https', 'https://isoko.example.rw'],
  ])('are the ones Isoko reads sessions with, over %s', async (_scheme, publicUrl) => {
    const app = publicUrl.startsWith('https') ? t.withConfig({ PUBLIC_URL: publicUrl }) : t
    const context = await (await app.deps.auth.library()).$context

    expect(app.deps.auth.session).toEqual({
      cookieName: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    })
  })
})

describe('the session cookie format', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters'
  const token = 'AbCdEf0123456789AbCdEf0123456789'
  const signature = createHmac('sha256', secret).update(token).digest('base64')

  it('accepts the auth library’s format, URL-encoded or not, and nothing else', () => {
    expect(verifiedToken(`${token}.${signature}`, secret)).toBe(token)
    expect(cookieValue(`other=1; ${COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`, COOKIE)).toBe(
      `${token}.${signature}`,
    )
    expect(verifiedToken(`${token}.${signature}`, `${secret}x`)).toBeNull()
    expect(verifiedToken(`${token}x.${signature}`, secret)).toBeNull()
    expect(verifiedToken(token, secret)).toBeNull()
    expect(verifiedToken(`.${signature}`, secret)).toBeNull()
    expect(verifiedToken(`${token}.${signature.slice(0, -2)}==`, secret)).toBeNull()
  })

  it('reads the first cookie of that name only, and survives a malformed header', () => {
    expect(cookieValue(`${COOKIE}=first; ${COOKIE}=second`, COOKIE)).toBe('first')
    expect(cookieValue(`x${COOKIE}=no; a=b`, COOKIE)).toBeNull()
    expect(cookieValue(`${COOKIE}=%E0%A4%A`, COOKIE)).toBe('%E0%A4%A')
    expect(cookieValue(';;=;', COOKIE)).toBeNull()
    expect(cookieValue(null, COOKIE)).toBeNull()
  })
})
