import { and, eq, inArray } from 'drizzle-orm'
import {
  fileUrl,
  purposeDocumentType,
  type FileRefDto,
  type UploadPurpose,
} from '../../shared/schemas/upload'
import type { Tx } from '../db/client'
import { files } from '../db/schema'
import { AppError, isUuid } from './errors'

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
    // Held until the save commits: the clean-up of unattached files skips a file being attached right now.
    .for('key share')
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
