import type { Config } from '../config'
import { createLocalStorage } from './local-storage'
import { createS3Storage } from './s3-storage'
import type { FileStorage } from './file-storage'

export * from './keys'
export type { FileStorage, StoredObject } from './file-storage'

export function createStorage(storage: Config['storage']): FileStorage {
  return storage.driver === 's3' ? createS3Storage(storage) : createLocalStorage(storage.root)
}
