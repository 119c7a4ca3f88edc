import { existsSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { MiddlewareHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { bodyLimit } from 'hono/body-limit'
import { csrf } from 'hono/csrf'
import { requestId } from 'hono/request-id'
import { getCookie, setCookie } from 'hono/cookie'
import { secureHeaders } from 'hono/secure-headers'
import { errorStatus } from '../shared/errors'
import { accountRoutes } from './account/account.routes'
import { auditLogRoutes } from './audit/audit-logs.routes'
import { dashboardRoutes } from './dashboard/dashboard.routes'
import { countGoogleSignInStep, sendConfirmation } from './account/account.service'
import { createAuth } from './auth/auth'
import { passwordResetRoutes } from './account/password-reset.routes'
import type { Config } from './config'
import type { Database } from './db/client'
import { allowedMethods } from './lib/allowed-methods'
import { compression } from './lib/compression'
import { AppError, isUnstorableText } from './lib/errors'
import { closeAfterUnreadBody } from './lib/linger'
import { isDatabaseUnavailable } from './db/availability'
import { mayReadLate, readingLate } from './db/replicas'
import { SESSION_SCHEME } from './lib/openapi'
import { clientIp, createRouter, errorJson, refuseOversizeBody, respondError, sameSiteOnly } from './lib/http'
import { resolveActor } from './auth/actor'
import type { Deps } from './deps'
import type { Logger } from './lib/logger'
import { createMailer, MAIL_CHANNEL, type Mailer } from './mail/mail.service'
import { createSmsGateway, type SmsGateway } from './sms/sms-gateway'
import { createSmsSender, SMS_CHANNEL } from './sms/sms.service'
import { orderImportBodyLimit, orderRoutes } from './orders/orders.routes'
import { ORDER_IMPORT_URL } from '../shared/schemas/order'
import { productRoutes } from './products/products.routes'
import { setupRoutes } from './setup/setup.routes'
import { teamRoutes } from './team/team.routes'
import { createStorage, type FileStorage } from './storage/storage'
import { API_DOCS_SCRIPT_PATH, apiDocsScript, renderApiDocs } from './system/api-docs'
import { loadWebPages } from './system/web-pages'
import { systemRoutes } from './system/system.routes'
import { vendorRoutes } from './vendors/vendors.routes'
import { UPLOAD_PATH, uploadBodyLimit, uploadRoutes } from './uploads/uploads.routes'
import { messageRoutes } from './messages/messages.routes'
import { payoutRoutes } from './payouts/payouts.routes'
import { adjustmentRoutes } from './adjustments/adjustments.routes'
import { statementRoutes } from './ledger/statement.routes'
import { commissionRoutes } from './ledger/commission-rules.routes'
import { reportRoutes } from './reports/reports.routes'
import { eventRoutes } from './realtime/events.routes'
import { createRealtimeHub, type RealtimeHub } from './realtime/hub'
import { removeUnattachedFiles } from './uploads/uploads.service'
import { mailMonthlyStatements } from './ledger/statement-mail'
import { paymentRoutes } from './payments/payments.routes'
import {
  RECONCILIATIONS_URL,
  reconciliationBodyLimit,
  reconciliationRoutes,
} from './payments/reconciliation.routes'
import { runDailyReconciliation, type StatementFetcher } from './payments/reconciliation.service'
import { providersFromConfig } from './payments/payments.runtime'
import type { PaymentProviders } from './payments/registry'
import { closeFinishedBatches, refreshProviderBalances } from './payments/batches.service'
import {
  defaultTiming,
  runDueTransfers,
  type PaymentsContext,
  type TransferTiming,
} from './payments/transfers.service'

const FILE_CLEANUP_INTERVAL_MS = 60 * 60 * 1000
/** How often a process looks for transfers due (a batch released in another process, a status check's time). */
const TRANSFER_INTERVAL_MS = 1000
/** Each hour a process looks for providers whose yesterday is not reconciled yet (most hours: none). */
const RECONCILIATION_INTERVAL_MS = 60 * 60 * 1000
/** How often each provider's float is read for the dashboard. */
const FLOAT_INTERVAL_MS = 5 * 60 * 1000
/** Each hour a process looks for shops whose last month's statement is not mailed yet (most hours: none). */
const STATEMENT_MAIL_INTERVAL_MS = 60 * 60 * 1000

/** The only better-auth endpoints reachable from outside: the Google redirect flow. Isoko wraps the rest. */
const AUTH_PASSTHROUGH = /^\/api\/auth\/(sign-in\/social|callback\/[a-z]+|error)$/

/**
 * Every API route, chained so that the browser's client derives its types from them (`AppType`,
 * src/web/api/client.ts). Each route declares its full path, so searching a URL lands on it.
 */
function apiRoutes(deps: Deps, storage: FileStorage, realtime: RealtimeHub) {
  return createRouter()
    .route('/', accountRoutes(deps))
    .route('/', passwordResetRoutes(deps))
    .route('/', setupRoutes(deps))
    .route('/', teamRoutes(deps))
    .route('/', uploadRoutes(deps, storage))
    .route('/', vendorRoutes(deps))
    .route('/', payoutRoutes(deps))
    .route('/', paymentRoutes(deps))
    .route('/', reconciliationRoutes(deps))
    .route('/', adjustmentRoutes(deps))
    .route('/', statementRoutes(deps))
    .route('/', commissionRoutes(deps))
    .route('/', messageRoutes(deps))
    .route('/', eventRoutes(deps, realtime))
    .route('/', productRoutes(deps, storage))
    .route('/', orderRoutes(deps))
    .route('/', dashboardRoutes(deps))
    .route('/', auditLogRoutes(deps))
    .route('/', reportRoutes(deps))
    .route('/', systemRoutes(deps))
}

/** The API's routes and their request and response types, for the browser's typed client. */
export type AppType = ReturnType<typeof apiRoutes>

const MAIL_RETRY_INTERVAL_MS = 60_000

/**
 * Runs `job` once at a time: a call while it runs asks for one more run after it (mail announced meanwhile
 * is not left for the next minute), and any number of such calls make only that one.
 */
function oneRunAtATime(job: () => Promise<unknown>) {
  let running: Promise<void> | null = null
  let again = false
  const run = (): Promise<void> => {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        await job()
      } while (again)
    })().finally(() => {
      running = null
    })
    return running
  }
  return run
}

