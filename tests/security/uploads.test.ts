import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { crc32, deflateSync, gzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../../src/server/db/schema'
import { limits } from '../../src/shared/constants'
import { uploadResponse } from '../../src/shared/schemas/upload'
import { expectError } from '../fixtures/expect-error'
import { confirmedVendor } from '../fixtures/factories'
import {
  fetchFile,
  filesUnder,
  htmlPage,
  pdfOfSize,
  phoneJpeg,
  pngImage,
  storedState,
  upload,
  windowsExecutable,
  type UploadPart,
} from '../fixtures/files'
import { createTestApp } from '../fixtures/test-app'

/**
 * Hostile uploads, beyond what tests/api/uploads.test.ts (types by their bytes, 10 MB, the 10000×10000
 * picture, corrupt images, sanitised names, private files) and tests/api/upload-quota.test.ts (one upload
 * past the quota) already prove. Each is refused with its message key and leaves no row and no object, or is
 * stored only in a safe form: re-encoded, under a key of our own, served with its own type, `nosniff` and an
 * inline Content-Disposition whose name cannot break out of its quotes.
 */

let t: Awaited<ReturnType<typeof createTestApp>>
let vendor: { cookie: string; user: { id: string } }

beforeAll(async () => {
  t = await createTestApp()
  vendor = await confirmedVendor(t)
})
afterAll(async () => {
  await t?.close()
})

const dataDir = () => t.temporaryDirs[0]!
const storageRoot = () => (t.config.storage as { root: string }).root
const fileRow = async (id: string) => (await t.db.select().from(files).where(eq(files.id, id)))[0]!

/** Sends a file as the vendor and expects it refused with `messageKey`, leaving no row and no object. */
async function expectRefused(
  purpose: string,
  file: UploadPart,
  expected: { status: number; code: 'VALIDATION' | 'CONFLICT'; messageKey: string },
) {
  const before = await storedState(t)
  const response = await upload(t, { cookie: vendor.cookie, purpose, file })
  expectError(response, expected)
  expect(await storedState(t)).toEqual(before)
  return response
}

/**
 * Sends a file as the vendor, expects it stored, and checks that nothing but its own objects was written
 * anywhere under the data folder (a name must never choose a path).
 */
async function expectStored(purpose: string, file: UploadPart) {
  const before = filesUnder(dataDir())
  const response = await upload(t, { cookie: vendor.cookie, purpose, file })
  expect(response.status, response.text).toBe(201)
  const body = uploadResponse.parse(response.body)
  const row = await fileRow(body.id)
  const written = filesUnder(dataDir()).filter((file) => !before.includes(file))
  const keys = [row.storageKey, row.thumbKey].filter((key): key is string => key !== null)
  expect(written.sort()).toEqual(
    keys.map((key) => path.join(path.relative(dataDir(), storageRoot()), key)).sort(),
  )
  return { body, row }
}

/** What a browser is told about a stored file: its own type, no sniffing, inline, and a quoted safe name. */
async function expectServedSafely(url: string, contentType: string, cookie?: string) {
  const response = await fetchFile(t, url, cookie)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe(contentType)
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('content-security-policy')).toContain("default-src 'self'")
  // `inline; filename="…"` with nothing that closes the quotes or starts a header, then at most the
  // percent-encoded UTF-8 name (RFC 6266).
  expect(response.headers.get('content-disposition')).toMatch(
    /^inline; filename="[^"\\\r\n\0/]*"(; filename\*=UTF-8''[A-Za-z0-9%!#$&+.^_`|~-]+)?$/,
  )
  return response
}

// ── Hand-made files ──

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed) >>> 0)
  return Buffer.concat([length, typed, crc])
}

/** A PNG whose header declares `width`×`height` RGB pixels, with `data` (compressed) as its image data. */
function pngDeclaring(width: number, height: number, data: Buffer) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bits per sample
  header[9] = 2 // RGB
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', data),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A real 16×16 JPEG whose frame header (SOF0) is rewritten to declare `size`×`size` pixels. */
async function jpegDeclaring(size: number) {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c62828' } })
    .jpeg()
    .toBuffer()
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]))
  const patched = Buffer.from(jpeg)
  patched.writeUInt16BE(size, frame + 5)
  patched.writeUInt16BE(size, frame + 7)
  return patched
}

