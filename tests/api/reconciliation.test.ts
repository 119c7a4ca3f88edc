import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startAirtelFake } from '../../src/dev/fakes/airtel-fake'
import { startMtnFake, type MtnFake } from '../../src/dev/fakes/mtn-fake'
import { startPawapayFake } from '../../src/dev/fakes/pawapay-fake'
import { fakeStatementFetcher } from '../../src/dev/fakes/statement-fetcher'
import {
  auditLogs,
  mailOutbox,
  moneyTransfers,
  payouts,
  reconciliationItems,
  reconciliationRuns,
  users,
  vendors,
} from '../../src/server/db/schema'
import { calendarDay } from '../../src/server/lib/calendar'
import type { ProviderClient } from '../../src/server/payments/registry'
import { createAirtelClient } from '../../src/server/payments/providers/airtel'
import { createMtnClient } from '../../src/server/payments/providers/mtn'
import { createPawapayClient } from '../../src/server/payments/providers/pawapay'
import { createPaymentProviders } from '../../src/server/payments/registry'
import {
  runDailyReconciliation,
  type ReconciliationContext,
} from '../../src/server/payments/reconciliation.service'
import { runDueTransfers } from '../../src/server/payments/transfers.service'
import { recordContractCounts } from '../fixtures/api-contract'
import { openTestDatabase, type TestDatabase } from '../fixtures/database'
import { expectError } from '../fixtures/expect-error'
import { createAdmin, expectStatus } from '../fixtures/factories'
import { insertOrders, registeredVendor } from '../fixtures/money'
import { buildTestApp, type TestApp } from '../fixtures/test-app'

/**
 * Reconciliation against a real fake: payouts sent through the app to the MTN fake (its worker, its client, over
 * HTTP), the fake's own statement (GET /_fake/statement.csv, MTN's column layout) imported back, and the daily check.
 */

const TIME_ZONE = 'Africa/Kigali'

let database: TestDatabase
let t: TestApp
let mtn: MtnFake
let adminCookie: string
let adminId: string
let vendorCookie: string
/** The transfers of the three payouts: A and B paid by MTN, C failed there (its number: not enough funds). */
const transfer = { a: '', b: '', c: '' }
/** The day the payouts were sent, on the marketplace's calendar. */
let sentDay: string

const ctx = (): ReconciliationContext => ({ ...t.deps.payments, timeZone: TIME_ZONE })

async function statementOfFake(day: string) {
  const response = await fetch(`${mtn.url}/_fake/statement.csv?from=${day}&to=${day}`)
  expect(response.status).toBe(200)
  return response.text()
}

/** A line of the statement in MTN's layout, as the fake writes it (every field quoted). */
const mtnLine = (values: (string | number)[]) => `${values.map((value) => `"${value}"`).join(',')}\r\n`

const runCount = async () =>
  (await t.db.select({ id: reconciliationRuns.id }).from(reconciliationRuns)).length

/** The daily check's mails (to one admin, about one day). */
const reconciliationMails = (about: { to?: string; day?: string } = {}) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(
      and(
        like(mailOutbox.link, '%/admin/payouts?tab=reconciliation'),
        about.to ? eq(sql`lower(${mailOutbox.to})`, about.to.toLowerCase()) : undefined,
        about.day ? like(mailOutbox.subject, `%${about.day}%`) : undefined,
      ),
    )

async function requestAndApprove(vendor: { cookie: string }, amount: number) {
  const payout = expectStatus(
    await t.post('/api/vendor/payouts', { amount }, { cookie: vendor.cookie }),
    201,
    'payout request',
  )
  expectStatus(
    await t.patch(`/api/admin/payouts/${payout.body.id}`, { status: 'approved' }, { cookie: adminCookie }),
    200,
    'approve',
  )
  const [row] = await t.db
    .select({ id: moneyTransfers.id })
    .from(moneyTransfers)
    .where(eq(moneyTransfers.payoutId, payout.body.id as string))
  return row!.id
}

