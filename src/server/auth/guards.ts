import type { Context } from 'hono'
import type { Role } from '../../shared/constants'
import { AppError, vendorNotRegistered } from '../lib/errors'
import type { Env } from '../lib/http'
import { markSessionGuard, routeGroup } from '../lib/openapi'
import type { AdminScope, RequestActor, RequestContext, Scope, VendorScope } from '../lib/scope'

const isChange = (method: string) => method !== 'GET' && method !== 'HEAD'

/**
 * The specification's words for a signed-out request where it gives them: an admin acting on the marketplace
 * (admin §5, §8), a profile update and the registration (vendor §5, §7); every other request reads the general
 * errors.unauthenticated.
 */
function signedOutMessage(c: Context<Env>): string {
  const { method, path } = c.req
  if (isChange(method) && path.startsWith('/api/admin/')) return 'errors.mustBeLoggedIn'
  if (isChange(method) && /^\/api\/vendor\/profile(\/|$)/.test(path)) return 'errors.noUserLoggedIn'
  if (method === 'POST' && path === '/api/vendor/registration') return 'errors.userNotAuthenticated'
  return 'errors.unauthenticated'
}

/** The request's actor (resolved by `resolveActor`); refuses a signed-out request, or one of another role. */
export function signedIn(c: Context<Env>, role?: Role): RequestActor {
  const actor = c.get('actor')
  if (!actor) throw new AppError('UNAUTHENTICATED', signedOutMessage(c))
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

/**
 * Route middleware (createRoute's `middleware`): a signed-in user of `role` before validation or anything
 * else looks at the request. A rejected vendor cannot access the platform (specification: vendor status):
 * they may read what the screens need to say so, and change nothing.
 */
export const guard = (role?: Role, options: { allowRejected?: boolean } = {}) =>
  markSessionGuard(async (c: Context<Env>, next: () => Promise<void>) => {
    const actor = signedIn(c, role)
    if (isChange(c.req.method) && actor.vendor?.status === 'rejected' && !options.allowRejected)
      throw new AppError('FORBIDDEN', 'vendor.accountRejected')
    await next()
  })

export const vendorOnly = guard('vendor')
export const adminOnly = guard('admin')
export const anySignedIn = guard()

/**
 * A signed-in vendor's routes under `tag`: 401 signed out, 403 another role (or a rejected vendor changing
 * something), 404 vendor.notRegistered before the shop exists.
 */
export const vendorRouteGroup = (tag: string) =>
  routeGroup({ middleware: vendorOnly, tags: [tag], errors: [401, 403, 404], scope: vendorScope })

/** A signed-in admin's routes under `tag`: 401 signed out, 403 another role. */
export const adminRouteGroup = (tag: string) =>
  routeGroup({ middleware: adminOnly, tags: [tag], errors: [401, 403], scope: adminScope })
