import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { assertStorageKey, contentTypeOfKey } from './keys'
import type { FileStorage } from './storage'

export type S3StorageOptions = {
  endpoint?: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
}

const isNoSuchKey = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)

/**
 * Any S3-compatible store (AWS, MinIO, Ceph, R2, ...). Objects are written without an ACL, so they keep the
 * bucket's default (private): every file is served through GET /api/files/:id, which checks who is asking.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's newer default
    // (CRC32 headers on every request and response).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const bucket = options.bucket

  return {
    async put(key, body, contentType) {
      assertStorageKey(key)
      // A single PUT is atomic in S3: the object appears whole or not at all.
      await client.send(
        new PutObjectCommand({
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
      try {
        const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        if (!response.Body) return null
        return {
          body: response.Body as Readable,
          contentType: response.ContentType ?? contentTypeOfKey(key),
          size: response.ContentLength ?? 0,
        }
      } catch (error) {
        if (isNoSuchKey(error)) return null
        throw error
      }
    },

    async delete(key) {
      assertStorageKey(key)
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
    },

    close() {
      client.destroy()
    },
  }
}
