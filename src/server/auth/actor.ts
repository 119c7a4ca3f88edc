import type { Context } from 'hono'
import { eq } from 'drizzle-orm'
import { vendors } from '../db/schema'
import type { Database } from '../db/client'
import type { Env } from '../lib/http'
import type { Actor, RequestActor } from '../lib/scope'
import type { Auth } from './auth'
import { keepLanguage, sentLanguage } from './language'
import { createSessionReader, type SessionReader } from './session-actor'

/** What reading a request's actor needs: the auth library's settings and the database. */
type ActorDeps = { auth: Auth; database: Database }

/** One session reader per auth instance (its cookie name, secret and prepared statement are made once). */
const sessionReaders = new WeakMap<Auth, SessionReader>()

function sessionReaderOf(deps: ActorDeps) {
  let reader = sessionReaders.get(deps.auth)
  if (!reader) {
    reader = createSessionReader(deps.auth, deps.database.db)
    sessionReaders.set(deps.auth, reader)
  }
  return reader
}

/**
 * The signed-in user and their vendor record, read once per request from the session cookie (null when
 * signed out) and kept in `c.var.actor`: every guard and scope below reads it from there. One query in the
 * usual case (auth/session-actor.ts); the auth library's own path when the session is expired or due for
 * its daily extension, since those write.
 */
export async function getActor(c: Context<Env>, deps: ActorDeps): Promise<RequestActor | null> {
  const cached = c.get('actor')
  if (cached !== undefined) return cached
  const headers = c.req.raw.headers
  const lookup = await sessionReaderOf(deps)(headers)
  let actor: RequestActor | null = null
  if (lookup.kind === 'session') {
    const signedIn = await actorOf(deps, lookup.record.user, headers)
    actor = { ...signedIn, vendor: signedIn.role === 'vendor' ? lookup.record.vendor : null }
  } else if (lookup.kind === 'library') {
    actor = await actorThroughLibrary(deps, headers)
  }
  c.set('actor', actor)
  return actor
}

/**
 * Whether the session a request came with still stands (an open event stream asks again after a sign-out or
 * a password reset somewhere, and from time to time): one query, or the library's own reading when the
 * session is expired or due for its daily extension.
 */
export async function isSessionLive(deps: ActorDeps, headers: Headers): Promise<boolean> {
  const lookup = await sessionReaderOf(deps)(headers)
  if (lookup.kind !== 'library') return lookup.kind === 'session'
  return Boolean((await deps.auth.api.getSession({ headers }))?.user)
}

/** The actor as the auth library reads the session (it deletes an expired one, and extends a live one daily). */
async function actorThroughLibrary(deps: ActorDeps, headers: Headers): Promise<RequestActor | null> {
  const session = await deps.auth.api.getSession({ headers })
  if (!session?.user) return null
  const signedIn = await actorOf(deps, session.user, headers)
  const [vendor] =
    signedIn.role === 'vendor'
      ? await deps.database.db
          .select({ id: vendors.id, status: vendors.status })
          .from(vendors)
          .where(eq(vendors.userId, signedIn.userId))
      : []
  return { ...signedIn, vendor: vendor ?? null }
}

/** The auth library's user, with the columns Isoko added to it (auth.ts: additionalFields). */
type SessionUser = {
  id: string
  email: string
  name: string
  emailVerified: boolean
  role?: string
  language?: string | null
}

/**
 * The actor of a session's user (from a session cookie, or a sign-in just made), recording the language the
 * request says its screens show.
 */
export async function actorOf(
  deps: Pick<ActorDeps, 'database'>,
  user: object,
  headers: Headers,
): Promise<Actor> {
  const { id, email, name, emailVerified, role, language } = user as SessionUser
  return {
    userId: id,
    role: role === 'admin' ? 'admin' : 'vendor',
    email,
    fullName: name,
    emailVerified,
    language: await keepLanguage(deps.database.db, id, language, sentLanguage(headers)),
  }
}

/** App-level middleware: resolves the actor before any route runs. */
export const resolveActor = (deps: ActorDeps) => async (c: Context<Env>, next: () => Promise<void>) => {
  await getActor(c, deps)
  await next()
}
