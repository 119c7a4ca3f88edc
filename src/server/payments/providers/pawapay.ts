/**
 * pawaPay's Merchant API v2 (docs.pawapay.io/v2) for Rwanda: payouts to, and deposits (requests to pay) from,
 * MTN MoMo (MTN_MOMO_RWA) and Airtel Money (AIRTEL_RWA) wallets. A thin layer over `fetch`: each call is one
 * request with a bearer token, and every answer is checked with zod before anything is read from it.
 *
 * pawaPay answers an initiation with HTTP 200 even when it refuses it (`REJECTED` with a failureReason), and a
 * status check with HTTP 200 `FOUND`/`NOT_FOUND`. Only 401/403 (our token), 5xx (its trouble) and 400 (a request
 * it could not read) use the HTTP status.
 */
import { constants, createHash, createPublicKey, verify, type KeyObject } from 'node:crypto'
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

export const pawapayProviders = ['MTN_MOMO_RWA', 'AIRTEL_RWA'] as const
export type PawapayProvider = (typeof pawapayProviders)[number]

export type PawapayConfig = {
  /** `https://api.sandbox.pawapay.io` or `https://api.pawapay.io`: the `/v2/…` paths are added to it. */
  baseUrl: string
  apiToken: string
  /** pawaPay's public key for signed callbacks (PEM, from the dashboard or `GET /v2/public-key/http`). */
  callbackPublicKey?: string
  /** The URL pawaPay is configured to call: its authority and path are part of what each signature covers. */
  callbackUrl?: string
  currency?: 'RWF'
  /** How long one request may take before the provider counts as unavailable. */
  timeoutMs?: number
  fetch?: typeof fetch
}

export type PawapayClient = PayoutProvider & CollectionProvider & { readonly name: 'pawapay' }

const country = 'RWA'
const defaultTimeoutMs = 10_000
/** How far pawaPay's clock may be from ours before a signature's `expires` refuses its callback. */
const clockSkewSeconds = 60

/** MTN Rwanda numbers start 078/079, Airtel's 072/073 (E.164 without the plus: 25078…). */
function providerByPrefix(msisdn: string): PawapayProvider | null {
  if (/^2507[89]\d{7}$/.test(msisdn)) return 'MTN_MOMO_RWA'
  if (/^2507[23]\d{7}$/.test(msisdn)) return 'AIRTEL_RWA'
  return null
}

const failureReasonSchema = z.object({
  failureCode: z.string().min(1),
  failureMessage: z.string().nullish(),
})
type PawapayFailure = z.infer<typeof failureReasonSchema>

const initiationSchema = z.object({
  status: z.enum(['ACCEPTED', 'REJECTED', 'DUPLICATE_IGNORED']),
  payoutId: z.string().nullish(),
  depositId: z.string().nullish(),
  failureReason: failureReasonSchema.nullish(),
})

/**
 * Every status a payout or deposit can have. v2 says PROCESSING where v1 said SUBMITTED; pawaPay's sandbox pages
 * still show SUBMITTED, so both are read as in flight. An unknown status is a protocol error, never a guess.
 */
const lifecycleSchema = z.enum([
  'ACCEPTED',
  'ENQUEUED',
  'SUBMITTED',
  'PROCESSING',
  'IN_RECONCILIATION',
  'COMPLETED',
  'FAILED',
])

const transactionSchema = z.object({
  payoutId: z.string().nullish(),
  depositId: z.string().nullish(),
  status: lifecycleSchema,
  providerTransactionId: z.string().nullish(),
  failureReason: failureReasonSchema.nullish(),
})

const statusSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('NOT_FOUND') }),
  z.object({ status: z.literal('FOUND'), data: transactionSchema }),
])

const walletBalancesSchema = z.object({
  balances: z.array(
    z.object({
      country: z.string(),
      currency: z.string(),
      balance: z.string().regex(/^-?\d+(\.\d+)?$/),
      provider: z.string().nullish(),
    }),
  ),
})

