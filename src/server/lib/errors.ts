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

/**
 * Marks an error raised while opening a database connection (db/client.ts): whatever PostgreSQL or the
 * network said (refused, shutting down, not accepting connections, no such database, a wrong password after a
 * rotation), the request could not reach its data, which is no fault of the request.
 */
const connectFailures = new WeakSet<object>()
export function markConnectFailure<T>(error: T): T {
  if (error && typeof error === 'object') connectFailures.add(error)
  return error
}

/** Socket errors of a database connection that could not be opened or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
/** 57P01 admin shutdown (a terminated backend), 57P02 crash shutdown, 57P03 cannot connect now, 53300 too many connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300'])
/** node-postgres's own words for a connection that dropped or never came (they carry no code). */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/

/**
 * The database cannot be reached (down, restarting, refusing connections, the connection lost mid-query):
 * the request is answered 503 `errors.unavailable`, to be tried again, rather than 500. Looks through the
 * driver's and the ORM's wrappers.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    if (connectFailures.has(current)) return true
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown }
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true
    }
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true
    current = cause
  }
  return false
}
