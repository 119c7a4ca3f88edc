import { z } from 'zod'
import {
  ProviderProtocolError,
  ProviderUnavailableError,
  type CollectionProvider,
  type FailureReason,
  type IncomingCallback,
  type PayoutProvider,
  type SendOutcome,
  type TransferRequest,
  type TransferState,
} from '../provider'

/**
 * MTN Mobile Money Open API: Disbursement (payouts to vendors) and Collection (requests to pay), as one thin
 * client over `fetch`.
 *
 * - Each product has its own subscription key and its own OAuth token (`POST /{product}/token/`, Basic auth with
 *   the API user's UUID and key). A token is cached per product until shortly before it expires; a 401 on a call
 *   fetches one fresh token and retries once (the gateway refused the call, so repeating it under the same
 *   X-Reference-Id cannot send it twice).
 * - Our reference is the X-Reference-Id (MTN's idempotency key: a second POST under it answers 409) and also the
 *   externalId, which MTN echoes in its callbacks: they carry no X-Reference-Id.
 * - MTN's callbacks are unsigned. Anyone can PUT one, so `callbackReference` only says which reference a
 *   well-formed callback names; the caller confirms it with `status`/`collectionStatus` before changing anything.
 * - No message this client throws carries the API key, the Basic credentials or a token.
 */

export type MtnConfig = {
  /** `https://sandbox.momodeveloper.mtn.com`, `https://proxy.momoapi.mtn.com`, or a fake's url. */
  baseUrl: string
  /** The API user's UUID. */
  apiUser: string
  apiKey: string
  disbursementSubscriptionKey: string
  collectionSubscriptionKey: string
  /** X-Target-Environment: `sandbox`, `mtnrwanda`… */
  targetEnvironment: string
  /** ISO 4217; the sandbox only takes EUR. Default RWF. */
  currency?: string
  /** Sent as X-Callback-Url on every transfer and request to pay when set. */
  callbackUrl?: string
  /** Per HTTP request, token requests included. Default 8 000 ms. */
  timeoutMs?: number
  fetch?: typeof fetch
}

type Product = 'disbursement' | 'collection'

const defaultTimeoutMs = 8_000
/** MTN rejects a payerMessage or payeeNote over 160 characters. */
const maxNoteLength = 160

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().int().positive(),
})

/** MTN's reason on a FAILED transfer: a code, or (in its older schema) an object holding one. */
const reasonField = z
  .union([z.string(), z.object({ code: z.string(), message: z.string().optional() })])
  .optional()
  .nullable()

const transferStatusAnswer = z.object({
  status: z.enum(['PENDING', 'SUCCESSFUL', 'FAILED']),
  financialTransactionId: z.union([z.string(), z.number()]).optional().nullable(),
  reason: reasonField,
})

const balanceAnswer = z.object({
  availableBalance: z.string().regex(/^-?\d+(\.\d+)?$/),
  currency: z.string(),
})

const activeAnswer = z.object({ result: z.boolean() })

const basicUserInfoAnswer = z.object({
  given_name: z.string().optional().nullable(),
  family_name: z.string().optional().nullable(),
  name: z.string().optional().nullable(),
})

/** MTN's error body: `{ code, message }` from the API, `{ statusCode, message }` from its gateway. */
const errorAnswer = z.object({
  code: z.union([z.string(), z.number()]).optional(),
  message: z.string().optional(),
  error: z.string().optional(),
})

/** What a callback must look like for us to act on it (and then only by asking for the status). */
const callbackBody = z.object({
  externalId: z.uuid(),
  status: z.enum(['PENDING', 'SUCCESSFUL', 'FAILED']),
})

/**
 * MTN's 5xx codes that are our configuration, not an outage: waiting will not cure them. Nothing was created
 * (MTN refuses these before it records the transfer).
 */
const configurationCodes = new Set([
  'NOT_ALLOWED_TARGET_ENVIRONMENT',
  'NOT_ALLOWED',
  'INVALID_CALLBACK_URL_HOST',
  'INVALID_CURRENCY',
])