const predictionSchema = z.object({ country: z.string(), provider: z.string(), phoneNumber: z.string() })

const rejectionSchema = z.object({ failureReason: failureReasonSchema.nullish() })

/** A callback's body is the payout or deposit itself. */
const callbackBodySchema = z.union([
  z.object({ payoutId: z.string().min(1), status: z.string() }),
  z.object({ depositId: z.string().min(1), status: z.string() }),
])

const payoutFailures: Record<string, FailureReason> = {
  RECIPIENT_NOT_FOUND: 'payee_not_found',
  INVALID_PHONE_NUMBER: 'payee_not_found',
  // v1 named a recipient that may not receive more so; v2 calls it a wallet limit.
  RECIPIENT_NOT_ALLOWED_TO_RECEIVE: 'not_allowed_to_receive',
  RECIPIENT_LIMIT_REACHED: 'not_allowed_to_receive',
  WALLET_LIMIT_REACHED: 'not_allowed_to_receive',
  // Our own pawaPay wallet (the float) cannot cover the payout: v2's code, and v1's and the older name.
  PAWAPAY_WALLET_OUT_OF_FUNDS: 'not_enough_funds',
  INSUFFICIENT_BALANCE: 'not_enough_funds',
  BALANCE_INSUFFICIENT: 'not_enough_funds',
}

const depositFailures: Record<string, FailureReason> = {
  PAYER_NOT_FOUND: 'payer_not_found',
  INVALID_PHONE_NUMBER: 'payer_not_found',
  PAYMENT_NOT_APPROVED: 'rejected_by_payer',
  INSUFFICIENT_BALANCE: 'not_enough_funds',
  PAYER_LIMIT_REACHED: 'limit_reached',
  WALLET_LIMIT_REACHED: 'limit_reached',
}

/** The operator's or pawaPay's own trouble, whichever way the money was meant to go. */
const commonFailures: Record<string, FailureReason> = {
  PROVIDER_TEMPORARILY_UNAVAILABLE: 'internal_error',
  UNSPECIFIED_FAILURE: 'internal_error',
  UNKNOWN_ERROR: 'internal_error',
  OTHER_ERROR: 'internal_error',
}

type Kind = 'payout' | 'deposit'

function failureReason(kind: Kind, failure: PawapayFailure | null | undefined): FailureReason {
  if (!failure) return 'other'
  const own = kind === 'payout' ? payoutFailures : depositFailures
  return own[failure.failureCode] ?? commonFailures[failure.failureCode] ?? 'other'
}

function providerMessage(failure: PawapayFailure | null | undefined): string | undefined {
  if (!failure) return undefined
  return failure.failureMessage ? `${failure.failureCode}: ${failure.failureMessage}` : failure.failureCode
}

/**
 * pawaPay's customerMessage (shown on the customer's statement) takes 4 to 22 letters, digits and spaces: the
 * note is cut to fit, its accents dropped; a note too short to send is left out rather than refused.
 */
function customerMessage(note: string): string | undefined {
  const text = note
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 22)
    .trim()
  return text.length >= 4 ? text : undefined
}

function rejection(kind: Kind, failure: PawapayFailure | null, fallback?: string): SendOutcome {
  const said = providerMessage(failure) ?? fallback
  const rejected: SendOutcome = { outcome: 'rejected', reason: failureReason(kind, failure) }
  return said ? { ...rejected, providerMessage: said } : rejected
}

type Answer = { status: number; body: unknown; route: string }

