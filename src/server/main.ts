import { serve } from '@hono/node-server'
import { createApp } from './app'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { isDatabaseUnavailable } from './db/availability'
import { createLogger } from './lib/logger'
import { createSetupLink } from './setup/setup.service'
import { isDemoMarketplace } from './ledger/money-settings.service'

/** A connection URL fit for a log line: the password, if any, replaced. */
function withoutPassword(url: string) {
  if (!URL.canParse(url)) return 'not a valid URL'
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

/** What the driver said, in a few words (a refused connection to both localhost addresses has no message, only a code). */
function reasonOf(error: unknown): string {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const { message, code, cause } = current as { message?: unknown; code?: unknown; cause?: unknown }
    if (typeof message === 'string' && message.trim() && !message.startsWith('Failed query')) return message
    if (typeof code === 'string') return code
    current = cause
  }
  return 'no answer'
}

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
  if (config.env === 'test') {
    // The test suites' setting: passwords hashed at a test's cost (auth/passwords.ts), never a server's.
    console.error('NODE_ENV=test is for the test suites only; a server runs with production or development.')
    process.exit(1)
  }
  const logger = createLogger(
    config.logLevel,
    config.logFormat === 'auto'
      ? process.stdout.isTTY && config.env !== 'production'
      : config.logFormat === 'pretty',
  )
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    replicaUrls: config.databaseReplicaUrls,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  })
  try {
    await database.migrate()
  } catch (error) {
    // The usual first-run mistake (PostgreSQL not started, a wrong host or password): one line naming the
    // setting to check, not a stack trace.
    if (config.databaseUrl && isDatabaseUnavailable(error)) {
      console.error(
        `Isoko cannot reach the database named by DATABASE_URL (${withoutPassword(config.databaseUrl)}): ${reasonOf(error)}. ` +
          'Check that PostgreSQL is running there and that DATABASE_URL is right.',
      )
      await database.close().catch(() => {})
      process.exit(1)
    }
    throw error
  }
  // The fakes of src/dev/fakes, started here: asked for (PAYOUT_PROVIDER=fake, SMS_PROVIDER=fake, or npm run dev),
  // or a demo marketplace (npm run demo) with neither setting given, so it shows money moving as it is.
  if (await isDemoMarketplace(database.db)) {
    if (!config.payments.isSet) config.payments.providers = ['fake']
    if (!config.sms.isSet) config.sms.provider = 'fake'
  }
  const fakes =
    config.payments.providers.includes('fake') || config.sms.provider === 'fake'
      ? await import('../dev/fakes/start-fakes').then(({ startDevFakes }) => startDevFakes(config, logger))
      : null
  const {
    app,
    close: closeApp,
    startBackgroundJobs,
  } = createApp({
    config,
    database,
    logger,
    ...(fakes?.providers
      ? { payments: { providers: fakes.providers, fetchStatement: fakes.fetchStatement } }
      : {}),
    ...(fakes && fakes.smsGateway !== undefined ? { smsGateway: fakes.smsGateway } : {}),
  })
  startBackgroundJobs()

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => {
    logger.info(
      `Isoko is serving ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, in ${config.dataDir}` : `PostgreSQL${database.replicas.count > 0 ? `, reports, exports and searches from ${database.replicas.count} replica(s)` : ''}`})`,
    )
  })
  // An idle keep-alive connection is kept longer than Node's 5 s: a client (a browser, a load balancer, an API
  // client between two calls) that reuses it just as the server closes it gets a reset instead of an answer.
  // The headers timeout must stay above it (Node's rule).
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000
    server.headersTimeout = 66_000
  }

  if (!config.google)
    logger.info(
      'Google sign-in is off: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to offer it (the sign-in screens say it is not available).',
    )

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
    // close() ends only the connections idle at this moment. One whose answer ends later (an event stream ended
    // just below, a request still running) stays open for the client's next request, and a browser or a proxy
    // keeps it for a minute: the stop would wait for the forced exit. Each is closed as soon as it falls idle.
    if ('closeIdleConnections' in server) setInterval(() => server.closeIdleConnections(), 100).unref()
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