export type AppOptions = {
  config: Config
  database: Database
  logger: Logger
  mailer?: Mailer
  webRoot?: string
  /** The mobile-money providers (default: PAYOUT_PROVIDER's) and the worker's timing (tests shorten it). */
  payments?: {
    providers?: PaymentProviders
    timing?: Partial<TransferTiming>
    /** Where the daily reconciliation reads each provider's statement (the fakes'); without it, it asks transfer by transfer. */
    fetchStatement?: StatementFetcher
  }
  /** The SMS gateway (default: SMS_PROVIDER's; null: the outbox and the log). */
  smsGateway?: SmsGateway | null
}

/** SMS_PROVIDER's gateway, or null (none, or the fakes a dev process starts itself). */
function smsGatewayFromConfig(config: Config): SmsGateway | null {
  const { sms } = config
  if (sms.provider === 'africastalking')
    return createSmsGateway({ provider: 'africastalking', ...sms.africastalking })
  if (sms.provider === 'pindo') return createSmsGateway({ provider: 'pindo', ...sms.pindo })
  return null
}

/** The cookie that sends a browser's reads to the primary after it changed something (replicas only). */
const READ_PRIMARY_COOKIE = 'isoko_read_primary'
/** How long after a change a browser reads the primary: far beyond a healthy replica's delay (milliseconds). */
const READ_OWN_WRITES_SECONDS = 10

