import { randomBytes } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startMtnFake, type MtnFake, type MtnFakeTransfer } from '../../src/dev/fakes/mtn-fake'
import { scriptedOutcome } from '../../src/dev/fakes/scripted-numbers'
import { passwordHashing } from '../../src/server/auth/passwords'
import { openPostgres, type Database } from '../../src/server/db/client'
import { findLedgerFaults } from '../../src/server/db/ledger-check'
import { marketplaceSettings, moneyTransfers, payouts, smsOutbox, users } from '../../src/server/db/schema'
import { findTotalsDrift } from '../../src/server/db/totals'
import { createMtnClient } from '../../src/server/payments/providers/mtn'
import { createPaymentProviders } from '../../src/server/payments/registry'
import { decidePayout } from '../../src/server/payouts/payouts.service'
import { createFirstAdmin, createSetupLink } from '../../src/server/setup/setup.service'
import { adminSetupInput } from '../../src/shared/schemas/auth'
import { insertPayoutShops, type PayoutShop } from '../fixtures/payout-shops'
import { dropDatabase, onServer, testDatabasePrefix, withDatabaseName } from '../fixtures/postgres'
import {
  expectCall,
  freePort,
  killServer,
  removeFolders,
  serverCommand,
  startServerProcess,
  untilHealthy,
  type ServerCommand,
  type ServerProcess,
} from '../fixtures/server-process'

/**
 * Sending exactly once, whatever the moment a process dies (docs/payments.md): a batch of 500 mobile-money payouts
 * is released to a real server process sending through the MTN fake, and the process is killed with SIGKILL at
 * random moments, 20 times, each time started again on the same database and the same fake. At the end no payout
 * was sent twice (the fake holds one transfer per reference, never asked to create one again), none was lost
 * (each is paid or failed as its number scripts it), each payout shows its transfer's end, and the ledger and the
 * running totals agree with the rows.
 *
 * PostgreSQL only: SKIP LOCKED and a database that outlives the process are what is under test (an embedded
 * PGlite DATA_DIR is opened by one process). The server's own worker timing applies (a transfer a dead process
 * had claimed waits out its 60-second claim), so the test waits for that.
 */

const serverUrl = process.env.TEST_DATABASE_URL
const SHOPS = 500
const KILLS = 20
const PASSWORD = 'Isoko-crash-2024!'
/** The fake's delays; its slow answers come after the server's MTN client (8 s) has given up. */
const FAKE_TIMING = { settleMs: 200, lateSuccessMs: 1_500, clientTimeoutHangMs: 9_000 }
const FLOAT = 50_000_000
/** After the last restart: a claim of a killed process (60 s) and the status checks' backoff after it. */
const SETTLE_WITHIN_MS = 120_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The number of the i-th shop: mostly numbers that are paid, and among them the fakes' scripted ones
 * (src/dev/fakes/scripted-numbers.ts): no account (5%, refused before any call), an account that may not receive
 * and a float too low at the provider (failed by the provider after acceptance), a late success, and an answer
 * that comes after the client gave up. None that stays pending or fails before recording: those end unknown,
 * for a person, by design.
 */
function numberFor(i: number) {
  if (i % 20 === 0) return '0788000001'
  if (i % 50 === 7) return '0788000002'
  if (i % 50 === 13) return '0788000003'
  if (i % 50 === 21) return '0788000005'
  if (i % 100 === 33) return '0788000007'
  return `0788${100_000 + i}`
}

/** What each scripted number must end as in Isoko. */
const expectedEnd = (msisdn: string) => {
  const scripted = scriptedOutcome(msisdn)
  if (scripted === 'payee_not_found') return { status: 'failed', reason: 'payee_not_found', isSent: false }
  if (scripted === 'not_allowed_to_receive')
    return { status: 'failed', reason: 'not_allowed_to_receive', isSent: true }
  if (scripted === 'not_enough_funds') return { status: 'failed', reason: 'not_enough_funds', isSent: true }
  return { status: 'paid', reason: null, isSent: true }
}

let fake: MtnFake
let database: Database
let databaseName: string | undefined
let port: number
let command: ServerCommand
let env: Record<string, string>
let shops: PayoutShop[]
let server: ServerProcess | undefined
const processes: ServerProcess[] = []
/** What every process printed, in turn, for the report when something is wrong. */
const logs: string[] = []

async function startProcess(n: number) {
  const started = startServerProcess(`#${n}`, port, env, command)
  processes.push(started)
  await untilHealthy(started, 60_000)
  return started
}

const keepLog = (child: ServerProcess) => logs.push(`── process ${child.name} ──\n${child.output()}`)

