import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { markConnectFailure } from './availability'
import { migrateDatabase, MIGRATION_LOCK } from './migrate'
import { routeLateReads, type ReplicaRouting } from './replicas'
import { schema } from './schema'
import type { Db } from './types'

export type { Db, Tx } from './types'

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /**
   * Applies pending migrations, then the running totals' functions (src/server/db/migrate.ts); safe when
   * several processes start at once.
   */
  migrate: (options?: { leaveFunctions?: boolean }) => Promise<void>
  /** Round-trip to the database, for /api/health. */
  ping: () => Promise<void>
  /**
   * LISTENs on `channel` and calls `onPayload` with each notification's payload. PGlite listens on its one
   * connection; PostgreSQL on one dedicated client per process that reconnects with backoff when the
   * connection drops, then calls `onResume` (notifications sent while it was down are lost, so the caller
   * can tell its subscribers to refetch). Resolves once the first attempt is made; returns the unlisten.
   */
  listen: (
    channel: string,
    onPayload: (payload: string) => void,
    onResume?: () => void,
  ) => Promise<() => Promise<void>>
  /** Read replicas for the reads that may be late (replicas.ts); 0 on the embedded database. */
  replicas: Pick<ReplicaRouting, 'count'>
  close: () => Promise<void>
}

// bigint columns: keep money as exact integers (int8 → number is exact below 2^53, far beyond any RWF total).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`

type Listener = { channel: string; onPayload: (payload: string) => void; onResume?: () => void }

/** Reconnect delays of the LISTEN client: doubling from a quarter second up to ten seconds. */
const LISTEN_BACKOFF = { firstMs: 250, maxMs: 10_000 }

/**
 * The one connection a process LISTENs on (a pooled connection cannot: LISTEN belongs to a session). It is
 * opened on the first listen(), re-opened with backoff whenever it drops, and ends with close().
 */
function postgresListener(url: string) {
  const listeners = new Set<Listener>()
  let client: pg.Client | undefined
  let connecting: Promise<void> | undefined
  let retryTimer: NodeJS.Timeout | undefined
  let delay = LISTEN_BACKOFF.firstMs
  let hasDropped = false
  let closed = false

  const channels = () => [...new Set([...listeners].map((listener) => listener.channel))]

  function scheduleReconnect() {
    if (closed || retryTimer) return
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      void connect()
    }, delay)
    retryTimer.unref()
    delay = Math.min(delay * 2, LISTEN_BACKOFF.maxMs)
  }

  function connect(): Promise<void> {
    connecting ??= (async () => {
      const next = new pg.Client({
        connectionString: url,
        application_name: 'isoko-listener',
        keepAlive: true,
      })
      let isLost = false
      const lost = () => {
        if (isLost) return
        isLost = true
        if (client === next) client = undefined
        hasDropped = true
        next.end().catch(() => {})
        scheduleReconnect()
      }
      next.on('error', lost)
      next.on('end', lost)
      next.on('notification', (message) => {
        for (const listener of listeners) {
          if (listener.channel === message.channel) listener.onPayload(message.payload ?? '')
        }
      })
      try {
        await next.connect()
        for (const channel of channels()) await next.query(`listen ${quoteIdentifier(channel)}`)
      } catch {
        lost()
        return
      }
      if (closed) {
        await next.end().catch(() => {})
        return
      }
      client = next
      delay = LISTEN_BACKOFF.firstMs
      if (hasDropped) {
        hasDropped = false
        for (const listener of listeners) listener.onResume?.()
      }
    })().finally(() => {
      connecting = undefined
    })
    return connecting
  }

  return {
    async listen(channel: string, onPayload: (payload: string) => void, onResume?: () => void) {
      const listener = { channel, onPayload, onResume }
      const isNewChannel = !channels().includes(channel)
      listeners.add(listener)
      if (connecting) await connecting
      if (!client) await connect()
      else if (isNewChannel) await client.query(`listen ${quoteIdentifier(channel)}`).catch(() => {})
      return async () => {
        listeners.delete(listener)
        if (client && !channels().includes(channel))
          await client.query(`unlisten ${quoteIdentifier(channel)}`).catch(() => {})
      }
    },
    async close() {
      closed = true
      if (retryTimer) clearTimeout(retryTimer)
      await connecting
      const current = client
      client = undefined
      listeners.clear()
      await current?.end().catch(() => {})
    },
  }
}

/**
 * A pooled connection whose failure to open is marked as such (availability.ts), so a request that could not
 * reach the database answers 503 whatever PostgreSQL said (not accepting connections, no such database, …).
 */
