import {
  constants,
  createHmac,
  createPublicKey,
  publicEncrypt,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto'
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
 * Airtel Money Africa's Open API (developers.airtel.africa), Rwanda: disbursements (B2C payouts), collections (a
 * USSD push the payer approves with their PIN), the disbursement wallet's balance and KYC.
 *
 * Every answer carries one envelope, `{ data, status: { success, code, result_code, response_code, message } }`,
 * usually with HTTP 200 even when `success` is false: the outcome is in the codes, not the HTTP status. Only the
 * gateway answers with HTTP errors (401 for a token, 400 for headers, 5xx when it is down).
 */
export type AirtelConfig = {
  /** https://openapi.airtel.africa in production, https://openapiuat.airtel.africa on Airtel's staging. */
  baseUrl: string
  clientId: string
  clientSecret: string
  /** The disbursement wallet's PIN (4 digits); it leaves this process only encrypted with `pinPublicKey`. */
  pin: string
  /** Airtel's RSA public key for the PIN: a PEM, or the bare base64 key as Airtel's portal shows it. */
  pinPublicKey: string
  country?: 'RW'
  currency?: 'RWF'
  /** The private key of "callback authentication" on Airtel's portal. Set, a callback without its hash is refused. */
  callbackSecret?: string
  /** Per HTTP request, the token's included. */
  timeoutMs?: number
  fetch?: typeof fetch
}

export type AirtelClient = PayoutProvider & CollectionProvider

const defaultTimeoutMs = 15_000
/** Our E.164 digits for Rwanda; Airtel wants the 9 national digits (`250738123456` → `738123456`). */
const rwandanNumber = /^250(\d{9})$/

/*
 * Airtel's codes and what each means to us. The meanings are Airtel's own wording in its developer documentation
 * ("Disbursement APIs / Collection APIs / KYC → Error codes", "Common error codes"), as public integrations quote it
 * (developers.airtel.africa; e.g. global-121/121-platform, airtel-money SDKs on GitHub). Where the wording leaves
 * our reason open, the choice is said beside the code.
 */
type Codes = {
  /** A transaction that failed, or was refused outright, and why. */
  failures: Record<string, FailureReason>
  /** Taken, but not yet final (ambiguous, in process, timed out inside Airtel): ask the enquiry. */
  pending: ReadonlySet<string>
  notFound: string
  duplicate?: string
}

const disbursementCodes: Codes = {
  failures: {
    DP00900001003: 'limit_reached', // Maximum transaction limit reached for the day
    DP00900001004: 'limit_reached', // Invalid amount: out of range with respect to defined limits
    DP00900001005: 'other', // Transaction failed
    DP00900001007: 'not_enough_funds', // Insufficient funds: our disbursement wallet (the float)
    DP00900001009: 'other', // Invalid initiatee (the initiator, us)
    DP00900001010: 'not_allowed_to_receive', // User not allowed: the payee's wallet is barred
    DP00900001011: 'other', // Transaction not allowed: similar information already exists (not the same id)
    DP00900001012: 'payee_not_found', // Invalid mobile number: no Airtel Money wallet on it
    DP00900001013: 'other', // Refused
  },
  pending: new Set([
    'DP00900001000', // Ambiguous: still processing
    'DP00900001006', // In process
    'DP00900001014', // Timed out inside Airtel: may or may not be processed, do the enquiry
  ]),
  notFound: 'DP00900001015',
  duplicate: 'DP00900001017', // Duplicate transaction id: do the enquiry for the original
}

const collectionCodes: Codes = {
  failures: {
    DP00800001002: 'rejected_by_payer', // Incorrect PIN entered by the payer: they did not authorise it
    DP00800001003: 'limit_reached', // Exceeds the payer's withdrawal limit
    DP00800001004: 'limit_reached', // Invalid amount: below the minimum allowed
    DP00800001005: 'expired', // The payer did not enter the PIN
    DP00800001007: 'not_enough_funds', // The payer's wallet has not enough money
    DP00800001008: 'rejected_by_payer', // Refused: the payer declined on their phone
    DP00800001009: 'other', // Do not honor
    DP00800001010: 'payer_not_found', // Not permitted: barred, churned or not registered on Airtel Money
    DP00800001024: 'expired', // Timed out
    DP00800001029: 'expired', // Expired
  },
  pending: new Set(['DP00800001000', 'DP00800001006']), // Ambiguous; In process
  notFound: 'DP00800001025',
}

