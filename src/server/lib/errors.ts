import type { ErrorCode } from '../../shared/errors'

/** A failure the user is told about: a code (→ HTTP status) and the i18n key of the message. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly params?: Record<string, string | number>,
    readonly fields?: Record<string, string>,
  ) {
    super(messageKey)
    this.name = 'AppError'
  }
}

type PgLikeError = { code?: string; constraint?: string; cause?: unknown }

/** The PostgreSQL error underneath a driver or ORM wrapper, if any. */
export function pgError(error: unknown): PgLikeError | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as PgLikeError
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate
    current = candidate.cause
  }
  return undefined
}

export const isUniqueViolation = (error: unknown, constraint?: string) => {
  const pg = pgError(error)
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint)
}

/** 22021 invalid byte sequence, 22P05 untranslatable character (U+0000 in text, for one). */
export const isUnstorableText = (error: unknown) => ['22021', '22P05'].includes(pgError(error)?.code ?? '')

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids are UUIDs; anything else in a request is simply not found, never a database error. */
export const isUuid = (value: string) => UUID.test(value)

/** Outside the caller's scope or absent: the same answer, so ids do not leak. */
export const notFound = () => new AppError('NOT_FOUND', 'errors.notFound')

/** A signed-in user without a vendor record. */
export const vendorNotRegistered = () => new AppError('NOT_FOUND', 'vendor.notRegistered')
