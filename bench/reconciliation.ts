/**
 * The reconciliation of a provider statement of 100,000 lines (docs/performance.md, step 13 B), on a scratch
 * PostgreSQL database:
 *
 *   npx tsx bench/reconciliation.ts [--lines 100000]
 *
 * A day of `lines` paid MTN payouts is written into the database (one shop; the triggers off while loading, as
 * bench/seed.ts loads), and MTN's statement of that day is written as its partner portal exports it (every field
 * quoted, CRLF, 28 columns; the MTN fake's lines, src/dev/fakes/mtn-fake.ts), with differences of each kind: one line in
 * 2,000 with another amount, one transfer in 2,000 left out, and as many lines of references Isoko never sent.
 * Then what the daily check does with a statement it fetched: the CSV read in MTN's layout (parseStatement), set
 * against the day's transfers and stored with its differences (reconcileStatement), and read back as the
 * screen shows it. Printed: the time of each step and of all, the statement's size, the server's peak memory,
 * and the baseline: the day's transfers read in one `select` (what any comparison must at least read). The run
 * is checked: every line counted, each difference found once, nothing else.
 *
 * BENCH_DATABASE_URL's server; the database is isoko_bench_reconcile, replaced on each run.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { mtnStatementColumns, mtnStatementLine } from '../src/dev/fakes/mtn-fake'
import { csvLine } from '../src/dev/fakes/statement-csv'
import { createLogger } from '../src/server/lib/logger'
import { createPaymentProviders } from '../src/server/payments/registry'
import { createMtnClient } from '../src/server/payments/providers/mtn'
import { reconcileStatement } from '../src/server/payments/reconciliation.service'
import { parseStatement } from '../src/server/payments/statement-layouts'
import { numberArg, scratchDatabase } from './lib/scratch-database'

const LINES = numberArg('lines', 100_000)
/** One transfer in this many has each kind of difference. */
const EVERY = 2_000
const TIME_ZONE = 'Africa/Kigali'
const DAY = '2026-11-02'
const TARGET_SECONDS = 30

/** The process's peak resident memory so far (VmHWM), in MB. */
const peakMb = () => {
  const line = readFileSync('/proc/self/status', 'utf8').match(/VmHWM:\s+(\d+) kB/)
  return line ? Math.round(Number(line[1]) / 1024) : NaN
}
const seconds = (from: number) => (performance.now() - from) / 1000

