import { createHash, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startPawapayFake, type PawapayFake } from '../../src/dev/fakes/pawapay-fake'
import {
  ProviderProtocolError,
  ProviderUnavailableError,
  type IncomingCallback,
  type TransferRequest,
  type TransferState,
} from '../../src/server/payments/provider'
import { createPawapayClient, type PawapayClient } from '../../src/server/payments/providers/pawapay'

type Received = IncomingCallback & { method: string; path: string; at: number }

/** Our callback endpoint, as far as these tests need one: it keeps every request as it arrived. */
async function startCallbackReceiver() {
  const received: Received[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
      }
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      })
      response.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/callbacks/pawapay`,
    received,
    about: (reference: string) =>
      received.filter((callback) => {
        const body = JSON.parse(callback.body) as { payoutId?: string; depositId?: string }
        return body.payoutId === reference || body.depositId === reference
      }),
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const settleMs = 30
const lateSuccessMs = 400
const mtn = (tail: string) => `250788${tail}`
const airtel = (tail: string) => `250738${tail}`
const anyone = '123456'

let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>
let signingKey: KeyObject
let fake: PawapayFake
/** A second pawaPay, with its own key, whose transfers wait for the payer (or forever). */
let slowFake: PawapayFake
let client: PawapayClient
let slowClient: PawapayClient

beforeAll(async () => {
  receiver = await startCallbackReceiver()
  signingKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey
  fake = await startPawapayFake({
    apiToken: 'test-token',
    settleMs,
    lateSuccessMs,
    clientTimeoutHangMs: 1500,
    callbackUrl: receiver.url,
    signingKey,
  })
  slowFake = await startPawapayFake({ settleMs: 60_000, callbackUrl: receiver.url })
  client = clientFor(fake)
  slowClient = clientFor(slowFake)
})
afterAll(async () => {
  await fake?.close()
  await slowFake?.close()
  await receiver?.close()
})
beforeEach(async () => {
  await control(fake, '/_fake/reset', {})
})

function clientFor(target: PawapayFake, overrides: Partial<Parameters<typeof createPawapayClient>[0]> = {}) {
  return createPawapayClient({
    baseUrl: target.url,
    apiToken: target.apiToken,
    callbackPublicKey: target.publicKeyPem,
    callbackUrl: receiver.url,
    timeoutMs: 5000,
    ...overrides,
  })
}

function transfer(msisdn: string, overrides: Partial<TransferRequest> = {}): TransferRequest {
  return { reference: randomUUID(), amount: 1000, msisdn, note: 'Isoko payout', ...overrides }
}

async function control(target: PawapayFake, path: string, body?: unknown) {
  const response = await fetch(`${target.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

type FakeTransfer = { id: string; kind: string; msisdn: string; provider: string; amount: number }
type FakeState = {
  float: number
  transfers: (FakeTransfer & {
    status: string
    posts: number
    callbacks: number
    failureCode: string | null
  })[]
}

async function fakeState(target: PawapayFake = fake): Promise<FakeState> {
  return (await control(target, '/_fake/transfers')).body as FakeState
}

async function recorded(reference: string, target: PawapayFake = fake) {
  return (await fakeState(target)).transfers.find((entry) => entry.id === reference)
}

/** Asks until the transfer is no longer in flight. */
function finalState(ask: () => Promise<TransferState>): Promise<TransferState> {
  return vi.waitFor(
    async () => {
      const state = await ask()
      if (state.state === 'pending') throw new Error('still pending')
      return state
    },
    { timeout: 5000, interval: 20 },
  )
}

function callbacksAbout(reference: string, count: number): Promise<Received[]> {
  return vi.waitFor(
    () => {
      const callbacks = receiver.about(reference)
      if (callbacks.length < count) throw new Error(`${callbacks.length} callbacks so far`)
      return callbacks
    },
    { timeout: 5000, interval: 20 },
  )
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('payouts', () => {
  it('pays an MTN number: accepted, then paid with the operator transaction id', async () => {
    const payout = transfer(mtn(anyone))

    expect(await client.send(payout)).toEqual({ outcome: 'accepted' })

    const state = await finalState(() => client.status(payout.reference))
    expect(state).toEqual({ state: 'paid', providerTransactionId: expect.stringMatching(/^\d{10}$/) })
    expect(await recorded(payout.reference)).toMatchObject({
      kind: 'payout',
      msisdn: payout.msisdn,
      provider: 'MTN_MOMO_RWA',
      amount: 1000,
      status: 'COMPLETED',
      posts: 1,
    })
  })

  it('sends an Airtel number through AIRTEL_RWA, and a note pawaPay would refuse is cut to its rules', async () => {
    const payout = transfer(airtel(anyone), { note: 'Isoko: commande #42 — payée, merci beaucoup !' })

    expect(await client.send(payout)).toEqual({ outcome: 'accepted' })

    expect(await finalState(() => client.status(payout.reference))).toMatchObject({ state: 'paid' })
    expect(await recorded(payout.reference)).toMatchObject({ provider: 'AIRTEL_RWA', status: 'COMPLETED' })
  })

  it.each([
    [mtn('000001'), 'payee_not_found', 'RECIPIENT_NOT_FOUND'],
    [airtel('000002'), 'not_allowed_to_receive', 'WALLET_LIMIT_REACHED'],
    [mtn('000003'), 'not_enough_funds', 'PAWAPAY_WALLET_OUT_OF_FUNDS'],
  ])('%s is accepted, then fails as %s (%s)', async (msisdn, reason, code) => {
    const payout = transfer(msisdn)

    expect(await client.send(payout)).toEqual({ outcome: 'accepted' })

    expect(await finalState(() => client.status(payout.reference))).toEqual({
      state: 'failed',
      reason,
      providerMessage: expect.stringContaining(code),
    })
  })

  // A 5xx says nothing about the transfer: the caller must ask before anything else.
  it('an internal error at pawaPay is ProviderUnavailableError, and the payout never arrived', async () => {
    const payout = transfer(mtn('000006'))

    await expect(client.send(payout)).rejects.toBeInstanceOf(ProviderUnavailableError)

    expect(await client.status(payout.reference)).toEqual({ state: 'not_found' })
    expect(await recorded(payout.reference)).toBeUndefined()
  })

  it('a late success stays in flight past the usual delay, then is paid', async () => {
    const payout = transfer(mtn('000005'))

    expect(await client.send(payout)).toEqual({ outcome: 'accepted' })
    await pause(settleMs * 4)
    expect(await client.status(payout.reference)).toEqual({ state: 'pending' })

    expect(await finalState(() => client.status(payout.reference))).toMatchObject({ state: 'paid' })
  })

  it('a payout stuck at the operator stays pending', async () => {
    const payout = transfer(mtn('000004'))

    expect(await client.send(payout)).toEqual({ outcome: 'accepted' })
    await pause(lateSuccessMs + settleMs * 2)

    expect(await client.status(payout.reference)).toEqual({ state: 'pending' })
    expect(await recorded(payout.reference)).toMatchObject({ status: 'PROCESSING' })
  })

  // The reference is the idempotency key: sending it again must never pay twice.
  it('a reference sent twice is DUPLICATE_IGNORED: one payout, one draw on the float', async () => {
    const payout = transfer(mtn(anyone), { amount: 2500 })

    expect(await client.send(payout)).toEqual({ outcome: 'accepted' })
    expect(await client.send(payout)).toEqual({ outcome: 'duplicate' })

    expect(await finalState(() => client.status(payout.reference))).toMatchObject({ state: 'paid' })
    expect(await client.send(payout)).toEqual({ outcome: 'duplicate' })
    const state = await fakeState()
    expect(state.transfers).toEqual([expect.objectContaining({ id: payout.reference, posts: 3 })])
    expect(state.float).toBe(50_000_000 - 2500)
  })

  it('a reference pawaPay never saw is not_found', async () => {
    expect(await client.status(randomUUID())).toEqual({ state: 'not_found' })
  })

  it('an answer that comes too late is ProviderUnavailableError; the status then shows the payout went through', async () => {
    const impatient = clientFor(fake, { timeoutMs: 100 })
    const payout = transfer(mtn('000007'))

    const error = await impatient.send(payout).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(ProviderUnavailableError)
    expect((error as Error).message).toContain('no answer within 100 ms')

    expect(await recorded(payout.reference)).toMatchObject({ posts: 1 })
    expect(await finalState(() => client.status(payout.reference))).toMatchObject({ state: 'paid' })
    expect(await client.send(payout)).toEqual({ outcome: 'duplicate' })
  })

  it('a request pawaPay refuses (an amount out of its bounds) is rejected, and nothing is recorded', async () => {
    const payout = transfer(mtn(anyone), { amount: 50 })

    expect(await client.send(payout)).toEqual({
      outcome: 'rejected',
      reason: 'other',
      providerMessage: expect.stringContaining('AMOUNT_OUT_OF_BOUNDS'),
    })
    expect(await client.status(payout.reference)).toEqual({ state: 'not_found' })
  })

  it('a number pawaPay places with no Rwandan operator is rejected before any payout is sent', async () => {
    const payout = transfer('250700123456')

    expect(await client.send(payout)).toEqual({
      outcome: 'rejected',
      reason: 'payee_not_found',
      providerMessage: expect.any(String),
    })
    expect((await fakeState()).transfers).toEqual([])
  })
})

describe('credentials', () => {
  // The token must never reach a log through an error message.
  it('a token pawaPay refuses is ProviderProtocolError, without the token in the message', async () => {
    const token = 'wrong-token-s3cr3t-0123'
    const wrong = clientFor(fake, { apiToken: token })

    for (const call of [
      () => wrong.send(transfer(mtn(anyone))),
      () => wrong.status(randomUUID()),
      () => wrong.requestToPay(transfer(mtn(anyone))),
      () => wrong.balance(),
      () => wrong.accountHolder(mtn(anyone)),
    ]) {
      const error = await call().catch((thrown: unknown) => thrown)
      expect(error).toBeInstanceOf(ProviderProtocolError)
      expect((error as Error).message).toContain('AUTHENTICATION_ERROR')
      expect((error as Error).message).not.toContain(token)
    }
    expect((await fakeState()).transfers).toEqual([])
  })

  it('a missing token is NO_AUTHENTICATION (401), also a ProviderProtocolError', async () => {
    const anonymous = clientFor(fake, { apiToken: '' })

    await expect(anonymous.balance()).rejects.toThrow(/HTTP 401 NO_AUTHENTICATION/)
  })

  it('a pawaPay that cannot be reached is ProviderUnavailableError', async () => {
    const closed = await startPawapayFake()
    await closed.close()

    await expect(clientFor(closed).status(randomUUID())).rejects.toBeInstanceOf(ProviderUnavailableError)
  })
})

describe('balance', () => {
  it('is the RWF wallet, drawn down by each completed payout; one above it fails not_enough_funds', async () => {
    await control(fake, '/_fake/float', { amount: 100_000 })
    expect(await client.balance()).toBe(100_000)

    const first = transfer(mtn(anyone), { amount: 30_000 })
    await client.send(first)
    expect(await finalState(() => client.status(first.reference))).toMatchObject({ state: 'paid' })
    expect(await client.balance()).toBe(70_000)

    const tooLarge = transfer(airtel(anyone), { amount: 80_000 })
    expect(await client.send(tooLarge)).toEqual({ outcome: 'accepted' })
    expect(await finalState(() => client.status(tooLarge.reference))).toEqual({
      state: 'failed',
      reason: 'not_enough_funds',
      providerMessage: expect.stringContaining('PAWAPAY_WALLET_OUT_OF_FUNDS'),
    })
    expect(await client.balance()).toBe(70_000)
  })
})

describe('accountHolder', () => {
  it('is active for a number pawaPay places with MTN or Airtel Rwanda, and never has a name', async () => {
    expect(await client.accountHolder(mtn(anyone))).toEqual({ active: true, name: null })
    expect(await client.accountHolder('+250 73 812 3456')).toEqual({ active: true, name: null })
  })

  it('is inactive for a number no Rwandan operator has', async () => {
    expect(await client.accountHolder('250700123456')).toEqual({ active: false, name: null })
    expect(await client.accountHolder('254712345678')).toEqual({ active: false, name: null })
  })
})

describe('deposits', () => {
  it('a request to pay the payer approves is paid, and credits the wallet', async () => {
    const deposit = transfer(mtn(anyone), { amount: 4000 })

    expect(await client.requestToPay(deposit)).toEqual({ outcome: 'accepted' })

    expect(await finalState(() => client.collectionStatus(deposit.reference))).toMatchObject({
      state: 'paid',
    })
    expect(await recorded(deposit.reference)).toMatchObject({ kind: 'deposit', provider: 'MTN_MOMO_RWA' })
    expect(await client.balance()).toBe(50_000_000 + 4000)
    // A deposit is no payout: each is looked up where it belongs.
    expect(await client.status(deposit.reference)).toEqual({ state: 'not_found' })
  })

  it.each([
    [mtn('000001'), 'payer_not_found', 'PAYER_NOT_FOUND'],
    [airtel('000003'), 'not_enough_funds', 'INSUFFICIENT_BALANCE'],
    [mtn('000008'), 'rejected_by_payer', 'PAYMENT_NOT_APPROVED'],
  ])('a request to pay %s fails as %s (%s)', async (msisdn, reason, code) => {
    const deposit = transfer(msisdn)

    expect(await client.requestToPay(deposit)).toEqual({ outcome: 'accepted' })

    expect(await finalState(() => client.collectionStatus(deposit.reference))).toEqual({
      state: 'failed',
      reason,
      providerMessage: expect.stringContaining(code),
    })
  })

  it('waits for the payer: approved on their phone, it is paid', async () => {
    const deposit = transfer(mtn(anyone))
    expect(await slowClient.requestToPay(deposit)).toEqual({ outcome: 'accepted' })
    expect(await slowClient.collectionStatus(deposit.reference)).toEqual({ state: 'pending' })

    const approved = await control(slowFake, `/_fake/requests/${deposit.reference}/approve`, {})

    expect(approved.status).toBe(200)
    expect(await slowClient.collectionStatus(deposit.reference)).toMatchObject({ state: 'paid' })
    expect((await control(slowFake, `/_fake/requests/${deposit.reference}/decline`, {})).status).toBe(409)
  })

  it('waits for the payer: declined on their phone, it fails rejected_by_payer', async () => {
    const deposit = transfer(airtel(anyone))
    expect(await slowClient.requestToPay(deposit)).toEqual({ outcome: 'accepted' })

    await control(slowFake, `/_fake/requests/${deposit.reference}/decline`, {})

    expect(await slowClient.collectionStatus(deposit.reference)).toEqual({
      state: 'failed',
      reason: 'rejected_by_payer',
      providerMessage: expect.stringContaining('PAYMENT_NOT_APPROVED'),
    })
  })
})

describe('callbacks', () => {
  it('pawaPay calls back once with the final payout, signed: its reference comes out', async () => {
    const payout = transfer(mtn(anyone))
    await client.send(payout)

    const [callback] = await callbacksAbout(payout.reference, 1)

    expect(callback).toMatchObject({ method: 'POST', path: '/callbacks/pawapay' })
    expect(JSON.parse(callback!.body)).toMatchObject({ payoutId: payout.reference, status: 'COMPLETED' })
    expect(await client.callbackReference(callback!)).toBe(payout.reference)
    await pause(settleMs * 3)
    expect(receiver.about(payout.reference)).toHaveLength(1)
    expect(await recorded(payout.reference)).toMatchObject({ callbacks: 1 })
  })

  it('a failed payout and a deposit call back too, each naming its own reference', async () => {
    const payout = transfer(mtn('000001'))
    const deposit = transfer(airtel(anyone))
    await client.send(payout)
    await client.requestToPay(deposit)

    const [failed] = await callbacksAbout(payout.reference, 1)
    const [paidIn] = await callbacksAbout(deposit.reference, 1)

    expect(JSON.parse(failed!.body)).toMatchObject({
      status: 'FAILED',
      failureReason: { failureCode: 'RECIPIENT_NOT_FOUND' },
    })
    expect(await client.callbackReference(failed!)).toBe(payout.reference)
    expect(await client.callbackReference(paidIn!)).toBe(deposit.reference)
  })

  it('dropped callbacks never arrive: the status is the only way to learn the outcome', async () => {
    await control(fake, '/_fake/callbacks', { mode: 'drop' })
    const payout = transfer(mtn(anyone))
    await client.send(payout)

    expect(await finalState(() => client.status(payout.reference))).toMatchObject({ state: 'paid' })
    await pause(settleMs * 4)

    expect(receiver.about(payout.reference)).toEqual([])
    expect(await recorded(payout.reference)).toMatchObject({ callbacks: 0 })
  })

  it('a duplicated callback arrives twice, each genuine', async () => {
    await control(fake, '/_fake/callbacks', { mode: 'duplicate' })
    const payout = transfer(mtn(anyone))
    await client.send(payout)

    const callbacks = await callbacksAbout(payout.reference, 2)

    expect(callbacks).toHaveLength(2)
    for (const callback of callbacks) expect(await client.callbackReference(callback)).toBe(payout.reference)
  })

  it('a delayed callback arrives after its delay', async () => {
    await control(fake, '/_fake/callbacks', { mode: 'delay', delayMs: 200 })
    const payout = transfer(mtn(anyone))
    const sentAt = Date.now()
    await client.send(payout)

    const [callback] = await callbacksAbout(payout.reference, 1)

    expect(callback!.at - sentAt).toBeGreaterThanOrEqual(200)
    expect(await client.callbackReference(callback!)).toBe(payout.reference)
  })

  it('refuses an unknown callback mode', async () => {
    expect((await control(fake, '/_fake/callbacks', { mode: 'sometimes' })).status).toBe(400)
  })
})

describe('forged callbacks', () => {
  let genuine: Received
  let reference: string

  beforeAll(async () => {
    await control(fake, '/_fake/reset', {})
    const payout = transfer(mtn(anyone))
    reference = payout.reference
    await client.send(payout)
    const [callback] = await callbacksAbout(reference, 1)
    genuine = callback!
  })

  const without = (headers: Record<string, string>, ...names: string[]) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)))
  const sha512 = (body: string) => `sha-512=:${createHash('sha512').update(body).digest('base64')}:`

  // A forged COMPLETED would pay out an order that was never paid for: only pawaPay's signature counts.
  it('the genuine one passes, as the control', async () => {
    expect(await client.callbackReference(genuine)).toBe(reference)
  })

  it('an altered body is refused', async () => {
    const body = genuine.body.replace('"amount":"1000"', '"amount":"9000"')
    expect(body).not.toBe(genuine.body)

    expect(await client.callbackReference({ headers: genuine.headers, body })).toBeNull()
  })

  it('an altered body with its digest recomputed is refused: the signature covers the digest', async () => {
    const body = genuine.body.replace('"status":"COMPLETED"', '"status":"FAILED"')
    const headers = { ...genuine.headers, 'content-digest': sha512(body) }

    expect(await client.callbackReference({ headers, body })).toBeNull()
  })

  it('a callback without a signature is refused', async () => {
    const headers = without(genuine.headers, 'signature', 'signature-input')

    expect(await client.callbackReference({ headers, body: genuine.body })).toBeNull()
    expect(await client.callbackReference({ headers: {}, body: genuine.body })).toBeNull()
  })

  it('a callback signed with another key is refused', async () => {
    const deposit = transfer(mtn(anyone))
    await slowClient.requestToPay(deposit)
    await control(slowFake, `/_fake/requests/${deposit.reference}/approve`, {})
    const [otherKeys] = await callbacksAbout(deposit.reference, 1)

    expect(await slowClient.callbackReference(otherKeys!)).toBe(deposit.reference)
    expect(await client.callbackReference(otherKeys!)).toBeNull()
  })

  it('a callback for another URL is refused: the signature covers the path', async () => {
    const elsewhere = clientFor(fake, { callbackUrl: receiver.url.replace('/callbacks/pawapay', '/other') })

    expect(await elsewhere.callbackReference(genuine)).toBeNull()
  })

  it('without pawaPay’s key every callback is refused, the genuine one too', async () => {
    const unkeyed = createPawapayClient({ baseUrl: fake.url, apiToken: fake.apiToken })

    expect(await unkeyed.callbackReference(genuine)).toBeNull()
  })

  describe('signatures made here with the fake’s key', () => {
    const target = () => new URL(receiver.url)

    function signed(
      body: string,
      options: {
        components?: string[]
        created?: number
        expires?: number
        encoding?: 'der' | 'ieee-p1363'
      } = {},
    ): IncomingCallback {
      const components = options.components ?? [
        '@method',
        '@authority',
        '@path',
        'signature-date',
        'content-digest',
        'content-type',
      ]
      const created = options.created ?? Math.floor(Date.now() / 1000)
      const expires = options.expires ?? created + 60
      const headers: Record<string, string> = {
        'content-type': 'application/json; charset=UTF-8',
        'content-digest': sha512(body),
        'signature-date': new Date().toISOString(),
      }
      const values: Record<string, string> = {
        '@method': 'POST',
        '@authority': target().host,
        '@path': target().pathname,
        ...headers,
      }
      const params = `(${components.map((name) => `"${name}"`).join(' ')});alg="ecdsa-p256-sha256";keyid="HTTP_EC_P256_KEY:1";created=${created};expires=${expires}`
      const base = [
        ...components.map((name) => `"${name}": ${values[name]}`),
        `"@signature-params": ${params}`,
      ].join('\n')
      const signature = sign('sha256', Buffer.from(base), {
        key: signingKey,
        dsaEncoding: options.encoding ?? 'der',
      })
      return {
        headers: {
          ...headers,
          'signature-input': `sig-pp=${params}`,
          signature: `sig-pp=:${signature.toString('base64')}:`,
        },
        body,
      }
    }

    it('RFC 9421’s raw r‖s encoding verifies as well as pawaPay’s DER', async () => {
      expect(await client.callbackReference(signed(genuine.body, { encoding: 'ieee-p1363' }))).toBe(reference)
      expect(await client.callbackReference(signed(genuine.body))).toBe(reference)
    })

    it('a signature that does not cover the body’s digest is refused', async () => {
      const callback = signed(genuine.body, {
        components: ['@method', '@authority', '@path', 'content-type'],
      })

      expect(await client.callbackReference(callback)).toBeNull()
    })

    it('an expired signature is refused', async () => {
      const hourAgo = Math.floor(Date.now() / 1000) - 3600

      expect(await client.callbackReference(signed(genuine.body, { created: hourAgo }))).toBeNull()
    })

    it('a genuine signature over a body that is not a payout or deposit gives no reference', async () => {
      expect(await client.callbackReference(signed('{"hello":"world"}'))).toBeNull()
    })
  })
})