/** A ZIP archive holding one stored file (local header, central directory, end record). */
function zipOf(name: string, content: Buffer) {
  const fileName = Buffer.from(name)
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt32LE(crc32(content) >>> 0, 14)
  local.writeUInt32LE(content.length, 18)
  local.writeUInt32LE(content.length, 22)
  local.writeUInt16LE(fileName.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt32LE(crc32(content) >>> 0, 16)
  central.writeUInt32LE(content.length, 20)
  central.writeUInt32LE(content.length, 24)
  central.writeUInt16LE(fileName.length, 28)
  const localSize = local.length + fileName.length + content.length
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(central.length + fileName.length, 12)
  end.writeUInt32LE(localSize, 16)
  return Buffer.concat([local, fileName, content, central, fileName, end])
}

const script = Buffer.from('<script>fetch("/api/account/me").then((r) => r.text()).then(alert)</script>')

describe('spoofed types', () => {
  // The name and the declared type are the sender's claim: a page or a program under a picture's name
  // would be served from our origin.
  it.each([
    ['an HTML page named photo.png, sent as image/png', 'product_image', htmlPage, 'photo.png', 'image/png'],
    [
      'a Windows program named id.pdf, sent as application/pdf',
      'gov_id',
      windowsExecutable,
      'id.pdf',
      'application/pdf',
    ],
    [
      'a Windows program named logo.jpg, sent as image/jpeg',
      'logo',
      windowsExecutable,
      'logo.jpg',
      'image/jpeg',
    ],
    [
      'a PNG signature followed by an HTML page, named photo.png',
      'product_image',
      () => Buffer.concat([PNG_SIGNATURE, htmlPage()]),
      'photo.png',
      'image/png',
    ],
  ])('refuses %s with uploads.typeNotAllowed', async (_what, purpose, make, name, type) => {
    await expectRefused(
      purpose,
      { bytes: make(), name, type },
      {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'uploads.typeNotAllowed',
      },
    )
  })

  // A picture's header is enough to pass the sniffing, not the decoding: what cannot be decoded is never stored.
  it.each([
    [
      'a JPEG header followed by a script',
      async () => Buffer.concat([(await phoneJpeg()).subarray(0, 20), script]),
    ],
  ])('refuses %s with uploads.unreadable', async (_what, make) => {
    await expectRefused(
      'product_image',
      { bytes: await make(), name: 'photo.jpg', type: 'image/jpeg' },
      {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'uploads.unreadable',
      },
    )
  })

  // PDFs are kept byte for byte, so one that carries a page is kept too, but only ever handed out as a PDF,
  // privately, never as the page it hides.
  it('keeps a PDF that carries an HTML page only as a private PDF, served as application/pdf with nosniff', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), htmlPage()])
    const { body, row } = await expectStored('gov_id', { bytes, name: 'id.html', type: 'text/html' })

    expect(body).toMatchObject({ contentType: 'application/pdf', name: 'id.pdf', thumbUrl: null })
    expect(row.visibility).toBe('private')
    const served = await expectServedSafely(body.url, 'application/pdf', vendor.cookie)
    expect(served.bytes.equals(bytes)).toBe(true)
    expect((await fetchFile(t, body.url)).status).toBe(404)
  })
})

