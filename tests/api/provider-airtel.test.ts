import { randomInt, randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startAirtelFake, type AirtelFake, type AirtelFakeTransfer } from '../../src/dev/fakes/airtel-fake'
import {
  ProviderProtocolError,
  ProviderUnavailableError,
  type IncomingCallback,
  type TransferRequest,
} from '../../src/server/payments/provider'
import { createAirtelClient, type AirtelClient } from '../../src/server/payments/providers/airtel'

const clientSecret = 'client-secret-Zq81'
const pin = '4821'
const callbackSecret = 'callback-key-Hh42'
const settleMs = 30
const lateSuccessMs = 400

type Receiver = { url: string; received: IncomingCallback[]; close(): Promise<void> }

/** Where the fake posts its callbacks: records each as our callback route would hand it to the client. */
async function startReceiver(): Promise<Receiver> {
  const received: IncomingCallback[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value)
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks/airtel`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

let receiver: Receiver
let fake: AirtelFake
let client: AirtelClient

beforeAll(async () => {
  receiver = await startReceiver()
  fake = await startAirtelFake({
    clientSecret,
    pin,
    settleMs,
    lateSuccessMs,
    clientTimeoutHangMs: 400,
    callbackUrl: receiver.url,
    callbackSecret,
  })
  client = createAirtelClient({ ...fake.clientConfig, callbackSecret, timeoutMs: 2000 })
})

afterAll(async () => {
  await fake?.close()
  await receiver?.close()
})

beforeEach(async () => {
  await control('POST', '/_fake/reset')
  receiver.received.length = 0
})

async function control(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(response.status, path).toBe(200)
  return (await response.json()) as Record<string, unknown>
}

async function onFake(reference: string): Promise<AirtelFakeTransfer | undefined> {
  const { transfers } = (await control('GET', '/_fake/transfers')) as { transfers: AirtelFakeTransfer[] }
  return transfers.find((transfer) => transfer.id === reference)
}

async function tokensIssued(): Promise<number> {
  return (await control('GET', '/_fake/tokens')).issued as number
}

/** An Airtel Rwanda number (073…) ending in the scripted tail, or in a tail no script uses. */
function airtelNumber(tail = String(randomInt(100_000, 1_000_000))): string {
  return `250738${tail}`
}

function transfer(overrides: Partial<TransferRequest> = {}): TransferRequest {
  return { reference: randomUUID(), amount: 5000, msisdn: airtelNumber(), note: 'Isoko payout', ...overrides }
}

const poll = { timeout: 2000, interval: 15 }
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(Error)
  return error as Error
}

describe('payouts (disbursements)', () => {
  it('pays a payee: taken, then paid with Airtel’s id, under the national number', async () => {
    const payout = transfer({ msisdn: '250738123456', amount: 7500 })

    expect(await client.send(payout)).toEqual({ outcome: 'accepted' })

    await expect.poll(() => client.status(payout.reference), poll).toMatchObject({ state: 'paid' })
    const paid = await client.status(payout.reference)
    const recorded = await onFake(payout.reference)
    expect(recorded).toMatchObject({
      kind: 'disbursement',
      msisdn: '738123456',
      amount: 7500,
      status: 'TS',
      posts: 1,
    })
    expect(paid).toEqual({ state: 'paid', providerTransactionId: recorded!.airtelMoneyId })
  })

  // Each scripted refusal is one a payee or our wallet can cause: the payout must fail with our reason.
  it.each([
    ['000001', 'payee_not_found'],
    ['000002', 'not_allowed_to_receive'],
    ['000003', 'not_enough_funds'],
  ] as const)('refuses a payout to …%s as %s, and the enquiry says the same', async (tail, reason) => {
    const payout = transfer({ msisdn: airtelNumber(tail) })

    expect(await client.send(payout)).toMatchObject({ outcome: 'rejected', reason })

    expect(await client.status(payout.reference)).toMatchObject({ state: 'failed', reason })
  })

  it('refuses a number that is not Rwandan without sending anything', async () => {
    const payout = transfer({ msisdn: '254712345678' })

    expect(await client.send(payout)).toEqual({ outcome: 'rejected', reason: 'payee_not_found' })
    expect(await onFake(payout.reference)).toBeUndefined()
  })

  it('waits out a late success (…000005)', async () => {
    const payout = transfer({ msisdn: airtelNumber('000005') })

    expect(await client.send(payout)).toEqual({ outcome: 'accepted' })
    await wait(settleMs * 3)

    expect(await client.status(payout.reference)).toEqual({ state: 'pending' })
    await expect.poll(() => client.status(payout.reference), poll).toMatchObject({ state: 'paid' })
  })

  it('keeps a payout pending for as long as Airtel does (…000004)', async () => {
    const payout = transfer({ msisdn: airtelNumber('000004') })

    expect(await client.send(payout)).toEqual({ outcome: 'accepted' })
    await wait(settleMs * 4)

    expect(await client.status(payout.reference)).toEqual({ state: 'pending' })
  })

  // A 5xx says nothing of the payout: the caller must ask before anything else, and here it never arrived.
  it('reports an internal error (…000006) as unavailable, and the payout as never arrived', async () => {
    const payout = transfer({ msisdn: airtelNumber('000006') })

    await expect(client.send(payout)).rejects.toBeInstanceOf(ProviderUnavailableError)

    expect(await client.status(payout.reference)).toEqual({ state: 'not_found' })
    expect(await onFake(payout.reference)).toBeUndefined()
  })

  // The same reference sent twice must never pay twice: Airtel refuses the second as a duplicate.
  it('answers duplicate for a reference Airtel already has, and pays once', async () => {
    const payout = transfer()
    expect(await client.send(payout)).toEqual({ outcome: 'accepted' })

    expect(await client.send(payout)).toEqual({ outcome: 'duplicate' })

    await expect.poll(() => client.status(payout.reference), poll).toMatchObject({ state: 'paid' })
    expect(await onFake(payout.reference)).toMatchObject({ posts: 2, amount: payout.amount })
  })

  it('answers not_found for a reference Airtel never received', async () => {
    expect(await client.status(randomUUID())).toEqual({ state: 'not_found' })
  })

  it('gives up on a hung answer (…000007) as unavailable; the enquiry then finds the payout taken', async () => {
    const impatient = createAirtelClient({ ...fake.clientConfig, timeoutMs: 120 })
    const payout = transfer({ msisdn: airtelNumber('000007') })

    const error = await rejection(impatient.send(payout))

    expect(error).toBeInstanceOf(ProviderUnavailableError)
    expect(error.message).toMatch(/no answer within 120 ms/)
    expect(error.message).not.toContain(pin)
    expect(error.message).not.toContain(clientSecret)
    await expect.poll(() => client.status(payout.reference), poll).toMatchObject({ state: 'paid' })
    expect(await onFake(payout.reference)).toMatchObject({ posts: 1 })
  })

  it('reports a server that does not answer at all as unavailable', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const nowhere = createAirtelClient({ ...fake.clientConfig, baseUrl: `http://127.0.0.1:${port}` })

    await expect(nowhere.balance()).rejects.toBeInstanceOf(ProviderUnavailableError)
  })

  // Airtel takes a payout only with the wallet's PIN: a wrong one is our configuration, not a failed payout.
  it('is refused with a wrong PIN, without the PIN in the error, and nothing is recorded', async () => {
    const wrongPin = createAirtelClient({ ...fake.clientConfig, pin: '9073' })
    const payout = transfer()

    const error = await rejection(wrongPin.send(payout))

    expect(error).toBeInstanceOf(ProviderProtocolError)
    expect(error.message).toMatch(/ROUTER115/)
    expect(error.message).not.toContain('9073')
    expect(await onFake(payout.reference)).toBeUndefined()
  })
})

