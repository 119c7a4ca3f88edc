import { OpenAPIHono, type Hook } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { errorStatus, type ErrorBody } from '../../shared/errors'
import {
  languageHeader,
  languages,
  type Language,
  type Role,
  type VendorStatus,
} from '../../shared/constants'
import { eq } from 'drizzle-orm'
import { users, vendors } from '../db/schema'
import type { Auth } from '../auth/auth'
import { createSessionReader, type SessionReader } from '../auth/session-actor'
import type { Config } from '../config'
import type { Database } from '../db/client'
import type { Logger } from './logger'
import type { Mailer } from '../mail/mail.service'
import { clientAddress, type TrustProxy } from './client-ip'
import { AppError, vendorNotRegistered } from './errors'
import type { AdminScope, RequestContext, Scope, VendorScope } from './scope'

export type Deps = { config: Config; database: Database; auth: Auth; mailer: Mailer; logger: Logger }

export type Actor = {
  userId: string
  role: Role
  email: string
  fullName: string
  emailVerified: boolean
  /** The interface language the user last used (mail to them is written in it); null before any. */
  language: Language | null
}

/** The signed-in user of a request, with their vendor record when they have one. */
export type RequestActor = Actor & { vendor: { id: string; status: VendorStatus } | null }

export type Env = {
  Variables: { requestId: string; logger: Logger; clientIp: string; actor?: RequestActor | null }
}

export const errorJson = (error: AppError): ErrorBody => ({
  error: {
    code: error.code,
    messageKey: error.messageKey,
    ...(error.params ? { params: error.params } : {}),
    ...(error.fields ? { fields: error.fields } : {}),
  },
})

export const respondError = (c: Context, error: AppError) => c.json(errorJson(error), errorStatus[error.code])

/**
 * The answer to a body refused for its size. The rest of that body is never read, so the connection cannot
 * carry another request: say so (`Connection: close`) rather than promise keep-alive and then drop the
 * socket under the browser's next request.
 */
export function refuseOversizeBody(c: Context, error: AppError) {
  c.header('Connection', 'close')
  return respondError(c, error)
}

/** A zod message that is an i18n key (`area.key`) is passed on; anything else becomes the generic one. */
const asMessageKey = (message: string) =>
  /^[a-zA-Z]+(\.[a-zA-Z0-9]+)+$/.test(message) ? message : 'errors.invalidValue'

/** Request validation failures answer 422 with a message key per field, in the one error shape. */
export const validationHook: Hook<unknown, Env, string, unknown> = (result, c) => {
  if (result.success) return
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_'
    fields[key] ??= asMessageKey(issue.message)
  }
  const first = Object.values(fields)[0] ?? 'errors.validation'
  return respondError(c, new AppError('VALIDATION', first, undefined, fields))
}

export const createRouter = () => new OpenAPIHono<Env>({ defaultHook: validationHook })

/** The client's address, for per-address limits: see `clientAddress` for how proxies are believed. */
export function clientIp(c: Context, trust: TrustProxy): string {
  let peer = 'unknown'
  try {
    peer = getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // Not a Node socket (an in-process request): the forwarded chain alone decides.
  }
  return clientAddress(peer, c.req.header('x-forwarded-for'), trust)
}

/** One session reader per auth instance (its cookie name, secret and prepared statement are made once). */
const sessionReaders = new WeakMap<Auth, SessionReader>()

