#!/usr/bin/env node
// `npm run bench`: seeds the benchmark database, then runs every benchmark of bench/ in turn and ends with a
// summary table (bench/README.md). The small default (200 shops, 5,000 products, 50,000 orders) takes a few
// minutes; `-- --size large` is the million orders.
//
//   npm run bench                          small, seeded afresh
//   npm run bench -- --size large          5,000 shops, 100,000 products, 1,000,000 orders
//   npm run bench -- --no-seed             on the database the last seed left (after an import, 10,000 more orders)
//   npm run bench -- --only totals,lists   some benchmarks only
//
// Each benchmark runs as its own process and is stopped if it outlives its time limit. Those on the seeded
// marketplace get the size in BENCH_SIZE, the database in BENCH_DATABASE_URL and the sign-in details in
// BENCH_ACCOUNTS; the others make their own data (and run shorter at the small size: RUNS=1, DURATION=3).
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { benchData, benchSize, resultsFile, root } from './lib/common.mjs'

const argv = process.argv.slice(2)
const known = new Set(['--size', '--no-seed', '--only'])
for (const [at, arg] of argv.entries()) {
  if (arg.startsWith('--') && !known.has(arg)) {
    console.error(
      `Unknown argument ${arg}. Usage: npm run bench [-- --size small|large] [-- --no-seed] [-- --only a,b]`,
    )
    process.exit(2)
  }
  if ((arg === '--size' || arg === '--only') && !argv[at + 1]) {
    console.error(`${arg} needs a value`)
    process.exit(2)
  }
}
const size = benchSize(argv)
const isLarge = size.name === 'large'
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1].split(',') : null
const started = performance.now()
// The machine is shared: its load when the run began and ended says how far the figures can be trusted.
const loadAtStart = os.loadavg()[0]
const minutes = () => `${((performance.now() - started) / 60_000).toFixed(1)} min`

/** What the benchmarks on the seeded database read (bench/lib/common.mjs). */
const seeded = {
  args: ['--size', size.name],
  env: { BENCH_SIZE: size.name, BENCH_DATABASE_URL: size.databaseUrl, BENCH_ACCOUNTS: size.accounts },
}
// The others make their own data in their own databases (BENCH_DATABASE_URL means theirs to them, so it is
// not passed on); at the small size they run shorter.
const quick = isLarge ? {} : { RUNS: '1', DURATION: '3' }

/**
 * The benchmarks, in the order they run. `args` and `env` are what each takes at this size; the ones written
 * elsewhere in bench/ run when their file is there. Export runs before import, so that it exports the seeded
 * orders and nothing else.
 */
const benches = [
  { name: 'totals', file: 'totals.mjs', ...seeded, limit: isLarge ? 900 : 240 },
  { name: 'lists', file: 'lists.mjs', ...seeded, limit: isLarge ? 1200 : 300 },
  { name: 'statement', file: 'statement.mjs', ...seeded, limit: isLarge ? 600 : 180 },
  { name: 'overhead', file: 'overhead.mjs', env: quick, limit: isLarge ? 600 : 180 },
  // It runs the services' own TypeScript.
  { name: 'explain', file: 'explain.mjs', env: seeded.env, tsx: true, limit: isLarge ? 300 : 120 },
  { name: 'export', file: 'export.mjs', ...seeded, limit: isLarge ? 600 : 120 },
  { name: 'import', file: 'import.mjs', ...seeded, limit: isLarge ? 600 : 240 },
  // It adds 1,000 shops paid by mobile money: after the benchmarks that read the seeded marketplace.
  { name: 'payout-batch', file: 'payout-batch.mjs', ...seeded, limit: isLarge ? 600 : 420 },
  { name: 'cold-start', file: 'cold-start.mjs', env: quick, limit: 240 },
  { name: 'bundle-size', file: 'bundle-size.mjs', limit: 300 },
  {
    name: 'lighthouse',
    file: 'lighthouse.mjs',
    args: isLarge ? [] : ['--runs', '1'],
    limit: isLarge ? 900 : 300,
  },
]

const { BENCH_DATABASE_URL: _theirs, ...inherited } = process.env

/** Runs one child, its stderr shown as it goes, its stdout shown and kept; stopped after `limitS` seconds. */
function run(command, args, { env = {}, limitS }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let stdout = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
      process.stdout.write(chunk)
    })
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 5000).unref()
    }, limitS * 1000)
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      resolve({ code: code ?? (signal ? 1 : 0), timedOut, stdout })
    })
  })
}

const tsx = ['--import', 'tsx']
mkdirSync(benchData, { recursive: true })
rmSync(resultsFile, { force: true })
const outcomes = []

// The screens, built when missing (the page-size and Lighthouse benchmarks read them), as `npm start` would;
// before the server, since Vite empties dist/, the server's build included.
if (!existsSync(path.join(root, 'dist', '.vite', 'manifest.json'))) {
  console.error('Building the web app (dist/ is missing)...')
  const build = await run(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    limitS: 600,
  })
  if (build.code !== 0) console.error('The web app build failed: the benchmarks that need it will say so.')
}

