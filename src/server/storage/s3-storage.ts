import type { Readable } from 'node:stream'
import type { S3Client } from '@aws-sdk/client-s3'
import { lazyModule } from '../lib/lazy'
import { assertStorageKey, contentTypeOfKey } from './keys'
import type { FileStorage } from './file-storage'

export type S3StorageOptions = {
  endpoint?: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
}

// The SDK (tens of MB once loaded) comes with the first file stored or read, not at start (lib/lazy.ts).
const loadSdk = lazyModule(() => import('@aws-sdk/client-s3'))
type Sdk = Awaited<ReturnType<typeof loadSdk>>

const isNoSuchKey = (sdk: Sdk, error: unknown) =>
  error instanceof sdk.S3ServiceException &&
  (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)

/**
 * Any S3-compatible store (AWS, MinIO, Ceph, R2, ...). Objects are written without an ACL, so they keep the
 * bucket's default (private): every file is served through GET /api/files/:id, which checks who is asking.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const clientSettings = {
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's newer default
    // (CRC32 headers on every request and response).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  } as const
  const bucket = options.bucket
  let client: S3Client | undefined
  const connect = lazyModule(async () => {
    const sdk = await loadSdk()
    client ??= new sdk.S3Client(clientSettings)
    return { sdk, client }
  })

  return {
    async put(key, body, contentType) {
      assertStorageKey(key)
      const { sdk, client } = await connect()
      // A single PUT is atomic in S3: the object appears whole or not at all.
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      )
    },

    async get(key) {
      assertStorageKey(key)
      const { sdk, client } = await connect()
      try {
        const response = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }))
        if (!response.Body) return null
        return {
          body: response.Body as Readable,
          contentType: response.ContentType ?? contentTypeOfKey(key),
          size: response.ContentLength ?? 0,
        }
      } catch (error) {
        if (isNoSuchKey(sdk, error)) return null
        throw error
      }
    },

    async delete(key) {
      assertStorageKey(key)
      const { sdk, client } = await connect()
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }))
    },

    close() {
      client?.destroy()
    },
  }
}
