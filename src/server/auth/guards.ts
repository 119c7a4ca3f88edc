import type { Context } from 'hono'
import type { Role } from '../../shared/constants'
import { AppError, vendorNotRegistered } from '../lib/errors'
import type { Env } from '../lib/http'
import { markSessionGuard, routeGroup } from '../lib/openapi'
import type { AdminScope, RequestActor, RequestContext, Scope, VendorScope } from '../lib/scope'

const isChange = (method: string) => method !== 'GET' && method !== 'HEAD'

/** The general words for a signed-out request; a route group may name the specification's own for its changes. */
const SIGNED_OUT = 'errors.unauthenticated'

/**
 * The request's actor (resolved by `resolveActor`); refuses a signed-out request (with `signedOut`, the words
 * of the guard that asks), or one of another role.
 */
export function signedIn(c: Context<Env>, role?: Role, signedOut: string = SIGNED_OUT): RequestActor {
  const actor = c.get('actor')
  if (!actor) throw new AppError('UNAUTHENTICATED', signedOut)
  if (role && actor.role !== role) throw new AppError('FORBIDDEN', 'errors.forbidden')
  return actor
}

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

type GuardOptions = {
  /** A rejected vendor may still make these changes (their messages, their uploads). */
  allowRejected?: boolean
  /**
   * The specification's words for a signed-out change on these routes, where it has its own: an admin acting on
   * the marketplace (admin §5, §8), a profile update and the registration (vendor §5, §7). Reads, and every
   * other route, answer errors.unauthenticated.
   */
  signedOutOnChange?: string
}

/**
 * Route middleware (createRoute's `middleware`): a signed-in user of `role` before validation or anything
 * else looks at the request. A rejected vendor cannot access the platform (specification: vendor status):
 * they may read what the screens need to say so, and change nothing.
 */
export const guard = (role?: Role, options: GuardOptions = {}) =>
  markSessionGuard(async (c: Context<Env>, next: () => Promise<void>) => {
    const isChanging = isChange(c.req.method)
    const actor = signedIn(c, role, (isChanging && options.signedOutOnChange) || SIGNED_OUT)
    if (isChanging && actor.vendor?.status === 'rejected' && !options.allowRejected)
      throw new AppError('FORBIDDEN', 'vendor.accountRejected')
    await next()
  })

export const vendorOnly = guard('vendor')
export const adminOnly = guard('admin', { signedOutOnChange: 'errors.mustBeLoggedIn' })
export const anySignedIn = guard()

/**
 * A signed-in vendor's routes under `tag`: 401 signed out, 403 another role (or a rejected vendor changing
 * something), 404 vendor.notRegistered before the shop exists.
 */
export const vendorRouteGroup = (tag: string, options: Pick<GuardOptions, 'signedOutOnChange'> = {}) =>
  routeGroup({
    middleware: options.signedOutOnChange ? guard('vendor', options) : vendorOnly,
    tags: [tag],
    errors: [401, 403, 404],
    scope: vendorScope,
  })

/** A signed-in admin's routes under `tag`: 401 signed out, 403 another role. */
export const adminRouteGroup = (tag: string) =>
  routeGroup({ middleware: adminOnly, tags: [tag], errors: [401, 403], scope: adminScope })