// The server as `npm start` runs it: built ahead of time when the build script is there.
const builder = path.join(root, 'scripts', 'build-server.mjs')
if (existsSync(builder)) {
  const { serverBuildIsStale, buildServer } = await import(builder)
  const reason = serverBuildIsStale?.()
  if (reason && buildServer) {
    console.error(`Building the server (${reason})...`)
    await buildServer()
  }
}

if (!argv.includes('--no-seed')) {
  console.error(`\n── seed (${size.name}) ──`)
  const seed = await run(
    process.execPath,
    [...tsx, 'bench/seed.ts', ...size.seed, '--database-url', size.databaseUrl, '--accounts', size.accounts],
    { limitS: isLarge ? 1800 : 300 },
  )
  const seeded = seed.stdout.split('\n').find((line) => line.startsWith('Seeded in'))
  if (seeded) outcomes.push({ bench: 'seed', status: 'ran', lines: [seeded] })
  if (seed.code !== 0) {
    console.error('The seed failed: no benchmark was run.')
    process.exit(1)
  }
}

for (const bench of benches) {
  if (only && !only.includes(bench.name)) continue
  const file = path.join(root, 'bench', bench.file)
  if (!existsSync(file)) {
    outcomes.push({ bench: bench.name, status: 'not present' })
    continue
  }
  console.error(`\n── ${bench.name} (${minutes()}) ──`)
  const result = await run(process.execPath, [...(bench.tsx ? tsx : []), file, ...(bench.args ?? [])], {
    env: bench.env,
    limitS: bench.limit,
  })
  const status = result.timedOut
    ? `stopped after ${bench.limit} s`
    : result.code === 0
      ? 'ran'
      : `failed (exit ${result.code})`
  const lines = result.stdout.split('\n').filter((line) => line.trim())
  outcomes.push({ bench: bench.name, status, lines })
}

// The running totals must still agree with the rows after the benchmarks' writes (the import's orders).
const checker = path.join(root, 'src', 'server', 'cli', 'db-check.ts')
let totalsCheck = 'not run'
if (existsSync(checker)) {
  console.error(`\n── running totals check (${minutes()}) ──`)
  const check = await run(process.execPath, [...tsx, checker], {
    env: { DATABASE_URL: size.databaseUrl, DATA_DIR: path.join(benchData, 'check'), LOG_LEVEL: 'warn' },
    limitS: 300,
  })
  // Its lines: the functions, vendor_totals' rows and pages (docs/decisions/019), the totals.
  totalsCheck =
    check.code === 0 ? check.stdout.trim().split('\n').join(' ') || 'agree' : `DIFFER (exit ${check.code})`
}

// ── Summary ──
const results = existsSync(resultsFile)
  ? readFileSync(resultsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : []
const cell = (value) => String(value ?? '').replace(/\|/g, '\\|')
const table = [
  `Benchmarks at size ${size.name} (${minutes()}, ${new Date().toISOString().slice(0, 16)}Z; ` +
    `${os.cpus().length} cores, load average ${loadAtStart.toFixed(1)} at the start and ${os.loadavg()[0].toFixed(1)} at the end)`,
  '',
  '| benchmark | what | figures | target | verdict |',
  '| --- | --- | --- | --- | --- |',
  ...results.map(
    (result) =>
      `| ${result.bench} | ${cell(result.what)} | ${cell(result.figures)} | ${cell(result.target)} | ${result.met === null ? '' : result.met ? 'met' : 'NOT met'} |`,
  ),
  // The benchmarks that keep no result rows (written elsewhere in bench/, and the seed): their printed lines.
  ...outcomes
    .filter((outcome) => !results.some((result) => result.bench === outcome.bench))
    .flatMap((outcome) =>
      outcome.status === 'ran' && outcome.lines?.length
        ? outcome.lines.slice(0, 8).map((line) => `| ${outcome.bench} | | ${cell(line)} | | |`)
        : [`| ${outcome.bench} | ${outcome.status} | ${cell(outcome.lines?.at(-1) ?? '')} | | |`],
    ),
  ...outcomes
    .filter((outcome) => results.some((result) => result.bench === outcome.bench) && outcome.status !== 'ran')
    .map((outcome) => `| ${outcome.bench} | ${outcome.status} | | | |`),
  '',
  `Running totals after the benchmarks: ${totalsCheck}`,
]
const summary = `${table.join('\n')}\n`
writeFileSync(path.join(benchData, `summary-${size.name}.md`), summary)
console.log(`\n${summary}`)
console.error(`(also in ${path.relative(root, path.join(benchData, `summary-${size.name}.md`))})`)
process.exitCode = outcomes.some(
  (outcome) => outcome.status.startsWith('failed') || outcome.status.startsWith('stopped'),
)
  ? 1
  : 0
