import {
  constants,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenLocally } from './fake-server'
import { paymentFakeDefaults, scriptedOutcome, type ScriptedOutcome } from './scripted-numbers'
import { csvLine, recordedWithin, statementPeriod, wallClock } from './statement-csv'

/**
 * A stand-in for Airtel Money's Open API (Rwanda) on 127.0.0.1, in memory: the OAuth token, disbursements,
 * collections (USSD push), their enquiries, the disbursement wallet's balance, KYC and the callbacks, answering in
 * Airtel's envelope and with Airtel's codes (the same ones src/server/payments/providers/airtel.ts maps, written out
 * again here on purpose: this file plays Airtel, not our reading of it). Outcomes follow the scripted numbers
 * (scripted-numbers.ts). Controls for tests and demos live under `/_fake/`, with the merchant portal's transaction
 * report of what settled at `GET /_fake/statement.csv?from=&to=` (see `statement` below).
 */
export type AirtelFakeOptions = {
  /** 0 (any free port) unless given. */
  port?: number
  clientId?: string
  clientSecret?: string
  /** The disbursement wallet's PIN the fake expects, once decrypted. */
  pin?: string
  /** A PEM; without one the fake makes a key pair and publishes the public half (`publicKeyPem`). */
  pinPrivateKey?: string | KeyObject
  tokenTtlSeconds?: number
  /** How long a transfer stays in progress (TIP) before it settles. 0 settles it within the POST. */
  settleMs?: number
  /** When a late-success number (…000005) settles. */
  lateSuccessMs?: number
  /** How long the fake holds its answer to a timeout-after-accept number (…000007), having recorded it. */
  clientTimeoutHangMs?: number
  /** The disbursement wallet's balance, RWF. */
  float?: number
  /** Where settled transfers are announced; none are sent without it. */
  callbackUrl?: string
  /** Set, callbacks carry `hash` (Airtel's "callback authentication"). */
  callbackSecret?: string
  /** The zone of the report's times and of its `from`/`to` days. Default Africa/Kigali. */
  timeZone?: string
}

export type AirtelFakeTransfer = {
  id: string
  kind: 'disbursement' | 'collection'
  /** National, as Airtel receives it: `738123456`. */
  msisdn: string
  amount: number
  status: 'TIP' | 'TS' | 'TF'
  responseCode: string
  airtelMoneyId: string | null
  /** POSTs that used this id: the first, and every duplicate after it. */
  posts: number
}

export type AirtelFake = {
  url: string
  publicKeyPem: string
  clientId: string
  clientSecret: string
  pin: string
  /** What createAirtelClient needs to talk to this fake (add `callbackSecret` to verify its callbacks). */
  clientConfig: { baseUrl: string; clientId: string; clientSecret: string; pin: string; pinPublicKey: string }
  close(): Promise<void>
}

type CallbackMode = 'normal' | 'drop' | 'duplicate' | 'delay'
type Transfer = AirtelFakeTransfer & {
  outcome: ScriptedOutcome
  message: string
  referenceId: string
  settleTimer: NodeJS.Timeout | null
  /** When Airtel recorded it (ISO). */
  createdAt: string
}
type Json = Record<string, unknown>

const country = 'RW'
const currency = 'RWF'

/** Disbursement response codes (DP009…), as Airtel documents them. */
const disbursement = {
  success: 'DP00900001001',
  inProcess: 'DP00900001006',
  insufficientFunds: 'DP00900001007',
  userNotAllowed: 'DP00900001010',
  invalidMobileNumber: 'DP00900001012',
  notFound: 'DP00900001015',
  duplicate: 'DP00900001017',
}
/** Collection (USSD push) response codes (DP008…). */
const collection = {
  success: 'DP00800001001',
  inProcess: 'DP00800001006',
  notEnoughBalance: 'DP00800001007',
  refused: 'DP00800001008',
  notPermitted: 'DP00800001010',
  notFound: 'DP00800001025',
}

