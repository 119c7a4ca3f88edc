/**
 * A pawaPay Merchant API v2 that runs in memory on 127.0.0.1, for development and tests: payouts, deposits,
 * their status checks, the wallet balance, provider prediction, and signed callbacks, with pawaPay's paths,
 * bodies, statuses and failure codes (docs.pawapay.io/v2). What happens to a transfer is scripted by the
 * phone number (scripted-numbers.ts); every other number succeeds after `settleMs`.
 *
 * Lifecycle: ACCEPTED, then PROCESSING, then COMPLETED or FAILED. A payout larger than the float fails with
 * PAWAPAY_WALLET_OUT_OF_FUNDS when it would complete; a completed payout draws the float down, a completed
 * deposit adds to it. On each final status the fake POSTs the transfer to `callbackUrl`, signed as pawaPay signs
 * (RFC 9421, ECDSA P-256 over `@method @authority @path signature-date content-digest content-type`).
 *
 * Control endpoints (JSON, no token) steer it:
 *   GET  /_fake/transfers                    every transfer: id, kind, msisdn, amount, status, posts, callbacks
 *   POST /_fake/callbacks {mode, delayMs?}   'normal' | 'drop' | 'duplicate' | 'delay'
 *   POST /_fake/float {amount}               sets the wallet balance
 *   POST /_fake/requests/{id}/approve        the payer approves a deposit on their phone (and /decline)
 *   POST /_fake/reset                        forgets every transfer; float and callbacks back to the start
 *   GET  /_fake/statement.csv?from=&to=      the wallet statement (CSV) of what completed or failed (`statement`)
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomInt,
  sign,
  type KeyObject,
} from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenLocally } from './fake-server'
import { paymentFakeDefaults, scriptedOutcome, type ScriptedOutcome } from './scripted-numbers'
import { csvLine, recordedWithin, statementPeriod, wallClock } from './statement-csv'

export type PawapayFakeOptions = {
  /** 0 (the default) picks a free port. */
  port?: number
  /** The bearer token the fake accepts. */
  apiToken?: string
  /** How long a transfer takes to reach its final status. */
  settleMs?: number
  /** How long a `late_success` number takes to complete. */
  lateSuccessMs?: number
  /** How long a `timeout_after_accept` number's answer is held back (long enough for the client to give up). */
  clientTimeoutHangMs?: number
  /** The RWF wallet's starting balance. */
  float?: number
  /** Where the fake POSTs its signed callbacks; none are sent without it. */
  callbackUrl?: string
  /** The callback-signing private key (PEM or KeyObject, EC P-256 or RSA); a fresh P-256 pair when absent. */
  signingKey?: string | KeyObject
}

export type PawapayFake = {
  url: string
  apiToken: string
  /** The public half of the signing key, as pawaPay hands it out: what the client verifies callbacks with. */
  publicKeyPem: string
  keyId: string
  close: () => Promise<void>
}

type Kind = 'payout' | 'deposit'
type Status = 'ACCEPTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED'
type Failure = { failureCode: string; failureMessage: string }
type CallbackMode = { mode: 'normal' | 'drop' | 'duplicate' | 'delay'; delayMs: number }

type Transfer = {
  id: string
  kind: Kind
  msisdn: string
  provider: string
  amount: number
  amountText: string
  currency: string
  customerMessage?: string
  metadata?: unknown
  created: string
  status: Status
  outcome: ScriptedOutcome
  providerTransactionId?: string
  failureReason?: Failure
  posts: number
  callbacks: number
  timers: Set<NodeJS.Timeout>
}

const country = 'RWA'
const providers = ['MTN_MOMO_RWA', 'AIRTEL_RWA']
/** pawaPay's transaction limits for RWF, per transfer. */
const minAmount = 100
const maxAmount = 5_000_000
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The operator pawaPay places a Rwandan number with: MTN 078/079, Airtel 072/073. */
function predictedProvider(msisdn: string): string | null {
  if (/^2507[89]\d{7}$/.test(msisdn)) return 'MTN_MOMO_RWA'
  if (/^2507[23]\d{7}$/.test(msisdn)) return 'AIRTEL_RWA'
  return null
}