describe('oversize', () => {
  // Specification §5: "up to 10MB", for pictures as for documents (tests/api/uploads covers PDFs and raw bodies).
  it('refuses a PNG of more than 10 MB with uploads.tooLarge {maxMb: 10}', async () => {
    const noise = await sharp(randomBytes(2_000 * 1_900 * 3), {
      raw: { width: 2_000, height: 1_900, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(noise.length).toBeGreaterThan(limits.uploadMaxBytes)

    const response = await expectRefused(
      'product_image',
      { bytes: noise, name: 'noise.png', type: 'image/png' },
      {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'uploads.tooLarge',
      },
    )
    expect(response.body.error.params).toEqual({ maxMb: 10 })
  })
})

describe('decompression bombs', () => {
  // A few bytes can declare a canvas that takes gigabytes to decode: the header is read, and the file refused,
  // before any pixel is.
  it.each([
    [
      'a 90-byte PNG declaring 20000×20000 pixels',
      () => pngDeclaring(20_000, 20_000, deflateSync(Buffer.alloc(16))),
    ],
    [
      'a 90-byte PNG declaring 65535×65535 pixels',
      () => pngDeclaring(65_535, 65_535, deflateSync(Buffer.alloc(16))),
    ],
    ['a JPEG whose header declares 30000×30000 pixels', () => jpegDeclaring(30_000)],
    // Valid all through and highly compressible: 6325×6325 white (40.0 megapixels) is about 130 KB as sent.
    [
      'a one-colour PNG of 6325×6325 pixels, just over 40 megapixels',
      () =>
        sharp({ create: { width: 6_325, height: 6_325, channels: 3, background: '#ffffff' } })
          .png({ compressionLevel: 9 })
          .toBuffer(),
    ],
  ])('refuses %s with uploads.imageTooLarge {maxMegapixels: 40}, quickly', async (_what, make) => {
    const bytes = await make()
    expect(bytes.length).toBeLessThan(200_000)
    const started = performance.now()

    const response = await expectRefused(
      'product_image',
      { bytes, name: 'bomb.png', type: 'image/png' },
      {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'uploads.imageTooLarge',
      },
    )

    expect(response.body.error.params).toEqual({ maxMegapixels: 40 })
    expect(performance.now() - started).toBeLessThan(3_000)
  })

  // Image data that inflates far beyond what the header declares is read only as far as the header says.
  it('decodes a PNG whose 200 KB of data inflate to 200 MB no further than its declared 1000×1000 pixels', async () => {
    const bomb = pngDeclaring(1_000, 1_000, deflateSync(Buffer.alloc(200 * 1024 * 1024), { level: 9 }))
    expect(bomb.length).toBeLessThan(300_000)
    const started = performance.now()

    const { body } = await expectStored('product_image', { bytes: bomb, name: 'bomb.png', type: 'image/png' })

    expect(performance.now() - started).toBeLessThan(5_000)
    const served = await expectServedSafely(body.url, 'image/webp')
    expect(await sharp(served.bytes).metadata()).toMatchObject({
      format: 'webp',
      width: 1_000,
      height: 1_000,
    })
  })
})

describe('polyglots', () => {
  // A valid picture with an archive or a page after it: the picture is re-encoded, and what followed it is gone.
  it.each([
    [
      'a PNG followed by a ZIP archive holding an HTML page',
      async () => Buffer.concat([await pngImage(), zipOf('index.html', htmlPage())]),
    ],
    ['a PNG followed by an HTML page', async () => Buffer.concat([await pngImage(), htmlPage()])],
    ['a JPEG followed by a script', async () => Buffer.concat([await phoneJpeg(), script])],
  ])('stores %s as a plain WebP without its passenger', async (_what, make) => {
    const bytes = await make()
    expect(bytes.includes('<script')).toBe(true)

    const { body } = await expectStored('product_image', { bytes, name: 'photo.png', type: 'image/png' })

    expect(body).toMatchObject({ contentType: 'image/webp', name: 'photo.webp' })
    for (const url of [body.url, body.thumbUrl!]) {
      const served = await expectServedSafely(url, 'image/webp')
      expect((await sharp(served.bytes).metadata()).format).toBe('webp')
      for (const passenger of ['<script', '<html', 'PK\u0003\u0004', 'index.html']) {
        expect(served.bytes.includes(passenger)).toBe(false)
      }
    }
  })
})

describe('hostile names', () => {
  // A name is the sender's text: it never chooses a path (the key is our id), and what is shown and sent
  // back in Content-Disposition has no folder, no control character and no quote.
  it.each([
    ['a Windows path climbing out', '..\\..\\Windows\\win.ini.png', 'win.ini.webp'],
    ['an absolute path', '/etc/passwd.png', 'passwd.webp'],
    ['a NUL byte', '../../../../tmp/evil\u0000.php.png', 'evil.php.webp'],
    ['an encoded path', '..%2F..%2Fetc%2Fpasswd.png', '%2F..%2Fetc%2Fpasswd.webp'],
    ['quotes closing the header value', 'photo.png"; filename="evil.html', 'photo.png; filename=evil.webp'],
    [
      'a line break starting a header',
      'line\r\nSet-Cookie: session=stolen.png',
      'lineSet-Cookie session=stolen.webp',
    ],
    ['10,000 characters', `${'é'.repeat(10_000)}.png`, `${'é'.repeat(95)}.webp`],
  ])('stores a name with %s under its own key and shows it sanitised', async (_what, name, shown) => {
    const { body, row } = await expectStored('product_image', {
      bytes: await pngImage({ width: 8, height: 8 }),
      name,
      type: 'image/png',
    })

    expect(body.name).toBe(shown)
    expect(row.storageKey).toBe(`public/product-image/${body.id}.webp`)
    expect(row.originalName).toBe(shown)
    await expectServedSafely(body.url, 'image/webp')
  })
})

describe('SVG', () => {
  // SVG is a document that runs scripts when opened from our origin: none is accepted, whatever it holds or
  // however it is named (the server has no SVG sanitiser to trust).
  const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">${inner}</svg>`
  it.each([
    [
      'with a script, named logo.png and sent as image/png',
      Buffer.from(svg('<script>alert(1)</script>')),
      'logo.png',
      'image/png',
    ],
    [
      'with an XML declaration, a BOM and an onload handler',
      Buffer.from(`\uFEFF<?xml version="1.0"?>${svg('<rect onload="alert(1)" width="8" height="8"/>')}`),
      'logo.svg',
      'image/svg+xml',
    ],
    ['without any script', Buffer.from(svg('<rect width="8" height="8"/>')), 'logo.svg', 'image/svg+xml'],
    ['compressed (SVGZ)', gzipSync(svg('<script>alert(1)</script>')), 'logo.svgz', 'image/svg+xml'],
  ])('refuses an SVG %s with uploads.typeNotAllowed', async (_what, bytes, name, type) => {
    await expectRefused(
      'logo',
      { bytes, name, type },
      {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'uploads.typeNotAllowed',
      },
    )
  })
})

describe('the quota under a burst', () => {
  // Without the quota's re-check under a lock, uploads sent at once all passed it together: up to the rate
  // limit's 120 files of 10 MB past any quota in one burst.
  it('twelve 300 KB uploads at once under a 1 MB quota store exactly three; the rest are refused and leave nothing', async () => {
    const limited = t.withConfig({ UPLOAD_QUOTA_MB: '1' })
    const uploader = await confirmedVendor(limited)
    const root = (limited.config.storage as { root: string }).root
    const before = await storedState(limited)

    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        upload(limited, {
          cookie: uploader.cookie,
          purpose: 'business_document',
          file: { bytes: pdfOfSize(300_000), name: 'statement.pdf', type: 'application/pdf' },
        }),
      ),
    )

    const accepted = responses.filter((response) => response.status === 201)
    expect(accepted).toHaveLength(3)
    for (const refused of responses.filter((response) => response.status !== 201)) {
      expectError(refused, { status: 409, code: 'CONFLICT', messageKey: 'uploads.quotaExceeded' })
      expect(refused.body.error.params).toEqual({ quotaMb: 1 })
    }
    const rows = await limited.db.select().from(files).where(eq(files.ownerUserId, uploader.user.id))
    expect(rows.map((row) => row.id).sort()).toEqual(accepted.map((response) => response.body.id).sort())
    expect(rows.reduce((sum, row) => sum + row.size, 0)).toBeLessThanOrEqual(1024 * 1024)
    // The refused uploads' objects were removed again: the store holds the accepted files and nothing else.
    expect(
      filesUnder(root)
        .filter((file) => !before.objects.includes(file))
        .sort(),
    ).toEqual(rows.map((row) => row.storageKey).sort())
  })
})
