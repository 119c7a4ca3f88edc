import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalStorage } from '../../src/server/storage/local-storage'
import { createS3Storage } from '../../src/server/storage/s3-storage'
import {
  createStorage,
  InvalidStorageKeyError,
  storageKey,
  type FileStorage,
  type StoredObject,
} from '../../src/server/storage/storage'
import { filesUnder } from '../fixtures/files'
import { startLocalS3, type LocalS3 } from '../fixtures/s3-server'

async function bytesOf(stored: StoredObject | null): Promise<Buffer> {
  if (!stored) throw new Error('expected an object, got null')
  if (Buffer.isBuffer(stored.body)) return stored.body
  const chunks: Buffer[] = []
  for await (const chunk of stored.body as Readable) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

const newKey = (visibility: 'public' | 'private' = 'private', extension = 'pdf') =>
  storageKey(visibility, 'gov_id', crypto.randomUUID(), 'main', extension)

const invalidKeys = [
  '',
  '../outside.pdf',
  'private/../../outside.pdf',
  'private/a..b.pdf',
  '/etc/passwd.pdf',
  'private//double.pdf',
  'private/.hidden.pdf',
  'private/UPPER.pdf',
  'private\\windows.pdf',
  'private/with space.pdf',
  'private/trailing/',
]

/**
 * The one contract every driver keeps; the same tests run against the local folder and a real
 * S3-compatible server, so switching STORAGE_DRIVER cannot change behaviour.
 */
function storageContract(
  name: string,
  open: () => { storage: FileStorage; objectCount: () => Promise<number> },
) {
  describe(`${name} storage contract`, () => {
    let storage: FileStorage
    let objectCount: () => Promise<number>

    beforeAll(() => {
      ;({ storage, objectCount } = open())
    })

    it('returns what was put: the same bytes, content type and size', async () => {
      const key = newKey()
      const body = randomBytes(256 * 1024)

      await storage.put(key, body, 'application/pdf')
      const stored = await storage.get(key)

      expect(stored).toMatchObject({ contentType: 'application/pdf', size: body.length })
      expect((await bytesOf(stored)).equals(body)).toBe(true)
    })

    it('answers null for a key that holds nothing', async () => {
      expect(await storage.get(newKey())).toBeNull()
    })

    it('replaces an object put again under the same key', async () => {
      const key = newKey('public', 'webp')
      await storage.put(key, Buffer.from('first version'), 'image/webp')

      await storage.put(key, Buffer.from('second'), 'image/webp')

      expect((await bytesOf(await storage.get(key))).toString()).toBe('second')
    })

    it('deletes an object, and deleting a missing key is not an error', async () => {
      const key = newKey()
      await storage.put(key, Buffer.from('%PDF-1.4'), 'application/pdf')

      await storage.delete(key)
      await storage.delete(key)

      expect(await storage.get(key)).toBeNull()
    })

    it('keeps public and private objects of the same file apart', async () => {
      const id = crypto.randomUUID()
      const publicKey = storageKey('public', 'logo', id, 'main', 'webp')
      const privateKey = storageKey('private', 'logo', id, 'main', 'webp')
      await storage.put(publicKey, Buffer.from('public'), 'image/webp')

      expect(await storage.get(privateKey)).toBeNull()
      expect(publicKey).toMatch(/^public\//)
      expect(privateKey).toMatch(/^private\//)
    })

    // Keys are ours; a key that could climb out of the store or alias another one is refused before any I/O.
    it.each(invalidKeys)('refuses the key %j for put, get and delete, storing nothing', async (key) => {
      const before = await objectCount()

      await expect(storage.put(key, Buffer.from('x'), 'application/pdf')).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      )
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError)
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError)

      expect(await objectCount()).toBe(before)
    })
  })
}

// ── The local folder ──

const localRoot = mkdtempSync(path.join(os.tmpdir(), 'isoko-storage-'))
afterAll(() => rmSync(localRoot, { recursive: true, force: true }))