/** External transaction id already exists: the collections' duplicate (and the gateway's, on either product). */
const duplicateResult = 'ESB000041'
/** No transaction found with the provided transaction id. */
const notFoundResult = 'ESB000045'
/** Something went wrong; error initiating; error fetching the status: Airtel says the request may be ambiguous. */
const ambiguousResults = new Set(['ESB000001', 'ESB000004', 'ESB000014'])
/** KYC: invalid MSISDN / user not found; MSISDN length refused (ESB000033, ESB000036). */
const userNotFound = new Set(['DP02200000002', 'ESB000033', 'ESB000036'])

const statusSchema = z.object({
  success: z.boolean(),
  code: z.union([z.string(), z.number()]).optional(),
  message: z.string().nullish(),
  result_code: z.string().nullish(),
  response_code: z.string().nullish(),
})
type AirtelStatus = z.infer<typeof statusSchema>

const transactionEnvelope = z.object({
  data: z
    .object({
      transaction: z
        .object({
          status: z.string().nullish(),
          message: z.string().nullish(),
          airtel_money_id: z.string().nullish(),
          reference_id: z.string().nullish(),
        })
        .nullish(),
    })
    .nullish(),
  status: statusSchema,
})
type TransactionAnswer = z.infer<typeof transactionEnvelope>

/** The balance and KYC answers: their `data` is read only when `success` says there is one. */
const plainEnvelope = z.object({ data: z.unknown(), status: statusSchema })
const balanceData = z.object({ balance: z.union([z.string(), z.number()]) })
const userData = z.object({
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  is_barred: z.boolean(),
})

const tokenSchema = z.object({
  access_token: z.string().min(1),
  // Airtel's own sample sends it as a string ("180").
  expires_in: z.coerce.number().positive(),
})

const callbackTransaction = z.object({
  id: z.string().min(1),
  status_code: z.string(),
})
const callbackSchema = z.object({ transaction: callbackTransaction, hash: z.string().optional() })