function sessionReaderOf(deps: Pick<Deps, 'auth' | 'database'>) {
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
export async function getActor(
  c: Context<Env>,
  deps: Pick<Deps, 'auth' | 'database'>,
): Promise<RequestActor | null> {
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

/** The actor as the auth library reads the session (it deletes an expired one, and extends a live one daily). */
async function actorThroughLibrary(
  deps: Pick<Deps, 'auth' | 'database'>,
  headers: Headers,
): Promise<RequestActor | null> {
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
export async function actorOf(deps: Pick<Deps, 'database'>, user: object, headers: Headers): Promise<Actor> {
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

const isLanguage = (value: unknown): value is Language => languages.includes(value as Language)

/** The language the screens said they show (null when the header is missing or not one of ours). */
export const sentLanguage = (headers: Headers): Language | null => {
  const sent = headers.get(languageHeader)
  return isLanguage(sent) ? sent : null
}

/**
 * The screens send the language they show in a header on every call; when it differs from the one on
 * record, the record follows (one write, on the first call after a switch), so mail about a decision
 * reaches the vendor in the language they last used. A request without the header changes nothing.
 */
export async function keepLanguage(
  db: Deps['database']['db'],
  userId: string,
  stored: string | null | undefined,
  sent: Language | null,
): Promise<Language | null> {
  const current = isLanguage(stored) ? stored : null
  if (!sent || sent === current) return current
  await db.update(users).set({ language: sent }).where(eq(users.id, userId))
  return sent
}

/** App-level middleware: resolves the actor before any route runs. */
export const resolveActor =
  (deps: Pick<Deps, 'auth' | 'database'>) => async (c: Context<Env>, next: () => Promise<void>) => {
    await getActor(c, deps)
    await next()
  }

/** The request's actor (resolved by `resolveActor`); refuses a signed-out request, or one of another role. */
export function signedIn(c: Context<Env>, role?: Role): RequestActor {
  const actor = c.get('actor')
  if (!actor) throw new AppError('UNAUTHENTICATED', 'errors.unauthenticated')
  if (role && actor.role !== role) throw new AppError('FORBIDDEN', 'errors.forbidden')
  return actor
}

/** A signed-in vendor with a vendor record, as the scope their services take. */
/** The request an action came from, for its audit entry. */
export const requestContext = (c: Context<Env>): RequestContext => ({
  requestId: c.get('requestId'),
  ip: c.get('clientIp') ?? 'unknown',
  userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
})

export function vendorScope(c: Context<Env>): VendorScope {
  const actor = signedIn(c, 'vendor')
  if (!actor.vendor) throw vendorNotRegistered()
  return {
    role: 'vendor',
    userId: actor.userId,
    vendorId: actor.vendor.id,
    vendorStatus: actor.vendor.status,
    request: requestContext(c),
  }
}

export function adminScope(c: Context<Env>): AdminScope {
  return { role: 'admin', userId: signedIn(c, 'admin').userId, request: requestContext(c) }
}

/** Either scope: a vendor's own shop, or an admin's view of every shop. */
export const requestScope = (c: Context<Env>): Scope =>
  signedIn(c).role === 'admin' ? adminScope(c) : vendorScope(c)

/** The guards made by `guard`: a route using one needs the session cookie, and its OpenAPI entry says so. */
const sessionGuards = new WeakSet<object>()

/** Whether `middleware` is one of the guards `guard` makes (lib/openapi.ts documents the route's security). */
export const isSessionGuard = (middleware: unknown) =>
  typeof middleware === 'function' && sessionGuards.has(middleware)

/**
 * Route middleware (createRoute's `middleware`): a signed-in user of `role` before validation or anything
 * else looks at the request. A rejected vendor cannot access the platform (specification: vendor status):
 * they may read what the screens need to say so, and change nothing.
 */
export const guard = (role?: Role, options: { allowRejected?: boolean } = {}) => {
  const middleware = async (c: Context<Env>, next: () => Promise<void>) => {
    const actor = signedIn(c, role)
    const isChange = c.req.method !== 'GET' && c.req.method !== 'HEAD'
    if (isChange && actor.vendor?.status === 'rejected' && !options.allowRejected)
      throw new AppError('FORBIDDEN', 'vendor.accountRejected')
    await next()
  }
  sessionGuards.add(middleware)
  return middleware
}

export const vendorOnly = guard('vendor')
export const adminOnly = guard('admin')
export const anySignedIn = guard()

/** Copies the session cookie(s) the auth library set onto our own response. */
export function forwardCookies(c: Context, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true })
}