export function createPawapayClient(config: PawapayConfig): PawapayClient {
  const baseUrl = config.baseUrl.replace(/\/+$/, '')
  const currency = config.currency ?? 'RWF'
  const timeoutMs = config.timeoutMs ?? defaultTimeoutMs
  const fetchImpl = config.fetch ?? fetch
  const signatures = callbackCheck(config)

  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const route = `${method} ${path}`
    let status: number
    let text: string
    try {
      const response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.apiToken}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
      status = response.status
      text = await response.text()
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
      const what = timedOut ? `no answer within ${timeoutMs} ms` : 'could not be reached'
      throw new ProviderUnavailableError('pawapay', `pawaPay ${route}: ${what}`, { cause: error })
    }
    const parsed = parseJson(text)
    if (status === 401 || status === 403) {
      // The message names pawaPay's code, never the token we sent.
      const code = rejectionSchema.safeParse(parsed).data?.failureReason?.failureCode
      throw new ProviderProtocolError(
        'pawapay',
        `pawaPay refused our API token on ${route}: HTTP ${status}${code ? ` ${code}` : ''}`,
      )
    }
    if (status >= 500 || status === 429) {
      throw new ProviderUnavailableError('pawapay', `pawaPay ${route}: HTTP ${status}`)
    }
    if (parsed === undefined) {
      throw new ProviderProtocolError(
        'pawapay',
        `pawaPay ${route}: HTTP ${status} with a body that is not JSON`,
      )
    }
    return { status, body: parsed, route }
  }

  function read<T>(schema: z.ZodType<T>, answer: Answer): T {
    if (answer.status !== 200) {
      throw new ProviderProtocolError('pawapay', `pawaPay ${answer.route}: unexpected HTTP ${answer.status}`)
    }
    const result = schema.safeParse(answer.body)
    if (!result.success) {
      const issue = result.error.issues[0]
      const where = issue?.path.length ? issue.path.join('.') : 'body'
      throw new ProviderProtocolError(
        'pawapay',
        `pawaPay ${answer.route}: unexpected answer (${where}: ${issue?.message})`,
      )
    }
    return result.data
  }

  /** The operator pawaPay places a number with, or null when it is no MTN or Airtel Rwanda number. */
  async function predictProvider(msisdn: string): Promise<PawapayProvider | null> {
    const answer = await request('POST', '/v2/predict-provider', { phoneNumber: msisdn })
    // A number pawaPay cannot read comes back as a 400 INVALID_PHONE_NUMBER: no wallet can be behind it.
    if (answer.status === 400) return null
    const prediction = read(predictionSchema, answer)
    const provider = pawapayProviders.find((known) => known === prediction.provider)
    return prediction.country === country && provider ? provider : null
  }

  async function initiate(kind: Kind, transfer: TransferRequest): Promise<SendOutcome> {
    const msisdn = transfer.msisdn.replace(/\D/g, '')
    // The prefix settles nearly every Rwandan number without a call; pawaPay is asked about the rest.
    const provider = providerByPrefix(msisdn) ?? (await predictProvider(msisdn))
    if (!provider) {
      return {
        outcome: 'rejected',
        reason: kind === 'payout' ? 'payee_not_found' : 'payer_not_found',
        providerMessage: 'pawaPay places this number with no Rwandan operator',
      }
    }
    const idKey = kind === 'payout' ? 'payoutId' : 'depositId'
    const party = { type: 'MMO', accountDetails: { phoneNumber: msisdn, provider } }
    const message = customerMessage(transfer.note)
    const answer = await request('POST', kind === 'payout' ? '/v2/payouts' : '/v2/deposits', {
      [idKey]: transfer.reference,
      [kind === 'payout' ? 'recipient' : 'payer']: party,
      amount: String(transfer.amount),
      currency,
      ...(message ? { customerMessage: message } : {}),
    })
    // A 400 is a request pawaPay could not read (a missing or malformed field): refused, nothing was sent.
    if (answer.status === 400) {
      return rejection(kind, rejectionSchema.safeParse(answer.body).data?.failureReason ?? null, 'HTTP 400')
    }
    const initiation = read(initiationSchema, answer)
    const echoed = initiation[idKey]
    if (echoed && echoed !== transfer.reference) {
      throw new ProviderProtocolError('pawapay', `pawaPay ${answer.route}: answered about another ${idKey}`)
    }
    switch (initiation.status) {
      case 'ACCEPTED':
        return { outcome: 'accepted' }
      case 'DUPLICATE_IGNORED':
        return { outcome: 'duplicate' }
      case 'REJECTED':
        return rejection(kind, initiation.failureReason ?? null)
    }
  }

  async function transferState(kind: Kind, reference: string): Promise<TransferState> {
    const path = `/v2/${kind === 'payout' ? 'payouts' : 'deposits'}/${encodeURIComponent(reference)}`
    const answer = await request('GET', path)
    const found = read(statusSchema, answer)
    if (found.status === 'NOT_FOUND') return { state: 'not_found' }
    const data = found.data
    const id = kind === 'payout' ? data.payoutId : data.depositId
    if (id && id !== reference) {
      throw new ProviderProtocolError('pawapay', `pawaPay ${answer.route}: answered about another transfer`)
    }
    switch (data.status) {
      case 'COMPLETED':
        // pawaPay gives the operator's transaction id once the operator has it; ours is the fallback.
        return { state: 'paid', providerTransactionId: data.providerTransactionId || reference }
      case 'FAILED': {
        const failed: TransferState = { state: 'failed', reason: failureReason(kind, data.failureReason) }
        const said = providerMessage(data.failureReason)
        return said ? { ...failed, providerMessage: said } : failed
      }
      default:
        return { state: 'pending' }
    }
  }

  return {
    name: 'pawapay',

    send: (transfer) => initiate('payout', transfer),
    status: (reference) => transferState('payout', reference),
    requestToPay: (transfer) => initiate('deposit', transfer),
    collectionStatus: (reference) => transferState('deposit', reference),

    async balance() {
      const answer = await request('GET', `/v2/wallet-balances?country=${country}`)
      const wallets = read(walletBalancesSchema, answer).balances.filter(
        (wallet) => wallet.country === country && wallet.currency === currency,
      )
      if (wallets.length === 0) {
        throw new ProviderProtocolError(
          'pawapay',
          `pawaPay has no ${country} ${currency} wallet for this account`,
        )
      }
      // pawaPay keeps one wallet per country; where an account has one per operator instead, they add up.
      const countryWide = wallets.find((wallet) => !wallet.provider)
      const total = countryWide
        ? Number(countryWide.balance)
        : wallets.reduce((sum, wallet) => sum + Number(wallet.balance), 0)
      return Math.floor(total)
    },

    async accountHolder(msisdn) {
      // pawaPay tells which operator a number belongs to, not whether a wallet is registered on it, nor whose
      // it is: a number it places with MTN or Airtel Rwanda is as active as pawaPay can say, and has no name.
      const provider = await predictProvider(msisdn.replace(/\D/g, ''))
      return { active: provider !== null, name: null }
    },

    async callbackReference(callback) {
      // pawaPay signs every callback (RFC 9421): without its key no callback can be told from a forged one,
      // so none is believed.
      if (!signatures) return null
      if (!isGenuine(callback, signatures)) return null
      const body = callbackBodySchema.safeParse(parseJson(callback.body))
      if (!body.success) return null
      return 'payoutId' in body.data ? body.data.payoutId : body.data.depositId
    },
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

type SignatureCheck = { publicKey: KeyObject; target: URL }

function callbackCheck(config: PawapayConfig): SignatureCheck | null {
  if (!config.callbackPublicKey) return null
  if (!config.callbackUrl) {
    // The signature covers the URL pawaPay called: without it no signature can be checked.
    throw new Error('pawaPay: callbackPublicKey is set without the callbackUrl pawaPay calls')
  }
  return { publicKey: createPublicKey(config.callbackPublicKey), target: new URL(config.callbackUrl) }
}

/**
 * RFC 9421 as pawaPay signs its callbacks: `Content-Digest` (RFC 9530, sha-256 or sha-512) over the raw body,
 * and `Signature-Input: sig-pp=("@method" "@authority" "@path" "signature-date" "content-digest"
 * "content-type");alg="ecdsa-p256-sha256";keyid="…";created=…;expires=…` naming what `Signature: sig-pp=:…:`
 * signs. The signature base is rebuilt from the configured callback URL (method POST) and the headers as they
 * arrived; a digest that does not match, a signature that does not cover the digest, an expired one, or one that
 * does not verify with pawaPay's key: the callback is not pawaPay's.
 */
function isGenuine(callback: IncomingCallback, check: SignatureCheck, now = Date.now()): boolean {
  try {
    const headers = callback.headers
    const inputHeader = headers['signature-input']
    const signatureHeader = headers['signature']
    const digestHeader = headers['content-digest']
    if (!inputHeader || !signatureHeader || !digestHeader) return false
    if (!digestMatches(digestHeader, callback.body)) return false

    const inputs = dictionaryMembers(inputHeader)
    const signed = dictionaryMembers(signatureHeader)
    if (!inputs || !signed) return false
    const label =
      inputs.has('sig-pp') && signed.has('sig-pp')
        ? 'sig-pp'
        : [...inputs.keys()].find((key) => signed.has(key))
    if (!label) return false
    const rawInput = inputs.get(label)!
    const input = parseSignatureInput(rawInput)
    const signature = /^:([A-Za-z0-9+/]*={0,2}):$/.exec(signed.get(label)!)?.[1]
    if (!input || signature === undefined) return false

    // Without the digest among what is signed, the body could be anything.
    if (!input.components.includes('content-digest')) return false
    if (new Set(input.components).size !== input.components.length) return false
    const seconds = Math.floor(now / 1000)
    const { created, expires, alg } = input.params
    if (typeof expires === 'number' && seconds > expires + clockSkewSeconds) return false
    if (typeof created === 'number' && created > seconds + clockSkewSeconds) return false
    if (alg !== undefined && typeof alg !== 'string') return false

    const lines: string[] = []
    for (const component of input.components) {
      const value = componentValue(component, headers, check.target)
      if (value === undefined) return false
      lines.push(`"${component}": ${value}`)
    }
    lines.push(`"@signature-params": ${rawInput}`)
    const base = Buffer.from(lines.join('\n'), 'utf8')
    return verifySignature(alg, check.publicKey, base, Buffer.from(signature, 'base64'))
  } catch {
    return false
  }
}

function digestMatches(header: string, body: string): boolean {
  const members = dictionaryMembers(header)
  if (!members) return false
  const bytes = Buffer.from(body, 'utf8')
  let checked = 0
  for (const [algorithm, hash] of [
    ['sha-256', 'sha256'],
    ['sha-512', 'sha512'],
  ] as const) {
    const value = members.get(algorithm)
    if (value === undefined) continue
    const expected = `:${createHash(hash).update(bytes).digest('base64')}:`
    if (value !== expected) return false
    checked += 1
  }
  return checked > 0
}

function componentValue(component: string, headers: Record<string, string>, target: URL): string | undefined {
  switch (component) {
    case '@method':
      return 'POST'
    case '@authority':
      return target.host
    case '@path':
      return target.pathname
    case '@scheme':
      return target.protocol.slice(0, -1)
    case '@target-uri':
      return target.href
    case '@request-target':
      return `${target.pathname}${target.search}`
    case '@query':
      return target.search || '?'
  }
  if (component.startsWith('@')) return undefined
  return headers[component]?.trim()
}

function verifySignature(alg: string | undefined, key: KeyObject, base: Buffer, signature: Buffer): boolean {
  const type = key.asymmetricKeyType
  const curve = key.asymmetricKeyDetails?.namedCurve
  const algorithm = alg ?? defaultAlgorithm(type, curve)
  switch (algorithm) {
    case 'ecdsa-p256-sha256':
      return type === 'ec' && curve === 'prime256v1' && verifyEcdsa('sha256', key, base, signature)
    case 'ecdsa-p384-sha384':
      return type === 'ec' && curve === 'secp384r1' && verifyEcdsa('sha384', key, base, signature)
    case 'rsa-v1_5-sha256':
      return (
        type === 'rsa' && verify('sha256', base, { key, padding: constants.RSA_PKCS1_PADDING }, signature)
      )
    case 'rsa-pss-sha512':
      return (
        (type === 'rsa' || type === 'rsa-pss') &&
        verify('sha512', base, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 64 }, signature)
      )
    default:
      return false
  }
}

