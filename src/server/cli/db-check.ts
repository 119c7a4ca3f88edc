/**
 * `npm run db:check`: recomputes every running total (dashboards, balances, report cards) from the rows and
 * prints where the stored totals differ. Exit code 0 when they all agree, 1 otherwise. `-- --repair` then
 * rebuilds them from the rows. With the embedded database, stop the server first (PGlite allows one process).
 */
import { ConfigError, loadConfig } from '../config'
import { openDatabase } from '../db/client'
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
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  })
  try {
    await database.migrate()
    const started = Date.now()
    const drift = await findTotalsDrift(database.db)
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    if (drift.length === 0) {
      console.log(`Running totals agree with the rows (checked in ${seconds} s).`)
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
    if (args.includes('--repair')) {
      await rebuildTotals(database.db)
      const left = await findTotalsDrift(database.db)
      console.log(
        left.length === 0
          ? 'Rebuilt from the rows: the totals now agree.'
          : 'Rebuilt, yet differences remain.',
      )
      process.exitCode = left.length === 0 ? 0 : 1
    } else {
      console.error('Run `npm run db:check -- --repair` to rebuild them from the rows.')
      process.exitCode = 1
    }
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message)
  else console.error('db:check failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
