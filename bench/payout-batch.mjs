#!/usr/bin/env node
// "Pay all approved" for 1,000 mobile-money payouts on the seeded marketplace (step 12, docs/payments.md), sent
// by the server's own transfer worker through the MTN fake with MTN-like delays (2 s from acceptance to the end),
// while shops and the team keep using the app. The fake runs as a process of its own
// (tests/fixtures/mtn-fake-process.ts); the server as `npm start` runs it, with PAYOUT_PROVIDER=mtn pointing
// at the fake. 1,000 new shops paid by MTN Mobile Money, each with one completed sale and a pending payout, are
// inserted with SQL (2% on a number with no account, 1% on one that may not receive: the fake's scripted
// numbers), approved one by one through the API by an admin, and released as one batch, which a second admin
// approves (its total is above the approval threshold).
// Measured: the vendor dashboard of the largest shop and the admin dashboard for 20 s just before the batch
// (the baseline) and for 20 s from its release (half the connections each, at once), then the time until every
// transfer of the batch is paid or failed. Target: the dashboards keep step 8's p97.5 ≤ 50 ms meanwhile, and
// the batch completes, each payout as its number scripts it.
// The shops and payouts it adds stay in the database (as the import's orders do), under their own names.
//
//   node bench/payout-batch.mjs [--size small|large]      (npm run bench -- --only payout-batch)
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import pg from 'pg'
import {
  benchSize,
  count,
  getJson,
  measure,
  ms,
  note,
  readAccounts,
  report,
  root,
  rps,
  signIn,
  sleep,
  startIsoko,
} from './lib/common.mjs'

const PAYOUTS = Number(process.env.PAYOUTS ?? 1_000)
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 2_000)
const MEASURE_S = Number(process.env.MEASURE_S ?? 20)
/** Past this the batch is reported as not complete, with how far it got. */
const BATCH_DEADLINE_S = 240
const size = benchSize()
const accounts = readAccounts(size)
const largest = accounts.vendors[0]
/** Names this run's shops, so a run again on the same database adds its own. */
const run = Date.now().toString(36)
const half = Math.max(1, Math.round(size.connections / 2))

/** The i-th shop's number: the fake pays every number but its scripted ones (src/dev/fakes/scripted-numbers.ts). */
const numberFor = (i) =>
  i % 50 === 0 ? '0788000001' : i % 100 === 17 ? '0788000002' : `0788${String(200_000 + i).slice(-6)}`
const numbers = Array.from({ length: PAYOUTS }, (_, i) => numberFor(i + 1))
const expectedFailures = numbers.filter((number) => /00000[12]$/.test(number)).length

/** The MTN fake in its own process; resolves with its URL and credentials once it serves. */
function startFake() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/fixtures/mtn-fake-process.ts', '--settle-ms', String(SETTLE_MS)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the MTN fake exited (${code}) before serving`)))
    createInterface({ input: child.stdout }).once('line', (line) =>
      resolve({
        ...JSON.parse(line),
        stop: async () => {
          if (child.exitCode !== null) return
          const exited = new Promise((done) => child.once('exit', done))
          child.kill('SIGTERM')
          await exited
        },
      }),
    )
  })
}

