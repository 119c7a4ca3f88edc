import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages, orders, products, users, vendors } from '../../src/server/db/schema'
import { isUnstorableText } from '../../src/server/lib/errors'
import { createLogger } from '../../src/server/lib/logger'
import {
  adminOf,
  createProduct,
  orderBody,
  registeredVendor,
  rowCount,
  simpleProduct,
  type RegisteredVendor,
} from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { vendorInput } from '../fixtures/factories'
import { createTestApp, type ApiResponse } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>
let vendor: RegisteredVendor
let adminCookie: string
let orderIds: { vendorId: string; productId: string; variantId: string }

beforeAll(async () => {
  t = await createTestApp()
  vendor = await registeredVendor(t, { status: 'approved', plan: 'unlimited' })
  adminCookie = (await adminOf(t)()).cookie
  const product = await createProduct(t, vendor.cookie, simpleProduct())
  orderIds = { vendorId: vendor.vendorId, productId: product.id, variantId: product.variants[0]!.id }
})
afterAll(async () => {
  await t?.close()
})

const NUL = 'Kigali\u0000market'
const counts = async () => ({
  users: await rowCount(t.db, users),
  vendors: await rowCount(t.db, vendors),
  products: await rowCount(t.db, products),
  orders: await rowCount(t.db, orders),
  messages: await rowCount(t.db, messages),
})

// PostgreSQL refuses U+0000 in text: before, each of these was a 500; now a clear message and nothing written.
const requests: [string, () => Promise<ApiResponse>][] = [
  ['full name at sign-up', () => t.post('/api/account/register', vendorInput({ fullName: NUL }))],
  [
    'message content',
    () => t.post('/api/messages', { type: 'general', subject: '', content: NUL }, { cookie: vendor.cookie }),
  ],
  [
    'message subject',
    () =>
      t.post('/api/messages', { type: 'general', subject: NUL, content: 'Hello' }, { cookie: vendor.cookie }),
  ],
  ['message search', () => t.get(`/api/messages?q=${encodeURIComponent(NUL)}`, { cookie: vendor.cookie })],
  [
    'product name',
    () => t.post('/api/vendor/products', simpleProduct({ name: NUL }), { cookie: vendor.cookie }),
  ],
  [
    'product description',
    () => t.post('/api/vendor/products', simpleProduct({ description: NUL }), { cookie: vendor.cookie }),
  ],
  ['shop name', () => t.patch('/api/vendor/profile', { shopName: NUL }, { cookie: vendor.cookie })],
  ['shop address', () => t.patch('/api/vendor/profile', { businessAddress: NUL }, { cookie: vendor.cookie })],
  [
    'customer name',
    () => t.post('/api/admin/orders', orderBody({ ...orderIds, customerName: NUL }), { cookie: adminCookie }),
  ],
]

describe('a NUL character in text', () => {
  it.each(requests)(
    'in the %s is refused with errors.invalidCharacters, writing nothing',
    async (_name, send) => {
      const before = await counts()
      const response = await send()
      expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'errors.invalidCharacters' })
      expect(await counts()).toEqual(before)
    },
  )

  it('in the customer e-mail is refused as an invalid e-mail, writing nothing', async () => {
    const before = await counts()
    const response = await t.post(
      '/api/admin/orders',
      orderBody({ ...orderIds, customerEmail: 'jean\u0000@example.rw' }),
      { cookie: adminCookie },
    )
    expect(response.status).toBe(422)
    expect(await counts()).toEqual(before)
  })

  // Whatever slips past the schemas, the database's own refusal is the request's fault: 4xx, not 500.
  it("is recognised in the database's own refusal", async () => {
    const failure = await t.db.execute(sql`select ${'a\u0000b'}::text`).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure).toBeDefined()
    expect(isUnstorableText(failure)).toBe(true)
    expect(isUnstorableText(new Error('other'))).toBe(false)
  })
})

describe('the log of a failed query', () => {
  // A customer's e-mail or a message's text must not end up in the server's log.
  it("keeps the SQL and the database's code, never the query's parameters", async () => {
    const lines: string[] = []
    const capture = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const logger = createLogger('info', false, capture)
    const secret = 'customer-secret@example.rw'
    const failure = await t.db
      .insert(messages)
      .values({ senderId: vendor.user.id, subject: 'x', content: `${secret}\u0000`, type: 'general' })
      .then(
        () => undefined,
        (error: unknown) => error,
      )
    expect(failure).toBeDefined()
    logger.error({ err: failure }, 'unhandled error')
    const logged = lines.join('')
    expect(logged).toContain('Failed query')
    expect(logged).toContain('insert into')
    expect(logged).not.toContain(secret)
  })
})
