import { z } from 'zod'

/** Every failure the API reports is one of these codes; one table maps them to HTTP statuses. */
export const errorCodes = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  /** The path exists, not with this method: the answer's Allow header lists the methods it has. */
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'RATE_LIMITED',
  'INTERNAL',
  /** The database cannot be reached for now: try again shortly (the answer carries Retry-After). */
  'UNAVAILABLE',
] as const
export type ErrorCode = (typeof errorCodes)[number]

export const errorStatus: Record<ErrorCode, 401 | 403 | 404 | 405 | 409 | 422 | 429 | 500 | 503> = {
  VALIDATION: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
}

/** The wire shape of every error: the browser shows t(messageKey, params); fields map form inputs to keys. */
export const errorBody = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    messageKey: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
})
export type ErrorBody = z.infer<typeof errorBody>
