#!/usr/bin/env node
// Dashboards, balances and report cards on the seeded marketplace (bench/README.md), each against the
// specification's approach measured in the same run: a bare node:http + pg handler that fetches every order of
// the shop (or of the marketplace) with `select *` and sums in JavaScript (bench/lib/spec-baseline.mjs).
// One line per screen. Target: p97.5 ≤ 50 ms and at least 100× the baseline's requests per second.
//
//   node bench/totals.mjs [--size small|large]      (npm run bench runs it after seeding)
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

const server = await startIsoko(size)
const baseline = await startBaseline(size)
try {
  note(
    `server: ${server.label}; ${largest.shopName} has ${count(largest.orders)} orders of ${count(accounts.size.orders)}`,
  )
  const admin = await signIn(server, accounts.admin.email, accounts.password)
  const vendor = await signIn(server, largest.email, accounts.password)
  const screens = [
    {
      what: `vendor dashboard (${count(largest.orders)} orders)`,
      path: '/api/vendor/dashboard',
      cookie: vendor,
      baseline: `/vendor/dashboard?vendorId=${largest.vendorId}`,
    },
    {
      what: `vendor payouts: balance and history (${count(largest.orders)} orders)`,
      path: '/api/vendor/payouts',
      cookie: vendor,
      baseline: `/vendor/payouts?vendorId=${largest.vendorId}`,
    },
    {
      what: `admin dashboard (${count(accounts.size.orders)} orders)`,
      path: '/api/admin/dashboard',
      cookie: admin,
      baseline: '/admin/dashboard',
    },
    ...[30, 365].map((days) => ({
      what: `admin report cards, ${days} days`,
      path: `/api/admin/reports?days=${days}`,
      cookie: admin,
      baseline: `/admin/reports?days=${days}`,
    })),
  ]
  for (const screen of screens) {
    // One request each first: the answer must be a 200, and caches warm as they would in use.
    await getJson(server.url, screen.path, screen.cookie)
    const isoko = await measure({
      url: `${server.url}${screen.path}`,
      cookie: screen.cookie,
      connections: size.connections,
      duration: size.duration,
    })
    const spec = await measureBounded({
      url: `${baseline.url}${screen.baseline}`,
      connections: size.connections,
      duration: size.duration,
    })
    const times = isoko.rps / spec.rps
    const failed = isoko.failed + spec.failed
    report('totals', {
      what: screen.what,
      figures:
        `Isoko p50 ${ms(isoko.p50)}, p97.5 ${ms(isoko.p975)}, ${rps(isoko.rps)} (${size.connections} connections)` +
        ` · specification's approach p50 ${ms(spec.p50)}, p97.5 ${ms(spec.p975)}, ${rps(spec.rps)} (${spec.connections})` +
        ` · ${times >= 10 ? Math.round(times) : times.toFixed(1)}×${failed ? ` · ${failed} failed requests` : ''}`,
      target: 'p97.5 ≤ 50 ms and ≥ 100×',
      met: isoko.p975 <= 50 && times >= 100 && failed === 0,
    })
  }
} finally {
  await Promise.all([server.stop(), baseline.stop()])
}
