import { createServer, type AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findLedgerFaults } from '../../src/server/db/ledger-check'
import {
  auditLogs,
  ledgerLines,
  moneyTransfers,
  payouts,
  smsOutbox,
  vendors,
} from '../../src/server/db/schema'
import { runDueTransfers } from '../../src/server/payments/transfers.service'
import { paymentProviders, type PaymentProviderName } from '../../src/shared/payments'
import { expectStatus, mailsTo, signIn } from '../fixtures/factories'
import { insertOrders, registeredVendor, theAdmin } from '../fixtures/money'
import { numberOn, startProviderFake, type ProviderFake } from '../fixtures/payment-fakes'
import { createTestApp, type TestApp } from '../fixtures/test-app'

/**
 * Callbacks are hints (docs/payments.md): a genuine one makes Isoko ask the provider at once, and only the
 * provider's answer is recorded, once, however many times it is told; a dropped one leaves the poll to find it;
 * a forged one changes nothing. A plan's fee requested by mobile money starts the plan when the payer approves it
 * on the phone. The app is served over HTTP, so the fakes call it back as the providers would.
 */

const timing = { settleMs: 60, lateSuccessMs: 400, clientTimeoutHangMs: 900 }
/** The poll waits a minute: what settles within the test was settled by a callback. */
const slowPolling = { checkDelaysMs: [60_000], unknownAfterMs: 10 * 60_000, claimMs: 2_000, maxSends: 3 }

let base: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  base = await createTestApp()
})
afterAll(async () => {
  await base?.close()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs = 5_000) {
  const started = Date.now()
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() - started > withinMs)
      throw new Error(`not reached within ${withinMs} ms: ${JSON.stringify(value)}`)
    await sleep(25)
  }
}

/** A number whose request to pay waits on every fake until the test, as the payer, approves or declines it. */
const payerAnswersOnThePhone = '000004'

