import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMPRESSION_MIN_BYTES } from '../../src/server/lib/compression'
import {
  adminOf,
  createProduct,
  productName,
  registeredVendor,
  simpleProduct,
  uploadFile,
  variantProduct,
  type RegisteredVendor,
} from '../fixtures/commerce'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>
let shop: RegisteredVendor
let admin: ReturnType<typeof adminOf>
let pictureProduct: { id: string }
let picture: { id: string; url: string }

beforeAll(async () => {
  t = await createTestApp()
  admin = adminOf(t)
  shop = await registeredVendor(t, { status: 'approved', plan: 'unlimited' })
  for (let i = 0; i < 4; i += 1)
    await createProduct(t, shop.cookie, variantProduct(['red', 'blue'], ['s', 'm'], { name: productName() }))
  picture = await uploadFile(t, shop.cookie)
  pictureProduct = await createProduct(t, shop.cookie, simpleProduct({ images: [picture.id] }))
})
afterAll(async () => {
  await t?.close()
})

/** The answer's bytes exactly as they travel (the in-process client decodes nothing). */
async function fetchRaw(url: string, acceptEncoding: string | null, cookie = shop.cookie) {
  const headers = new Headers({ cookie })
  if (acceptEncoding !== null) headers.set('accept-encoding', acceptEncoding)
  const response = await t.app.request(url, { headers })
  return { response, bytes: Buffer.from(await response.arrayBuffer()) }
}

const decode = (bytes: Buffer, encoding: string | null) =>
  (encoding === 'br'
    ? brotliDecompressSync(bytes)
    : encoding === 'gzip'
      ? gunzipSync(bytes)
      : bytes
  ).toString('utf8')

const PRODUCTS = '/api/vendor/products?page=1&pageSize=50'

describe('compression of API answers', () => {
  // Phones on slow networks: a page of products is several times smaller compressed, in the encoding the
  // client prefers, and reads back to exactly what an uncompressed client gets.
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['gzip;q=1, br;q=0.8', 'gzip'],
    ['*', 'br'],
  ])('answers Accept-Encoding "%s" with %s, decoding to the plain answer', async (accept, expected) => {
    const plain = await fetchRaw(PRODUCTS, null)
    expect(plain.response.status).toBe(200)
    expect(plain.response.headers.get('content-encoding')).toBeNull()
    expect(plain.bytes.length).toBeGreaterThan(COMPRESSION_MIN_BYTES)

    const { response, bytes } = await fetchRaw(PRODUCTS, accept)

    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe(expected)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(bytes.length).toBeLessThan(plain.bytes.length / 2)
    expect(JSON.parse(decode(bytes, expected))).toEqual(JSON.parse(plain.bytes.toString('utf8')))
  })

  it.each([['identity'], ['br;q=0, gzip;q=0'], ['deflate']])(
    'sends the answer as it is for Accept-Encoding "%s"',
    async (accept) => {
      const { response, bytes } = await fetchRaw(PRODUCTS, accept)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-encoding')).toBeNull()
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i)
      expect(JSON.parse(bytes.toString('utf8')).items.length).toBeGreaterThan(0)
    },
  )

  // Compressing a few hundred bytes costs more than it saves.
  it(`leaves an answer under ${COMPRESSION_MIN_BYTES} bytes uncompressed`, async () => {
    const { response, bytes } = await fetchRaw('/api/health', 'gzip, br')
    expect(response.status).toBe(200)
    expect(bytes.length).toBeLessThan(COMPRESSION_MIN_BYTES)
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(JSON.parse(bytes.toString('utf8')).status).toBe('ok')
  })

  // A compressor holds output back until it has enough: live events would arrive late, or never.
  it('never compresses the live event stream', async () => {
    const response = await t.app.request('/api/events', {
      headers: { cookie: shop.cookie, 'accept-encoding': 'gzip, br' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(response.headers.get('content-encoding')).toBeNull()
    await response.body?.cancel()
  })

  // Pictures and ZIP archives are compressed already: compressing again only spends time.
  it('sends a stored picture and the images ZIP as they are', async () => {
    const image = await fetchRaw(picture.url, 'gzip, br')
    expect(image.response.status).toBe(200)
    expect(image.response.headers.get('content-type')).toBe('image/webp')
    expect(image.response.headers.get('content-encoding')).toBeNull()
    expect(image.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP')

    const { cookie } = await admin()
    const zip = await fetchRaw(`/api/admin/products/images?ids=${pictureProduct.id}`, 'gzip, br', cookie)
    expect(zip.response.status).toBe(200)
    expect(zip.response.headers.get('content-type')).toBe('application/zip')
    expect(zip.response.headers.get('content-encoding')).toBeNull()
    expect([...zip.bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04])
  })

  // A streamed CSV export is compressed as it streams, and still reads back byte for byte.
  it('compresses a streamed CSV export and keeps its bytes', async () => {
    const { cookie } = await admin()
    const url = `/api/admin/products/export`
    const plain = await fetchRaw(url, null, cookie)
    expect(plain.response.status).toBe(200)
    expect(plain.bytes.length).toBeGreaterThan(COMPRESSION_MIN_BYTES)

    const { response, bytes } = await fetchRaw(url, 'gzip', cookie)

    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('content-disposition')).toBe(
      plain.response.headers.get('content-disposition'),
    )
    expect(gunzipSync(bytes).equals(plain.bytes)).toBe(true)
  })
})
