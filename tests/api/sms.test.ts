import { Writable } from 'node:stream'
import { eq, TransactionRollbackError } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startAfricasTalkingFake,
  startPindoFake,
  type FakeSms,
  type SmsFake,
} from '../../src/dev/fakes/sms-fakes'
import { smsOutbox, vendors } from '../../src/server/db/schema'
import { createLogger } from '../../src/server/lib/logger'
import { ProviderProtocolError, ProviderUnavailableError } from '../../src/server/payments/provider'
import {
  createAfricasTalkingGateway,
  createPindoGateway,
  createSmsGateway,
  SmsRefusedError,
  type SmsGateway,
} from '../../src/server/sms/sms-gateway'
import { createSmsSender, queueSms, SMS_MAX_ATTEMPTS } from '../../src/server/sms/sms.service'
import { registeredVendor, type RegisteredVendor } from '../fixtures/commerce'
import { createTestApp } from '../fixtures/test-app'

const AT_KEY = 'at-key-0f3c9a71d2'
const PINDO_TOKEN = 'pindo-token-8b2e6d40c5'
/** The client's timeout in these tests; a held request (999994) is held far longer. */
const TIMEOUT_MS = 400

let t: Awaited<ReturnType<typeof createTestApp>>
let africasTalking: SmsFake
let pindo: SmsFake
let vendor: RegisteredVendor
let optedOut: RegisteredVendor

beforeAll(async () => {
  ;[t, africasTalking, pindo] = await Promise.all([
    createTestApp(),
    startAfricasTalkingFake({ username: 'isoko', apiKey: AT_KEY, hangMs: 10_000 }),
    startPindoFake({ token: PINDO_TOKEN, hangMs: 10_000 }),
  ])
  vendor = await registeredVendor(t, { status: 'approved' })
  optedOut = await registeredVendor(t, { status: 'approved' })
  await t.db.update(vendors).set({ smsOptOut: true }).where(eq(vendors.id, optedOut.vendorId))
})
afterAll(async () => {
  await Promise.all([africasTalking?.close(), pindo?.close()])
  await t?.close()
})

/** What the fake's control endpoint says it sent (over HTTP, as a developer would read it). */
async function sentBy(fake: SmsFake, filter: (sms: FakeSms) => boolean = () => true) {
  const response = await fetch(`${fake.url}/_fake/messages`)
  expect(response.status).toBe(200)
  return ((await response.json()) as { messages: FakeSms[] }).messages.filter(filter)
}
async function failNext(fake: SmsFake, count: number) {
  const response = await fetch(`${fake.url}/_fake/fail-next`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ count }),
  })
  expect(response.status).toBe(200)
}
async function reset(fake: SmsFake) {
  expect((await fetch(`${fake.url}/_fake/reset`, { method: 'POST' })).status).toBe(200)
}