/** The transfers' statuses now. */
async function statusCounts() {
  const rows = await database.db
    .select({ status: moneyTransfers.status, count: sql<number>`count(*)::int` })
    .from(moneyTransfers)
    .groupBy(moneyTransfers.status)
  return Object.fromEntries(rows.map((row) => [row.status, row.count])) as Record<string, number>
}

/** The log lines at warning or above, for the report. */
function warnings() {
  return logs
    .join('\n')
    .split('\n')
    .filter((line) => {
      if (!line.startsWith('{')) return line.trim() !== '' && !line.startsWith('──')
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 40
      } catch {
        return true
      }
    })
}

afterAll(async () => {
  for (const child of processes) if (child.isRunning()) await killServer(child)
  await fake?.close()
  await database?.close()
  removeFolders()
  if (serverUrl && databaseName) await onServer(serverUrl, (client) => dropDatabase(client, databaseName!))
}, 30_000)

describe.skipIf(!serverUrl)(
  `${SHOPS} payouts sent while the server is killed ${KILLS} times (PostgreSQL only: the database outlives each process)`,
  () => {
    beforeAll(async () => {
      fake = await startMtnFake({ ...FAKE_TIMING, float: FLOAT, targetEnvironment: 'mtnrwanda' })
      // A fresh database, a copy of the run's migrated template (tests/fixtures/global-setup.ts).
      databaseName = `${testDatabasePrefix(inject('testRunId'))}crash_${randomBytes(4).toString('hex')}`
      const template = inject('testTemplateDatabase')
      await onServer(serverUrl!, (client) =>
        client.query(`create database "${databaseName}"${template ? ` template "${template}"` : ''}`),
      )
      const databaseUrl = withDatabaseName(serverUrl!, databaseName)
      database = openPostgres(databaseUrl, 5)
      await database.migrate()
      const { db } = database

      port = await freePort()
      command = await serverCommand()
      const publicUrl = `http://127.0.0.1:${port}`
      env = {
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: '5',
        AUTH_SECRET: randomBytes(32).toString('base64url'),
        PUBLIC_URL: publicUrl,
        SIGN_INS_PER_ADDRESS: '1000',
        PAYOUT_PROVIDER: 'mtn',
        MTN_BASE_URL: fake.url,
        MTN_API_USER: fake.apiUser,
        MTN_API_KEY: fake.apiKey,
        MTN_DISBURSEMENT_KEY: fake.subscriptionKeys.disbursement,
        MTN_COLLECTION_KEY: fake.subscriptionKeys.collection,
        MTN_TARGET_ENVIRONMENT: fake.targetEnvironment,
        // Nothing here should wait that long: a transfer in the unknown queue is a finding.
        PAYMENTS_UNKNOWN_AFTER_MINUTES: '60',
      }

      // The team's admin, as the first-run link makes one.
      const link = await createSetupLink(db, publicUrl)
      const adminEmail = `admin-${randomBytes(3).toString('hex')}@example.rw`
      await createFirstAdmin(
        db,
        adminSetupInput.parse({
          token: new URL(link!).hash.replace(/^#token=/, ''),
          fullName: 'Admin Crash',
          email: adminEmail,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        }),
        passwordHashing('production'),
      )
      const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, adminEmail))
      // One admin releases the whole batch (the second admin's approval is proved in tests/api/payments).
      await db
        .update(marketplaceSettings)
        .set({ payoutApprovalAbove: 1_000_000_000 })
        .where(eq(marketplaceSettings.id, 1))

      shops = await insertPayoutShops(
        db,
        randomBytes(3).toString('hex'),
        Array.from({ length: SHOPS }, (_, i) => ({
          mobileNumber: numberFor(i),
          sale: 20_000,
          payout: 1_000 + ((i * 37) % 9_000),
        })),
      )
      // Approved as an admin approves them (the service the route calls): each queues its transfer, whose id is
      // the reference MTN will know it by, before any call.
      const providers = createPaymentProviders({
        mtn: createMtnClient({
          baseUrl: fake.url,
          apiUser: fake.apiUser,
          apiKey: fake.apiKey,
          disbursementSubscriptionKey: fake.subscriptionKeys.disbursement,
          collectionSubscriptionKey: fake.subscriptionKeys.collection,
          targetEnvironment: fake.targetEnvironment,
        }),
      })
      const scope = { role: 'admin' as const, userId: admin!.id }
      let next = 0
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < shops.length) {
            const shop = shops[next++]!
            await decidePayout(db, scope, shop.payoutId, { status: 'approved' }, publicUrl, providers)
          }
        }),
      )

      // The first process; the admin signs in and presses "Pay all approved" with what the screen showed.
      server = await startProcess(0)
      const cookie = (
        await expectCall(server, 200, 'POST', '/api/account/login', {
          json: { email: adminEmail, password: PASSWORD },
        })
      ).cookie
      const { waiting } = (await expectCall(server, 200, 'GET', '/api/admin/payments', { cookie })).body as {
        waiting: { count: number; total: number }
      }
      expect(waiting).toEqual({
        count: SHOPS,
        total: shops.reduce((sum, shop) => sum + shop.amount, 0),
      })
      const batch = await expectCall(server, 201, 'POST', '/api/admin/payout-batches', {
        json: waiting,
        cookie,
      })
      expect(batch.body.status).toBe('sending')
    }, 150_000)

    // A process may die between any two steps of a payout (the claim, "sending", the call, its answer, the
    // outcome): the reference persisted before the call is what keeps a payout from leaving twice.
    it('no payout is sent twice, none is lost, each ends as its number scripts it, and the ledger balances', async () => {
      const kills: string[] = []
      for (let kill = 1; kill <= KILLS; kill += 1) {
        const waitMs = 200 + Math.floor(Math.random() * 2_800)
        await sleep(waitMs)
        await killServer(server!)
        keepLog(server!)
        const counts = await statusCounts()
        kills.push(`kill ${kill} after ${waitMs} ms: ${JSON.stringify(counts)}`)
        server = await startProcess(kill)
      }

      // Every transfer comes to its end after the last restart, within the claim a dead process held.
      const settling = Date.now()
      let counts = await statusCounts()
      while ((counts.queued ?? 0) + (counts.sending ?? 0) > 0) {
        if (Date.now() - settling > SETTLE_WITHIN_MS) break
        await sleep(500)
        counts = await statusCounts()
      }
      const settledInMs = Date.now() - settling
      keepLog(server!)
      console.info(
        `[payments-crash] server: ${command.label}\n[payments-crash] ${kills.join('\n[payments-crash] ')}\n[payments-crash] settled ${settledInMs} ms after the last restart: ${JSON.stringify(counts)}`,
      )
      const logWarnings = warnings()
      if (logWarnings.length > 0)
        console.info(`[payments-crash] warnings and errors logged:\n${logWarnings.slice(0, 40).join('\n')}`)
      expect(counts.queued ?? 0, `queued after ${SETTLE_WITHIN_MS} ms`).toBe(0)
      expect(counts.sending ?? 0, `sending after ${SETTLE_WITHIN_MS} ms`).toBe(0)

      const { db } = database
      const transfers = await db.select().from(moneyTransfers)
      const payoutRows = await db
        .select()
        .from(payouts)
        .where(
          inArray(
            payouts.id,
            shops.map((shop) => shop.payoutId),
          ),
        )
      const fakeState = fake.state()
      const held = new Map<string, MtnFakeTransfer[]>()
      for (const record of fakeState.transfers.filter((entry) => entry.kind === 'disbursement')) {
        const key = record.referenceId.toLowerCase()
        held.set(key, [...(held.get(key) ?? []), record])
      }

      // None lost: one transfer per payout, each at the end its number scripts.
      expect(transfers).toHaveLength(SHOPS)
      const byPayout = new Map(transfers.map((transfer) => [transfer.payoutId!, transfer]))
      const wrongEnds = shops.flatMap((shop) => {
        const transfer = byPayout.get(shop.payoutId)
        const expected = expectedEnd(shop.mobileNumber)
        const actual = transfer
          ? { status: transfer.status, reason: transfer.failureReason, amount: transfer.amount }
          : null
        return actual?.status === expected.status &&
          actual.reason === expected.reason &&
          actual.amount === shop.amount
          ? []
          : [{ payoutId: shop.payoutId, transfer: transfer?.id, number: shop.mobileNumber, expected, actual }]
      })
      expect(wrongEnds).toEqual([])

      // None sent twice: the fake holds exactly the references Isoko sent, each once, for its amount and
      // number, never asked to create one again (a re-send under a reference the fake already held).
      const sent = transfers.filter((transfer) => expectedEnd(transfer.msisdn).isSent)
      expect([...held.keys()].sort()).toEqual(sent.map((transfer) => transfer.id.toLowerCase()).sort())
      const mismatches = sent.flatMap((transfer) => {
        const records = held.get(transfer.id.toLowerCase()) ?? []
        const record = records[0]
        const isRight =
          records.length === 1 &&
          record!.posts === 1 &&
          record!.amount === transfer.amount &&
          record!.msisdn === transfer.msisdn &&
          (transfer.status === 'paid'
            ? record!.status === 'SUCCESSFUL' &&
              record!.financialTransactionId === transfer.providerTransactionId
            : record!.status === 'FAILED')
        return isRight
          ? []
          : [{ transfer: transfer.id, status: transfer.status, sendCount: transfer.sendCount, records }]
      })
      expect(mismatches).toEqual([])
      // A payout refused for want of an account never reached the provider.
      for (const transfer of transfers.filter((row) => !expectedEnd(row.msisdn).isSent))
        expect(transfer.sendCount, transfer.id).toBe(0)

      // What the fake paid out is what Isoko recorded as paid, and what its float lost.
      const paidByIsoko = transfers
        .filter((transfer) => transfer.status === 'paid')
        .reduce((sum, transfer) => sum + transfer.amount, 0)
      const paidByFake = fakeState.transfers
        .filter((record) => record.kind === 'disbursement' && record.status === 'SUCCESSFUL')
        .reduce((sum, record) => sum + record.amount, 0)
      expect(paidByFake).toBe(paidByIsoko)
      expect(FLOAT - fakeState.float).toBe(paidByIsoko)

      // Each payout shows its transfer's end: paid under the provider's transaction id, or refused.
      const payoutFaults = payoutRows.flatMap((payout) => {
        const transfer = byPayout.get(payout.id)!
        const isRight =
          payout.transferStatus === transfer.status &&
          (transfer.status === 'paid'
            ? payout.status === 'approved' && payout.paymentReference === transfer.providerTransactionId
            : payout.status === 'rejected')
        return isRight
          ? []
          : [{ payout: payout.id, status: payout.status, transferStatus: payout.transferStatus, transfer }]
      })
      expect(payoutFaults).toEqual([])

      // The ledger: every entry balanced, each shop's lines in order; the money of each payout in one place
      // (paid from the float once, or back with its shop once); the running totals agree with the rows.
      expect(await findLedgerFaults(db)).toEqual([])
      expect(await findTotalsDrift(db)).toEqual([])
      const places = await db.execute<{ account: string; balance: number }>(sql`
          select l.account, sum(l.amount)::bigint as balance
          from ledger_lines l join ledger_entries e on e.id = l.entry_id
          where e.payout_id is not null
          group by l.account order by l.account`)
      const balances = Object.fromEntries(
        (places as unknown as { rows: { account: string; balance: string }[] }).rows.map((row) => [
          row.account,
          Number(row.balance),
        ]),
      )
      const failedTotal = transfers
        .filter((transfer) => transfer.status === 'failed')
        .reduce((sum, transfer) => sum + transfer.amount, 0)
      expect(balances.payouts_in_transit ?? 0).toBe(0)
      expect(balances.provider_float_mtn).toBe(paidByIsoko)
      expect(balances.vendor_payable).toBe(-paidByIsoko)
      expect(paidByIsoko + failedTotal).toBe(shops.reduce((sum, shop) => sum + shop.amount, 0))
      const perPayout = await db.execute(sql`
          select e.payout_id, count(*) filter (where l.kind = 'payout_paid')::int as paid_lines,
            count(*) filter (where l.kind = 'payout_returned')::int as returned_lines
          from ledger_lines l join ledger_entries e on e.id = l.entry_id
          where e.payout_id is not null group by e.payout_id`)
      const lines = new Map(
        (
          perPayout as unknown as {
            rows: { payout_id: string; paid_lines: number; returned_lines: number }[]
          }
        ).rows.map((row) => [row.payout_id, row]),
      )
      const lineFaults = payoutRows.flatMap((payout) => {
        const row = lines.get(payout.id)
        const isPaid = payout.transferStatus === 'paid'
        return row?.paid_lines === (isPaid ? 1 : 0) && row.returned_lines === (isPaid ? 0 : 1)
          ? []
          : [{ payout: payout.id, transferStatus: payout.transferStatus, row }]
      })
      expect(lineFaults).toEqual([])

      // Each shop told once, by SMS, of its payout's end.
      const texts = await db
        .select({ vendorId: smsOutbox.vendorId, count: sql<number>`count(*)::int` })
        .from(smsOutbox)
        .groupBy(smsOutbox.vendorId)
      expect(texts.filter((row) => row.count !== 1)).toEqual([])
      expect(texts).toHaveLength(SHOPS)

      const resent = transfers.filter((transfer) => transfer.sendCount > 1)
      console.info(
        `[payments-crash] ${transfers.filter((row) => row.status === 'paid').length} paid (RWF ${paidByIsoko}), ` +
          `${transfers.filter((row) => row.status === 'failed').length} failed; ` +
          `${resent.length} sent again under the same reference after the provider said it never arrived; ` +
          `${fakeState.callbacks.length} callbacks (${fakeState.callbacks.filter((entry) => entry.answeredWith === null).length} to a dead process)`,
      )
    }, 300_000)
  },
)
