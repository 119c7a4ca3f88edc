#!/usr/bin/env node
// A shop's statement (step 11, docs/decisions/021) on the seeded marketplace: the largest shop (a fifth of all
// orders: 200,000 at the large size) and its ledger lines, each sale and payout a line (bench/ledger-history.ts).
// This month's first page, a month a year ago, the next page of that month by its cursor, and the month's CSV,
// each against the naive approach measured in the same run: every line of the shop fetched, the running balance
// summed in JavaScript, the month sliced (bench/lib/spec-baseline.mjs). Target: p97.5 ≤ 100 ms for a page.
//
//   node bench/statement.mjs [--size small|large]      (npm run bench runs it after seeding)
import {
  benchSize,
  count,
  getJson,
  measure,
  measureBounded,
  ms,
  note,
  readAccounts,
  report,
  rps,
  signIn,
  startBaseline,
  startIsoko,
} from './lib/common.mjs'

const size = benchSize()
const accounts = readAccounts(size)
const largest = accounts.vendors[0]

/** YYYY-MM of the Kigali month `back` months before this one, and its [from, to) instants (UTC+2, no DST). */
function monthOf(back) {
  const now = new Date(Date.now() + 2 * 3_600_000)
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
  const next = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1))
  const kigaliMidnight = (day) => new Date(day.getTime() - 2 * 3_600_000).toISOString()
  return { month: first.toISOString().slice(0, 7), from: kigaliMidnight(first), to: kigaliMidnight(next) }
}

const server = await startIsoko(size)
const baseline = await startBaseline(size)
try {
  const vendor = await signIn(server, largest.email, accounts.password)
  const recent = monthOf(0)
  const yearAgo = monthOf(12)
  const { body: first } = await getJson(server.url, `/api/vendor/statement?month=${yearAgo.month}`, vendor)
  note(
    `server: ${server.label}; ${largest.shopName} has ${count(largest.orders)} orders; ${yearAgo.month}: ${count(first.lineCount)} lines`,
  )
  const pages = [
    {
      what: `statement, this month (${recent.month}), first page`,
      month: recent,
      path: `?month=${recent.month}`,
    },
    { what: `statement, ${yearAgo.month}, first page`, month: yearAgo, path: `?month=${yearAgo.month}` },
    ...(first.nextCursor
      ? [
          {
            what: `statement, ${yearAgo.month}, second page (cursor)`,
            month: yearAgo,
            path: `?month=${yearAgo.month}&cursor=${encodeURIComponent(first.nextCursor)}`,
          },
        ]
      : []),
  ]
  for (const page of pages) {
    await getJson(server.url, `/api/vendor/statement${page.path}`, vendor)
    const isoko = await measure({
      url: `${server.url}/api/vendor/statement${page.path}`,
      cookie: vendor,
      connections: size.connections,
      duration: size.duration,
    })
    const naive = await measureBounded({
      url: `${baseline.url}/vendor/statement?vendorId=${largest.vendorId}&from=${page.month.from}&to=${page.month.to}`,
      connections: size.connections,
      duration: size.duration,
    })
    const times = isoko.rps / naive.rps
    const failed = isoko.failed + naive.failed
    report('statement', {
      what: page.what,
      figures:
        `Isoko p50 ${ms(isoko.p50)}, p97.5 ${ms(isoko.p975)}, ${rps(isoko.rps)} (${size.connections} connections)` +
        ` · every line summed p50 ${ms(naive.p50)}, p97.5 ${ms(naive.p975)}, ${rps(naive.rps)} (${naive.connections})` +
        ` · ${times >= 10 ? Math.round(times) : times.toFixed(1)}×${failed ? ` · ${failed} failed requests` : ''}`,
      target: 'p97.5 ≤ 100 ms',
      met: isoko.p975 <= 100 && failed === 0,
    })
  }
  // The month as CSV, whole: one request, its time and size.
  const started = performance.now()
  const response = await fetch(`${server.url}/api/vendor/statement.csv?month=${yearAgo.month}`, {
    headers: { cookie: vendor },
  })
  const bytes = (await response.arrayBuffer()).byteLength
  report('statement', {
    what: `statement CSV, ${yearAgo.month}`,
    figures: `${response.status}, ${count(bytes)} bytes in ${ms(performance.now() - started)}`,
    target: null,
    met: response.status === 200 ? null : false,
  })
} finally {
  await Promise.all([server.stop(), baseline.stop()])
}
