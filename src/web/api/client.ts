import { errorBody, type ErrorBody } from '../../shared/errors'

/** A failed API call: the screen shows t(messageKey, params); fields maps form inputs to message keys. */
export class ApiError extends Error {
  readonly code: ErrorBody['error']['code'] | 'NETWORK'
  readonly messageKey: string
  readonly params?: Record<string, string | number>
  readonly fields?: Record<string, string>
  constructor(readonly status: number, body: ErrorBody['error'] | { code: 'NETWORK'; messageKey: string }) {
    super(body.messageKey)
    this.code = body.code
    this.messageKey = body.messageKey
    if ('params' in body) this.params = body.params
    if ('fields' in body) this.fields = body.fields
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** The one way the browser talks to the server: JSON in, JSON out, cookies along, errors as ApiError. */
export async function api<T>(method: Method, path: `/${string}`, body?: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, { code: 'NETWORK', messageKey: 'errors.network' })
  }
  const text = await response.text()
  const data: unknown = text ? safeJson(text) : undefined
  if (response.ok) return data as T
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
