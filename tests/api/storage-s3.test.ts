import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../../src/server/db/schema'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor } from '../fixtures/factories'
import {
  fetchFile,
  filesUnder,
  pdfDocument,
  phoneJpeg,
  storedState,
  upload,
  windowsExecutable,
} from '../fixtures/files'
import { startLocalS3, type LocalS3 } from '../fixtures/s3-server'
import { createTestApp } from '../fixtures/test-app'

let s3: LocalS3
let t: Awaited<ReturnType<typeof createTestApp>>
let client: S3Client
let vendor: { cookie: string; user: { id: string } }
let otherVendor: { cookie: string }

beforeAll(async () => {
  s3 = await startLocalS3()
  t = await createTestApp(s3.env)
  client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    forcePathStyle: true,
  })
  vendor = await confirmedVendor(t)
  otherVendor = await confirmedVendor(t)
})
afterAll(async () => {
  client?.destroy()
  await t?.close()
  await s3?.stop()
})

async function bucketKeys(): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))
  return (listed.Contents ?? []).map((object) => object.Key!).sort()
}

// Production runs several app processes on one bucket (docs/operations.md): uploads must work the same on S3.
describe('uploads with STORAGE_DRIVER=s3', () => {
  it('stores an image and its thumbnail in the bucket, not on local disk, and serves them', async () => {
    const response = await upload(t, {
      cookie: vendor.cookie,
      purpose: 'product_image',
      file: { bytes: await phoneJpeg({ width: 2000, height: 1000 }), name: 'shoes.jpg' },
    })

    expect(response.status, response.text).toBe(201)
    const [row] = await t.db.select().from(files).where(eq(files.id, response.body.id))
    expect(await bucketKeys()).toEqual(expect.arrayContaining([row!.storageKey, row!.thumbKey!]))
    expect(filesUnder(t.config.dataDir).filter((file) => file.endsWith('.webp'))).toEqual([])
    const stored = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: row!.storageKey }))
    expect(stored.ContentType).toBe('image/webp')
    const served = await fetchFile(t, response.body.url)
    expect(served.status).toBe(200)
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'webp', width: 640, height: 1280 })
    const thumb = await fetchFile(t, response.body.thumbUrl)
    expect((await sharp(thumb.bytes).metadata()).width).toBeLessThanOrEqual(320)
  })

  it('keeps a private document under private/ and serves it only to its owner', async () => {
    const pdf = pdfDocument()
    const response = await upload(t, {
      cookie: vendor.cookie,
      purpose: 'gov_id',
      file: { bytes: pdf, name: 'id.pdf' },
    })

    expect(response.status, response.text).toBe(201)
    const [row] = await t.db.select().from(files).where(eq(files.id, response.body.id))
    expect(row!.storageKey).toMatch(/^private\/gov-id\//)
    expect(await bucketKeys()).toContain(row!.storageKey)
    const own = await fetchFile(t, response.body.url, vendor.cookie)
    expect(own.status).toBe(200)
    expect(own.bytes.equals(pdf)).toBe(true)
    expectError(await fetchFile(t, response.body.url, otherVendor.cookie), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'errors.notFound',
    })
  })

  it('stores nothing in the bucket when an upload is refused', async () => {
    const before = { keys: await bucketKeys(), state: await storedState(t) }

    const response = await upload(t, {
      cookie: vendor.cookie,
      purpose: 'product_image',
      file: { bytes: windowsExecutable(), name: 'photo.png' },
    })

    expectError(response, { status: 422, code: 'VALIDATION', messageKey: 'uploads.typeNotAllowed' })
    expect(await bucketKeys()).toEqual(before.keys)
    expect(await storedState(t)).toEqual(before.state)
  })
})
