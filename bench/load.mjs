#!/usr/bin/env node
// Load: the API under a mixed vendor and admin workload, on loopback only, bounded in time, cleaned up after.
//
// Starts the server (`src/server/main.ts`, no built web app) on a fresh DATA_DIR (embedded PGlite), seeds it
// through its HTTP API (the first admin from the setup link in its log; VENDORS approved shops, each with products
// in large stock and a completed order so that payouts have a balance), holds SSE_CLIENTS event streams open, then
// runs autocannon with CONNECTIONS connections for DURATION seconds. Every request of the workload is meant to
// succeed (each connection edits a product of its own with the version it last read; payouts of 1 RWF against a
// balance of millions; orders against a stock of a million), so any non-2xx answer or error counts against the
// target of zero. Baseline, measured in the same run under the same settings: a bare Node HTTP server for
// BASELINE_DURATION seconds, so the figures can be read against what this (shared, noisy) machine gives.
//
//   npm run bench:load                        200 connections, 60 s
//   CONNECTIONS=50 DURATION=10 npm run bench:load
import { spawn } from 'node:child_process'
import { Blob, Buffer } from 'node:buffer'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL, URLSearchParams } from 'node:url'
import autocannon from 'autocannon'

const { AbortSignal, FormData } = globalThis

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const numberFrom = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`)
  return value
}
const connections = numberFrom('CONNECTIONS', 200)
const duration = numberFrom('DURATION', 60)
const vendorCount = numberFrom('VENDORS', 20)
const sseClients = numberFrom('SSE_CLIENTS', 40)
const baselineDuration = numberFrom('BASELINE_DURATION', 5)
/** A request slower than this counts as an error (autocannon's timeout), as a person would give up. */
const requestTimeoutS = numberFrom('REQUEST_TIMEOUT', 30)
/** The whole run, seeding and clean-up included, stops by itself after this. */
const deadlineMs = (duration + baselineDuration + 900) * 1000
const password = 'Isoko-load-2024!'

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** VmRSS (or another field) of a process, in MB, from /proc (Linux). */
function memoryOf(pid, field = 'VmRSS') {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${field}:`))
    return line ? Number(line.split(/\s+/)[1]) / 1024 : NaN
  } catch {
    return NaN
  }
}

const children = []
const streams = []
const cleanups = []
async function cleanUp() {
  for (const stream of streams.splice(0)) stream.destroy()
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await new Promise((resolve) => child.once('exit', resolve))
    clearTimeout(killer)
  }
  for (const cleanup of cleanups.splice(0)) cleanup()
}
const watchdog = setTimeout(() => {
  console.error(`load test: still running after ${deadlineMs / 1000} s, stopping`)
  void cleanUp().finally(() => process.exit(1))
}, deadlineMs)
watchdog.unref()
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)))
}

// ── The server ──

async function startIsoko() {
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'isoko-load-'))
  cleanups.push(() => rmSync(runDir, { recursive: true, force: true }))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const logFile = path.join(runDir, 'server.log')
  const log = openSync(logFile, 'w')
  const blank = ['DATABASE_URL', 'SMTP_URL', 'AUTH_SECRET', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']
  // Node with tsx's loader (not the tsx command, which runs the server in a second process): the pid read for
  // RSS is the server's own. Production settings; info logs, as a deployed server writes them, to a file.
  const child = spawn(
    process.execPath,
    [
      '--import',
      pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href,
      path.join(root, 'src/server/main.ts'),
    ],
    {
      cwd: runDir,
      env: {
        ...process.env,
        ...Object.fromEntries(blank.map((key) => [key, ''])),
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: path.join(runDir, 'data'),
        STORAGE_DRIVER: 'local',
        TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json'),
      },
      stdio: ['ignore', log, log],
    },
  )
  closeSync(log)
  children.push(child)
  const logLines = () =>
    readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => {
        try {
          return JSON.parse(line)
        } catch {
          return {}
        }
      })
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server stopped while starting:\n${readFileSync(logFile, 'utf8')}`)
    try {
      if ((await fetch(`${url}/api/health`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 90_000) throw new Error('the server did not answer /api/health within 90 s')
    await sleep(200)
  }
  return { child, url, port, logLines }
}

// ── Seeding through the API ──

async function call(server, method, urlPath, { json, form, cookie, expect = 200 } = {}) {
  const headers = {}
  if (method !== 'GET') headers.origin = server.url
  if (cookie) headers.cookie = cookie
  if (json !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${server.url}${urlPath}`, {
    method,
    headers,
    body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
    signal: AbortSignal.timeout(30_000),
  })
  const text = await response.text()
  if (response.status !== expect)
    throw new Error(`${method} ${urlPath}: expected ${expect}, got ${response.status} ${text}`)
  const cookies = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  return { body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text, cookie: cookies }
}