describe('access token', () => {
  it('asks for one token and reuses it while it lives', async () => {
    const fresh = createAirtelClient(fake.clientConfig)
    const before = await tokensIssued()

    // The first calls arrive together: they share one token request.
    await Promise.all([fresh.balance(), fresh.accountHolder(airtelNumber())])
    await Promise.all([fresh.balance(), fresh.status(randomUUID())])

    expect(await tokensIssued()).toBe(before + 1)
  })

  it('takes one fresh token when Airtel refuses the cached one, and goes on', async () => {
    const fresh = createAirtelClient(fake.clientConfig)
    await fresh.balance()
    const before = await tokensIssued()

    await control('POST', '/_fake/expire-tokens')

    expect(await fresh.balance()).toBe(50_000_000)
    expect(await tokensIssued()).toBe(before + 1)
  })

  it('gives up after a fresh token is refused too', async () => {
    // Every token dies before it is used: as if Airtel revoked our application's access.
    const revoking: typeof fetch = async (input, init) => {
      if (!String(input).endsWith('/auth/oauth2/token')) {
        await fetch(`${fake.url}/_fake/expire-tokens`, { method: 'POST' })
      }
      return fetch(input, init)
    }
    const fresh = createAirtelClient({ ...fake.clientConfig, fetch: revoking })
    const before = await tokensIssued()

    const error = await rejection(fresh.balance())

    expect(error).toBeInstanceOf(ProviderProtocolError)
    expect(await tokensIssued()).toBe(before + 2)
  })

  // Error messages end up in logs and on operators' screens: the secret must never be in them.
  it('refuses a wrong client secret with a protocol error that does not carry the secret', async () => {
    const wrong = createAirtelClient({ ...fake.clientConfig, clientSecret: 'wrong-secret-7Tq' })

    const error = await rejection(wrong.send(transfer()))

    expect(error).toBeInstanceOf(ProviderProtocolError)
    expect(error.message).toMatch(/client credentials.*invalid_client/)
    expect(`${error.message} ${error.stack}`).not.toContain('wrong-secret-7Tq')
  })
})

