import { existsSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files, rateLimits } from '../../src/server/db/schema'
import { AppError } from '../../src/server/lib/errors'
import { assertOwnedFiles, fileRefs } from '../../src/server/lib/files'
import { limits } from '../../src/shared/constants'
import { acceptedTypesText, uploadResponse, type UploadPurpose } from '../../src/shared/schemas/upload'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor, createAdmin } from '../fixtures/factories'
import {
  corruptPng,
  fetchFile,
  filesUnder,
  gifImage,
  htmlPage,
  hugePixelCountPng,
  pdfDocument,
  pdfOfSize,
  phoneJpeg,
  pngImage,
  storedState,
  svgWithScript,
  truncatedJpeg,
  upload,
  webpImage,
  windowsExecutable,
} from '../fixtures/files'
import { createTestApp } from '../fixtures/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>
type Person = { cookie: string; user: { id: string } }
let vendorA: Person
let vendorB: Person
let admin: Person

beforeAll(async () => {
  t = await createTestApp()
  vendorA = await confirmedVendor(t)
  vendorB = await confirmedVendor(t)
  admin = await createAdmin(t)
})
afterAll(async () => {
  await t?.close()
})

const fileRow = async (id: string) => (await t.db.select().from(files).where(eq(files.id, id)))[0]
const storageRoot = () => (t.config.storage as { root: string }).root

/** Uploads as vendor A and expects it stored; returns the response body. */
async function uploadOk(
  purpose: string,
  file: { bytes: Buffer; name: string; type?: string },
  cookie = vendorA.cookie,
) {
  const response = await upload(t, { cookie, purpose, file })
  expect(response.status, response.text).toBe(201)
  return uploadResponse.parse(response.body)
}

/** Runs a refused upload and checks that it left no row and no object behind. */
async function expectRefusedAndNothingStored(
  send: () => ReturnType<typeof upload>,
  expected: Parameters<typeof expectError>[1],
) {
  const before = await storedState(t)
  const response = await send()
  expectError(response, expected)
  expect(await storedState(t)).toEqual(before)
  return response
}

