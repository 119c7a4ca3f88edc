/**
 * Marks an error raised while opening a database connection (client.ts): whatever PostgreSQL or the
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