describe.each(paymentProviders)('callbacks from %s', (name: PaymentProviderName) => {
  let fake: ProviderFake
  let t: TestApp
  let server: ReturnType<typeof serve>
  let adminCookie: string

  beforeAll(async () => {
    const port = await freePort()
    const publicUrl = `http://127.0.0.1:${port}`
    fake = await startProviderFake(name, { timing, callbackBase: `${publicUrl}/api/payments/callbacks` })
    t = base.withConfig(
      { PUBLIC_URL: publicUrl },
      { payments: { providers: fake.providers, timing: slowPolling } },
    )
    server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' })
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    const admin = await theAdmin(base)
    adminCookie = await signIn(t, admin.email, admin.password)
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()))
    await fake?.close()
  })

  /** An approved payout of a shop whose number ends in `tail`, released and sent (one worker round). */
  async function sentPayout(tail: string) {
    const vendor = await registeredVendor(t, {
      payoutDetails: { provider: name === 'airtel' ? 'airtel' : 'mtn', mobileNumber: numberOn(name, tail) },
    })
    await insertOrders(t.db, vendor.vendorId, [4_000])
    const requested = await t.post('/api/vendor/payouts', { amount: 4_000 }, { cookie: vendor.cookie })
    expectStatus(
      await t.patch(
        `/api/admin/payouts/${requested.body.id}`,
        { status: 'approved' },
        { cookie: adminCookie },
      ),
      200,
      'approve',
    )
    const { waiting } = (await t.get('/api/admin/payments', { cookie: adminCookie })).body
    expectStatus(await t.post('/api/admin/payout-batches', waiting, { cookie: adminCookie }), 201, 'batch')
    await runDueTransfers(t.deps.payments)
    const payoutId = requested.body.id as string
    const [transfer] = await t.db.select().from(moneyTransfers).where(eq(moneyTransfers.payoutId, payoutId))
    return { vendor, payoutId, transfer: transfer! }
  }
  const payoutRow = async (id: string) => (await t.db.select().from(payouts).where(eq(payouts.id, id)))[0]!

  it('records the outcome a callback points to, without waiting for the poll', async () => {
    await fake.callbacks('normal')
    const { payoutId } = await sentPayout('445566')
    const paid = await until(
      () => payoutRow(payoutId),
      (row) => row.transferStatus === 'paid',
    )
    expect(paid.paymentReference).toBeTruthy()
    expect(await findLedgerFaults(t.db)).toEqual([])
  })

  it('records it once when the callback comes twice: one audit row, one mail, one SMS', async () => {
    await fake.callbacks('duplicate')
    const { vendor, payoutId } = await sentPayout('556677')
    await until(
      () => payoutRow(payoutId),
      (row) => row.transferStatus === 'paid',
    )
    await sleep(300)
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, payoutId), eq(auditLogs.action, 'update')))
    expect(audits).toHaveLength(1)
    const mails = (await mailsTo(t.db, vendor.input.email)).filter((mail) => /was sent to/.test(mail.subject))
    expect(mails).toHaveLength(1)
    expect(await t.db.select().from(smsOutbox).where(eq(smsOutbox.vendorId, vendor.vendorId))).toHaveLength(1)
  })

  it('finds it by polling when the callback never comes', async () => {
    await fake.callbacks('drop')
    const { payoutId, transfer } = await sentPayout('667788')
    await sleep(400)
    expect((await payoutRow(payoutId)).transferStatus).toBe('sending')
    // The poll's time comes.
    await t.db
      .update(moneyTransfers)
      .set({ nextCheckAt: new Date() })
      .where(eq(moneyTransfers.id, transfer.id))
    await runDueTransfers(t.deps.payments)
    expect((await payoutRow(payoutId)).transferStatus).toBe('paid')
    await fake.callbacks('normal')
  })

  it('changes nothing on a forged callback: a hint the provider does not confirm, or a signature that fails', async () => {
    const { payoutId, transfer } = await sentPayout('000004')
    const forged = {
      // Each provider's shape, claiming success for a transfer the provider still holds as pending.
      mtn: { externalId: transfer.id, status: 'SUCCESSFUL', financialTransactionId: '123456789' },
      airtel: {
        transaction: { id: transfer.id, status_code: 'TS', airtel_money_id: 'MP999', message: 'ok' },
      },
      pawapay: { payoutId: transfer.id, status: 'COMPLETED', providerTransactionId: 'forged' },
    }[name]
    const response = await fetch(`${t.config.publicUrl}/api/payments/callbacks/${name}`, {
      method: name === 'mtn' ? 'PUT' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    })
    // pawaPay signs its callbacks: an unsigned one is refused outright. MTN's and Airtel's (without a secret) are
    // unsigned hints: accepted as such, then the provider, asked, says pending.
    expect(response.status).toBe(name === 'pawapay' ? 401 : 200)
    const row = await payoutRow(payoutId)
    expect(row).toMatchObject({ status: 'approved', transferStatus: 'sending', paymentReference: null })
    const [after] = await t.db.select().from(moneyTransfers).where(eq(moneyTransfers.id, transfer.id))
    expect(after).toMatchObject({ status: 'sending', providerTransactionId: null })
  })

  it('starts a plan paid by mobile money once the payer approves it on the phone', async () => {
    const vendor = await registeredVendor(t, {
      payoutDetails: {
        provider: name === 'airtel' ? 'airtel' : 'mtn',
        mobileNumber: numberOn(name, payerAnswersOnThePhone),
      },
    })
    const started = expectStatus(
      await t.post('/api/vendor/subscription/mobile-money', { plan: 'growth' }, { cookie: vendor.cookie }),
      201,
      'pay',
    )
    expect(started.body).toMatchObject({ status: 'queued', plan: 'growth', amount: 10_000, provider: name })
    // A second tap answers the same payment: never a second charge.
    const again = await t.post(
      '/api/vendor/subscription/mobile-money',
      { plan: 'growth' },
      { cookie: vendor.cookie },
    )
    expect(again.body.transferId).toBe(started.body.transferId)
    await runDueTransfers(t.deps.payments)
    await until(
      async () => (await fake.transfers()).get(started.body.transferId),
      (held) => held !== undefined,
    )
    await fake.approve(started.body.transferId)
    const paid = await until(
      async () =>
        (
          await t.get(`/api/vendor/subscription/mobile-money/${started.body.transferId}`, {
            cookie: vendor.cookie,
          })
        ).body,
      (payment) => payment.status !== 'queued' && payment.status !== 'sending',
    )
    expect(paid.status).toBe('paid')
    const [shop] = await t.db.select().from(vendors).where(eq(vendors.id, vendor.vendorId))
    expect(shop).toMatchObject({
      subscriptionPlan: 'growth',
      subscriptionStatus: 'active',
      requestedPlan: null,
    })
    const fee = await t.db
      .select()
      .from(ledgerLines)
      .where(and(eq(ledgerLines.vendorId, vendor.vendorId), eq(ledgerLines.kind, 'fee')))
    expect(fee.map((line) => [line.account, line.amount]).sort()).toEqual(
      [
        [`provider_float_${name}`, -10_000],
        ['subscription_income', 10_000],
      ].sort(),
    )
    expect(await findLedgerFaults(t.db)).toEqual([])
    const mails = await mailsTo(t.db, vendor.input.email)
    expect(mails.map((mail) => mail.subject)).toContain('Your Growth plan is active')
  })

  it('leaves the plan as it was when the payer declines, and says why', async () => {
    const vendor = await registeredVendor(t, {
      payoutDetails: {
        provider: name === 'airtel' ? 'airtel' : 'mtn',
        mobileNumber: numberOn(name, payerAnswersOnThePhone),
      },
    })
    const started = await t.post(
      '/api/vendor/subscription/mobile-money',
      { plan: 'business' },
      { cookie: vendor.cookie },
    )
    await runDueTransfers(t.deps.payments)
    await until(
      async () => (await fake.transfers()).get(started.body.transferId),
      (held) => held !== undefined,
    )
    await fake.decline(started.body.transferId)
    const failed = await until(
      async () =>
        (
          await t.get(`/api/vendor/subscription/mobile-money/${started.body.transferId}`, {
            cookie: vendor.cookie,
          })
        ).body,
      (payment) => payment.status === 'failed',
    )
    expect(failed.failureReason).toBe('rejected_by_payer')
    const [shop] = await t.db.select().from(vendors).where(eq(vendors.id, vendor.vendorId))
    expect(shop!.subscriptionPlan).toBe('starter')
    const mails = await mailsTo(t.db, vendor.input.email)
    expect(mails.map((mail) => mail.subject)).toContain(
      'Your payment for the Business plan did not go through',
    )
  })
})
