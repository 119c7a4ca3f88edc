/**
 * `npm run db:check`: says whether the database's running-totals functions are those of
 * src/server/db/functions.sql, recomputes every running total (dashboards, balances, report cards) from the
 * rows and prints where the stored totals differ, and how many pages the shops' totals take. Exit code 0 when
 * they all agree, 1 otherwise. `-- --repair` then applies the functions and rebuilds the totals from the rows.
 * With the embedded database, stop the server first (PGlite allows one process).
 */
import { sql } from 'drizzle-orm'
import { ConfigError, loadConfig } from '../config'
import { openCommandDatabase, type Db } from '../db/client'
import { applyFunctionsFile, findFunctionsDrift } from '../db/migrate'
import { describeLedgerFault, findLedgerFaults } from '../db/ledger-check'
import { findTotalsDrift, rebuildTotals } from '../db/totals'

const USAGE = 'Usage: npm run db:check [-- --repair]'

async function main() {
  const args = process.argv.slice(2)
  const unknown = args.filter((arg) => arg !== '--repair')
  if (unknown.length > 0) {
    console.error(`Unknown argument ${unknown[0]}. ${USAGE}`)
    process.exitCode = 2
    return
  }
  const config = loadConfig()
  const database = await openCommandDatabase(config)
  try {
    // The functions as this database has them, not as the file would make them at start.
    await database.migrate({ leaveFunctions: true })
    const isRepair = args.includes('--repair')
    const functionsDrift = await findFunctionsDrift(database.db)
    if (functionsDrift.length === 0) {
      console.log('Running-totals functions are those of src/server/db/functions.sql.')
    } else {
      console.error(`Functions differ from src/server/db/functions.sql: ${functionsDrift.join(', ')}.`)
      if (isRepair) {
        await applyFunctionsFile(database.db)
        console.log('Applied src/server/db/functions.sql.')
      } else process.exitCode = 1
    }
    console.log(await vendorTotalsSize(database.db))
    // The ledger is never rebuilt (it is the record, append-only): a fault is reported for an operator to
    // correct with a new entry, and fails the check whatever --repair says.
    const ledgerStarted = Date.now()
    const faults = await findLedgerFaults(database.db)
    const ledgerSeconds = ((Date.now() - ledgerStarted) / 1000).toFixed(1)
    if (faults.length === 0) {
      console.log(
        `Every ledger entry balances, and every shop's lines follow one another (checked in ${ledgerSeconds} s).`,
      )
    } else {
      console.error(`The ledger has ${faults.length}${faults.length >= 100 ? '+' : ''} faults:`)
      for (const fault of faults.slice(0, 20)) console.error(`  ${describeLedgerFault(fault)}`)
    }
    const ledgerFailed = faults.length > 0
    const started = Date.now()
    const drift = await findTotalsDrift(database.db)
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    if (drift.length === 0) {
      console.log(`Running totals agree with the rows (checked in ${seconds} s).`)
      if (ledgerFailed) process.exitCode = 1
      return
    }
    console.error(
      `Running totals differ from the rows in ${drift.length}${drift.length >= 100 ? '+' : ''} places:`,
    )
    for (const entry of drift.slice(0, 20)) {
      const key = Object.entries(entry.key)
        .map(([name, value]) => `${name}=${value}`)
        .join(' ')
      console.error(
        `  ${entry.table} ${key} ${entry.figure}: stored ${entry.stored}, rows say ${entry.expected}`,
      )
    }
    if (isRepair) {
      await rebuildTotals(database.db)
      const left = await findTotalsDrift(database.db)
      console.log(
        left.length === 0
          ? 'Rebuilt from the rows: the totals now agree.'
          : 'Rebuilt, yet differences remain.',
      )
      process.exitCode = left.length === 0 && !ledgerFailed ? 0 : 1
    } else {
      console.error('Run `npm run db:check -- --repair` to rebuild them from the rows.')
      process.exitCode = 1
    }
  } finally {
    await database.close()
  }
}

/**
 * The shops' totals: one row per shop, rewritten by every order, payout and product change; pages far above
 * rows / 25 say their updates are not HOT or autovacuum falls behind (docs/decisions/019).
 */
async function vendorTotalsSize(db: Db) {
  const result = await db.execute(sql`
    select (select count(*) from vendor_totals)::int as rows,
      (pg_relation_size('vendor_totals') / current_setting('block_size')::int)::int as pages,
      pg_size_pretty(pg_total_relation_size('vendor_totals')) as size`)
  const [row] = (result as unknown as { rows: { rows: number; pages: number; size: string }[] }).rows
  return `vendor_totals: ${row!.rows} rows in ${row!.pages} pages (${row!.size} with its index).`
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message)
  else console.error('db:check failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