beforeAll(async () => {
  mtn = await startMtnFake({ targetEnvironment: 'mtnrwanda', settleMs: 20, float: 10_000_000 })
  database = await openTestDatabase()
  const providers = createPaymentProviders({
    mtn: createMtnClient({
      baseUrl: mtn.url,
      apiUser: mtn.apiUser,
      apiKey: mtn.apiKey,
      disbursementSubscriptionKey: mtn.subscriptionKeys.disbursement,
      collectionSubscriptionKey: mtn.subscriptionKeys.collection,
      targetEnvironment: mtn.targetEnvironment,
      timeoutMs: 3_000,
    }),
  })
  t = buildTestApp(database.database, {}, { payments: { providers, timing: { checkDelaysMs: [20] } } })
  const admin = await createAdmin(t)
  adminCookie = admin.cookie
  adminId = admin.user.id

  // Three shops paid to MTN numbers; C's number is one MTN answers "not enough funds" for.
  const [a, b, c] = await Promise.all([
    registeredVendor(t),
    registeredVendor(t),
    registeredVendor(t, { payoutDetails: { provider: 'mtn', mobileNumber: '0788000003' } }),
  ])
  vendorCookie = a.cookie
  for (const shop of [a, b, c]) {
    await t.db.update(vendors).set({ status: 'approved' }).where(eq(vendors.id, shop.vendorId))
    await insertOrders(t.db, shop.vendorId, [20_000])
  }
  transfer.a = await requestAndApprove(a, 5_000)
  transfer.b = await requestAndApprove(b, 7_000)
  transfer.c = await requestAndApprove(c, 2_000)
  expectStatus(
    await t.post('/api/admin/payout-batches', { count: 3, total: 14_000 }, { cookie: adminCookie }),
    201,
    'pay all approved',
  )
  // The worker sends them to the fake and asks until each is final.
  await vi.waitFor(
    async () => {
      await runDueTransfers(t.deps.payments)
      const rows = await t.db
        .select({ status: moneyTransfers.status })
        .from(moneyTransfers)
        .where(inArray(moneyTransfers.id, Object.values(transfer)))
      expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'paid', 'paid'])
    },
    { timeout: 15_000, interval: 50 },
  )
  const [sent] = await t.db
    .select({ sentAt: moneyTransfers.sentAt })
    .from(moneyTransfers)
    .where(eq(moneyTransfers.id, transfer.a))
  sentDay = calendarDay(sent!.sentAt!, TIME_ZONE)
}, 60_000)

afterAll(async () => {
  recordContractCounts()
  await mtn?.close()
  await database?.close()
  for (const dir of t?.temporaryDirs ?? []) rmSync(dir, { recursive: true, force: true })
})

