/**
 * `npm run admin:create`: prints a one-time link that creates the first admin, like the one printed at start.
 * Refuses once an admin exists. With the embedded database, stop the server first (PGlite allows one process).
 */
import { ConfigError, loadConfig } from '../config'
import { openCommandDatabase } from '../db/client'
import { createSetupLink } from '../setup/setup.service'

async function main() {
  const config = loadConfig()
  const database = await openCommandDatabase(config)
  try {
    await database.migrate()
    const link = await createSetupLink(database.db, config.publicUrl)
    if (!link) {
      console.error(
        'An admin already exists: sign in at ' + `${config.publicUrl}/login` + '. No setup link was made.',
      )
      process.exitCode = 1
      return
    }
    console.log('Open this one-time link to create the first admin (valid 24 hours, works once):')
    console.log(link)
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message)
  else console.error('admin:create failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
