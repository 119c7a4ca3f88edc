#!/usr/bin/env node
/**
 * Lighthouse 12 at phone size (its default mobile run: a Moto G Power screen, simulated slow 4G and a 4x slower
 * CPU) on /login, /vendor and /admin, as the built app is served by the real server.
 *
 *   npm run bench:lighthouse                          3 runs per page, the median of each figure
 *   npm run bench:lighthouse -- --runs 5              more runs
 *   npm run bench:lighthouse -- --pages /login        only these pages (comma-separated)
 *   npm run bench:lighthouse -- --compare old/dist    also another build of the web app, runs interleaved
 *   npm run bench:lighthouse -- --json out.json       also writes every run's figures
 *
 * Builds the web app first when dist/ is missing. Each build is served by its own server process (the built
 * server, dist/server/main.js, when there is one; else from source), on a copy of the build (a build elsewhere
 * during the run cannot change the files under it) and a fresh embedded database in a temporary DATA_DIR, on a
 * free port of 127.0.0.1. An admin (from the one-time setup link the server prints)
 * and an approved vendor (register, the confirmation link the server logs, the five-step registration, the
 * admin's approval) are made through the app's own API; the signed-in pages are audited with that user's
 * session cookie. Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) is driven through chrome-launcher: no
 * browser is ever downloaded. Each run is a first visit: Lighthouse clears the site's storage and cache, so the
 * language question shows.
 *
 * Baseline, measured in the same run: a bare Node HTTP server sending a static sign-in page (HTML and a few
 * lines of CSS, no script), the best this machine and the simulated phone allow at the moment. Lighthouse's
 * simulated times scale with this machine's CPU: on a busy machine (a low "benchmark index") the blocking time
 * and the score get worse, for the app and, less, for the baseline.
 */
/* global FormData -- Node's own, as in the browser */
import { Buffer, File } from 'node:buffer'
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? fallback : process.argv[index + 1]
}
const runs = Number(argument('runs', 3))
if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
  console.error('--runs takes a whole number from 1 to 20')
  process.exit(2)
}
const jsonOut = argument('json', null)
const dist = path.resolve(argument('dist', path.join(root, 'dist')))
const compare = argument('compare', null)
const pageNames = argument('pages', '/login,/vendor,/admin').split(',')
if (pageNames.some((name) => !['/login', '/vendor', '/admin'].includes(name))) {
  console.error('--pages takes /login, /vendor and /admin, comma-separated')
  process.exit(2)
}
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath} (set CHROMIUM_PATH); nothing is downloaded.`)
  process.exit(2)
}
if (compare && !existsSync(path.join(compare, 'index.html'))) {
  console.error(`--compare ${compare}: no index.html there`)
  process.exit(2)
}
const SERVER_START_TIMEOUT_MS = 120_000
const PASSWORD = 'lighthouse-123'

if (!existsSync(path.join(dist, 'index.html'))) {
  console.log('dist/ is missing: building the web app first')
  const build = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })

const cleanUps = []
async function cleanUp() {
  while (cleanUps.length) await cleanUps.pop()()
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)))
}

// ── The Isoko servers ──

// A developer's database, mail server or Google client (shell or .env) must not reach the run: an empty value
// counts as unset for the server, and no .env is read from the run's folder.
const unset = [
  'DATABASE_URL',
  'SMTP_URL',
  'AUTH_SECRET',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'STORAGE_DRIVER',
]

// The server as it ships (`npm run build` compiles it into dist/server/), else from source.
const builtServer = existsSync(path.join(root, 'dist', 'server', 'main.js'))
  ? path.join(root, 'dist', 'server', 'main.js')
  : null

/** Starts the server on a copy of `webBuild`; returns its address and a way to read its log. */
async function startIsoko(webBuild) {
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'isoko-lighthouse-'))
  cpSync(webBuild, path.join(runDir, 'dist'), { recursive: true })
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const server = spawn(
    builtServer ? process.execPath : path.join(root, 'node_modules', '.bin', 'tsx'),
    builtServer
      ? [builtServer]
      : ['--tsconfig', path.join(root, 'tsconfig.json'), path.join(root, 'src/server/main.ts')],
    {
      cwd: runDir,
      env: {
        ...process.env,
        ...Object.fromEntries(unset.map((key) => [key, ''])),
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: origin,
        DATA_DIR: path.join(runDir, 'data'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let log = ''
  server.stdout.on('data', (chunk) => (log += chunk))
  server.stderr.on('data', (chunk) => (log += chunk))
  let exit = null
  server.on('exit', (code, signal) => (exit = signal ?? `exit code ${code}`))
  cleanUps.push(async () => {
    if (exit === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    rmSync(runDir, { recursive: true, force: true })
  })

  /** Waits for the server's log to match `pattern`; returns the match. */
  async function fromLog(pattern, what) {
    const deadline = Date.now() + SERVER_START_TIMEOUT_MS
    for (;;) {
      const match = log.match(pattern)
      if (match) return match
      if (exit) throw new Error(`the server stopped (${exit}) before ${what}:\n${log.slice(-3000)}`)
      if (Date.now() > deadline) throw new Error(`no ${what} in the server's log:\n${log.slice(-3000)}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  await fromLog(/Isoko is serving/, 'start-up line')
  return { origin, fromLog }
}

