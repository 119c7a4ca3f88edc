import { and, eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findLedgerFaults } from '../../src/server/db/ledger-check'
import {
  auditLogs,
  ledgerLines,
  moneyTransfers,
  payoutBatches,
  payouts,
  smsOutbox,
} from '../../src/server/db/schema'
import { closeFinishedBatches } from '../../src/server/payments/batches.service'
import { runDueTransfers } from '../../src/server/payments/transfers.service'
import { paymentProviders, type PaymentProviderName } from '../../src/shared/payments'
import { expectError } from '../fixtures/expect-error'
import { expectStatus, mailsTo, signIn } from '../fixtures/factories'
import { insertOrders, registeredVendor, theAdmin } from '../fixtures/money'
import { numberOn, startProviderFake, type ProviderFake } from '../fixtures/payment-fakes'
import { createTestApp, type TestApp } from '../fixtures/test-app'

/**
 * A payout approved without a typed reference is sent by its provider, exactly once under the reference persisted
 * at approval, and ends paid (the provider's transaction id as its reference) or failed (the money back with the
 * shop) or, unresolved in time, with a person: the ledger right and the vendor told, for each provider, against
 * the fakes over HTTP (docs/payments.md).
 */

const timing = { settleMs: 40, lateSuccessMs: 500, clientTimeoutHangMs: 900 }
const workerTiming = { checkDelaysMs: [30, 60, 120], unknownAfterMs: 1_500, claimMs: 2_000, maxSends: 3 }