/** MTN's failure reasons (Disbursement and Collection) in our words. */
const reasonMap: Record<string, FailureReason> = {
  PAYEE_NOT_FOUND: 'payee_not_found',
  PAYER_NOT_FOUND: 'payer_not_found',
  PAYEE_NOT_ALLOWED_TO_RECEIVE: 'not_allowed_to_receive',
  NOT_ALLOWED: 'not_allowed_to_receive',
  NOT_ENOUGH_FUNDS: 'not_enough_funds',
  APPROVAL_REJECTED: 'rejected_by_payer',
  PAYER_LIMIT_REACHED: 'limit_reached',
  PAYEE_LIMIT_REACHED: 'limit_reached',
  EXPIRED: 'expired',
  /** MTN: "predominantly a delay to approve the transaction within the given time frame (5 minutes)". */
  COULD_NOT_PERFORM_TRANSACTION: 'expired',
  INTERNAL_PROCESSING_ERROR: 'internal_error',
  SERVICE_UNAVAILABLE: 'internal_error',
}

export function mtnFailureReason(code: string): FailureReason {
  return reasonMap[code.toUpperCase()] ?? 'other'
}

type MtnResponse = { status: number; body: unknown }

export function createMtnClient(config: MtnConfig): PayoutProvider & CollectionProvider {
  const baseUrl = config.baseUrl.replace(/\/+$/, '')
  const currency = config.currency ?? 'RWF'
  const timeoutMs = config.timeoutMs ?? defaultTimeoutMs
  const fetchFn = config.fetch ?? fetch
  const subscriptionKeys: Record<Product, string> = {
    disbursement: config.disbursementSubscriptionKey,
    collection: config.collectionSubscriptionKey,
  }
  const tokens = new Map<Product, Promise<{ value: string; renewAt: number }>>()

  /** One HTTP exchange; every way of not getting an answer becomes ProviderUnavailableError. */
  async function exchange(
    product: Product,
    what: string,
    path: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ): Promise<MtnResponse> {
    let response: Response
    let text: string
    try {
      response = await fetchFn(`${baseUrl}${path}`, {
        ...init,
        headers: { 'Ocp-Apim-Subscription-Key': subscriptionKeys[product], ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      })
      text = await response.text()
    } catch (error) {
      const isTimeout =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
      // The cause is fetch's own error (a timeout, a refused connection): it names the host, never our headers.
      throw new ProviderUnavailableError(
        'mtn',
        isTimeout
          ? `MTN ${product}: ${what} had no answer within ${timeoutMs} ms`
          : `MTN ${product}: ${what} could not reach MTN (${error instanceof Error ? error.message : 'network error'})`,
        { cause: error },
      )
    }
    let body: unknown = null
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text)
      } catch {
        body = null
      }
    }
    return { status: response.status, body }
  }

  /** MTN's code for an error answer, for messages: short, and from its own fields only. */
  function errorCode(response: MtnResponse): string {
    const parsed = errorAnswer.safeParse(response.body)
    const code = parsed.success ? (parsed.data.code ?? parsed.data.error) : undefined
    return code === undefined
      ? `HTTP ${response.status}`
      : `HTTP ${response.status} ${String(code).slice(0, 60)}`
  }

  function protocol(product: Product, what: string, detail: string): ProviderProtocolError {
    return new ProviderProtocolError('mtn', `MTN ${product}: ${what} ${detail}`)
  }

  /**
   * An answer other than the one expected: a 5xx is an outage (nothing is known, ask again later), unless its
   * code names our configuration; anything else is a request our code or configuration must change.
   */
  function refusal(product: Product, what: string, response: MtnResponse): Error {
    const code = errorAnswer.safeParse(response.body).data?.code
    const isConfiguration = typeof code === 'string' && configurationCodes.has(code)
    if (response.status >= 500 && !isConfiguration) {
      return new ProviderUnavailableError('mtn', `MTN ${product}: ${what} answered ${errorCode(response)}`)
    }
    return protocol(product, what, `answered ${errorCode(response)}`)
  }

  /** The body of a 200, in the schema's shape. */
  function answer<T>(product: Product, what: string, response: MtnResponse, schema: z.ZodType<T>): T {
    if (response.status !== 200) throw refusal(product, what, response)
    const parsed = schema.safeParse(response.body)
    if (!parsed.success) throw protocol(product, what, 'answered 200 in an unexpected shape')
    return parsed.data
  }

  async function requestToken(product: Product): Promise<{ value: string; renewAt: number }> {
    const basic = Buffer.from(`${config.apiUser}:${config.apiKey}`).toString('base64')
    const startedAt = Date.now()
    const response = await exchange(product, 'the token request', `/${product}/token/`, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}` },
    })
    const loginFailed = errorAnswer.safeParse(response.body).data?.error === 'login_failed'
    // MTN's sandbox has answered a wrong API key with a 500 {"error":"login_failed"}: that is no outage.
    if (response.status === 401 || response.status === 403 || loginFailed) {
      throw protocol(
        product,
        'the token request',
        `was refused (${errorCode(response)}): check the API user, its key and the subscription key`,
      )
    }
    const token = answer(product, 'the token request', response, tokenAnswer)
    const lifetimeMs = token.expires_in * 1000
    // Renew a little before MTN's expiry, so a call never sets out with a token that dies on the way.
    const marginMs = Math.min(60_000, lifetimeMs / 10)
    return { value: token.access_token, renewAt: startedAt + lifetimeMs - marginMs }
  }

  /** The product's cached token, or a new one; concurrent callers share one token request. */
  async function accessToken(product: Product): Promise<string> {
    const cached = tokens.get(product)
    if (cached) {
      const token = await cached.catch(() => null)
      if (token && Date.now() < token.renewAt) return token.value
      if (tokens.get(product) !== cached) return accessToken(product)
    }
    const pending = requestToken(product)
    tokens.set(product, pending)
    pending.catch(() => {
      if (tokens.get(product) === pending) tokens.delete(product)
    })
    return (await pending).value
  }

  /** A call under the product's token: a 401 gets one fresh token and one retry. */
  async function call(
    product: Product,
    what: string,
    path: string,
    init: { method: string; headers?: Record<string, string>; body?: string },
  ): Promise<MtnResponse> {
    for (let attempt = 1; ; attempt++) {
      const token = await accessToken(product)
      const response = await exchange(product, what, path, {
        method: init.method,
        body: init.body,
        headers: {
          Authorization: `Bearer ${token}`,
          'X-Target-Environment': config.targetEnvironment,
          ...init.headers,
        },
      })
      if (response.status !== 401) return response
      if (attempt === 2) {
        throw protocol(product, what, `was refused twice with a fresh token (${errorCode(response)})`)
      }
      const cached = tokens.get(product)
      if (cached && (await cached.catch(() => null))?.value === token) tokens.delete(product)
    }
  }

  /** The answer to a POST that creates a transfer or a request to pay. */
  function sendOutcome(product: Product, what: string, response: MtnResponse): SendOutcome {
    if (response.status === 202) return { outcome: 'accepted' }
    if (response.status === 409) return { outcome: 'duplicate' }
    if (response.status === 400) {
      // A malformed request: MTN refused it before recording anything.
      const parsed = errorAnswer.safeParse(response.body)
      const message = parsed.success
        ? [parsed.data.code, parsed.data.message].filter((part) => part !== undefined).join(': ')
        : ''
      return { outcome: 'rejected', reason: 'other', providerMessage: message.slice(0, 200) || 'HTTP 400' }
    }
    throw refusal(product, what, response)
  }

  async function create(
    product: Product,
    path: string,
    party: 'payee' | 'payer',
    transfer: TransferRequest,
  ): Promise<SendOutcome> {
    if (!Number.isSafeInteger(transfer.amount) || transfer.amount <= 0) {
      throw new RangeError(`An MTN amount is a positive whole number of francs, not ${transfer.amount}`)
    }
    const note = mtnNote(transfer.note)
    const what = `POST ${path}`
    const response = await call(product, what, `/${product}/v1_0/${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Reference-Id': transfer.reference,
        ...(config.callbackUrl ? { 'X-Callback-Url': config.callbackUrl } : {}),
      },
      body: JSON.stringify({
        amount: String(transfer.amount),
        currency,
        externalId: transfer.reference,
        [party]: { partyIdType: 'MSISDN', partyId: transfer.msisdn },
        payerMessage: note,
        payeeNote: note,
      }),
    })
    return sendOutcome(product, what, response)
  }

  async function state(product: Product, path: string, reference: string): Promise<TransferState> {
    const what = `GET ${path}`
    const response = await call(product, what, `/${product}/v1_0/${path}/${encodeURIComponent(reference)}`, {
      method: 'GET',
    })
    if (response.status === 404) return { state: 'not_found' }
    const resource = answer(product, what, response, transferStatusAnswer)
    if (resource.status === 'PENDING') return { state: 'pending' }
    if (resource.status === 'SUCCESSFUL') {
      const id = resource.financialTransactionId
      if (id === undefined || id === null || String(id) === '') {
        throw protocol(product, what, 'answered SUCCESSFUL without a financialTransactionId')
      }
      return { state: 'paid', providerTransactionId: String(id) }
    }
    const reason = resource.reason
    const code = typeof reason === 'string' ? reason : (reason?.code ?? '')
    const message = typeof reason === 'object' && reason?.message ? `${code}: ${reason.message}` : code
    return {
      state: 'failed',
      reason: code === '' ? 'other' : mtnFailureReason(code),
      ...(message ? { providerMessage: message.slice(0, 200) } : {}),
    }
  }

  return {
    name: 'mtn',

    send: (transfer) => create('disbursement', 'transfer', 'payee', transfer),

    status: (reference) => state('disbursement', 'transfer', reference),

    async balance() {
      const what = 'GET account/balance'
      const response = await call('disbursement', what, '/disbursement/v1_0/account/balance', {
        method: 'GET',
      })
      const account = answer('disbursement', what, response, balanceAnswer)
      if (account.currency !== currency) {
        throw protocol('disbursement', what, `answered in ${account.currency}, not ${currency}`)
      }
      return Number(account.availableBalance)
    },

    async accountHolder(msisdn) {
      const holder = `/disbursement/v1_0/accountholder/msisdn/${encodeURIComponent(msisdn)}`
      const activeWhat = 'GET accountholder active'
      const active = await call('disbursement', activeWhat, `${holder}/active`, { method: 'GET' })
      if (active.status === 404) return { active: false, name: null }
      if (!answer('disbursement', activeWhat, active, activeAnswer).result)
        return { active: false, name: null }

      const infoWhat = 'GET accountholder basicuserinfo'
      const info = await call('disbursement', infoWhat, `${holder}/basicuserinfo`, { method: 'GET' })
      // Not every account shares its name: active, but nameless.
      if (info.status === 404) return { active: true, name: null }
      const { given_name, family_name, name } = answer('disbursement', infoWhat, info, basicUserInfoAnswer)
      const full = [given_name, family_name].filter((part) => part && part.trim() !== '').join(' ')
      return { active: true, name: (full || name?.trim()) ?? null }
    },

    requestToPay: (transfer) => create('collection', 'requesttopay', 'payer', transfer),

    collectionStatus: (reference) => state('collection', 'requesttopay', reference),

    async callbackReference(callback: IncomingCallback) {
      // Unsigned: the shape is all there is to check. The reference is our externalId (MTN's callback body is the
      // transfer resource, without the X-Reference-Id).
      let body: unknown
      try {
        body = JSON.parse(callback.body)
      } catch {
        return null
      }
      const parsed = callbackBody.safeParse(body)
      return parsed.success ? parsed.data.externalId : null
    },
  }
}

/**
 * A note as MTN takes it: at most 160 characters, and without the characters its gateway refuses (it answers
 * 400 to an apostrophe, among others): letters, digits, spaces and plain punctuation stay.
 */
export function mtnNote(note: string): string {
  return note
    .replace(/[^\p{L}\p{N} .,:;\-_/#()]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxNoteLength)
}