const firstNames = ['Aline', 'Jean', 'Claudine', 'Eric', 'Diane', 'Patrick', 'Grace', 'Emmanuel']
const lastNames = ['Uwase', 'Mugisha', 'Ingabire', 'Habimana', 'Mukamana', 'Niyonzima']

export async function startAirtelFake(options: AirtelFakeOptions = {}): Promise<AirtelFake> {
  const clientId = options.clientId ?? 'isoko-fake-client'
  const clientSecret = options.clientSecret ?? 'isoko-fake-secret'
  const pin = options.pin ?? '1234'
  const tokenTtlSeconds = options.tokenTtlSeconds ?? 7200
  const {
    settleMs,
    lateSuccessMs,
    clientTimeoutHangMs: hangMs,
    float: initialFloat,
  } = paymentFakeDefaults(options)
  const timeZone = options.timeZone ?? 'Africa/Kigali'
  const given = options.pinPrivateKey
  const privateKey =
    given === undefined
      ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
      : typeof given === 'string'
        ? createPrivateKey(given)
        : given
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString()

  const transfers = new Map<string, Transfer>()
  const tokens = new Map<string, number>()
  let tokensIssued = 0
  let float = initialFloat
  let callbacks: { mode: CallbackMode; delayMs: number } = { mode: 'normal', delayMs: 0 }
  let callbacksSent = 0
  let sequence = 0
  /** Every pending timer, for close(); reset() cancels the settling and the delayed callbacks, not held answers. */
  const timers = new Set<NodeJS.Timeout>()
  const callbackTimers = new Set<NodeJS.Timeout>()
  const inFlight = new Set<Promise<void>>()

  function later(run: () => void, ms: number): NodeJS.Timeout {
    const timer = setTimeout(() => {
      timers.delete(timer)
      run()
    }, ms)
    timers.add(timer)
    return timer
  }

  function cancel(timer: NodeJS.Timeout | null) {
    if (!timer) return
    clearTimeout(timer)
    timers.delete(timer)
  }

  function nextId(prefix: string): string {
    sequence += 1
    const stamp = new Date().toISOString().slice(2, 16).replace(/\D/g, '')
    return `${prefix}${stamp.slice(0, 6)}.${stamp.slice(6)}.F${String(sequence).padStart(5, '0')}`
  }

  function envelope(data: Json, status: Json): Json {
    return { data, status }
  }

  function success(data: Json, responseCode: string | undefined, message: string): Json {
    const status: Json = { code: '200', message, result_code: 'ESB000010', success: true }
    if (responseCode) status.response_code = responseCode
    return envelope(data, status)
  }

  function refusal(
    code: string,
    resultCode: string,
    responseCode: string | undefined,
    message: string,
    data = {},
  ) {
    const status: Json = { code, message, result_code: resultCode, success: false }
    if (responseCode) status.response_code = responseCode
    return envelope(data, status)
  }

  /** The PIN from Airtel's RSA PKCS#1 v1.5 envelope, or null when it is not one. */
  function decryptPin(encrypted: string): string | null {
    try {
      // Node refuses PKCS#1 v1.5 in privateDecrypt since CVE-2023-46809 (a timing oracle an attacker could use
      // against a real service). A fake is no such target, so it decrypts raw and strips the padding itself:
      // 00 02, at least 8 non-zero bytes, 00, the message.
      const block = privateDecrypt(
        { key: privateKey, padding: constants.RSA_NO_PADDING },
        Buffer.from(encrypted, 'base64'),
      )
      if (block[0] !== 0 || block[1] !== 2) return null
      const separator = block.indexOf(0, 2)
      if (separator < 10) return null
      return block.subarray(separator + 1).toString('utf8')
    } catch {
      return null
    }
  }

  function settle(transfer: Transfer, status: 'TS' | 'TF', responseCode: string, message: string) {
    if (transfers.get(transfer.id) !== transfer || transfer.status !== 'TIP') return
    cancel(transfer.settleTimer)
    transfer.settleTimer = null
    transfer.status = status
    transfer.responseCode = responseCode
    if (status === 'TS') {
      transfer.airtelMoneyId = nextId('MP')
      transfer.message =
        transfer.kind === 'disbursement'
          ? `You have sent ${currency} ${transfer.amount} to ${transfer.msisdn}. TID: ${transfer.airtelMoneyId}`
          : `Paid ${currency} ${transfer.amount} to Isoko, Trans ID ${transfer.airtelMoneyId}.`
    } else {
      transfer.message = message
    }
    announce(transfer)
  }

  function settleLater(transfer: Transfer, ms: number, status: 'TS' | 'TF', code: string, message: string) {
    transfer.settleTimer = later(() => settle(transfer, status, code, message), ms)
  }

  /** Airtel's callback; with a secret, `hash` is the HMAC of the `transaction` object exactly as sent. */
  function announce(transfer: Transfer) {
    const url = options.callbackUrl
    if (!url || callbacks.mode === 'drop') return
    const transaction = JSON.stringify({
      id: transfer.id,
      message: transfer.message,
      status_code: transfer.status,
      airtel_money_id: transfer.airtelMoneyId,
    })
    const body = options.callbackSecret
      ? `{"transaction":${transaction},"hash":"${createHmac('sha256', options.callbackSecret).update(transaction).digest('base64')}"}`
      : `{"transaction":${transaction}}`
    const post = () => {
      callbacksSent += 1
      const sending = fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(5000),
      })
        .then((response) => response.arrayBuffer())
        .then(
          () => undefined,
          () => undefined,
        )
      inFlight.add(sending)
      void sending.finally(() => inFlight.delete(sending))
    }
    if (callbacks.mode === 'delay') {
      const timer = later(() => {
        callbackTimers.delete(timer)
        post()
      }, callbacks.delayMs)
      callbackTimers.add(timer)
      return
    }
    post()
    if (callbacks.mode === 'duplicate') post()
  }

  function record(kind: Transfer['kind'], id: string, msisdn: string, amount: number): Transfer {
    const transfer: Transfer = {
      id,
      kind,
      msisdn,
      amount,
      status: 'TIP',
      responseCode: kind === 'disbursement' ? disbursement.inProcess : collection.inProcess,
      airtelMoneyId: null,
      posts: 1,
      outcome: scriptedOutcome(msisdn),
      message: 'Transaction is in process.',
      referenceId: nextId('CI'),
      settleTimer: null,
      createdAt: new Date().toISOString(),
    }
    transfers.set(id, transfer)
    return transfer
  }

  function view(transfer: Transfer): AirtelFakeTransfer {
    const { id, kind, msisdn, amount, status, responseCode, airtelMoneyId, posts } = transfer
    return { id, kind, msisdn, amount, status, responseCode, airtelMoneyId, posts }
  }

  /** A JSON answer, or (`csv`) a CSV file. */
  type Answer = { status: number; body: Json; delayMs?: number; csv?: string }

  /**
   * The merchant portal's transaction report (CSV, LF line ends, quoted only where needed): what settled from `from`
   * to `to`, by when Airtel recorded it, in local time. Transaction ID is Airtel's money id (blank for a refused
   * transfer, which never got one), External Transaction ID the transaction id the merchant sent, Status TS or TF.
   * Airtel publishes no layout for this report: these are the names src/server/payments/statement-layouts.ts reads.
   */
  function statement(query: URLSearchParams): Answer {
    const period = statementPeriod(query, timeZone)
    if (!period) return { status: 400, body: { error: 'from and to are days (YYYY-MM-DD) or ISO times' } }
    const merchant = 'ISOKO'
    const header = [
      'Transaction ID',
      'External Transaction ID',
      'Transaction Date',
      'Service Type',
      'Sender MSISDN',
      'Receiver MSISDN',
      'Amount',
      'Currency',
      'Status',
      'Service Charge',
      'Post Balance',
    ]
    const settled = [...transfers.values()].filter((transfer) => transfer.status !== 'TIP')
    const lines = recordedWithin(period, settled, (transfer) => transfer.createdAt).map((transfer) => {
      const isOut = transfer.kind === 'disbursement'
      return csvLine(
        [
          transfer.airtelMoneyId ?? '',
          transfer.id,
          wallClock(transfer.createdAt, timeZone),
          isOut ? 'B2C' : 'Merchant Payment',
          isOut ? merchant : transfer.msisdn,
          isOut ? transfer.msisdn : merchant,
          transfer.amount,
          currency,
          transfer.status,
          0,
          '',
        ],
        { eol: '\n' },
      )
    })
    return { status: 200, body: {}, csv: csvLine(header, { eol: '\n' }) + lines.join('') }
  }

  function token(body: Json | undefined): Answer {
    if (
      body?.client_id !== clientId ||
      body?.client_secret !== clientSecret ||
      body?.grant_type !== 'client_credentials'
    ) {
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client authentication failed' },
      }
    }
    const value = randomBytes(24).toString('base64url')
    tokens.set(value, Date.now() + tokenTtlSeconds * 1000)
    tokensIssued += 1
    // Airtel's sample answers expires_in as a string.
    return {
      status: 200,
      body: { access_token: value, expires_in: String(tokenTtlSeconds), token_type: 'bearer' },
    }
  }

  function gateway(request: IncomingMessage): Answer | null {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
    const expiresAt = bearer ? tokens.get(bearer) : undefined
    if (!expiresAt || expiresAt <= Date.now()) {
      return {
        status: 401,
        body: { error: 'invalid_token', error_description: 'The access token is invalid or has expired' },
      }
    }
    const xCountry = request.headers['x-country']
    const xCurrency = request.headers['x-currency']
    if (!xCountry || !xCurrency) {
      return { status: 400, body: refusal('400', 'ROUTER003', undefined, 'Missing header/body params') }
    }
    if (xCountry !== country)
      return { status: 400, body: refusal('400', 'ROUTER006', undefined, 'Invalid Country') }
    if (xCurrency !== currency) {
      return { status: 400, body: refusal('400', 'ROUTER112', undefined, 'Invalid Currency') }
    }
    return null
  }

  /**
   * What a disbursement and a collection both carry: the MSISDN of the party (`payee` or `subscriber`), the
   * transaction's id and amount, and a reference. Null when one is missing or not what Airtel takes.
   */
  function transactionFields(body: Json | undefined, partyKey: 'payee' | 'subscriber') {
    const party = body?.[partyKey] as Json | undefined
    const transaction = body?.transaction as Json | undefined
    const msisdn = party?.msisdn
    const amount = transaction?.amount
    const id = transaction?.id
    if (
      typeof msisdn !== 'string' ||
      typeof id !== 'string' ||
      id.length === 0 ||
      typeof amount !== 'number' ||
      !(amount > 0) ||
      typeof body?.reference !== 'string'
    ) {
      return null
    }
    return { party, transaction, msisdn, id, amount }
  }

  /** Airtel's refusal of an MSISDN that is not national and 9 digits long (`738123456`); null for one that is. */
  function msisdnRefusal(msisdn: string): Answer | null {
    if (/^\d{9}$/.test(msisdn)) return null
    return {
      status: 200,
      body: refusal('400', 'ESB000033', undefined, 'Invalid MSISDN Length. MSISDN Length should be 9'),
    }
  }

  function disburse(body: Json | undefined): Answer {
    const fields = transactionFields(body, 'payee')
    if (!fields || fields.transaction?.type !== 'B2C' || typeof body?.pin !== 'string') {
      return { status: 200, body: refusal('400', 'ESB000008', undefined, 'Field validation') }
    }
    const { msisdn, id, amount } = fields
    const badMsisdn = msisdnRefusal(msisdn)
    if (badMsisdn) return badMsisdn
    const decrypted = decryptPin(body.pin)
    if (decrypted === null) {
      return {
        status: 400,
        body: refusal('400', 'ROUTER116', undefined, 'The encrypted value of the pin is incorrect'),
      }
    }
    if (decrypted !== pin) {
      return {
        status: 400,
        body: refusal('400', 'ROUTER115', undefined, 'Pin you have entered is incorrect'),
      }
    }
    const existing = transfers.get(id)
    if (existing) {
      existing.posts += 1
      return {
        status: 200,
        body: refusal(
          '400',
          'ESB000041',
          disbursement.duplicate,
          'Duplicate Transaction Id. Do the transaction enquiry.',
        ),
      }
    }
    const outcome = scriptedOutcome(msisdn)
    if (outcome === 'internal_error') {
      return { status: 500, body: refusal('500', 'ESB000001', undefined, 'Something went wrong') }
    }
    const transfer = record('disbursement', id, msisdn, amount)
    // Airtel checks the payee and our wallet before it takes a payout: these are refused in the answer itself.
    const refused =
      outcome === 'payee_not_found'
        ? { code: disbursement.invalidMobileNumber, message: 'Mobile number entered is incorrect.' }
        : outcome === 'not_allowed_to_receive'
          ? { code: disbursement.userNotAllowed, message: 'User not allowed: the payee is barred.' }
          : outcome === 'not_enough_funds' || amount > float
            ? {
                code: disbursement.insufficientFunds,
                message: 'Not enough funds in account to complete the transaction.',
              }
            : null
    if (refused) {
      transfer.status = 'TF'
      transfer.responseCode = refused.code
      transfer.message = refused.message
      const data = { transaction: { id, reference_id: transfer.referenceId, status: 'TF' } }
      return { status: 200, body: refusal('400', 'ESB000011', refused.code, refused.message, data) }
    }
    // Airtel debits the wallet when it takes the payout, so two payouts in flight cannot both spend the same float.
    float -= amount
    if (outcome === 'late_success') settleLater(transfer, lateSuccessMs, 'TS', disbursement.success, '')
    else if (outcome !== 'pending_forever') {
      if (settleMs === 0) settle(transfer, 'TS', disbursement.success, '')
      else settleLater(transfer, settleMs, 'TS', disbursement.success, '')
    }
    const answer: Json = { id, reference_id: transfer.referenceId, status: transfer.status }
    if (transfer.airtelMoneyId) answer.airtel_money_id = transfer.airtelMoneyId
    return {
      status: 200,
      body: success({ transaction: answer }, transfer.responseCode, transfer.message),
      delayMs: outcome === 'timeout_after_accept' ? hangMs : undefined,
    }
  }

  function collect(body: Json | undefined): Answer {
    const fields = transactionFields(body, 'subscriber')
    if (!fields) return { status: 200, body: refusal('400', 'ESB000008', undefined, 'Field validation') }
    const { party: subscriber, msisdn, id, amount } = fields
    if (subscriber?.country !== country)
      return { status: 200, body: refusal('400', 'ESB000034', undefined, 'Invalid Country Name') }
    if (subscriber?.currency !== currency) {
      return { status: 200, body: refusal('400', 'ESB000035', undefined, 'Invalid Currency Code') }
    }
    const badMsisdn = msisdnRefusal(msisdn)
    if (badMsisdn) return badMsisdn
    const existing = transfers.get(id)
    if (existing) {
      existing.posts += 1
      return {
        status: 200,
        body: refusal('400', 'ESB000041', undefined, 'External Transaction ID already exists.'),
      }
    }
    const outcome = scriptedOutcome(msisdn)
    if (outcome === 'internal_error') {
      return { status: 500, body: refusal('500', 'ESB000001', undefined, 'Something went wrong') }
    }
    const transfer = record('collection', id, msisdn, amount)
    // A USSD push is always taken; what the payer (or their wallet) does comes later, in the enquiry and callback.
    switch (outcome) {
      case 'payee_not_found':
      case 'not_allowed_to_receive':
        settleLater(
          transfer,
          settleMs,
          'TF',
          collection.notPermitted,
          'Transaction not permitted: barred or not registered.',
        )
        break
      case 'not_enough_funds':
        settleLater(transfer, settleMs, 'TF', collection.notEnoughBalance, 'Not enough balance.')
        break
      case 'rejected_by_payer':
        settleLater(transfer, settleMs, 'TF', collection.refused, 'The transaction was refused.')
        break
      case 'late_success':
        settleLater(transfer, lateSuccessMs, 'TS', collection.success, '')
        break
      case 'pending_forever':
        break // until /_fake/requests/{id}/approve or /decline
      default:
        settleLater(transfer, settleMs, 'TS', collection.success, '')
    }
    return {
      status: 200,
      body: success({ transaction: { id, status: 'SUCCESS' } }, collection.inProcess, 'Success.'),
      delayMs: outcome === 'timeout_after_accept' ? hangMs : undefined,
    }
  }

  function enquiry(kind: Transfer['kind'], id: string): Answer {
    const transfer = transfers.get(id)
    if (!transfer || transfer.kind !== kind) {
      const code = kind === 'disbursement' ? disbursement.notFound : collection.notFound
      return {
        status: 200,
        body: refusal('404', 'ESB000045', code, 'No Transaction Found With Provided Transaction Id.'),
      }
    }
    const answer: Json = { id, status: transfer.status, message: transfer.message }
    if (transfer.airtelMoneyId) answer.airtel_money_id = transfer.airtelMoneyId
    if (kind === 'disbursement') answer.reference_id = transfer.referenceId
    return { status: 200, body: success({ transaction: answer }, transfer.responseCode, 'SUCCESS') }
  }

  function kyc(msisdn: string): Answer {
    const badMsisdn = msisdnRefusal(msisdn)
    if (badMsisdn) return badMsisdn
    const outcome = scriptedOutcome(msisdn)
    if (outcome === 'payee_not_found') {
      return { status: 200, body: refusal('400', 'ESB000011', 'DP02200000002', 'User Not Found') }
    }
    const digits = Number(msisdn.slice(-4))
    const user = {
      first_name: firstNames[digits % firstNames.length],
      last_name: lastNames[digits % lastNames.length],
      grade: 'SUBS',
      is_barred: outcome === 'not_allowed_to_receive',
      is_pin_set: true,
      msisdn,
      registration: { status: 'SUBS' },
    }
    return { status: 200, body: success(user, 'DP02200000001', 'User enquiry is successful.') }
  }

  function control(method: string, path: string, body: Json | undefined): Answer {
    if (method === 'GET' && path === '/_fake/transfers') {
      return { status: 200, body: { transfers: [...transfers.values()].map(view) } }
    }
    if (method === 'GET' && path === '/_fake/tokens') return { status: 200, body: { issued: tokensIssued } }
    if (method === 'GET' && path === '/_fake/callbacks')
      return { status: 200, body: { ...callbacks, sent: callbacksSent } }
    if (method !== 'POST') return { status: 404, body: { error: 'no such control' } }
    if (path === '/_fake/callbacks') {
      const mode = body?.mode
      const delayMs = body?.delayMs ?? 0
      if (!['normal', 'drop', 'duplicate', 'delay'].includes(mode as string) || typeof delayMs !== 'number') {
        return { status: 400, body: { error: 'mode is normal, drop, duplicate or delay; delayMs a number' } }
      }
      callbacks = { mode: mode as CallbackMode, delayMs }
      return { status: 200, body: callbacks }
    }
    if (path === '/_fake/float') {
      if (typeof body?.amount !== 'number' || body.amount < 0)
        return { status: 400, body: { error: 'amount ≥ 0' } }
      float = body.amount
      return { status: 200, body: { float } }
    }
    if (path === '/_fake/expire-tokens') {
      const expired = tokens.size
      tokens.clear()
      return { status: 200, body: { expired } }
    }
    if (path === '/_fake/reset') {
      for (const transfer of transfers.values()) cancel(transfer.settleTimer)
      for (const timer of callbackTimers) cancel(timer)
      callbackTimers.clear()
      transfers.clear()
      float = initialFloat
      callbacks = { mode: 'normal', delayMs: 0 }
      callbacksSent = 0
      return { status: 200, body: {} }
    }
    const decision = /^\/_fake\/requests\/([^/]+)\/(approve|decline)$/.exec(path)
    if (decision) {
      const transfer = transfers.get(decodeURIComponent(decision[1]!))
      if (!transfer || transfer.kind !== 'collection')
        return { status: 404, body: { error: 'no such request to pay' } }
      if (transfer.status !== 'TIP')
        return { status: 409, body: { error: 'already settled', transfer: view(transfer) } }
      if (decision[2] === 'approve') settle(transfer, 'TS', collection.success, '')
      else settle(transfer, 'TF', collection.refused, 'The transaction was refused.')
      return { status: 200, body: { transfer: view(transfer) } }
    }
    return { status: 404, body: { error: 'no such control' } }
  }

  function route(request: IncomingMessage, body: Json | undefined): Answer {
    const method = request.method ?? 'GET'
    const url = new URL(request.url ?? '/', 'http://fake')
    const path = url.pathname.replace(/\/+$/, '') || '/'
    if (method === 'GET' && path === '/_fake/statement.csv') return statement(url.searchParams)
    if (path.startsWith('/_fake/')) return control(method, path, body)
    if (method === 'POST' && path === '/auth/oauth2/token') return token(body)
    const refused = gateway(request)
    if (refused) return refused
    if (method === 'POST' && path === '/standard/v2/disbursements') return disburse(body)
    if (method === 'POST' && path === '/merchant/v1/payments') return collect(body)
    if (method === 'GET') {
      if (path === '/standard/v1/users/balance') {
        const data = { balance: String(float), currency, account_status: 'Active' }
        return { status: 200, body: success(data, 'DP02100000001', 'Balance enquiry is successful.') }
      }
      const match = /^\/standard\/(?:v2\/disbursements|v1\/payments|v1\/users)\/([^/]+)$/.exec(path)
      const id = match ? decodeURIComponent(match[1]!) : null
      if (id && path.startsWith('/standard/v2/disbursements/')) return enquiry('disbursement', id)
      if (id && path.startsWith('/standard/v1/payments/')) return enquiry('collection', id)
      if (id) return kyc(id)
    }
    return { status: 404, body: refusal('404', 'ROUTER404', undefined, 'Resource not found') }
  }

  function reply(response: ServerResponse, answer: Answer) {
    if (response.destroyed || response.writableEnded) return
    if (answer.csv !== undefined) {
      response.writeHead(answer.status, { 'content-type': 'text/csv; charset=utf-8' })
      response.end(answer.csv)
      return
    }
    response.writeHead(answer.status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(answer.body))
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      let body: Json | undefined
      try {
        body = text ? (JSON.parse(text) as Json) : undefined
      } catch {
        reply(response, { status: 400, body: refusal('400', 'ESB000008', undefined, 'Malformed JSON') })
        return
      }
      let answer: Answer
      try {
        answer = route(request, body)
      } catch {
        answer = { status: 500, body: refusal('500', 'ESB000001', undefined, 'Something went wrong') }
      }
      if (answer.delayMs) later(() => reply(response, answer), answer.delayMs)
      else reply(response, answer)
    })
  })
  const url = await listenLocally(server, options.port)

  return {
    url,
    publicKeyPem,
    clientId,
    clientSecret,
    pin,
    clientConfig: { baseUrl: url, clientId, clientSecret, pin, pinPublicKey: publicKeyPem },
    async close() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await Promise.allSettled([...inFlight])
      await closed
    },
  }
}