describe('balance and KYC', () => {
  it('reads the disbursement wallet, drawn down by payouts, and refuses one above it', async () => {
    await control('POST', '/_fake/float', { amount: 100_000 })
    expect(await client.balance()).toBe(100_000)

    const payout = transfer({ amount: 30_000 })
    expect(await client.send(payout)).toEqual({ outcome: 'accepted' })
    await expect.poll(() => client.status(payout.reference), poll).toMatchObject({ state: 'paid' })
    expect(await client.balance()).toBe(70_000)

    expect(await client.send(transfer({ amount: 80_000 }))).toMatchObject({
      outcome: 'rejected',
      reason: 'not_enough_funds',
    })
    expect(await client.balance()).toBe(70_000)
  })

  it('names an active wallet holder', async () => {
    const holder = await client.accountHolder(airtelNumber())

    expect(holder.active).toBe(true)
    expect(holder.name).toMatch(/^\p{L}+ \p{L}+$/u)
  })

  it('names a barred wallet holder as inactive (…000002)', async () => {
    const holder = await client.accountHolder(airtelNumber('000002'))

    expect(holder.active).toBe(false)
    expect(holder.name).toMatch(/^\p{L}+ \p{L}+$/u)
  })

  it('answers inactive and nameless for a number with no wallet (…000001)', async () => {
    expect(await client.accountHolder(airtelNumber('000001'))).toEqual({ active: false, name: null })
  })
})

