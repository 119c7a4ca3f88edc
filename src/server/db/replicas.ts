import { AsyncLocalStorage } from 'node:async_hooks'
import type pg from 'pg'
import { isDatabaseUnavailable } from './availability'

/**
 * Read replicas (docs/scaling.md): with `DATABASE_REPLICA_URLS` set, the reads a request may serve a little
 * late (a report, an export, the audit log, a search: `mayReadLate`) go to a streaming replica of the primary;
 * every write, every transaction and every other read stays on the primary. Nothing in the services changes:
 * the primary's pool answers a single statement from a replica while the request runs in `readingLate`, and a
 * transaction always takes a connection of its own from the primary.
 *
 * - **Its own writes.** A request that writes reads the primary throughout (it never runs in `readingLate`),
 *   and the app tells the browser to read the primary for a few seconds after (app.ts, READ_OWN_WRITES_SECONDS),
 *   so a report opened right after a change shows it.
 * - **A replica down.** A statement a replica could not answer (refused, lost, shutting down) is run on the
 *   primary at once, and that replica is left out for REPLICA_RETRY_MS before it is tried again: the request
 *   never sees the error.
 * - **A write that reaches a replica** (an export's own audit entry) is refused by PostgreSQL (25006,
 *   read-only transaction) before it changes anything, and is run on the primary; so is a read the standby
 *   cancelled for a conflict with recovery (40001).
 */

/** Set while a request whose reads may come from a replica is answered. */
const lateReads = new AsyncLocalStorage<true>()

/** Runs `answer` with its single-statement reads allowed on a replica. */
export const readingLate = <T>(answer: () => T): T => lateReads.run(true, answer)

/** How long a replica that could not answer is left out before it is tried again. */
export const REPLICA_RETRY_MS = 5_000

/**
 * What a replica may answer that the primary would not: 25006 read_only_sql_transaction (a write refused, nothing
 * changed) and 40001 (on a standby: a statement cancelled by a conflict with recovery).
 */
const REPLICA_ONLY_REFUSALS = new Set(['25006', '40001'])

type Replica = { pool: pg.Pool; downUntil: number }

export type ReplicaRouting = {
  /** How many replicas are configured (0: every statement on the primary). */
  count: number
  close: () => Promise<void>
}

/**
 * Makes `primary.query` answer a statement from a healthy replica (in turn) while the request is reading late.
 * Drizzle runs a statement outside a transaction with `pool.query(config, values)` and a transaction on a client
 * from `pool.connect()`: only the former is routed.
 */
export function routeLateReads(primary: pg.Pool, replicaPools: pg.Pool[]): ReplicaRouting {
  const replicas: Replica[] = replicaPools.map((pool) => ({ pool, downUntil: 0 }))
  let next = 0

  const healthyReplica = (): Replica | undefined => {
    const now = Date.now()
    for (let tried = 0; tried < replicas.length; tried += 1) {
      const replica = replicas[next % replicas.length]!
      next += 1
      if (replica.downUntil <= now) return replica
    }
    return undefined
  }

  if (replicas.length > 0) {
    const onPrimary = primary.query.bind(primary) as (...args: unknown[]) => Promise<unknown>
    const routed = (...args: unknown[]): unknown => {
      // The callback form (not used by Drizzle) and every statement outside a late read: the primary.
      const replica =
        lateReads.getStore() && typeof args[args.length - 1] !== 'function' ? healthyReplica() : undefined
      if (!replica) return onPrimary(...args)
      const onReplica = replica.pool.query.bind(replica.pool) as (...args: unknown[]) => Promise<unknown>
      return onReplica(...args).catch((error: unknown) => {
        const isDown = isDatabaseUnavailable(error)
        const code = (error as { code?: unknown } | null)?.code
        if (!isDown && !REPLICA_ONLY_REFUSALS.has(String(code))) throw error
        if (isDown) replica.downUntil = Date.now() + REPLICA_RETRY_MS
        return onPrimary(...args)
      })
    }
    primary.query = routed as typeof primary.query
  }

  return {
    count: replicas.length,
    async close() {
      await Promise.all(replicas.map((replica) => replica.pool.end().catch(() => {})))
    },
  }
}

/**
 * The reads that may be a little late: read-only requests (GET) for a report or an export, the audit log, and a
 * list searched for a word. Dashboards, menus, conversations and plain lists follow live events and stay on the
 * primary, so what a notification announces is there when the screen asks for it.
 */
export function mayReadLate(method: string, path: string, search: string | undefined): boolean {
  // `search` is the list's `q`.
  if (method !== 'GET') return false
  if (path.startsWith('/api/admin/reports') || path.startsWith('/api/admin/audit-logs')) return true
  if (path.endsWith('/export')) return true
  return Boolean(search?.trim())
}