export function createApp(options: AppOptions) {
  const { config, database, logger } = options
  const mailer =
    options.mailer ??
    createMailer({ db: database.db, logger, smtpUrl: config.smtpUrl, from: config.mailFrom })
  const smsSender = createSmsSender({
    db: database.db,
    logger,
    gateway: options.smsGateway !== undefined ? options.smsGateway : smsGatewayFromConfig(config),
  })
  const deps = {} as Deps
  const auth = createAuth({
    config,
    db: database.db,
    logger,
    onSignUp: (user) => sendConfirmation(deps, user),
  })
  const payments: PaymentsContext = {
    db: database.db,
    providers: options.payments?.providers ?? providersFromConfig(config),
    logger,
    publicUrl: config.publicUrl,
    timing: { ...defaultTiming, unknownAfterMs: config.payments.unknownAfterMs, ...options.payments?.timing },
  }
  Object.assign(deps, { config, database, auth, mailer, smsSender, logger, payments })

  const app = createRouter()

  app.use('*', requestId())
  app.use('*', async (c, next) => {
    const started = performance.now()
    const log = logger.child({ reqId: c.get('requestId') })
    c.set('logger', log)
    c.set('clientIp', clientIp(c, config.trustProxy))
    await next()
    if (c.req.path.startsWith('/api/')) {
      log.info(
        {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      )
    }
  })
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'", 'https://accounts.google.com'],
      },
      crossOriginEmbedderPolicy: false,
      // The same answer as frame-ancestors 'none', for browsers that read only this header.
      xFrameOptions: 'DENY',
    }),
  )
  // An answer sent before its request's body arrived (refused for its size, or for who sent it) closes the
  // connection once the client has read it (lib/linger.ts).
  app.use('*', async (c, next) => {
    await next()
    closeAfterUnreadBody(c)
  })
  // Cheap levels, nothing small, never an event stream or an already-compressed file (lib/compression.ts).
  app.use('*', compression())
  // Cookie-carrying form posts from other sites are refused; JSON requests already need a CORS preflight.
  // An unparsable Origin (browsers send the literal "null" from sandboxed frames) is refused, not a crash.
  // In development (`npm run dev` only), the dev server's own origin (another localhost port) is accepted too.
  const isDevLocalhost = (origin: string) =>
    config.env === 'development' && URL.canParse(origin) && new URL(origin).hostname === 'localhost'
  app.use('/api/*', csrf({ origin: (origin) => origin === config.publicUrl || isDevLocalhost(origin) }))
  const apiBodyLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => refuseOversizeBody(c, new AppError('VALIDATION', 'errors.bodyTooLarge')),
  })
  // The upload route takes a 10 MB file (its own limit, uploads.routes.ts) and the order import a 2 MB CSV
  // (orders.routes.ts); every other request stays under 1 MB.
  const bodyLimits: Record<string, MiddlewareHandler> = {
    [UPLOAD_PATH]: uploadBodyLimit,
    [ORDER_IMPORT_URL]: orderImportBodyLimit,
    [RECONCILIATIONS_URL]: reconciliationBodyLimit,
  }
  app.use('/api/*', (c, next) => (bodyLimits[c.req.path] ?? apiBodyLimit)(c, next))

  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    if (!AUTH_PASSTHROUGH.test(c.req.path))
      return respondError(c, new AppError('NOT_FOUND', 'errors.notFound'))
    if (c.req.path !== '/api/auth/error') await countGoogleSignInStep(deps, c.get('clientIp'))
    return auth.handler(c.req.raw)
  })

  // The signed-in user and their vendor record, read once per request into c.var.actor (auth/actor.ts).
  app.use('/api/*', resolveActor(deps))
  // Read replicas (db/replicas.ts): a report, an export, the audit log or a search may be read from a replica,
  // except by a browser that has just changed something, which reads the primary for a few seconds.
  if (database.replicas.count > 0) {
    app.use('/api/*', async (c, next) => {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
        await next()
        if (c.res.status < 400) {
          setCookie(c, READ_PRIMARY_COOKIE, '1', {
            path: '/api',
            httpOnly: true,
            sameSite: 'Lax',
            secure: config.publicUrl.startsWith('https:'),
            maxAge: READ_OWN_WRITES_SECONDS,
          })
        }
        return
      }
      if (getCookie(c, READ_PRIMARY_COOKIE) || !mayReadLate(c.req.method, c.req.path, c.req.query('q')))
        return next()
      return readingLate(next)
    })
  }
  // A signed-in user's answers stay in their browser's memory only: never in a shared cache or on disk.
  app.use('/api/*', async (c, next) => {
    await next()
    if (c.get('actor') && !c.res.headers.has('cache-control'))
      c.res.headers.set('Cache-Control', 'private, no-store')
  })
  // The exports record themselves in the audit log: only the app's own pages may ask for one (lib/http.ts).
  app.use('/api/admin/*', (c, next) =>
    c.req.method === 'GET' && c.req.path.endsWith('/export') ? sameSiteOnly(c, next) : next(),
  )

  // One LISTEN per process, fanned out to the open /api/events streams (docs/architecture.md).
  const realtime = createRealtimeHub(database, logger)
  const storage = createStorage(config.storage)
  app.route('/', apiRoutes(deps, storage, realtime))

  // The session cookie, as routes behind a guard require it (lib/openapi.ts writes each operation's security).
  app.openAPIRegistry.registerComponent('securitySchemes', SESSION_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: auth.session.cookieName,
    description:
      'The HttpOnly session cookie set by POST /api/account/login (or the Google sign-in) and cleared by POST /api/account/logout.',
  })
  const openApiConfig = {
    openapi: '3.1.0',
    info: {
      title: 'Isoko',
      version: '0.1.0',
      description:
        'Marketplace back office API. Sessions are HttpOnly cookies. Every error is { error: { code, messageKey, params?, fields? } }. ' +
        'A state-changing request must come from this origin (a form posted from another site is refused with 403), and a ' +
        'method a path does not have answers 405 with an Allow header.',
    },
    servers: [{ url: config.publicUrl, description: 'This server (PUBLIC_URL)' }],
  }
  // The document is built once, on first request: the route table does not change while the process runs,
  // and building it costs a few hundred milliseconds that a public URL should not let anyone spend at will.
  let openApiDocument: ReturnType<typeof app.getOpenAPI31Document> | undefined
  const apiDocument = () => (openApiDocument ??= app.getOpenAPI31Document(openApiConfig))
  app.get('/api/openapi.json', (c) => c.json(apiDocument()))
  // The reference and its "Try it" forms (system/api-docs.ts): as public as the document it is made from. The forms
  // call this origin's /api paths with the reader's own session, under the same role checks and CSRF rules as the app.
  let docsPage: string | undefined
  app.get('/api/docs', (c) => c.html((docsPage ??= renderApiDocs(apiDocument() as never))))
  app.get(API_DOCS_SCRIPT_PATH, (c) =>
    c.body(apiDocsScript(), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
    }),
  )

  // A path the API has, asked with another method: 405 and the methods it has (RFC 9110); otherwise 404.
  const methodsOf = allowedMethods(() => app.routes)
  app.all('/api/*', (c) => {
    const methods = methodsOf(c.req.path)
    if (methods.length === 0) return respondError(c, new AppError('NOT_FOUND', 'errors.notFound'))
    c.header('Allow', methods.join(', '))
    return respondError(c, new AppError('METHOD_NOT_ALLOWED', 'errors.methodNotAllowed'))
  })

  const webRoot = options.webRoot ?? path.resolve('dist')
  if (existsSync(path.join(webRoot, 'index.html'))) {
    // index.html, listing the files each screen needs so the phone fetches them at once (system/web-pages.ts).
    const webPages = loadWebPages(webRoot)
    // Hashed file names never change content: a year in the browser's cache. (Set after the file is served:
    // serveStatic's onFound runs too late for its headers to reach the response.)
    app.use('/assets/*', async (c, next) => {
      await next()
      if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
    })
    app.use(
      '/assets/*',
      serveStatic({
        root: path.relative(process.cwd(), webRoot),
        // Brotli or gzip copies written at build time (vite.config.ts), chosen by the browser's Accept-Encoding.
        precompressed: true,
      }),
    )
    // Files at the top of dist/ (favicon, logo); a path ending in '/' is a screen, never a directory listing.
    app.use('/:file{[^/]+\\.[a-z0-9]+}', serveStatic({ root: path.relative(process.cwd(), webRoot) }))
    // A missing asset is a 404, never the app's HTML (a browser would refuse it with a MIME error).
    app.get('/assets/*', (c) => c.text('Not found', 404))
    app.get('/:file{[^/]+\\.[a-z0-9]+}', (c) => c.text('Not found', 404))
    // Every other path is a screen of the single-page app; it decides what to show (or its own not-found page).
    app.get('*', (c) => {
      c.header('Cache-Control', 'no-cache')
      // The page lists the chosen language's files (a cookie): a cache must not hand it to another browser.
      c.header('Vary', 'Cookie')
      return c.html(webPages.html(c.req.path, c.req.header('cookie')))
    })
  }

  app.onError((error, c) => {
    if (error instanceof AppError) return respondError(c, error)
    // The CSRF guard's refusal: a forbidden request, not a malformed one.
    if (error instanceof HTTPException && error.status === 403)
      return respondError(c, new AppError('FORBIDDEN', 'errors.forbidden'))
    if (error instanceof HTTPException && error.status < 500) {
      // Malformed JSON and other protocol errors: a clear 4xx in the one error shape.
      const messageKey = /json/i.test(error.message) ? 'errors.invalidJson' : 'errors.badRequest'
      return c.json(errorJson(new AppError('VALIDATION', messageKey)), errorStatus.VALIDATION)
    }
    // Text PostgreSQL cannot store (a byte sequence the schemas did not catch): the request's fault, not ours.
    if (isUnstorableText(error))
      return c.json(errorJson(new AppError('VALIDATION', 'errors.invalidCharacters')), errorStatus.VALIDATION)
    // The database is down, restarting or refusing connections: not the request's fault, nor a bug. Answer
    // 503 so the screen says to try again; the pool opens new connections by itself once the database is back.
    if (isDatabaseUnavailable(error)) {
      ;(c.get('logger') ?? logger).warn({ err: error, path: c.req.path }, 'database unreachable')
      c.header('Retry-After', '5')
      return respondError(c, new AppError('UNAVAILABLE', 'errors.unavailable'))
    }
    ;(c.get('logger') ?? logger).error({ err: error, path: c.req.path }, 'unhandled error')
    return c.json(errorJson(new AppError('INTERNAL', 'errors.internal')), 500)
  })

  const jobs: NodeJS.Timeout[] = []
  const stops: Array<() => Promise<void>> = []
  return {
    app,
    deps,
    /** The process's event fan-out (connected streams: `realtime.size`). */
    realtime,
    /**
     * Starts the periodic jobs of a serving process: the clean-up of files never attached and the mailing of
     * last month's statements (at start, then hourly), and the delivery of queued mail (when a change announces
     * one, and each minute for retries). Not started by tests, which call the jobs themselves.
     */
    startBackgroundJobs() {
      /** `job`, its failure logged as `failure`: a round that fails leaves the timer to try the next one. */
      const logged = (failure: string, job: () => Promise<unknown>) => () =>
        job().catch((error: unknown) => logger.error({ err: error }, failure))
      /** Runs `job` now, then every `intervalMs` (a timer that does not keep the process alive). */
      const repeat = (job: () => Promise<unknown>, intervalMs: number) => {
        void job()
        jobs.push(setInterval(job, intervalMs).unref())
      }
      /** Runs `job` too whenever a change announces work on `channel`; without the LISTEN, the timer alone. */
      const runOnNotify = (channel: string, job: () => Promise<unknown>, otherwise: string) =>
        void database
          .listen(channel, () => void job())
          .then((stop) => stops.push(stop))
          .catch((error: unknown) => logger.warn({ err: error }, otherwise))

      repeat(
        logged('the clean-up of unattached files failed', () =>
          removeUnattachedFiles({ db: database.db, storage, logger }),
        ),
        FILE_CLEANUP_INTERVAL_MS,
      )
      repeat(
        oneRunAtATime(
          logged('the mailing of monthly statements failed', () =>
            mailMonthlyStatements(database.db, { publicUrl: config.publicUrl, timeZone: config.timeZone }),
          ),
        ),
        STATEMENT_MAIL_INTERVAL_MS,
      )
      const deliverMail = oneRunAtATime(
        logged('the delivery of queued mail failed', () => mailer.deliverQueued()),
      )
      repeat(deliverMail, MAIL_RETRY_INTERVAL_MS)
      const deliverSms = oneRunAtATime(
        logged('the delivery of queued SMS failed', () => smsSender.deliverQueued()),
      )
      repeat(deliverSms, MAIL_RETRY_INTERVAL_MS)
      runOnNotify(SMS_CHANNEL, deliverSms, 'sms: not listening; queued SMS go each minute')

      if (payments.providers.names.length > 0) {
        // Money in motion: due transfers each second (and at once when this process releases some), floats
        // every few minutes. Every process runs it; SKIP LOCKED keeps them from taking the same transfer.
        const moveTransfers = oneRunAtATime(
          logged('payments: the transfer worker failed a round', async () => {
            while ((await runDueTransfers(payments)) > 0) {
              // Claimed a full round: there may be more due at once.
            }
            await closeFinishedBatches(database.db)
          }),
        )
        payments.wake = () => void moveTransfers()
        repeat(moveTransfers, TRANSFER_INTERVAL_MS)
        repeat(
          logged('payments: the floats could not be read', () => refreshProviderBalances(payments)),
          FLOAT_INTERVAL_MS,
        )
        // Yesterday's transfers against each provider's statement (or status), once per provider and day.
        repeat(
          oneRunAtATime(
            logged('the daily reconciliation failed', () =>
              runDailyReconciliation(
                { ...payments, timeZone: config.timeZone },
                { fetchStatement: options.payments?.fetchStatement },
              ),
            ),
          ),
          RECONCILIATION_INTERVAL_MS,
        )
      }
      runOnNotify(MAIL_CHANNEL, deliverMail, 'mail: not listening; queued mail goes each minute')
    },
    /** Ends the jobs, the open event streams and the LISTEN (a server cannot finish closing while streams stay open). */
    close: async () => {
      for (const job of jobs.splice(0)) clearInterval(job)
      await Promise.all(stops.splice(0).map((stop) => stop()))
      return realtime.close()
    },
  }
}