let base: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  base = await createTestApp()
})
afterAll(async () => {
  await base?.close()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.each(paymentProviders)('payouts sent through %s', (name: PaymentProviderName) => {
  let fake: ProviderFake
  let t: TestApp
  let adminCookie: string

  beforeAll(async () => {
    fake = await startProviderFake(name, { timing })
    t = base.withConfig({}, { payments: { providers: fake.providers, timing: workerTiming } })
    const admin = await theAdmin(base)
    adminCookie = await signIn(t, admin.email, admin.password)
  })
  afterAll(async () => {
    await fake?.close()
  })

  /** A shop whose mobile-money number ends in `tail`, owed `amount`, whose payout of it an admin approved. */
  async function approvedPayout(tail: string, amount = 5_000) {
    const vendor = await registeredVendor(t, {
      payoutDetails: { provider: name === 'airtel' ? 'airtel' : 'mtn', mobileNumber: numberOn(name, tail) },
    })
    await insertOrders(t.db, vendor.vendorId, [amount])
    const requested = expectStatus(
      await t.post('/api/vendor/payouts', { amount }, { cookie: vendor.cookie }),
      201,
      'request',
    )
    const approved = expectStatus(
      await t.patch(
        `/api/admin/payouts/${requested.body.id}`,
        { status: 'approved' },
        { cookie: adminCookie },
      ),
      200,
      'approve',
    )
    expect(approved.body).toMatchObject({ status: 'approved', provider: name, transferStatus: 'queued' })
    return { vendor, payoutId: requested.body.id as string, amount }
  }

  /** "Pay all approved", with the count and total the overview shows. */
  async function payAll() {
    const overview = expectStatus(
      await t.get('/api/admin/payments', { cookie: adminCookie }),
      200,
      'overview',
    )
    const { count, total } = overview.body.waiting as { count: number; total: number }
    return expectStatus(
      await t.post('/api/admin/payout-batches', { count, total }, { cookie: adminCookie }),
      201,
      'batch',
    ).body as { id: string; status: string }
  }

  const payoutRow = async (id: string) => (await t.db.select().from(payouts).where(eq(payouts.id, id)))[0]!
  const transferOf = async (payoutId: string) =>
    (await t.db.select().from(moneyTransfers).where(eq(moneyTransfers.payoutId, payoutId)))[0]!

  /** The worker's rounds, as a serving process runs them, until the payout's transfer is in one of `states`. */
  async function settle(payoutId: string, states: string[], withinMs = 8_000) {
    const started = Date.now()
    for (;;) {
      await runDueTransfers(t.deps.payments)
      const row = await payoutRow(payoutId)
      if (states.includes(row.transferStatus ?? '')) return row
      if (Date.now() - started > withinMs) throw new Error(`still ${row.transferStatus} after ${withinMs} ms`)
      await sleep(20)
    }
  }

  const balanceOf = async (cookie: string) =>
    (await t.get('/api/vendor/payouts', { cookie })).body.availableBalance as number

  const expectLedgerBalanced = async () => expect(await findLedgerFaults(t.db)).toEqual([])

  it('shows the admin who the provider registered for the number, beside the owner', async () => {
    const { payoutId } = await approvedPayout('123450')
    const holder = expectStatus(
      await t.get(`/api/admin/payouts/${payoutId}/account-holder`, { cookie: adminCookie }),
      200,
      'holder',
    )
    expect(holder.body).toMatchObject({ provider: name, active: true, msisdnTail: '3450' })
    expect(typeof holder.body.ownerName).toBe('string')
    // pawaPay says which network a number is on, never whose it is.
    if (name === 'pawapay') expect(holder.body.registeredName).toBeNull()
    else expect(holder.body.registeredName).toMatch(/\S+ \S+/)
    const none = await t.get(`/api/admin/payouts/${payoutId}/account-holder`, {
      cookie: (await registeredVendor(t)).cookie,
    })
    expect(none.status).toBe(403)
    // Sent with the others in the next test's batch.
  })

  it('pays: the provider’s transaction id becomes the reference, the float pays it, the vendor is told', async () => {
    const { vendor, payoutId, amount } = await approvedPayout('123456')
    await payAll()
    const paid = await settle(payoutId, ['paid', 'failed'])
    const transfer = await transferOf(payoutId)
    expect(paid).toMatchObject({ status: 'approved', transferStatus: 'paid' })
    expect(paid.paymentReference).toBe(transfer.providerTransactionId)
    expect(paid.paymentReference).toBeTruthy()
    // Sent once, under the reference persisted at approval.
    expect((await fake.transfers()).get(transfer.id)?.posts).toBe(1)
    expect(await balanceOf(vendor.cookie)).toBe(0)
    const floatLines = await t.db
      .select()
      .from(ledgerLines)
      .where(and(eq(ledgerLines.account, `provider_float_${name}`), eq(ledgerLines.kind, 'payout_paid')))
    expect(floatLines.map((line) => line.amount)).toContain(amount)
    await expectLedgerBalanced()
    const mails = await mailsTo(t.db, vendor.input.email)
    expect(mails.map((mail) => mail.subject)).toContain(
      'Your payout of RWF 5,000 was sent to your Mobile Money',
    )
    const sms = await t.db.select().from(smsOutbox).where(eq(smsOutbox.vendorId, vendor.vendorId))
    expect(sms.map((row) => row.text)).toEqual([
      `Isoko: your payout of RWF 5,000 was sent to your Mobile Money. Ref ${paid.paymentReference}.`,
    ])
    // The provider said it, not a person: the audit row names the service.
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, payoutId))
    expect(audit.some((row) => row.adminId === null && row.details?.system === `payments:${name}`)).toBe(true)
  })

  it.each([
    ['000001', 'payee_not_found'],
    ['000002', 'not_allowed_to_receive'],
    ['000003', 'not_enough_funds'],
  ])(
    'fails (number …%s, %s): the money back in the balance by a ledger entry, the reason shown',
    async (tail, reason) => {
      const { vendor, payoutId, amount } = await approvedPayout(tail)
      await payAll()
      const failed = await settle(payoutId, ['paid', 'failed'])
      expect(failed).toMatchObject({ status: 'rejected', transferStatus: 'failed' })
      expect((await transferOf(payoutId)).failureReason).toBe(reason)
      expect(failed.decisionReason).toBeTruthy()
      expect(await balanceOf(vendor.cookie)).toBe(amount)
      const returned = await t.db
        .select()
        .from(ledgerLines)
        .where(and(eq(ledgerLines.vendorId, vendor.vendorId), eq(ledgerLines.kind, 'payout_returned')))
      expect(returned.map((line) => line.amount)).toEqual([amount])
      await expectLedgerBalanced()
      const mails = await mailsTo(t.db, vendor.input.email)
      expect(mails.map((mail) => mail.subject)).toContain('Your payout of RWF 5,000 could not be sent')
    },
  )

  it('waits while the provider says pending, then records the late success', async () => {
    const { payoutId } = await approvedPayout('000005')
    await payAll()
    expect((await settle(payoutId, ['sending'])).transferStatus).toBe('sending')
    expect((await settle(payoutId, ['paid', 'failed'])).transferStatus).toBe('paid')
    await expectLedgerBalanced()
  })

  it('puts a transfer pending past the time allowed in the unknown queue, where a person settles it, never re-sent', async () => {
    const { vendor, payoutId, amount } = await approvedPayout('000004')
    await payAll()
    await settle(payoutId, ['unknown'])
    const queue = expectStatus(
      await t.get('/api/admin/transfers?status=unknown', { cookie: adminCookie }),
      200,
      'queue',
    )
    const transfer = await transferOf(payoutId)
    expect(queue.body.items.map((item: { id: string }) => item.id)).toContain(transfer.id)
    // Still in transit: not the shop's, not paid.
    expect(await balanceOf(vendor.cookie)).toBe(0)
    // Asking again changes nothing while the provider still says pending.
    const checked = await t.post(
      `/api/admin/transfers/${transfer.id}/resolve`,
      { action: 'check' },
      { cookie: adminCookie },
    )
    expect(checked.body).toMatchObject({ status: 'unknown' })
    expectError(
      await t.post(
        `/api/admin/transfers/${transfer.id}/resolve`,
        { action: 'paid', providerTransactionId: ' ' },
        { cookie: adminCookie },
      ),
      {
        status: 422,
        code: 'VALIDATION',
        messageKey: 'payments.errors.transactionIdRequired',
        fields: { providerTransactionId: 'payments.errors.transactionIdRequired' },
      },
    )
    const resolved = expectStatus(
      await t.post(
        `/api/admin/transfers/${transfer.id}/resolve`,
        { action: 'failed', note: 'The provider confirmed it never left' },
        { cookie: adminCookie },
      ),
      200,
      'resolve',
    )
    expect(resolved.body).toMatchObject({ status: 'failed' })
    expect(await balanceOf(vendor.cookie)).toBe(amount)
    expect((await fake.transfers()).get(transfer.id)?.posts).toBe(1)
    expectError(
      await t.post(
        `/api/admin/transfers/${transfer.id}/resolve`,
        { action: 'check' },
        { cookie: adminCookie },
      ),
      { status: 409, code: 'CONFLICT', messageKey: 'payments.errors.notUnknown' },
    )
    await expectLedgerBalanced()
  })

  it('asks about the same reference after a timeout once accepted, and pays it once', async () => {
    const { payoutId } = await approvedPayout('000007')
    await payAll()
    const paid = await settle(payoutId, ['paid', 'failed'])
    expect(paid.transferStatus).toBe('paid')
    const transfer = await transferOf(payoutId)
    expect((await fake.transfers()).get(transfer.id)?.posts).toBe(1)
    await expectLedgerBalanced()
  })

  it('after a crash between "sending" and the call, finds it never arrived and sends it under the same reference', async () => {
    const { payoutId } = await approvedPayout('223344')
    // The batch is released and the transfer marked as sent, as a process does just before its call, then the
    // process dies: the provider never heard of it.
    await payAll()
    const transfer = await transferOf(payoutId)
    await t.db
      .update(moneyTransfers)
      .set({ status: 'sending', sendCount: 1, sentAt: new Date() })
      .where(eq(moneyTransfers.id, transfer.id))
    expect((await fake.transfers()).get(transfer.id)).toBeUndefined()
    const paid = await settle(payoutId, ['paid', 'failed'])
    expect(paid.transferStatus).toBe('paid')
    expect((await fake.transfers()).get(transfer.id)?.posts).toBe(1)
    expect((await transferOf(payoutId)).sendCount).toBe(2)
  })

  it('refuses a batch the float does not cover, before anything is sent', async () => {
    await fake.float(100_000)
    const { payoutId } = await approvedPayout('334455', 200_000)
    const overview = (await t.get('/api/admin/payments', { cookie: adminCookie })).body
    expectError(await t.post('/api/admin/payout-batches', overview.waiting, { cookie: adminCookie }), {
      status: 409,
      code: 'CONFLICT',
      messageKey: 'payments.errors.floatShort',
    })
    expect((await transferOf(payoutId)).batchId).toBeNull()
    expect((await fake.transfers()).get((await transferOf(payoutId)).id)).toBeUndefined()
    await fake.float(50_000_000)
    // It waits for the float; cleared for the next tests by a person's decision.
    await t.db.update(moneyTransfers).set({ status: 'unknown' }).where(eq(moneyTransfers.payoutId, payoutId))
    await t.post(
      `/api/admin/transfers/${(await transferOf(payoutId)).id}/resolve`,
      { action: 'failed' },
      { cookie: adminCookie },
    )
  })
})