async function waitForLog(server, what, find) {
  const deadline = Date.now() + 20_000
  for (;;) {
    const found = find(server.logLines())
    if (found) return found
    if (Date.now() > deadline) throw new Error(`${what} did not appear in the server log`)
    await sleep(100)
  }
}

const signIn = async (server, email) =>
  (await call(server, 'POST', '/api/account/login', { json: { email, password } })).cookie

/** A one-page PDF, for the identity document a shop registration needs. */
function pdf() {
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
  ]
  let body = '%PDF-1.4\n'
  const offsets = []
  for (const object of objects) {
    offsets.push(body.length)
    body += `${object}\n`
  }
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

const productBody = (name, stock, price, extra = {}) => ({
  name,
  description: 'Hand-woven in Gitarama',
  category: 'Home Decor',
  price,
  images: [],
  hasVariants: false,
  colors: [],
  sizes: [],
  variants: [{ price, stock }],
  ...extra,
})

async function seedAdmin(server) {
  const link = await waitForLog(
    server,
    'The first-admin link',
    (lines) =>
      lines
        .find((line) => line.msg?.includes('Create the first admin'))
        ?.msg?.match(/(https?:\/\/\S+)\s*$/)?.[1],
  )
  const email = `admin-${randomBytes(3).toString('hex')}@example.rw`
  await call(server, 'POST', '/api/setup/admin', {
    expect: 201,
    json: {
      token: new URL(link).hash.replace(/^#token=/, ''),
      fullName: 'Load Admin',
      email,
      password,
      confirmPassword: password,
    },
  })
  return signIn(server, email)
}

/**
 * An approved shop on the unlimited plan with `editable` products (one per connection that edits it), one
 * product to sell in a stock of a million, and a completed order of 10,000,000 RWF, so payouts have a balance.
 */
async function seedVendor(server, adminCookie, index, editable) {
  const email = `vendor-${index}-${randomBytes(3).toString('hex')}@example.rw`
  await call(server, 'POST', '/api/account/register', {
    expect: 201,
    json: { fullName: `Vendor ${index}`, email, password, confirmPassword: password, role: 'vendor' },
  })
  const link = await waitForLog(
    server,
    `The confirmation mail to ${email}`,
    (lines) => lines.find((line) => line.to === email && line.link)?.link,
  )
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('access_token')
  await call(server, 'POST', '/api/account/confirm-email', { json: { token } })
  const cookie = await signIn(server, email)
  const form = new FormData()
  form.append('purpose', 'gov_id')
  form.append('file', new Blob([pdf()], { type: 'application/pdf' }), 'national-id.pdf')
  const govId = (await call(server, 'POST', '/api/uploads', { form, cookie, expect: 201 })).body.id
  const shopName = `Load Shop ${index} ${randomBytes(2).toString('hex')}`
  const vendorId = (
    await call(server, 'POST', '/api/vendor/registration', {
      cookie,
      expect: 201,
      json: {
        fullName: `Vendor ${index}`,
        phone: '0788123456',
        shopName,
        businessAddress: 'KN 4 Ave, Kigali',
        govId,
        idDocuments: [],
        businessDocuments: [],
        payoutMethod: 'mobile_money',
        payoutDetails: { provider: 'mtn', mobileNumber: '0788123456' },
      },
    })
  ).body.id
  await call(server, 'PATCH', `/api/admin/vendors/${vendorId}/status`, {
    cookie: adminCookie,
    json: { status: 'approved' },
  })
  await call(server, 'PUT', '/api/vendor/subscription', { cookie, json: { plan: 'unlimited' } })
  await call(server, 'POST', `/api/admin/vendors/${vendorId}/plan`, {
    cookie: adminCookie,
    json: { plan: 'unlimited' },
  })

  const forSale = (
    await call(server, 'POST', '/api/vendor/products', {
      cookie,
      expect: 201,
      json: productBody(`Agaseke basket ${index}`, 1_000_000, 10_000),
    })
  ).body
  const edits = []
  for (let n = 0; n < editable; n += 1) {
    const name = `Kitenge bag ${index}-${n}`
    const product = (
      await call(server, 'POST', '/api/vendor/products', {
        cookie,
        expect: 201,
        json: productBody(name, 500, 12_000),
      })
    ).body
    edits.push({ id: product.id, name, version: product.version })
  }
  const order = {
    vendorId,
    productId: forSale.id,
    variantId: forSale.variants[0].id,
    customerName: 'Seed Customer',
    customerEmail: 'seed.customer@example.rw',
  }
  const placed = (
    await call(server, 'POST', '/api/admin/orders', {
      cookie: adminCookie,
      expect: 201,
      json: { ...order, quantity: 1_000 },
    })
  ).body
  await call(server, 'PATCH', `/api/admin/orders/${placed.id}/status`, {
    cookie: adminCookie,
    json: { status: 'completed' },
  })
  return { cookie, vendorId, order, edits }
}

/** Runs `work` over `items`, `parallel` at a time (password hashing is CPU-bound: a few at once is plenty). */
async function inBatches(items, parallel, work) {
  const results = []
  for (let at = 0; at < items.length; at += parallel) {
    results.push(...(await Promise.all(items.slice(at, at + parallel).map(work))))
  }
  return results
}

// ── Event streams held open during the run ──

function openEventStream(server, cookie) {
  return new Promise((resolve, reject) => {
    const state = { events: 0, isOpen: false, failure: null }
    const request = http.get(
      {
        host: '127.0.0.1',
        port: server.port,
        path: '/api/events',
        headers: { cookie, accept: 'text/event-stream' },
        agent: false,
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`/api/events answered ${response.statusCode}`))
          response.resume()
          return
        }
        state.isOpen = true
        response.setEncoding('utf8')
        response.on('data', (chunk) => {
          state.events += chunk.split('event: change').length - 1
        })
        response.on('end', () => {
          state.isOpen = false
          state.failure ??= 'ended by the server'
        })
        response.on('error', (error) => {
          state.isOpen = false
          state.failure ??= error.message
        })
        resolve(state)
      },
    )
    request.on('error', (error) => {
      state.isOpen = false
      state.failure ??= error.message
      reject(error)
    })
    streams.push(request)
  })
}