function defaultAlgorithm(type: string | undefined, curve: string | undefined): string | undefined {
  if (type === 'ec') return curve === 'secp384r1' ? 'ecdsa-p384-sha384' : 'ecdsa-p256-sha256'
  if (type === 'rsa') return 'rsa-v1_5-sha256'
  if (type === 'rsa-pss') return 'rsa-pss-sha512'
  return undefined
}

/**
 * pawaPay signs with Java's SHA256withECDSA, whose signatures are DER-encoded, where RFC 9421 asks for the raw
 * r‖s pair: either is accepted.
 */
function verifyEcdsa(hash: string, key: KeyObject, base: Buffer, signature: Buffer): boolean {
  for (const dsaEncoding of ['der', 'ieee-p1363'] as const) {
    try {
      if (verify(hash, base, { key, dsaEncoding }, signature)) return true
    } catch {
      // Not this encoding.
    }
  }
  return false
}

/**
 * The members of a structured-field dictionary (RFC 8941) by key, each value as written: enough for
 * Signature-Input, Signature and Content-Digest. Null when the header is not one.
 */
function dictionaryMembers(header: string): Map<string, string> | null {
  const members = new Map<string, string>()
  let depth = 0
  let quoted = false
  let start = 0
  const parts: string[] = []
  for (let index = 0; index < header.length; index += 1) {
    const char = header[index]
    if (quoted) {
      if (char === '\\') index += 1
      else if (char === '"') quoted = false
    } else if (char === '"') quoted = true
    else if (char === '(') depth += 1
    else if (char === ')') depth -= 1
    else if (char === ',' && depth === 0) {
      parts.push(header.slice(start, index))
      start = index + 1
    }
  }
  parts.push(header.slice(start))
  for (const part of parts) {
    const member = part.trim()
    const match = /^([a-z*][a-z0-9_\-.*]*)=(.+)$/.exec(member)
    if (!match) return null
    members.set(match[1]!, match[2]!)
  }
  return members
}