export function createAirtelClient(config: AirtelConfig): AirtelClient {
  const country = config.country ?? 'RW'
  const currency = config.currency ?? 'RWF'
  const timeoutMs = config.timeoutMs ?? defaultTimeoutMs
  const doFetch = config.fetch ?? fetch
  const baseUrl = config.baseUrl.replace(/\/+$/, '')
  const pinKey = readPublicKey(config.pinPublicKey)
  let token: { value: string; renewAt: number } | null = null
  let tokenRequest: Promise<string> | null = null
  /** Tokens handed out to this client: none may show in an error message, nor may the secret or the PIN. */
  const issuedTokens = new Set<string>()

  function redact(text: string): string {
    let clean = text
    for (const secret of [config.clientSecret, config.pin, ...issuedTokens]) {
      if (secret.length > 0) clean = clean.replaceAll(secret, '[redacted]')
    }
    return clean
  }

  function unavailable(message: string, cause?: unknown): ProviderUnavailableError {
    return new ProviderUnavailableError(
      'airtel',
      redact(message),
      cause === undefined ? undefined : { cause },
    )
  }

  function protocol(message: string): ProviderProtocolError {
    return new ProviderProtocolError('airtel', redact(message))
  }

  /** One HTTP exchange. Whatever breaks it (a timeout, the network) leaves the transfer's fate unknown. */
  async function exchange(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<{ status: number; text: string }> {
    try {
      const response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
      return { status: response.status, text: await response.text() }
    } catch (error) {
      const why =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : error instanceof Error
            ? error.message
            : 'the request failed'
      throw unavailable(`Airtel did not answer ${method} ${routeOf(path)}: ${why}`, error)
    }
  }

  async function requestToken(): Promise<string> {
    const answer = await exchange(
      'POST',
      '/auth/oauth2/token',
      { 'content-type': 'application/json', accept: 'application/json' },
      { client_id: config.clientId, client_secret: config.clientSecret, grant_type: 'client_credentials' },
    )
    if (answer.status >= 500 || answer.status === 429) {
      throw unavailable(`Airtel's token endpoint answered HTTP ${answer.status}`)
    }
    if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
      throw protocol(
        `Airtel refused our client credentials (HTTP ${answer.status}${oauthError(answer.text)})`,
      )
    }
    const parsed = tokenSchema.safeParse(parseJson(answer.text))
    if (answer.status !== 200 || !parsed.success) {
      throw protocol(`Airtel's token endpoint answered HTTP ${answer.status} with no usable token`)
    }
    const ttlMs = parsed.data.expires_in * 1000
    issuedTokens.add(parsed.data.access_token)
    // Renewed a little before Airtel's expiry (a tenth of its life, at most a minute), never on the edge of it.
    token = { value: parsed.data.access_token, renewAt: Date.now() + ttlMs - Math.min(60_000, ttlMs / 10) }
    return parsed.data.access_token
  }

  /** The cached token, or one fresh one shared by every call that needs it at the same moment. */
  function accessToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.value)
    tokenRequest ??= requestToken().finally(() => {
      tokenRequest = null
    })
    return tokenRequest
  }

  /**
   * A call to the API with a bearer token. A 401 means the token died early (Airtel revoked or rotated it): one
   * fresh token and one retry, then it is our credentials that are wrong. A 401 never reached the product, so
   * sending the same transaction id again is safe (and Airtel would call it a duplicate if it had).
   */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      const bearer = await accessToken()
      const headers: Record<string, string> = {
        authorization: `Bearer ${bearer}`,
        'x-country': country,
        'x-currency': currency,
        accept: 'application/json',
      }
      if (body !== undefined) headers['content-type'] = 'application/json'
      const answer = await exchange(method, path, headers, body)
      if (answer.status === 401) {
        if (attempt === 1) {
          if (token?.value === bearer) token = null
          continue
        }
        throw protocol(`Airtel refused a fresh access token on ${method} ${routeOf(path)}`)
      }
      if (answer.status >= 500 || answer.status === 429) {
        throw unavailable(`Airtel answered ${method} ${routeOf(path)} with HTTP ${answer.status}`)
      }
      const json = parseJson(answer.text)
      if (json === undefined) {
        throw protocol(`Airtel answered ${method} ${routeOf(path)} with HTTP ${answer.status} and no JSON`)
      }
      return json
    }
  }

  function parse<T extends z.ZodType>(schema: T, json: unknown, what: string): z.infer<T> {
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      const where = parsed.error.issues[0]?.path.join('.') || 'its body'
      throw protocol(`Airtel's answer to ${what} is not of the expected shape (at ${where})`)
    }
    return parsed.data
  }

  function describe(status: AirtelStatus): string {
    const code = status.response_code ?? status.result_code ?? 'no code'
    return redact(`${status.message ?? 'no message'} (${code})`).slice(0, 300)
  }

  function sendOutcome(answer: TransactionAnswer, codes: Codes, what: string): SendOutcome {
    const { status } = answer
    const response = status.response_code ?? ''
    const result = status.result_code ?? ''
    if ((codes.duplicate && response === codes.duplicate) || result === duplicateResult) {
      return { outcome: 'duplicate' }
    }
    const reason = codes.failures[response]
    if (status.success) {
      // Taken; or, when the answer already says TF, failed at once and the money did not move.
      if (answer.data?.transaction?.status !== 'TF') return { outcome: 'accepted' }
      return { outcome: 'rejected', reason: reason ?? 'other', providerMessage: describe(status) }
    }
    if (reason) return { outcome: 'rejected', reason, providerMessage: describe(status) }
    if (codes.pending.has(response)) return { outcome: 'accepted' }
    if (ambiguousResults.has(result)) {
      throw unavailable(`Airtel could not say whether it took ${what}: ${describe(status)}`)
    }
    // A gateway refusal (ROUTER…: a header, the country, the PIN) or a code we do not know: our configuration or
    // our request is wrong, and marking the transfer failed would hide that.
    throw protocol(`Airtel refused ${what}: ${describe(status)}`)
  }

  function transferState(answer: TransactionAnswer, codes: Codes, what: string): TransferState {
    const { status } = answer
    const response = status.response_code ?? ''
    const result = status.result_code ?? ''
    if (response === codes.notFound || result === notFoundResult) return { state: 'not_found' }
    const transaction = answer.data?.transaction
    if (!status.success || !transaction?.status) {
      if (ambiguousResults.has(result))
        throw unavailable(`Airtel could not answer ${what}: ${describe(status)}`)
      throw protocol(`Airtel refused ${what}: ${describe(status)}`)
    }
    const providerMessage = redact(transaction.message ?? status.message ?? '').slice(0, 300) || undefined
    switch (transaction.status) {
      case 'TS': {
        const id = transaction.airtel_money_id || transaction.reference_id
        if (!id) throw protocol(`Airtel's answer to ${what} says TS without a transaction id`)
        return { state: 'paid', providerTransactionId: id }
      }
      case 'TF':
        return { state: 'failed', reason: codes.failures[response] ?? 'other', providerMessage }
      case 'TE': // Expired
        return { state: 'failed', reason: 'expired', providerMessage }
      case 'TR': // Reversed: the money went back
        return { state: 'failed', reason: 'other', providerMessage }
      case 'TA': // Ambiguous
      case 'TIP': // In progress
        return { state: 'pending' }
      default:
        throw protocol(`Airtel's answer to ${what} has an unknown transaction status`)
    }
  }

  function encryptedPin(): string {
    return publicEncrypt(
      { key: pinKey, padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(config.pin),
    ).toString('base64')
  }

  return {
    name: 'airtel',

    async send(transfer: TransferRequest): Promise<SendOutcome> {
      const msisdn = nationalNumber(transfer.msisdn)
      if (!msisdn) return { outcome: 'rejected', reason: 'payee_not_found' }
      const json = await call('POST', '/standard/v2/disbursements/', {
        payee: { msisdn, wallet_type: 'NORMAL' },
        reference: referenceText(transfer.note),
        pin: encryptedPin(),
        transaction: { amount: transfer.amount, id: transfer.reference, type: 'B2C' },
      })
      return sendOutcome(
        parse(transactionEnvelope, json, 'a disbursement'),
        disbursementCodes,
        'a disbursement',
      )
    },

    async status(reference: string): Promise<TransferState> {
      const json = await call(
        'GET',
        `/standard/v2/disbursements/${encodeURIComponent(reference)}?transactionType=B2C`,
      )
      const what = 'a disbursement enquiry'
      return transferState(parse(transactionEnvelope, json, what), disbursementCodes, what)
    },

    async balance(): Promise<number> {
      const what = 'the balance enquiry'
      const answer = parse(plainEnvelope, await call('GET', '/standard/v1/users/balance'), what)
      if (!answer.status.success) throw protocol(`Airtel refused ${what}: ${describe(answer.status)}`)
      const amount = Number(parse(balanceData, answer.data, what).balance)
      if (!Number.isFinite(amount)) throw protocol(`Airtel's answer to ${what} is not an amount`)
      return Math.floor(amount)
    },

    async accountHolder(msisdn: string): Promise<{ active: boolean; name: string | null }> {
      const national = nationalNumber(msisdn)
      if (!national) return { active: false, name: null }
      const what = 'a KYC enquiry'
      const { status, data: body } = parse(
        plainEnvelope,
        await call('GET', `/standard/v1/users/${national}`),
        what,
      )
      if (!status.success) {
        if (userNotFound.has(status.response_code ?? '') || userNotFound.has(status.result_code ?? '')) {
          return { active: false, name: null }
        }
        throw protocol(`Airtel refused ${what}: ${describe(status)}`)
      }
      const data = parse(userData, body, what)
      const name = [data.first_name, data.last_name]
        .map((part) => part?.trim())
        .filter(Boolean)
        .join(' ')
      // Barred is what stops a wallet receiving; the registration's status values are not documented well enough
      // to refuse a payee on them.
      return { active: !data.is_barred, name: name || null }
    },

    async requestToPay(transfer: TransferRequest): Promise<SendOutcome> {
      const msisdn = nationalNumber(transfer.msisdn)
      if (!msisdn) return { outcome: 'rejected', reason: 'payer_not_found' }
      const json = await call('POST', '/merchant/v1/payments/', {
        reference: referenceText(transfer.note),
        subscriber: { country, currency, msisdn },
        transaction: { amount: transfer.amount, country, currency, id: transfer.reference },
      })
      return sendOutcome(
        parse(transactionEnvelope, json, 'a request to pay'),
        collectionCodes,
        'a request to pay',
      )
    },

    async collectionStatus(reference: string): Promise<TransferState> {
      const json = await call('GET', `/standard/v1/payments/${encodeURIComponent(reference)}`)
      const what = 'a collection enquiry'
      return transferState(parse(transactionEnvelope, json, what), collectionCodes, what)
    },

    /**
     * Airtel posts `{ transaction: { id, message, status_code, airtel_money_id } }`; with callback authentication
     * on, it adds `hash`: base64 HMAC-SHA256 of the `transaction` object, keyed with the portal's private key. The
     * HMAC is over that object's bytes as they came, and the reference is read from those signed bytes, so a body
     * carrying a second `transaction` beside the signed one cannot slip another reference through.
     */
    async callbackReference(callback: IncomingCallback): Promise<string | null> {
      const parsed = callbackSchema.safeParse(parseJson(callback.body))
      if (!parsed.success) return null
      if (!config.callbackSecret) return parsed.data.transaction.id
      const signed = rawMember(callback.body, 'transaction')
      if (!parsed.data.hash || signed === null) return null
      const expected = createHmac('sha256', config.callbackSecret).update(signed).digest()
      const given = Buffer.from(parsed.data.hash, 'base64')
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      const transaction = callbackTransaction.safeParse(parseJson(signed))
      return transaction.success ? transaction.data.id : null
    },
  }
}

