import type { Readable } from 'node:stream'

export type StoredObject = { body: Readable | Buffer; contentType: string; size: number }

/**
 * Where file bytes live. Keys are made by us (storageKey), never taken from a request; the database row
 * (table files) says who may read them, the store only keeps bytes.
 */
export interface FileStorage {
  /** Stores the whole object or nothing: a reader never sees half a file. Overwrites an existing key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>
  /** Releases connections (S3); a no-op for the local folder. */
  close(): void
}