type SignatureInput = { components: string[]; params: Record<string, string | number | boolean> }

/** `("@method" "content-digest");alg="…";created=…`: the covered components and the signature's parameters. */
function parseSignatureInput(value: string): SignatureInput | null {
  if (!value.startsWith('(')) return null
  const components: string[] = []
  let index = 1
  for (;;) {
    while (value[index] === ' ') index += 1
    if (value[index] === ')') break
    if (value[index] !== '"') return null
    const end = value.indexOf('"', index + 1)
    if (end < 0) return null
    components.push(value.slice(index + 1, end))
    index = end + 1
    // A component with parameters of its own (`"@query-param";name="x"`) is more than pawaPay sends.
    if (value[index] !== ' ' && value[index] !== ')') return null
  }
  const params: SignatureInput['params'] = {}
  let rest = value.slice(index + 1)
  while (rest.length > 0) {
    const match =
      /^;([a-z*][a-z0-9_\-.*]*)(?:=("(?:[^"\\]|\\.)*"|-?\d+|\?[01]|[A-Za-z*][A-Za-z0-9:/%!#$&'*+\-.^_`|~]*))?/.exec(
        rest,
      )
    if (!match) return null
    params[match[1]!] = parameterValue(match[2])
    rest = rest.slice(match[0].length)
  }
  return { components, params }
}

/** A structured-field parameter's value: a quoted string, an integer, a boolean (`?1`, or none), or a token. */
function parameterValue(raw: string | undefined): string | number | boolean {
  if (raw === undefined) return true
  if (raw.startsWith('"')) return raw.slice(1, -1).replace(/\\(.)/g, '$1')
  if (raw.startsWith('?')) return raw === '?1'
  return /^-?\d+$/.test(raw) ? Number(raw) : raw
}
