/**
 * `npm run demo [-- --force]`: fills an empty DATA_DIR (or the empty PostgreSQL database of DATABASE_URL)
 * with a believable Rwandan marketplace (demo-marketplace.ts), then prints how to sign in as the team and as
 * two shops. A database that already has users is refused, so a real marketplace is never mixed with made-up
 * shops. `--force` (embedded database only) moves the existing DATA_DIR aside, whole, and fills a fresh one:
 * nothing is deleted. A PostgreSQL database is never cleared by this command: give it an empty one.
 *
 * Exit codes: 0 built; 1 refused or failed; 2 wrong arguments.
 */
import { existsSync, renameSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { loadConfig, type Config } from '../../config'
import { openCommandDatabase, type Database } from '../../db/client'
import { createLogger } from '../../lib/logger'
import { createStorage } from '../../storage/storage'
import { assertPgliteFree, exitOnError } from '../backup/cli'
import { BackupError } from '../backup/manifest'
import { buildDemoMarketplace, DEMO_ORDER_DAYS, type DemoResult } from './demo-marketplace'

const USAGE = `Usage: npm run demo [-- --force]
  Fills an empty DATA_DIR (or the empty database of DATABASE_URL) with a demo marketplace.
  --force  embedded database only: move the existing DATA_DIR aside (renamed, nothing deleted) and start afresh`

function parseArguments(args: string[]) {
  let force = false
  for (const arg of args) {
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE)
      process.exit(0)
    } else if (arg === '--force') force = true
    else throw new BackupError(`Unexpected argument ${arg}.\n${USAGE}`, 2)
  }
  return { force }
}

/** How many accounts the database holds (0 for a database with no tables yet). */
async function countUsers(database: Database): Promise<number> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows
  const [table] = await rows(sql`select (to_regclass('public.users') is not null)::int as n`)
  if (!table?.n) return 0
  const [users] = await rows(sql`select count(*)::int as n from users`)
  return Number(users?.n ?? 0)
}

const where = (config: Config) =>
  config.databaseUrl
    ? 'the PostgreSQL database of DATABASE_URL'
    : `the embedded database in ${config.dataDir}`

/** `<DATA_DIR>-before-demo-<UTC time>`: beside it, never inside it. */
const asideName = (dataDir: string, now = new Date()) =>
  `${dataDir}-before-demo-${now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}`

/** Opens the target and makes sure it holds no accounts; with --force, a DATA_DIR that does is moved aside. */
async function openEmptyTarget(
  force: boolean,
): Promise<{ config: Config; database: Database; movedTo?: string }> {
  let config = loadConfig()
  const pgliteDir = path.join(config.dataDir, 'pg')
  if (!config.databaseUrl) assertPgliteFree(pgliteDir, 'run the demo')
  let database = await openCommandDatabase(config)
  const users = await countUsers(database)
  if (users === 0) return { config, database }
  await database.close()
  if (!force || config.databaseUrl) {
    throw new BackupError(
      config.databaseUrl
        ? `The database of DATABASE_URL already has ${users} user(s): the demo fills only an empty database${force ? ' (--force never clears a PostgreSQL database)' : ''}; create a new one (createdb isoko_demo) and point DATABASE_URL at it.`
        : `${config.dataDir} already holds a marketplace with ${users} user(s): run the demo into an empty DATA_DIR (DATA_DIR=./demo-data npm run demo), or add -- --force to move this one aside.`,
    )
  }
  const movedTo = asideName(config.dataDir)
  if (existsSync(movedTo)) throw new BackupError(`${movedTo} already exists: try again in a second.`)
  try {
    renameSync(config.dataDir, movedTo)
  } catch (error) {
    throw new BackupError(
      `Could not move ${config.dataDir} aside (${error instanceof Error ? error.message : error}): run the demo into another DATA_DIR instead.`,
    )
  }
  // A fresh DATA_DIR: its own database, files and session secret.
  config = loadConfig()
  database = await openCommandDatabase(config)
  return { config, database, movedTo }
}

const figure = (value: number) => value.toLocaleString('en-US')
const statuses = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([status, count]) => `${figure(count)} ${status}`)
    .join(', ')

function printSummary(config: Config, result: DemoResult, seconds: number, movedTo?: string) {
  const { counts } = result
  if (movedTo) console.log(`The previous DATA_DIR was moved, untouched, to ${movedTo}.`)
  console.log(
    `Demo marketplace ready in ${seconds.toFixed(1)} s (${where(config)}):\n` +
      `  ${counts.vendors} shops (${statuses(result.vendorsByStatus)}), ${figure(counts.products)} products in ` +
      `${counts.categories} categories with ${figure(counts.pictures)} pictures\n` +
      `  ${figure(counts.orders)} orders over the last ${DEMO_ORDER_DAYS} days (${statuses(result.ordersByStatus)})\n` +
      `  ${counts.payouts} payouts (${statuses(result.payoutsByStatus)}), ${counts.messages} messages, ` +
      `${figure(counts.auditEntries)} audit entries, ${counts.mails} e-mails in the outbox`,
  )
  if (!result.isAuditBackdated)
    console.log(
      '  (The database user is not a superuser, so the audit entries keep the time of this run rather than the story’s.)',
    )
  if (result.wereTotalsRebuilt)
    console.log('  Warning: the running totals differed from the rows and were rebuilt (npm run db:check).')
  const accounts = [
    { role: 'admin ', account: result.admin, about: 'the Isoko team' },
    ...result.vendors.map((account) => ({ role: 'vendor', account, about: account.shop ?? '' })),
  ]
  const width = Math.max(...accounts.map(({ account }) => account.email.length))
  console.log(
    `\nStart Isoko (npm start), then sign in at ${config.publicUrl}/login with:` +
      (process.env.PUBLIC_URL || process.env.PORT
        ? ''
        : '\n  (npm start on another PORT or PUBLIC_URL serves it there: the address it prints.)'),
  )
  for (const { role, account, about } of accounts) {
    console.log(
      `  ${role}  ${account.email.padEnd(width)}  password ${account.password}   (${account.name}, ${about})`,
    )
  }
  console.log(
    '  Every other demo shop signs in with the same password (their e-mails are on the admin’s Vendors screen).',
  )
  console.log(
    `\nNow start Isoko${config.databaseUrl || process.env.DATA_DIR ? ' with the same settings' : ''}: npm start`,
  )
}

async function main() {
  const { force } = parseArguments(process.argv.slice(2))
  const { config, database, movedTo } = await openEmptyTarget(force)
  const storage = createStorage(config.storage)
  // Only problems are worth a line here; the summary says the rest.
  const logger = createLogger('warn', false)
  try {
    console.log(`Building the demo marketplace in ${where(config)}…`)
    const started = performance.now()
    await database.migrate()
    const result = await buildDemoMarketplace({
      database,
      config,
      storage,
      logger,
      log: (line) => console.log(`  ${line}`),
    })
    printSummary(config, result, (performance.now() - started) / 1000, movedTo)
  } finally {
    storage.close()
    await database.close()
  }
}

main().catch(exitOnError('demo'))
