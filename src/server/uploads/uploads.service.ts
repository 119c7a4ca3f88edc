import { randomUUID } from 'node:crypto'
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import {
  fileThumbUrl,
  fileUrl,
  purposeDocumentType,
  purposeVisibility,
  type UploadPurpose,
  type UploadResponse,
} from '../../shared/schemas/upload'
import type { Db, Tx } from '../db/client'
import { files, users } from '../db/schema'
import { AppError, isUuid, notFound } from '../lib/errors'
import type { Actor } from '../lib/scope'
import type { Logger } from '../lib/logger'
import { hitRateLimit } from '../auth/rate-limit'
import { storageKey, type FileStorage, type StoredObject } from '../storage/storage'
import { prepareFile, sanitizeFileName } from './file-processing'

export type UploadContext = {
  db: Db
  storage: FileStorage
  logger: Logger
  /** Stored bytes one account may keep (UPLOAD_QUOTA_MB). */
  quotaBytes: number
}

type FileRow = typeof files.$inferSelect

/** Enough for a vendor filling the wizard and a catalogue of products; not enough to use Isoko as free storage. */
export const UPLOADS_PER_WINDOW = 120
export const UPLOAD_WINDOW_MS = 15 * 60 * 1000

/** Counted before the body is read, so a flood of uploads costs us no image decoding. */
export async function countUploadAttempt(db: Db, actor: Actor) {
  await hitRateLimit(db, `uploads:user:${actor.userId}`, UPLOADS_PER_WINDOW, UPLOAD_WINDOW_MS)
}

/**
 * Each account keeps at most `quotaBytes` of stored files (the converted files, thumbnails aside), so one
 * account cannot use Isoko as free storage. Checked once before anything is stored (a cheap refusal), and
 * again, under the uploader's row lock, in the transaction that records the file: uploads sent at once are
 * then counted one after another, each seeing the files recorded before it, so a burst cannot pass together.
 */
async function assertWithinQuota(tx: Tx, quotaBytes: number, userId: string, adding: number) {
  const [used] = await tx
    .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.ownerUserId, userId))
  if (Number(used?.bytes ?? 0) + adding > quotaBytes) {
    throw new AppError('CONFLICT', 'uploads.quotaExceeded', {
      quotaMb: Math.round(quotaBytes / (1024 * 1024)),
    })
  }
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
 * is written; if storing or recording fails halfway (the quota's re-check included), what was already stored
 * is removed again.
 */
export async function createUpload(
  context: UploadContext,
  actor: Actor,
  input: { purpose: UploadPurpose; bytes: Buffer; name: string },
): Promise<UploadResponse> {
  const prepared = await prepareFile(input.purpose, input.bytes)
  await assertWithinQuota(context.db, context.quotaBytes, actor.userId, prepared.main.length)
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
    const row = await context.db.transaction(async (tx) => {
      // The uploader's row, locked: uploads sent at once take their turn at the quota (see assertWithinQuota).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.userId)).for('no key update')
      await assertWithinQuota(tx, context.quotaBytes, actor.userId, prepared.main.length)
      const [inserted] = await tx
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
      return inserted!
    })
    return toUploadResponse(row)
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
 * A file nothing refers to: no shop (logo, ID, documents) and no product (images). Each test is one probe of an
 * index (vendors_shop_logo_idx, vendors_gov_id_idx, the documents' and the images' jsonb_path_ops indexes):
 * a file costs the same however many shops and products there are.
 */
const isUnattached = (() => {
  const url = sql`'/api/files/' || ${files.id}`
  const asDocument = sql`jsonb_build_array(jsonb_build_object('url', ${url}))`
  return sql`not exists (select 1 from vendors v where v.shop_logo = ${url})
    and not exists (select 1 from vendors v where v.gov_id = ${url})
    and not exists (select 1 from vendors v where v.business_documents @> ${asDocument})
    and not exists (select 1 from vendors v where v.id_documents @> ${asDocument})
    and not exists (select 1 from products p where p.images @> jsonb_build_array(${url}))`
})()

export const UNATTACHED_FILE_TTL_MS = 24 * 60 * 60 * 1000

/**
 * Removes files uploaded more than a day ago that no shop or product refers to (an abandoned wizard, a
 * replaced logo, a removed product picture). It walks the older files in upload order, `batch` at a time, each
 * batch in a short transaction of its own, so the database serves requests between them and the work grows
 * with the files, not with files × shops × products. Safe with several processes and with a save in progress:
 * a batch's unattached files are locked first (skipping any that a save is attaching right now, which holds a
 * share lock on them), then deleted by a second statement that checks the references again with a fresh
 * snapshot, so a reference committed meanwhile keeps its file. Stored objects go after the rows are gone.
 */
export async function removeUnattachedFiles(
  context: Pick<UploadContext, 'db' | 'storage' | 'logger'>,
  { now = new Date(), batch = 1000 } = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - UNATTACHED_FILE_TTL_MS)
  const removed: { id: string; storageKey: string; thumbKey: string | null }[] = []
  // Where the walk stands: the last file read, its time as text (microseconds, which a Date would lose).
  let after: { createdAt: string; id: string } | undefined
  for (;;) {
    const page = await context.db
      .select({ id: files.id, createdAt: sql<string>`${files.createdAt}::text` })
      .from(files)
      .where(
        and(
          lt(files.createdAt, cutoff),
          after &&
            sql`(${files.createdAt}, ${files.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
        ),
      )
      .orderBy(files.createdAt, files.id)
      .limit(batch)
    if (page.length === 0) break
    after = page.at(-1)
    const ids = page.map((row) => row.id)
    removed.push(
      ...(await context.db.transaction(async (tx) => {
        const candidates = await tx
          .select({ id: files.id })
          .from(files)
          .where(and(inArray(files.id, ids), isUnattached))
          .for('update', { skipLocked: true })
        if (candidates.length === 0) return []
        return tx
          .delete(files)
          .where(
            and(
              inArray(
                files.id,
                candidates.map((row) => row.id),
              ),
              isUnattached,
            ),
          )
          .returning({ id: files.id, storageKey: files.storageKey, thumbKey: files.thumbKey })
      })),
    )
    if (page.length < batch) break
  }
  for (const row of removed) {
    for (const key of [row.storageKey, row.thumbKey]) {
      if (!key) continue
      await context.storage.delete(key).catch((error: unknown) => {
        context.logger.warn({ err: error, key }, 'could not remove the stored object of a deleted file')
      })
    }
  }
  if (removed.length > 0) context.logger.info({ files: removed.length }, 'removed unattached files')
  return removed.length
}
