import { z } from '@hono/zod-openapi'
import { errorBody } from '../../shared/errors'

/** Response entries shared by every route's OpenAPI description. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
})

export const errorResponses = (...statuses: (401 | 403 | 404 | 409 | 422 | 429)[]) =>
  Object.fromEntries(
    statuses.map((status) => [status, jsonContent(errorBody, 'Error (see the error model)')]),
  )

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
})

/** `/{id}` in a route's path: any string (a malformed id is simply not found, 404, never a 500). */
export const idParam = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
})
