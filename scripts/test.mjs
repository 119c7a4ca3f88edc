#!/usr/bin/env node
/**
 * `npm test`: every check, each suite timed. The static checks, the unit and component tests and the build share
 * the two cores at first; the other test suites run one after another, since each fills both cores by itself. With
 * `TEST_POSTGRES_URL` set (CI), the API suite runs against that PostgreSQL server instead of the embedded one,
 * beside the end-to-end suite (whose server runs on the embedded database): the browsers spend much of their run
 * waiting on the screens, and PostgreSQL does its work in processes of its own.
 *
 * Every suite runs even when one before it fails, so one run reports everything that is broken; the exit code
 * is 1 when any failed. A line `[suite] <name>: <seconds>s, passed|FAILED` follows each suite, and a table of
 * all of them ends the run.
 */
import { Buffer } from 'node:buffer'
import { spawn } from 'node:child_process'

const npmRun = (script, env = {}) => ({ command: 'npm', args: ['run', '--silent', script], env })
const withoutTestDatabase = { TEST_DATABASE_URL: undefined }
const postgresUrl = process.env.TEST_POSTGRES_URL

const results = []

/** Runs one suite; `quiet` keeps its output until it ends (so suites run side by side don't interleave). */
function run(name, { command, args, env }, { quiet = false } = {}) {
  const started = Date.now()
  const childEnv = { ...process.env }
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[key]
    else childEnv[key] = value
  }
  return new Promise((resolve) => {
    if (!quiet) console.log(`\n==== ${name} ====`)
    const child = spawn(command, args, {
      env: childEnv,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    })
    const output = []
    child.stdout?.on('data', (chunk) => output.push(chunk))
    child.stderr?.on('data', (chunk) => output.push(chunk))
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000)
      if (quiet) {
        console.log(`\n==== ${name} ====`)
        process.stdout.write(Buffer.concat(output))
      }
      const passed = code === 0
      const outcome = passed ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`
      console.log(`[suite] ${name}: ${seconds}s, ${outcome}`)
      results.push({ name, seconds, outcome, passed })
      resolve(passed)
    })
  })
}

const started = Date.now()

// The static checks, the unit and component tests and the build, all at once: each is short, and together they
// keep both cores busy (one suite at a time left one idle whenever the single-threaded type check ran alone).
const [built] = await Promise.all([
  run('build', npmRun('build'), { quiet: true }),
  run('typecheck', npmRun('typecheck'), { quiet: true }),
  run('lint', npmRun('lint'), { quiet: true }),
  run('format:check', npmRun('format:check'), { quiet: true }),
  run(
    'unit and component',
    {
      command: 'npx',
      args: ['vitest', 'run', '--project', 'unit', '--project', 'component'],
      env: withoutTestDatabase,
    },
    { quiet: true },
  ),
])
// With a PostgreSQL server named (CI), the API suite runs on it, beside the end-to-end suite, whose built server
// runs on the embedded database: the two databases are each under test, and the two cores are not asked to run
// the API suite twice. Without one, it runs here on the embedded database.
if (!postgresUrl) await run('API (PGlite)', npmRun('test:api', withoutTestDatabase))

const onPostgres = postgresUrl
  ? run('API (PostgreSQL)', npmRun('test:api', { TEST_DATABASE_URL: postgresUrl }), { quiet: true })
  : null
if (built) await run('e2e', { command: 'npx', args: ['playwright', 'test'], env: withoutTestDatabase })
else results.push({ name: 'e2e', seconds: 0, outcome: 'FAILED (not run: the build failed)', passed: false })
await onPostgres

const total = Math.round((Date.now() - started) / 1000)
console.log('\n==== Suite times ====')
for (const { name, seconds, outcome } of results)
  console.log(`${name.padEnd(20)} ${String(seconds).padStart(5)}s  ${outcome}`)
console.log(`${'all'.padEnd(20)} ${String(total).padStart(5)}s`)
const failed = results.filter((result) => !result.passed)
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.map((result) => result.name).join(', ')}`)
  process.exit(1)
}
