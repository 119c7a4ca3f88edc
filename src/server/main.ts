import { serve } from '@hono/node-server'
import { createApp } from './app'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { createLogger } from './lib/logger'
import { createSetupLink } from './setup/setup.service'

async function main() {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger(config.logLevel)
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  })
  await database.migrate()
  const { app, close: closeApp, startBackgroundJobs } = createApp({ config, database, logger })
  startBackgroundJobs()

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
    logger.info(
      `Isoko is serving ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'})`,
    )
  })
  // An idle keep-alive connection is kept longer than Node's 5 s: a client (a browser, a load balancer, an API
  // client between two calls) that reuses it just as the server closes it gets a reset instead of an answer.
  // The headers timeout must stay above it (Node's rule).
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000
    server.headersTimeout = 66_000
  }

  const setupLink = await createSetupLink(database.db, config.publicUrl)
  if (setupLink)
    logger.warn(`No admin exists yet. Create the first admin (one-time link, valid 24 hours): ${setupLink}`)

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info(`${signal}: shutting down`)
    server.close(() => {
      database.close().finally(() => process.exit(0))
    })
    // Open event streams would keep server.close() waiting; end them (and the LISTEN) first.
    void closeApp().catch((error: unknown) => logger.error({ err: error }, 'closing the app failed'))
    setTimeout(() => process.exit(0), 5000).unref()
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error) => {
  console.error('Isoko failed to start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