// ── The workload ──

function workload(admin, vendors) {
  const tally = new Map()
  const samples = new Map()
  // autocannon clears a connection's context each time it starts the list of requests again, so what must last
  // lives here: each connection takes the next vendor in turn, and edits whichever of the products is free,
  // holding it from the request to the answer, with the version the last answer gave.
  let turn = 0
  const vendorOf = (context) => {
    context.turn ??= turn++
    return vendors[context.turn % vendors.length]
  }
  const editable = vendors.flatMap((vendor) =>
    vendor.edits.map((edit) => ({ ...edit, cookie: vendor.cookie, count: 0 })),
  )
  const free = [...editable]
  const json = { 'content-type': 'application/json' }
  const as = (cookie, extra = {}) => ({ cookie, origin: admin.url, ...extra })
  const step = (name, build, onBody, onAnswer) => ({
    setupRequest: (request, context) => ({ ...request, ...build(context) }),
    onResponse: (status, body, context) => {
      onAnswer?.(context)
      const key = `${name} ${status}`
      tally.set(key, (tally.get(key) ?? 0) + 1)
      // The first answer of each refused kind, to say why.
      if (status >= 300 && !samples.has(key)) samples.set(key, String(body).slice(0, 300))
      if (onBody && status < 300) onBody(body, context)
    },
  })
  const vendorGet = (name, urlPath) =>
    step(name, (context) => ({ method: 'GET', path: urlPath, headers: as(vendorOf(context).cookie) }))
  const adminGet = (name, urlPath) =>
    step(name, () => ({ method: 'GET', path: urlPath, headers: as(admin.cookie) }))
  const requests = [
    vendorGet('vendor products', '/api/vendor/products'),
    vendorGet('vendor dashboard', '/api/vendor/dashboard'),
    vendorGet('vendor orders', '/api/vendor/orders'),
    step(
      'product edit',
      (context) => {
        // Only a request that timed out keeps its product; there are more products than connections.
        const edit = free.shift() ?? editable[Math.floor(Math.random() * editable.length)]
        context.edit = edit
        edit.count += 1
        return {
          method: 'PUT',
          path: `/api/vendor/products/${edit.id}`,
          headers: as(edit.cookie, json),
          body: JSON.stringify(
            productBody(edit.name, 500, 12_000 + (edit.count % 100), {
              description: `Edited ${edit.count} times under load`,
              version: edit.version,
            }),
          ),
        }
      },
      (body, context) => {
        context.edit.version = JSON.parse(body).version
      },
      (context) => free.push(context.edit),
    ),
    step('payout request', (context) => ({
      method: 'POST',
      path: '/api/vendor/payouts',
      headers: as(vendorOf(context).cookie, json),
      body: JSON.stringify({ amount: 1 }),
    })),
    vendorGet('vendor payouts', '/api/vendor/payouts'),
    adminGet('admin dashboard', '/api/admin/dashboard'),
    adminGet('admin orders', '/api/admin/orders'),
    adminGet('admin vendors', '/api/admin/vendors'),
    adminGet('admin products', '/api/admin/products'),
    adminGet('admin payouts', '/api/admin/payouts'),
    step('admin order', (context) => ({
      method: 'POST',
      path: '/api/admin/orders',
      headers: as(admin.cookie, json),
      body: JSON.stringify({ ...vendorOf(context).order, quantity: 1 }),
    })),
  ]
  return { requests, tally, samples }
}