describe('collections (USSD push)', () => {
  it('is paid when the payer approves on their phone', async () => {
    const request = transfer({ msisdn: airtelNumber('000004'), amount: 12_000 })
    expect(await client.requestToPay(request)).toEqual({ outcome: 'accepted' })
    expect(await client.collectionStatus(request.reference)).toEqual({ state: 'pending' })

    await control('POST', `/_fake/requests/${request.reference}/approve`)

    const paid = await client.collectionStatus(request.reference)
    const recorded = await onFake(request.reference)
    expect(recorded).toMatchObject({ kind: 'collection', msisdn: '738000004', amount: 12_000, status: 'TS' })
    expect(paid).toEqual({ state: 'paid', providerTransactionId: recorded!.airtelMoneyId })
  })

  it('fails as rejected_by_payer when the payer declines', async () => {
    const request = transfer({ msisdn: airtelNumber('000004') })
    expect(await client.requestToPay(request)).toEqual({ outcome: 'accepted' })

    await control('POST', `/_fake/requests/${request.reference}/decline`)

    expect(await client.collectionStatus(request.reference)).toMatchObject({
      state: 'failed',
      reason: 'rejected_by_payer',
    })
  })

  it.each([
    ['000008', 'rejected_by_payer'],
    ['000003', 'not_enough_funds'],
    ['000001', 'payer_not_found'],
  ] as const)('settles a request to …%s as failed: %s', async (tail, reason) => {
    const request = transfer({ msisdn: airtelNumber(tail) })
    expect(await client.requestToPay(request)).toEqual({ outcome: 'accepted' })

    await expect
      .poll(() => client.collectionStatus(request.reference), poll)
      .toMatchObject({
        state: 'failed',
        reason,
      })
  })

  it('settles an ordinary number as paid, answers duplicate for its reference, and not_found for others', async () => {
    const request = transfer()
    expect(await client.requestToPay(request)).toEqual({ outcome: 'accepted' })
    expect(await client.requestToPay(request)).toEqual({ outcome: 'duplicate' })

    await expect.poll(() => client.collectionStatus(request.reference), poll).toMatchObject({ state: 'paid' })
    expect(await client.collectionStatus(randomUUID())).toEqual({ state: 'not_found' })
    // A collection is not a disbursement: Airtel keeps them apart.
    expect(await client.status(request.reference)).toEqual({ state: 'not_found' })
  })
})

