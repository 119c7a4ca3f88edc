import { existsSync } from 'node:fs'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files, vendors } from '../../src/server/db/schema'
import { createLogger } from '../../src/server/lib/logger'
import { createStorage } from '../../src/server/storage/storage'
import { removeUnattachedFiles } from '../../src/server/uploads/uploads.service'
import { createProduct, registeredVendor, simpleProduct } from '../fixtures/commerce'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor } from '../fixtures/factories'
import { pdfOfSize, pngImage, storedState, upload } from '../fixtures/files'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_QUOTA_MB: '1' })
})
afterAll(async () => {
  await t?.close()
})

const pdf = (size: number) => ({ bytes: pdfOfSize(size), name: 'statement.pdf', type: 'application/pdf' })

// Without a quota, one account could store about 1.2 GB every 15 minutes (the upload rate limit alone).
describe('the per-account storage quota', () => {
  it('refuses an upload past the quota with uploads.quotaExceeded, storing nothing; another account still can', async () => {
    const vendor = await confirmedVendor(t)
    const first = await upload(t, { cookie: vendor.cookie, purpose: 'business_document', file: pdf(600_000) })
    expect(first.status, first.text).toBe(201)
    const before = await storedState(t)
    const second = await upload(t, {
      cookie: vendor.cookie,
      purpose: 'business_document',
      file: pdf(600_000),
    })
    expectError(second, { status: 409, code: 'CONFLICT', messageKey: 'uploads.quotaExceeded' })
    expect(second.body.error.params).toEqual({ quotaMb: 1 })
    expect(await storedState(t)).toEqual(before)
    const other = await confirmedVendor(t)
    const third = await upload(t, { cookie: other.cookie, purpose: 'business_document', file: pdf(600_000) })
    expect(third.status, third.text).toBe(201)
  })
})

describe('the clean-up of unattached files', () => {
  const context = () => ({
    db: t.db,
    storage: createStorage(t.config.storage),
    logger: createLogger('silent', false),
  })
  const storedObject = (key: string) => path.join((t.config.storage as { root: string }).root, key)
  const backdate = (ids: string[], hours: number) =>
    t.db
      .update(files)
      .set({ createdAt: new Date(Date.now() - hours * 60 * 60 * 1000) })
      .where(inArray(files.id, ids))

  // Files never attached within a day are removed; anything a shop or product uses stays.
  it('removes day-old files nothing refers to, with their stored objects, and keeps attached and fresh ones', async () => {
    const vendor = await registeredVendor(t, { status: 'approved', plan: 'unlimited' })
    const picture = async () =>
      (
        await upload(t, {
          cookie: vendor.cookie,
          purpose: 'product_image',
          file: { bytes: await pngImage({ width: 64, height: 64 }), name: 'p.png', type: 'image/png' },
        })
      ).body.id as string
    const [attached, abandoned, fresh] = [await picture(), await picture(), await picture()]
    await createProduct(t, vendor.cookie, simpleProduct({ images: [attached] }))
    const [govId] = await t.db.select({ id: files.id }).from(files).where(eq(files.purpose, 'gov_id'))
    await backdate([attached, abandoned, govId!.id], 30)
    const [abandonedRow] = await t.db.select().from(files).where(eq(files.id, abandoned))
    expect(existsSync(storedObject(abandonedRow!.storageKey))).toBe(true)

    expect(await removeUnattachedFiles(context())).toBeGreaterThanOrEqual(1)

    const left = (await t.db.select({ id: files.id }).from(files)).map((row) => row.id)
    expect(left).not.toContain(abandoned)
    expect(left).toEqual(expect.arrayContaining([attached, fresh, govId!.id]))
    expect(existsSync(storedObject(abandonedRow!.storageKey))).toBe(false)
    expect(existsSync(storedObject(abandonedRow!.thumbKey!))).toBe(false)
    // Nothing more to remove: a second run is a no-op.
    expect(await removeUnattachedFiles(context())).toBe(0)
  })

  // Whatever refers to a file keeps it: a shop's logo, ID and documents, a product's images; the walk in
  // batches (a few files at a time here) must neither skip a file nor take one still in use.
  it('keeps every file a shop or product names, removing only the unattached ones, a batch at a time', async () => {
    const vendor = await registeredVendor(t, { status: 'approved', plan: 'unlimited' })
    const ids: string[] = []
    for (let at = 0; at < 7; at += 1) {
      const uploaded = await upload(t, {
        cookie: vendor.cookie,
        purpose: 'product_image',
        file: { bytes: await pngImage({ width: 8, height: 8 }), name: `f${at}.png`, type: 'image/png' },
      })
      ids.push(uploaded.body.id as string)
    }
    const url = (at: number) => `/api/files/${ids[at]}`
    await createProduct(t, vendor.cookie, simpleProduct({ images: [ids[4]!] }))
    await t.db
      .update(vendors)
      .set({
        shopLogo: url(0),
        govId: url(1),
        businessDocuments: [{ url: url(2), name: 'licence.pdf', type: 'application/pdf' }],
        idDocuments: [{ url: url(3), name: 'id.pdf', type: 'application/pdf' }],
      })
      .where(eq(vendors.id, vendor.vendorId))
    await backdate(ids, 30)

    expect(await removeUnattachedFiles(context(), { batch: 2 })).toBe(2)

    const left = (await t.db.select({ id: files.id }).from(files).where(inArray(files.id, ids))).map(
      (row) => row.id,
    )
    expect(left.sort()).toEqual(ids.slice(0, 5).sort())
  })
})
