import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { z } from 'zod'
import { listenLocally, readBody } from './fake-server'
import { paymentFakeDefaults, scriptedOutcome, type ScriptedOutcome } from './scripted-numbers'
import { csvLine, recordedWithin, statementPeriod, wallClock } from './statement-csv'

/**
 * A stand-in for MTN's Mobile Money Open API (Disbursement and Collection), in memory, on 127.0.0.1: what tests,
 * `npm run dev` and the demo talk to when no MTN account is configured. It answers on MTN's paths, with MTN's
 * headers, status codes and bodies, and plays the outcome scripted for each phone number (scripted-numbers.ts).
 *
 * - Tokens: `POST /{product}/token/` with Basic auth (API user : API key) and the product's subscription key; a
 *   token serves only its product and expires after tokenTtlSeconds (or at once through /_fake/expire-tokens).
 * - Transfers and requests to pay are kept per X-Reference-Id: PENDING, then SUCCESSFUL or FAILED as scripted;
 *   a second POST under a used reference answers 409 and is counted; a settled one is PUT to its X-Callback-Url.
 * - A request to pay waits for the payer (POST /_fake/requests/{id}/approve or /decline) unless its number
 *   scripts another end.
 * - Control endpoints under /_fake/ (JSON, no auth) let a test read the state and steer callbacks and the float.
 * - `GET /_fake/statement.csv?from=&to=` is the partner portal's transaction statement of what settled (see
 *   `statement` below).
 */

export type MtnFakeOptions = {
  /** 0 (the default) picks a free port. */
  port?: number
  apiUser?: string
  apiKey?: string
  /** One key for both products, or each product's own (MTN gives each product its own). */
  subscriptionKey?: string | { disbursement: string; collection: string }
  /** The X-Target-Environment it serves. Default `sandbox`. */
  targetEnvironment?: string
  /** The currency it takes. Default RWF. */
  currency?: string
  /** Default 3600. */
  tokenTtlSeconds?: number
  /** From accepted to SUCCESSFUL or FAILED. Default 300 ms. */
  settleMs?: number
  /** When a 'late_success' number turns SUCCESSFUL. Default 3000 ms. */
  lateSuccessMs?: number
  /** How long a 'timeout_after_accept' number's POST waits before its 202 (it is recorded at once). Default 10 s. */
  clientTimeoutHangMs?: number
  /** The disbursement account's balance in francs. Default 50 000 000. */
  float?: number
  /** The zone of the statement's times and of its `from`/`to` days: the account's own. Default Africa/Kigali. */
  timeZone?: string
}

export type MtnProduct = 'disbursement' | 'collection'
export type MtnStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED'
export type CallbackMode = 'normal' | 'drop' | 'duplicate' | 'delay'

export type MtnFakeTransfer = {
  referenceId: string
  /** disbursement: a transfer (payout); collection: a request to pay. */
  kind: MtnProduct
  msisdn: string
  amount: number
  currency: string
  externalId: string | null
  status: MtnStatus
  reason: string | null
  financialTransactionId: string | null
  scripted: ScriptedOutcome
  /** POSTs under this reference: the one that created it, then every re-use (each answered 409). */
  posts: number
  duplicates: number
  callbackUrl: string | null
  createdAt: string
  settledAt: string | null
}

export type MtnFakeCallback = {
  referenceId: string
  kind: MtnProduct
  url: string
  status: MtnStatus
  /** The receiver's HTTP status, or null when it could not be reached. */
  answeredWith: number | null
}

export type MtnFakeState = {
  transfers: MtnFakeTransfer[]
  tokensIssued: Record<MtnProduct, number>
  /** API calls refused for a missing, expired or wrong token (each a 401). */
  refusedTokens: number
  float: number
  collectionBalance: number
  callbackMode: { mode: CallbackMode; delayMs: number }
  callbacks: MtnFakeCallback[]
}