function runAutocannon(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)))
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    })
  })
}

const summary = (result) => ({
  requests: result.requests.total,
  perSecond: result.requests.average,
  p50: result.latency.p50,
  p97_5: result.latency.p97_5,
  p99: result.latency.p99,
  max: result.latency.max,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
})

async function baseline() {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => s.end('{"status":"ok"}')).listen(${port}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  )
  children.push(child)
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break
    } catch {
      if (tries > 100) throw new Error('the baseline server did not start')
      await sleep(50)
    }
  }
  const result = await runAutocannon({
    url: `http://127.0.0.1:${port}/`,
    connections,
    duration: baselineDuration,
    timeout: requestTimeoutS,
  })
  child.kill('SIGTERM')
  return summary(result)
}

const ms = (value) => `${Math.round(value)} ms`

async function main() {
  console.log(
    `load test: ${connections} connections for ${duration} s, ${vendorCount} vendors, ${sseClients} event streams (${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')})`,
  )
  const base = await baseline()
  console.log(
    `baseline, a bare Node HTTP server (${baselineDuration} s): ${base.requests} requests, ${Math.round(base.perSecond)}/s, p50 ${ms(base.p50)}, p97.5 ${ms(base.p97_5)}, p99 ${ms(base.p99)}; non-2xx ${base.non2xx}, errors ${base.errors}`,
  )

  const seedStarted = Date.now()
  const server = await startIsoko()
  const adminCookie = await seedAdmin(server)
  // More products to edit than connections: a request that times out keeps its product from the others.
  const editable = Math.ceil((connections * 1.2) / vendorCount)
  const vendors = await inBatches(
    Array.from({ length: vendorCount }, (_, index) => index + 1),
    4,
    (index) => seedVendor(server, adminCookie, index, editable),
  )
  console.log(
    `seeded through the API in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s: 1 admin, ${vendorCount} approved vendors with ${editable + 1} products and a completed order each`,
  )

  const eventStreams = await Promise.all(
    Array.from({ length: sseClients }, (_, index) =>
      openEventStream(server, index % 4 === 0 ? adminCookie : vendors[index % vendors.length].cookie),
    ),
  )
  const rssStart = memoryOf(server.child.pid)

  const admin = { cookie: adminCookie, url: server.url }
  const { requests, tally, samples } = workload(admin, vendors)
  const result = await runAutocannon({
    url: server.url,
    connections,
    duration,
    timeout: requestTimeoutS,
    requests,
  })
  const rssEnd = memoryOf(server.child.pid)
  const rssPeak = memoryOf(server.child.pid, 'VmHWM')
  const figures = summary(result)
  const streamsOpen = eventStreams.filter((stream) => stream.isOpen).length
  const events = eventStreams.reduce((sum, stream) => sum + stream.events, 0)
  const health = await fetch(`${server.url}/api/health`)
    .then((response) => response.status)
    .catch(() => 'no answer')

  console.log(
    `Isoko (${duration} s, ${connections} connections): ${figures.requests} requests, ${Math.round(figures.perSecond)}/s, p50 ${ms(figures.p50)}, p97.5 ${ms(figures.p97_5)}, p99 ${ms(figures.p99)}, max ${ms(figures.max)}`,
  )
  console.log(`  non-2xx ${figures.non2xx}, errors ${figures.errors} (timeouts ${figures.timeouts})`)
  const refused = [...tally].filter(([key]) => !/ 2\d\d$/.test(key))
  if (refused.length)
    console.log(`  not 2xx: ${refused.map(([key, count]) => `${key} ×${count}`).join(', ')}`)
  for (const [key, body] of samples) console.log(`  ${key}, first answer: ${body}`)
  const byStep = new Map()
  for (const [key, count] of tally) {
    const name = key.replace(/ \d+$/, '')
    byStep.set(name, (byStep.get(name) ?? 0) + count)
  }
  console.log(`  answers by step: ${[...byStep].map(([name, count]) => `${name} ${count}`).join(', ')}`)
  console.log(
    `  event streams: ${streamsOpen} of ${sseClients} still open at the end, ${events} events received`,
  )
  console.log(
    `  server RSS: ${rssStart.toFixed(0)} MB at the start of the load, ${rssEnd.toFixed(0)} MB at the end (peak ${rssPeak.toFixed(0)} MB); /api/health after: ${health}`,
  )
  const isClean = figures.non2xx === 0 && figures.errors === 0 && streamsOpen === sseClients
  console.log(`target: zero errors and non-2xx, every stream open -> ${isClean ? 'met' : 'NOT met'}`)
  return isClean
}

let isClean = false
try {
  isClean = await main()
} catch (error) {
  console.error(`load test failed: ${error instanceof Error ? error.message : error}`)
} finally {
  await cleanUp()
  clearTimeout(watchdog)
}
process.exit(isClean ? 0 : 1)