// (Its name must not contain "Pool": drizzle takes a client whose class is named so for a pool and connects it again.)
class TrackedConnection extends pg.Client {
  override connect(): Promise<pg.Client>
  override connect(callback: (error: Error) => void): void
  override connect(callback?: (error: Error) => void): Promise<pg.Client> | void {
    if (!callback) return super.connect().catch((error: unknown) => Promise.reject(markConnectFailure(error)))
    super.connect((error: Error) => callback(error ? markConnectFailure(error) : error))
  }
}

/**
 * How long a request waits for a connection (a free one from the pool, or a new one) before it is answered
 * 503: an unreachable host that drops packets would otherwise hold every request until the client gives up.
 */
const CONNECT_TIMEOUT_MS = 10_000

const openPool = (url: string, poolSize: number) => {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    Client: TrackedConnection,
  })
  // An idle client's error (server restart, a terminated backend) must not crash the process: the pool drops
  // that client, and the next query opens a new connection, so the process recovers once the database is back.
  pool.on('error', () => {})
  return pool
}

/** PostgreSQL at `url`, with the streaming replicas at `replicaUrls` answering the reads that may be late. */
export function openPostgres(url: string, poolSize = 10, replicaUrls: readonly string[] = []): Database {
  const pool = openPool(url, poolSize)
  const replicas = routeLateReads(
    pool,
    replicaUrls.map((replicaUrl) => openPool(replicaUrl, poolSize)),
  )
  const db = drizzlePg(pool, { schema }) as unknown as Db
  const listener = postgresListener(url)
  return {
    db,
    kind: 'postgres',
    async migrate(options) {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
        await migrateDatabase(drizzlePg(client, { schema }) as unknown as Db, options)
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
        client.release()
      }
    },
    async ping() {
      await db.execute(sql`select 1`)
    },
    listen: listener.listen,
    replicas,
    async close() {
      await listener.close()
      await replicas.close()
      await pool.end()
    },
  }
}

/**
 * The types drizzle reads as PostgreSQL's text and converts itself: times, dates, intervals, numeric and their
 * arrays (type ids of pg_type). Drizzle's PGlite driver hands PGlite these parsers with every query, and PGlite
 * then copies its own 300-odd parsers into a new object for each one: about 0.2 ms a query, nearly half of a
 * simple select's time. Given to PGlite once when it opens, they need not travel with each query.
 */
const timesAsText = Object.fromEntries(
  [1082, 1114, 1184, 1186, 1231, 1115, 1185, 1187, 1182].map((type) => [type, (value: string) => value]),
)

type Queries = Pick<PGlite, 'query'>
type QueryOptions = Parameters<PGlite['query']>[2]

const withoutParsers = (options: QueryOptions): QueryOptions =>
  options?.parsers ? { ...options, parsers: undefined } : options

/**
 * The embedded client (or one of its transactions) as drizzle sees it: the same, but each query's own parsers
 * dropped (they are PGlite's already: timesAsText), in its transactions too. Anything else is the client's own.
 */
function withoutQueryParsers<Client extends Queries>(client: Client): Client {
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') {
        return ((text, params, options) =>
          target.query(text, params, withoutParsers(options))) as Queries['query']
      }
      if (key === 'transaction' && 'transaction' in target) {
        const transaction: PGlite['transaction'] = (run) =>
          (target as unknown as PGlite).transaction((tx) => run(withoutQueryParsers(tx)))
        return transaction
      }
      // PGlite keeps its state in private fields: its own methods must run on it, not on this proxy.
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    },
  })
}

/** The embedded database: real PostgreSQL in WebAssembly, in `dataDir` (or in memory when undefined). */
export async function openPglite(dataDir?: string): Promise<Database & { client: PGlite }> {
  // Imported here, not at the top: a server on PostgreSQL never loads the embedded database's code.
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ])
  // Trigram indexes answer the admin searches (migration 0010 creates the extension).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm },
    parsers: timesAsText,
  })
  const db = drizzlePglite(withoutQueryParsers(client), { schema }) as unknown as Db
  return {
    db,
    client,
    kind: 'pglite',
    migrate: (options) => migrateDatabase(db, options),
    async ping() {
      await client.query('select 1')
    },
    // The one connection hears its own NOTIFYs, delivered when the notifying transaction commits.
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload)
      return async () => {
        if (!client.closed) await unlisten()
      }
    },
    replicas: { count: 0 },
    close: () => client.close(),
  }
}

export async function openDatabase(options: {
  databaseUrl?: string
  replicaUrls?: readonly string[]
  dataDir: string
  poolSize?: number
}) {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize, options.replicaUrls)
  return openPglite(path.join(options.dataDir, 'pg'))
}

/** The database of a command run beside the server (admin:create, db:check, backup, restore, demo): one connection. */
export const openCommandDatabase = (config: { databaseUrl?: string; dataDir: string }) =>
  openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 })