/** What the operator answers for a scripted number, once the transfer reaches it. */
const scriptedFailures: Record<Kind, Partial<Record<ScriptedOutcome, Failure>>> = {
  payout: {
    payee_not_found: {
      failureCode: 'RECIPIENT_NOT_FOUND',
      failureMessage: 'The recipient phone number is not registered with the provider.',
    },
    not_allowed_to_receive: {
      failureCode: 'WALLET_LIMIT_REACHED',
      failureMessage: 'The recipient has reached a limit on their wallet and cannot receive.',
    },
    not_enough_funds: {
      failureCode: 'PAWAPAY_WALLET_OUT_OF_FUNDS',
      failureMessage: 'Your pawaPay wallet does not have enough funds for this payout.',
    },
  },
  deposit: {
    payee_not_found: {
      failureCode: 'PAYER_NOT_FOUND',
      failureMessage: 'The payer phone number is not registered with the provider.',
    },
    not_allowed_to_receive: {
      failureCode: 'PAYER_LIMIT_REACHED',
      failureMessage: 'The payer has reached a transaction limit on their wallet.',
    },
    not_enough_funds: {
      failureCode: 'INSUFFICIENT_BALANCE',
      failureMessage: 'The payer does not have enough funds.',
    },
    rejected_by_payer: {
      failureCode: 'PAYMENT_NOT_APPROVED',
      failureMessage: 'The payer did not approve the payment.',
    },
  },
}

const notApproved = scriptedFailures.deposit.rejected_by_payer!
const outOfFunds = scriptedFailures.payout.not_enough_funds!

class Refusal {
  constructor(
    readonly http: number,
    readonly failureCode: string,
    readonly failureMessage: string,
  ) {}
}