async function main() {
  const { url, database } = await scratchDatabase('isoko_bench_reconcile')

  // The day's transfers, each its payout's, all paid, sent through the day (Kigali's midnight is 22:00 UTC).
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const loading = performance.now()
  await client.query(`set session_replication_role = replica`)
  const userId = randomUUID()
  const vendorId = randomUUID()
  await client.query(
    `insert into users (id, email, full_name, role, email_verified) values ($1, 'shop@bench.rw', 'Bench Shop', 'vendor', true)`,
    [userId],
  )
  await client.query(
    `insert into vendors (id, user_id, shop_name, business_address, status) values ($1, $2, 'Bench Shop', 'Kigali', 'approved')`,
    [vendorId, userId],
  )
  await client.query(
    `insert into payouts (id, vendor_id, amount, status, requested_at, processed_at, provider, transfer_status, payment_reference)
     select md5('p' || i)::uuid, $1, 1000 + i % 9000, 'approved', t, t, 'mtn', 'paid', (700000000 + i)::text
     from generate_series(1, ${LINES}) i,
       lateral (select ($2::date::timestamp at time zone '${TIME_ZONE}') + i * interval '1 second' * (86000.0 / ${LINES}) as t) at`,
    [vendorId, DAY],
  )
  await client.query(
    `insert into money_transfers (id, direction, provider, status, vendor_id, payout_id, amount, msisdn, send_count,
       provider_transaction_id, created_at, sent_at, finished_at)
     select md5('t' || i)::uuid, 'payout', 'mtn', 'paid', $1, md5('p' || i)::uuid, 1000 + i % 9000,
       '2507' || (88000000 + i)::text, 1, (700000000 + i)::text, t, t, t + interval '2 seconds'
     from generate_series(1, ${LINES}) i,
       lateral (select ($2::date::timestamp at time zone '${TIME_ZONE}') + i * interval '1 second' * (86000.0 / ${LINES}) as t) at`,
    [vendorId, DAY],
  )
  await client.query(`set session_replication_role = origin`)
  await client.query('analyze')
  const loadedIn = seconds(loading)

  // The statement: MTN's columns, a line per transfer but the left-out ones, the differing amounts, the strangers.
  const transfers = await client.query<{
    id: string
    provider_transaction_id: string
    amount: string
    msisdn: string
    finished_at: Date
  }>(
    `select id, provider_transaction_id, amount, msisdn, finished_at from money_transfers order by finished_at`,
  )
  const line = (id: string, reference: string, at: Date, amount: number, msisdn: string) =>
    mtnStatementLine(
      {
        id,
        externalId: reference,
        at: at.toISOString(),
        isSuccessful: true,
        isOut: true,
        information: '',
        note: 'Isoko payout',
        msisdn,
        holderName: 'Payee',
        amount,
        currency: 'RWF',
      },
      { apiUser: 'isoko-bench', timeZone: TIME_ZONE },
    )
  const expected = { amountDiffers: 0, missingAtProvider: 0, missingInIsoko: 0 }
  const parts = ['\uFEFF' + csvLine(mtnStatementColumns, { quoteAll: true })]
  transfers.rows.forEach((transfer, at) => {
    const amount = Number(transfer.amount)
    if (at % EVERY === 1) {
      expected.missingAtProvider += 1
      // In its place, a line of a reference Isoko never sent, so the statement keeps its number of lines.
      expected.missingInIsoko += 1
      parts.push(line(`9${at}`, randomUUID(), transfer.finished_at, amount, transfer.msisdn))
      return
    }
    const differs = at % EVERY === 2
    if (differs) expected.amountDiffers += 1
    const id = transfer.provider_transaction_id
    parts.push(line(id, transfer.id, transfer.finished_at, differs ? amount + 100 : amount, transfer.msisdn))
  })
  const csv = parts.join('')
  const bytes = Buffer.byteLength(csv)

  // The baseline: the day's transfers in one select, what any comparison must at least read.
  const baselineStart = performance.now()
  const all = await client.query(
    `select id, status, amount, provider_transaction_id, direction from money_transfers where provider = 'mtn'`,
  )
  const baseline = seconds(baselineStart)
  await client.end()

  const logger = createLogger('warn', false)
  const ctx = {
    db: database.db,
    providers: createPaymentProviders({
      mtn: createMtnClient({
        baseUrl: 'http://127.0.0.1:9',
        apiUser: randomUUID(),
        apiKey: 'unused',
        disbursementSubscriptionKey: 'unused',
        collectionSubscriptionKey: 'unused',
        targetEnvironment: 'sandbox',
      }),
    }),
    logger,
    publicUrl: 'http://127.0.0.1',
    timing: undefined as never,
    timeZone: TIME_ZONE,
  }
  const memoryBefore = peakMb()
  const started = performance.now()
  const { rows } = await parseStatement('mtn', csv, { timeZone: TIME_ZONE })
  const parsedIn = seconds(started)
  const comparing = performance.now()
  const run = await reconcileStatement(ctx, null, {
    provider: 'mtn',
    fromDay: DAY,
    toDay: DAY,
    fileName: 'mtn-statement.csv',
    rows,
  })
  const reconciledIn = seconds(comparing)
  const total = seconds(started)
  await database.close()

  const counts: Partial<Record<string, number>> = run?.counts ?? {}
  const found = {
    amountDiffers: counts.amount_differs ?? 0,
    missingAtProvider: counts.missing_at_provider ?? 0,
    missingInIsoko: counts.missing_in_isoko ?? 0,
  }
  const differences = expected.amountDiffers + expected.missingAtProvider + expected.missingInIsoko
  const isRight =
    run !== null &&
    run.lines === LINES &&
    run.matched === LINES - expected.missingInIsoko - expected.amountDiffers &&
    run.differences === differences &&
    run.items.length === differences &&
    JSON.stringify(found) === JSON.stringify(expected)
  const figures = {
    lines: LINES,
    statementMb: Math.round((bytes / 1024 / 1024) * 10) / 10,
    loadSeconds: Math.round(loadedIn * 10) / 10,
    parseSeconds: Math.round(parsedIn * 100) / 100,
    compareAndStoreSeconds: Math.round(reconciledIn * 100) / 100,
    totalSeconds: Math.round(total * 100) / 100,
    baselineSelectSeconds: Math.round(baseline * 100) / 100,
    baselineRows: all.rowCount,
    peakMbBefore: memoryBefore,
    peakMbAfter: peakMb(),
    matched: run?.matched,
    differences: found,
  }
  console.log(JSON.stringify(figures))
  console.log(
    `reconciliation of ${LINES.toLocaleString('en-US')} lines (${figures.statementMb} MB): ${figures.totalSeconds} s ` +
      `(read ${figures.parseSeconds} s, compared and stored ${figures.compareAndStoreSeconds} s); ` +
      `baseline select of the day ${figures.baselineSelectSeconds} s; peak RSS ${figures.peakMbAfter} MB ` +
      `(${figures.peakMbBefore} before); target ≤ ${TARGET_SECONDS} s: ${total <= TARGET_SECONDS ? 'met' : 'MISSED'}; ` +
      `every line counted and each difference found once: ${isRight ? 'yes' : 'NO'}`,
  )
  if (!isRight) process.exitCode = 1
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