describe('POST /api/admin/reconciliations', () => {
  it('finds nothing when the provider’s statement and Isoko agree', async () => {
    const csv = await statementOfFake(sentDay)

    const response = await t.post(
      '/api/admin/reconciliations',
      { provider: 'mtn', fromDay: sentDay, toDay: sentDay, fileName: 'mtn.csv', csv },
      { cookie: adminCookie },
    )

    expect(response.status).toBe(201)
    // A and B paid on both sides; C failed on both sides (listed, compared with nothing).
    expect(response.body).toMatchObject({
      lines: 3,
      matched: 2,
      differences: 0,
      method: 'statement',
      items: [],
    })
  })

  // The three things a statement can show that Isoko does not: each must be found, once, and nothing else.
  it('finds each kind of difference exactly once: paid unknown to Isoko, missing from the statement, another amount', async () => {
    const unknownReference = randomUUID()
    const lines = (await statementOfFake(sentDay)).split('\r\n')
    const edited =
      lines
        // B's payout is missing from the statement.
        .filter((line) => !line.includes(transfer.b))
        // A's payout was paid with another amount.
        .map((line) => (line.includes(transfer.a) ? line.replace('"-5000"', '"-5500"') : line))
        .filter((line) => line !== '')
        .join('\r\n') +
      '\r\n' +
      // MTN paid something under a reference Isoko never sent.
      mtnLine([
        '987654321',
        unknownReference,
        `${sentDay} 09:30:00`,
        'Successful',
        'Transfer',
        '',
        '',
        'Isoko payout',
        'FRI:isoko.partner/USER',
        'Isoko',
        '',
        'FRI:250788999999/MSISDN',
        'Grace Uwase',
        '',
        'ID:portal/USER',
        '',
        '-4,000',
        'RWF',
        '0',
        'RWF',
        ...Array<string>(8).fill(''),
      ])
    const before = await runCount()

    const response = await t.post(
      '/api/admin/reconciliations',
      { provider: 'mtn', fromDay: sentDay, toDay: sentDay, fileName: 'mtn-edited.csv', csv: edited },
      { cookie: adminCookie },
    )

    expect(response.status).toBe(201)
    const body = response.body
    expect(body).toMatchObject({
      provider: 'mtn',
      fromDay: sentDay,
      toDay: sentDay,
      fileName: 'mtn-edited.csv',
      lines: 3,
      matched: 0,
      differences: 3,
      counts: { missing_in_isoko: 1, missing_at_provider: 1, amount_differs: 1 },
      createdBy: adminId,
    })
    expect(body.items).toHaveLength(3)
    const byKind = Object.fromEntries(body.items.map((item: { kind: string }) => [item.kind, item]))
    expect(byKind.missing_in_isoko).toMatchObject({
      reference: unknownReference,
      providerTransactionId: '987654321',
      transferId: null,
      isokoAmount: null,
      providerAmount: 4_000,
    })
    expect(byKind.missing_at_provider).toMatchObject({
      reference: transfer.b,
      transferId: transfer.b,
      direction: 'payout',
      transferStatus: 'paid',
      isokoAmount: 7_000,
      providerAmount: null,
      shopName: expect.any(String),
    })
    expect(byKind.amount_differs).toMatchObject({
      reference: transfer.a,
      transferId: transfer.a,
      isokoAmount: 5_000,
      providerAmount: 5_500,
    })
    // Stored with its lines and its audit entry, by the admin.
    expect(await runCount()).toBe(before + 1)
    const items = await t.db.select().from(reconciliationItems).where(eq(reconciliationItems.runId, body.id))
    expect(items.map((item) => item.kind).sort()).toEqual([
      'amount_differs',
      'missing_at_provider',
      'missing_in_isoko',
    ])
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, body.id))
    expect(audit).toEqual([
      expect.objectContaining({ adminId, action: 'create', targetTable: 'reconciliation_runs' }),
    ])

    const listed = await t.get('/api/admin/reconciliations', { cookie: adminCookie })
    expect(listed.status).toBe(200)
    expect(listed.body.items[0]).toMatchObject({
      id: body.id,
      differences: 3,
      createdByName: expect.any(String),
    })
    const read = await t.get(`/api/admin/reconciliations/${body.id}`, { cookie: adminCookie })
    expect(read.status).toBe(200)
    expect(read.body.items).toEqual(body.items)
  })

  it('takes the statement as an uploaded file too', async () => {
    const form = new FormData()
    form.set('provider', 'mtn')
    form.set('fromDay', sentDay)
    form.set('toDay', sentDay)
    form.set('file', new File([await statementOfFake(sentDay)], 'MTN statement.csv', { type: 'text/csv' }))

    const response = await t.request('POST', '/api/admin/reconciliations', { form, cookie: adminCookie })

    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ fileName: 'MTN statement.csv', matched: 2, differences: 0 })
  })

  // A file read in the wrong layout would report every payout as missing: it is refused whole, and nothing stored.
  it.each([
    ['garbage', 'hello,world\n1,2\n', 'reconciliation.errors.notProviderStatement'],
    [
      'another provider’s statement',
      'Transaction ID,External Transaction ID,Transaction Date,Service Type,Amount,Currency,Status\n' +
        'MP1,abc,2026-03-10 10:00:00,B2C,1000,RWF,TS\n',
      'reconciliation.errors.notProviderStatement',
    ],
    ['an amount with francs’ fractions', null, 'reconciliation.errors.badAmount'],
    ['an empty file', '', 'reconciliation.errors.fileEmpty'],
  ])('refuses %s with 422 and stores nothing', async (_what, given, messageKey) => {
    const csv = given ?? (await statementOfFake(sentDay)).replace('"-5000"', '"-5000.50"')
    const before = await runCount()

    const response = await t.post(
      '/api/admin/reconciliations',
      { provider: 'mtn', fromDay: sentDay, toDay: sentDay, csv },
      { cookie: adminCookie },
    )

    expectError(response, { status: 422, code: 'VALIDATION', messageKey })
    expect(await runCount()).toBe(before)
  })

  // A month of a busy marketplace fits (100,000 lines, bench/reconciliation.ts); one line more is refused whole,
  // every line counted, whatever the lines after the limit hold.
  it('refuses a statement of 100,001 lines with tooManyRows, naming the limit and the count, and stores nothing', async () => {
    const line = (n: number) => `FT${n},${randomUUID()},${sentDay} 10:00:00,Successful,Transfer,-1000,RWF`
    const lines = Array.from({ length: 100_001 }, (_, n) => line(n))
    lines[100_000] = 'FTX,x,yesterday,Successful,Transfer,-10.5,RWF'
    const csv = `Id,External Transaction Id,Date,Status,Type,Amount,Currency\n${lines.join('\n')}\n`
    const before = await runCount()

    const response = await t.post(
      '/api/admin/reconciliations',
      { provider: 'mtn', fromDay: sentDay, toDay: sentDay, csv },
      { cookie: adminCookie },
    )

    expectError(response, {
      status: 422,
      code: 'VALIDATION',
      messageKey: 'reconciliation.errors.tooManyRows',
    })
    expect(response.body.error.params).toEqual({ max: 100_000, rows: 100_001 })
    expect(await runCount()).toBe(before)
  })

  it('refuses a period that ends before it starts, or is longer than 31 days', async () => {
    const csv = await statementOfFake(sentDay)
    for (const [fromDay, toDay, messageKey] of [
      ['2026-03-10', '2026-03-09', 'errors.dateRangeReversed'],
      ['2026-01-01', '2026-02-01', 'reconciliation.errors.periodTooLong'],
    ] as const) {
      const response = await t.post(
        '/api/admin/reconciliations',
        { provider: 'mtn', fromDay, toDay, csv },
        { cookie: adminCookie },
      )
      expectError(response, { status: 422, code: 'VALIDATION', messageKey })
    }
  })

  // Statements show where the marketplace's money went: the admins' business only.
  it('is refused to a vendor (403) and to a signed-out visitor (401), and allowed to the admin', async () => {
    const csv = await statementOfFake(sentDay)
    const body = { provider: 'mtn', fromDay: sentDay, toDay: sentDay, csv }
    const before = await runCount()

    expectError(await t.post('/api/admin/reconciliations', body, { cookie: vendorCookie }), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expectError(await t.get('/api/admin/reconciliations', { cookie: vendorCookie }), {
      status: 403,
      code: 'FORBIDDEN',
      messageKey: 'errors.forbidden',
    })
    expect((await t.post('/api/admin/reconciliations', body)).status).toBe(401)
    expect(await runCount()).toBe(before)
    expect((await t.post('/api/admin/reconciliations', body, { cookie: adminCookie })).status).toBe(201)
  })

  it('answers 404 for a run that does not exist', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      expectError(await t.get(`/api/admin/reconciliations/${id}`, { cookie: adminCookie }), {
        status: 404,
        code: 'NOT_FOUND',
        messageKey: 'errors.notFound',
      })
    }
  })
})