export type MtnFake = {
  url: string
  apiUser: string
  apiKey: string
  subscriptionKeys: Record<MtnProduct, string>
  targetEnvironment: string
  currency: string
  /** The state the control endpoint GET /_fake/state shows (GET /_fake/transfers shows its transfers). */
  state(): MtnFakeState
  close(): Promise<void>
}

/** The name the fake registers for a number: the same every time, so tests and demos can show it. */
export function fakeAccountHolderName(msisdn: string): { given_name: string; family_name: string } {
  const given = ['Aline', 'Jean', 'Claudine', 'Eric', 'Diane', 'Patrick', 'Grace', 'Olivier', 'Ange', 'Yves']
  const family = ['Uwase', 'Habimana', 'Mukamana', 'Niyonzima', 'Ingabire', 'Mugisha', 'Uwimana', 'Umutoni']
  const digits = msisdn.replace(/\D/g, '')
  const last = Number(digits.slice(-1) || 0)
  const beforeLast = Number(digits.slice(-2, -1) || 0)
  return { given_name: given[last]!, family_name: family[(last + beforeLast) % family.length]! }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

const party = z.object({
  partyIdType: z.enum(['MSISDN', 'EMAIL', 'PARTY_CODE']),
  partyId: z.string().min(1).max(64),
})
const createBody = z.object({
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  externalId: z.string().max(64).optional(),
  payerMessage: z.string().max(160).optional(),
  payeeNote: z.string().max(160).optional(),
})
const transferBody = createBody.extend({ payee: party })
const requestToPayBody = createBody.extend({ payer: party })
const callbacksBody = z.object({
  mode: z.enum(['normal', 'drop', 'duplicate', 'delay']),
  delayMs: z.number().int().min(0).max(600_000).optional(),
})
const floatBody = z.object({ amount: z.number().int().min(0) })

/** MTN's wording, so a client that reads it reads what production sends. */
const errors = {
  missingKey: {
    statusCode: 401,
    message:
      'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.',
  },
  invalidKey: {
    statusCode: 401,
    message:
      'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
  },
  loginFailed: { error: 'login_failed' },
  invalidToken: { code: 'UNAUTHORIZED', message: 'Access token is missing, invalid or expired.' },
  notFound: { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' },
  alreadyExists: {
    code: 'RESOURCE_ALREADY_EXIST',
    message: 'Duplicated reference id. Creation of resource failed.',
  },
  internal: { code: 'INTERNAL_PROCESSING_ERROR', message: 'An internal error occurred while processing.' },
  targetEnvironment: {
    code: 'NOT_ALLOWED_TARGET_ENVIRONMENT',
    message: 'Access to target environment is forbidden.',
  },
  currency: { code: 'INVALID_CURRENCY', message: 'Currency not supported.' },
  noRoute: { statusCode: 404, message: 'Resource not found' },
} as const

const badRequest = (message: string) => ({ code: 'BAD_REQUEST', message })

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`)
  }
}

/**
 * The columns of MTN's partner-portal statement, as its export writes them: "Currency" after each figure. Id is the
 * financial transaction id, External Transaction Id the externalId the partner sent.
 */
export const mtnStatementColumns = [
  'Id',
  'External Transaction Id',
  'Date',
  'Status',
  'Type',
  'Provider Category',
  'Information',
  'Note/Message',
  'From',
  'From Name',
  'From Handler Name',
  'To',
  'To Name',
  'To Handler Name',
  'Initiated By',
  'On Behalf Of',
  'Amount',
  'Currency',
  'Fee',
  'Currency',
  'Discount',
  'Currency',
  'Promotion',
  'Currency',
  'Coupon',
  'Currency',
  'Balance',
  'Currency',
] as const

/** What one line of the statement says of a transfer (a payout, out of the partner's account) or a payment in. */
export type MtnStatementEntry = {
  id: string
  externalId: string
  /** When MTN recorded it (ISO); the line shows the account's local time. */
  at: string
  isSuccessful: boolean
  isOut: boolean
  information: string
  note: string
  msisdn: string
  holderName: string
  amount: number
  currency: string
}

/**
 * One line of the statement, every field quoted and CRLF as the export writes it: money leaving the account (a
 * transfer) negative, between the partner's account and the customer's number.
 */
export function mtnStatementLine(
  entry: MtnStatementEntry,
  { apiUser, timeZone }: { apiUser: string; timeZone: string },
): string {
  const partner = { account: 'FRI:isoko.partner/USER', name: 'Isoko' }
  const customer = { account: `FRI:${entry.msisdn}/MSISDN`, name: entry.holderName }
  const [from, to] = entry.isOut ? [partner, customer] : [customer, partner]
  return csvLine(
    [
      entry.id,
      entry.externalId,
      wallClock(entry.at, timeZone),
      entry.isSuccessful ? 'Successful' : 'Failed',
      entry.isOut ? 'Transfer' : 'Debit',
      '',
      entry.information,
      entry.note,
      from.account,
      from.name,
      '',
      to.account,
      to.name,
      '',
      `FRI:${apiUser}/API`,
      '',
      entry.isOut ? -entry.amount : entry.amount,
      entry.currency,
      0,
      entry.currency,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
    { quoteAll: true },
  )
}

export async function startMtnFake(options: MtnFakeOptions = {}): Promise<MtnFake> {
  const apiUser = options.apiUser ?? '5f2a9d4e-7c1b-4e3a-9b6d-2c8f1a0e4b7d'
  const apiKey = options.apiKey ?? 'fake-mtn-api-key'
  const keys =
    typeof options.subscriptionKey === 'object'
      ? options.subscriptionKey
      : {
          disbursement: options.subscriptionKey ?? 'fake-mtn-disbursement-key',
          collection: options.subscriptionKey ?? 'fake-mtn-collection-key',
        }
  const targetEnvironment = options.targetEnvironment ?? 'sandbox'
  const currency = options.currency ?? 'RWF'
  const tokenTtlSeconds = options.tokenTtlSeconds ?? 3600
  const { settleMs, lateSuccessMs, clientTimeoutHangMs, float: initialFloat } = paymentFakeDefaults(options)
  const timeZone = options.timeZone ?? 'Africa/Kigali'

  type Token = { product: MtnProduct; expiresAt: number }
  type Entry = MtnFakeTransfer & { payerMessage: string; payeeNote: string }

  let tokens = new Map<string, Token>()
  let records = new Map<string, Entry>()
  let tokensIssued: { [product in MtnProduct]: number } = { disbursement: 0, collection: 0 }
  let refusedTokens = 0
  let float = initialFloat
  let collectionBalance = 0
  let callbackMode: { mode: CallbackMode; delayMs: number } = { mode: 'normal', delayMs: 1000 }
  let callbacks: MtnFakeCallback[] = []
  const timers = new Set<NodeJS.Timeout>()

  const key = (kind: MtnProduct, referenceId: string) => `${kind}:${referenceId.toLowerCase()}`

  function later(ms: number, run: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer)
      run()
    }, ms)
    timers.add(timer)
  }

  function clearTimers() {
    for (const timer of timers) clearTimeout(timer)
    timers.clear()
  }

  function snapshot(): MtnFakeState {
    return {
      transfers: [...records.values()].map(({ payerMessage: _m, payeeNote: _n, ...record }) => ({
        ...record,
      })),
      tokensIssued: { ...tokensIssued },
      refusedTokens,
      float,
      collectionBalance,
      callbackMode: { ...callbackMode },
      callbacks: callbacks.map((callback) => ({ ...callback })),
    }
  }

  /** The resource as MTN shows it on GET and in callbacks. */
  function resource(record: Entry) {
    const partyField = record.kind === 'disbursement' ? 'payee' : 'payer'
    return {
      amount: String(record.amount),
      currency: record.currency,
      ...(record.financialTransactionId ? { financialTransactionId: record.financialTransactionId } : {}),
      ...(record.externalId !== null ? { externalId: record.externalId } : {}),
      [partyField]: { partyIdType: 'MSISDN', partyId: record.msisdn },
      payerMessage: record.payerMessage,
      payeeNote: record.payeeNote,
      status: record.status,
      ...(record.reason ? { reason: record.reason } : {}),
    }
  }

  function settle(record: Entry, status: 'SUCCESSFUL' | 'FAILED', reason: string | null = null) {
    if (record.status !== 'PENDING') return
    if (status === 'SUCCESSFUL' && record.kind === 'disbursement') {
      // The float is checked when the money moves, as MTN debits the account then.
      if (record.amount > float) {
        status = 'FAILED'
        reason = 'NOT_ENOUGH_FUNDS'
      } else {
        float -= record.amount
      }
    }
    if (status === 'SUCCESSFUL' && record.kind === 'collection') collectionBalance += record.amount
    record.status = status
    record.reason = status === 'FAILED' ? reason : null
    record.financialTransactionId =
      status === 'SUCCESSFUL' ? String(randomInt(100_000_000, 999_999_999)) : null
    record.settledAt = new Date().toISOString()
    sendCallbacks(record)
  }

  function sendCallbacks(record: Entry) {
    if (!record.callbackUrl) return
    const { mode, delayMs } = callbackMode
    if (mode === 'drop') return
    const body = JSON.stringify(resource(record))
    const deliver = () => void deliverCallback(record, record.callbackUrl!, body)
    if (mode === 'delay') later(delayMs, deliver)
    else deliver()
    if (mode === 'duplicate') deliver()
  }

  async function deliverCallback(record: Entry, url: string, body: string) {
    const entry: MtnFakeCallback = {
      referenceId: record.referenceId,
      kind: record.kind,
      url,
      status: record.status,
      answeredWith: null,
    }
    callbacks.push(entry)
    try {
      // MTN PUTs a v1_0 callback, unsigned, with the resource as its body.
      const response = await fetch(url, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body,
        signal: AbortSignal.timeout(5000),
      })
      entry.answeredWith = response.status
      await response.body?.cancel()
    } catch {
      entry.answeredWith = null
    }
  }

  /** What the number's script does once MTN has accepted the transfer or request to pay. */
  function schedule(record: Entry) {
    const outcome = record.scripted
    const end = (ms: number, status: 'SUCCESSFUL' | 'FAILED', reason: string | null = null) =>
      later(ms, () => settle(record, status, reason))
    if (record.kind === 'disbursement') {
      if (outcome === 'pending_forever') return
      if (outcome === 'late_success') return end(lateSuccessMs, 'SUCCESSFUL')
      if (outcome === 'payee_not_found') return end(settleMs, 'FAILED', 'PAYEE_NOT_FOUND')
      if (outcome === 'not_allowed_to_receive') return end(settleMs, 'FAILED', 'PAYEE_NOT_ALLOWED_TO_RECEIVE')
      if (outcome === 'not_enough_funds') return end(settleMs, 'FAILED', 'NOT_ENOUGH_FUNDS')
      // success, timeout_after_accept, and rejected_by_payer (no payer approves a payout).
      return end(settleMs, 'SUCCESSFUL')
    }
    if (outcome === 'late_success') return end(lateSuccessMs, 'SUCCESSFUL')
    if (outcome === 'rejected_by_payer') return end(settleMs, 'FAILED', 'APPROVAL_REJECTED')
    if (outcome === 'payee_not_found') return end(settleMs, 'FAILED', 'PAYER_NOT_FOUND')
    if (outcome === 'not_allowed_to_receive') return end(settleMs, 'FAILED', 'NOT_ALLOWED')
    if (outcome === 'not_enough_funds') return end(settleMs, 'FAILED', 'NOT_ENOUGH_FUNDS')
    // Every other request to pay waits for the payer: /_fake/requests/{id}/approve or /decline.
  }

  function sameSecret(given: string, expected: string): boolean {
    const a = Buffer.from(given)
    const b = Buffer.from(expected)
    return a.length === b.length && timingSafeEqual(a, b)
  }

  function checkSubscriptionKey(request: IncomingMessage, product: MtnProduct) {
    const given = request.headers['ocp-apim-subscription-key']
    if (typeof given !== 'string' || given === '') throw new HttpError(401, errors.missingKey)
    if (!sameSecret(given, keys[product])) throw new HttpError(401, errors.invalidKey)
  }

  function issueToken(request: IncomingMessage, product: MtnProduct) {
    checkSubscriptionKey(request, product)
    const match = /^Basic (.+)$/.exec(request.headers.authorization ?? '')
    const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : ''
    const colon = decoded.indexOf(':')
    const isValid =
      colon > 0 &&
      sameSecret(decoded.slice(0, colon), apiUser) &&
      sameSecret(decoded.slice(colon + 1), apiKey)
    if (!isValid) throw new HttpError(401, errors.loginFailed)
    const accessToken = randomBytes(32).toString('base64url')
    tokens.set(accessToken, { product, expiresAt: Date.now() + tokenTtlSeconds * 1000 })
    tokensIssued[product] += 1
    return { access_token: accessToken, token_type: 'access_token', expires_in: tokenTtlSeconds }
  }

  /** The gateway's and the API's checks every product call passes, in MTN's order. */
  function checkCall(request: IncomingMessage, product: MtnProduct) {
    checkSubscriptionKey(request, product)
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')
    const token = match ? tokens.get(match[1]!) : undefined
    if (!token || token.product !== product || token.expiresAt <= Date.now()) {
      refusedTokens += 1
      throw new HttpError(401, errors.invalidToken)
    }
    const environment = request.headers['x-target-environment']
    if (typeof environment !== 'string' || environment === '') {
      throw new HttpError(400, badRequest('Missing header X-Target-Environment.'))
    }
    if (environment !== targetEnvironment) throw new HttpError(500, errors.targetEnvironment)
  }

  function create(request: IncomingMessage, response: ServerResponse, product: MtnProduct, text: string) {
    const referenceId = request.headers['x-reference-id']
    if (typeof referenceId !== 'string' || referenceId === '') {
      throw new HttpError(400, badRequest('Missing header X-Reference-Id.'))
    }
    if (!uuidPattern.test(referenceId)) throw new HttpError(400, badRequest('X-Reference-Id must be a UUID.'))
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new HttpError(400, badRequest('The body is not JSON.'))
    }
    const parsed = (product === 'disbursement' ? transferBody : requestToPayBody).safeParse(json)
    if (!parsed.success) throw new HttpError(400, badRequest('The body does not follow the specification.'))
    const body = parsed.data
    if (body.currency !== currency) throw new HttpError(500, errors.currency)
    const target = 'payee' in body ? body.payee : (body as z.infer<typeof requestToPayBody>).payer

    const existing = records.get(key(product, referenceId))
    if (existing) {
      existing.posts += 1
      existing.duplicates += 1
      throw new HttpError(409, errors.alreadyExists)
    }
    const scripted = scriptedOutcome(target.partyId)
    // MTN failed before recording anything: the same reference may be sent again.
    if (scripted === 'internal_error') throw new HttpError(500, errors.internal)

    const callbackUrl = request.headers['x-callback-url']
    const record: Entry = {
      referenceId,
      kind: product,
      msisdn: target.partyId,
      amount: Number(body.amount),
      currency: body.currency,
      externalId: body.externalId ?? null,
      status: 'PENDING',
      reason: null,
      financialTransactionId: null,
      scripted,
      posts: 1,
      duplicates: 0,
      callbackUrl: typeof callbackUrl === 'string' && callbackUrl !== '' ? callbackUrl : null,
      createdAt: new Date().toISOString(),
      settledAt: null,
      payerMessage: body.payerMessage ?? '',
      payeeNote: body.payeeNote ?? '',
    }
    records.set(key(product, referenceId), record)
    schedule(record)
    if (scripted === 'timeout_after_accept') {
      // Recorded, but the 202 comes after the client has given up.
      later(clientTimeoutHangMs, () => {
        if (!response.writableEnded && !response.destroyed) respond(response, 202, null)
      })
      return 'held' as const
    }
    respond(response, 202, null)
    return 'held' as const
  }

  function read(product: MtnProduct, referenceId: string) {
    const record = records.get(key(product, referenceId))
    if (!record) throw new HttpError(404, errors.notFound)
    return resource(record)
  }

  function accountHolder(msisdn: string, what: string) {
    const outcome = scriptedOutcome(msisdn)
    // An account that may not receive still exists and is active: its transfer fails with MTN's reason.
    const isActive = outcome !== 'payee_not_found'
    if (what === 'active') return { result: isActive }
    if (outcome === 'payee_not_found') throw new HttpError(404, errors.notFound)
    return {
      ...fakeAccountHolderName(msisdn),
      birthdate: '1990-01-01',
      locale: 'rw_RW',
      gender: 'FEMALE',
      status: 'ACTIVE',
    }
  }

  function control(method: string, path: string, text: string): unknown {
    const json = () => {
      try {
        return JSON.parse(text || '{}') as unknown
      } catch {
        throw new HttpError(400, { error: 'The body is not JSON.' })
      }
    }
    if (method === 'GET' && path === '/_fake/transfers') return { transfers: snapshot().transfers }
    if (method === 'GET' && path === '/_fake/state') return snapshot()
    if (method === 'POST' && path === '/_fake/callbacks') {
      const parsed = callbacksBody.safeParse(json())
      if (!parsed.success) throw new HttpError(400, { error: 'Expected {mode, delayMs?}.' })
      callbackMode = { mode: parsed.data.mode, delayMs: parsed.data.delayMs ?? callbackMode.delayMs }
      return { callbackMode }
    }
    if (method === 'POST' && path === '/_fake/float') {
      const parsed = floatBody.safeParse(json())
      if (!parsed.success) throw new HttpError(400, { error: 'Expected {amount} in whole francs.' })
      float = parsed.data.amount
      return { float }
    }
    const payer = /^\/_fake\/requests\/([^/]+)\/(approve|decline)$/.exec(path)
    if (method === 'POST' && payer) {
      const record = records.get(key('collection', decodeURIComponent(payer[1]!)))
      if (!record) throw new HttpError(404, { error: 'No request to pay has that reference.' })
      if (record.status !== 'PENDING') throw new HttpError(409, { error: `It is already ${record.status}.` })
      if (payer[2] === 'approve') settle(record, 'SUCCESSFUL')
      else settle(record, 'FAILED', 'APPROVAL_REJECTED')
      return { status: record.status }
    }
    if (method === 'POST' && path === '/_fake/expire-tokens') {
      for (const token of tokens.values()) token.expiresAt = 0
      return { expired: tokens.size }
    }
    if (method === 'POST' && path === '/_fake/reset') {
      clearTimers()
      tokens = new Map()
      records = new Map()
      tokensIssued = { disbursement: 0, collection: 0 }
      refusedTokens = 0
      float = initialFloat
      collectionBalance = 0
      callbackMode = { mode: 'normal', delayMs: 1000 }
      callbacks = []
      return { reset: true }
    }
    throw new HttpError(404, { error: 'No such control endpoint.' })
  }

  /**
   * The partner portal's transaction statement (CSV, as its export writes it: a byte-order mark, every field
   * quoted, CRLF, "Currency" after each figure): what settled from `from` to `to`, by when MTN recorded it, in the
   * account's local time. Id is the financial transaction id, External Transaction Id the externalId the partner
   * sent; money leaving the account (a transfer) is negative. Transfers and requests to pay are listed together
   * here; MTN gives each product's account its own statement.
   */
  function statement(query: URLSearchParams): string {
    const period = statementPeriod(query, timeZone)
    if (!period) throw new HttpError(400, { error: 'from and to are days (YYYY-MM-DD) or ISO times.' })
    const settled = [...records.values()].filter((record) => record.status !== 'PENDING')
    const lines = recordedWithin(period, settled, (record) => record.createdAt).map((record) => {
      const holder = fakeAccountHolderName(record.msisdn)
      const isOut = record.kind === 'disbursement'
      return mtnStatementLine(
        {
          id: record.financialTransactionId ?? '',
          externalId: record.externalId ?? '',
          at: record.createdAt,
          isSuccessful: record.status === 'SUCCESSFUL',
          isOut,
          information: record.reason ?? '',
          note: isOut ? record.payeeNote : record.payerMessage,
          msisdn: record.msisdn,
          holderName: `${holder.given_name} ${holder.family_name}`,
          amount: record.amount,
          currency: record.currency,
        },
        { apiUser, timeZone },
      )
    })
    return '\uFEFF' + csvLine(mtnStatementColumns, { quoteAll: true }) + lines.join('')
  }

  /** Routes one request; returns the JSON to answer 200 with, or 'held' when the handler answers itself. */
  function route(request: IncomingMessage, response: ServerResponse, text: string): unknown {
    const method = request.method ?? 'GET'
    const url = new URL(request.url ?? '/', 'http://fake')
    const path = url.pathname
    if (method === 'GET' && path === '/_fake/statement.csv') {
      const csv = statement(url.searchParams)
      response.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8' }).end(csv)
      return 'held'
    }
    if (path.startsWith('/_fake/')) return control(method, path, text)

    const [, productName, ...rest] = path.split('/')
    if (productName !== 'disbursement' && productName !== 'collection')
      throw new HttpError(404, errors.noRoute)
    const product: MtnProduct = productName
    const tail = rest.join('/')
    if (method === 'POST' && (tail === 'token/' || tail === 'token')) return issueToken(request, product)
    if (!tail.startsWith('v1_0/')) throw new HttpError(404, errors.noRoute)
    const resourcePath = tail.slice('v1_0/'.length)
    const resourceName = product === 'disbursement' ? 'transfer' : 'requesttopay'

    const holder = /^accountholder\/msisdn\/([^/]+)\/(active|basicuserinfo)$/.exec(resourcePath)
    const byReference = new RegExp(`^${resourceName}/([^/]+)$`).exec(resourcePath)
    const isCreate = method === 'POST' && resourcePath === resourceName
    const isRead = method === 'GET' && byReference
    const isBalance = method === 'GET' && resourcePath === 'account/balance'
    const isHolder = method === 'GET' && holder
    if (!isCreate && !isRead && !isBalance && !isHolder) throw new HttpError(404, errors.noRoute)

    checkCall(request, product)
    if (isCreate) return create(request, response, product, text)
    if (byReference) return read(product, decodeURIComponent(byReference[1]!))
    if (holder) return accountHolder(decodeURIComponent(holder[1]!), holder[2]!)
    const available = product === 'disbursement' ? float : collectionBalance
    return { availableBalance: String(available), currency }
  }

  function respond(response: ServerResponse, status: number, body: unknown) {
    if (body === null) {
      response.writeHead(status).end()
      return
    }
    const text = JSON.stringify(body)
    response.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8' }).end(text)
  }

  const server = createServer((request, response) => {
    readBody(request, (body) => {
      try {
        const answer = route(request, response, body)
        if (answer !== 'held') respond(response, 200, answer)
      } catch (error) {
        if (error instanceof HttpError) respond(response, error.status, error.body)
        else respond(response, 500, errors.internal)
      }
    })
  })
  const url = await listenLocally(server, options.port)

  return {
    url,
    apiUser,
    apiKey,
    subscriptionKeys: { ...keys },
    targetEnvironment,
    currency,
    state: snapshot,
    async close() {
      clearTimers()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}
