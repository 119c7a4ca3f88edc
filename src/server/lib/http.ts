import { OpenAPIHono, type Hook } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { errorStatus, type ErrorBody } from '../../shared/errors'
import type { Role } from '../../shared/constants'
import type { Auth } from '../auth/auth'
import type { Config } from '../config'
import type { Database } from '../db/client'
import type { Logger } from './logger'
import type { Mailer } from '../mail/mail.service'
import { AppError } from './errors'

export type Deps = { config: Config; database: Database; auth: Auth; mailer: Mailer; logger: Logger }

export type Actor = { userId: string; role: Role; email: string; fullName: string; emailVerified: boolean }

export type Env = { Variables: { requestId: string; logger: Logger; actor?: Actor | null } }

export const errorJson = (error: AppError): ErrorBody => ({
  error: {
    code: error.code,
    messageKey: error.messageKey,
    ...(error.params ? { params: error.params } : {}),
    ...(error.fields ? { fields: error.fields } : {}),
  },
})

export const respondError = (c: Context, error: AppError) => c.json(errorJson(error), errorStatus[error.code])

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

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** The signed-in user, read once per request from the session cookie (null when signed out). */
export async function getActor(c: Context<Env>, auth: Auth): Promise<Actor | null> {
  const cached = c.get('actor')
  if (cached !== undefined) return cached
  const session = await auth.api.getSession({ headers: c.req.raw.headers })
  const user = session?.user as (typeof session extends null ? never : { role?: string }) & {
    id: string
    email: string
    name: string
    emailVerified: boolean
  }
  const actor: Actor | null = user
    ? {
        userId: user.id,
        role: user.role === 'admin' ? 'admin' : 'vendor',
        email: user.email,
        fullName: user.name,
        emailVerified: user.emailVerified,
      }
    : null
  c.set('actor', actor)
  return actor
}

export async function requireActor(c: Context<Env>, auth: Auth, role?: Role): Promise<Actor> {
  const actor = await getActor(c, auth)
  if (!actor) throw new AppError('UNAUTHENTICATED', 'errors.unauthenticated')
  if (role && actor.role !== role) throw new AppError('FORBIDDEN', 'errors.forbidden')
  return actor
}

/** Copies the session cookie(s) the auth library set onto our own response. */
export function forwardCookies(c: Context, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true })
}

/**
 * A router whose every route first requires a signed-in user (of `role`, when given), before validation or
 * anything else looks at the request.
 */
export function createGuardedRouter(auth: Auth, role?: Role) {
  const router = createRouter()
  router.use('*', async (c, next) => {
    await requireActor(c, auth, role)
    await next()
  })
  return router
}

/** The scope a service receives: the signed-in user, never an id taken from the request. */
export async function actorScope(c: Context<Env>, auth: Auth, role?: Role) {
  return { userId: (await requireActor(c, auth, role)).userId }
}
