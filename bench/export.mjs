#!/usr/bin/env node
// Export of every order as CSV through the admin's export (GET /api/admin/orders/export, streamed), on the
// seeded marketplace (a million orders at --size large; bench/README.md): time, bytes, rows, and the server's
// peak memory while it streams (VmHWM of a freshly started server, and VmRSS sampled every 100 ms). Baseline,
// measured in the same run: the specification's approach in a bare process, every order fetched, the CSV built
// in memory, then sent (bench/lib/spec-baseline.mjs). One line. Target: the server under 200 MB RSS.
//
//   node bench/export.mjs [--size small|large]      (npm run bench runs it after seeding)
import { clearInterval, setInterval } from 'node:timers'
import pg from 'pg'
import {
  benchSize,
  count,
  mb,
  memoryOf,
  note,
  readAccounts,
  report,
  signIn,
  sleep,
  startBaseline,
  startIsoko,
} from './lib/common.mjs'

const size = benchSize()
const accounts = readAccounts(size)

/** Downloads `url` to nowhere, counting bytes and lines, while sampling the memory of `pid`. */
async function download(url, headers, pid) {
  let peakRss = memoryOf(pid)
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memoryOf(pid))
  }, 100)
  const started = performance.now()
  try {
    const response = await fetch(url, { headers })
    if (response.status !== 200)
      throw new Error(`GET ${url}: ${response.status} ${(await response.text()).slice(0, 300)}`)
    let bytes = 0
    let lines = 0
    let firstByteMs = null
    for await (const chunk of response.body) {
      firstByteMs ??= performance.now() - started
      bytes += chunk.length
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1
    }
    return {
      seconds: (performance.now() - started) / 1000,
      firstByteMs,
      bytes,
      lines,
      peakRss,
      hwm: memoryOf(pid, 'VmHWM'),
    }
  } finally {
    clearInterval(sampler)
  }
}

const db = new pg.Client({ connectionString: size.databaseUrl })
await db.connect()
const { rows: counted } = await db.query('select count(*)::int as n from orders')
await db.end()
const orders = counted[0].n

const server = await startIsoko(size)
let isoko
let idle
try {
  note(`server: ${server.label}; exporting ${count(orders)} orders`)
  const admin = await signIn(server, accounts.admin.email, accounts.password)
  await sleep(500)
  idle = memoryOf(server.pid)
  isoko = await download(`${server.url}/api/admin/orders/export`, { cookie: admin }, server.pid)
} finally {
  await server.stop()
}

const baseline = await startBaseline(size)
let spec
try {
  spec = await download(`${baseline.url}/orders/export`, {}, baseline.pid)
} finally {
  await baseline.stop()
}

// The export writes a header, then one line per order (a cell with a line break is quoted, so lines may exceed rows).
const rows = isoko.lines - 1
const peak = Math.max(isoko.hwm, isoko.peakRss)
report('export', {
  what: `CSV export of ${count(orders)} orders`,
  figures:
    `${isoko.seconds.toFixed(1)} s, first byte after ${Math.round(isoko.firstByteMs)} ms, ${(isoko.bytes / 1e6).toFixed(1)} MB, ${count(rows)} rows` +
    `, server RSS ${mb(idle)} idle, peak ${mb(peak)}` +
    ` · specification's approach (all orders in memory, then sent) ${spec.seconds.toFixed(1)} s, peak ${mb(Math.max(spec.hwm, spec.peakRss))}`,
  target: 'peak RSS < 200 MB, every order exported',
  met: peak < 200 && rows >= orders,
})
