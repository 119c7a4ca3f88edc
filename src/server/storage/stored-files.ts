import { inArray } from 'drizzle-orm'
import { fileIdFromUrl } from '../../shared/schemas/upload'
import type { Db } from '../db/client'
import { files } from '../db/schema'
import type { FileStorage } from './file-storage'

export type StoredFileRef = { id: string; key: string; contentType: string; originalName: string }

/**
 * The stored files behind `/api/files/{id}` urls, by url. Anything else (an external link, an unknown id)
 * is simply absent: the caller decides who may read a file, this only finds it.
 */
export async function storedFilesByUrl(db: Db, urls: readonly string[]): Promise<Map<string, StoredFileRef>> {
  const idByUrl = new Map<string, string>()
  for (const url of urls) {
    const id = fileIdFromUrl(url)
    if (id) idByUrl.set(url, id)
  }
  if (idByUrl.size === 0) return new Map()
  const rows = await db
    .select({
      id: files.id,
      key: files.storageKey,
      contentType: files.contentType,
      originalName: files.originalName,
    })
    .from(files)
    .where(inArray(files.id, [...new Set(idByUrl.values())]))
  const byId = new Map(rows.map((row) => [row.id, row]))
  const found = new Map<string, StoredFileRef>()
  for (const [url, id] of idByUrl) {
    const row = byId.get(id)
    if (row) found.set(url, row)
  }
  return found
}

/** A stored object's bytes, read through the same file store uploads are served from; null when it is gone. */
export async function readStoredBytes(storage: FileStorage, key: string): Promise<Uint8Array | null> {
  const stored = await storage.get(key)
  if (!stored) return null
  if (Buffer.isBuffer(stored.body)) return new Uint8Array(stored.body)
  const chunks: Buffer[] = []
  for await (const chunk of stored.body)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array))
  return new Uint8Array(Buffer.concat(chunks))
}
