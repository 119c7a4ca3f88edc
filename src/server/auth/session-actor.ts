import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { sessions, users, vendors } from '../db/schema'
import { ownerOfShop } from '../db/joins'
import type { Auth } from './auth'

/** What a session cookie stands for: its user and, for a vendor, the vendor record. */
export type SessionRecord = {
  expiresAt: Date
  user: {
    id: string
    email: string
    name: string
    emailVerified: boolean
    role: string
    language: string | null
  }
  vendor: { id: string; status: (typeof vendors.$inferSelect)['status'] } | null
}

/**
 * - `none`: no valid session: no cookie, a forged or damaged one, or a token the database does not hold
 *   (signed out, revoked by a password reset, deleted).
 * - `session`: a live session that needs nothing written.
 * - `library`: the auth library must handle this one (an expired session it deletes, or a session due for
 *   its daily extension), with its own reads and writes.
 */
export type SessionLookup =
  { kind: 'none' } | { kind: 'session'; record: SessionRecord } | { kind: 'library' }

/** The value of the first cookie named `name` in a Cookie header (as the auth library reads it), or null. */
export function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const equals = part.indexOf('=')
    if (equals < 0 || part.slice(0, equals).trim() !== name) continue
    let value = part.slice(equals + 1).trim()
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1)
    try {
      return value.includes('%') ? decodeURIComponent(value) : value
    } catch {
      return value
    }
  }
  return null
}

const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/

/**
 * The session token of a signed cookie value (`token.signature`, HMAC-SHA256 with the auth secret, base64: the
 * auth library's format), or null when the signature does not match. Compared in constant time.
 */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.')
  if (dot < 1) return null
  const token = value.slice(0, dot)
  const signature = value.slice(dot + 1)
  if (!SIGNATURE.test(signature)) return null
  const expected = createHmac('sha256', secret).update(token, 'utf8').digest()
  const given = Buffer.from(signature, 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null
}

/**
 * Reads the signed-in user of a request in one database round trip: the session cookie's signature is
 * checked here, then the session, its user and their vendor record come from one joined query. Everything
 * the auth library would refuse is refused here too (a bad signature, an unknown or deleted session, an
 * expired one); what it would write (deleting an expired session, extending a session once a day) is left
 * to it, so a session lives and ends exactly as the library decides.
 */
export function createSessionReader(auth: Pick<Auth, 'session'>, db: Db) {
  // The library's own settings (auth.ts), read without loading it.
  const { cookieName, secret, expiresInMs, updateAgeMs } = auth.session
  // One statement, prepared once per connection (PostgreSQL plans it once).
  const query = db
    .select({
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      name: users.fullName,
      emailVerified: users.emailVerified,
      role: users.role,
      language: users.language,
      vendorId: vendors.id,
      vendorStatus: vendors.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(vendors, ownerOfShop)
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('isoko_session_actor')

  return async function readSession(headers: Headers): Promise<SessionLookup> {
    const value = cookieValue(headers.get('cookie'), cookieName)
    if (!value) return { kind: 'none' }
    const token = verifiedToken(value, secret)
    if (!token) return { kind: 'none' }
    const [row] = await query.execute({ token })
    if (!row) return { kind: 'none' }
    const now = Date.now()
    const expiresAt = row.expiresAt.getTime()
    // Expired (the library deletes it), or due for the daily extension (the library moves its expiry on).
    if (expiresAt < now || expiresAt - expiresInMs + updateAgeMs <= now) return { kind: 'library' }
    return {
      kind: 'session',
      record: {
        expiresAt: row.expiresAt,
        user: {
          id: row.userId,
          email: row.email,
          name: row.name,
          emailVerified: row.emailVerified,
          role: row.role,
          language: row.language,
        },
        vendor: row.vendorId && row.vendorStatus ? { id: row.vendorId, status: row.vendorStatus } : null,
      },
    }
  }
}

export type SessionReader = ReturnType<typeof createSessionReader>
