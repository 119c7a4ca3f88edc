import { Readable } from 'node:stream'
import { z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { limits } from '../../shared/constants'
import { UPLOAD_URL, uploadPurposes, uploadResponse } from '../../shared/schemas/upload'
import { createRouter, refuseOversizeBody, type Env } from '../lib/http'
import { getActor } from '../auth/actor'
import { guard, signedIn } from '../auth/guards'
import type { Deps } from '../deps'
import { creates, errorResponses, fileField, route, sessionOptional } from '../lib/openapi'
import type { FileStorage } from '../storage/storage'
import { contentDisposition, tooLarge } from './file-processing'
import { countUploadAttempt, createUpload, openStoredFile, type UploadContext } from './uploads.service'

const tags = ['Files']

/** The one route with a 10 MB body (app.ts gives every other request 1 MB). */
export const UPLOAD_PATH = UPLOAD_URL

/** Boundaries, part headers and the purpose field around the file; generous, still bounded. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024

/**
 * The upload route's body limit, in place of the 1 MB one every other API request has: a 10 MB file plus
 * its multipart wrapping. Beyond it the body is not read further and the answer is uploads.tooLarge.
 */
export const uploadBodyLimit = bodyLimit({
  maxSize: limits.uploadMaxBytes + MULTIPART_OVERHEAD_BYTES,
  onError: (c) => refuseOversizeBody(c, tooLarge()),
})

const requiredOr = (otherwise: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'errors.required' : otherwise

const uploadForm = z.object({
  purpose: z
    .enum(uploadPurposes, { error: requiredOr('errors.invalidValue') })
    .openapi({ description: 'What the file is for: decides who may read it and which types it accepts' }),
  // One file per request (the screens upload files one by one to show each one's progress).
  file: fileField(
    requiredOr('errors.invalidValue'),
    'JPEG, PNG, WebP or GIF (any purpose) or PDF (gov_id, id_document, business_document), at most 10 MB',
  ),
})

const binary = z.string().openapi({ type: 'string', format: 'binary' })

export function uploadRoutes(deps: Deps, storage: FileStorage) {
  const context: UploadContext = {
    db: deps.database.db,
    storage,
    logger: deps.logger,
    quotaBytes: deps.config.uploadQuotaBytes,
  }

  // Before the form is parsed: a signed-out or rate-limited request costs no parsing or decoding.
  const admitUploader: MiddlewareHandler<Env> = async (c, next) => {
    await countUploadAttempt(deps.database.db, signedIn(c))
    await next()
  }
  return createRouter()
    .openapi(
      route('post', '/api/uploads', {
        tags,
        summary: 'Upload one file (multipart/form-data: purpose, file)',
        description:
          'Any signed-in user. The type is read from the bytes. Images are re-encoded to WebP (upright, no metadata, ' +
          'at most 1280×1280, with a 320 px thumbnail); PDFs are kept as they are. At most 120 uploads per 15 minutes.',
        // Any signed-in user, a rejected vendor too (the screens that explain a rejection still show files).
        middleware: [guard(undefined, { allowRejected: true }), admitUploader] as const,
        request: { body: { content: { 'multipart/form-data': { schema: uploadForm } }, required: true } },
        responses: creates(uploadResponse, 'Stored', 401, 422, 429),
      }),
      async (c) => {
        const actor = signedIn(c)
        const { purpose, file } = c.req.valid('form')
        if (file.size > limits.uploadMaxBytes) throw tooLarge()
        const bytes = Buffer.from(await file.arrayBuffer())
        const name = file instanceof File ? file.name : ''
        return c.json(await createUpload(context, actor, { purpose, bytes, name }), 201)
      },
    )
    .openapi(
      route('get', '/api/files/{id}', {
        tags,
        summary: 'A stored file, or its thumbnail with ?variant=thumb',
        security: sessionOptional,
        description:
          'Logos and product images are public and cached for good (ids never change content). Identity and business ' +
          'documents go only to their owner and to admins; anyone else gets 404, as for an unknown id.',
        request: {
          query: z.object({ variant: z.enum(['thumb'], { error: 'errors.invalidValue' }).optional() }),
        },
        responses: {
          200: {
            content: { 'image/webp': { schema: binary }, 'application/pdf': { schema: binary } },
            description: 'The file',
          },
          ...errorResponses(404, 422),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param')
        const { variant } = c.req.valid('query')
        const actor = await getActor(c, deps)
        const file = await openStoredFile(context, actor, id, variant === 'thumb' ? 'thumb' : 'main')
        c.header('Content-Type', file.contentType)
        c.header('Content-Length', String(file.size))
        c.header('X-Content-Type-Options', 'nosniff')
        c.header('Content-Disposition', contentDisposition(file.name))
        c.header(
          'Cache-Control',
          file.visibility === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store',
        )
        const body = Buffer.isBuffer(file.body)
          ? new Uint8Array(file.body)
          : (Readable.toWeb(file.body) as unknown as ReadableStream<Uint8Array>)
        return c.body(body, 200)
      },
    )
}
