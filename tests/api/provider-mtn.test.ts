import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeAccountHolderName, startMtnFake, type MtnFake } from '../../src/dev/fakes/mtn-fake'
import { ProviderProtocolError, ProviderUnavailableError } from '../../src/server/payments/provider'
import { createMtnClient, type MtnConfig } from '../../src/server/payments/providers/mtn'

const keys = { disbursement: 'disbursement-subscription-key', collection: 'collection-subscription-key' }
const settleMs = 30
const lateSuccessMs = 400

type Received = { method: string; headers: Record<string, string>; body: string }

/** Where the fake PUTs its callbacks: a small server that keeps what arrives. */
async function startReceiver() {
  const received: Received[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      )
      received.push({ method: request.method ?? '', headers, body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments/mtn/callback`,
    received,
    about: (reference: string) => received.filter((callback) => callback.body.includes(reference)),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

let fake: MtnFake
let receiver: Awaited<ReturnType<typeof startReceiver>>
let mtn: ReturnType<typeof createMtnClient>

function configFor(target: MtnFake, overrides: Partial<MtnConfig> = {}): MtnConfig {
  return {
    baseUrl: target.url,
    apiUser: target.apiUser,
    apiKey: target.apiKey,
    disbursementSubscriptionKey: target.subscriptionKeys.disbursement,
    collectionSubscriptionKey: target.subscriptionKeys.collection,
    targetEnvironment: target.targetEnvironment,
    timeoutMs: 3000,
    ...overrides,
  }
}

async function control(path: string, body?: unknown) {
  const response = await fetch(`${fake.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

function transfer(msisdn: string, amount = 1500) {
  return { reference: randomUUID(), amount, msisdn, note: 'Isoko payout' }
}

function recorded(reference: string) {
  return fake.state().transfers.filter((row) => row.referenceId === reference)
}

const until = <T>(read: () => Promise<T>) => vi.waitFor(read, { timeout: 3000, interval: 10 })

beforeAll(async () => {
  receiver = await startReceiver()
  fake = await startMtnFake({
    subscriptionKey: keys,
    settleMs,
    lateSuccessMs,
    clientTimeoutHangMs: 1500,
    float: 1_000_000,
  })
  mtn = createMtnClient(configFor(fake, { callbackUrl: receiver.url }))
})
afterAll(async () => {
  await fake?.close()
  await receiver?.close()
})
beforeEach(async () => {
  await control('/_fake/callbacks', { mode: 'normal' })
  await control('/_fake/float', { amount: 1_000_000 })
})

describe('MTN disbursement: send and status', () => {
  it('pays a transfer: accepted, then paid with MTN’s transaction id', async () => {
    const payout = transfer('250788123456', 2500)

    expect(await mtn.send(payout)).toEqual({ outcome: 'accepted' })

    const paid = await until(async () => {
      const state = await mtn.status(payout.reference)
      expect(state.state).toBe('paid')
      return state
    })
    expect(paid).toEqual({ state: 'paid', providerTransactionId: expect.stringMatching(/^\d+$/) })
    expect(recorded(payout.reference)).toEqual([
      expect.objectContaining({
        kind: 'disbursement',
        msisdn: '250788123456',
        amount: 2500,
        currency: 'RWF',
        externalId: payout.reference,
        status: 'SUCCESSFUL',
        posts: 1,
      }),
    ])
  })

  it.each([
    ['250788000001', 'payee_not_found', 'PAYEE_NOT_FOUND'],
    ['250788000002', 'not_allowed_to_receive', 'PAYEE_NOT_ALLOWED_TO_RECEIVE'],
    ['250788000003', 'not_enough_funds', 'NOT_ENOUGH_FUNDS'],
  ] as const)('maps %s’s failure onto %s', async (msisdn, reason, mtnReason) => {
    const payout = transfer(msisdn)

    expect(await mtn.send(payout)).toEqual({ outcome: 'accepted' })

    const failed = await until(async () => {
      const state = await mtn.status(payout.reference)
      expect(state.state).toBe('failed')
      return state
    })
    expect(failed).toEqual({ state: 'failed', reason, providerMessage: mtnReason })
  })

  // A 5xx says nothing of whether MTN kept the transfer: the caller must ask before anything else.
  it('throws ProviderUnavailableError on MTN’s internal error, and the reference is then not found', async () => {
    const payout = transfer('250788000006')

    await expect(mtn.send(payout)).rejects.toThrow(ProviderUnavailableError)

    expect(await mtn.status(payout.reference)).toEqual({ state: 'not_found' })
    expect(recorded(payout.reference)).toEqual([])
  })

  it('answers pending, then paid, for a late success', async () => {
    const payout = transfer('250788000005')
    await mtn.send(payout)

    await new Promise((resolve) => setTimeout(resolve, settleMs * 3))
    expect(await mtn.status(payout.reference)).toEqual({ state: 'pending' })
    expect(recorded(payout.reference)[0]?.status).toBe('PENDING')

    await until(async () => expect((await mtn.status(payout.reference)).state).toBe('paid'))
  })

  it('keeps a pending-forever transfer pending', async () => {
    const payout = transfer('250788000004')
    await mtn.send(payout)

    await new Promise((resolve) => setTimeout(resolve, lateSuccessMs + 50))

    expect(await mtn.status(payout.reference)).toEqual({ state: 'pending' })
    expect(recorded(payout.reference)[0]?.status).toBe('PENDING')
  })

  // The reference is MTN's idempotency key: a retry after a lost answer must never pay twice.
  it('answers duplicate to a second send under the same reference, which MTN counts but does not create', async () => {
    const payout = transfer('250788123457')

    expect(await mtn.send(payout)).toEqual({ outcome: 'accepted' })
    expect(await mtn.send({ ...payout, amount: 9999 })).toEqual({ outcome: 'duplicate' })

    expect(recorded(payout.reference)).toEqual([
      expect.objectContaining({ amount: 1500, posts: 2, duplicates: 1 }),
    ])
    const listed = await control('/_fake/transfers')
    const rows = (listed.body.transfers as { referenceId: string }[]).filter(
      (row) => row.referenceId === payout.reference,
    )
    expect(rows).toEqual([expect.objectContaining({ posts: 2, duplicates: 1, status: expect.any(String) })])
  })

  it('answers not_found for a reference MTN never received', async () => {
    expect(await mtn.status(randomUUID())).toEqual({ state: 'not_found' })
    expect(await mtn.collectionStatus(randomUUID())).toEqual({ state: 'not_found' })
  })

  it('answers rejected for a request MTN refuses as malformed (a reference that is no UUID)', async () => {
    const outcome = await mtn.send({ ...transfer('250788123456'), reference: 'payout-17' })

    expect(outcome).toEqual({
      outcome: 'rejected',
      reason: 'other',
      providerMessage: expect.stringMatching(/BAD_REQUEST/),
    })
    expect(recorded('payout-17')).toEqual([])
  })

  it('throws ProviderUnavailableError when the answer comes too late, though MTN kept the transfer', async () => {
    const impatient = createMtnClient(configFor(fake, { timeoutMs: 200 }))
    const payout = transfer('250788000007')

    const sending = impatient.send(payout)

    await expect(sending).rejects.toThrow(ProviderUnavailableError)
    await expect(sending).rejects.toThrow(/no answer within 200 ms/)
    expect(['pending', 'paid']).toContain((await mtn.status(payout.reference)).state)
    await until(async () => expect((await mtn.status(payout.reference)).state).toBe('paid'))
  })

  it('throws ProviderUnavailableError when MTN cannot be reached', async () => {
    const gone = await startMtnFake()
    const config = configFor(gone)
    await gone.close()

    await expect(createMtnClient(config).balance()).rejects.toThrow(ProviderUnavailableError)
  })
})

describe('MTN tokens and credentials', () => {
  it('renews an expired token once and goes on, transparently', async () => {
    const own = await startMtnFake({ settleMs })
    try {
      const client = createMtnClient(configFor(own))
      expect(await client.balance()).toBe(50_000_000)
      expect(await client.balance()).toBe(50_000_000)
      expect(own.state().tokensIssued.disbursement).toBe(1)

      await fetch(`${own.url}/_fake/expire-tokens`, { method: 'POST' })

      expect(await client.balance()).toBe(50_000_000)
      expect(own.state().tokensIssued).toEqual({ disbursement: 2, collection: 0 })
      expect(own.state().refusedTokens).toBe(1)
    } finally {
      await own.close()
    }
  })

  it('asks for a new token shortly before the old one expires, without a refused call', async () => {
    const own = await startMtnFake({ tokenTtlSeconds: 1 })
    try {
      const client = createMtnClient(configFor(own))
      await client.balance()

      await new Promise((resolve) => setTimeout(resolve, 950))
      await client.balance()

      expect(own.state().tokensIssued.disbursement).toBe(2)
      expect(own.state().refusedTokens).toBe(0)
    } finally {
      await own.close()
    }
  })

  it('keeps one token per product: a collection call gets its own', async () => {
    const own = await startMtnFake()
    try {
      const client = createMtnClient(configFor(own))
      await client.balance()
      await client.collectionStatus(randomUUID())

      expect(own.state().tokensIssued).toEqual({ disbursement: 1, collection: 1 })
    } finally {
      await own.close()
    }
  })

  // A message ends up in logs and on the operators' screen: it must never carry a secret.
  it('throws ProviderProtocolError for a wrong API key, without the key or the credentials in the message', async () => {
    const apiKey = 'wrong-key-7f3c9a1e5b'
    const client = createMtnClient(configFor(fake, { apiKey }))
    const basic = Buffer.from(`${fake.apiUser}:${apiKey}`).toString('base64')

    const error = await client.send(transfer('250788123456')).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(ProviderProtocolError)
    const message = (error as Error).message
    expect(message).toMatch(/login_failed/)
    expect(message).not.toContain(apiKey)
    expect(message).not.toContain(basic)
    expect(message).not.toContain(fake.subscriptionKeys.disbursement)
  })

  it('throws ProviderProtocolError for the other product’s subscription key', async () => {
    const client = createMtnClient(configFor(fake, { disbursementSubscriptionKey: keys.collection }))

    await expect(client.balance()).rejects.toThrow(ProviderProtocolError)
  })

  it('throws ProviderProtocolError for a target environment MTN does not serve this user', async () => {
    const client = createMtnClient(configFor(fake, { targetEnvironment: 'mtnuganda' }))

    const error = await client.status(randomUUID()).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(ProviderProtocolError)
    expect((error as Error).message).toMatch(/NOT_ALLOWED_TARGET_ENVIRONMENT/)
  })
})

describe('MTN float and account holders', () => {
  it('reads the float, which paid transfers draw down and a transfer above it does not', async () => {
    await control('/_fake/float', { amount: 100_000 })
    expect(await mtn.balance()).toBe(100_000)

    const paid = transfer('250788123458', 30_000)
    await mtn.send(paid)
    await until(async () => expect((await mtn.status(paid.reference)).state).toBe('paid'))
    expect(await mtn.balance()).toBe(70_000)

    const tooMuch = transfer('250788123459', 80_000)
    await mtn.send(tooMuch)
    const failed = await until(async () => {
      const state = await mtn.status(tooMuch.reference)
      expect(state.state).toBe('failed')
      return state
    })
    expect(failed).toEqual({
      state: 'failed',
      reason: 'not_enough_funds',
      providerMessage: 'NOT_ENOUGH_FUNDS',
    })
    expect(await mtn.balance()).toBe(70_000)
  })

  // An account that may not receive exists and is active: its transfer fails with MTN's own reason.
  it('says whether a number has an active account, with its registered name', async () => {
    const name = fakeAccountHolderName('250788123456')
    const barred = fakeAccountHolderName('250788000002')

    expect(await mtn.accountHolder('250788123456')).toEqual({
      active: true,
      name: `${name.given_name} ${name.family_name}`,
    })
    expect(await mtn.accountHolder('250788000001')).toEqual({ active: false, name: null })
    expect(await mtn.accountHolder('250788000002')).toEqual({
      active: true,
      name: `${barred.given_name} ${barred.family_name}`,
    })
  })
})

describe('MTN collection: request to pay', () => {
  it('is paid once the payer approves it on their phone', async () => {
    const request = transfer('250788555111', 4000)
    const before = fake.state().collectionBalance

    expect(await mtn.requestToPay(request)).toEqual({ outcome: 'accepted' })
    await new Promise((resolve) => setTimeout(resolve, settleMs * 3))
    expect(await mtn.collectionStatus(request.reference)).toEqual({ state: 'pending' })

    expect((await control(`/_fake/requests/${request.reference}/approve`, {})).status).toBe(200)

    expect(await mtn.collectionStatus(request.reference)).toEqual({
      state: 'paid',
      providerTransactionId: expect.stringMatching(/^\d+$/),
    })
    expect(fake.state().collectionBalance).toBe(before + 4000)
    expect(recorded(request.reference)).toEqual([
      expect.objectContaining({ kind: 'collection', msisdn: '250788555111', status: 'SUCCESSFUL' }),
    ])
  })

  it('fails as rejected_by_payer when the payer declines', async () => {
    const request = transfer('250788555112')
    await mtn.requestToPay(request)

    await control(`/_fake/requests/${request.reference}/decline`, {})

    expect(await mtn.collectionStatus(request.reference)).toEqual({
      state: 'failed',
      reason: 'rejected_by_payer',
      providerMessage: 'APPROVAL_REJECTED',
    })
  })

  it.each([
    ['250788000008', 'rejected_by_payer'],
    ['250788000001', 'payer_not_found'],
  ] as const)('plays %s’s scripted end: %s', async (msisdn, reason) => {
    const request = transfer(msisdn)
    await mtn.requestToPay(request)

    await until(async () =>
      expect(await mtn.collectionStatus(request.reference)).toMatchObject({ state: 'failed', reason }),
    )
  })

  it('answers duplicate to a second request under the same reference', async () => {
    const request = transfer('250788555113')

    expect(await mtn.requestToPay(request)).toEqual({ outcome: 'accepted' })
    expect(await mtn.requestToPay(request)).toEqual({ outcome: 'duplicate' })
    expect(recorded(request.reference)).toEqual([expect.objectContaining({ posts: 2, duplicates: 1 })])
  })
})

describe('MTN callbacks', () => {
  it('PUTs the settled transfer to X-Callback-Url, and callbackReference names it', async () => {
    const payout = transfer('250788123460')
    await mtn.send(payout)

    const [callback] = await until(async () => {
      const arrived = receiver.about(payout.reference)
      expect(arrived).toHaveLength(1)
      return arrived
    })

    expect(callback!.method).toBe('PUT')
    expect(JSON.parse(callback!.body)).toMatchObject({ externalId: payout.reference, status: 'SUCCESSFUL' })
    expect(await mtn.callbackReference({ headers: callback!.headers, body: callback!.body })).toBe(
      payout.reference,
    )
    expect((await mtn.status(payout.reference)).state).toBe('paid')
  })

  it('names the request to pay a collection callback is about', async () => {
    const request = transfer('250788555114')
    await mtn.requestToPay(request)
    await control(`/_fake/requests/${request.reference}/approve`, {})

    const [callback] = await until(async () => {
      const arrived = receiver.about(request.reference)
      expect(arrived).toHaveLength(1)
      return arrived
    })

    expect(await mtn.callbackReference(callback!)).toBe(request.reference)
    expect(JSON.parse(callback!.body)).toMatchObject({ payer: { partyId: '250788555114' } })
  })

  // Callbacks are hints: a dropped one must leave status polling as the way to learn the end.
  it('sends nothing when callbacks are dropped, and the status still says paid', async () => {
    await control('/_fake/callbacks', { mode: 'drop' })
    const payout = transfer('250788123461')
    await mtn.send(payout)

    await until(async () => expect((await mtn.status(payout.reference)).state).toBe('paid'))
    await new Promise((resolve) => setTimeout(resolve, 50))

    expect(receiver.about(payout.reference)).toEqual([])
  })

  it('sends a duplicated callback twice, both naming the same reference', async () => {
    await control('/_fake/callbacks', { mode: 'duplicate' })
    const payout = transfer('250788123462')
    await mtn.send(payout)

    const arrived = await until(async () => {
      const both = receiver.about(payout.reference)
      expect(both).toHaveLength(2)
      return both
    })

    for (const callback of arrived) expect(await mtn.callbackReference(callback)).toBe(payout.reference)
  })

  it('sends a delayed callback after the status already says paid', async () => {
    await control('/_fake/callbacks', { mode: 'delay', delayMs: 500 })
    const payout = transfer('250788123463')
    await mtn.send(payout)

    await until(async () => expect((await mtn.status(payout.reference)).state).toBe('paid'))
    expect(receiver.about(payout.reference)).toEqual([])

    await until(async () => expect(receiver.about(payout.reference)).toHaveLength(1))
  })

  // MTN does not sign callbacks: anything that is not its shape, with our UUID as externalId, is ignored.
  it.each([
    ['a reference that is no UUID', JSON.stringify({ externalId: 'payout-17', status: 'SUCCESSFUL' })],
    ['no status', JSON.stringify({ externalId: randomUUID() })],
    ['a body that is not JSON', 'status=SUCCESSFUL'],
    ['an empty body', ''],
  ])('returns null for %s', async (_what, body) => {
    expect(await mtn.callbackReference({ headers: {}, body })).toBeNull()
  })
})
