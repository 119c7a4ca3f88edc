import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../../src/server/db/schema'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor, createAdmin, DEFAULT_PASSWORD, signIn } from '../fixtures/factories'
import { buildTestApp, createTestApp, TEST_PUBLIC_URL } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const expectedKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'

describe('GET /api/health', () => {
  it('answers 200 with a reachable database', async () => {
    const response = await t.get('/api/health')

    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ status: 'ok', database: { reachable: true, kind: expectedKind } })
    expect(response.body.database.latencyMs).toBeGreaterThanOrEqual(0)
  })

  // A load balancer takes an instance out of rotation only if health fails when the database is gone.
  it('answers 503 degraded when the database does not answer', async () => {
    const unreachable = { ...t.database, ping: () => Promise.reject(new Error('connection refused')) }
    const broken = buildTestApp(unreachable)
    try {
      const response = await broken.get('/api/health')

      expect(response.status).toBe(503)
      expect(response.body).toMatchObject({ status: 'degraded', database: { reachable: false } })
    } finally {
      t.temporaryDirs.push(...broken.temporaryDirs)
    }
  })
})

describe('GET /api/openapi.json', () => {
  it('documents the account and setup endpoints', async () => {
    const response = await t.get('/api/openapi.json')

    expect(response.status).toBe(200)
    expect(response.body.openapi).toBe('3.1.0')
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/account/register',
        '/api/account/login',
        '/api/account/me',
        '/api/setup/admin',
        '/api/health',
      ]),
    )
    expect(response.body.paths['/api/account/register'].post.requestBody).toBeDefined()
  })
})

describe('GET /api/docs', () => {
  it('renders the reference as HTML from the same document', async () => {
    const response = await t.get('/api/docs')

    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.text).toContain('<!doctype html>')
    expect(response.text).toContain('/api/account/register')
  })
})

describe('unknown API paths', () => {
  // The API never falls through to the web app's HTML: a client always gets the one error shape.
  it.each([
    ['GET', '/api/whatever'],
    ['POST', '/api/whatever/deeper'],
    ['GET', '/api/account/nope'],
  ])('answers %s %s with 404 errors.notFound', async (method, path) => {
    const response = await t.request(method, path, method === 'POST' ? { body: {} } : {})
    expectError(response, { status: 404, code: 'NOT_FOUND', messageKey: 'errors.notFound' })
  })
})

describe('GET /api/debug', () => {
  const googleSecret = 'GOCSPX-test-google-client-secret-do-not-leak'
  const withGoogle = () =>
    t.withConfig({
      GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: googleSecret,
    })

  // The /debug screen is public: it may say whether a secret is set, never what it is; how the marketplace
  // is set up (database, address, mail, storage, Google's client) is for its admins.
  it('reports the configuration to an admin without the auth secret or the Google client secret', async () => {
    const app = withGoogle()
    expect(app.config.google?.clientSecret).toBe(googleSecret)
    const admin = await createAdmin(t)
    // Signed in on the app with Google configured (its own auth secret).
    const cookie = await signIn(app, admin.email, admin.password)

    const response = await app.get('/api/debug', { cookie })

    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      status: 'ok',
      database: { reachable: true, kind: app.database.kind },
      publicUrl: TEST_PUBLIC_URL,
      google: {
        enabled: true,
        clientIdSet: true,
        clientSecretSet: true,
        redirectUri: `${TEST_PUBLIC_URL}/api/auth/callback/google`,
      },
      mail: 'outbox',
      storage: 'local',
    })
    expect(response.text).not.toContain(googleSecret)
    expect(app.config.authSecret.length).toBeGreaterThanOrEqual(32)
    expect(response.text).not.toContain(app.config.authSecret)
  })

  it.each([
    ['a signed-out visitor', false],
    ['a vendor', true],
  ])('tells %s only that the connection works and whether Google sign-in is on', async (_who, isVendor) => {
    const app = withGoogle()
    const vendor = isVendor ? await confirmedVendor(t) : undefined
    const cookie = vendor ? await signIn(app, vendor.email, DEFAULT_PASSWORD) : undefined
    const response = await app.get('/api/debug', { cookie })
    expect(response.status).toBe(200)
    expect(Object.keys(response.body).sort()).toEqual(['database', 'google', 'serverTime', 'status'])
    expect(Object.keys(response.body.database).sort()).toEqual(['latencyMs', 'reachable'])
    expect(response.body.google).toEqual({ enabled: true })
    expect(response.text).not.toContain(TEST_PUBLIC_URL)
  })

  it('says Google is off when it is not configured', async () => {
    const response = await t.get('/api/debug')
    expect(response.body.google).toMatchObject({ enabled: false })
  })
})

describe('cross-site requests', () => {
  // A page on another site must not be able to submit a form that acts with the visitor's session (CSRF).
  it('refuses a form post from another site with 403 and leaves the session alone', async () => {
    const vendor = await confirmedVendor(t)

    const response = await t.request('POST', '/api/account/logout', {
      cookie: vendor.cookie,
      rawBody: 'x=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    })

    expectError(response, { status: 403, code: 'FORBIDDEN', messageKey: 'errors.forbidden' })
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, vendor.user.id))).toHaveLength(1)
    expect((await t.get('/api/account/me', { cookie: vendor.cookie })).status).toBe(200)
  })

  // Sandboxed frames and some privacy settings send the literal origin "null": refused, not a server error.
  it('refuses a form post with Origin: null with 403', async () => {
    const response = await t.request('POST', '/api/account/logout', {
      rawBody: 'x=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
    })
    expectError(response, { status: 403, code: 'FORBIDDEN', messageKey: 'errors.forbidden' })
  })

  // Another local port is any other program on the machine: only `npm run dev` (its Vite origin) may post.
  it.each(['production', 'test'])(
    'refuses a form post from another localhost port when NODE_ENV is %s; development accepts it',
    async (env) => {
      const post = (app: Pick<typeof t, 'request'>) =>
        app.request('POST', '/api/account/logout', {
          rawBody: 'x=1',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:5173' },
        })
      expectError(await post(t.withConfig({ NODE_ENV: env })), {
        status: 403,
        code: 'FORBIDDEN',
        messageKey: 'errors.forbidden',
      })
      expect((await post(t.withConfig({ NODE_ENV: 'development' }))).status).toBe(200)
    },
  )

  it('accepts the same form post from the app’s own origin', async () => {
    const vendor = await confirmedVendor(t)

    const response = await t.request('POST', '/api/account/logout', {
      cookie: vendor.cookie,
      rawBody: 'x=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_PUBLIC_URL },
    })

    expect(response.status).toBe(200)
    expect((await t.get('/api/account/me', { cookie: vendor.cookie })).status).toBe(401)
  })
})

describe('request limits and headers', () => {
  // A body over 1 MB is refused before anything parses it, so one request cannot exhaust memory.
  it('refuses a body over 1 MB with 422 errors.bodyTooLarge', async () => {
    const response = await t.post('/api/account/register', { fullName: 'x'.repeat(1024 * 1024 + 1) })
    expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'errors.bodyTooLarge' })
  })

  // No other site may frame the app (clickjacking), and scripts load only from the app itself.
  it('sends a content security policy that forbids framing and foreign scripts', async () => {
    const response = await t.get('/api/health')
    const policy = response.headers.get('content-security-policy') ?? ''

    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("script-src 'self'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
