import { limits } from '../../shared/constants'
import {
  acceptedContentTypes,
  typeRefusal,
  uploadMaxMb,
  type UploadPurpose,
} from '../../shared/schemas/upload'
import { AppError } from '../lib/errors'
import { lazyModule } from '../lib/lazy'

// Loaded with the first upload: sharp brings libvips (tens of MB) into a process that may never see a picture.
const loadSharp = lazyModule(() => import('sharp').then((module) => module.default))
const loadFileType = lazyModule(() => import('file-type'))

/** 40 megapixels: more than any phone camera, far less than a decompression bomb needs to exhaust memory. */
export const MAX_INPUT_PIXELS = 40_000_000
/** The stored picture fits inside this square: sharp enough for a product page, small on a slow network. */
export const MAIN_MAX_PX = 1280
export const THUMB_MAX_PX = 320
const NAME_MAX_CHARS = 100

export const tooLarge = () => new AppError('VALIDATION', 'uploads.tooLarge', { maxMb: uploadMaxMb })
/** The refusal names the types the purpose takes (the list the screens check too), so the person knows what to pick. */
const typeNotAllowed = (purpose: UploadPurpose) => {
  const { messageKey, params } = typeRefusal(purpose)
  return new AppError('VALIDATION', messageKey, params)
}
const imageTooLarge = () =>
  new AppError('VALIDATION', 'uploads.imageTooLarge', { maxMegapixels: MAX_INPUT_PIXELS / 1e6 })
const unreadable = () => new AppError('VALIDATION', 'uploads.unreadable')

export type PreparedFile = {
  contentType: 'image/webp' | 'application/pdf'
  extension: 'webp' | 'pdf'
  main: Buffer
  /** A small WebP for lists and previews; null for PDFs. */
  thumb: Buffer | null
  width: number | null
  height: number | null
}

/**
 * Checks an upload and turns it into what is stored, or throws the reason it is refused. Nothing here
 * writes anywhere, so a refusal stores nothing.
 */
export async function prepareFile(purpose: UploadPurpose, bytes: Buffer): Promise<PreparedFile> {
  if (bytes.length > limits.uploadMaxBytes) throw tooLarge()
  const { fileTypeFromBuffer } = await loadFileType()
  // The type is read from the bytes, never from the name or the declared type (shared/schemas/upload.ts: fileTypes).
  const sniffed = await fileTypeFromBuffer(bytes)
  if (!sniffed || !acceptedContentTypes(purpose).includes(sniffed.mime)) throw typeNotAllowed(purpose)
  // Images are decoded and re-encoded; a PDF is kept as it is.
  return sniffed.mime === 'application/pdf' ? preparePdf(purpose, bytes) : prepareImage(bytes)
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1')

/** PDFs are kept byte for byte (re-rendering them is a different product); they must at least be PDFs. */
function preparePdf(purpose: UploadPurpose, bytes: Buffer): PreparedFile {
  if (!bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw typeNotAllowed(purpose)
  return {
    contentType: 'application/pdf',
    extension: 'pdf',
    main: bytes,
    thumb: null,
    width: null,
    height: null,
  }
}

/**
 * Images are decoded and re-encoded, never stored as sent: whatever rides along in the original (EXIF with
 * GPS position and camera serial, comments, trailing bytes, a polyglot script) does not survive, and the
 * picture is turned upright from its EXIF orientation first, since that tag is dropped with the rest.
 */
async function prepareImage(bytes: Buffer): Promise<PreparedFile> {
  const sharp = await loadSharp()
  let width: number | undefined
  let height: number | undefined
  try {
    ;({ width, height } = await sharp(bytes).metadata())
  } catch (error) {
    // sharp refuses to read even the header of a canvas beyond its own limit (about 268 megapixels): that is
    // a picture too large, not an unreadable one.
    if (isPixelLimitError(error)) throw imageTooLarge()
    throw unreadable()
  }
  if (!width || !height) throw unreadable()
  // Read from the header before decoding: a small file can declare a huge canvas (a decompression bomb).
  if (width * height > MAX_INPUT_PIXELS) throw imageTooLarge()
  try {
    // failOn 'error': a picture with a recoverable flaw (common in phone photos) is kept, an undecodable one is not.
    const main = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(MAIN_MAX_PX, MAIN_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
    const thumb = await sharp(main.data)
      .resize(THUMB_MAX_PX, THUMB_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer()
    return {
      contentType: 'image/webp',
      extension: 'webp',
      main: main.data,
      thumb,
      width: main.info.width,
      height: main.info.height,
    }
  } catch (error) {
    if (isPixelLimitError(error)) throw imageTooLarge()
    throw unreadable()
  }
}

const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message)

/**
 * The original name, kept only to show and to name downloads: no folders, no control or invisible
 * characters (a right-to-left override can make `gpj.exe` look like `exe.jpg`), no characters that
 * file systems or headers treat specially, at most 100 characters, and the extension of what is stored.
 */
export function sanitizeFileName(original: string, extension: string): string {
  const lastSegment = original.split(/[\\/]/).pop() ?? ''
  let stem = lastSegment
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  const dot = stem.lastIndexOf('.')
  if (dot > 0) stem = stem.slice(0, dot)
  // No leading dots (hidden files) and no trailing dots or spaces (Windows drops them).
  stem = stem.replace(/^[.\s]+|[.\s]+$/g, '')
  const room = NAME_MAX_CHARS - extension.length - 1
  stem = Array.from(stem).slice(0, room).join('').trim()
  return `${stem || 'file'}.${extension}`
}

/**
 * `inline; filename="…"` for every browser, plus the exact UTF-8 name (RFC 6266 / 8187) for names beyond
 * ASCII; the sanitised name has no quote, backslash or control character to escape.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_')
  if (ascii === name) return `inline; filename="${name}"`
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