/** The error a promise rejects with (the test fails if it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )
  if (!('error' in outcome)) throw new Error(`expected a rejection, got ${JSON.stringify(outcome.value)}`)
  expect(outcome.error).toBeInstanceOf(Error)
  return outcome.error as Error
}

const gateways = [
  {
    name: 'africastalking',
    fake: () => africasTalking,
    secret: AT_KEY,
    gateway: (overrides: { apiKey?: string } = {}) =>
      createAfricasTalkingGateway({
        baseUrl: africasTalking.url,
        username: 'isoko',
        apiKey: overrides.apiKey ?? AT_KEY,
        senderId: 'ISOKO',
        timeoutMs: TIMEOUT_MS,
      }),
  },
  {
    name: 'pindo',
    fake: () => pindo,
    secret: PINDO_TOKEN,
    gateway: (overrides: { apiKey?: string } = {}) =>
      createPindoGateway({
        baseUrl: pindo.url,
        token: overrides.apiKey ?? PINDO_TOKEN,
        sender: 'Isoko',
        timeoutMs: TIMEOUT_MS,
      }),
  },
] as const

describe.each(gateways)('the $name client against its fake, over HTTP', ({ name, fake, secret, gateway }) => {
  it('sends an SMS and returns the id the gateway gave it', async () => {
    const text = `Murakoze: your payout is on its way (${name})`
    const { messageId } = await gateway().send({ to: '+250788123456', text })
    expect(messageId).toBeTruthy()
    expect(await sentBy(fake(), (sms) => sms.text === text)).toEqual([
      expect.objectContaining({ id: messageId, to: '+250788123456', text, sender: expect.any(String) }),
    ])
    expect((await sentBy(fake(), (sms) => sms.id === messageId))[0]!.sender).toBe(
      name === 'pindo' ? 'Isoko' : 'ISOKO',
    )
  })

  // A number the gateway will never deliver to is a permanent refusal: retrying it would only cost.
  it.each([
    ['an invalid number', '+250788999991'],
    ['a refused (blacklisted, unsupported) number', '+250788999992'],
    ['a number not in E.164', '0788123456'],
  ])('refuses %s with SmsRefusedError, and sends nothing', async (_what, to) => {
    const text = `refused ${name} ${to}`
    const error = await rejectionOf(gateway().send({ to, text }))
    expect(error).toBeInstanceOf(SmsRefusedError)
    expect(await sentBy(fake(), (sms) => sms.text === text)).toEqual([])
  })

  it('a gateway error (HTTP 500) is ProviderUnavailableError: it will be retried', async () => {
    const error = await rejectionOf(gateway().send({ to: '+250788999993', text: 'x' }))
    expect(error).toBeInstanceOf(ProviderUnavailableError)
    expect((error as ProviderUnavailableError).provider).toBe('sms')
    expect(error.message).toContain('500')
  })

  it('a gateway that hangs past the timeout is ProviderUnavailableError, within the timeout', async () => {
    const started = Date.now()
    const error = await rejectionOf(gateway().send({ to: '+250788999994', text: 'hang' }))
    expect(error).toBeInstanceOf(ProviderUnavailableError)
    expect(error.message).toContain(`${TIMEOUT_MS} ms`)
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000)
  })

  it('a 503 (fail-next) is ProviderUnavailableError, and the next send goes through', async () => {
    await failNext(fake(), 1)
    const text = `after a 503 (${name})`
    expect(await rejectionOf(gateway().send({ to: '+250788123456', text }))).toBeInstanceOf(
      ProviderUnavailableError,
    )
    expect(await sentBy(fake(), (sms) => sms.text === text)).toEqual([])
    await gateway().send({ to: '+250788123456', text })
    expect(await sentBy(fake(), (sms) => sms.text === text)).toHaveLength(1)
  })

  // Error messages are logged and stored on the outbox row: a credential must never reach either.
  it('a wrong key is ProviderProtocolError, and no message names the key', async () => {
    const wrong = `${secret}-revoked`
    const refused = await rejectionOf(gateway({ apiKey: wrong }).send({ to: '+250788123456', text: 'x' }))
    expect(refused).toBeInstanceOf(ProviderProtocolError)
    expect((refused as ProviderProtocolError).provider).toBe('sms')
    const others = await Promise.all(
      ['+250788999991', '+250788999993', '+250788999994'].map((to) =>
        rejectionOf(gateway().send({ to, text: 'x' })),
      ),
    )
    for (const error of [refused, ...others]) {
      expect(error.message).not.toContain(secret)
      expect(String(error.stack)).not.toContain(secret)
    }
  })
})

describe('the gateway the settings name', () => {
  it('none: no gateway (the outbox keeps SMS); africastalking or pindo: that client', async () => {
    expect(createSmsGateway({ provider: 'none' })).toBeNull()
    const chosen = createSmsGateway({ provider: 'pindo', baseUrl: pindo.url, token: PINDO_TOKEN })
    expect(chosen?.name).toBe('pindo')
    const { messageId } = await chosen!.send({ to: '+250788123499', text: 'chosen by the settings' })
    expect(await sentBy(pindo, (sms) => sms.id === messageId)).toHaveLength(1)
    const at = createSmsGateway({
      provider: 'africastalking',
      baseUrl: africasTalking.url,
      username: 'isoko',
      apiKey: AT_KEY,
    })
    expect(at?.name).toBe('africastalking')
  })
})

describe('the fakes check what the real gateways check', () => {
  it("Africa's Talking: a wrong username, a missing Accept, a missing field", async () => {
    const post = (headers: Record<string, string>, form: Record<string, string>) =>
      fetch(`${africasTalking.url}/version1/messaging`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(form).toString(),
      })
    const good = { username: 'isoko', to: '+250788123456', message: 'x' }
    const wrongUser = await post(
      { apiKey: AT_KEY, Accept: 'application/json' },
      { ...good, username: 'other' },
    )
    expect(wrongUser.status).toBe(401)
    expect(await wrongUser.text()).toBe('The supplied authentication is invalid')
    expect((await post({ apiKey: AT_KEY }, good)).status).toBe(406)
    expect(
      (await post({ apiKey: AT_KEY, Accept: 'application/json' }, { username: 'isoko', to: '+250788123456' }))
        .status,
    ).toBe(400)
    const sent = await post(
      { apiKey: AT_KEY, Accept: 'application/json' },
      { ...good, to: '+250788123456,+250788999991' },
    )
    expect(sent.status).toBe(201)
    expect(await sent.json()).toMatchObject({
      SMSMessageData: {
        Message: expect.stringMatching(/^Sent to 1\/2 /),
        Recipients: [
          {
            statusCode: 101,
            number: '+250788123456',
            status: 'Success',
            messageId: expect.stringMatching(/^ATXid_/),
          },
          { statusCode: 403, number: '+250788999991', status: 'InvalidPhoneNumber', messageId: 'None' },
        ],
      },
    })
  })

  it('Pindo: no bearer token, a body without text', async () => {
    const post = (headers: Record<string, string>, body: unknown) =>
      fetch(`${pindo.url}/v1/sms/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    expect((await post({}, { to: '+250788123456', text: 'x' })).status).toBe(401)
    expect((await post({ Authorization: `Bearer ${PINDO_TOKEN}` }, { to: '+250788123456' })).status).toBe(400)
    const sent = await post(
      { Authorization: `Bearer ${PINDO_TOKEN}` },
      { to: '+250788123456', text: 'x', sender: 'Isoko' },
    )
    expect(sent.status).toBe(201)
    expect(await sent.json()).toMatchObject({
      sms_id: expect.stringMatching(/^out_sms_/),
      status: 'sent',
      to: '+250788123456',
    })
  })
})

describe('the SMS outbox', () => {
  const at = () =>
    createAfricasTalkingGateway({
      baseUrl: africasTalking.url,
      username: 'isoko',
      apiKey: AT_KEY,
      timeoutMs: TIMEOUT_MS,
    })
  const sender = (gateway: SmsGateway | null = at()) =>
    createSmsSender({ db: t.db, logger: createLogger('silent', false), gateway })
  const rowsWith = (text: string) => t.db.select().from(smsOutbox).where(eq(smsOutbox.text, text))
  const queue = (sms: { to: string | null; text: string; vendorId?: string }) =>
    t.db.transaction((tx) => queueSms(tx, { vendorId: vendor.vendorId, ...sms }))
  /** The next attempt waits (backoff); bring it forward to try again now. */
  const dueNow = (text: string) =>
    t.db
      .update(smsOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(smsOutbox.text, text))

  // An SMS tells of a change: a change rolled back must send nothing.
  it('an SMS queued in a transaction that rolls back leaves nothing', async () => {
    const text = 'rolled back payout'
    let queued: boolean | undefined
    const rolledBack = await t.db
      .transaction(async (tx) => {
        queued = await queueSms(tx, { to: '+250788123456', text, vendorId: vendor.vendorId })
        tx.rollback()
      })
      .catch((error: unknown) => error)
    expect(rolledBack).toBeInstanceOf(TransactionRollbackError)
    expect(queued).toBe(true)
    expect(await rowsWith(text)).toEqual([])
    await sender().deliverQueued()
    expect(await sentBy(africasTalking, (sms) => sms.text === text)).toEqual([])
  })

  it('a committed SMS is delivered once, and the row keeps the gateway id', async () => {
    const text = 'Isoko: payout of 25,000 RWF paid'
    expect(await queue({ to: '+250788123456', text })).toBe(true)
    const [queued] = await rowsWith(text)
    expect(queued).toMatchObject({
      status: 'queued',
      attempts: 0,
      vendorId: vendor.vendorId,
      to: '+250788123456',
    })

    expect(await sender().deliverQueued()).toBeGreaterThanOrEqual(1)
    expect(await sender().deliverQueued()).toBe(0)
    const sent = await sentBy(africasTalking, (sms) => sms.text === text)
    expect(sent).toEqual([expect.objectContaining({ to: '+250788123456', text })])
    const [row] = await rowsWith(text)
    expect(row).toMatchObject({ status: 'sent', attempts: 1, providerMessageId: sent[0]!.id, error: null })
    expect(row!.sentAt).toBeInstanceOf(Date)
  })

  // Several processes deliver at once (every server process runs the job): the claim keeps an SMS to one of them.
  it('two deliveries running at once send it once', async () => {
    const text = 'Isoko: only once'
    await queue({ to: '+250788123457', text })
    await Promise.all([sender().deliverQueued(), sender().deliverQueued()])
    expect(await sentBy(africasTalking, (sms) => sms.text === text)).toHaveLength(1)
    expect(await rowsWith(text)).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })])
  })

  it('a 503 is retried after a backoff, then delivered', async () => {
    const text = 'Isoko: retried after a 503'
    await queue({ to: '+250788123458', text })
    await failNext(africasTalking, 1)
    await sender().deliverQueued()
    const [failed] = await rowsWith(text)
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, providerMessageId: null })
    expect(failed!.error).toContain('503')
    expect(failed!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now())
    expect(await sentBy(africasTalking, (sms) => sms.text === text)).toEqual([])

    // Not due yet: a delivery now leaves it waiting.
    await sender().deliverQueued()
    expect(await rowsWith(text)).toEqual([expect.objectContaining({ status: 'queued', attempts: 1 })])

    await dueNow(text)
    await sender().deliverQueued()
    expect(await rowsWith(text)).toEqual([
      expect.objectContaining({ status: 'sent', attempts: 2, error: null }),
    ])
    expect(await sentBy(africasTalking, (sms) => sms.text === text)).toHaveLength(1)
  })

  it('a gateway that keeps failing is given up after the last attempt', async () => {
    const text = 'Isoko: the gateway is down'
    await queue({ to: '+250788123459', text })
    await failNext(africasTalking, SMS_MAX_ATTEMPTS)
    for (let attempt = 1; attempt <= SMS_MAX_ATTEMPTS; attempt++) {
      await dueNow(text)
      await sender().deliverQueued()
    }
    const [row] = await rowsWith(text)
    expect(row).toMatchObject({ status: 'failed', attempts: SMS_MAX_ATTEMPTS, sentAt: null })
    expect(row!.error).toContain('503')
    await reset(africasTalking)
  })

  // A refused number stays refused: sending it again would only cost.
  it('a number the gateway refuses is failed at once, not retried', async () => {
    const text = 'Isoko: to a blacklisted number'
    await queue({ to: '+250788999992', text })
    await sender().deliverQueued()
    await dueNow(text)
    await sender().deliverQueued()
    const [row] = await rowsWith(text)
    expect(row).toMatchObject({ status: 'failed', attempts: 1, providerMessageId: null })
    expect(row!.error).toContain('UserInBlacklist')
  })

  it('through Pindo too', async () => {
    const text = 'Isoko: sent through Pindo'
    await queue({ to: '+250788123460', text })
    const pindoGateway = createPindoGateway({ baseUrl: pindo.url, token: PINDO_TOKEN, timeoutMs: TIMEOUT_MS })
    await sender(pindoGateway).deliverQueued()
    const sent = await sentBy(pindo, (sms) => sms.text === text)
    expect(sent).toHaveLength(1)
    expect(await rowsWith(text)).toEqual([
      expect.objectContaining({ status: 'sent', providerMessageId: sent[0]!.id }),
    ])
  })

  // The owner asked for no SMS (vendors.sms_opt_out): nothing is queued, so nothing can be sent.
  it('a vendor who opted out gets nothing; nor does a missing or malformed number', async () => {
    const text = 'Isoko: not for you'
    expect(await queue({ to: '+250788123461', text, vendorId: optedOut.vendorId })).toBe(false)
    expect(await queue({ to: null, text })).toBe(false)
    expect(await queue({ to: '0788123461', text })).toBe(false)
    expect(await queue({ to: '250788123461', text })).toBe(false)
    expect(await rowsWith(text)).toEqual([])
    await sender().deliverQueued()
    expect(await sentBy(africasTalking, (sms) => sms.text === text)).toEqual([])

    // And the same vendor, once opted back in, does.
    await t.db.update(vendors).set({ smsOptOut: false }).where(eq(vendors.id, optedOut.vendorId))
    expect(await queue({ to: '+250788123461', text, vendorId: optedOut.vendorId })).toBe(true)
    await t.db.update(vendors).set({ smsOptOut: true }).where(eq(vendors.id, optedOut.vendorId))
    await sender().deliverQueued()
    expect(await sentBy(africasTalking, (sms) => sms.text === text)).toHaveLength(1)
  })

  // A fresh machine has no SMS account: the SMS waits in the outbox and its text is in the log, the number masked.
  it('with no gateway the SMS is kept in the outbox and logged with the number masked', async () => {
    const text = 'Isoko: kept for a machine with no gateway'
    await queue({ to: '+250788123462', text })
    const lines: string[] = []
    const logger = createLogger(
      'info',
      false,
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk))
          done()
        },
      }),
    )
    expect(await createSmsSender({ db: t.db, logger, gateway: null }).deliverQueued()).toBe(1)
    expect(await rowsWith(text)).toEqual([
      expect.objectContaining({ status: 'outbox', attempts: 1, sentAt: null, providerMessageId: null }),
    ])
    const logged = lines.filter((line) => line.includes(text))
    expect(logged).toHaveLength(1)
    expect(logged[0]).toContain('+*********462')
    expect(logged[0]).not.toContain('788123462')
  })
})
