import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, variants } from '../../src/server/db/schema'
import { textMax } from '../../src/shared/constants'
import type { ProductDto } from '../../src/shared/schemas/product'
import {
  registeredVendor,
  rowCount,
  simpleProduct,
  variantProduct,
  type RegisteredVendor,
} from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { upload } from '../fixtures/files'
import { createTestApp } from '../fixtures/test-app'

/**
 * What a person typed is refused as typed, never changed into something else: a price of -5000 is not 5000, 0
 * is not a price, 1.5 is not 2, a 2,000-character name is not cut to 120. Each refusal names the field and the
 * message the screen shows beside it, and writes nothing; the values just inside the rules still pass.
 */
let t: Awaited<ReturnType<typeof createTestApp>>
let vendor: RegisteredVendor

beforeAll(async () => {
  t = await createTestApp()
  vendor = await registeredVendor(t, { status: 'approved', plan: 'unlimited' })
})
afterAll(async () => {
  await t?.close()
})

const counts = async () => ({
  products: await rowCount(t.db, products),
  variants: await rowCount(t.db, variants),
})
const longText = 'x'.repeat(2000)

describe('a product’s price, stock and name', () => {
  it.each([
    [
      'a price of -5000',
      { price: -5000, variants: [{ price: -5000, stock: 1 }] },
      'price',
      'products.priceInvalid',
    ],
    ['a price of 0', { price: 0, variants: [{ price: 0, stock: 1 }] }, 'price', 'products.priceInvalid'],
    ['a price of 1.5', { price: 1.5, variants: [{ price: 1.5, stock: 1 }] }, 'price', 'products.priceWhole'],
    [
      'a variant price of 0',
      { variants: [{ price: 0, stock: 1 }] },
      'variants.0.price',
      'products.priceInvalid',
    ],
    [
      'a variant price of -5000',
      { variants: [{ price: -5000, stock: 1 }] },
      'variants.0.price',
      'products.priceInvalid',
    ],
    [
      'a stock of 1.5',
      { variants: [{ price: 100, stock: 1.5 }] },
      'variants.0.stock',
      'products.stockInvalid',
    ],
    [
      'a stock of -5000',
      { variants: [{ price: 100, stock: -5000 }] },
      'variants.0.stock',
      'products.stockInvalid',
    ],
    ['a name of 2,000 characters', { name: longText }, 'name', 'errors.tooLong'],
    ['a description of 5,001 characters', { description: 'x'.repeat(5001) }, 'description', 'errors.tooLong'],
  ])(
    'refuses %s on create with its message beside the field, writing nothing',
    async (_case, body, field, key) => {
      const before = await counts()
      const response = await t.post('/api/vendor/products', simpleProduct(body), { cookie: vendor.cookie })
      expectError(response, { status: 422, code: 'VALIDATION', messageKey: key })
      expect(response.body.error.fields[field]).toBe(key)
      expect(await counts()).toEqual(before)
    },
  )

  it('refuses a price of 0 in colours and sizes, on the variant that has it', async () => {
    const body = variantProduct(['red'], ['m', 'l'])
    body.variants![1]!.price = 0
    const response = await t.post('/api/vendor/products', body, { cookie: vendor.cookie })
    expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'products.priceInvalid' })
    expect(response.body.error.fields).toEqual({ 'variants.1.price': 'products.priceInvalid' })
  })

  it('refuses an edit to a price of 0 and leaves the product as it was', async () => {
    const created = await t.post('/api/vendor/products', simpleProduct(), { cookie: vendor.cookie })
    expect(created.status, created.text).toBe(201)
    const product = created.body as ProductDto
    const response = await t.put(
      `/api/vendor/products/${product.id}`,
      {
        ...simpleProduct({ name: product.name, price: 0, variants: [{ price: 0, stock: 3 }] }),
        version: product.version,
      },
      { cookie: vendor.cookie },
    )
    expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'products.priceInvalid' })
    const now = await t.get(`/api/vendor/products/${product.id}`, { cookie: vendor.cookie })
    expect(
      now.body.variants.map((variant: { price: number; stock: number }) => [variant.price, variant.stock]),
    ).toEqual([[15_000, 100]])
  })

  it('takes the values just inside the rules as they are: a price of 1, a stock of 0, a name of 120 characters', async () => {
    const name = `Long name ${Date.now()} `.padEnd(textMax.productName, 'n')
    const response = await t.post(
      '/api/vendor/products',
      simpleProduct({ name, price: 1, variants: [{ price: 1, stock: 0 }] }),
      { cookie: vendor.cookie },
    )
    expect(response.status, response.text).toBe(201)
    expect(response.body.name).toBe(name)
    expect(response.body.variants).toMatchObject([{ price: 1, stock: 0 }])
  })
})

describe('the shop’s own texts', () => {
  it('refuses a shop name of 2,000 characters on the profile, keeping the name it had', async () => {
    const response = await t.patch('/api/vendor/profile', { shopName: longText }, { cookie: vendor.cookie })
    expectError(response, {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.tooLong',
      fields: { shopName: 'errors.tooLong' },
    })
    const profile = await t.get('/api/vendor/profile', { cookie: vendor.cookie })
    expect(profile.body.shopName).toBe(vendor.shopName)
  })

  it('refuses a message subject of 2,000 characters rather than cutting it', async () => {
    const response = await t.post(
      '/api/messages',
      { type: 'general', subject: longText, content: 'Hello' },
      { cookie: vendor.cookie },
    )
    expectError(response, {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'errors.tooLong',
      fields: { subject: 'errors.tooLong' },
    })
  })
})

describe('a file of a type the field does not take', () => {
  it.each([
    ['a product picture', 'product_image', 'JPEG, PNG, WebP, GIF'],
    ['a government ID', 'gov_id', 'JPEG, PNG, WebP, GIF, PDF'],
  ])('is refused for %s with the types it takes', async (_what, purpose, types) => {
    const response = await upload(t, {
      cookie: vendor.cookie,
      purpose,
      file: { bytes: Buffer.from('just some text'), name: 'notes.txt', type: 'text/plain' },
    })
    expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'uploads.typeNotAllowed' })
    expect(response.body.error.params).toEqual({ types })
  })
})
