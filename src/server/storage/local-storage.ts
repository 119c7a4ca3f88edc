import { randomBytes } from 'node:crypto'
import { mkdir, open, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { assertStorageKey, contentTypeOfKey, InvalidStorageKeyError } from './keys'
import type { FileStorage } from './file-storage'

const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException | undefined)?.code ?? '')

/**
 * Files in a folder (DATA_DIR/files by default), one per key. The content type is read back from the
 * key's extension, so a key must end with the extension of what it holds.
 */
export function createLocalStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir)

  function pathOf(key: string) {
    assertStorageKey(key)
    const full = path.join(root, ...key.split('/'))
    // The key pattern already rules out `..`; this is the second lock on the same door.
    if (!full.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key)
    return full
  }

  return {
    async put(key, body, contentType) {
      const target = pathOf(key)
      if (contentTypeOfKey(key) !== contentType) {
        throw new Error(`storage key ${key} does not end with the extension of ${contentType}`)
      }
      await mkdir(path.dirname(target), { recursive: true })
      // Written beside the target under a dot-name no key can have, flushed, then renamed over it: rename is
      // atomic on one file system, so a crash leaves either the old object, the new one, or a stray temp file,
      // never half an object under the key.
      const temporary = path.join(
        path.dirname(target),
        `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
      )
      try {
        const handle = await open(temporary, 'wx', 0o600)
        try {
          await handle.writeFile(body)
          await handle.sync()
        } finally {
          await handle.close()
        }
        await rename(temporary, target)
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
    },

    async get(key) {
      const full = pathOf(key)
      let handle
      try {
        handle = await open(full, 'r')
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
      try {
        // Stat and read through one open handle: a delete in between cannot turn into a half-read stream.
        const info = await handle.stat()
        if (!info.isFile()) {
          await handle.close()
          return null
        }
        return { body: handle.createReadStream(), contentType: contentTypeOfKey(key), size: info.size }
      } catch (error) {
        await handle.close()
        throw error
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true })
    },

    close() {},
  }
}