/** A JSON write as the screens make it (the app's own Origin: the cross-site check), failing on another status. */
async function send(server, method, urlPath, cookie, body, status) {
  const response = await fetch(`${server.url}${urlPath}`, {
    method,
    headers: { cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (response.status !== status)
    throw new Error(`${method} ${urlPath}: ${response.status} ${text.slice(0, 300)}`)
  return JSON.parse(text)
}

/** The two dashboards at once for `seconds`, half the connections each. */
async function dashboards(server, cookies, seconds) {
  const [vendor, admin] = await Promise.all([
    measure({
      url: `${server.url}/api/vendor/dashboard`,
      cookie: cookies.vendor,
      connections: half,
      duration: seconds,
    }),
    measure({
      url: `${server.url}/api/admin/dashboard`,
      cookie: cookies.admin,
      connections: half,
      duration: seconds,
    }),
  ])
  return { vendor, admin }
}

const db = new pg.Client({ connectionString: size.databaseUrl })
await db.connect()
const fake = await startFake()
let server
try {
  server = await startIsoko(size, {
    PAYOUT_PROVIDER: 'mtn',
    MTN_BASE_URL: fake.url,
    MTN_API_USER: fake.apiUser,
    MTN_API_KEY: fake.apiKey,
    MTN_DISBURSEMENT_KEY: fake.subscriptionKeys.disbursement,
    MTN_COLLECTION_KEY: fake.subscriptionKeys.collection,
    MTN_TARGET_ENVIRONMENT: fake.targetEnvironment,
  })
  note(`server: ${server.label}; MTN fake at ${fake.url}, ${SETTLE_MS} ms from acceptance to the end`)

  // The shops: an owner, a shop paid by MTN Mobile Money, a completed sale of 20,000 and a pending payout of part
  // of it (the triggers write the ledger and the running totals as for any sale and request).
  const started = performance.now()
  const { rows: inserted } = await db.query(
    `with input as (
       select i, gen_random_uuid() as user_id, gen_random_uuid() as vendor_id,
         ($3::text[])[i] as number, 1000 + (i * 37) % 9000 as amount
       from generate_series(1, $2::int) i),
     owners as (
       insert into users (id, email, full_name, role, email_verified, language)
       select user_id, 'payee-' || $1 || '-' || i || '@shops.bench.isoko.rw', 'Payee ' || i, 'vendor', true, 'en'
       from input)
     insert into vendors (id, user_id, shop_name, business_address, phone, payout_method, payout_details, status)
     select vendor_id, user_id, 'Payout bench ' || $1 || ' ' || i, 'KN 4 Ave, Kigali', number, 'mobile_money',
       jsonb_build_object('provider', 'mtn', 'mobileNumber', number), 'approved'
     from input
     returning id`,
    [run, PAYOUTS, numbers],
  )
  const vendorIds = inserted.map((row) => row.id)
  await db.query(
    `insert into orders (vendor_id, product_name, sku, unit_price, quantity, total_amount, customer_name,
       customer_email, status)
     select id, 'Agaseke', 'agaseke-default', 20000, 1, 20000, 'Umukiriya', 'client@example.rw', 'completed'
     from unnest($1::uuid[]) id`,
    [vendorIds],
  )
  const { rows: requested } = await db.query(
    `insert into payouts (vendor_id, amount, status)
     select id, 1000 + (n * 37) % 9000, 'pending' from unnest($1::uuid[]) with ordinality as u(id, n)
     returning id, amount`,
    [vendorIds],
  )
  note(
    `${count(PAYOUTS)} shops, sales and payout requests inserted in ${Math.round(performance.now() - started)} ms`,
  )

  // Approved one by one as the payouts screen does; each queues its transfer under its persisted reference.
  const { rows: others } = await db.query(
    `select email from users where role = 'admin' and lower(email) <> lower($1) order by email limit 1`,
    [accounts.admin.email],
  )
  if (others.length === 0)
    throw new Error('the seed has one admin: a batch above the threshold needs a second')
  const cookies = {
    admin: await signIn(server, accounts.admin.email, accounts.password),
    second: await signIn(server, others[0].email, accounts.password),
    vendor: await signIn(server, largest.email, accounts.password),
  }
  const approving = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < requested.length) {
        const payout = requested[next++]
        await send(
          server,
          'PATCH',
          `/api/admin/payouts/${payout.id}`,
          cookies.admin,
          { status: 'approved' },
          200,
        )
      }
    }),
  )
  note(
    `${count(PAYOUTS)} payouts approved through the API in ${Math.round(performance.now() - approving)} ms`,
  )

  // Warm, then the baseline: the same dashboards, the same connections, just before the batch.
  await getJson(server.url, '/api/vendor/dashboard', cookies.vendor)
  await getJson(server.url, '/api/admin/dashboard', cookies.admin)
  const before = await dashboards(server, cookies, MEASURE_S)

  const { body: overview } = await getJson(server.url, '/api/admin/payments', cookies.admin)
  const ours = requested.reduce((sum, payout) => sum + Number(payout.amount), 0)
  if (overview.waiting.count !== PAYOUTS || overview.waiting.total !== ours)
    note(
      `waiting: ${overview.waiting.count} payouts (RWF ${count(overview.waiting.total)}), earlier ones included`,
    )
  const released = performance.now()
  const created = await send(
    server,
    'POST',
    '/api/admin/payout-batches',
    cookies.admin,
    overview.waiting,
    201,
  )
  const batch =
    created.status === 'awaiting_approval'
      ? await send(
          server,
          'POST',
          `/api/admin/payout-batches/${created.id}/decision`,
          cookies.second,
          { decision: 'approve' },
          200,
        )
      : created
  note(`batch ${batch.id}: ${count(batch.count)} payouts, RWF ${count(batch.total)}, ${batch.status}`)
  const during = await dashboards(server, cookies, MEASURE_S)

  let progress
  for (;;) {
    progress = (await getJson(server.url, `/api/admin/payout-batches/${batch.id}`, cookies.admin)).body
    if (progress.paid + progress.failed + progress.unknown === progress.count) break
    if (performance.now() - released > BATCH_DEADLINE_S * 1000) break
    await sleep(250)
  }
  const seconds = (performance.now() - released) / 1000
  const isComplete = progress.paid + progress.failed === progress.count
  const { rows: sent } = await db.query(
    `select count(*)::int as transfers, coalesce(sum(send_count), 0)::int as sends from money_transfers
     where batch_id = $1`,
    [batch.id],
  )
  const fakeState = await (await fetch(`${fake.url}/_fake/state`)).json()
  const twice = fakeState.transfers.filter((transfer) => transfer.posts > 1).length
  note(
    `fake: ${count(fakeState.transfers.length)} transfers held, ${twice} asked for twice; Isoko: ${count(sent[0].sends)} sends for ${count(sent[0].transfers)} transfers`,
  )
  report('payout-batch', {
    what: `payout batch of ${count(progress.count)} (MTN fake, ${SETTLE_MS / 1000} s to settle)`,
    figures:
      `${isComplete ? 'complete' : 'NOT complete'} in ${seconds.toFixed(1)} s · ${(progress.count / seconds).toFixed(1)} transfers/s · ` +
      `${count(progress.paid)} paid (RWF ${count(progress.paidTotal)}), ${count(progress.failed)} failed` +
      `${progress.unknown ? `, ${progress.unknown} unknown` : ''}${isComplete ? '' : `, ${progress.queued} queued, ${progress.sending} sending`}` +
      `${twice ? ` · ${twice} sent twice` : ''}`,
    target: `complete within ${BATCH_DEADLINE_S} s, ${expectedFailures} failed (the scripted numbers), none sent twice`,
    met: isComplete && (progress.count !== PAYOUTS || progress.failed === expectedFailures) && twice === 0,
  })
  for (const [key, what] of [
    ['vendor', `vendor dashboard during the batch (${count(largest.orders)} orders)`],
    ['admin', `admin dashboard during the batch (${count(accounts.size.orders)} orders)`],
  ]) {
    const [was, is] = [before[key], during[key]]
    const failed = was.failed + is.failed
    report('payout-batch', {
      what,
      figures:
        `p50 ${ms(is.p50)}, p97.5 ${ms(is.p975)}, ${rps(is.rps)} (${half} connections, ${MEASURE_S} s from the release)` +
        ` · just before: p50 ${ms(was.p50)}, p97.5 ${ms(was.p975)}, ${rps(was.rps)}${failed ? ` · ${failed} failed requests` : ''}`,
      target: 'p97.5 ≤ 50 ms (step 8)',
      met: is.p975 <= 50 && failed === 0,
    })
  }
} finally {
  await server?.stop()
  await fake.stop()
  await db.end()
}