/** One API call as the browser makes it (same origin, JSON); fails the run on an unexpected status. */
async function request(origin, method, url, { body, cookie, form, expect = [200] } = {}) {
  const headers = { origin, accept: 'application/json' }
  if (cookie) headers.cookie = cookie
  if (body) headers['content-type'] = 'application/json'
  const response = await fetch(`${origin}${url}`, {
    method,
    headers,
    body: form ?? (body ? JSON.stringify(body) : undefined),
  })
  const text = await response.text()
  if (!expect.includes(response.status)) throw new Error(`${method} ${url}: ${response.status} ${text}`)
  const setCookie = response.headers.getSetCookie().map((value) => value.split(';')[0])
  return { json: text ? JSON.parse(text) : null, cookie: setCookie.join('; ') }
}

/** A small but valid PDF (one empty page), for the vendor's government ID. */
function pdfDocument() {
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

/** The first admin and an approved vendor, signed in: their session cookies. */
async function createUsers({ origin, fromLog }) {
  const call = (...args) => request(origin, ...args)
  const signIn = async (email) =>
    (await call('POST', '/api/account/login', { body: { email, password: PASSWORD } })).cookie

  const [setupLink] = await fromLog(/https?:\/\/\S+\/setup\/admin#token=[\w-]+/, 'setup link')
  const token = new URL(setupLink).hash.replace(/^#token=/, '')
  const admin = { email: 'admin@isoko.example', fullName: 'Aline Mukamana' }
  await call('POST', '/api/setup/admin', {
    body: { token, ...admin, password: PASSWORD, confirmPassword: PASSWORD },
    expect: [201],
  })
  const adminCookie = await signIn(admin.email)

  const vendor = { email: 'vendor@isoko.example', fullName: 'Eric Habimana' }
  await call('POST', '/api/account/register', {
    body: { ...vendor, role: 'vendor', password: PASSWORD, confirmPassword: PASSWORD },
    expect: [201],
  })
  const [, confirmToken] = await fromLog(/\/confirm-email#access_token=([^&\s"]+)/, 'confirmation link')
  await call('POST', '/api/account/confirm-email', { body: { token: confirmToken } })
  const vendorCookie = await signIn(vendor.email)
  const form = new FormData()
  form.append('purpose', 'gov_id')
  form.append('file', new File([pdfDocument()], 'national-id.pdf', { type: 'application/pdf' }))
  const govId = (await call('POST', '/api/uploads', { cookie: vendorCookie, form, expect: [201] })).json
  const shop = (
    await call('POST', '/api/vendor/registration', {
      cookie: vendorCookie,
      body: {
        fullName: vendor.fullName,
        phone: '0788 123 456',
        shopName: 'Inzu y’Ubukorikori',
        businessAddress: 'KN 4 Ave, Kigali',
        govId: govId.id,
        idDocuments: [],
        businessDocuments: [],
        payoutMethod: 'mobile_money',
        payoutDetails: { provider: 'mtn', mobileNumber: '0788123456' },
      },
      expect: [201],
    })
  ).json
  await call('PATCH', `/api/admin/vendors/${shop.id}/status`, {
    cookie: adminCookie,
    body: { status: 'approved' },
  })
  return { '/login': null, '/vendor': vendorCookie, '/admin': adminCookie }
}

// ── The baseline: a static page ──

const staticPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Sign in"><title>Isoko</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f8f9fa}main{max-width:440px;margin:10vh auto;
padding:24px;background:#fff;border:1px solid #dee2e6;border-radius:8px}label,input,button{display:block;width:100%;
box-sizing:border-box;font-size:16px}input{margin:4px 0 12px;padding:8px}button{padding:10px;background:#0b7285;
color:#fff;border:0;border-radius:8px}</style></head>
<body><main><h1>Sign in</h1><p>Welcome back to Isoko.</p><form>
<label for="email">Email</label><input id="email" type="email" autocomplete="email">
<label for="password">Password</label><input id="password" type="password" autocomplete="current-password">
<button type="submit">Sign in</button></form></main></body></html>`

async function startBaseline() {
  const port = await freePort()
  const server = http.createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(staticPage)
  })
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  cleanUps.push(() => new Promise((resolve) => server.close(resolve)))
  return `http://127.0.0.1:${port}/`
}

// ── Lighthouse ──

let chrome = null

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** One Lighthouse run; a run Lighthouse itself reports as broken (a lost trace) is tried again, twice at most. */
async function audit(url, cookie, attempt = 1) {
  try {
    return await auditOnce(url, cookie)
  } catch (error) {
    if (attempt >= 3) throw error
    console.log(`  (${error instanceof Error ? error.message : error}; running again)`)
    return audit(url, cookie, attempt + 1)
  }
}

async function auditOnce(url, cookie) {
  // Lighthouse's default configuration: mobile form factor and screen, simulated throttling.
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  })
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN
  const scripts = lhr.audits['resource-summary']?.details?.items?.find(
    (item) => item.resourceType === 'script',
  )
  const accessibilityAudits = new Set(
    lhr.categories.accessibility.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id),
  )
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    speedIndex: metric('speed-index'),
    // Bytes over the wire, headers included (Chromium asks for Brotli from 127.0.0.1 too).
    scriptBytes: scripts?.transferSize ?? 0,
    scriptRequests: scripts?.requestCount ?? 0,
    failedAccessibility: Object.values(lhr.audits)
      .filter((item) => accessibilityAudits.has(item.id) && item.score !== null && item.score < 1)
      .map((item) => item.id),
    warnings: lhr.runWarnings,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  }
}

