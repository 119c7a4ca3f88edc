import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProduct, registeredVendor } from '../fixtures/commerce'
import { createAdmin } from '../fixtures/factories'
import { createTestApp, TEST_PUBLIC_URL } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>
let server: ReturnType<typeof serve>
let port: number
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

beforeAll(async () => {
  t = await createTestApp()
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  agent.destroy()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await t?.close()
})

type Answer = { status: number; connection: string | undefined; body: string }

/** One request over the shared keep-alive agent (one socket), as a browser would reuse its connection. */
function send(
  method: string,
  path: string,
  body?: Buffer,
  contentType = 'application/json',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: body
          ? { 'content-type': contentType, 'content-length': body.length, origin: TEST_PUBLIC_URL }
          : {},
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body: Buffer.concat(chunks).toString(),
          }),
        )
      },
    )
    request.on('error', reject)
    if (body) request.end(body)
    else request.end()
  })
}

// A refused oversize body used to answer "keep-alive" and then close the socket: the next request on that
// connection failed, so the user's next click broke.
describe('after a refused oversize body', () => {
  it('the next request on the same keep-alive connection is answered (JSON body over 1 MB)', async () => {
    const big = Buffer.from(JSON.stringify({ email: 'a@example.rw', password: 'x'.repeat(3 * 1024 * 1024) }))
    const refused = await send('POST', '/api/account/login', big)
    expect(refused.status).toBe(422)
    expect(refused.body).toContain('errors.bodyTooLarge')
    expect(refused.connection).toBe('close')
    const next = await send('GET', '/api/health')
    expect(next.status).toBe(200)
  })

  it('the next request on the same keep-alive connection is answered (upload over its limit)', async () => {
    const big = Buffer.alloc(12 * 1024 * 1024, 97)
    const refused = await send('POST', '/api/uploads', big, 'multipart/form-data; boundary=x')
    expect([401, 413, 422]).toContain(refused.status)
    const next = await send('GET', '/api/health')
    expect(next.status).toBe(200)
  })
})

// An answer can go before its request's body has arrived: a body refused for its size, an upload without a
// session. Keeping that connection for another request, or closing it at once, broke clients still sending
// (Node's fetch saw "other side closed" or EPIPE instead of the answer it had been sent; curl got it). Such an
// answer now says `Connection: close`, and the server reads and drops the rest for a bounded time before it
// closes, so every client reads the answer (lib/linger.ts).
describe('an answer sent while the client is still sending its body', () => {
  const post = async (path: string, megabytes: number, contentType: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType, origin: TEST_PUBLIC_URL },
      body: new Uint8Array(megabytes * 1024 * 1024).fill(97),
    })
    const body = (await response.json()) as { error: { messageKey: string } }
    return { status: response.status, connection: response.headers.get('connection'), body }
  }

  it("reaches Node's fetch, one request after another (uploads without a session)", async () => {
    for (const megabytes of [1.5, 1.5, 2, 2, 2, 3, 3, 3]) {
      const answer = await post('/api/uploads', megabytes, 'multipart/form-data; boundary=x')
      expect(answer.status).toBe(401)
      expect(answer.connection).toBe('close')
    }
  })

  it("reaches Node's fetch as the message (a JSON body of 64 MB)", async () => {
    const answer = await post('/api/account/login', 64, 'application/json')
    expect(answer.status).toBe(422)
    expect(answer.body.error.messageKey).toBe('errors.bodyTooLarge')
  })
})

// 500 ids in the address passed Node's 16 KB header limit (431 from about 440): the selection goes in a body.
describe('Export Selected of 500 products', () => {
  let adminOnce: ReturnType<typeof createAdmin> | undefined
  const theAdminCookie = async () => (await (adminOnce ??= createAdmin(t))).cookie

  it('sends the selection in a POST body and gets the CSV', async () => {
    const admin = { cookie: await theAdminCookie() }
    const vendor = await registeredVendor(t, { status: 'approved', plan: 'unlimited' })
    const product = await createProduct(t, vendor.cookie)
    const ids = [product.id, ...Array.from({ length: 499 }, () => randomUUID())]
    const response = await fetch(`http://127.0.0.1:${port}/api/admin/products/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL, cookie: admin.cookie },
      body: JSON.stringify({ ids }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/)
    const text = await response.text()
    expect(text).toContain(product.name)
  })

  it('refuses a 501st id, and an empty selection, with 422', async () => {
    const cookie = await theAdminCookie()
    for (const ids of [Array.from({ length: 501 }, () => randomUUID()), []]) {
      const response = await t.post('/api/admin/products/export', { ids }, { cookie })
      expect(response.status, response.text).toBe(422)
    }
  })
})