describe('callbacks', () => {
  async function paidPayout(): Promise<string> {
    const payout = transfer()
    expect(await client.send(payout)).toEqual({ outcome: 'accepted' })
    await expect.poll(() => client.status(payout.reference), poll).toMatchObject({ state: 'paid' })
    return payout.reference
  }

  it('receives a signed callback when a payout settles, and takes its reference', async () => {
    const reference = await paidPayout()

    await expect.poll(() => receiver.received.length, poll).toBe(1)
    const callback = receiver.received[0]!
    expect(JSON.parse(callback.body)).toMatchObject({ transaction: { id: reference, status_code: 'TS' } })
    expect(await client.callbackReference(callback)).toBe(reference)
  })

  it('receives one for a settled request to pay too', async () => {
    const request = transfer({ msisdn: airtelNumber('000004') })
    await client.requestToPay(request)
    await control('POST', `/_fake/requests/${request.reference}/decline`)

    await expect.poll(() => receiver.received.length, poll).toBe(1)
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ transaction: { status_code: 'TF' } })
    expect(await client.callbackReference(receiver.received[0]!)).toBe(request.reference)
  })

  it('receives none when Airtel drops it: the enquiry alone finds the payout paid', async () => {
    await control('POST', '/_fake/callbacks', { mode: 'drop' })

    await paidPayout()
    await wait(settleMs * 3)

    expect(receiver.received).toEqual([])
  })

  it('receives a duplicated callback twice, each genuine, both about the same payout', async () => {
    await control('POST', '/_fake/callbacks', { mode: 'duplicate' })

    const reference = await paidPayout()

    await expect.poll(() => receiver.received.length, poll).toBe(2)
    for (const callback of receiver.received) expect(await client.callbackReference(callback)).toBe(reference)
  })

  it('receives a delayed callback after the payout is already paid', async () => {
    await control('POST', '/_fake/callbacks', { mode: 'delay', delayMs: 300 })

    const reference = await paidPayout()

    expect(receiver.received).toEqual([])
    await expect.poll(() => receiver.received.length, poll).toBe(1)
    expect(await client.callbackReference(receiver.received[0]!)).toBe(reference)
  })

  // Anyone can post to the callback route: with callback authentication on, only Airtel's hash makes it a hint.
  describe('with callback authentication', () => {
    async function genuine(): Promise<{ reference: string; callback: IncomingCallback }> {
      const reference = await paidPayout()
      await expect.poll(() => receiver.received.length, poll).toBe(1)
      return { reference, callback: receiver.received[0]! }
    }

    it('refuses a forged reference under a genuine hash', async () => {
      const { reference, callback } = await genuine()
      const forged = callback.body.replace(reference, randomUUID())

      expect(await client.callbackReference({ ...callback, body: forged })).toBeNull()
    })

    it('refuses a callback without a hash, or with one made with another key', async () => {
      const { callback } = await genuine()
      const { transaction } = JSON.parse(callback.body) as { transaction: unknown }
      const unsigned = JSON.stringify({ transaction })
      const otherKey = createAirtelClient({ ...fake.clientConfig, callbackSecret: 'another-key' })

      expect(await client.callbackReference({ ...callback, body: unsigned })).toBeNull()
      expect(await otherKey.callbackReference(callback)).toBeNull()
    })

    it('never takes the reference from a second transaction beside the signed one', async () => {
      const { reference, callback } = await genuine()
      const other = randomUUID()
      const smuggled = callback.body.replace(
        ',"hash"',
        `,"transaction":{"id":"${other}","status_code":"TS","message":"","airtel_money_id":"X"},"hash"`,
      )

      expect(await client.callbackReference({ ...callback, body: smuggled })).toBe(reference)
    })

    it('refuses a body that is not Airtel’s shape', async () => {
      expect(await client.callbackReference({ headers: {}, body: 'not json' })).toBeNull()
      expect(await client.callbackReference({ headers: {}, body: '{"status":"TS"}' })).toBeNull()
    })
  })

  it('takes an unsigned callback as a hint when no callback secret is configured', async () => {
    const unsigned = createAirtelClient(fake.clientConfig)
    const reference = randomUUID()
    const body = JSON.stringify({
      transaction: { id: reference, message: 'Paid', status_code: 'TS', airtel_money_id: 'MP1' },
    })

    expect(await unsigned.callbackReference({ headers: {}, body })).toBe(reference)
  })
})

describe('the fake answers like Airtel', () => {
  async function get(path: string, headers: Record<string, string>) {
    const response = await fetch(`${fake.url}${path}`, { headers })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  async function bearer(): Promise<string> {
    const response = await fetch(`${fake.url}/auth/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: fake.clientId,
        client_secret: clientSecret,
        grant_type: 'client_credentials',
      }),
    })
    const body = (await response.json()) as { access_token: string; expires_in: string; token_type: string }
    expect(body).toMatchObject({ expires_in: '7200', token_type: 'bearer' })
    return `Bearer ${body.access_token}`
  }

  it('refuses a call without a token with 401', async () => {
    const answer = await get('/standard/v1/users/balance', { 'x-country': 'RW', 'x-currency': 'RWF' })

    expect(answer.status).toBe(401)
  })

  it('refuses a call without X-Country or X-Currency, and another country', async () => {
    const authorization = await bearer()

    const noCountry = await get('/standard/v1/users/balance', { authorization, 'x-currency': 'RWF' })
    const noCurrency = await get('/standard/v1/users/balance', { authorization, 'x-country': 'RW' })
    const uganda = await get('/standard/v1/users/balance', {
      authorization,
      'x-country': 'UG',
      'x-currency': 'RWF',
    })

    expect(noCountry).toMatchObject({
      status: 400,
      body: { status: { success: false, result_code: 'ROUTER003' } },
    })
    expect(noCurrency).toMatchObject({
      status: 400,
      body: { status: { success: false, result_code: 'ROUTER003' } },
    })
    expect(uganda).toMatchObject({
      status: 400,
      body: { status: { success: false, result_code: 'ROUTER006' } },
    })
  })
})