storageContract('local', () => ({
  storage: createLocalStorage(localRoot),
  objectCount: async () => filesUnder(localRoot).length,
}))

describe('local storage', () => {
  const root = path.join(localRoot, 'own')
  const storage = createLocalStorage(root)

  it('writes each object to the path of its key under the root', async () => {
    const key = newKey()

    await storage.put(key, Buffer.from('%PDF-1.7 hello'), 'application/pdf')

    expect(readFileSync(path.join(root, ...key.split('/')), 'utf8')).toBe('%PDF-1.7 hello')
  })

  // Writing to a temporary name and renaming it means a crash never leaves half a file under a real key.
  it('leaves no temporary file behind, after success or failure', async () => {
    const key = newKey()
    await storage.put(key, randomBytes(1024), 'application/pdf')
    // A folder where the object should go makes the final rename fail.
    const blocked = newKey()
    mkdirSync(path.join(root, ...blocked.split('/')), { recursive: true })

    await expect(storage.put(blocked, Buffer.from('x'), 'application/pdf')).rejects.toThrow()

    expect(filesUnder(root).filter((file) => file.endsWith('.tmp'))).toEqual([])
    expect(await storage.get(blocked)).toBeNull()
  })

  // Two writers at once must leave one whole object, never a mix or a truncated one. (Not part of the shared
  // contract: s3rver writes in place, unlike S3 itself; and our keys are fresh ids, never written twice at once.)
  it('keeps one whole object when the same key is written concurrently', async () => {
    const key = newKey()
    const bodies = Array.from({ length: 5 }, () => randomBytes(64 * 1024))

    await Promise.all(bodies.map((body) => storage.put(key, body, 'application/pdf')))

    const stored = await bytesOf(await storage.get(key))
    expect(bodies.some((body) => body.equals(stored))).toBe(true)
  })

  // The folder keeps no metadata: the type is read back from the key's extension, so they must agree.
  it('refuses a content type that does not match the key', async () => {
    const key = newKey('public', 'webp')

    await expect(storage.put(key, Buffer.from('x'), 'application/pdf')).rejects.toThrow(/extension/)
    expect(existsSync(path.join(root, ...key.split('/')))).toBe(false)
  })

  it('is what createStorage makes for the local driver', async () => {
    const made = createStorage({ driver: 'local', root })
    const key = newKey()
    await storage.put(key, Buffer.from('%PDF-'), 'application/pdf')

    expect((await bytesOf(await made.get(key))).toString()).toBe('%PDF-')
  })
})

// ── A real S3-compatible server (s3rver), started and stopped by this file ──

let s3: LocalS3
let s3Storage: FileStorage
let s3Client: S3Client

beforeAll(async () => {
  s3 = await startLocalS3()
  s3Storage = createS3Storage({ ...s3, forcePathStyle: true })
  s3Client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    forcePathStyle: true,
  })
})
afterAll(async () => {
  s3Storage?.close()
  s3Client?.destroy()
  await s3?.stop()
})

async function bucketKeys(): Promise<string[]> {
  const listed = await s3Client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))
  return (listed.Contents ?? []).map((object) => object.Key!)
}

storageContract('S3', () => ({ storage: s3Storage, objectCount: async () => (await bucketKeys()).length }))

describe('S3 storage', () => {
  it('stores each object in the bucket under its key', async () => {
    const key = newKey()

    await s3Storage.put(key, Buffer.from('%PDF-1.4'), 'application/pdf')

    expect(await bucketKeys()).toContain(key)
  })

  it('is what createStorage makes for the s3 driver', async () => {
    const made = createStorage({
      driver: 's3',
      endpoint: s3.endpoint,
      region: s3.region,
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    })
    const key = newKey()
    await s3Storage.put(key, Buffer.from('%PDF-'), 'application/pdf')

    expect((await bytesOf(await made.get(key))).toString()).toBe('%PDF-')
    made.close()
  })
})
