// What the benchmarks on a seeded database share (bench/README.md): the size settings, the sign-in details the
// generator wrote, starting the server the way `npm start` runs it and the specification's-approach baseline,
// autocannon runs, memory readings from /proc, and the one-line results the summary table is made from.
// Traffic goes to 127.0.0.1 only; every run is bounded in time or in requests.
import { spawn } from 'node:child_process'
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
export const benchData = path.join(root, 'bench', '.data')
export const resultsFile = path.join(benchData, 'results.jsonl')

/**
 * The two sizes: `small` (npm run bench, a few minutes in all) and `large` (`-- --size large`, a million
 * orders). Durations are per measurement; the baseline's are bounded the same way.
 */
export const sizes = {
  small: {
    seed: ['--size', 'small'],
    databaseUrl: 'postgres://postgres@127.0.0.1:5432/isoko_bench',
    accounts: path.join(benchData, 'accounts.json'),
    duration: 3,
    listDuration: 2,
  },
  large: {
    seed: ['--size', 'large'],
    databaseUrl: 'postgres://postgres@127.0.0.1:5432/isoko_bench_large',
    accounts: path.join(benchData, 'accounts-large.json'),
    duration: 8,
    listDuration: 5,
  },
}

/** `--size small|large` from the arguments, else BENCH_SIZE, else small. */
export function benchSize(argv = process.argv.slice(2)) {
  const at = argv.indexOf('--size')
  const name = at === -1 ? (process.env.BENCH_SIZE ?? 'small') : argv[at + 1]
  if (!(name in sizes)) {
    console.error(`--size is small or large, not ${name}`)
    process.exit(2)
  }
  const size = sizes[name]
  return {
    name,
    ...size,
    databaseUrl: process.env.BENCH_DATABASE_URL ?? size.databaseUrl,
    accounts: process.env.BENCH_ACCOUNTS ?? size.accounts,
    connections: Number(process.env.CONNECTIONS ?? 10),
  }
}

/** The sign-in details bench/seed.ts wrote for this size. */
export function readAccounts(size) {
  if (!existsSync(size.accounts)) {
    console.error(
      `No ${path.relative(root, size.accounts)}: seed first (npm run bench:seed -- --size ${size.name}${size.name === 'large' ? ` --database-url ${size.databaseUrl} --accounts ${path.relative(root, size.accounts)}` : ''}).`,
    )
    process.exit(2)
  }
  return JSON.parse(readFileSync(size.accounts, 'utf8'))
}

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** A field of /proc/<pid>/status (VmRSS, VmHWM, …) in MB; NaN when the process is gone. */
export function memoryOf(pid, field = 'VmRSS') {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${field}:`))
    return line ? Number(line.split(/\s+/)[1]) / 1024 : NaN
  } catch {
    return NaN
  }
}

async function waitForHealth(url, child, timeoutMs, output) {
  const started = performance.now()
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null)
      throw new Error(`the process exited (${child.exitCode}) before serving:\n${output()}`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await sleep(50)
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s:\n${output()}`)
}

function spawnWithOutput(command, args, env) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  return { child, output: () => output }
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 8000)
  await exited
  clearTimeout(timer)
}

/**
 * How the server runs: the ahead-of-time build (dist/server/main.js, what `npm start` runs) when it is there
 * and no older than its sources, else the sources through tsx's loader in the same process (so the pid is the
 * server's own and its memory can be read).
 */
export async function serverCommand() {
  const built = path.join(root, 'dist', 'server', 'main.js')
  const builder = path.join(root, 'scripts', 'build-server.mjs')
  if (existsSync(built)) {
    const stale = existsSync(builder) ? (await import(builder)).serverBuildIsStale?.() : null
    if (!stale) return { args: [built], label: 'dist/server/main.js' }
  }
  return { args: ['--import', 'tsx', 'src/server/main.ts'], label: 'tsx src/server/main.ts' }
}