export async function startPawapayFake(options: PawapayFakeOptions = {}): Promise<PawapayFake> {
  const apiToken = options.apiToken ?? 'fake-pawapay-token'
  const {
    settleMs,
    lateSuccessMs,
    clientTimeoutHangMs: hangMs,
    float: startingFloat,
  } = paymentFakeDefaults(options)
  const callbackUrl = options.callbackUrl
  const privateKey = signingKeyFrom(options.signingKey)
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString()
  const keyId = 'HTTP_EC_P256_KEY:1'
  const algorithm = privateKey.asymmetricKeyType === 'rsa' ? 'rsa-v1_5-sha256' : 'ecdsa-p256-sha256'

  const transfers = new Map<string, Transfer>()
  const timers = new Set<NodeJS.Timeout>()
  const deliveries = new Set<AbortController>()
  let float = startingFloat
  let callbackMode: CallbackMode = { mode: 'normal', delayMs: 0 }
  let closed = false

  function later(ms: number, run: () => void, transfer?: Transfer) {
    if (closed) return
    const timer = setTimeout(() => {
      timers.delete(timer)
      transfer?.timers.delete(timer)
      run()
    }, ms)
    timers.add(timer)
    transfer?.timers.add(timer)
  }

  function view(transfer: Transfer) {
    const party = {
      type: 'MMO',
      accountDetails: { phoneNumber: transfer.msisdn, provider: transfer.provider },
    }
    return {
      [transfer.kind === 'payout' ? 'payoutId' : 'depositId']: transfer.id,
      status: transfer.status,
      amount: transfer.amountText,
      currency: transfer.currency,
      country,
      [transfer.kind === 'payout' ? 'recipient' : 'payer']: party,
      ...(transfer.customerMessage ? { customerMessage: transfer.customerMessage } : {}),
      created: transfer.created,
      ...(transfer.providerTransactionId ? { providerTransactionId: transfer.providerTransactionId } : {}),
      ...(transfer.failureReason ? { failureReason: transfer.failureReason } : {}),
      ...(transfer.metadata !== undefined ? { metadata: transfer.metadata } : {}),
    }
  }

  function schedule(transfer: Transfer) {
    later(
      settleMs / 2,
      () => {
        if (transfer.status === 'ACCEPTED') transfer.status = 'PROCESSING'
      },
      transfer,
    )
    // Stuck at the operator: it stays PROCESSING (a deposit until the payer answers on the control endpoint).
    if (transfer.outcome === 'pending_forever') return
    const delay = transfer.outcome === 'late_success' ? lateSuccessMs : settleMs
    later(delay, () => settle(transfer, scriptedFailures[transfer.kind][transfer.outcome] ?? null), transfer)
  }

  /** The final status: a failure as given, or a completion (which a payout the float cannot cover fails). */
  function settle(transfer: Transfer, failure: Failure | null) {
    if (transfer.status === 'COMPLETED' || transfer.status === 'FAILED') return
    for (const timer of transfer.timers) {
      clearTimeout(timer)
      timers.delete(timer)
    }
    transfer.timers.clear()
    if (!failure && transfer.kind === 'payout' && transfer.amount > float) failure = outOfFunds
    if (failure) {
      transfer.status = 'FAILED'
      transfer.failureReason = failure
    } else {
      transfer.status = 'COMPLETED'
      transfer.providerTransactionId = String(randomInt(1_000_000_000, 10_000_000_000))
      float += transfer.kind === 'payout' ? -transfer.amount : transfer.amount
    }
    sendCallbacks(transfer)
  }

  function sendCallbacks(transfer: Transfer) {
    if (!callbackUrl || callbackMode.mode === 'drop') return
    const body = JSON.stringify(view(transfer))
    const headers = signedHeaders(body)
    const times = callbackMode.mode === 'duplicate' ? 2 : 1
    const delay = callbackMode.mode === 'delay' ? callbackMode.delayMs : 0
    for (let copy = 0; copy < times; copy += 1) {
      later(delay, () => void deliver(transfer, body, headers))
    }
  }

  async function deliver(transfer: Transfer, body: string, headers: Record<string, string>) {
    const controller = new AbortController()
    deliveries.add(controller)
    try {
      const response = await fetch(callbackUrl!, { method: 'POST', headers, body, signal: controller.signal })
      await response.arrayBuffer()
      transfer.callbacks += 1
    } catch {
      // pawaPay would retry; the fake counts only the callbacks that arrived.
    } finally {
      deliveries.delete(controller)
    }
  }

  /** The headers pawaPay sends with a signed callback: digest of the body, and an RFC 9421 signature. */
  function signedHeaders(body: string): Record<string, string> {
    const target = new URL(callbackUrl!)
    const contentType = 'application/json; charset=UTF-8'
    const digest = `sha-512=:${createHash('sha512').update(body, 'utf8').digest('base64')}:`
    const signatureDate = new Date().toISOString()
    const created = Math.floor(Date.now() / 1000)
    const params =
      '("@method" "@authority" "@path" "signature-date" "content-digest" "content-type")' +
      `;alg="${algorithm}";keyid="${keyId}";created=${created};expires=${created + 60}`
    const base = [
      '"@method": POST',
      `"@authority": ${target.host}`,
      `"@path": ${target.pathname}`,
      `"signature-date": ${signatureDate}`,
      `"content-digest": ${digest}`,
      `"content-type": ${contentType}`,
      `"@signature-params": ${params}`,
    ].join('\n')
    // DER-encoded, as pawaPay's Java signer produces it.
    const signature = sign('sha256', Buffer.from(base, 'utf8'), privateKey).toString('base64')
    return {
      'content-type': contentType,
      'content-digest': digest,
      'signature-date': signatureDate,
      'signature-input': `sig-pp=${params}`,
      signature: `sig-pp=:${signature}:`,
    }
  }

  async function initiate(kind: Kind, request: IncomingMessage, response: ServerResponse) {
    const idKey = kind === 'payout' ? 'payoutId' : 'depositId'
    let id: string | undefined
    try {
      const body = parseBody(await readBody(request))
      id = typeof body[idKey] === 'string' ? body[idKey] : undefined
      const transfer = validateInitiation(kind, body)
      const known = transfers.get(transfer.id)
      if (known) {
        // pawaPay keys a transfer on its id: a second POST moves nothing, whatever it says.
        known.posts += 1
        return json(response, 200, { [idKey]: known.id, status: 'DUPLICATE_IGNORED', created: known.created })
      }
      checkLimits(transfer)
      if (transfer.outcome === 'internal_error') {
        return json(response, 500, {
          [idKey]: transfer.id,
          status: 'REJECTED',
          failureReason: { failureCode: 'UNKNOWN_ERROR', failureMessage: 'Something went wrong at pawaPay.' },
        })
      }
      transfers.set(transfer.id, transfer)
      schedule(transfer)
      const accepted = { [idKey]: transfer.id, status: 'ACCEPTED', created: transfer.created }
      if (transfer.outcome === 'timeout_after_accept') {
        // Taken, and then the answer comes too late for the caller, who must ask for the status.
        return later(hangMs, () => json(response, 200, accepted))
      }
      return json(response, 200, accepted)
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      return json(response, error.http, {
        ...(id ? { [idKey]: id } : {}),
        status: 'REJECTED',
        failureReason: { failureCode: error.failureCode, failureMessage: error.failureMessage },
      })
    }
  }

  function statusOf(kind: Kind, id: string, response: ServerResponse) {
    const transfer = transfers.get(id)
    if (!transfer || transfer.kind !== kind) return json(response, 200, { status: 'NOT_FOUND' })
    return json(response, 200, { status: 'FOUND', data: view(transfer) })
  }

  /**
   * The dashboard's wallet statement export (CSV, CRLF, quoted only where needed), times in UTC as pawaPay writes
   * them and `from`/`to` days of UTC: the columns pawaPay documents (Creation Date, MSISDN, Transaction ID, Amount,
   * Currency, Country, MNO, Type), then Status, Financial Transaction ID (the operator's), Fee and Balance, whose
   * names are ours (src/server/payments/statement-layouts.ts reads them). Payouts are negative, as they leave the
   * wallet.
   */
  function statement(query: URLSearchParams, response: ServerResponse) {
    const period = statementPeriod(query, 'UTC')
    if (!period) return json(response, 400, { error: 'from and to are days (YYYY-MM-DD) or ISO times' })
    const header = [
      'Creation Date',
      'MSISDN',
      'Transaction ID',
      'Amount',
      'Currency',
      'Country',
      'MNO',
      'Type',
      'Status',
      'Financial Transaction ID',
      'Fee',
      'Balance',
    ]
    const final = [...transfers.values()].filter(
      (transfer) => transfer.status === 'COMPLETED' || transfer.status === 'FAILED',
    )
    const lines = recordedWithin(period, final, (transfer) => transfer.created).map((transfer) =>
      csvLine([
        wallClock(transfer.created, 'UTC'),
        transfer.msisdn,
        transfer.id,
        transfer.kind === 'payout' ? -transfer.amount : transfer.amount,
        transfer.currency,
        country,
        transfer.provider,
        transfer.kind === 'payout' ? 'PAYOUT' : 'DEPOSIT',
        transfer.status,
        transfer.providerTransactionId ?? '',
        0,
        '',
      ]),
    )
    const text = csvLine(header) + lines.join('')
    response.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    })
    response.end(text)
  }

  async function control(method: string, path: string, request: IncomingMessage, response: ServerResponse) {
    if (method === 'GET' && path === '/_fake/statement.csv') {
      return statement(new URL(request.url ?? '/', 'http://127.0.0.1').searchParams, response)
    }
    if (method === 'GET' && path === '/_fake/transfers') {
      return json(response, 200, {
        float,
        callbacks: callbackMode,
        transfers: [...transfers.values()].map((transfer) => ({
          id: transfer.id,
          kind: transfer.kind,
          msisdn: transfer.msisdn,
          provider: transfer.provider,
          amount: transfer.amount,
          status: transfer.status,
          failureCode: transfer.failureReason?.failureCode ?? null,
          posts: transfer.posts,
          callbacks: transfer.callbacks,
        })),
      })
    }
    if (method !== 'POST') return json(response, 404, { error: 'unknown control endpoint' })
    const body = parseControlBody(await readBody(request))
    if (path === '/_fake/callbacks') {
      const mode = body?.mode
      const delayMs = body?.delayMs ?? 0
      if (
        (mode !== 'normal' && mode !== 'drop' && mode !== 'duplicate' && mode !== 'delay') ||
        typeof delayMs !== 'number' ||
        delayMs < 0
      ) {
        return json(response, 400, { error: "mode is one of 'normal', 'drop', 'duplicate', 'delay'" })
      }
      callbackMode = { mode, delayMs }
      return json(response, 200, callbackMode)
    }
    if (path === '/_fake/float') {
      const amount = body?.amount
      if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
        return json(response, 400, { error: 'amount is a number of RWF, 0 or more' })
      }
      float = amount
      return json(response, 200, { float })
    }
    if (path === '/_fake/reset') {
      reset()
      return json(response, 200, { float })
    }
    const answer = /^\/_fake\/requests\/([^/]+)\/(approve|decline)$/.exec(path)
    if (answer) {
      const transfer = transfers.get(decodeURIComponent(answer[1]!))
      if (!transfer || transfer.kind !== 'deposit') return json(response, 404, { error: 'no such deposit' })
      if (transfer.status === 'COMPLETED' || transfer.status === 'FAILED') {
        return json(response, 409, { error: `the deposit is already ${transfer.status}` })
      }
      settle(transfer, answer[2] === 'approve' ? null : notApproved)
      return json(response, 200, view(transfer))
    }
    return json(response, 404, { error: 'unknown control endpoint' })
  }

  function reset() {
    for (const timer of timers) clearTimeout(timer)
    timers.clear()
    transfers.clear()
    float = startingFloat
    callbackMode = { mode: 'normal', delayMs: 0 }
  }

  function authorised(request: IncomingMessage, response: ServerResponse): boolean {
    const header = request.headers.authorization
    const refusal = !header?.startsWith('Bearer ')
      ? new Refusal(401, 'NO_AUTHENTICATION', 'The Authorization header with the API token is missing.')
      : header.slice('Bearer '.length) !== apiToken
        ? new Refusal(403, 'AUTHENTICATION_ERROR', 'The API token is not valid.')
        : null
    if (!refusal) return true
    json(response, refusal.http, {
      status: 'REJECTED',
      failureReason: { failureCode: refusal.failureCode, failureMessage: refusal.failureMessage },
    })
    return false
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const method = request.method ?? 'GET'
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const path = url.pathname
    if (path.startsWith('/_fake/')) return control(method, path, request, response)
    if (!authorised(request, response)) return
    if (method === 'POST' && path === '/v2/payouts') return initiate('payout', request, response)
    if (method === 'POST' && path === '/v2/deposits') return initiate('deposit', request, response)
    const lookup = /^\/v2\/(payouts|deposits)\/([^/]+)$/.exec(path)
    if (method === 'GET' && lookup) {
      return statusOf(
        lookup[1] === 'payouts' ? 'payout' : 'deposit',
        decodeURIComponent(lookup[2]!),
        response,
      )
    }
    if (method === 'GET' && path === '/v2/wallet-balances') {
      const only = url.searchParams.get('country')
      const wallet = { country, balance: String(float), currency: 'RWF', provider: '' }
      return json(response, 200, { balances: !only || only === country ? [wallet] : [] })
    }
    if (method === 'POST' && path === '/v2/predict-provider') return predict(request, response)
    if (method === 'GET' && path === '/v2/public-key/http') {
      return json(response, 200, [{ id: keyId, key: publicKeyPem }])
    }
    return json(response, 404, {
      status: 'REJECTED',
      failureReason: { failureCode: 'NOT_FOUND', failureMessage: `No endpoint ${method} ${path}.` },
    })
  }

  async function predict(request: IncomingMessage, response: ServerResponse) {
    try {
      const body = parseBody(await readBody(request))
      if (typeof body.phoneNumber !== 'string') {
        throw new Refusal(400, 'MISSING_PARAMETER', 'phoneNumber is required.')
      }
      // pawaPay sanitises first: no plus, no spaces, digits only.
      const phoneNumber = body.phoneNumber.replace(/\D/g, '')
      const provider = predictedProvider(phoneNumber)
      if (!provider) throw new Refusal(400, 'INVALID_PHONE_NUMBER', 'The phone number is not valid.')
      return json(response, 200, { country, provider, phoneNumber })
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      return json(response, error.http, {
        failureReason: { failureCode: error.failureCode, failureMessage: error.failureMessage },
      })
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) json(response, 500, { failureReason: { failureCode: 'UNKNOWN_ERROR' } })
    })
  })
  const url = await listenLocally(server, options.port)

  return {
    url,
    apiToken,
    publicKeyPem,
    keyId,
    async close() {
      if (closed) return
      closed = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      for (const delivery of deliveries) delivery.abort()
      // A held-back answer or a keep-alive socket would otherwise hold close() open.
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function signingKeyFrom(key: PawapayFakeOptions['signingKey']): KeyObject {
  if (key === undefined) return generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey
  return typeof key === 'string' ? createPrivateKey(key) : key
}

/**
 * A payout or deposit request checked as pawaPay checks it: a body it cannot read is a 400 (INVALID_INPUT,
 * MISSING_PARAMETER, UNSUPPORTED_PARAMETER, INVALID_PARAMETER); one it reads but will not carry out is REJECTED
 * with HTTP 200 (checkLimits).
 */
function validateInitiation(kind: Kind, body: Record<string, unknown>): Transfer {
  const idKey = kind === 'payout' ? 'payoutId' : 'depositId'
  const partyKey = kind === 'payout' ? 'recipient' : 'payer'
  const allowed = [idKey, partyKey, 'amount', 'currency', 'customerMessage', 'metadata', 'clientReferenceId']
  if (kind === 'deposit') allowed.push('preAuthorisationCode')
  const unsupported = Object.keys(body).find((key) => !allowed.includes(key))
  if (unsupported) throw new Refusal(400, 'UNSUPPORTED_PARAMETER', `${unsupported} is not supported.`)
  for (const key of [idKey, partyKey, 'amount', 'currency']) {
    if (body[key] === undefined || body[key] === null) {
      throw new Refusal(400, 'MISSING_PARAMETER', `${key} is required.`)
    }
  }
  const id = body[idKey]
  if (typeof id !== 'string' || !uuid.test(id)) {
    throw new Refusal(400, 'INVALID_PARAMETER', `${idKey} must be a UUID.`)
  }
  const party = body[partyKey] as { type?: unknown; accountDetails?: Record<string, unknown> }
  if (typeof party !== 'object' || party.type !== 'MMO') {
    throw new Refusal(400, 'INVALID_PARAMETER', `${partyKey}.type must be MMO.`)
  }
  const phoneNumber = party.accountDetails?.phoneNumber
  const provider = party.accountDetails?.provider
  if (typeof phoneNumber !== 'string' || typeof provider !== 'string') {
    throw new Refusal(400, 'MISSING_PARAMETER', `${partyKey}.accountDetails needs phoneNumber and provider.`)
  }
  const amount = body.amount
  if (typeof amount !== 'string' || !/^\d+(\.\d+)?$/.test(amount)) {
    throw new Refusal(400, 'INVALID_PARAMETER', 'amount must be a string of digits.')
  }
  const message = body.customerMessage
  if (message !== undefined && (typeof message !== 'string' || !/^[A-Za-z0-9 ]{4,22}$/.test(message))) {
    throw new Refusal(400, 'INVALID_PARAMETER', 'customerMessage must be 4 to 22 letters, digits or spaces.')
  }
  if (typeof body.currency !== 'string')
    throw new Refusal(400, 'INVALID_PARAMETER', 'currency must be a string.')
  return {
    id,
    kind,
    msisdn: phoneNumber,
    provider,
    amount: Number(amount),
    amountText: amount,
    currency: body.currency,
    ...(typeof message === 'string' ? { customerMessage: message } : {}),
    ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
    created: new Date().toISOString(),
    status: 'ACCEPTED',
    outcome: scriptedOutcome(phoneNumber),
    posts: 1,
    callbacks: 0,
    timers: new Set(),
  }
}

/** What pawaPay refuses with HTTP 200 REJECTED: nothing is recorded, nothing moves. */
function checkLimits(transfer: Transfer) {
  if (!providers.includes(transfer.provider)) {
    throw new Refusal(200, 'INVALID_PROVIDER', `${transfer.provider} is not a provider on this account.`)
  }
  if (transfer.currency !== 'RWF') {
    throw new Refusal(200, 'INVALID_CURRENCY', `${transfer.provider} does not support ${transfer.currency}.`)
  }
  if (!/^\d+$/.test(transfer.amountText.replace(/\.0+$/, ''))) {
    throw new Refusal(200, 'INVALID_AMOUNT', `${transfer.provider} does not support decimals in RWF.`)
  }
  if (transfer.amount < minAmount || transfer.amount > maxAmount) {
    throw new Refusal(200, 'AMOUNT_OUT_OF_BOUNDS', `The amount must be ${minAmount} to ${maxAmount} RWF.`)
  }
  if (predictedProvider(transfer.msisdn) !== transfer.provider) {
    throw new Refusal(
      200,
      'INVALID_PHONE_NUMBER',
      `The phone number is not a valid ${transfer.provider} number.`,
    )
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > 64 * 1024) throw new Refusal(400, 'INVALID_INPUT', 'The request body is too large.')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function parseBody(text: string): Record<string, unknown> {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new Refusal(400, 'INVALID_INPUT', 'The request body is not JSON.')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Refusal(400, 'INVALID_INPUT', 'The request body is not a JSON object.')
  }
  return body as Record<string, unknown>
}

function parseControlBody(text: string): Record<string, unknown> | null {
  try {
    const body = JSON.parse(text || '{}') as unknown
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null
  } catch {
    return null
  }
}

function json(response: ServerResponse, status: number, body: unknown) {
  if (response.headersSent || response.destroyed) return
  const text = JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  })
  response.end(text)
}