describe('POST /api/uploads', () => {
  // Storage is paid for and abused: only signed-in people may put files on the server.
  it('answers 401 errors.unauthenticated without a session and stores nothing', async () => {
    await expectRefusedAndNothingStored(
      () => upload(t, { purpose: 'logo', file: { bytes: Buffer.alloc(10), name: 'a.png' } }),
      { status: 401, code: 'UNAUTHENTICATED', messageKey: 'errors.unauthenticated' },
    )
  })

  // One small, metadata-free format for every picture, and the answer the widget and the vendor record need.
  it('stores a PNG product image as WebP with a thumbnail and describes it', async () => {
    const response = await upload(t, {
      cookie: vendorA.cookie,
      purpose: 'product_image',
      file: { bytes: await pngImage({ width: 640, height: 480 }), name: 'Red dress.png', type: 'image/png' },
    })

    expect(response.status, response.text).toBe(201)
    const id = response.body.id as string
    expect(response.body).toEqual({
      id,
      url: `/api/files/${id}`,
      thumbUrl: `/api/files/${id}?variant=thumb`,
      name: 'Red dress.webp',
      type: 'product',
      size: expect.any(Number),
      contentType: 'image/webp',
      purpose: 'product_image',
    })
    const row = await fileRow(id)
    expect(row).toMatchObject({
      ownerUserId: vendorA.user.id,
      purpose: 'product_image',
      visibility: 'public',
      contentType: 'image/webp',
      originalName: 'Red dress.webp',
      width: 640,
      height: 480,
      size: response.body.size,
    })
    expect(row!.storageKey).toBe(`public/product-image/${id}.webp`)
    expect(row!.thumbKey).toBe(`public/product-image/${id}-thumb.webp`)
    const main = await fetchFile(t, response.body.url)
    expect(main.bytes.length).toBe(response.body.size)
    expect(await sharp(main.bytes).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 })
  })

  // Phone photos carry the owner's name, camera serial and GPS position in EXIF: none of it may be published.
  it('turns a phone JPEG upright and strips its EXIF metadata', async () => {
    const original = await phoneJpeg({ width: 400, height: 200 })
    expect((await sharp(original).metadata()).exif).toBeDefined()

    const body = await uploadOk('logo', { bytes: original, name: 'IMG_0001.JPG', type: 'image/jpeg' })

    const stored = await fetchFile(t, body.url)
    const metadata = await sharp(stored.bytes).metadata()
    expect(metadata).toMatchObject({ format: 'webp', width: 200, height: 400 })
    expect(metadata.exif).toBeUndefined()
    expect(metadata.orientation).toBeUndefined()
    expect(metadata.icc).toBeUndefined()
    expect(metadata.xmp).toBeUndefined()
    expect(stored.bytes.includes('Secret Artist')).toBe(false)
    expect(stored.bytes.includes('Kimihurura')).toBe(false)
    expect(body).toMatchObject({ name: 'IMG_0001.webp', type: 'logo', purpose: 'logo' })
  })

  // Large pictures are slow on mobile networks: the stored one fits 1280×1280, the thumbnail 320 px.
  it('fits a large picture inside 1280×1280 and its thumbnail inside 320 px', async () => {
    const body = await uploadOk('product_image', {
      bytes: await pngImage({ width: 3000, height: 1500 }),
      name: 'wide.png',
    })

    const main = await sharp((await fetchFile(t, body.url)).bytes).metadata()
    const thumbResponse = await fetchFile(t, body.thumbUrl!)
    const thumb = await sharp(thumbResponse.bytes).metadata()

    expect(main).toMatchObject({ width: 1280, height: 640 })
    expect(thumbResponse.headers.get('content-type')).toBe('image/webp')
    expect(thumb.format).toBe('webp')
    expect(thumb.width).toBeLessThanOrEqual(320)
    expect(thumb).toMatchObject({ width: 320, height: 160 })
  })

  // Upscaling adds bytes and blur, nothing else.
  it('does not enlarge a small picture', async () => {
    const body = await uploadOk('product_image', {
      bytes: await pngImage({ width: 100, height: 80 }),
      name: 'small.png',
    })

    expect(await sharp((await fetchFile(t, body.url)).bytes).metadata()).toMatchObject({
      width: 100,
      height: 80,
    })
    expect(await sharp((await fetchFile(t, body.thumbUrl!)).bytes).metadata()).toMatchObject({
      width: 100,
      height: 80,
    })
  })

  // Specification §5: images are accepted; every raster format the browsers show is stored the same way.
  it.each([
    ['GIF', gifImage, 'anim.gif'],
    ['WebP', () => webpImage(), 'photo.webp'],
  ])('accepts a %s image and stores it as WebP', async (_type, make, name) => {
    const body = await uploadOk('product_image', { bytes: await make(), name })
    expect(body.contentType).toBe('image/webp')
    expect((await sharp((await fetchFile(t, body.url)).bytes).metadata()).format).toBe('webp')
  })

  // The declared type and the name are the sender's claim; only the bytes say what a file is.
  it('goes by the bytes, not by the declared type or the name', async () => {
    const body = await uploadOk('logo', {
      bytes: await pngImage(),
      name: 'logo.pdf',
      type: 'application/pdf',
    })

    expect(body).toMatchObject({ contentType: 'image/webp', name: 'logo.webp' })
  })

  // Specification §5: "government ID accepts images or pdf".
  it.each([
    ['gov_id', 'government_id'],
    ['id_document', 'government_id'],
    ['business_document', 'business'],
  ])('stores a PDF for %s as it is, privately, without a thumbnail', async (purpose, type) => {
    const pdf = pdfDocument()

    const body = await uploadOk(purpose, { bytes: pdf, name: 'National ID.pdf', type: 'application/pdf' })

    expect(body).toMatchObject({
      name: 'National ID.pdf',
      type,
      purpose,
      contentType: 'application/pdf',
      size: pdf.length,
      thumbUrl: null,
    })
    const row = await fileRow(body.id)
    expect(row).toMatchObject({ visibility: 'private', thumbKey: null, width: null, height: null })
    expect(row!.storageKey).toMatch(/^private\//)
    expect((await fetchFile(t, body.url, vendorA.cookie)).bytes.equals(pdf)).toBe(true)
  })

  // Specification §5: "logo accepts images"; a PDF is no picture to show in a shop header.
  it.each(['logo', 'product_image'])(
    'refuses a PDF for %s with 422 uploads.typeNotAllowed',
    async (purpose) => {
      const response = await expectRefusedAndNothingStored(
        () =>
          upload(t, { cookie: vendorA.cookie, purpose, file: { bytes: pdfDocument(), name: 'logo.pdf' } }),
        { status: 422, code: 'VALIDATION', messageKey: 'uploads.typeNotAllowed' },
      )
      // The refusal names what is taken instead, from the list the screens check before a file travels.
      expect(response.body.error.params).toEqual({ types: 'JPEG, PNG, WebP, GIF' })
    },
  )

  // A program or a web page under a harmless name would be served from our origin to whoever opens it.
  it.each([
    ['a Windows program named photo.png', 'product_image', windowsExecutable, 'photo.png', 'image/png'],
    ['an HTML page named doc.pdf', 'business_document', htmlPage, 'doc.pdf', 'application/pdf'],
    ['an SVG with a script named logo.svg', 'logo', svgWithScript, 'logo.svg', 'image/svg+xml'],
    [
      'plain text named id.jpg',
      'gov_id',
      () => Buffer.from('just some text, not a picture'),
      'id.jpg',
      'image/jpeg',
    ],
    ['an empty file', 'gov_id', () => Buffer.alloc(0), 'empty.png', 'image/png'],
  ])(
    'refuses %s with 422 uploads.typeNotAllowed and stores nothing',
    async (_what, purpose, make, name, type) => {
      const response = await expectRefusedAndNothingStored(
        () => upload(t, { cookie: vendorA.cookie, purpose, file: { bytes: make(), name, type } }),
        { status: 422, code: 'VALIDATION', messageKey: 'uploads.typeNotAllowed' },
      )
      expect(response.body.error.params).toEqual({ types: acceptedTypesText(purpose as UploadPurpose) })
    },
  )

  // Specification §5: "up to 10MB".
  it('refuses a file of 10 MB + 1 byte with 422 uploads.tooLarge {maxMb: 10} and stores nothing', async () => {
    const response = await expectRefusedAndNothingStored(
      () =>
        upload(t, {
          cookie: vendorA.cookie,
          purpose: 'business_document',
          file: { bytes: pdfOfSize(limits.uploadMaxBytes + 1), name: 'big.pdf' },
        }),
      { status: 422, code: 'VALIDATION', messageKey: 'uploads.tooLarge' },
    )
    expect(response.body.error.params).toEqual({ maxMb: 10 })
  })

  it('accepts a file of exactly 10 MB', async () => {
    const body = await uploadOk('business_document', {
      bytes: pdfOfSize(limits.uploadMaxBytes),
      name: 'full.pdf',
    })
    expect(body.size).toBe(limits.uploadMaxBytes)
  })

  // The body limit stops a huge request before it is read into memory, whether or not it declares its length.
  it.each([
    ['declaring its length', true],
    ['without a declared length', false],
  ])('refuses a 12 MB request body %s with 422 uploads.tooLarge', async (_how, declared) => {
    const boundary = 'isoko-test-boundary'
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ngov_id\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdfOfSize(12 * 1024 * 1024),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` }
    if (declared) headers['content-length'] = String(body.length)

    const response = await expectRefusedAndNothingStored(
      () => upload(t, { cookie: vendorA.cookie, body, headers }),
      { status: 422, code: 'VALIDATION', messageKey: 'uploads.tooLarge' },
    )
    expect(response.body.error.params).toEqual({ maxMb: 10 })
  })

  // A small file can declare an enormous canvas; decoding it would take hundreds of megabytes of memory.
  it('refuses a 10000×10000 picture by its pixel count with 422 uploads.imageTooLarge', async () => {
    const huge = await hugePixelCountPng()
    expect(huge.length).toBeLessThan(limits.uploadMaxBytes)

    const response = await expectRefusedAndNothingStored(
      () =>
        upload(t, {
          cookie: vendorA.cookie,
          purpose: 'product_image',
          file: { bytes: huge, name: 'huge.png' },
        }),
      { status: 422, code: 'VALIDATION', messageKey: 'uploads.imageTooLarge' },
    )
    expect(response.body.error.params).toEqual({ maxMegapixels: 40 })
  })

  // What we cannot decode we cannot re-encode, and it is never stored as sent.
  it.each([
    ['a PNG whose image data is garbage', corruptPng, 'broken.png'],
    ['a JPEG cut off after its first bytes', truncatedJpeg, 'cut.jpg'],
  ])('refuses %s with 422 uploads.unreadable', async (_what, make, name) => {
    const bytes = await make()
    await expectRefusedAndNothingStored(
      () => upload(t, { cookie: vendorA.cookie, purpose: 'logo', file: { bytes, name } }),
      { status: 422, code: 'VALIDATION', messageKey: 'uploads.unreadable' },
    )
  })

  // Names come from the sender: they must never choose where a file is written, nor show control characters.
  it('stores a file named ../../etc/passwd.png under its own key and shows the name sanitised', async () => {
    const body = await uploadOk('product_image', { bytes: await pngImage(), name: '../../etc/passwd.png' })

    expect(body.name).toBe('passwd.webp')
    const row = await fileRow(body.id)
    expect(row!.storageKey).toBe(`public/product-image/${body.id}.webp`)
    expect(existsSync(path.join(storageRoot(), row!.storageKey))).toBe(true)
    expect(filesUnder(storageRoot()).every((file) => !file.includes('passwd'))).toBe(true)
    expect(existsSync(path.resolve(storageRoot(), '../../etc/passwd.webp'))).toBe(false)
    const download = await fetchFile(t, body.url)
    expect(download.headers.get('content-disposition')).toBe('inline; filename="passwd.webp"')
  })

  // Names are shown to admins and used for downloads: no folders, no invisible or special characters, bounded.
  it.each([
    ['C:\\Users\\amina\\Desktop\\shop logo.png', 'shop logo.webp'],
    ['invoice\u202Egpj.exe', 'invoicegpj.webp'],
    ['bad"name<>|?*\u0007.png', 'badname.webp'],
    ['.hidden.png', 'hidden.webp'],
    ['...', 'file.webp'],
    ['   ', 'file.webp'],
    [`${'a'.repeat(300)}.png`, `${'a'.repeat(95)}.webp`],
  ])('sanitises the name %j to %j', async (name, expected) => {
    const body = await uploadOk('product_image', { bytes: await pngImage({ width: 8, height: 8 }), name })
    expect(body.name).toBe(expected)
    expect(body.name.length).toBeLessThanOrEqual(100)
  })

  // Sanitising must not mangle ordinary names in Kinyarwanda or French.
  it('keeps a Kinyarwanda or accented name readable and downloads it under its UTF-8 name', async () => {
    const body = await uploadOk('business_document', {
      bytes: pdfDocument(),
      name: 'Icyemezo cy’ubucuruzi é.pdf',
    })

    expect(body.name).toBe('Icyemezo cy’ubucuruzi é.pdf')
    const download = await fetchFile(t, body.url, vendorA.cookie)
    expect(download.headers.get('content-disposition')).toBe(
      `inline; filename="Icyemezo cy_ubucuruzi _.pdf"; filename*=UTF-8''Icyemezo%20cy%E2%80%99ubucuruzi%20%C3%A9.pdf`,
    )
  })

  // Admins edit products and vendors too, so they upload like anyone signed in.
  it('accepts uploads from an admin too (any signed-in role)', async () => {
    const body = await uploadOk('product_image', { bytes: await pngImage(), name: 'admin.png' }, admin.cookie)
    expect((await fileRow(body.id))!.ownerUserId).toBe(admin.user.id)
  })

  // The purpose decides visibility and accepted types, so it is required and must be known.
  it.each([
    ['no purpose', { file: { bytes: Buffer.alloc(4), name: 'a.png' } }, { purpose: 'errors.required' }],
    [
      'an unknown purpose',
      { purpose: 'avatar', file: { bytes: Buffer.alloc(4), name: 'a.png' } },
      { purpose: 'errors.invalidValue' },
    ],
    ['no file', { purpose: 'logo' }, { file: 'errors.required' }],
  ])('refuses a form with %s with 422 and the field named', async (_what, form, fields) => {
    await expectRefusedAndNothingStored(() => upload(t, { cookie: vendorA.cookie, ...form }), {
      status: 422,
      code: 'VALIDATION',
      messageKey: Object.values(fields)[0]!,
      fields,
    })
  })

  // One file per request: the widget shows each file's progress, and one answer describes one file.
  it('refuses two files in one request', async () => {
    const part = { bytes: await pngImage(), name: 'a.png' }
    await expectRefusedAndNothingStored(
      () => upload(t, { cookie: vendorA.cookie, purpose: 'product_image', files: [part, part] }),
      {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'errors.invalidValue',
        fields: { file: 'errors.invalidValue' },
      },
    )
  })

  // 120 uploads per user per 15 minutes: enough for onboarding and a catalogue, not for using us as free storage.
  it('refuses the 121st upload within 15 minutes with 429 errors.rateLimited; another user still uploads', async () => {
    const person = await confirmedVendor(t)
    await t.db
      .insert(rateLimits)
      .values({ key: `uploads:user:${person.user.id}`, windowStart: new Date(), count: 120 })

    const response = await expectRefusedAndNothingStored(
      () =>
        upload(t, {
          cookie: person.cookie,
          purpose: 'gov_id',
          file: { bytes: pdfDocument(), name: 'id.pdf' },
        }),
      { status: 429, code: 'RATE_LIMITED', messageKey: 'errors.rateLimited' },
    )
    expect(response.body.error.params.seconds).toBeGreaterThan(0)
    await uploadOk('gov_id', { bytes: pdfDocument(), name: 'id.pdf' }, vendorB.cookie)
  })

  // The limit is per user (not per address), so vendors behind one shared connection do not block each other.
  it('counts uploads per user in the rate-limit table', async () => {
    const person = await confirmedVendor(t)
    await uploadOk('gov_id', { bytes: pdfDocument(), name: 'id.pdf' }, person.cookie)
    await uploadOk('gov_id', { bytes: pdfDocument(), name: 'id.pdf' }, person.cookie)

    const [counter] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `uploads:user:${person.user.id}`))
    expect(counter!.count).toBe(2)
  })

  // Writes go to a temporary name then are renamed; none of those may linger.
  it('leaves no temporary file in the store after uploads', () => {
    expect(
      filesUnder(storageRoot()).filter(
        (file) => file.endsWith('.tmp') || path.basename(file).startsWith('.'),
      ),
    ).toEqual([])
  })
})

describe('GET /api/files/:id', () => {
  let logo: { id: string; url: string; thumbUrl: string | null }
  let govId: { id: string; url: string }
  let govIdPhoto: { id: string; url: string; thumbUrl: string | null }

  beforeAll(async () => {
    logo = await uploadOk('logo', { bytes: await pngImage(), name: 'Shop logo.png' })
    govId = await uploadOk('gov_id', { bytes: pdfDocument(), name: 'ID card.pdf' })
    govIdPhoto = await uploadOk('gov_id', { bytes: await phoneJpeg(), name: 'id-photo.jpg' })
  })

  // Logos and product pictures appear on public pages; an id never changes content, so caches may keep it for good.
  it('serves a public file to anyone, signed out included, with an immutable cache header', async () => {
    const response = await fetchFile(t, logo.url)

    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-disposition')).toBe('inline; filename="Shop logo.webp"')
    expect(response.headers.get('content-length')).toBe(String(response.bytes.length))
    expect((await sharp(response.bytes).metadata()).format).toBe('webp')
  })

  // Lists and previews load the small version on slow mobile networks.
  it('serves the thumbnail with ?variant=thumb', async () => {
    const response = await fetchFile(t, logo.thumbUrl!)

    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('content-disposition')).toBe('inline; filename="Shop logo-thumb.webp"')
  })

  // Identity documents: their owner and the admins who review the application, nobody else (README: deliberate divergences).
  it('serves a private file to its owner, uncached', async () => {
    const response = await fetchFile(t, govId.url, vendorA.cookie)

    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-disposition')).toBe('inline; filename="ID card.pdf"')
    expect(response.bytes.equals(pdfDocument())).toBe(true)
  })

  // Admins review vendor applications, so they read every vendor's documents.
  it('serves a private file to an admin', async () => {
    const response = await fetchFile(t, govId.url, admin.cookie)

    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(response.bytes.equals(pdfDocument())).toBe(true)
  })

  // 404 rather than 403: another vendor cannot even learn that the document exists.
  it('answers 404 errors.notFound to another vendor, for the file and its thumbnail', async () => {
    expectError(await fetchFile(t, govId.url, vendorB.cookie), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'errors.notFound',
    })
    expectError(await fetchFile(t, govIdPhoto.thumbUrl!, vendorB.cookie), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'errors.notFound',
    })
    expect((await fetchFile(t, govIdPhoto.thumbUrl!, vendorA.cookie)).status).toBe(200)
  })

  // A leaked link to an identity document opens nothing without the owner's or an admin's session.
  it('answers 404 errors.notFound to a signed-out visitor', async () => {
    const response = await fetchFile(t, govId.url)

    expectError(response, { status: 404, code: 'NOT_FOUND', messageKey: 'errors.notFound' })
    expect(response.bytes.includes('%PDF')).toBe(false)
  })

  // Identical answers: probing ids tells nothing about which private files exist.
  it('answers the same 404 for an unknown id as for a private file of someone else', async () => {
    const unknown = await fetchFile(t, '/api/files/00000000-0000-4000-8000-000000000000', vendorB.cookie)
    const hidden = await fetchFile(t, govId.url, vendorB.cookie)

    expectError(unknown, { status: 404, code: 'NOT_FOUND', messageKey: 'errors.notFound' })
    expect(unknown.body).toEqual(hidden.body)
  })

  // A bad link is the visitor's mistake, not a server fault.
  it.each(['not-a-uuid', '..%2F..%2Fetc%2Fpasswd', '1', `${'0'.repeat(36)}`])(
    'answers 404 (not 500) to the malformed id %j',
    async (id) => {
      expectError(await fetchFile(t, `/api/files/${id}`), {
        status: 404,
        code: 'NOT_FOUND',
        messageKey: 'errors.notFound',
      })
    },
  )

  // PDFs are kept as they are and have no thumbnail.
  it('answers 404 for the thumbnail of a PDF, which has none', async () => {
    expectError(await fetchFile(t, `${govId.url}?variant=thumb`, vendorA.cookie), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'errors.notFound',
    })
  })

  // A row without its object (a lost bucket entry) is a missing file, not a crash.
  it('answers 404 (and logs) when the stored object has gone missing', async () => {
    const body = await uploadOk('product_image', { bytes: await pngImage(), name: 'gone.png' })
    const row = await fileRow(body.id)
    await import('node:fs/promises').then((fs) => fs.rm(path.join(storageRoot(), row!.storageKey)))

    expectError(await fetchFile(t, body.url), {
      status: 404,
      code: 'NOT_FOUND',
      messageKey: 'errors.notFound',
    })
  })
})

describe('assertOwnedFiles and fileRefs (attaching files to a record)', () => {
  let docs: { id: string }[]
  let otherVendorsDoc: { id: string }
  let ownLogo: { id: string }

  beforeAll(async () => {
    docs = [
      await uploadOk('business_document', { bytes: pdfDocument(), name: 'Licence.pdf' }),
      await uploadOk('business_document', { bytes: await pngImage(), name: 'Tax certificate.png' }),
    ]
    ownLogo = await uploadOk('logo', { bytes: await pngImage(), name: 'logo.png' })
    otherVendorsDoc = await uploadOk(
      'business_document',
      { bytes: pdfDocument(), name: 'B.pdf' },
      vendorB.cookie,
    )
  })

  const attempt = async (options: Parameters<typeof assertOwnedFiles>[1]) => {
    try {
      await assertOwnedFiles(t.db, options)
      return undefined
    } catch (error) {
      return error
    }
  }

  // The vendor's own uploads, for the right field, are what a record may point at.
  it("accepts the owner's own files of that purpose", async () => {
    const result = await attempt({
      ownerUserId: vendorA.user.id,
      ids: docs.map((doc) => doc.id),
      purpose: 'business_document',
      max: 5,
    })
    expect(result).toBeUndefined()
    expect(
      await attempt({ ownerUserId: vendorA.user.id, ids: [], purpose: 'business_document', max: 5 }),
    ).toBeUndefined()
  })

  // A vendor must not attach another vendor's identity documents (or guess ids) to their own application.
  it("refuses another user's file with VALIDATION uploads.notFound", async () => {
    const error = await attempt({
      ownerUserId: vendorA.user.id,
      ids: [docs[0]!.id, otherVendorsDoc.id],
      purpose: 'business_document',
      max: 5,
    })
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'VALIDATION', messageKey: 'uploads.notFound' })
  })

  // A public logo must not become a private document (or the reverse) by being attached to the wrong field.
  it('refuses a file uploaded for another purpose, an unknown id and a malformed id', async () => {
    for (const ids of [[ownLogo.id], ['00000000-0000-4000-8000-000000000000'], ['not-a-uuid']]) {
      expect(
        await attempt({ ownerUserId: vendorA.user.id, ids, purpose: 'business_document', max: 5 }),
      ).toMatchObject({
        code: 'VALIDATION',
        messageKey: 'uploads.notFound',
      })
    }
  })

  // Specification §5: business documents up to 5, ID documents up to 3, logo 1 ('Maximum {n} files allowed').
  it('refuses more than max files with VALIDATION uploads.tooMany {max}', async () => {
    const error = await attempt({
      ownerUserId: vendorA.user.id,
      ids: docs.map((doc) => doc.id),
      purpose: 'business_document',
      max: 1,
    })
    expect(error).toMatchObject({ code: 'VALIDATION', messageKey: 'uploads.tooMany', params: { max: 1 } })
  })

  // One document listed twice would count against the limit and show twice.
  it('refuses the same file twice in one list', async () => {
    expect(
      await attempt({
        ownerUserId: vendorA.user.id,
        ids: [docs[0]!.id, docs[0]!.id],
        purpose: 'business_document',
        max: 5,
      }),
    ).toMatchObject({ code: 'VALIDATION', messageKey: 'errors.invalidValue' })
  })

  // Some fields accept files uploaded for more than one purpose.
  it('accepts any of several purposes when given a list', async () => {
    expect(
      await attempt({
        ownerUserId: vendorA.user.id,
        ids: [docs[0]!.id, ownLogo.id],
        purpose: ['business_document', 'logo'],
        max: 5,
      }),
    ).toBeUndefined()
  })

  // Specification §3: the vendor record keeps { url, name, type } per document, in the order the vendor chose.
  it('describes files as { url, name, type } in the order given', async () => {
    const refs = await fileRefs(t.db, [docs[1]!.id, docs[0]!.id, ownLogo.id])

    expect(refs).toEqual([
      { url: `/api/files/${docs[1]!.id}`, name: 'Tax certificate.webp', type: 'business' },
      { url: `/api/files/${docs[0]!.id}`, name: 'Licence.pdf', type: 'business' },
      { url: `/api/files/${ownLogo.id}`, name: 'logo.webp', type: 'logo' },
    ])
    expect(await fileRefs(t.db, [])).toEqual([])
  })
})