describe('batches and the second admin', () => {
  let fake: ProviderFake
  let t: TestApp
  let first: { cookie: string; user: { id: string } }

  beforeAll(async () => {
    fake = await startProviderFake('mtn', { timing })
    t = base.withConfig({}, { payments: { providers: fake.providers, timing: workerTiming } })
    const admin = await theAdmin(base)
    first = { cookie: await signIn(t, admin.email, admin.password), user: admin.user }
  })
  afterAll(async () => {
    await fake?.close()
  })

  it('refuses a count or total the admin did not see', async () => {
    const vendor = await registeredVendor(t, {
      payoutDetails: { provider: 'mtn', mobileNumber: '0788556677' },
    })
    await insertOrders(t.db, vendor.vendorId, [7_000])
    const requested = await t.post('/api/vendor/payouts', { amount: 7_000 }, { cookie: vendor.cookie })
    await t.patch(`/api/admin/payouts/${requested.body.id}`, { status: 'approved' }, { cookie: first.cookie })
    const { waiting } = (await t.get('/api/admin/payments', { cookie: first.cookie })).body
    expectError(
      await t.post(
        '/api/admin/payout-batches',
        { count: waiting.count, total: waiting.total + 1 },
        { cookie: first.cookie },
      ),
      { status: 409, code: 'CONFLICT', messageKey: 'payments.errors.batchChanged' },
    )
    // A vendor cannot send money anywhere.
    expectError(await t.post('/api/admin/payout-batches', waiting, { cookie: vendor.cookie }), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    const batch = expectStatus(
      await t.post('/api/admin/payout-batches', waiting, { cookie: first.cookie }),
      201,
      'batch',
    )
    expect(batch.body.status).toBe('sending')
  })

  it('is done once every transfer is settled, which the worker writes down and no read does', async () => {
    // Whatever earlier tests left waiting goes with this batch too: its transfers all settle on the fake.
    const vendor = await registeredVendor(t, {
      payoutDetails: { provider: 'mtn', mobileNumber: '0788556688' },
    })
    await insertOrders(t.db, vendor.vendorId, [6_000])
    const requested = await t.post('/api/vendor/payouts', { amount: 6_000 }, { cookie: vendor.cookie })
    await t.patch(`/api/admin/payouts/${requested.body.id}`, { status: 'approved' }, { cookie: first.cookie })
    const { waiting } = (await t.get('/api/admin/payments', { cookie: first.cookie })).body
    const batch = expectStatus(
      await t.post('/api/admin/payout-batches', waiting, { cookie: first.cookie }),
      201,
      'batch',
    ).body as { id: string }
    const progress = async () =>
      expectStatus(
        await t.get(`/api/admin/payout-batches/${batch.id}`, { cookie: first.cookie }),
        200,
        'batch',
      ).body as { status: string; paid: number; count: number }
    const started = Date.now()
    while ((await progress()).status !== 'done') {
      if (Date.now() - started > 8_000) throw new Error(`batch still ${JSON.stringify(await progress())}`)
      await runDueTransfers(t.deps.payments)
      await sleep(20)
    }
    expect(await progress()).toMatchObject({ status: 'done', paid: waiting.count, count: waiting.count })
    const stored = async () =>
      (await t.db.select().from(payoutBatches).where(eq(payoutBatches.id, batch.id)))[0]!.status
    // Read as done, written by no read: the overview still lists it until the worker's round.
    expect(await stored()).toBe('sending')
    const listed = async () =>
      ((await t.get('/api/admin/payments', { cookie: first.cookie })).body.batches as { id: string }[]).map(
        (row) => row.id,
      )
    expect(await listed()).toContain(batch.id)
    expect(await closeFinishedBatches(t.db)).toBeGreaterThanOrEqual(1)
    expect(await stored()).toBe('done')
    expect(await listed()).not.toContain(batch.id)
    expect(await progress()).toMatchObject({ status: 'done', paid: waiting.count })
    // Nothing left to close.
    expect(await closeFinishedBatches(t.db)).toBe(0)
  })
})

describe('provider secrets', () => {
  // A key in a log line or an audit row is a key anyone with the logs can spend the float with.
  it('never appear in the logs, the answers or the audit log, even when the provider refuses them', async () => {
    const fake = await startProviderFake('mtn', { timing })
    try {
      const secret = 'sk-live-9f8e7d6c5b4a'
      const lines: string[] = []
      const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) })
      const { createMtnClient } = await import('../../src/server/payments/providers/mtn')
      const { createPaymentProviders } = await import('../../src/server/payments/registry')
      const refused = createMtnClient({
        baseUrl: fake.url,
        apiUser: secret,
        apiKey: secret,
        disbursementSubscriptionKey: secret,
        collectionSubscriptionKey: secret,
        targetEnvironment: 'mtnrwanda',
        timeoutMs: 400,
      })
      const t = base.withConfig(
        {},
        { payments: { providers: createPaymentProviders({ mtn: refused }), timing: workerTiming } },
      )
      t.deps.payments.logger = logger
      const admin = await theAdmin(base)
      const adminCookie = await signIn(t, admin.email, admin.password)
      const vendor = await registeredVendor(t, {
        payoutDetails: { provider: 'mtn', mobileNumber: '0788990011' },
      })
      await insertOrders(t.db, vendor.vendorId, [3_000])
      const requested = await t.post('/api/vendor/payouts', { amount: 3_000 }, { cookie: vendor.cookie })
      await t.patch(
        `/api/admin/payouts/${requested.body.id}`,
        { status: 'approved' },
        { cookie: adminCookie },
      )
      const overview = await t.get('/api/admin/payments', { cookie: adminCookie })
      // The float cannot be read with refused credentials: a clear refusal, nothing sent.
      const batch = await t.post('/api/admin/payout-batches', overview.body.waiting, { cookie: adminCookie })
      expect(batch.status).toBe(503)
      const answers = [
        overview.text,
        batch.text,
        (await t.get('/api/admin/transfers?status=queued', { cookie: adminCookie })).text,
      ]
      const audit = JSON.stringify(await t.db.select().from(auditLogs))
      expect(lines.length).toBeGreaterThan(0)
      for (const text of [...lines, ...answers, audit]) expect(text).not.toContain(secret)
      expect(lines.join('')).not.toContain(Buffer.from(`${secret}:${secret}`).toString('base64'))
    } finally {
      await fake.close()
    }
  })
})
