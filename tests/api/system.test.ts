import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../../src/server/db/schema'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor, createAdmin, DEFAULT_PASSWORD, signIn } from '../fixtures/factories'
import { buildTestApp, createTestApp, TEST_PUBLIC_URL } from '../fixtures/test-app'
import { buildRequest, type Built } from '../../src/server/system/api-docs-client.js'

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
  it('lists every operation of the document by tag, each with its answers and a labelled Try it form', async () => {
    const response = await t.get('/api/docs')
    const document = (await t.get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { tags: string[] }>>
    }

    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    const html = response.text
    expect(html).toContain('<!doctype html>')
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(html, `${method} ${path}`).toContain(`data-method="${method}" data-path="${path}"`)
        expect(html).toContain(`>${operation.tags[0]}</h2>`)
      }
    }
    // A path parameter, a query parameter and a JSON body, each an input named by its label.
    expect(html).toMatch(
      /<label for="putvendorproductsbyid-path-id"><code>id<\/code> <small>path, required<\/small><\/label><input type="text"[^>]* id="putvendorproductsbyid-path-id" name="id" data-in="path" required>/,
    )
    expect(html).toMatch(
      /<label for="getadminorders-query-status">[\s\S]*?<select id="getadminorders-query-status" name="status" data-in="query"><option value="">\(not sent\)<\/option><option value="all">/,
    )
    expect(html).toMatch(
      /<textarea id="postvendorpayouts-body" name="body" data-in="body"[^>]*>\{\n {2}&quot;amount&quot;: 1\n\}<\/textarea>/,
    )
    expect(html).toMatch(/<input type="file" id="postuploads-form-file" name="file" data-in="form" required>/)
    expect(html).toContain('<li><code>403</code>')
  })

  // The page's one script is a file of this origin: the Content-Security-Policy (script-src 'self') allows
  // nothing else, and the page has no inline script for an injected one to hide among.
  it('loads its script from this origin as a module, and has no inline script', async () => {
    const page = await t.get('/api/docs')
    expect(page.text).toContain('<script type="module" src="/api/docs/try-it.js"></script>')
    expect(page.text).not.toMatch(/<script(?![^>]*\ssrc=)/)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")

    const script = await t.get('/api/docs/try-it.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.text).toContain('export function buildRequest(')
  })

  // The form sends what the app would send, with the reader's own session: the server's rules decide, not the page.
  it('sends a built request with the session, so role checks and the same-origin rule apply as in the app', async () => {
    const vendor = await confirmedVendor(t)
    const send = (built: Built, headers: Record<string, string> = {}) => {
      if ('problem' in built) throw new Error(built.problem)
      return t.request(built.init.method!, built.url, {
        cookie: vendor.cookie,
        rawBody: built.init.body as string | undefined,
        headers: { ...(built.init.headers as Record<string, string>), ...headers },
      })
    }

    const me = await send(buildRequest({ method: 'get', path: '/api/account/me', body: 'none' }, {}))
    expect(me.status).toBe(200)
    expect(me.body.user.email).toBe(vendor.email)
    // A vendor's session is refused an admin's list, whatever page sends it.
    const adminList = await send(
      buildRequest({ method: 'get', path: '/api/admin/vendors', body: 'none' }, { query: { pageSize: '5' } }),
    )
    expectError(adminList, { status: 403, code: 'FORBIDDEN', messageKey: 'errors.forbidden' })
    // A body the server's rules refuse is refused as it would be from the app.
    const refused = await send(
      buildRequest({ method: 'post', path: '/api/account/login', body: 'json' }, { body: '{"email":"x"}' }),
    )
    expect(refused.status).toBe(422)
    // A form sent from another site is refused as any other (CSRF): the page is no way around it.
    const logout = buildRequest({ method: 'post', path: '/api/account/logout', body: 'none' }, {})
    const crossSite = await send(logout, {
      origin: 'https://evil.example',
      'content-type': 'application/x-www-form-urlencoded',
    })
    expectError(crossSite, { status: 403, code: 'FORBIDDEN', messageKey: 'errors.forbidden' })
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
