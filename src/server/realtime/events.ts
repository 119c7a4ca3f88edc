import { sql } from 'drizzle-orm'
import type { RealtimeTopic } from '../../shared/schemas/message'
import type { Tx } from '../db/client'

/** The one channel every process LISTENs on (docs/architecture.md). */
export const EVENTS_CHANNEL = 'isoko_events'

/** The channel on which a user's ended sessions are announced (sign-out, password reset): payload, the user's id. */
export const SESSIONS_CHANNEL = 'isoko_sessions'

/**
 * Tells every process that sessions of `userId` ended: their open event streams check their own session again
 * and close when it is gone (a stream of another device of the same user stays). Inside a transaction, sent on
 * commit.
 */
export async function announceSessionsEnded(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${userId})`)
}

/** A committed change, as announced between processes. Only `topic` and `id` ever reach a browser. */
export type ChangeEvent = {
  topic: RealtimeTopic
  /** The vendor whose data changed: that vendor's user (and every admin) is told. */
  vendorId?: string
  /** A user the change concerns (the receiver or sender of a message): that user (and every admin) is told. */
  userId?: string
  /** The changed row, when there is one. */
  id?: string
}

/**
 * Announces a change from inside the caller's transaction: PostgreSQL delivers a NOTIFY only when the
 * transaction commits, so a rolled-back change is never announced. Works on PGlite and PostgreSQL.
 * An event with neither vendorId nor userId reaches admins only.
 */
export async function notify(tx: Tx, event: ChangeEvent): Promise<void> {
  await notifyAll(tx, [event])
}

/** Announces several changes in one statement (an import's shops and products), as `notify` does each. */
export async function notifyAll(tx: Tx, events: ChangeEvent[]): Promise<void> {
  if (events.length === 0) return
  const payloads = events.map((event) => {
    const payload: ChangeEvent = { topic: event.topic }
    if (event.vendorId) payload.vendorId = event.vendorId
    if (event.userId) payload.userId = event.userId
    if (event.id) payload.id = event.id
    return sql`(${JSON.stringify(payload)})`
  })
  await tx.execute(
    sql`select pg_notify(${EVENTS_CHANNEL}, payload) from (values ${sql.join(payloads, sql`, `)}) as events (payload)`,
  )
}
