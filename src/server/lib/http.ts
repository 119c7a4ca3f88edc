import { OpenAPIHono, type Hook } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { errorStatus, type ErrorBody } from '../../shared/errors'
import type { TrustProxy } from '../config'
import type { Logger } from './logger'
import { clientAddress } from './client-ip'
import { AppError } from './errors'
import type { RequestActor } from './scope'

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

/** Copies the session cookie(s) the auth library set onto our own response. */
export function forwardCookies(c: Context, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true })
}

/**
 * Refuses a request another site made the browser send (`Sec-Fetch-Site: cross-site` or `same-site`), for the
 * GETs that write (an export records itself in the audit log): a link elsewhere must not make a signed-in
 * admin's browser write an entry holding the linking site's text. The app's own downloads say `same-origin`;
 * a typed address or a bookmark says `none`; a client without fetch metadata is not a browser led astray.
 */
export const sameSiteOnly = async (c: Context, next: () => Promise<void>) => {
  const site = c.req.header('sec-fetch-site')
  if (site === 'cross-site' || site === 'same-site')
    return respondError(c, new AppError('FORBIDDEN', 'errors.forbidden'))
  await next()
}