function summary(label, results) {
  const m = (key) => median(results.map((result) => result[key]))
  const failed = [...new Set(results.flatMap((result) => result.failedAccessibility))]
  return (
    `${label.padEnd(16)} performance ${String(m('performance')).padStart(3)} ` +
    `(${results.map((r) => r.performance).join(', ')}), accessibility ${m('accessibility')}, ` +
    `FCP ${(m('fcp') / 1000).toFixed(2)} s, LCP ${(m('lcp') / 1000).toFixed(2)} s, TBT ${Math.round(m('tbt'))} ms, ` +
    `CLS ${m('cls').toFixed(3)}, SI ${(m('speedIndex') / 1000).toFixed(2)} s, ` +
    `JavaScript ${(m('scriptBytes') / 1024).toFixed(1)} KB in ${m('scriptRequests')} files, ` +
    `benchmark index ${Math.round(m('benchmarkIndex'))}` +
    (failed.length ? `; failed accessibility audits: ${failed.join(', ')}` : '')
  )
}

const all = {}
try {
  const builds = [
    { label: '', dist },
    ...(compare ? [{ label: ' (compared)', dist: path.resolve(compare) }] : []),
  ]
  for (const build of builds) {
    const server = await startIsoko(build.dist)
    build.origin = server.origin
    build.cookies = await createUsers(server)
  }
  const baseline = await startBaseline()
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  cleanUps.push(() => chrome.kill())

  const targets = [
    ...pageNames.flatMap((name) =>
      builds.map((build) => ({
        label: `${name}${build.label}`,
        url: `${build.origin}${name}`,
        cookie: build.cookies[name],
      })),
    ),
    { label: 'baseline', url: baseline, cookie: null },
  ]
  // One warm-up load per page, not counted: a server's first answers (code compiled on first use) are not the page.
  for (const target of targets) await audit(target.url, target.cookie)
  console.log(
    `Lighthouse 12, mobile (simulated slow 4G, 4x CPU slowdown), median of ${runs} runs per page, interleaved`,
  )
  for (let run = 0; run < runs; run += 1) {
    for (const target of targets) (all[target.label] ??= []).push(await audit(target.url, target.cookie))
  }
  for (const target of targets) {
    console.log(summary(target.label, all[target.label]))
    for (const warning of new Set(all[target.label].flatMap((result) => result.warnings)))
      console.log(`  warning: ${warning}`)
  }
  console.log(
    'baseline: a static sign-in page from a bare Node server; targets: performance >= 95, accessibility 100',
  )
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(all, null, 2))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await cleanUp()
}