/** The Isoko server on the seeded PostgreSQL, on a free port of 127.0.0.1, as production runs it. */
export async function startIsoko(size, env = {}) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(path.join(benchData, 'server-'))
  const command = await serverCommand()
  const { child, output } = spawnWithOutput(process.execPath, command.args, {
    NODE_ENV: 'production',
    DATABASE_URL: size.databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    // Every benchmark signs in from 127.0.0.1.
    SIGN_INS_PER_ADDRESS: '1000000',
    ...env,
  })
  try {
    await waitForHealth(`${url}/api/health`, child, 60_000, output)
  } catch (error) {
    await stopChild(child)
    throw error
  }
  return {
    url,
    pid: child.pid,
    label: command.label,
    output,
    stop: async () => {
      await stopChild(child)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The specification's approach as a bare node:http + pg server (bench/lib/spec-baseline.mjs): every row of
 * the shop or of the marketplace fetched and summed, filtered and sorted in JavaScript.
 */
export async function startBaseline(size) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const { child, output } = spawnWithOutput(
    process.execPath,
    ['--max-old-space-size=8192', path.join(root, 'bench', 'lib', 'spec-baseline.mjs')],
    { DATABASE_URL: size.databaseUrl, PORT: String(port) },
  )
  try {
    await waitForHealth(`${url}/health`, child, 20_000, output)
  } catch (error) {
    await stopChild(child)
    throw error
  }
  return { url, pid: child.pid, stop: () => stopChild(child) }
}

/** Signs in through the app's own API and returns the Cookie header for the next requests. */
export async function signIn(server, email, password) {
  const response = await fetch(`${server.url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (response.status !== 200)
    throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`)
  const cookie = response.headers
    .getSetCookie()
    .map((entry) => entry.split(';')[0])
    .join('; ')
  if (!cookie) throw new Error(`sign-in of ${email}: no session cookie`)
  return cookie
}

/**
 * One GET, checked: its status must be 200; returns the parsed JSON (or text) and the time it took. A 503 is
 * tried again a few times: requests a measurement left queued can hold every pooled connection for a while.
 */
export async function getJson(baseUrl, urlPath, cookie) {
  for (let attempt = 1; ; attempt += 1) {
    const started = performance.now()
    const response = await fetch(`${baseUrl}${urlPath}`, { headers: cookie ? { cookie } : {} })
    const body = await response.text()
    const ms = performance.now() - started
    if (response.status === 503 && attempt < 4) {
      note(`GET ${urlPath}: 503, trying again`)
      await sleep(3000)
      continue
    }
    if (response.status !== 200) throw new Error(`GET ${urlPath}: ${response.status} ${body.slice(0, 300)}`)
    return { body: body.startsWith('{') || body.startsWith('[') ? JSON.parse(body) : body, ms }
  }
}

/**
 * autocannon against one URL: `duration` seconds, or `amount` requests. Any answer but 200, and any error or
 * timeout, is counted and reported (a benchmark of refusals would be meaningless).
 */
export async function measure({ url, cookie, connections, duration, amount, timeout = 30 }) {
  const result = await autocannon({
    url,
    connections,
    ...(amount ? { amount } : { duration }),
    timeout,
    headers: { ...(cookie ? { cookie } : {}), 'accept-encoding': 'gzip, br' },
  })
  const failed = result.non2xx + result.errors + result.timeouts
  // No answer within the run (each request outlasted it): its latencies are unknown, and worse than any target.
  const answered = result.requests.total > 0
  return {
    requests: result.requests.total,
    rps: result.requests.total / (result.duration || 1),
    p50: answered ? result.latency.p50 : Infinity,
    p975: answered ? result.latency.p97_5 : Infinity,
    p99: answered ? result.latency.p99 : Infinity,
    failed,
  }
}

/**
 * The baseline of the specification's approach, bounded: one request first to see what one costs, then about
 * `duration` seconds' worth of requests (at least one per connection, at most 400). When one request takes
 * longer than a second, 2 run at once instead of `connections`: that already keeps this machine's 2 cores busy,
 * and waves of 10 multi-second requests would not fit the run. When that first request alone outlasts
 * `duration`, it is the measurement (1 request, 1 connection). Returns the connections used with the figures.
 */
export async function measureBounded({ url, connections, duration }) {
  const started = performance.now()
  const response = await fetch(url)
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`baseline ${url}: ${response.status}`)
  const oneMs = performance.now() - started
  if (oneMs > duration * 1000)
    return { requests: 1, rps: 1000 / oneMs, p50: oneMs, p975: oneMs, p99: oneMs, failed: 0, connections: 1 }
  const used = oneMs > 1000 ? Math.min(2, connections) : connections
  const amount = Math.max(used, Math.min(400, Math.round(((duration * 1000) / oneMs) * used)))
  const result = await measure({
    url,
    connections: used,
    amount,
    timeout: Math.max(60, Math.ceil((oneMs * 4) / 1000)),
  })
  return { ...result, connections: used }
}

// ── Output ──

export const ms = (value) =>
  !Number.isFinite(value)
    ? 'none answered within the run'
    : `${value >= 100 ? Math.round(value).toLocaleString('en') : Number(value).toFixed(1)} ms`
export const rps = (value) =>
  `${value >= 100 ? Math.round(value).toLocaleString('en') : value.toFixed(1)} req/s`
export const count = (value) => Number(value).toLocaleString('en')
export const mb = (value) => `${Math.round(value)} MB`

/** Progress and details go to stderr; stdout carries only the results' lines. */
export const note = (message) => process.stderr.write(`  ${message}\n`)

/**
 * Prints one result line and keeps it for the summary table of `npm run bench`: `what` names the measurement,
 * `figures` the line's text, `met` whether the target holds (null when it has none).
 */
export function report(bench, { what, figures, target, met }) {
  const verdict = met === null || met === undefined ? '' : met ? ' → met' : ' → NOT met'
  console.log(`${what}: ${figures}${target ? ` | target ${target}${verdict}` : ''}`)
  mkdirSync(benchData, { recursive: true })
  appendFileSync(
    resultsFile,
    `${JSON.stringify({ bench, what, figures, target: target ?? null, met: met ?? null })}\n`,
  )
}
