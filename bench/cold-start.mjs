#!/usr/bin/env node
// Cold start and memory of the built server (dist/server/main.js, what `npm start` runs; built first when
// stale), on PostgreSQL and on the embedded database:
// - cold start: from spawning the process to the first 200 from /api/health, on an empty database (migrations
//   included) and again on the migrated one (a restart, the usual case once deployed); median of RUNS;
// - memory (VmRSS and VmHWM from /proc/<pid>/status): idle, IDLE_S seconds after a start on a database with
//   the bench shop (2,000 products × 4 variants, bench/lib/vendor-shop.mjs), then under load (autocannon,
//   CONNECTIONS connections for DURATION seconds on the shop's products list, Brotli accepted, as a browser).
// Baseline, measured in the same run: a bare node:http server's time to its first answer. Prints one line.
//
//   npm run bench:cold-start
//   RUNS=1 DURATION=5 COLD_START_DATABASE_URL=postgres://… npm run bench:cold-start
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { clearInterval, setInterval } from 'node:timers'
import autocannon from 'autocannon'
import * as shop from './lib/vendor-shop.mjs'

const numberFrom = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number`)
    process.exit(2)
  }
  return value
}
const runs = numberFrom('RUNS', 3)
const duration = numberFrom('DURATION', 10)
const connections = numberFrom('CONNECTIONS', 10)
const idleSeconds = numberFrom('IDLE_S', 10)
// A database of its own: it is dropped and created again for each start on an empty database.
const databaseUrl =
  process.env.COLD_START_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/isoko_bench_cold_start'
const note = (message) => process.stderr.write(`  ${message}\n`)
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`
const mb = (value) => `${Math.round(value)} MB`

const temporary = []
const running = new Set()
async function cleanUp() {
  for (const server of running) await server.stop().catch(() => {})
  running.clear()
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true })
}
const watchdog = setTimeout(
  () => {
    console.error('cold-start: still running after its time limit, stopping')
    void cleanUp().finally(() => process.exit(1))
  },
  (runs * 240 + duration * 2 + idleSeconds * 2 + 600) * 1000,
)
watchdog.unref()
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)))

const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'isoko-cold-start-'))
  temporary.push(dir)
  return dir
}

async function start(options) {
  const server = await shop.startServer(options)
  running.add(server)
  return {
    ...server,
    stop: async () => {
      running.delete(server)
      await server.stop()
    },
  }
}

/** A bare node:http server's time from spawn to its first answer: what this machine allows at the moment. */
async function baselineMs() {
  const port = await shop.freePort()
  const started = performance.now()
  const child = spawn(
    process.execPath,
    ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`],
    { stdio: 'ignore' },
  )
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return performance.now() - started
      } catch {
        // not listening yet
      }
      await shop.sleep(10)
    }
  } finally {
    child.kill('SIGTERM')
  }
}

/** Idle memory, then the peak under load, of a server started on a database holding the bench shop. */
async function memory(server) {
  await shop.sleep(idleSeconds * 1000)
  const idle = shop.memoryOf(server.pid)
  const cookie = await shop.signInShop(server.url)
  let peak = idle
  const sampler = setInterval(() => {
    peak = Math.max(peak, shop.memoryOf(server.pid))
  }, 100)
  const result = await autocannon({
    url: `${server.url}/api/vendor/products?page=1&pageSize=50`,
    connections,
    duration,
    headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
    timeout: 30,
  })
  clearInterval(sampler)
  const failed = result.non2xx + result.errors + result.timeouts
  if (failed) throw new Error(`${failed} requests of the load failed`)
  return {
    idle,
    load: Math.max(peak, shop.memoryOf(server.pid)),
    hwm: shop.memoryOf(server.pid, 'VmHWM'),
    rps: result.requests.total / result.duration,
  }
}

async function onPostgres() {
  const empty = []
  const restart = []
  for (let run = 1; run <= runs; run += 1) {
    await shop.recreateDatabase(databaseUrl)
    const first = await start({ databaseUrl, dataDir: tempDir() })
    await first.stop()
    const second = await start({ databaseUrl, dataDir: tempDir() })
    await second.stop()
    empty.push(first.startMs)
    restart.push(second.startMs)
    note(
      `PostgreSQL run ${run}: empty database ${seconds(first.startMs)}, restart ${seconds(second.startMs)}`,
    )
  }
  await shop.seedShopOnPostgres(databaseUrl)
  const server = await start({ databaseUrl, dataDir: tempDir() })
  try {
    return { empty: median(empty), restart: median(restart), ...(await memory(server)) }
  } finally {
    await server.stop()
  }
}

async function onPglite() {
  const empty = []
  const restart = []
  let dataDir
  for (let run = 1; run <= runs; run += 1) {
    dataDir = tempDir()
    const first = await start({ dataDir })
    await first.stop()
    const second = await start({ dataDir })
    await second.stop()
    empty.push(first.startMs)
    restart.push(second.startMs)
    note(`PGlite run ${run}: empty DATA_DIR ${seconds(first.startMs)}, restart ${seconds(second.startMs)}`)
  }
  // The embedded database is one process's: the shop is written while the server is stopped.
  await shop.seedShopOnPglite(path.join(dataDir, 'pg'))
  const server = await start({ dataDir })
  try {
    return { empty: median(empty), restart: median(restart), ...(await memory(server)) }
  } finally {
    await server.stop()
  }
}

try {
  const baseline = []
  for (let run = 1; run <= runs; run += 1) baseline.push(await baselineMs())
  await shop.ensureDatabase(databaseUrl)
  const postgres = await onPostgres()
  note(
    `PostgreSQL: RSS idle ${mb(postgres.idle)}, under load ${mb(postgres.load)} (${Math.round(postgres.rps)} req/s)`,
  )
  const pglite = await onPglite()
  note(`PGlite: RSS idle ${mb(pglite.idle)}, under load ${mb(pglite.load)} (${Math.round(pglite.rps)} req/s)`)

  const figures =
    `PostgreSQL: cold start ${seconds(postgres.restart)} (empty database, migrations included: ${seconds(postgres.empty)}), ` +
    `RSS idle ${mb(postgres.idle)}, under load ${mb(postgres.load)} (VmHWM ${mb(postgres.hwm)}); ` +
    `PGlite: cold start ${seconds(pglite.restart)} (empty DATA_DIR: ${seconds(pglite.empty)}), ` +
    `RSS idle ${mb(pglite.idle)}, under load ${mb(pglite.load)} (VmHWM ${mb(pglite.hwm)}); ` +
    `bare node:http ${Math.round(median(baseline))} ms`
  const met = postgres.restart <= 3000 && postgres.idle <= 120 && postgres.load <= 250
  const what = `Built server, cold start (median of ${runs}) and memory (${connections} connections × ${duration} s on the products list)`
  const target = 'PostgreSQL: cold start ≤ 3 s, RSS ≤ 120 MB idle and ≤ 250 MB under load'
  const common = await import('./lib/common.mjs').catch(() => null)
  if (common?.report) common.report('cold-start', { what, figures, target, met })
  else console.log(`${what}: ${figures} | target ${target} → ${met ? 'met' : 'NOT met'}`)
} catch (error) {
  console.error(`cold-start: ${error.message}`)
  process.exitCode = 1
} finally {
  clearTimeout(watchdog)
  await cleanUp()
}