/** Our `2507XXXXXXXX` as Airtel's national number (`7XXXXXXXX`), or null when it is not a Rwandan number. */
function nationalNumber(msisdn: string): string | null {
  return rwandanNumber.exec(msisdn.replace(/\D/g, ''))?.[1] ?? null
}

/** Airtel's `reference`: 4 to 64 letters, digits and spaces, "for service or goods purchased". */
function referenceText(note: string): string {
  const text = note
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 64)
    .trim()
  return text.length >= 4 ? text : 'Isoko'
}

const routeWords = new Set([
  'auth',
  'oauth2',
  'token',
  'standard',
  'merchant',
  'v1',
  'v2',
  'disbursements',
  'payments',
  'users',
  'balance',
])

/** The path as an error message may name it: no query, and no reference or phone number in it. */
function routeOf(path: string): string {
  return path
    .split('?')[0]!
    .split('/')
    .map((segment) => (segment === '' || routeWords.has(segment) ? segment : '{id}'))
    .join('/')
}

function readPublicKey(key: string): KeyObject {
  if (key.includes('-----BEGIN')) return createPublicKey(key)
  const lines = key.replace(/\s+/g, '').match(/.{1,64}/g) ?? []
  return createPublicKey(`-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The OAuth error code of a refused token request (`invalid_client`), when it is one. */
function oauthError(text: string): string {
  const error = (parseJson(text) as { error?: unknown } | undefined)?.error
  return typeof error === 'string' && /^[a-z_]{1,40}$/.test(error) ? `: ${error}` : ''
}

/**
 * The exact text of a top-level member of a JSON object (`{"transaction":{…},"hash":"…"}` → `{…}`), or null. Only
 * called on text JSON.parse accepted, so the scan need not validate.
 */
function rawMember(json: string, key: string): string | null {
  let index = skipSpace(json, 0)
  if (json[index] !== '{') return null
  index += 1
  for (;;) {
    index = skipSpace(json, index)
    if (json[index] !== '"') return null
    const keyEnd = endOfString(json, index)
    const name: unknown = JSON.parse(json.slice(index, keyEnd))
    index = skipSpace(json, keyEnd)
    if (json[index] !== ':') return null
    const start = skipSpace(json, index + 1)
    const end = endOfValue(json, start)
    if (name === key) return json.slice(start, end)
    index = skipSpace(json, end)
    if (json[index] !== ',') return null
    index += 1
  }
}

function skipSpace(text: string, index: number): number {
  while (index < text.length && ' \t\n\r'.includes(text[index]!)) index += 1
  return index
}

/** The index just past the string starting at `start` (at its opening quote). */
function endOfString(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    if (text[index] === '\\') index += 1
    else if (text[index] === '"') return index + 1
  }
  return text.length
}

function endOfValue(text: string, start: number): number {
  const first = text[start]
  if (first === '"') return endOfString(text, start)
  if (first === '{' || first === '[') {
    let depth = 0
    for (let index = start; index < text.length; index += 1) {
      const char = text[index]
      if (char === '"') index = endOfString(text, index) - 1
      else if (char === '{' || char === '[') depth += 1
      else if (char === '}' || char === ']') {
        depth -= 1
        if (depth === 0) return index + 1
      }
    }
    return text.length
  }
  let index = start
  while (index < text.length && !',}] \t\n\r'.includes(text[index]!)) index += 1
  return index
}
