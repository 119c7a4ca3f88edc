import { hc, type ClientResponse } from 'hono/client'
// Types only (erased at build time): the browser's calls are checked against the server's own routes.
import type { AppType } from '../../server/app'
import type { ErrorBody } from '../../shared/errors'
import { languageHeader } from '../../shared/language'
import { i18next, startLanguage } from '../i18n'

/** A failed API call: the screen shows t(messageKey, params); fields maps form inputs to message keys. */
export class ApiError extends Error {
  readonly code: ErrorBody['error']['code'] | 'NETWORK'
  readonly messageKey: string
  readonly params?: Record<string, string | number>
  readonly fields?: Record<string, string>
  constructor(
    readonly status: number,
    body: ErrorBody['error'] | { code: 'NETWORK'; messageKey: string },
  ) {
    super(body.messageKey)
    this.code = body.code
    this.messageKey = body.messageKey
    if ('params' in body) this.params = body.params
    if ('fields' in body) this.fields = body.fields
  }
}

/**
 * The whole API, typed from the server's route table (docs/decisions/005): `api.api.vendor.products.$get(…)`.
 * No URL is written by hand in a screen or hook, and a changed request or response shape fails the type check.
 */
export const api = hc<AppType>('/', {
  init: { credentials: 'same-origin' },
  // The language on screen goes with every call: the server writes the user's mail in the one they last used.
  headers: () => ({
    accept: 'application/json',
    // (The session question goes out at start-up, before i18next has settled on the language.)
    [languageHeader]: i18next.resolvedLanguage ?? i18next.language ?? startLanguage(),
  }),
}).api

/** The body of a route's successful (2xx) answer. */
type Success<R> =
  R extends ClientResponse<infer Body, infer Status, string>
    ? Status extends 200 | 201
      ? Body
      : never
    : never

/** Per-call options for a typed request: pass `signal` from TanStack Query so a left screen cancels its fetch. */
export const withSignal = (signal?: AbortSignal) => ({
  init: { signal, credentials: 'same-origin' as const },
})

/**
 * Sends a typed request and returns its success body; a failure becomes an ApiError carrying the server's
 * message key (or errors.network / errors.internal when there is no readable answer).
 */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<Success<R>> {
  let response: R
  try {
    response = await request
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, { code: 'NETWORK', messageKey: 'errors.network' })
  }
  const text = await response.text()
  const data: unknown = text ? safeJson(text) : undefined
  if (response.ok) return data as Success<R>
  // The error shape's schema (and zod with it) loads with the first failed call, not with the first screen.
  let errorBody: typeof import('../../shared/errors').errorBody
  try {
    ;({ errorBody } = await import('../../shared/errors'))
  } catch {
    throw new ApiError(0, { code: 'NETWORK', messageKey: 'errors.network' })
  }
  const parsed = errorBody.safeParse(data)
  if (parsed.success) throw new ApiError(response.status, parsed.data.error)
  throw new ApiError(response.status, { code: 'INTERNAL', messageKey: 'errors.internal' })
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A JSON POST to an endpoint outside Isoko's route table (the auth library's Google redirect start). */
export function postJson<T>(url: `/api/${string}`, body: unknown): Promise<T> {
  return call(
    fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    }) as Promise<ClientResponse<T, 200, 'json'>>,
  ) as Promise<T>
}