// Each fake writes its provider's statement apart from the server's reading of it: the two must agree on every layout.
describe.each([
  {
    provider: 'airtel',
    start: async () => {
      const fake = await startAirtelFake({ settleMs: 0 })
      return { fake, client: createAirtelClient({ ...fake.clientConfig, timeoutMs: 3_000 }) }
    },
    paid: '250738123456',
    refused: '250738000001',
  },
  {
    provider: 'pawapay',
    start: async () => {
      const fake = await startPawapayFake({ settleMs: 20 })
      return {
        fake,
        client: createPawapayClient({ baseUrl: fake.url, apiToken: fake.apiToken, timeoutMs: 3_000 }),
      }
    },
    paid: '250788123456',
    refused: '250788000001',
  },
] as const)('$provider’s statement', ({ provider, start, paid, refused }) => {
  let fake: { url: string; close: () => Promise<void> }
  let client: ProviderClient

  beforeAll(async () => {
    ;({ fake, client } = await start())
  })
  afterAll(async () => {
    await fake?.close()
  })

  it('is read in its own layout: a payout Isoko never sent is found, a failed one is not a difference', async () => {
    const [unknown, failed] = [randomUUID(), randomUUID()]
    await client.send({ reference: unknown, amount: 3_000, msisdn: paid, note: 'Isoko payout' })
    await client.send({ reference: failed, amount: 1_000, msisdn: refused, note: 'Isoko payout' })
    const paidThere = await vi.waitFor(
      async () => {
        const state = await client.status(unknown)
        expect(state.state).toBe('paid')
        return state as { providerTransactionId: string }
      },
      { timeout: 5_000, interval: 20 },
    )
    await vi.waitFor(async () => expect((await client.status(failed)).state).toBe('failed'), {
      timeout: 5_000,
      interval: 20,
    })
    const day = calendarDay(new Date(), TIME_ZONE)
    const from = new Date(Date.now() - 60 * 60_000).toISOString()
    const csv = await (await fetch(`${fake.url}/_fake/statement.csv?from=${from}`)).text()

    const response = await t.post(
      '/api/admin/reconciliations',
      { provider, fromDay: day, toDay: day, csv },
      { cookie: adminCookie },
    )

    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ provider, lines: 2, matched: 0, differences: 1 })
    expect(response.body.items).toEqual([
      expect.objectContaining({
        kind: 'missing_in_isoko',
        reference: unknown,
        providerTransactionId: paidThere.providerTransactionId,
        providerAmount: 3_000,
        transferId: null,
      }),
    ])
    // And it is not MTN's: read as MTN's, it is refused.
    expectError(
      await t.post(
        '/api/admin/reconciliations',
        { provider: 'mtn', fromDay: day, toDay: day, csv },
        { cookie: adminCookie },
      ),
      { status: 422, code: 'VALIDATION', messageKey: 'reconciliation.errors.notProviderStatement' },
    )
  })
})

