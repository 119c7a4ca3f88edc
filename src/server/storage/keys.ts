export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key)}`)
    this.name = 'InvalidStorageKeyError'
  }
}

/**
 * Keys are made by us (storageKey), never from a request; this refuses anything else all the same.
 * Lower-case segments of letters, digits, `_`, `-` and `.`, none starting with a dot and no `..` anywhere:
 * no parent folders, hidden or temporary names, absolute paths or anything a file system or S3 console
 * would read differently.
 */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/

export function assertStorageKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key) || key.includes('..')) throw new InvalidStorageKeyError(key)
}

/** Content types by the extension our keys end with (the local folder keeps no other metadata). */
export const contentTypeByExtension: Record<string, string> = {
  webp: 'image/webp',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bin: 'application/octet-stream',
}

export const contentTypeOfKey = (key: string) =>
  contentTypeByExtension[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream'

/**
 * Public and private objects live under separate prefixes, so a bucket policy, a backup rule or a
 * mistaken public-read setting can be scoped to `public/` without ever touching identity documents.
 */
export function storageKey(
  visibility: 'public' | 'private',
  purpose: string,
  fileId: string,
  variant: 'main' | 'thumb',
  extension: string,
): string {
  const key = `${visibility}/${purpose.replace(/_/g, '-')}/${fileId}${variant === 'thumb' ? '-thumb' : ''}.${extension}`
  assertStorageKey(key)
  return key
}
