import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import {
  fileThumbUrl,
  fileUrl,
  purposeDocumentType,
  purposeVisibility,
  type FileRefDto,
  type UploadPurpose,
  type UploadResponse,
} from '../../shared/schemas/upload'
import type { Db, Tx } from '../db/client'
import { files } from '../db/schema'
import { AppError, isUuid, notFound } from '../lib/errors'
import type { Actor } from '../lib/http'
import type { Logger } from '../lib/logger'
import { hitRateLimit } from '../lib/rate-limit'
import { storageKey, type FileStorage, type StoredObject } from '../storage/storage'
import { prepareFile, sanitizeFileName } from './file-processing'

export type UploadContext = { db: Db; storage: FileStorage; logger: Logger }

type FileRow = typeof files.$inferSelect

/** Enough for a vendor filling the wizard and a catalogue of products; not enough to use Isoko as free storage. */
export const UPLOADS_PER_WINDOW = 120
export const UPLOAD_WINDOW_MS = 15 * 60 * 1000

/** Counted before the body is read, so a flood of uploads costs us no image decoding. */
export async function countUploadAttempt(db: Db, actor: Actor) {
  await hitRateLimit(db, `uploads:user:${actor.userId}`, UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MS)
}

function toUploadResponse(row: FileRow): UploadResponse {
  return {
    id: row.id,
    url: fileUrl(row.id),
    thumbUrl: row.thumbKey ? fileThumbUrl(row.id) : null,
    name: row.originalName,
    type: purposeDocumentType[row.purpose],
    size: row.size,
    contentType: row.contentType,
    purpose: row.purpose,
  }
}

/**
 * Checks, converts and stores one uploaded file for the signed-in user. Every check runs before anything
 * is written; if storing or recording fails halfway, what was already stored is removed again.
 */
export async function createUpload(
  context: UploadContext,
  actor: Actor,
  input: { purpose: UploadPurpose; bytes: Buffer; name: string },
): Promise<UploadResponse> {
  const prepared = await prepareFile(input.purpose, input.bytes)
  const id = randomUUID()
  const visibility = purposeVisibility[input.purpose]
  const mainKey = storageKey(visibility, input.purpose, id, 'main', prepared.extension)
  const thumbKey = prepared.thumb ? storageKey(visibility, input.purpose, id, 'thumb', 'webp') : null
  const written: string[] = []
  try {
    await context.storage.put(mainKey, prepared.main, prepared.contentType)
    written.push(mainKey)
    if (thumbKey && prepared.thumb) {
      await context.storage.put(thumbKey, prepared.thumb, 'image/webp')
      written.push(thumbKey)
    }
    const [row] = await context.db
      .insert(files)
      .values({
        id,
        ownerUserId: actor.userId,
        purpose: input.purpose,
        visibility,
        storageKey: mainKey,
        thumbKey,
        contentType: prepared.contentType,
        size: prepared.main.length,
        originalName: sanitizeFileName(input.name, prepared.extension),
        width: prepared.width,
        height: prepared.height,
      })
      .returning()
    return toUploadResponse(row!)
  } catch (error) {
    await Promise.all(
      written.map((key) =>
        context.storage.delete(key).catch((cleanupError: unknown) => {
          context.logger.warn(
            { err: cleanupError, key },
            'could not remove a stored object after a failed upload',
          )
        }),
      ),
    )
    throw error
  }
}

export type FileDownload = StoredObject & {
  name: string
  visibility: 'public' | 'private'
}

/**
 * A stored file for GET /api/files/:id. Public files go to anyone; private ones only to their owner and
 * to admins. Everyone else, like an unknown or malformed id, gets NOT_FOUND: the answer does not tell
 * whether a private file exists.
 */
export async function openStoredFile(
  context: UploadContext,
  actor: Actor | null,
  id: string,
  variant: 'main' | 'thumb',
): Promise<FileDownload> {
  if (!isUuid(id)) throw notFound()
  const [row] = await context.db.select().from(files).where(eq(files.id, id.toLowerCase()))
  if (!row) throw notFound()
  if (
    row.visibility === 'private' &&
    !(actor && (actor.userId === row.ownerUserId || actor.role === 'admin'))
  ) {
    throw notFound()
  }
  const key = variant === 'thumb' ? row.thumbKey : row.storageKey
  if (!key) throw notFound()
  const stored = await context.storage.get(key)
  if (!stored) {
    context.logger.error({ fileId: row.id, key }, 'a file row points at a missing object')
    throw notFound()
  }
  return {
    ...stored,
    contentType: variant === 'thumb' ? 'image/webp' : row.contentType,
    name: variant === 'thumb' ? row.originalName.replace(/\.[^.]+$/, '-thumb.webp') : row.originalName,
    visibility: row.visibility,
  }
}

/**
 * For features that attach uploaded files to a record (vendor documents, logos, product images): each id
 * must be a file this user uploaded for this purpose, and there may be at most `max` of them. Run it in the
 * transaction that saves the record.
 */
export async function assertOwnedFiles(
  tx: Tx,
  options: {
    ownerUserId: string
    ids: readonly string[]
    purpose: UploadPurpose | readonly UploadPurpose[]
    max: number
  },
): Promise<void> {
  const { ownerUserId, max } = options
  const ids = options.ids.map((id) => id.toLowerCase())
  if (ids.length > max) throw new AppError('VALIDATION', 'uploads.tooMany', { max })
  if (ids.length === 0) return
  if (!ids.every((id) => isUuid(id))) throw new AppError('VALIDATION', 'uploads.notFound')
  // The same file twice in one list is a client mistake, not two documents.
  if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION', 'errors.invalidValue')
  const purposes: readonly UploadPurpose[] =
    typeof options.purpose === 'string' ? [options.purpose] : options.purpose
  const found = await tx
    .select({ id: files.id })
    .from(files)
    .where(
      and(inArray(files.id, ids), eq(files.ownerUserId, ownerUserId), inArray(files.purpose, [...purposes])),
    )
  if (found.length !== ids.length) throw new AppError('VALIDATION', 'uploads.notFound')
}

/** `{ url, name, type }` of each file, in the order given: what the vendor record stores (specification §3). */
export async function fileRefs(tx: Tx, ids: readonly string[]): Promise<FileRefDto[]> {
  if (ids.length === 0) return []
  if (!ids.every((id) => isUuid(id))) throw new AppError('VALIDATION', 'uploads.notFound')
  const rows = await tx
    .select({ id: files.id, name: files.originalName, purpose: files.purpose })
    .from(files)
    .where(
      inArray(
        files.id,
        ids.map((id) => id.toLowerCase()),
      ),
    )
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.map((id) => {
    const row = byId.get(id.toLowerCase())
    if (!row) throw new AppError('VALIDATION', 'uploads.notFound')
    return { url: fileUrl(row.id), name: row.name, type: purposeDocumentType[row.purpose] }
  })
}