describe('the daily check', () => {
  /** A plan fee Isoko shows as failed that MTN paid today (the first test): today's statement lists it. */
  let lateFeeId = ''
  /** Noon on the calendar day after `day` in Kigali: the check then reconciles `day`. */
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T10:00:00Z`) + 86_400_000)

  // Asking the provider about each transfer is all production has; it must find both directions of difference.
  it('without a statement, asks the provider about each transfer of the day', async () => {
    const day = '2026-01-15'
    const [a] = await t.db.select().from(moneyTransfers).where(eq(moneyTransfers.id, transfer.a))
    const sentAt = new Date('2026-01-15T08:00:00Z')
    const fee = {
      direction: 'collection' as const,
      provider: 'mtn' as const,
      vendorId: a!.vendorId,
      plan: 'growth' as const,
      amount: 15_000,
      msisdn: '250788123456',
      createdAt: sentAt,
      sentAt,
      finishedAt: sentAt,
    }
    // Failed in Isoko, paid at MTN: the payer approved on the phone after Isoko gave up.
    const [lateFee] = await t.db
      .insert(moneyTransfers)
      .values({ ...fee, status: 'failed', failureReason: 'expired' })
      .returning()
    const client = t.deps.payments.providers.get('mtn')!
    expect(
      await client.requestToPay({
        reference: lateFee!.id,
        amount: 15_000,
        msisdn: '250788123456',
        note: 'Isoko growth plan',
      }),
    ).toEqual({ outcome: 'accepted' })
    expect((await fetch(`${mtn.url}/_fake/requests/${lateFee!.id}/approve`, { method: 'POST' })).status).toBe(
      200,
    )
    // Paid in Isoko (recorded by hand), never received by MTN.
    const [ghost] = await t.db
      .insert(moneyTransfers)
      .values({ ...fee, status: 'paid', providerTransactionId: 'typed-by-hand' })
      .returning()

    const results = await runDailyReconciliation(ctx(), { now: dayAfter(day) })
    lateFeeId = lateFee!.id

    expect(results).toEqual([
      expect.objectContaining({ provider: 'mtn', day, outcome: 'stored', differences: 2 }),
    ])
    const run = await t.get(`/api/admin/reconciliations/${results[0]!.runId}`, { cookie: adminCookie })
    expect(run.body).toMatchObject({
      method: 'status_sweep',
      fileName: null,
      createdBy: null,
      lines: 2,
      matched: 0,
    })
    expect(
      run.body.items.map((item: { kind: string; transferId: string }) => [item.kind, item.transferId]).sort(),
    ).toEqual(
      [
        ['missing_at_provider', ghost!.id],
        ['missing_in_isoko', lateFee!.id],
      ].sort(),
    )
  })

  it('reconciles yesterday from the statement, mails every admin once, and does not run again that day', async () => {
    // A second admin (invited) is mailed too.
    const [other] = await t.db
      .insert(users)
      .values({ email: `second-admin-${randomUUID()}@example.rw`, fullName: 'Second Admin', role: 'admin' })
      .returning()
    const [first] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, adminId))
    // A payout shown as paid in Isoko that MTN never saw: the statement lacks it.
    const [a] = await t.db.select().from(moneyTransfers).where(eq(moneyTransfers.id, transfer.a))
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.id, a!.payoutId!))
    const [ghost] = await t.db
      .insert(moneyTransfers)
      .values({
        direction: 'collection',
        provider: 'mtn',
        status: 'paid',
        vendorId: payout!.vendorId,
        plan: 'growth',
        amount: 15_000,
        msisdn: '250788123456',
        providerTransactionId: 'typed-by-hand-2',
        sentAt: a!.sentAt,
      })
      .returning()
    const fetchStatement = fakeStatementFetcher({ mtn: mtn.url })
    const mailsBefore = (await reconciliationMails()).length

    // Two processes at the same moment: one stores the day, the other finds it stored.
    const rounds = await Promise.all([
      runDailyReconciliation(ctx(), { fetchStatement, now: dayAfter(sentDay) }),
      runDailyReconciliation(ctx(), { fetchStatement, now: dayAfter(sentDay) }),
    ])

    const results = rounds.flat().filter((result) => result.outcome === 'stored')
    expect(results).toEqual([
      expect.objectContaining({ provider: 'mtn', day: sentDay, outcome: 'stored', differences: 2 }),
    ])
    expect(
      rounds
        .flat()
        .map((result) => result.outcome)
        .sort(),
    ).toEqual(['done', 'stored'])
    const run = await t.get(`/api/admin/reconciliations/${results[0]!.runId}`, { cookie: adminCookie })
    expect(run.body).toMatchObject({
      method: 'statement',
      fileName: `mtn-statement-${sentDay}.csv`,
      createdBy: null,
      // A, B and C's payouts, and the plan fee MTN took today (Isoko shows it failed).
      lines: 4,
      matched: 2,
      items: [
        expect.objectContaining({ kind: 'missing_in_isoko', transferId: lateFeeId, providerAmount: 15_000 }),
        expect.objectContaining({ kind: 'missing_at_provider', transferId: ghost!.id, isokoAmount: 15_000 }),
      ],
    })
    // Recorded as the system's own act.
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.targetId, results[0]!.runId!))
    expect(audit).toEqual([
      expect.objectContaining({
        adminId: null,
        details: expect.objectContaining({ system: 'reconciliation:daily' }),
      }),
    ])
    // One mail to each admin, naming the difference and linking to it.
    expect((await reconciliationMails()).length).toBe(mailsBefore + 2)
    const [mail, ...more] = await reconciliationMails({ to: first!.email, day: sentDay })
    expect(more).toEqual([])
    expect(await reconciliationMails({ to: other!.email, day: sentDay })).toHaveLength(1)
    expect(mail!.text).toContain('Paid by MTN Mobile Money but not shown as paid in Isoko: 1')
    expect(mail!.text).toContain('Shown as paid in Isoko but not paid by MTN Mobile Money: 1')
    expect(mail!.text).toContain(`${t.config.publicUrl}/admin/payouts?tab=reconciliation`)

    // The next hour's round finds the day done.
    const again = await runDailyReconciliation(ctx(), { fetchStatement, now: dayAfter(sentDay) })
    expect(again.map((result) => result.outcome)).toEqual(['done'])
    const dailyRuns = await t.db
      .select()
      .from(reconciliationRuns)
      .where(and(eq(reconciliationRuns.fromDay, sentDay), isNull(reconciliationRuns.createdBy)))
    expect(dailyRuns).toHaveLength(1)
    expect((await reconciliationMails()).length).toBe(mailsBefore + 2)
  })
})
